//! What the kit's item routes answer, and the helpers they share (ids, lookups, the state).
//!
//! The wire format is the components library's (docs/components.md), the same in every library:
//! `partNumber`, `manufacturerName`, `componentCount`, the item under `component` in the detail.
//! What a library adds ([`ItemLibrary`]'s extras) is flattened into three objects: an item in
//! lists ([`ItemSummary`]), the detail's item record ([`ItemRecordView`]) and the detail itself
//! ([`DetailExtrasView`]). Those three hold the joined JSON object, so that the answers built
//! from them are one type in every library; the OpenAPI document of each library defines their
//! schemas (`ItemSummary`, `ItemRecord`, `ItemDetailExtras`) from the kit's part and the
//! library's extras types (`crate::items_openapi`).

use std::collections::HashMap;
use std::str::FromStr;
use std::sync::Arc;

use kernel::{ApiError, ApiResult};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use crate::item::display::{display, is_label};
use crate::item::files::ItemFiles;
use crate::item::library::ItemLibrary;
use crate::item::model::{ItemFile, ItemRecord, ManufacturerSummary, Parameter};
use crate::item::store::{ItemRepository, ItemStore};
use crate::model::{ancestors_of, CategoryCrumb, CategoryRecord};
use crate::store::{CategoryRepository, CategoryStore};

pub use kernel::paging::{PageResult, Paging};

/// State of the item routes of library `L` (registered on the library's scope).
pub struct ItemRoutes<L: ItemLibrary> {
    /// Shared with what else the library keeps it for (its index feed).
    pub library: Arc<L>,
    pub items: ItemRepository,
    pub categories: CategoryRepository,
    /// The contents of the library's files (downloads).
    pub files: ItemFiles,
}

impl<L: ItemLibrary> ItemRoutes<L> {
    /// The item routes of `library` over the service's database `db` and its `files`.
    pub fn new(db: &kernel::Database, library: Arc<L>, files: ItemFiles) -> Self {
        Self {
            library,
            items: ItemRepository::new(db),
            categories: CategoryRepository::new(db),
            files,
        }
    }
}

/// An id from a path: a positive integer.
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

/// The last segment of a stored file name (`Lib:Name`, `dir/name`) with every character but
/// ASCII letters, digits and `-_.+` replaced by `_`: safe in a `Content-Disposition`.
pub fn safe_file_name(name: &str) -> String {
    let stem = name.rsplit([':', '/']).next().unwrap_or(name);
    stem.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.+".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Serialises `kit` and `extras` into one JSON object (both must serialise as objects, `extras`
/// may be `null`, and no key may be in both).
fn joined(kit: &impl Serialize, extras: &impl Serialize) -> ApiResult<Map<String, Value>> {
    let mut object = match serde_json::to_value(kit).map_err(ApiError::internal)? {
        Value::Object(object) => object,
        other => {
            return Err(ApiError::internal(anyhow::anyhow!(
                "not a JSON object: {other}"
            )))
        }
    };
    match serde_json::to_value(extras).map_err(ApiError::internal)? {
        Value::Object(extra) => {
            // A library's field may not silently replace one of the kit's (`id`, `partNumber`).
            if let Some(key) = extra.keys().find(|key| object.contains_key(*key)) {
                return Err(ApiError::internal(anyhow::anyhow!(
                    "a library's extras repeat the kit's field `{key}`"
                )));
            }
            object.extend(extra)
        }
        Value::Null => {}
        other => {
            return Err(ApiError::internal(anyhow::anyhow!(
                "a library's extras are not a JSON object: {other}"
            )))
        }
    }
    Ok(object)
}

/// Defines a JSON object documented by reference to a schema the library's OpenAPI document
/// defines (`crate::items_openapi`).
macro_rules! library_object {
    ($(#[$meta:meta])* $name:ident => $schema:literal) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub Map<String, Value>);

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                utoipa::openapi::schema::Ref::from_schema_name($schema).into()
            }
        }

        impl ToSchema for $name {
            fn name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed($schema)
            }
        }
    };
}

library_object! {
    /// An item in lists, search hits and compare columns: [`SummaryCore`] and the library's
    /// summary extras. Schema `ItemSummary`.
    ItemSummary => "ItemSummary"
}

library_object! {
    /// The item record of the detail (its `component` key): [`RecordCore`] and the library's
    /// record extras. Schema `ItemRecord`.
    ItemRecordView => "ItemRecord"
}

library_object! {
    /// What the library adds to the detail (flattened into it). Schema `ItemDetailExtras`.
    DetailExtrasView => "ItemDetailExtras"
}

/// The kit's part of an item in lists.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryCore {
    pub id: i64,
    /// Part number, grade or designation (the item's `code`).
    pub part_number: String,
    pub name: String,
    pub manufacturer_id: Option<i64>,
    pub manufacturer_name: Option<String>,
    pub category_code: Option<String>,
    pub description: String,
    pub lifecycle: Option<String>,
}

impl From<&ItemRecord> for SummaryCore {
    fn from(item: &ItemRecord) -> Self {
        Self {
            id: item.id,
            part_number: item.code.clone(),
            name: item.name.clone(),
            manufacturer_id: item.manufacturer_id,
            manufacturer_name: item.manufacturer_name.clone(),
            category_code: item.category_code.clone(),
            description: item.description.clone(),
            lifecycle: item.lifecycle.clone(),
        }
    }
}

impl ItemSummary {
    /// `item` with what `library` adds from its extension row.
    pub fn of<L: ItemLibrary>(
        library: &L,
        item: &ItemRecord,
        extension: Option<&L::Extension>,
    ) -> ApiResult<Self> {
        Ok(Self(joined(
            &SummaryCore::from(item),
            &library.summary_extras(item, extension),
        )?))
    }
}

/// The kit's part of the detail's item record.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordCore {
    pub id: i64,
    /// The importer's source (`kicad`, `iso-4017`).
    pub source: String,
    /// The record's id in its source: with `source`, the import key.
    pub source_id: String,
    pub part_number: String,
    pub name: String,
    pub manufacturer_id: Option<i64>,
    pub manufacturer_name: Option<String>,
    /// How the manufacturer was inferred (`library`, `datasheet-host`).
    pub manufacturer_method: Option<String>,
    pub category_id: Option<i64>,
    pub category_code: Option<String>,
    /// The taxonomy hint that placed the record.
    pub category_method: Option<String>,
    pub description: String,
    pub keywords: String,
    /// Datasheet or standard document.
    pub datasheet: Option<String>,
    pub lifecycle: Option<String>,
    pub license: String,
    pub updated_at: chrono::DateTime<chrono::Utc>,
}

impl From<&ItemRecord> for RecordCore {
    fn from(item: &ItemRecord) -> Self {
        Self {
            id: item.id,
            source: item.source.clone(),
            source_id: item.source_id.clone(),
            part_number: item.code.clone(),
            name: item.name.clone(),
            manufacturer_id: item.manufacturer_id,
            manufacturer_name: item.manufacturer_name.clone(),
            manufacturer_method: item.manufacturer_method.clone(),
            category_id: item.category_id,
            category_code: item.category_code.clone(),
            category_method: item.category_method.clone(),
            description: item.description.clone(),
            keywords: item.keywords.clone(),
            datasheet: item.document_url.clone(),
            lifecycle: item.lifecycle.clone(),
            license: item.license.clone(),
            updated_at: item.updated_at,
        }
    }
}

impl ItemRecordView {
    pub fn of<L: ItemLibrary>(
        library: &L,
        item: &ItemRecord,
        extension: Option<&L::Extension>,
    ) -> ApiResult<Self> {
        Ok(Self(joined(
            &RecordCore::from(item),
            &library.record_extras(item, extension),
        )?))
    }
}

impl DetailExtrasView {
    pub fn of<L: ItemLibrary>(
        library: &L,
        item: &ItemRecord,
        extension: Option<&L::Extension>,
        files: &[FileView],
    ) -> ApiResult<Self> {
        Ok(Self(joined(
            &serde_json::json!({}),
            &library.detail_extras(item, extension, files),
        )?))
    }
}

/// A parameter with its dimension's names, canonical unit and display text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
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
    /// after it (`10mΩ @ 4.5V`), else the value alone (`-40°C~85°C`); `item::display::display`.
    pub display: String,
    /// The same without the conditions (`10mΩ`), for tables that show them in a column.
    pub value: String,
    pub original: String,
    pub conditions: Option<String>,
    /// The conditions when they name which value this is (`Flash`, `RAM`) rather than how it
    /// was measured: shown before the value (`item::display::is_label`).
    pub label: Option<String>,
}

impl From<&Parameter> for ParameterView {
    fn from(parameter: &Parameter) -> Self {
        let label = parameter
            .conditions
            .as_deref()
            .map(str::trim)
            .filter(|conditions| is_label(conditions))
            .map(str::to_owned);
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
                    display: display(&value),
                    value: units::display_value(&value),
                    original: parameter.original.clone(),
                    conditions: parameter.conditions.clone(),
                    label,
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
                label,
            },
        }
    }
}

/// A downloadable file of an item with its URL.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileView {
    pub id: i64,
    /// The library's kind (`symbol`, `footprint`, `model-glb`, `model-step`, …).
    pub kind: String,
    pub name: String,
    pub media_type: String,
    pub size: i64,
    /// `<api base>/item/{id}/download/{kind}`.
    pub url: String,
}

impl FileView {
    pub fn of(api_base: &str, item_id: i64, file: &ItemFile) -> Self {
        Self {
            id: file.id,
            kind: file.kind.clone(),
            name: file.name.clone(),
            media_type: file.media_type.clone(),
            size: file.size,
            url: download_url(api_base, item_id, &file.kind),
        }
    }
}

pub fn download_url(api_base: &str, item_id: i64, kind: &str) -> String {
    format!("{api_base}/item/{item_id}/download/{kind}")
}

/// A manufacturer with the number of items the library holds of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ManufacturerView {
    pub id: i64,
    pub name: String,
    pub website: Option<String>,
    /// Items of this manufacturer in the library (the spec's name in every library).
    pub component_count: i64,
    /// The manufacturer glossary's Chinese name (`search::manufacturer_name_zh`), where the
    /// answer names it (the manufacturer list and page).
    pub name_zh: Option<String>,
}

impl ManufacturerView {
    /// As stored, without the glossary's Chinese name (the item detail answers it so).
    pub fn stored(manufacturer: ManufacturerSummary) -> Self {
        Self {
            id: manufacturer.id,
            name: manufacturer.name,
            website: manufacturer.website,
            component_count: manufacturer.item_count,
            name_zh: None,
        }
    }

    /// With the glossary's Chinese name (德州仪器), when it has one.
    pub fn named(manufacturer: ManufacturerSummary) -> Self {
        let name_zh = search::manufacturer_name_zh(&manufacturer.name).map(str::to_string);
        Self {
            name_zh,
            ..Self::stored(manufacturer)
        }
    }
}

/// One aligned compare row: the same attribute or parameter of every compared item.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompareRow {
    /// `manufacturer`, `category`, the library's own keys (`package`, `footprint`,
    /// `pinCount`), `lifecycle` or `param:<dimension>`.
    pub key: String,
    pub label: String,
    pub label_en: String,
    /// One per item, in the order asked (`null`: the item does not state it).
    pub values: Vec<Option<String>>,
    /// The values in English where they are names with an English form (the category row).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values_en: Option<Vec<Option<String>>>,
    /// Whether the values are not all the same (a value stated by some items only counts as a
    /// difference; a row none states does not).
    pub differs: bool,
}

impl CompareRow {
    pub fn new(key: &str, label: &str, label_en: &str, values: Vec<Option<String>>) -> Self {
        let differs = values.windows(2).any(|pair| pair[0] != pair[1]);
        Self {
            key: key.to_owned(),
            label: label.to_owned(),
            label_en: label_en.to_owned(),
            values,
            values_en: None,
            differs,
        }
    }
}

/// A manufacturer with a page of its items.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ManufacturerDetail {
    pub manufacturer: ManufacturerView,
    /// (`components` in every library: the spec's name.)
    pub components: PageResult<ItemSummary>,
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

impl<L: ItemLibrary> ItemRoutes<L> {
    /// The item or the library's "does not exist" answer.
    pub async fn load_item(&self, id: i64) -> ApiResult<ItemRecord> {
        self.items
            .get(id)
            .await?
            .ok_or_else(|| ApiError::new(self.library.errors().item_not_found))
    }

    /// Every category record (the tree is small).
    pub async fn category_records(&self) -> ApiResult<Vec<CategoryRecord>> {
        Ok(self.categories.list().await?)
    }

    /// The extension rows of `items`.
    pub async fn extensions_of(
        &self,
        items: &[ItemRecord],
    ) -> ApiResult<HashMap<i64, L::Extension>> {
        let ids: Vec<i64> = items.iter().map(|item| item.id).collect();
        Ok(self.library.extensions(&ids).await?)
    }

    /// `items` as list entries, with the library's extras.
    pub async fn summaries(&self, items: &[ItemRecord]) -> ApiResult<Vec<ItemSummary>> {
        let extensions = self.extensions_of(items).await?;
        items
            .iter()
            .map(|item| ItemSummary::of(self.library.as_ref(), item, extensions.get(&item.id)))
            .collect()
    }

    /// A page of items as the list answers it.
    pub async fn page(
        &self,
        page: crate::item::model::Page<ItemRecord>,
    ) -> ApiResult<PageResult<ItemSummary>> {
        Ok(PageResult {
            list: self.summaries(&page.items).await?,
            total: page.total,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_difference_is_a_value_that_is_not_the_same_everywhere() {
        let values =
            |raw: &[Option<&str>]| raw.iter().map(|v| v.map(str::to_owned)).collect::<Vec<_>>();
        assert!(!CompareRow::new("k", "l", "l", values(&[None, None, None])).differs);
        assert!(!CompareRow::new("k", "l", "l", values(&[Some("3"), Some("3")])).differs);
        assert!(CompareRow::new("k", "l", "l", values(&[Some("3"), None])).differs);
        assert!(CompareRow::new("k", "l", "l", values(&[None, Some("3")])).differs);
        assert!(CompareRow::new("k", "l", "l", values(&[Some("3"), Some("4")])).differs);
    }

    #[test]
    fn download_names_keep_the_last_segment_and_safe_characters() {
        assert_eq!(safe_file_name("Device:R"), "R");
        assert_eq!(safe_file_name("MCU_ST:STM32F4 \"x\""), "STM32F4__x_");
        assert_eq!(
            safe_file_name("X.3dshapes/SOT-23.step.gz"),
            "SOT-23.step.gz"
        );
    }

    #[test]
    fn a_summary_joins_the_kit_fields_and_the_extras() -> anyhow::Result<()> {
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Extras {
            pin_count: i32,
        }
        let core = serde_json::json!({"id": 1, "partNumber": "R1"});
        let object = joined(&core, &Extras { pin_count: 2 }).map_err(|e| anyhow::anyhow!("{e}"))?;
        assert_eq!(
            Value::Object(object),
            serde_json::json!({"id": 1, "partNumber": "R1", "pinCount": 2})
        );
        assert!(joined(&core, &3).is_err(), "extras must be an object");
        assert!(
            joined(&core, &serde_json::json!({"partNumber": "X"})).is_err(),
            "extras may not replace the kit's fields"
        );
        assert_eq!(
            joined(&core, &())
                .map_err(|e| anyhow::anyhow!("{e}"))?
                .len(),
            2
        );
        Ok(())
    }
}
