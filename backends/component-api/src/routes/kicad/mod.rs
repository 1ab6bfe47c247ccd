//! KiCad HTTP library API v1 (docs/components.md, /work/shared/research/kicad-http-library.md):
//! `{root_url}/v1/`, `categories.json`, `parts/category/{id}.json`, `parts/{id}.json`.
//! Every scalar is a string, category listings carry each part's full `fields` (KiCad then
//! skips the per-part call), and part names are unique across the library.

pub mod categories;
pub mod category_parts;
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
    let name = if repeated.contains(&component.part_number) {
        let library = component
            .source_id
            .split_once(':')
            .map_or(component.source.as_str(), |(library, _)| library);
        format!("{}_{library}", component.part_number)
    } else {
        component.part_number.clone()
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
    let mut fields = Map::new();
    fields.insert(
        "footprint".into(),
        field(
            component.footprint_ref.as_deref().unwrap_or_default(),
            false,
        ),
    );
    fields.insert(
        "datasheet".into(),
        field(component.datasheet.as_deref().unwrap_or_default(), false),
    );
    fields.insert(
        "value".into(),
        field(
            component.value.as_deref().unwrap_or(&component.part_number),
            true,
        ),
    );
    fields.insert(
        "reference".into(),
        field(component.reference_prefix.as_deref().unwrap_or("U"), true),
    );
    fields.insert("description".into(), field(&component.description, false));
    fields.insert("keywords".into(), field(&component.keywords, false));
    fields.insert("MPN".into(), field(&component.part_number, false));
    if let Some(manufacturer) = &component.manufacturer_name {
        fields.insert("Manufacturer".into(), field(manufacturer, false));
    }
    if let Some(package) = &component.package {
        fields.insert("Package".into(), field(package, false));
    }
    if let Some(lifecycle) = &component.lifecycle {
        fields.insert("Lifecycle".into(), field(lifecycle, false));
    }
    fields.insert("Portal ID".into(), field(&component.id.to_string(), false));
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
        "id": component.id.to_string(),
        "name": part_name(component, repeated),
        "description": component.description,
        "keywords": component.keywords,
        "symbolIdStr": component.symbol_ref.as_deref().unwrap_or(&component.source_id),
        "exclude_from_bom": kicad_bool(false),
        "exclude_from_board": kicad_bool(false),
        "exclude_from_sim": kicad_bool(false),
        "fields": Value::Object(fields),
    })
}
