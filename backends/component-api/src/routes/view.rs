//! What the component routes answer, and the helpers they share (paging, ids, lookups).

use std::str::FromStr;

use catalog::{
    model::{ancestors_of, CategoryCrumb, CategoryRecord},
    store::CategoryStore,
};
use kernel::{ApiError, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    model::{ComponentRecord, FileInfo, FileKind, Parameter},
    ComponentState, COMPONENT_NOT_FOUND,
};

pub use kernel::paging::{PageResult, Paging, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX};

/// A component id from a path: a positive integer.
pub fn parse_id(raw: &str) -> ApiResult<i64> {
    raw.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::bad_request(format!("id 必须为正整数: {}", truncate(raw, 40))))
}

/// At most `max` characters of `text` (for echoing bad input in messages).
pub fn truncate(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

/// A component in lists.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComponentSummary {
    pub id: i64,
    pub part_number: String,
    pub name: String,
    pub manufacturer_id: Option<i64>,
    pub manufacturer_name: Option<String>,
    pub category_code: Option<String>,
    pub description: String,
    pub package: Option<String>,
    pub footprint_ref: Option<String>,
    pub pin_count: i32,
    pub lifecycle: Option<String>,
}

impl From<&ComponentRecord> for ComponentSummary {
    fn from(record: &ComponentRecord) -> Self {
        Self {
            id: record.id,
            part_number: record.part_number.clone(),
            name: record.name.clone(),
            manufacturer_id: record.manufacturer_id,
            manufacturer_name: record.manufacturer_name.clone(),
            category_code: record.category_code.clone(),
            description: record.description.clone(),
            package: record.package.clone(),
            footprint_ref: record.footprint_ref.clone(),
            pin_count: record.pin_count,
            lifecycle: record.lifecycle.clone(),
        }
    }
}

/// A parameter with its dimension's names, canonical unit and display text.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParameterView {
    pub dimension: String,
    /// Chinese name of the dimension (电压).
    pub name: String,
    pub name_en: String,
    /// Canonical unit of min/typ/max (`V`, `F`, `°C`).
    pub unit: String,
    pub min: Option<f64>,
    pub typ: Option<f64>,
    pub max: Option<f64>,
    /// The value written the one canonical way: a label before it (`Flash 512KB`), conditions
    /// after it (`10mΩ @ 4.5V`), else the value alone (`-40°C~85°C`); `import::params::display`.
    pub display: String,
    /// The same without the conditions (`10mΩ`), for tables that show them in a column.
    pub value: String,
    pub original: String,
    pub conditions: Option<String>,
    /// The conditions when they name which value this is (`Flash`, `RAM`) rather than how it
    /// was measured: shown before the value (`import::params::is_label`).
    pub label: Option<String>,
}

impl From<&Parameter> for ParameterView {
    fn from(parameter: &Parameter) -> Self {
        match units::Dimension::from_str(&parameter.dimension) {
            Ok(dimension) => {
                let value = units::ParamValue {
                    dimension,
                    min: parameter.min,
                    typ: parameter.typ,
                    max: parameter.max,
                    original: parameter.original.clone(),
                    conditions: parameter.conditions.clone(),
                };
                Self {
                    dimension: parameter.dimension.clone(),
                    name: dimension.name_zh().to_owned(),
                    name_en: dimension.name_en().to_owned(),
                    unit: dimension.canonical_unit().to_owned(),
                    min: parameter.min,
                    typ: parameter.typ,
                    max: parameter.max,
                    display: crate::import::params::display(&value),
                    value: units::display_value(&value),
                    original: parameter.original.clone(),
                    conditions: parameter.conditions.clone(),
                    label: label_of(parameter),
                }
            }
            // A dimension this build does not know: show the source text.
            Err(_) => Self {
                dimension: parameter.dimension.clone(),
                name: parameter.dimension.clone(),
                name_en: parameter.dimension.clone(),
                unit: String::new(),
                min: parameter.min,
                typ: parameter.typ,
                max: parameter.max,
                display: parameter.original.clone(),
                value: parameter.original.clone(),
                original: parameter.original.clone(),
                conditions: parameter.conditions.clone(),
                label: label_of(parameter),
            },
        }
    }
}

fn label_of(parameter: &Parameter) -> Option<String> {
    parameter
        .conditions
        .as_deref()
        .map(str::trim)
        .filter(|conditions| crate::import::params::is_label(conditions))
        .map(str::to_owned)
}

/// A downloadable file of a component with its URL.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileView {
    #[serde(flatten)]
    pub file: FileInfo,
    pub url: String,
}

pub fn download_url(id: i64, kind: FileKind) -> String {
    format!(
        "{}/item/{id}/download/{}",
        crate::LIBRARY.api_base(),
        kind.as_str()
    )
}

/// The categories from the root down to `category_id`, itself included.
pub fn category_path(records: &[CategoryRecord], category_id: Option<i64>) -> Vec<CategoryCrumb> {
    let Some(record) = category_id.and_then(|id| records.iter().find(|r| r.id == id)) else {
        return Vec::new();
    };
    let mut path = ancestors_of(records, record);
    path.push(CategoryCrumb::from(record));
    path
}

/// The component or the library's 元器件不存在 answer.
pub async fn load_component(state: &ComponentState, id: i64) -> ApiResult<ComponentRecord> {
    state
        .store
        .get(id)
        .await?
        .ok_or_else(|| ApiError::new(COMPONENT_NOT_FOUND))
}

/// Every category record (the tree is small).
pub async fn categories(state: &ComponentState) -> ApiResult<Vec<CategoryRecord>> {
    Ok(state.categories.list().await?)
}

/// A manufacturer with the number of components the library holds of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ManufacturerSummary {
    pub id: i64,
    pub name: String,
    pub website: Option<String>,
    pub component_count: i64,
    /// The Chinese name of the manufacturer glossary (`search::manufacturer_name_zh`), filled by the
    /// routes; not stored.
    #[serde(default)]
    pub name_zh: Option<String>,
}

impl From<catalog::item::model::ManufacturerSummary> for ManufacturerSummary {
    fn from(manufacturer: catalog::item::model::ManufacturerSummary) -> Self {
        Self {
            id: manufacturer.id,
            name: manufacturer.name,
            website: manufacturer.website,
            component_count: manufacturer.item_count,
            name_zh: None,
        }
    }
}

/// A manufacturer with its components (manufacturer detail).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ManufacturerDetail {
    pub manufacturer: ManufacturerSummary,
    pub components: PageResult<ComponentSummary>,
}
