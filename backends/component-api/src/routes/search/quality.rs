//! How complete a component's record is, for the search ranking (docs/components.md,
//! "Ranking"): a part with values, a package, drawings and a maker ranks ahead of a bare generic
//! symbol (`Device:C`, `C_Small`, `C_Trim`) that states none of them.

use crate::store::ComponentDocument;

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
pub fn quality_of(component: &ComponentDocument) -> f32 {
    let mut quality = 0.0;
    if !component.parameters.is_empty() {
        quality += VALUES;
    }
    if stated(component.extension.package.as_deref()) {
        quality += PACKAGE;
    }
    if stated(component.extension.footprint_ref.as_deref()) {
        quality += FOOTPRINT;
    }
    if stated(component.item.manufacturer_name.as_deref()) {
        quality += MANUFACTURER;
    }
    f32::min(quality, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::model::Parameter;
    use crate::store::KicadRow;

    fn bare(part_number: &str) -> ComponentDocument {
        ComponentDocument {
            item: catalog::item::model::ItemRecord {
                category_code: Some("capacitor".into()),
                description: "Unpolarized capacitor".into(),
                keywords: "cap capacitor".into(),
                ..catalog::testing::item_record(
                    1,
                    "kicad",
                    &format!("Device:{part_number}"),
                    part_number,
                )
            },
            parameters: Vec::new(),
            extension: KicadRow {
                symbol_ref: Some(format!("Device:{part_number}")),
                reference_prefix: Some("C".into()),
                value: Some(part_number.into()),
                pin_count: 2,
                unit_count: 1,
                ..KicadRow::missing(1)
            },
        }
    }

    #[test]
    fn a_bare_symbol_is_zero_and_a_complete_part_one() {
        assert_eq!(quality_of(&bare("C_Trim")), 0.0);
        let capacitance = Parameter {
            dimension: "capacitance".into(),
            min: None,
            typ: Some(1e-7),
            max: None,
            original: "100nF".into(),
            conditions: None,
        };
        let mut part = bare("C0603-100nF-50V");
        part.extension.package = Some("0603".into());
        part.extension.footprint_ref = Some("Capacitor_SMD:C_0603_1608Metric".into());
        part.parameters = vec![capacitance];
        let generic = quality_of(&part);
        assert!(generic > 0.8 && generic < 1.0, "{generic}");
        part.item.manufacturer_name = Some("Murata".into());
        assert_eq!(quality_of(&part), 1.0);
        part.extension.package = Some("  ".into());
        part.parameters.clear();
        assert!(quality_of(&part) < generic);
    }
}
