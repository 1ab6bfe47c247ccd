//! The operators' reads and writes of a library's items (one store per backend, stamped from one
//! macro): every item with its hidden state, and hiding / restoring one together with its change
//! feed entry and its audit log entry, in one transaction.

use anyhow::Context;
use chrono::{DateTime, SubsecRound, Utc};
use sqlx::{PgPool, SqlitePool};

use super::edit::{
    override_for, CatalogItemDetail, Correction, EditItemOutcome, FieldValues, ItemEdit,
    ItemFields, ACTION_CATALOG_ITEM_UPDATE,
};
use super::manufacturer::{
    duplicate_key, CatalogManufacturer, EditOutcome, ManufacturerEdit, ManufacturerFilter,
    MergeOutcome, ACTION_MANUFACTURER_MERGE, ACTION_MANUFACTURER_UPDATE, TARGET_MANUFACTURER,
};
use super::parameters::{
    dimension_names, same_parameters, EditableParameter, ItemParameters, ParametersEdit,
    ParametersOutcome, ACTION_CATALOG_ITEM_PARAMETERS,
};
use super::{
    CatalogFilter, CatalogItem, HideOutcome, ItemMerge, ItemMergeOutcome, Visibility,
    ACTION_CATALOG_ITEM_HIDE, ACTION_CATALOG_ITEM_MERGE, ACTION_CATALOG_ITEM_UNHIDE,
    TARGET_CATALOG_ITEM,
};
use crate::audit::{Actor, AuditEntry};
use crate::enterprise::store::like_pattern;
use crate::item::model::Parameter;
use crate::item::store::{parameter_insert, POSTGRES_UPSERT_LOCK, SQLITE_UPSERT_LOCK};

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
struct CatalogRow {
    id: i64,
    code: String,
    name: String,
    manufacturer_name: Option<String>,
    category_code: Option<String>,
    source: String,
    license: String,
    hidden_at: Option<DateTime<Utc>>,
    hidden_reason: Option<String>,
    hidden_by: Option<i64>,
    updated_at: DateTime<Utc>,
    edited: bool,
    merged_into: Option<i64>,
}

impl From<CatalogRow> for CatalogItem {
    fn from(row: CatalogRow) -> Self {
        Self {
            id: row.id,
            code: row.code,
            name: row.name,
            manufacturer_name: row.manufacturer_name,
            category_code: row.category_code,
            source: row.source,
            license: row.license,
            hidden: row.hidden_at.is_some(),
            hidden_reason: row.hidden_reason,
            hidden_time: row.hidden_at.map(|time| time.timestamp_millis()),
            hidden_by: row.hidden_by,
            update_time: row.updated_at.timestamp_millis(),
            edited: row.edited,
            merged_into: row.merged_into,
        }
    }
}

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait CatalogAdminStore {
    /// Items matching `filter`, hidden ones included, by id; the page and the total count.
    async fn page_items(
        &self,
        filter: &CatalogFilter,
        offset: i64,
        limit: i64,
    ) -> anyhow::Result<(Vec<CatalogItem>, i64)>;
    /// Hides or restores item `id`. A change appends to the change feed (the search index
    /// follows it) and writes `library`'s audit entry in the same transaction; asking for the
    /// state the item is in writes nothing.
    async fn set_visibility(
        &self,
        library: &str,
        id: i64,
        visibility: &Visibility,
        actor: &Actor,
    ) -> anyhow::Result<HideOutcome>;
    /// Merges item `source` into `merge.target` (docs/operations.md "Merging duplicate items"):
    /// the source is hidden with the target's id (items merged into the source follow to the
    /// target), a change is appended and the audit entry written in the same transaction, under
    /// the upserts' lock. The target must be public.
    async fn merge_item(
        &self,
        library: &str,
        source: i64,
        merge: &ItemMerge,
        actor: &Actor,
    ) -> anyhow::Result<ItemMergeOutcome>;
    /// Item `id` with its correctable fields and corrections, hidden or not.
    async fn item_detail(&self, id: i64) -> anyhow::Result<Option<CatalogItemDetail>>;
    /// Corrects item `id` to `edit` (docs/operations.md "Correcting an item"): the item row
    /// takes the values, the override keeps the fields that differ from the source with the
    /// source's values; appends a change and writes the audit entry in the same transaction,
    /// under the upserts' lock. Nothing differing writes nothing.
    async fn edit_item(
        &self,
        library: &str,
        id: i64,
        edit: &ItemEdit,
        actor: &Actor,
    ) -> anyhow::Result<EditItemOutcome>;
    /// Item `id`'s parameters for the editor, with the source's list while corrected.
    async fn item_parameters(&self, id: i64) -> anyhow::Result<Option<ItemParameters>>;
    /// Corrects item `id`'s parameters to `edit`'s list (docs/operations.md "Correcting an
    /// item's parameters"): the item's rows take the list, the override keeps it with the
    /// source's list unless the two say the same; appends a change and writes the audit entry
    /// in the same transaction, under the upserts' lock. The list the item has writes nothing.
    async fn correct_parameters(
        &self,
        library: &str,
        id: i64,
        edit: &ParametersEdit,
        actor: &Actor,
    ) -> anyhow::Result<ParametersOutcome>;
    /// Manufacturers matching `filter` by name (in the duplicates view: grouped by their
    /// [`duplicate_key`], groups of one left out); the page and the total count.
    async fn page_manufacturers(
        &self,
        filter: &ManufacturerFilter,
        offset: i64,
        limit: i64,
    ) -> anyhow::Result<(Vec<CatalogManufacturer>, i64)>;
    /// Renames manufacturer `id` or sets its website. A new name must be free (no other
    /// manufacturer has it nor an alias of one); the old name becomes an alias, and every item
    /// of the manufacturer appends a change (the search index shows the new name). The audit
    /// entry is written in the same transaction, under the upserts' lock.
    async fn edit_manufacturer(
        &self,
        library: &str,
        id: i64,
        edit: &ManufacturerEdit,
        actor: &Actor,
    ) -> anyhow::Result<EditOutcome>;
    /// Moves every item and alias of manufacturer `source` to `target`, makes the source's name
    /// an alias of the target, keeps the source's website when the target has none, and deletes
    /// the source; the moved items append changes; one transaction with its audit entry.
    async fn merge_manufacturer(
        &self,
        library: &str,
        source: i64,
        target: i64,
        actor: &Actor,
    ) -> anyhow::Result<MergeOutcome>;
}

const SELECT_ROWS: &str = "SELECT i.id, i.code, i.name, m.name AS manufacturer_name, \
     k.code AS category_code, i.source, i.license, i.hidden_at, i.hidden_reason, i.hidden_by, \
     i.updated_at, (EXISTS (SELECT 1 FROM item_override o WHERE o.item_id = i.id) \
     OR EXISTS (SELECT 1 FROM item_parameter_override p WHERE p.item_id = i.id)) AS edited, \
     i.merged_into \
     FROM item i LEFT JOIN item_manufacturer m ON m.id = i.manufacturer_id \
     LEFT JOIN category k ON k.id = i.category_id";
const SELECT_FIELDS: &str = "SELECT name, description, category_id, document_url, lifecycle, \
     manufacturer_id FROM item WHERE id = $1";
const UPDATE_FIELDS: &str = "UPDATE item SET name = $2, description = $3, category_id = $4, \
     document_url = $5, lifecycle = $6, manufacturer_id = $7 WHERE id = $1";

/// The code of item `alias` as likely duplicates share it: lower-cased, without the separators
/// part numbers are written with or without (space - _ /), so "LM358-DR", "lm358dr" and
/// "LM358 DR" meet. The same expression as the index `item_code_key_idx` (migration
/// `20261207000002`), which answers it only while the two match.
fn code_key(alias: &str) -> String {
    format!(
        "LOWER(REPLACE(REPLACE(REPLACE(REPLACE({alias}.code, ' ', ''), '-', ''), '_', ''), '/', ''))"
    )
}

const SELECT_PARAMETERS: &str = "SELECT dimension, min_value, typ_value, max_value, original, \
     conditions FROM item_parameter WHERE item_id = $1 ORDER BY position";

#[derive(sqlx::FromRow)]
struct ParameterOverrideRow {
    original: String,
    reason: String,
    updated_by: Option<i64>,
    updated_at: DateTime<Utc>,
}

fn editable(parameters: &[Parameter]) -> Vec<EditableParameter> {
    parameters.iter().map(EditableParameter::from).collect()
}

/// A list as the audit log keeps it: each parameter as written.
fn audit_parameters(parameters: &[Parameter]) -> serde_json::Value {
    serde_json::to_value(editable(parameters)).unwrap_or_default()
}

#[derive(sqlx::FromRow)]
struct OverrideRow {
    original: String,
    reason: String,
    updated_by: Option<i64>,
    updated_at: DateTime<Utc>,
}

impl OverrideRow {
    fn original(&self) -> anyhow::Result<FieldValues> {
        serde_json::from_str(&self.original).context("reading an item's source values")
    }
}

/// The corrections' field names as the editor knows them (a category by its code).
fn editor_field(field: &str) -> &str {
    match field {
        "categoryId" => "categoryCode",
        other => other,
    }
}

const SELECT_MANUFACTURERS: &str = "SELECT m.id, m.name, m.website, \
     (SELECT COUNT(*) FROM item i WHERE i.manufacturer_id = m.id) AS item_count, \
     (SELECT COUNT(*) FROM item i WHERE i.manufacturer_id = m.id AND i.hidden_at IS NOT NULL) \
     AS hidden_count FROM item_manufacturer m";
/// The manufacturer other than `$2` that has name `$1` or an alias of that name.
const SELECT_NAME_HOLDER: &str = "SELECT id FROM item_manufacturer WHERE name = $1 AND id <> $2 \
     UNION ALL SELECT manufacturer_id FROM item_manufacturer_alias \
     WHERE name = $1 AND manufacturer_id <> $2 LIMIT 1";
const INSERT_ALIAS: &str = "INSERT INTO item_manufacturer_alias (name, manufacturer_id, \
     created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO UPDATE \
     SET manufacturer_id = excluded.manufacturer_id";
/// Item `$1` appends a change at `$2`.
const APPEND_CHANGE: &str = "INSERT INTO item_change (item_id, changed_at) VALUES ($1, $2)";
/// Every item of manufacturer `$1` appends a change at `$2`.
const APPEND_MANUFACTURER_CHANGES: &str = "INSERT INTO item_change (item_id, changed_at) \
     SELECT id, $2 FROM item WHERE manufacturer_id = $1 ORDER BY id";

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
struct ManufacturerRow {
    id: i64,
    name: String,
    website: Option<String>,
    item_count: i64,
    hidden_count: i64,
}

impl ManufacturerRow {
    fn into_manufacturer(self, aliases: Vec<String>) -> CatalogManufacturer {
        CatalogManufacturer {
            id: self.id,
            name: self.name,
            website: self.website,
            item_count: self.item_count,
            hidden_count: self.hidden_count,
            aliases,
            duplicate_key: None,
        }
    }
}

/// A manufacturer as its audit entry records it.
fn manufacturer_state(manufacturer: &CatalogManufacturer) -> serde_json::Value {
    serde_json::json!({
        "id": manufacturer.id,
        "name": manufacturer.name,
        "website": manufacturer.website,
        "aliases": manufacturer.aliases,
        "itemCount": manufacturer.item_count,
    })
}

/// The page of the duplicates view out of every manufacturer's `(id, name)`: those sharing a
/// [`duplicate_key`] with another, by key then id; a keyword keeps the groups with a member whose
/// name contains it (or whose id it is). The page's `(id, key)` and the total.
fn duplicate_page(
    names: Vec<(i64, String)>,
    keyword: Option<&str>,
    offset: i64,
    limit: i64,
) -> (Vec<(i64, String)>, i64) {
    let mut groups: std::collections::BTreeMap<String, Vec<(i64, String)>> = Default::default();
    for (id, name) in names {
        groups
            .entry(duplicate_key(&name))
            .or_default()
            .push((id, name));
    }
    let keyword = keyword.map(str::to_lowercase);
    let mut rows: Vec<(i64, String)> = Vec::new();
    for (key, mut members) in groups {
        if members.len() < 2 {
            continue;
        }
        if let Some(keyword) = &keyword {
            let matches = members.iter().any(|(id, name)| {
                name.to_lowercase().contains(keyword.as_str()) || id.to_string() == *keyword
            });
            if !matches {
                continue;
            }
        }
        members.sort_by_key(|(id, _)| *id);
        rows.extend(members.into_iter().map(|(id, _)| (id, key.clone())));
    }
    let total = i64::try_from(rows.len()).unwrap_or(i64::MAX);
    let start = usize::try_from(offset)
        .unwrap_or(usize::MAX)
        .min(rows.len());
    let end = start
        .saturating_add(usize::try_from(limit).unwrap_or(0))
        .min(rows.len());
    (rows[start..end].to_vec(), total)
}

/// `{"hidden": …}` with the reason while hidden: the audit entry's before or after.
fn audit_state(item: &CatalogItem) -> serde_json::Value {
    if item.hidden {
        serde_json::json!({"hidden": true, "reason": item.hidden_reason, "code": item.code})
    } else {
        serde_json::json!({"hidden": false, "code": item.code})
    }
}

macro_rules! catalog_admin_store {
    ($store:ident, $pool:ty, $db:ty, $lock:expr, $record_audit:path) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }

            /// A transaction holding the upserts' lock: change-feed entries are handed out in
            /// commit order, an import waits, and what is read in it stays true until it
            /// commits. `what` names the change in errors.
            async fn locked(
                &self,
                what: &str,
            ) -> anyhow::Result<sqlx::Transaction<'static, $db>> {
                let mut tx = self
                    .pool
                    .begin()
                    .await
                    .with_context(|| format!("starting to {what}"))?;
                sqlx::query($lock)
                    .execute(&mut *tx)
                    .await
                    .context("taking the item write lock")?;
                Ok(tx)
            }
        }

        fn push_filter(builder: &mut sqlx::QueryBuilder<'_, $db>, filter: &CatalogFilter) {
            builder.push(" WHERE 1 = 1");
            match filter.hidden {
                Some(true) => {
                    builder.push(" AND i.hidden_at IS NOT NULL");
                }
                Some(false) => {
                    builder.push(" AND i.hidden_at IS NULL");
                }
                None => {}
            }
            if filter.duplicates {
                // The expression index `item_code_key_idx` answers the inner lookup.
                builder.push(format!(
                    " AND i.hidden_at IS NULL AND EXISTS (SELECT 1 FROM item d \
                     WHERE {} = {} AND d.id <> i.id AND d.hidden_at IS NULL \
                     AND (d.manufacturer_id = i.manufacturer_id \
                     OR (d.manufacturer_id IS NULL AND i.manufacturer_id IS NULL)))",
                    code_key("d"),
                    code_key("i"),
                ));
            }
            if let Some(keyword) = &filter.keyword {
                let pattern = like_pattern(keyword);
                builder
                    .push(" AND (LOWER(i.code) LIKE ")
                    .push_bind(pattern.clone())
                    .push(" ESCAPE '\\' OR LOWER(i.name) LIKE ")
                    .push_bind(pattern)
                    .push(" ESCAPE '\\' OR i.id = ")
                    .push_bind(keyword.parse::<i64>().ok())
                    .push(")");
            }
        }

        /// The manufacturers `ids` with their aliases, in the order of `ids`.
        async fn manufacturers_by_id(
            connection: &mut <$db as sqlx::Database>::Connection,
            ids: &[i64],
        ) -> anyhow::Result<Vec<CatalogManufacturer>> {
            if ids.is_empty() {
                return Ok(Vec::new());
            }
            let mut rows = sqlx::QueryBuilder::<$db>::new(SELECT_MANUFACTURERS);
            rows.push(" WHERE m.id IN (");
            let mut separated = rows.separated(", ");
            for id in ids {
                separated.push_bind(*id);
            }
            rows.push(")");
            let rows: Vec<ManufacturerRow> = rows
                .build_query_as()
                .fetch_all(&mut *connection)
                .await
                .context("reading manufacturers")?;
            let mut aliases = sqlx::QueryBuilder::<$db>::new(
                "SELECT manufacturer_id, name FROM item_manufacturer_alias \
                 WHERE manufacturer_id IN (",
            );
            let mut separated = aliases.separated(", ");
            for id in ids {
                separated.push_bind(*id);
            }
            aliases.push(") ORDER BY name");
            let aliases: Vec<(i64, String)> = aliases
                .build_query_as()
                .fetch_all(&mut *connection)
                .await
                .context("reading manufacturers' aliases")?;
            let mut by_id: std::collections::HashMap<i64, ManufacturerRow> =
                rows.into_iter().map(|row| (row.id, row)).collect();
            Ok(ids
                .iter()
                .filter_map(|id| by_id.remove(id))
                .map(|row| {
                    let names = aliases
                        .iter()
                        .filter(|(owner, _)| *owner == row.id)
                        .map(|(_, name)| name.clone())
                        .collect();
                    row.into_manufacturer(names)
                })
                .collect())
        }

        /// Item `id`'s detail for the editor, read on `connection`.
        async fn item_detail_in(
            connection: &mut <$db as sqlx::Database>::Connection,
            id: i64,
        ) -> anyhow::Result<Option<CatalogItemDetail>> {
            let read = format!("{SELECT_ROWS} WHERE i.id = $1");
            let Some(row): Option<CatalogRow> = sqlx::query_as(&read)
                .bind(id)
                .fetch_optional(&mut *connection)
                .await
                .context("reading the item")?
            else {
                return Ok(None);
            };
            let fields: ItemFields = sqlx::query_as(SELECT_FIELDS)
                .bind(id)
                .fetch_one(&mut *connection)
                .await
                .context("reading the item's fields")?;
            let correction: Option<OverrideRow> = sqlx::query_as(
                "SELECT original, reason, updated_by, updated_at FROM item_override \
                 WHERE item_id = $1",
            )
            .bind(id)
            .fetch_optional(&mut *connection)
            .await
            .context("reading the item's corrections")?;
            let mut corrections = Vec::new();
            if let Some(correction) = &correction {
                for (field, original) in correction.original()? {
                    let original = match (field.as_str(), original.as_i64()) {
                        ("categoryId", Some(category)) => {
                            sqlx::query_scalar::<_, String>("SELECT code FROM category WHERE id = $1")
                                .bind(category)
                                .fetch_optional(&mut *connection)
                                .await
                                .context("reading a category's code")?
                                .map_or(serde_json::Value::Null, serde_json::Value::String)
                        }
                        ("manufacturerId", Some(manufacturer)) => sqlx::query_scalar::<_, String>(
                            "SELECT name FROM item_manufacturer WHERE id = $1",
                        )
                        .bind(manufacturer)
                        .fetch_optional(&mut *connection)
                        .await
                        .context("reading a manufacturer's name")?
                        .map_or(serde_json::Value::Null, serde_json::Value::String),
                        _ => original,
                    };
                    corrections.push(Correction {
                        field: editor_field(&field).to_owned(),
                        original,
                    });
                }
            }
            let category_code = row.category_code.clone();
            Ok(Some(CatalogItemDetail {
                item: row.into(),
                description: fields.description,
                category_code,
                document_url: fields.document_url,
                lifecycle: fields.lifecycle,
                manufacturer_id: fields.manufacturer_id,
                corrections,
                correction_reason: correction.as_ref().map(|c| c.reason.clone()),
                corrected_by: correction.as_ref().and_then(|c| c.updated_by),
                correction_time: correction.as_ref().map(|c| c.updated_at.timestamp_millis()),
            }))
        }

        /// `(item id, JSON)` rows of `select` (an override table's `SELECT item_id, <column>
        /// FROM <table>`) for items `ids`.
        async fn overrides_of(
            connection: &mut <$db as sqlx::Database>::Connection,
            select: &str,
            ids: &[i64],
        ) -> anyhow::Result<Vec<(i64, String)>> {
            let mut query = sqlx::QueryBuilder::<$db>::new(select);
            query.push(" WHERE item_id IN (");
            let mut separated = query.separated(", ");
            for id in ids {
                separated.push_bind(*id);
            }
            query.push(")");
            Ok(query.build_query_as().fetch_all(&mut *connection).await?)
        }

        /// After the import rewrote items `ids` from their sources: the corrections of those
        /// that have some are applied again over the new source values, which the overrides
        /// keep as the source's (docs/operations.md "Correcting an item").
        pub(crate) async fn reapply_overrides(
            connection: &mut <$db as sqlx::Database>::Connection,
            ids: &[i64],
        ) -> anyhow::Result<()> {
            for chunk in ids.chunks(500) {
                let corrected = overrides_of(&mut *connection, "SELECT item_id, fields FROM item_override", chunk)
                    .await
                    .context("reading the corrections of imported items")?;
                for (id, fields) in corrected {
                    let mut corrections: FieldValues = serde_json::from_str(&fields)
                        .context("reading an item's corrections")?;
                    // A corrected category the taxonomy has since dropped is no correction
                    // any more (the item row could not point at it).
                    if let Some(category) = corrections.get("categoryId").and_then(|c| c.as_i64())
                    {
                        let exists: Option<i64> =
                            sqlx::query_scalar("SELECT id FROM category WHERE id = $1")
                                .bind(category)
                                .fetch_optional(&mut *connection)
                                .await
                                .context("reading a corrected category")?;
                        if exists.is_none() {
                            corrections.remove("categoryId");
                        }
                    }
                    if let Some(manufacturer) =
                        corrections.get("manufacturerId").and_then(|m| m.as_i64())
                    {
                        if !manufacturer_exists(&mut *connection, manufacturer).await? {
                            corrections.remove("manufacturerId");
                        }
                    }
                    let source: ItemFields = sqlx::query_as(SELECT_FIELDS)
                        .bind(id)
                        .fetch_one(&mut *connection)
                        .await
                        .context("reading an imported item's fields")?;
                    let source_values = source.values()?;
                    let original: FieldValues = corrections
                        .keys()
                        .map(|field| {
                            let value = source_values.get(field).cloned();
                            (field.clone(), value.unwrap_or(serde_json::Value::Null))
                        })
                        .collect();
                    let shown = source.with(&corrections)?;
                    sqlx::query(UPDATE_FIELDS)
                        .bind(id)
                        .bind(&shown.name)
                        .bind(&shown.description)
                        .bind(shown.category_id)
                        .bind(&shown.document_url)
                        .bind(&shown.lifecycle)
                        .bind(shown.manufacturer_id)
                        .execute(&mut *connection)
                        .await
                        .context("applying an item's corrections again")?;
                    rewrite_override(&mut *connection, id, corrections, original).await?;
                }
            }
            reapply_parameter_overrides(&mut *connection, ids).await
        }

        /// Item `id`'s parameter rows, in order.
        async fn parameters_in(
            connection: &mut <$db as sqlx::Database>::Connection,
            id: i64,
        ) -> anyhow::Result<Vec<Parameter>> {
            sqlx::query_as(SELECT_PARAMETERS)
                .bind(id)
                .fetch_all(&mut *connection)
                .await
                .context("reading an item's parameters")
        }

        /// Item `id`'s parameter rows become `parameters`.
        async fn write_parameters(
            connection: &mut <$db as sqlx::Database>::Connection,
            id: i64,
            parameters: &[Parameter],
        ) -> anyhow::Result<()> {
            sqlx::query("DELETE FROM item_parameter WHERE item_id = $1")
                .bind(id)
                .execute(&mut *connection)
                .await
                .context("dropping an item's parameters")?;
            if parameters.is_empty() {
                return Ok(());
            }
            parameter_insert!($db, id, parameters)
                .build()
                .execute(&mut *connection)
                .await
                .context("storing an item's parameters")?;
            Ok(())
        }

        /// Item `id`'s parameters for the editor, read on `connection`; `None`: no such item.
        async fn item_parameters_in(
            connection: &mut <$db as sqlx::Database>::Connection,
            id: i64,
        ) -> anyhow::Result<Option<ItemParameters>> {
            let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM item WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *connection)
                .await
                .context("reading the item")?;
            if exists.is_none() {
                return Ok(None);
            }
            let list = parameters_in(&mut *connection, id).await?;
            Ok(Some(parameters_view(&mut *connection, id, &list).await?))
        }

        /// Item `id`'s parameters `list` (as its rows hold them) for the editor, with its
        /// correction read on `connection`.
        async fn parameters_view(
            connection: &mut <$db as sqlx::Database>::Connection,
            id: i64,
            list: &[Parameter],
        ) -> anyhow::Result<ItemParameters> {
            let correction: Option<ParameterOverrideRow> = sqlx::query_as(
                "SELECT original, reason, updated_by, updated_at FROM item_parameter_override \
                 WHERE item_id = $1",
            )
            .bind(id)
            .fetch_optional(&mut *connection)
            .await
            .context("reading the item's parameter correction")?;
            let original = match &correction {
                Some(correction) => {
                    let original: Vec<Parameter> = serde_json::from_str(&correction.original)
                        .context("reading the source's parameters")?;
                    Some(editable(&original))
                }
                None => None,
            };
            Ok(ItemParameters {
                list: editable(list),
                original,
                correction_reason: correction.as_ref().map(|c| c.reason.clone()),
                corrected_by: correction.as_ref().and_then(|c| c.updated_by),
                correction_time: correction.as_ref().map(|c| c.updated_at.timestamp_millis()),
                dimensions: dimension_names(),
            })
        }

        /// After the import rewrote items `ids`' parameters from their sources: the corrected
        /// lists are put back, the new source lists kept as the source's; a correction the
        /// source now says itself ends.
        async fn reapply_parameter_overrides(
            connection: &mut <$db as sqlx::Database>::Connection,
            ids: &[i64],
        ) -> anyhow::Result<()> {
            for chunk in ids.chunks(500) {
                let corrected = overrides_of(
                    &mut *connection,
                    "SELECT item_id, parameters FROM item_parameter_override",
                    chunk,
                )
                .await
                .context("reading the parameter corrections of imported items")?;
                for (id, parameters) in corrected {
                    let parameters: Vec<Parameter> = serde_json::from_str(&parameters)
                        .context("reading an item's corrected parameters")?;
                    let source = parameters_in(&mut *connection, id).await?;
                    if same_parameters(&parameters, &source) {
                        sqlx::query("DELETE FROM item_parameter_override WHERE item_id = $1")
                            .bind(id)
                            .execute(&mut *connection)
                            .await
                            .context("dropping a parameter correction the source now makes")?;
                        continue;
                    }
                    write_parameters(&mut *connection, id, &parameters).await?;
                    sqlx::query("UPDATE item_parameter_override SET original = $2 WHERE item_id = $1")
                        .bind(id)
                        .bind(serde_json::to_string(&source)?)
                        .execute(&mut *connection)
                        .await
                        .context("keeping the source's new parameters")?;
                }
            }
            Ok(())
        }

        /// Corrections naming manufacturer `source` (as the correction or as the source's value)
        /// name `target` instead, as the merge moves the items; a correction that then equals
        /// the source's value is no correction any more.
        async fn repoint_corrections(
            connection: &mut <$db as sqlx::Database>::Connection,
            source: i64,
            target: i64,
        ) -> anyhow::Result<()> {
            let rows: Vec<(i64, String, String)> = sqlx::query_as(
                "SELECT item_id, fields, original FROM item_override \
                 WHERE fields LIKE '%\"manufacturerId\"%' OR original LIKE '%\"manufacturerId\"%'",
            )
            .fetch_all(&mut *connection)
            .await
            .context("reading corrections of manufacturers")?;
            for (item_id, fields, original) in rows {
                let mut fields: FieldValues =
                    serde_json::from_str(&fields).context("reading an item's corrections")?;
                let mut original: FieldValues =
                    serde_json::from_str(&original).context("reading an item's source values")?;
                let mut changed = false;
                for values in [&mut fields, &mut original] {
                    if let Some(value) = values.get_mut("manufacturerId") {
                        if value.as_i64() == Some(source) {
                            *value = serde_json::Value::from(target);
                            changed = true;
                        }
                    }
                }
                if !changed {
                    continue;
                }
                if fields.get("manufacturerId") == original.get("manufacturerId") {
                    fields.remove("manufacturerId");
                    original.remove("manufacturerId");
                }
                rewrite_override(&mut *connection, item_id, fields, original).await?;
            }
            Ok(())
        }

        /// Item `id`'s override with `fields` corrected over the source's `original` values;
        /// none left, the override goes (the item is no longer corrected).
        async fn rewrite_override(
            connection: &mut <$db as sqlx::Database>::Connection,
            id: i64,
            fields: FieldValues,
            original: FieldValues,
        ) -> anyhow::Result<()> {
            if fields.is_empty() {
                sqlx::query("DELETE FROM item_override WHERE item_id = $1")
                    .bind(id)
                    .execute(&mut *connection)
                    .await
                    .context("dropping corrections that no longer apply")?;
                return Ok(());
            }
            sqlx::query("UPDATE item_override SET fields = $2, original = $3 WHERE item_id = $1")
                .bind(id)
                .bind(serde_json::Value::Object(fields).to_string())
                .bind(serde_json::Value::Object(original).to_string())
                .execute(&mut *connection)
                .await
                .context("rewriting an item's corrections")?;
            Ok(())
        }

        /// Whether manufacturer `id` exists (a merge deletes the one merged).
        async fn manufacturer_exists(
            connection: &mut <$db as sqlx::Database>::Connection,
            id: i64,
        ) -> anyhow::Result<bool> {
            let found: Option<i64> =
                sqlx::query_scalar("SELECT id FROM item_manufacturer WHERE id = $1")
                    .bind(id)
                    .fetch_optional(&mut *connection)
                    .await
                    .context("reading a manufacturer")?;
            Ok(found.is_some())
        }

        /// Manufacturer `id`.
        async fn manufacturer_in(
            connection: &mut <$db as sqlx::Database>::Connection,
            id: i64,
        ) -> anyhow::Result<Option<CatalogManufacturer>> {
            Ok(manufacturers_by_id(connection, &[id]).await?.pop())
        }

        impl CatalogAdminStore for $store {
            async fn page_items(
                &self,
                filter: &CatalogFilter,
                offset: i64,
                limit: i64,
            ) -> anyhow::Result<(Vec<CatalogItem>, i64)> {
                let mut count = sqlx::QueryBuilder::<$db>::new("SELECT COUNT(*) FROM item i");
                push_filter(&mut count, filter);
                let total: i64 = count
                    .build_query_scalar()
                    .fetch_one(&self.pool)
                    .await
                    .context("counting catalogue items")?;
                let mut list = sqlx::QueryBuilder::<$db>::new(SELECT_ROWS);
                push_filter(&mut list, filter);
                // Duplicates side by side.
                list.push(if filter.duplicates {
                    format!(" ORDER BY {}, i.id LIMIT ", code_key("i"))
                } else {
                    " ORDER BY i.id LIMIT ".to_owned()
                })
                    .push_bind(limit)
                    .push(" OFFSET ")
                    .push_bind(offset);
                let rows: Vec<CatalogRow> = list
                    .build_query_as()
                    .fetch_all(&self.pool)
                    .await
                    .context("listing catalogue items")?;
                Ok((rows.into_iter().map(Into::into).collect(), total))
            }

            #[tracing::instrument(skip(self, visibility, actor))]
            async fn set_visibility(
                &self,
                library: &str,
                id: i64,
                visibility: &Visibility,
                actor: &Actor,
            ) -> anyhow::Result<HideOutcome> {
                let mut tx = self.locked("hide an item").await?;
                let read = format!("{SELECT_ROWS} WHERE i.id = $1");
                let before: Option<CatalogRow> = sqlx::query_as(&read)
                    .bind(id)
                    .fetch_optional(&mut *tx)
                    .await
                    .context("reading the item to hide")?;
                let Some(before) = before.map(CatalogItem::from) else {
                    return Ok(HideOutcome::NotFound);
                };
                let now = Utc::now().trunc_subsecs(3);
                let (action, update) = match visibility {
                    Visibility::Hidden { .. } if before.hidden => {
                        return Ok(HideOutcome::Unchanged(Box::new(before)))
                    }
                    Visibility::Visible if !before.hidden => {
                        return Ok(HideOutcome::Unchanged(Box::new(before)))
                    }
                    Visibility::Hidden { reason } => (
                        ACTION_CATALOG_ITEM_HIDE,
                        sqlx::query(
                            "UPDATE item SET hidden_at = $2, hidden_reason = $3, hidden_by = $4 \
                             WHERE id = $1",
                        )
                        .bind(id)
                        .bind(now)
                        .bind(reason.clone())
                        .bind(actor.user_id),
                    ),
                    Visibility::Visible => (
                        ACTION_CATALOG_ITEM_UNHIDE,
                        sqlx::query(
                            "UPDATE item SET hidden_at = NULL, hidden_reason = NULL, \
                             hidden_by = NULL, merged_into = NULL WHERE id = $1",
                        )
                        .bind(id),
                    ),
                };
                update
                    .execute(&mut *tx)
                    .await
                    .context("storing the item's hidden state")?;
                sqlx::query(APPEND_CHANGE)
                    .bind(id)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .context("appending the change")?;
                let after: CatalogRow = sqlx::query_as(&read)
                    .bind(id)
                    .fetch_one(&mut *tx)
                    .await
                    .context("reading the hidden item")?;
                let after = CatalogItem::from(after);
                let entry = AuditEntry {
                    library,
                    actor,
                    action,
                    target_type: TARGET_CATALOG_ITEM,
                    target_id: id.to_string(),
                    before: audit_state(&before),
                    after: audit_state(&after),
                };
                $record_audit(&mut *tx, &entry).await?;
                tx.commit()
                    .await
                    .context("committing the item's hidden state")?;
                Ok(HideOutcome::Changed(Box::new(after)))
            }

            #[tracing::instrument(skip(self, merge, actor))]
            async fn merge_item(
                &self,
                library: &str,
                source: i64,
                merge: &ItemMerge,
                actor: &Actor,
            ) -> anyhow::Result<ItemMergeOutcome> {
                let mut tx = self.locked("merge an item").await?;
                let read = format!("{SELECT_ROWS} WHERE i.id = $1");
                let before: Option<CatalogRow> = sqlx::query_as(&read)
                    .bind(source)
                    .fetch_optional(&mut *tx)
                    .await
                    .context("reading the item to merge")?;
                let Some(before) = before.map(CatalogItem::from) else {
                    return Ok(ItemMergeOutcome::NotFound);
                };
                if before.merged_into == Some(merge.target) {
                    return Ok(ItemMergeOutcome::Unchanged(Box::new(before)));
                }
                let target: Option<CatalogRow> = sqlx::query_as(&read)
                    .bind(merge.target)
                    .fetch_optional(&mut *tx)
                    .await
                    .context("reading the merge's target")?;
                let Some(target) = target.map(CatalogItem::from).filter(|t| !t.hidden) else {
                    return Ok(ItemMergeOutcome::TargetUnavailable);
                };
                let now = Utc::now().trunc_subsecs(3);
                sqlx::query(
                    "UPDATE item SET hidden_at = COALESCE(hidden_at, $2), hidden_reason = $3, \
                     hidden_by = $4, merged_into = $5 WHERE id = $1",
                )
                .bind(source)
                .bind(now)
                .bind(&merge.reason)
                .bind(actor.user_id)
                .bind(merge.target)
                .execute(&mut *tx)
                .await
                .context("merging the item")?;
                // Older addresses merged into the source now lead to the target too.
                sqlx::query("UPDATE item SET merged_into = $2 WHERE merged_into = $1")
                    .bind(source)
                    .bind(merge.target)
                    .execute(&mut *tx)
                    .await
                    .context("moving earlier merges")?;
                sqlx::query(APPEND_CHANGE)
                    .bind(source)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .context("appending the change")?;
                let after: CatalogRow = sqlx::query_as(&read)
                    .bind(source)
                    .fetch_one(&mut *tx)
                    .await
                    .context("reading the merged item")?;
                let after = CatalogItem::from(after);
                let entry = AuditEntry {
                    library,
                    actor,
                    action: ACTION_CATALOG_ITEM_MERGE,
                    target_type: TARGET_CATALOG_ITEM,
                    target_id: source.to_string(),
                    before: serde_json::json!({
                        "code": before.code,
                        "hidden": before.hidden,
                        "mergedInto": before.merged_into,
                    }),
                    after: serde_json::json!({
                        "code": after.code,
                        "mergedInto": merge.target,
                        "targetCode": target.code,
                        "reason": merge.reason,
                    }),
                };
                $record_audit(&mut *tx, &entry).await?;
                tx.commit().await.context("committing the merge")?;
                Ok(ItemMergeOutcome::Merged(Box::new(after)))
            }

            async fn item_detail(&self, id: i64) -> anyhow::Result<Option<CatalogItemDetail>> {
                let mut connection = self
                    .pool
                    .acquire()
                    .await
                    .context("connecting to read an item")?;
                item_detail_in(&mut connection, id).await
            }

            #[tracing::instrument(skip(self, edit, actor))]
            async fn edit_item(
                &self,
                library: &str,
                id: i64,
                edit: &ItemEdit,
                actor: &Actor,
            ) -> anyhow::Result<EditItemOutcome> {
                let mut tx = self.locked("correct an item").await?;
                let current: Option<ItemFields> = sqlx::query_as(SELECT_FIELDS)
                    .bind(id)
                    .fetch_optional(&mut *tx)
                    .await
                    .context("reading the item to correct")?;
                let Some(current) = current else {
                    return Ok(EditItemOutcome::NotFound);
                };
                let category_id = match &edit.category_code {
                    None => None,
                    Some(code) => {
                        let found: Option<i64> =
                            sqlx::query_scalar("SELECT id FROM category WHERE code = $1")
                                .bind(code)
                                .fetch_optional(&mut *tx)
                                .await
                                .context("reading the category")?;
                        match found {
                            Some(found) => Some(found),
                            None => return Ok(EditItemOutcome::UnknownCategory),
                        }
                    }
                };
                let manufacturer_id = match edit.manufacturer_id {
                    None => current.manufacturer_id,
                    Some(None) => None,
                    Some(Some(id)) => {
                        if !manufacturer_exists(&mut tx, id).await? {
                            return Ok(EditItemOutcome::UnknownManufacturer);
                        }
                        Some(id)
                    }
                };
                let wanted = ItemFields {
                    name: edit.name.clone(),
                    description: edit.description.clone(),
                    category_id,
                    document_url: edit.document_url.clone(),
                    lifecycle: edit.lifecycle.clone(),
                    manufacturer_id,
                };
                if wanted == current {
                    let detail = item_detail_in(&mut tx, id)
                        .await?
                        .context("the item is gone")?;
                    return Ok(EditItemOutcome::Unchanged(Box::new(detail)));
                }
                let stored: Option<String> =
                    sqlx::query_scalar("SELECT original FROM item_override WHERE item_id = $1")
                        .bind(id)
                        .fetch_optional(&mut *tx)
                        .await
                        .context("reading the item's corrections")?;
                let original: FieldValues = match stored {
                    Some(original) => serde_json::from_str(&original)
                        .context("reading the item's source values")?,
                    None => FieldValues::new(),
                };
                let (corrections, original) = override_for(&current, &original, &wanted)?;
                let now = Utc::now().trunc_subsecs(3);
                sqlx::query(UPDATE_FIELDS)
                    .bind(id)
                    .bind(&wanted.name)
                    .bind(&wanted.description)
                    .bind(wanted.category_id)
                    .bind(&wanted.document_url)
                    .bind(&wanted.lifecycle)
                    .bind(wanted.manufacturer_id)
                    .execute(&mut *tx)
                    .await
                    .context("storing the item's corrected fields")?;
                if corrections.is_empty() {
                    sqlx::query("DELETE FROM item_override WHERE item_id = $1")
                        .bind(id)
                        .execute(&mut *tx)
                        .await
                        .context("dropping the item's corrections")?;
                } else {
                    sqlx::query(
                        "INSERT INTO item_override (item_id, fields, original, reason, \
                         updated_by, updated_at) VALUES ($1, $2, $3, $4, $5, $6) \
                         ON CONFLICT (item_id) DO UPDATE SET fields = excluded.fields, \
                         original = excluded.original, reason = excluded.reason, \
                         updated_by = excluded.updated_by, updated_at = excluded.updated_at",
                    )
                    .bind(id)
                    .bind(serde_json::Value::Object(corrections).to_string())
                    .bind(serde_json::Value::Object(original).to_string())
                    .bind(&edit.reason)
                    .bind(actor.user_id)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .context("storing the item's corrections")?;
                }
                sqlx::query(APPEND_CHANGE)
                    .bind(id)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .context("appending the change")?;
                let after = item_detail_in(&mut tx, id)
                    .await?
                    .context("the corrected item is gone")?;
                let changed = wanted.differing_from(&current)?;
                let previous = current.values()?;
                let entry = AuditEntry {
                    library,
                    actor,
                    action: ACTION_CATALOG_ITEM_UPDATE,
                    target_type: TARGET_CATALOG_ITEM,
                    target_id: id.to_string(),
                    before: serde_json::json!({
                        // A correction never changes the code.
                        "code": after.item.code,
                        "fields": changed
                            .keys()
                            .map(|field| (field.clone(), previous[field].clone()))
                            .collect::<FieldValues>(),
                    }),
                    after: serde_json::json!({
                        "code": after.item.code,
                        "fields": changed,
                        "reason": edit.reason,
                    }),
                };
                $record_audit(&mut *tx, &entry).await?;
                tx.commit().await.context("committing the item's correction")?;
                Ok(EditItemOutcome::Changed(Box::new(after)))
            }

            async fn item_parameters(&self, id: i64) -> anyhow::Result<Option<ItemParameters>> {
                let mut connection = self
                    .pool
                    .acquire()
                    .await
                    .context("connecting to read an item's parameters")?;
                item_parameters_in(&mut connection, id).await
            }

            #[tracing::instrument(skip(self, edit, actor))]
            async fn correct_parameters(
                &self,
                library: &str,
                id: i64,
                edit: &ParametersEdit,
                actor: &Actor,
            ) -> anyhow::Result<ParametersOutcome> {
                let mut tx = self.locked("correct an item's parameters").await?;
                let code: Option<String> = sqlx::query_scalar("SELECT code FROM item WHERE id = $1")
                    .bind(id)
                    .fetch_optional(&mut *tx)
                    .await
                    .context("reading the item to correct")?;
                let Some(code) = code else {
                    return Ok(ParametersOutcome::NotFound);
                };
                let current = parameters_in(&mut tx, id).await?;
                if same_parameters(&current, &edit.parameters) {
                    let parameters = parameters_view(&mut tx, id, &current).await?;
                    return Ok(ParametersOutcome::Unchanged(Box::new(parameters)));
                }
                let stored: Option<String> = sqlx::query_scalar(
                    "SELECT original FROM item_parameter_override WHERE item_id = $1",
                )
                .bind(id)
                .fetch_optional(&mut *tx)
                .await
                .context("reading the item's parameter correction")?;
                let source: Vec<Parameter> = match stored {
                    Some(original) => serde_json::from_str(&original)
                        .context("reading the source's parameters")?,
                    None => current.clone(),
                };
                let now = Utc::now().trunc_subsecs(3);
                write_parameters(&mut tx, id, &edit.parameters).await?;
                if same_parameters(&edit.parameters, &source) {
                    sqlx::query("DELETE FROM item_parameter_override WHERE item_id = $1")
                        .bind(id)
                        .execute(&mut *tx)
                        .await
                        .context("dropping the item's parameter correction")?;
                } else {
                    sqlx::query(
                        "INSERT INTO item_parameter_override (item_id, parameters, original, \
                         reason, updated_by, updated_at) VALUES ($1, $2, $3, $4, $5, $6) \
                         ON CONFLICT (item_id) DO UPDATE SET parameters = excluded.parameters, \
                         original = excluded.original, reason = excluded.reason, \
                         updated_by = excluded.updated_by, updated_at = excluded.updated_at",
                    )
                    .bind(id)
                    .bind(serde_json::to_string(&edit.parameters)?)
                    .bind(serde_json::to_string(&source)?)
                    .bind(&edit.reason)
                    .bind(actor.user_id)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .context("storing the item's parameter correction")?;
                }
                sqlx::query(APPEND_CHANGE)
                    .bind(id)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .context("appending the change")?;
                let entry = AuditEntry {
                    library,
                    actor,
                    action: ACTION_CATALOG_ITEM_PARAMETERS,
                    target_type: TARGET_CATALOG_ITEM,
                    target_id: id.to_string(),
                    before: serde_json::json!({
                        "code": code,
                        "parameters": audit_parameters(&current),
                    }),
                    after: serde_json::json!({
                        "code": code,
                        "parameters": audit_parameters(&edit.parameters),
                        "reason": edit.reason,
                    }),
                };
                $record_audit(&mut *tx, &entry).await?;
                let after = parameters_view(&mut tx, id, &edit.parameters).await?;
                tx.commit()
                    .await
                    .context("committing the item's parameter correction")?;
                Ok(ParametersOutcome::Changed(Box::new(after)))
            }

            async fn page_manufacturers(
                &self,
                filter: &ManufacturerFilter,
                offset: i64,
                limit: i64,
            ) -> anyhow::Result<(Vec<CatalogManufacturer>, i64)> {
                let mut connection = self
                    .pool
                    .acquire()
                    .await
                    .context("connecting to list manufacturers")?;
                if filter.duplicates {
                    let names: Vec<(i64, String)> =
                        sqlx::query_as("SELECT id, name FROM item_manufacturer")
                            .fetch_all(&mut *connection)
                            .await
                            .context("reading manufacturers' names")?;
                    let (page, total) =
                        duplicate_page(names, filter.keyword.as_deref(), offset, limit);
                    let ids: Vec<i64> = page.iter().map(|(id, _)| *id).collect();
                    let mut list = manufacturers_by_id(&mut connection, &ids).await?;
                    for manufacturer in &mut list {
                        manufacturer.duplicate_key = page
                            .iter()
                            .find(|(id, _)| *id == manufacturer.id)
                            .map(|(_, key)| key.clone());
                    }
                    return Ok((list, total));
                }
                let push_filter = |builder: &mut sqlx::QueryBuilder<'_, $db>| {
                    if let Some(keyword) = &filter.keyword {
                        let pattern = like_pattern(keyword);
                        builder
                            .push(" WHERE (m.name_key LIKE ")
                            .push_bind(pattern.clone())
                            .push(
                                " ESCAPE '\\' OR EXISTS (SELECT 1 FROM item_manufacturer_alias a \
                                 WHERE a.manufacturer_id = m.id AND LOWER(a.name) LIKE ",
                            )
                            .push_bind(pattern)
                            .push(" ESCAPE '\\') OR m.id = ")
                            .push_bind(keyword.parse::<i64>().ok())
                            .push(")");
                    }
                };
                let mut count =
                    sqlx::QueryBuilder::<$db>::new("SELECT COUNT(*) FROM item_manufacturer m");
                push_filter(&mut count);
                let total: i64 = count
                    .build_query_scalar()
                    .fetch_one(&mut *connection)
                    .await
                    .context("counting manufacturers")?;
                let mut list = sqlx::QueryBuilder::<$db>::new("SELECT m.id FROM item_manufacturer m");
                push_filter(&mut list);
                list.push(" ORDER BY m.name_key, m.id LIMIT ")
                    .push_bind(limit)
                    .push(" OFFSET ")
                    .push_bind(offset);
                let ids: Vec<i64> = list
                    .build_query_scalar()
                    .fetch_all(&mut *connection)
                    .await
                    .context("listing manufacturers")?;
                Ok((manufacturers_by_id(&mut connection, &ids).await?, total))
            }

            #[tracing::instrument(skip(self, edit, actor))]
            async fn edit_manufacturer(
                &self,
                library: &str,
                id: i64,
                edit: &ManufacturerEdit,
                actor: &Actor,
            ) -> anyhow::Result<EditOutcome> {
                let mut tx = self.locked("edit a manufacturer").await?;
                let Some(before) = manufacturer_in(&mut tx, id).await? else {
                    return Ok(EditOutcome::NotFound);
                };
                if before.name == edit.name && before.website == edit.website {
                    return Ok(EditOutcome::Unchanged(Box::new(before)));
                }
                let now = Utc::now().trunc_subsecs(3);
                if before.name != edit.name {
                    let holder: Option<i64> = sqlx::query_scalar(SELECT_NAME_HOLDER)
                        .bind(&edit.name)
                        .bind(id)
                        .fetch_optional(&mut *tx)
                        .await
                        .context("checking the manufacturer's new name")?;
                    if holder.is_some() {
                        return Ok(EditOutcome::NameTaken);
                    }
                    // One of its own aliases becomes its name again.
                    sqlx::query("DELETE FROM item_manufacturer_alias WHERE name = $1")
                        .bind(&edit.name)
                        .execute(&mut *tx)
                        .await
                        .context("dropping the alias of the new name")?;
                    sqlx::query(INSERT_ALIAS)
                        .bind(&before.name)
                        .bind(id)
                        .bind(now)
                        .execute(&mut *tx)
                        .await
                        .context("keeping the old name as an alias")?;
                    sqlx::query("UPDATE item_manufacturer SET name = $2, name_key = $3 WHERE id = $1")
                        .bind(id)
                        .bind(&edit.name)
                        .bind(edit.name.to_lowercase())
                        .execute(&mut *tx)
                        .await
                        .context("renaming the manufacturer")?;
                    sqlx::query(APPEND_MANUFACTURER_CHANGES)
                        .bind(id)
                        .bind(now)
                        .execute(&mut *tx)
                        .await
                        .context("appending the renamed manufacturer's changes")?;
                }
                sqlx::query("UPDATE item_manufacturer SET website = $2 WHERE id = $1")
                    .bind(id)
                    .bind(&edit.website)
                    .execute(&mut *tx)
                    .await
                    .context("storing the manufacturer's website")?;
                let after = manufacturer_in(&mut tx, id)
                    .await?
                    .context("the edited manufacturer is gone")?;
                let entry = AuditEntry {
                    library,
                    actor,
                    action: ACTION_MANUFACTURER_UPDATE,
                    target_type: TARGET_MANUFACTURER,
                    target_id: id.to_string(),
                    before: manufacturer_state(&before),
                    after: manufacturer_state(&after),
                };
                $record_audit(&mut *tx, &entry).await?;
                tx.commit()
                    .await
                    .context("committing the manufacturer's edit")?;
                Ok(EditOutcome::Changed(Box::new(after)))
            }

            #[tracing::instrument(skip(self, actor))]
            async fn merge_manufacturer(
                &self,
                library: &str,
                source: i64,
                target: i64,
                actor: &Actor,
            ) -> anyhow::Result<MergeOutcome> {
                let mut tx = self.locked("merge manufacturers").await?;
                let Some(source_before) = manufacturer_in(&mut tx, source).await? else {
                    return Ok(MergeOutcome::NotFound);
                };
                let Some(target_before) = manufacturer_in(&mut tx, target).await? else {
                    return Ok(MergeOutcome::NotFound);
                };
                let now = Utc::now().trunc_subsecs(3);
                sqlx::query(APPEND_MANUFACTURER_CHANGES)
                    .bind(source)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .context("appending the moved items' changes")?;
                let moved = sqlx::query("UPDATE item SET manufacturer_id = $2 WHERE manufacturer_id = $1")
                    .bind(source)
                    .bind(target)
                    .execute(&mut *tx)
                    .await
                    .context("moving the items")?
                    .rows_affected();
                sqlx::query(
                    "UPDATE item_manufacturer_alias SET manufacturer_id = $2 \
                     WHERE manufacturer_id = $1",
                )
                .bind(source)
                .bind(target)
                .execute(&mut *tx)
                .await
                .context("moving the aliases")?;
                sqlx::query(
                    "UPDATE item_manufacturer SET website = $2 WHERE id = $1 AND website IS NULL",
                )
                .bind(target)
                .bind(&source_before.website)
                .execute(&mut *tx)
                .await
                .context("keeping the merged manufacturer's website")?;
                repoint_corrections(&mut tx, source, target).await?;
                // Its old page shows the target; pages that showed it now show the target too.
                sqlx::query("UPDATE item_manufacturer_merged SET target_id = $2 WHERE target_id = $1")
                    .bind(source)
                    .bind(target)
                    .execute(&mut *tx)
                    .await
                    .context("following the merged manufacturer's earlier merges")?;
                sqlx::query(
                    "INSERT INTO item_manufacturer_merged (id, target_id, merged_at) \
                     VALUES ($1, $2, $3)",
                )
                .bind(source)
                .bind(target)
                .bind(now)
                .execute(&mut *tx)
                .await
                .context("recording where the manufacturer went")?;
                sqlx::query("DELETE FROM item_manufacturer WHERE id = $1")
                    .bind(source)
                    .execute(&mut *tx)
                    .await
                    .context("deleting the merged manufacturer")?;
                // The import now files records of the source's name under the target.
                sqlx::query(INSERT_ALIAS)
                    .bind(&source_before.name)
                    .bind(target)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .context("keeping the merged name as an alias")?;
                let target_after = manufacturer_in(&mut tx, target)
                    .await?
                    .context("the merge's target is gone")?;
                let moved = i64::try_from(moved).unwrap_or(i64::MAX);
                let entry = AuditEntry {
                    library,
                    actor,
                    action: ACTION_MANUFACTURER_MERGE,
                    target_type: TARGET_MANUFACTURER,
                    target_id: source.to_string(),
                    before: serde_json::json!({
                        "source": manufacturer_state(&source_before),
                        "target": manufacturer_state(&target_before),
                    }),
                    after: serde_json::json!({
                        "target": manufacturer_state(&target_after),
                        "moved": moved,
                    }),
                };
                $record_audit(&mut *tx, &entry).await?;
                tx.commit().await.context("committing the merge")?;
                Ok(MergeOutcome::Merged {
                    target: Box::new(target_after),
                    moved,
                })
            }
        }
    };
}

pub(crate) mod sqlite_impl {
    use super::*;
    catalog_admin_store!(
        SqliteCatalogAdminStore,
        SqlitePool,
        sqlx::Sqlite,
        SQLITE_UPSERT_LOCK,
        crate::audit::store::sqlite_impl::record
    );
}
pub(crate) mod postgres_impl {
    use super::*;
    catalog_admin_store!(
        PgCatalogAdminStore,
        PgPool,
        sqlx::Postgres,
        POSTGRES_UPSERT_LOCK,
        crate::audit::store::postgres_impl::record
    );
}
pub use postgres_impl::PgCatalogAdminStore;
pub use sqlite_impl::SqliteCatalogAdminStore;

kernel::repository! {
    /// The operators' item store of the library's database, whichever backend it is.
    #[derive(Clone)]
    pub enum CatalogAdminRepository: CatalogAdminStore {
        Sqlite(SqliteCatalogAdminStore),
        Postgres(PgCatalogAdminStore),
    }
    async fn page_items(&self, filter: &CatalogFilter, offset: i64, limit: i64) -> anyhow::Result<(Vec<CatalogItem>, i64)>;
    async fn set_visibility(&self, library: &str, id: i64, visibility: &Visibility, actor: &Actor) -> anyhow::Result<HideOutcome>;
    async fn merge_item(&self, library: &str, source: i64, merge: &ItemMerge, actor: &Actor) -> anyhow::Result<ItemMergeOutcome>;
    async fn item_detail(&self, id: i64) -> anyhow::Result<Option<CatalogItemDetail>>;
    async fn edit_item(&self, library: &str, id: i64, edit: &ItemEdit, actor: &Actor) -> anyhow::Result<EditItemOutcome>;
    async fn item_parameters(&self, id: i64) -> anyhow::Result<Option<ItemParameters>>;
    async fn correct_parameters(&self, library: &str, id: i64, edit: &ParametersEdit, actor: &Actor) -> anyhow::Result<ParametersOutcome>;
    async fn page_manufacturers(&self, filter: &ManufacturerFilter, offset: i64, limit: i64) -> anyhow::Result<(Vec<CatalogManufacturer>, i64)>;
    async fn edit_manufacturer(&self, library: &str, id: i64, edit: &ManufacturerEdit, actor: &Actor) -> anyhow::Result<EditOutcome>;
    async fn merge_manufacturer(&self, library: &str, source: i64, target: i64, actor: &Actor) -> anyhow::Result<MergeOutcome>;
}

#[cfg(test)]
mod tests {
    use super::code_key;

    #[test]
    fn the_duplicates_view_compares_what_the_index_holds() {
        for migration in [
            include_str!("../../migrations/sqlite/20261207000002_item_code_key.sql"),
            include_str!("../../migrations/postgres/20261207000002_item_code_key.sql"),
        ] {
            let indexed = code_key("i").replace("i.code", "code");
            assert!(
                migration.contains(&format!("ON item (({indexed}))")),
                "{migration}"
            );
        }
    }
}
