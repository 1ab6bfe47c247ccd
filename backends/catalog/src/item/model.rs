//! The kit's item records: what an importer hands to the store ([`NewItem`]), what the store
//! answers ([`ItemRecord`], [`Parameter`], [`ItemFile`], [`ManufacturerSummary`], [`Change`],
//! [`IndexDocument`]) and the counts of an import ([`UpsertReport`]). Nothing here belongs to
//! one library: a library's own properties are its extension table or [`ItemRecord::attributes`].

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One page of a listing and the number of matches over all pages.
#[derive(Debug, Clone, PartialEq)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total: i64,
}

impl<T> Page<T> {
    /// The same page with every item converted (e.g. into a library's own record type).
    pub fn map<U>(self, convert: impl FnMut(T) -> U) -> Page<U> {
        Page {
            items: self.items.into_iter().map(convert).collect(),
            total: self.total,
        }
    }
}

/// One typed value with its unit dimension (`units::Dimension::as_str`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Parameter {
    /// `resistance`, `capacitance`, `length`, `tensile-strength`, …
    pub dimension: String,
    /// Canonical SI (°C for temperature).
    #[sqlx(rename = "min_value")]
    pub min: Option<f64>,
    #[sqlx(rename = "typ_value")]
    pub typ: Option<f64>,
    #[sqlx(rename = "max_value")]
    pub max: Option<f64>,
    /// The text as written in the source.
    pub original: String,
    /// What followed `@` (`Vgs=10V`), if anything.
    pub conditions: Option<String>,
}

/// An item as stored, with its manufacturer's name and category's code joined in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ItemRecord {
    pub id: i64,
    /// `kicad`, `iso-4017`, …
    pub source: String,
    /// The record's id in its source: with `source`, the import key.
    pub source_id: String,
    /// Part number, grade or designation.
    pub code: String,
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
    pub document_url: Option<String>,
    pub lifecycle: Option<String>,
    pub license: String,
    /// The library's own properties (typed by the library; see [`ItemRecord::attributes_as`]).
    #[sqlx(json)]
    pub attributes: serde_json::Value,
    pub content_digest: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub updated_at: chrono::DateTime<chrono::Utc>,
}

impl ItemRecord {
    /// The attributes as the library's own type.
    pub fn attributes_as<T: serde::de::DeserializeOwned>(&self) -> anyhow::Result<T> {
        Ok(serde_json::from_value(self.attributes.clone())?)
    }
}

/// A file as listed with an item (its bytes are addressed by `digest`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ItemFile {
    pub id: i64,
    /// Defined by the library (`symbol`, `footprint`, `model-step`, `drawing`, …).
    pub kind: String,
    pub name: String,
    pub media_type: String,
    pub size: i64,
    /// SHA-256 of the content, hex: the content's key.
    pub digest: String,
}

/// A link from an item to another, by the target's import key; `target_id` is set when the
/// target is stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ItemLink {
    pub kind: String,
    pub target_source: String,
    pub target_source_id: String,
    pub target_id: Option<i64>,
}

/// A manufacturer with the number of items the library holds of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ManufacturerSummary {
    pub id: i64,
    pub name: String,
    pub website: Option<String>,
    pub item_count: i64,
}

/// A manufacturer as an importer names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NewManufacturer {
    pub name: String,
    pub website: Option<String>,
    /// How it was inferred (`library`, `datasheet-host`).
    pub method: String,
}

/// A file to store with an item; the bytes go to the file store, the row keeps their digest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NewItemFile {
    pub kind: String,
    pub name: String,
    pub media_type: String,
    pub size: i64,
    /// SHA-256 of the content, hex.
    pub digest: String,
}

/// A link to store with an item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NewItemLink {
    pub kind: String,
    pub target_source: String,
    pub target_source_id: String,
}

/// A value of a library's extension column.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ExtensionValue {
    Text(Option<String>),
    Integer(Option<i64>),
    Float(Option<f64>),
}

/// The row of a library's extension table stored with an item, in the item's transaction (the
/// store adds `item_id`). Table and column names are written in the library's code, never taken
/// from input; the store still checks they are plain identifiers.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExtensionRow {
    /// `component_kicad`, …: `item_id BIGINT PRIMARY KEY REFERENCES item (id) ON DELETE CASCADE`
    /// and the library's columns.
    pub table: &'static str,
    pub columns: Vec<(&'static str, ExtensionValue)>,
}

/// One record as an importer hands it to the store.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NewItem {
    pub source: String,
    pub source_id: String,
    pub code: String,
    pub name: String,
    pub manufacturer: Option<NewManufacturer>,
    pub category_code: Option<String>,
    pub category_method: Option<String>,
    pub description: String,
    pub keywords: String,
    pub document_url: Option<String>,
    pub lifecycle: Option<String>,
    pub license: String,
    /// The library's own properties (a JSON object; `{}` when it has none).
    pub attributes: serde_json::Value,
    pub parameters: Vec<Parameter>,
    pub files: Vec<NewItemFile>,
    pub links: Vec<NewItemLink>,
    /// The library's extension row, if it has an extension table.
    pub extension: Option<ExtensionRow>,
}

impl NewItem {
    /// Digest of everything stored for the record (file contents through their digests):
    /// re-imports leave unchanged records, and the change feed, alone.
    pub fn content_digest(&self) -> anyhow::Result<String> {
        use sha2::Digest;
        let json = serde_json::to_vec(self)?;
        Ok(hex::encode(sha2::Sha256::digest(&json)))
    }
}

/// Counts of one upsert.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct UpsertReport {
    pub inserted: usize,
    pub updated: usize,
    pub unchanged: usize,
}

impl UpsertReport {
    pub fn add(&mut self, other: UpsertReport) {
        self.inserted += other.inserted;
        self.updated += other.updated;
        self.unchanged += other.unchanged;
    }
}

/// One entry of the change feed: the item was inserted or updated (`seq` increases in commit
/// order, as upserts are serialised).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::FromRow)]
pub struct Change {
    pub seq: i64,
    pub item_id: i64,
}

/// What a search index needs of one item: the kit's part, and `extension`, what the library
/// adds (its extension row; `()` as the kit answers it).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct IndexDocument<X = ()> {
    pub item: ItemRecord,
    pub parameters: Vec<Parameter>,
    pub extension: X,
}

impl IndexDocument {
    /// The document with the library's part added.
    pub fn with_extension<X>(self, extension: X) -> IndexDocument<X> {
        IndexDocument {
            item: self.item,
            parameters: self.parameters,
            extension,
        }
    }
}
