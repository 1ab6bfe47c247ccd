//! Parameters with units from a component's description, through `backends/units`.

use crate::model::Parameter;

/// Every value with a unit `units::extract_params` finds, in the order written.
pub fn parameters_of(description: &str) -> Vec<Parameter> {
    units::extract_params(description)
        .into_iter()
        .map(|(dimension, value)| Parameter {
            dimension: dimension.as_str().to_owned(),
            min: value.min,
            typ: value.typ,
            max: value.max,
            original: value.original,
            conditions: value.conditions,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    type Found = (String, Option<f64>, Option<f64>, Option<f64>);

    fn summary(description: &str) -> Vec<Found> {
        parameters_of(description)
            .into_iter()
            .map(|p| (p.dimension, p.min, p.typ, p.max))
            .collect()
    }

    #[test]
    fn real_kicad_descriptions_give_their_values_in_si() {
        // Transistor_FET:BSS123 and friends (KiCad 6.0 descriptions, verbatim).
        let found = summary("0.2A Id, 200V Vds, N-Channel MOSFET, 2.6V Logic Level, TO-92");
        let dimensions: Vec<&str> = found.iter().map(|f| f.0.as_str()).collect();
        assert_eq!(dimensions, ["current", "voltage", "voltage"]);
        assert_eq!(found[0].2, Some(0.2));
        assert_eq!(found[1].2, Some(200.0));
        let negative = summary("P-Channel MOSFET, -85A Id, -20V Vds, DFN-8");
        assert_eq!(negative[0].2, Some(-85.0));
        assert_eq!(negative[1].2, Some(-20.0));
        let capacitance = summary("Unpolarized capacitor, 100nF, 50V");
        assert_eq!(capacitance[0].0, "capacitance");
        assert!((capacitance[0].2.unwrap() - 1e-7).abs() < 1e-18);
    }

    #[test]
    fn bare_numbers_and_part_numbers_are_not_parameters() {
        assert!(summary("Dual Operational Amplifier, DIP-8/SOIC-8/TO-99-8").is_empty());
        assert!(summary("8-bit shift register, 74HC595").is_empty());
    }
}
