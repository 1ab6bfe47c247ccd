//! Parameters with units from a component's description, through `backends/units` (how they are
//! written for users is the kit's: `catalog::item::display`).

use units::Dimension;

use crate::model::Parameter;

/// The memory a data size is of, by the word written after it (`512KB flash`, `1kB SRAM`), as
/// the label the portal shows; SRAM is the microcontroller's RAM, as alloy-devices names it.
const MEMORY_LABELS: [(&str, &str); 8] = [
    ("flash", "Flash"),
    ("ram", "RAM"),
    ("sram", "RAM"),
    ("eeprom", "EEPROM"),
    ("rom", "ROM"),
    ("otp", "OTP"),
    ("psram", "PSRAM"),
    ("fram", "FRAM"),
];

/// The label of the memory word that starts `rest`, if any.
fn memory_label(rest: &str) -> Option<String> {
    let word: String = rest
        .trim_start()
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect();
    let word = word.to_ascii_lowercase();
    MEMORY_LABELS
        .iter()
        .find(|(written, _)| *written == word)
        .map(|(_, label)| (*label).to_owned())
}

/// Every value with a unit `units::extract_params` finds, in the order written. A data size
/// followed by a memory word (`16kB Flash, 1kB SRAM`) is labelled with it (`Flash`, `RAM`).
pub fn parameters_of(description: &str) -> Vec<Parameter> {
    let mut cursor = 0;
    units::extract_params(description)
        .into_iter()
        .map(|(dimension, value)| {
            let mut label = None;
            if let Some(at) = description[cursor..].find(value.original.as_str()) {
                cursor += at + value.original.len();
                if dimension == Dimension::DataSize {
                    label = memory_label(&description[cursor..]);
                }
            }
            Parameter {
                dimension: dimension.as_str().to_owned(),
                min: value.min,
                typ: value.typ,
                max: value.max,
                original: value.original,
                conditions: value.conditions.or(label),
            }
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

    #[test]
    fn memory_sizes_take_the_label_written_after_them() {
        // MCU_Microchip_ATmega and MCU_ST_STM32F4 descriptions (KiCad 6.0, verbatim).
        let atmega = parameters_of("16MHz, 128kB Flash, 4kB SRAM, 4kB EEPROM, JTAG, TQFP-64");
        let labels: Vec<(&str, Option<&str>)> = atmega
            .iter()
            .filter(|p| p.dimension == "data_size")
            .map(|p| (p.original.as_str(), p.conditions.as_deref()))
            .collect();
        assert_eq!(
            labels,
            [
                ("128kB", Some("Flash")),
                ("4kB", Some("RAM")),
                ("4kB", Some("EEPROM"))
            ],
            "{atmega:?}"
        );
        // A size without a memory word after it stays unlabelled; other values are not labelled.
        let plain = parameters_of("Serial memory, 512KB, 3.3V");
        assert!(plain.iter().all(|p| p.conditions.is_none()), "{plain:?}");
    }
}
