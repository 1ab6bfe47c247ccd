//! How a stored parameter is written for users, the same in every library (docs/components.md,
//! "Labelled values"): a label before the value (`Flash 512KB`), conditions after it
//! (`10mΩ @ 4.5V`), nothing else (`100nF`).

use units::ParamValue;

/// Whether a parameter's conditions are a label naming which value it is (`Flash`, `RAM`)
/// rather than the conditions it was measured under (`4.5V`, `Vgs=10V`): a label has no digit.
pub fn is_label(conditions: &str) -> bool {
    let conditions = conditions.trim();
    !conditions.is_empty() && !conditions.chars().any(|c| c.is_ascii_digit())
}

/// The one way a parameter is written. Several values of one dimension in one cell are joined
/// with ` · ` by the front end (`Flash 512KB · RAM 256KB`). Search hits are answered from the
/// index with this text stored: changing the rule means bumping each library's index owner version.
pub fn display(value: &ParamValue) -> String {
    match value.conditions.as_deref().map(str::trim) {
        Some(label) if is_label(label) => format!("{label} {}", units::display_value(value)),
        _ => units::display_param(value),
    }
}

#[cfg(test)]
mod tests {
    use units::Dimension;

    use super::*;

    #[test]
    fn labels_go_before_the_value_and_conditions_after_it() {
        let value = |original: &str, typ: f64, dimension, conditions: Option<&str>| ParamValue {
            dimension,
            min: None,
            typ: Some(typ),
            max: None,
            original: original.into(),
            conditions: conditions.map(str::to_owned),
        };
        let flash = value("512KB", 524_288.0, Dimension::DataSize, Some("Flash"));
        assert_eq!(
            display(&flash),
            format!("Flash {}", units::display_value(&flash))
        );
        let rds = value("10mΩ", 0.01, Dimension::Resistance, Some("4.5V"));
        assert_eq!(display(&rds), "10mΩ @ 4.5V");
        let bare = value("100nF", 1e-7, Dimension::Capacitance, None);
        assert_eq!(display(&bare), "100nF");
        assert!(is_label("RAM") && !is_label("Vgs=10V") && !is_label("  "));
    }
}
