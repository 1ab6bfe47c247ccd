//! Writing quantities back as text: engineering prefixes, six significant digits, μ for micro.

use crate::{approx_eq, Dimension, ParamValue, Quantity};

/// Significant digits written; parsing the output gives the value back within 5e-6 relative.
const SIGNIFICANT_DIGITS: i32 = 6;

fn decimal_prefix(exponent: i32) -> &'static str {
    match exponent {
        -15 => "f",
        -12 => "p",
        -9 => "n",
        -6 => "μ",
        -3 => "m",
        3 => "k",
        6 => "M",
        9 => "G",
        12 => "T",
        _ => "",
    }
}

fn binary_prefix(steps: i32) -> &'static str {
    match steps {
        1 => "K",
        2 => "M",
        3 => "G",
        4 => "T",
        _ => "",
    }
}

/// `mantissa` with up to six significant digits, trailing zeros removed; scientific notation for
/// magnitudes that would need very long decimals.
fn format_number(mantissa: f64) -> String {
    if mantissa == 0.0 {
        return "0".to_string();
    }
    let magnitude = mantissa.abs();
    if !(1e-4..1e15).contains(&magnitude) {
        let text = format!("{:.*e}", (SIGNIFICANT_DIGITS - 1) as usize, mantissa);
        return match text.split_once('e') {
            Some((digits, exponent)) => format!("{}e{exponent}", trim_zeros(digits)),
            None => text,
        };
    }
    let leading = magnitude.log10().floor() as i32;
    let decimals = (SIGNIFICANT_DIGITS - 1 - leading).max(0) as usize;
    let text = trim_zeros(&format!("{mantissa:.decimals$}"));
    if text == "-0" {
        "0".to_string()
    } else {
        text
    }
}

fn trim_zeros(text: &str) -> String {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text.to_string()
    }
}

/// Whether the number written for `mantissa` reaches the next prefix step (999.9999996 → "1000").
fn rounds_to_step(mantissa: f64, step: f64) -> bool {
    format_number(mantissa)
        .parse::<f64>()
        .is_ok_and(|written| written.abs() >= step)
}

/// The canonical text of a quantity: `1e-5` F → `10μF`, `4700` Ω → `4.7kΩ`, `-40` °C → `-40°C`,
/// `0.05` → `5%`. Parsing the text gives the quantity back (same dimension, value within 5e-6
/// relative), which the property tests check.
pub fn canonical_display(quantity: Quantity) -> String {
    let rule = quantity.dimension.display_rule();
    let value = quantity.value / rule.unit_value;
    let Some((lowest, highest)) = rule.prefix_exponents else {
        return format!("{}{}", format_number(value), rule.symbol);
    };
    if quantity.dimension == Dimension::DataSize {
        let (lowest, highest) = (lowest / 3, highest / 3);
        let mut steps = if value == 0.0 {
            0
        } else {
            (value.abs().log2() / 10.0).floor() as i32
        }
        .clamp(lowest, highest);
        let mut mantissa = value / 1024f64.powi(steps);
        if steps < highest && rounds_to_step(mantissa, 1024.0) {
            steps += 1;
            mantissa = value / 1024f64.powi(steps);
        }
        return format!(
            "{}{}{}",
            format_number(mantissa),
            binary_prefix(steps),
            rule.symbol
        );
    }
    let mut exponent = if value == 0.0 {
        0
    } else {
        (value.abs().log10() / 3.0).floor() as i32 * 3
    }
    .clamp(lowest, highest);
    let mut mantissa = value / 10f64.powi(exponent);
    if exponent < highest && rounds_to_step(mantissa, 1000.0) {
        exponent += 3;
        mantissa = value / 10f64.powi(exponent);
    }
    format!(
        "{}{}{}",
        format_number(mantissa),
        decimal_prefix(exponent),
        rule.symbol
    )
}

/// A parameter written back: `4.7kΩ`, `-40°C~85°C`, `±5%`, `5V (4.75V~5.25V)`, `≤ 3.6V`, with
/// ` @ conditions` when present.
pub fn display_param(param: &ParamValue) -> String {
    let mut text = display_value(param);
    if let Some(conditions) = &param.conditions {
        text.push_str(" @ ");
        text.push_str(conditions);
    }
    text
}

/// The value of a parameter written back without its conditions, for tables that show the
/// conditions apart.
pub fn display_value(param: &ParamValue) -> String {
    let show = |value: f64| {
        canonical_display(Quantity {
            dimension: param.dimension,
            value,
        })
    };
    match (param.min, param.typ, param.max) {
        (Some(min), None, Some(max)) if min < 0.0 && approx_eq(-min, max) => {
            format!("±{}", show(max))
        }
        (Some(min), None, Some(max)) => format!("{}~{}", show(min), show(max)),
        (Some(min), Some(typ), Some(max)) => {
            format!("{} ({}~{})", show(typ), show(min), show(max))
        }
        (None, Some(typ), None) => show(typ),
        (Some(min), typ, None) => match typ {
            Some(typ) => format!("{} (≥{})", show(typ), show(min)),
            None => format!("≥{}", show(min)),
        },
        (None, typ, Some(max)) => match typ {
            Some(typ) => format!("{} (≤{})", show(typ), show(max)),
            None => format!("≤{}", show(max)),
        },
        (None, None, None) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(dimension: Dimension, value: f64) -> String {
        canonical_display(Quantity { dimension, value })
    }

    #[test]
    fn engineering_prefixes() {
        assert_eq!(shown(Dimension::Capacitance, 1e-5), "10μF");
        assert_eq!(shown(Dimension::Capacitance, 1e-7), "100nF");
        assert_eq!(shown(Dimension::Resistance, 4700.0), "4.7kΩ");
        assert_eq!(shown(Dimension::Resistance, 0.01), "10mΩ");
        assert_eq!(shown(Dimension::Resistance, 2.2e6), "2.2MΩ");
        assert_eq!(shown(Dimension::Frequency, 16e6), "16MHz");
        assert_eq!(shown(Dimension::Power, 0.25), "250mW");
        assert_eq!(shown(Dimension::Length, 0.02), "20mm");
        assert_eq!(shown(Dimension::Mass, 1.5), "1.5kg");
        assert_eq!(shown(Dimension::Mass, 0.005), "5g");
        assert_eq!(shown(Dimension::Voltage, 0.0), "0V");
    }

    #[test]
    fn units_without_prefixes() {
        assert_eq!(shown(Dimension::Temperature, -40.0), "-40°C");
        assert_eq!(shown(Dimension::Ratio, 0.05), "5%");
        assert_eq!(shown(Dimension::Angle, std::f64::consts::FRAC_PI_2), "90°");
        assert_eq!(shown(Dimension::Density, 7850.0), "7850kg/m³");
        assert_eq!(shown(Dimension::TemperatureCoefficient, 5e-5), "50ppm/°C");
    }

    #[test]
    fn folded_prefixes_are_never_written() {
        assert_eq!(shown(Dimension::Capacitance, 1e7), "10000000F");
        assert_eq!(shown(Dimension::Frequency, 0.5), "0.5Hz");
        assert_eq!(shown(Dimension::Charge, 5.0), "5000mC");
        assert_eq!(shown(Dimension::Dimensionless, 0.001), "0.001");
    }

    #[test]
    fn rounding_moves_to_the_next_prefix() {
        assert_eq!(shown(Dimension::Resistance, 999.999_999_6), "1kΩ");
        assert_eq!(shown(Dimension::DataSize, 65_536.0), "64KB");
        assert_eq!(shown(Dimension::DataSize, 1_048_575.999_999), "1MB");
    }

    #[test]
    fn extreme_magnitudes_use_exponents() {
        assert_eq!(shown(Dimension::Capacitance, 1.5e-300), "1.5e-285fF");
        assert_eq!(shown(Dimension::Temperature, 1e20), "1e20°C");
    }

    #[test]
    fn params() {
        let base = ParamValue {
            dimension: Dimension::Temperature,
            min: Some(-40.0),
            typ: None,
            max: Some(85.0),
            original: String::new(),
            conditions: None,
        };
        assert_eq!(display_param(&base), "-40°C~85°C");
        let tolerance = ParamValue {
            dimension: Dimension::Ratio,
            min: Some(-0.05),
            max: Some(0.05),
            ..base.clone()
        };
        assert_eq!(display_param(&tolerance), "±5%");
        let with_conditions = ParamValue {
            dimension: Dimension::Resistance,
            min: None,
            typ: Some(0.01),
            max: None,
            conditions: Some("4.5V".into()),
            ..base
        };
        assert_eq!(display_param(&with_conditions), "10mΩ @ 4.5V");
        assert_eq!(display_value(&with_conditions), "10mΩ");
    }
}
