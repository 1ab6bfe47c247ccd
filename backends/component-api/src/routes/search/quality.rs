//! How complete a component's record is, for the search ranking (docs/components.md,
//! "Ranking"): a part with values, a package, drawings and a maker ranks ahead of a bare generic
//! symbol (`Device:C`, `C_Small`, `C_Trim`) that states none of them.

use crate::model::{ComponentRecord, Parameter};

/// Weight of stated values (parameters read from the record: `100nF`, `50V`).
const VALUES: f32 = 0.4;
/// Weight of a package (`0603`, `SOIC-8`).
const PACKAGE: f32 = 0.25;
/// Weight of a footprint: the footprint drawing and the 3D model it names.
const FOOTPRINT: f32 = 0.2;
/// Weight of a known manufacturer.
const MANUFACTURER: f32 = 0.15;

fn stated(text: Option<&str>) -> bool {
    text.is_some_and(|t| !t.trim().is_empty())
}

/// 0 (a bare symbol) to 1 (values, package, footprint and manufacturer all stated). Stored in the
/// index: changing the weights means bumping `index::INDEX_OWNER_VERSION`.
pub fn quality_of(component: &ComponentRecord, parameters: &[Parameter]) -> f32 {
    let mut quality = 0.0;
    if !parameters.is_empty() {
        quality += VALUES;
    }
    if stated(component.package.as_deref()) {
        quality += PACKAGE;
    }
    if stated(component.footprint_ref.as_deref()) {
        quality += FOOTPRINT;
    }
    if stated(component.manufacturer_name.as_deref()) {
        quality += MANUFACTURER;
    }
    f32::min(quality, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(part_number: &str) -> ComponentRecord {
        ComponentRecord {
            id: 1,
            source: "kicad".into(),
            source_id: format!("Device:{part_number}"),
            part_number: part_number.into(),
            name: part_number.into(),
            manufacturer_id: None,
            manufacturer_name: None,
            manufacturer_method: None,
            category_id: None,
            category_code: Some("capacitor".into()),
            category_method: None,
            description: "Unpolarized capacitor".into(),
            keywords: "cap capacitor".into(),
            datasheet: None,
            symbol_ref: Some(format!("Device:{part_number}")),
            footprint_ref: None,
            footprint_filters: "[]".into(),
            reference_prefix: Some("C".into()),
            value: Some(part_number.into()),
            pin_count: 2,
            unit_count: 1,
            package: None,
            lifecycle: None,
            license: String::new(),
            updated_at: chrono::Utc::now(),
        }
    }

    #[test]
    fn a_bare_symbol_is_zero_and_a_complete_part_one() {
        let bare = record("C_Trim");
        assert_eq!(quality_of(&bare, &[]), 0.0);
        let capacitance = Parameter {
            dimension: "capacitance".into(),
            min: None,
            typ: Some(1e-7),
            max: None,
            original: "100nF".into(),
            conditions: None,
        };
        let mut part = record("C0603-100nF-50V");
        part.package = Some("0603".into());
        part.footprint_ref = Some("Capacitor_SMD:C_0603_1608Metric".into());
        let generic = quality_of(&part, std::slice::from_ref(&capacitance));
        assert!(generic > 0.8 && generic < 1.0, "{generic}");
        part.manufacturer_name = Some("Murata".into());
        assert_eq!(quality_of(&part, &[capacitance]), 1.0);
        part.package = Some("  ".into());
        assert!(quality_of(&part, &[]) < generic);
    }
}
