//! KiCad HTTP library API v1 (docs/components.md, /work/shared/research/kicad-http-library.md):
//! `{root_url}/v1/`, `categories.json`, `parts/category/{id}.json`, `parts/{id}.json`.
//! Every scalar is a string, category listings carry each part's full `fields` (KiCad then
//! skips the per-part call), and part names are unique across the library.

pub mod categories;
pub mod category_parts;
pub mod httplib;
pub mod part;
pub mod root;

use std::collections::HashSet;

use catalog::model::CategoryRecord;
use serde_json::{json, Map, Value};

use crate::{
    model::{ComponentRecord, Parameter},
    routes::view::ParameterView,
};

/// KiCad's booleans are the strings "True"/"False".
fn kicad_bool(value: bool) -> &'static str {
    if value {
        "True"
    } else {
        "False"
    }
}

/// A field object: `{"value": "…", "visible": "True|False"}`.
fn field(value: &str, visible: bool) -> Value {
    json!({ "value": value, "visible": kicad_bool(visible) })
}

/// The name KiCad lists a part under: its part number, or `<part>_<library>` when another
/// component shares the part number (KiCad looks parts up by name). `:` and `/` separate
/// library ids in KiCad, so they never appear in a name.
pub fn part_name(component: &ComponentRecord, repeated: &HashSet<String>) -> String {
    let item = &component.item;
    let name = if repeated.contains(&item.code) {
        let library = item
            .source_id
            .split_once(':')
            .map_or(item.source.as_str(), |(library, _)| library);
        format!("{}_{library}", item.code)
    } else {
        item.code.clone()
    };
    name.replace([':', '/'], "_")
}

/// The category's names from the root down (`电阻/贴片电阻`, `Resistors/Chip Resistors`).
pub fn category_names(records: &[CategoryRecord], record: &CategoryRecord) -> (String, String) {
    let mut path = catalog::model::ancestors_of(records, record);
    path.push(catalog::model::CategoryCrumb::from(record));
    (
        path.iter()
            .map(|c| c.name.as_str())
            .collect::<Vec<_>>()
            .join("/"),
        path.iter()
            .map(|c| c.name_en.as_str())
            .collect::<Vec<_>>()
            .join("/"),
    )
}

/// The full part object of `parts/{id}.json` (also each entry of a category listing).
pub fn part_json(
    component: &ComponentRecord,
    parameters: &[Parameter],
    repeated: &HashSet<String>,
) -> Value {
    let (item, kicad) = (&component.item, &component.kicad);
    let mut fields = Map::new();
    fields.insert(
        "footprint".into(),
        field(kicad.footprint_ref.as_deref().unwrap_or_default(), false),
    );
    fields.insert(
        "datasheet".into(),
        field(item.document_url.as_deref().unwrap_or_default(), false),
    );
    fields.insert(
        "value".into(),
        field(kicad.value.as_deref().unwrap_or(&item.code), true),
    );
    fields.insert(
        "reference".into(),
        field(kicad.reference_prefix.as_deref().unwrap_or("U"), true),
    );
    fields.insert("description".into(), field(&item.description, false));
    fields.insert("keywords".into(), field(&item.keywords, false));
    fields.insert("MPN".into(), field(&item.code, false));
    if let Some(manufacturer) = &item.manufacturer_name {
        fields.insert("Manufacturer".into(), field(manufacturer, false));
    }
    if let Some(package) = &kicad.package {
        fields.insert("Package".into(), field(package, false));
    }
    if let Some(lifecycle) = &item.lifecycle {
        fields.insert("Lifecycle".into(), field(lifecycle, false));
    }
    fields.insert("Portal ID".into(), field(&item.id.to_string(), false));
    // One user field per parameter dimension (several values of one dimension joined).
    for parameter in parameters {
        let view = ParameterView::from(parameter);
        let key = view.name_en.clone();
        match fields.get_mut(&key) {
            Some(Value::Object(existing)) => {
                let joined = format!(
                    "{}; {}",
                    existing
                        .get("value")
                        .and_then(Value::as_str)
                        .unwrap_or_default(),
                    view.display
                );
                existing.insert("value".into(), Value::String(joined));
            }
            _ => {
                fields.insert(key, field(&view.display, false));
            }
        }
    }
    json!({
        "id": item.id.to_string(),
        "name": part_name(component, repeated),
        "description": item.description,
        "keywords": item.keywords,
        "symbolIdStr": kicad.symbol_ref.as_deref().unwrap_or(&item.source_id),
        "exclude_from_bom": kicad_bool(false),
        "exclude_from_board": kicad_bool(false),
        "exclude_from_sim": kicad_bool(false),
        "fields": Value::Object(fields),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: i64, source_id: &str, part_number: &str) -> ComponentRecord {
        ComponentRecord {
            item: catalog::testing::item_record(id, "kicad", source_id, part_number),
            kicad: crate::store::KicadRow {
                symbol_ref: Some(source_id.into()),
                unit_count: 1,
                ..crate::store::KicadRow::missing(id)
            },
        }
    }

    #[test]
    fn repeated_part_numbers_get_their_library_and_names_never_hold_separators() {
        let repeated = HashSet::from(["LM358".to_owned()]);
        let a = record(1, "Amplifier_Operational:LM358", "LM358");
        let b = record(2, "Amplifier_Operational_Extra:LM358", "LM358");
        let c = record(3, "Device:R/US", "R/US");
        assert_eq!(part_name(&a, &repeated), "LM358_Amplifier_Operational");
        assert_eq!(
            part_name(&b, &repeated),
            "LM358_Amplifier_Operational_Extra"
        );
        assert_ne!(part_name(&a, &repeated), part_name(&b, &repeated));
        assert_eq!(part_name(&c, &repeated), "R_US");
    }

    #[test]
    fn every_value_of_a_part_is_a_string() {
        let mut component = record(7, "Device:R", "R");
        component.item.lifecycle = Some("obsolete".into());
        let parameters = vec![
            Parameter {
                dimension: "voltage".into(),
                min: None,
                typ: Some(5.0),
                max: None,
                original: "5V".into(),
                conditions: None,
            },
            Parameter {
                dimension: "voltage".into(),
                min: None,
                typ: Some(3.3),
                max: None,
                original: "3.3V".into(),
                conditions: None,
            },
        ];
        let part = part_json(&component, &parameters, &HashSet::new());
        assert_eq!(part["id"], "7");
        assert_eq!(part["fields"]["Voltage"]["value"], "5V; 3.3V");
        assert_eq!(part["fields"]["Lifecycle"]["value"], "obsolete");
        for (key, value) in part.as_object().unwrap() {
            if key == "fields" {
                for (name, field) in value.as_object().unwrap() {
                    for (attribute, text) in field.as_object().unwrap() {
                        assert!(text.is_string(), "{name}.{attribute}");
                    }
                }
            } else {
                assert!(value.is_string(), "{key}");
            }
        }
    }
}
