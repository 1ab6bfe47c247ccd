//! The components library's data on the library kit (docs/adding-a-library.md): the kit's item
//! store (`catalog::item::store::ItemRepository`) holds what every library has; the extension
//! table `component_kicad` holds what only components have (KiCad symbol and footprint, pins,
//! package). [`KicadStore`] answers the queries over `item JOIN component_kicad` that are this
//! library's own (SQLite and PostgreSQL from one macro, [`KicadRepository`] choosing);
//! [`ComponentRepository`] puts both together into [`ComponentRecord`]s, and stores imported
//! components (file bytes in the blob store through `ItemFiles`, the record through the kit's
//! upsert).

use std::collections::HashMap;

use anyhow::Context;
use catalog::item::{
    files::{ItemFiles, RunFiles},
    model::{
        Change, ExtensionRow, ExtensionValue, IndexDocument, ItemFile, ItemRecord, NewItem,
        NewManufacturer, UpsertReport,
    },
    store::{ItemRepository, ItemStore},
};
use sqlx::{PgPool, Postgres, QueryBuilder, Sqlite, SqlitePool};

use crate::items::ComponentItems;
use crate::model::{ComponentRecord, FileKind, NewComponent};

/// Name under which `seed_state` records the digest of the imported seed.
pub const COMPONENT_SEED: &str = "components";

/// The components' extension table.
pub const KICAD_TABLE: &str = "component_kicad";

/// A search index document of a component: the kit's item and parameters with its
/// `component_kicad` row.
pub type ComponentDocument = IndexDocument<KicadRow>;

/// The `component_kicad` row of a component.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, sqlx::FromRow)]
pub struct KicadRow {
    pub item_id: i64,
    /// KiCad `Lib:Symbol`.
    pub symbol_ref: Option<String>,
    /// KiCad `Lib:Footprint` the symbol names, if any.
    pub footprint_ref: Option<String>,
    /// JSON array of KiCad footprint filter globs.
    pub footprint_filters: String,
    pub reference_prefix: Option<String>,
    pub value: Option<String>,
    pub pin_count: i32,
    pub unit_count: i32,
    /// Package family derived from the footprint (`SOIC-8`, `0603`).
    pub package: Option<String>,
    /// The first symbol of the component's standalone symbol file, the root of its `extends`
    /// chain ([`crate::recommend::symbol_root`]); `None` without a symbol file.
    pub symbol_root: Option<String>,
}

impl KicadRow {
    /// The row of an item that has none (never written by this library's importer).
    pub fn missing(item_id: i64) -> Self {
        Self {
            item_id,
            symbol_ref: None,
            footprint_ref: None,
            footprint_filters: "[]".to_owned(),
            reference_prefix: None,
            value: None,
            pin_count: 0,
            unit_count: 0,
            package: None,
            symbol_root: None,
        }
    }
}

/// The queries over `item JOIN component_kicad` that only the components library has.
#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait KicadStore {
    /// The `component_kicad` rows of `ids` that have one.
    async fn kicad_of(&self, ids: &[i64]) -> anyhow::Result<HashMap<i64, KicadRow>>;
    /// `(id, part number)` of components whose part number starts with `prefix` as SQL's
    /// `LIKE` sees it (callers compare exactly), by part number.
    async fn with_part_number_prefix(
        &self,
        prefix: &str,
        limit: i64,
    ) -> anyhow::Result<Vec<(i64, String)>>;
    /// `(component id, root symbol)` of components whose KiCad symbol lies in `library`, by id.
    async fn symbol_roots_in_library(
        &self,
        library: &str,
        limit: i64,
    ) -> anyhow::Result<Vec<(i64, String)>>;
    /// The root symbol of each of `ids` that has a KiCad symbol file.
    async fn symbol_roots_of(&self, ids: &[i64]) -> anyhow::Result<HashMap<i64, String>>;
    /// Ids of components naming the footprint, those of `prefer_category` first, then by part
    /// number.
    async fn with_footprint(
        &self,
        footprint_ref: &str,
        prefer_category: Option<i64>,
        limit: i64,
    ) -> anyhow::Result<Vec<i64>>;
    /// Ids of components of one category with the same package family and pin count, by part
    /// number.
    async fn with_package(
        &self,
        category_id: i64,
        package: &str,
        pin_count: i32,
        limit: i64,
    ) -> anyhow::Result<Vec<i64>>;
    /// `(category_id, count)` of every category directly holding components that have a KiCad
    /// symbol (what the KiCad HTTP library can offer).
    async fn category_counts(&self) -> anyhow::Result<Vec<(i64, i64)>>;
    /// Part numbers held by more than one component (KiCad names must be unique).
    async fn duplicate_part_numbers(&self) -> anyhow::Result<Vec<String>>;
}

/// `prefix%` for LIKE, with LIKE's wildcards in the prefix taken literally (case kept: callers
/// compare exactly afterwards, as SQLite's LIKE ignores ASCII case and PostgreSQL's does not).
fn like_prefix(prefix: &str) -> String {
    let escaped = prefix
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("{escaped}%")
}

/// Components with their KiCad rows; hidden items are left out (catalog's `VISIBLE`).
const FROM_COMPONENT: &str =
    "FROM item i JOIN component_kicad c ON c.item_id = i.id AND i.hidden_at IS NULL";

macro_rules! kicad_store {
    ($store:ident, $pool:ty, $db:ty) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }
        }

        impl KicadStore for $store {
            async fn kicad_of(&self, ids: &[i64]) -> anyhow::Result<HashMap<i64, KicadRow>> {
                if ids.is_empty() {
                    return Ok(HashMap::new());
                }
                let mut query = QueryBuilder::<$db>::new(
                    "SELECT item_id, symbol_ref, footprint_ref, footprint_filters, \
                     reference_prefix, value, pin_count, unit_count, package, symbol_root \
                     FROM component_kicad WHERE item_id IN (",
                );
                let mut list = query.separated(", ");
                for id in ids {
                    list.push_bind(*id);
                }
                query.push(")");
                let rows: Vec<KicadRow> = query
                    .build_query_as()
                    .fetch_all(&self.pool)
                    .await
                    .context("reading KiCad rows")?;
                Ok(rows.into_iter().map(|row| (row.item_id, row)).collect())
            }

            async fn with_part_number_prefix(
                &self,
                prefix: &str,
                limit: i64,
            ) -> anyhow::Result<Vec<(i64, String)>> {
                sqlx::query_as(&format!(
                    "SELECT i.id, i.code {FROM_COMPONENT} WHERE i.code LIKE $1 ESCAPE '\\' \
                     ORDER BY i.code, i.id LIMIT $2"
                ))
                .bind(like_prefix(prefix))
                .bind(limit)
                .fetch_all(&self.pool)
                .await
                .context("listing components by part-number prefix")
            }

            async fn symbol_roots_in_library(
                &self,
                library: &str,
                limit: i64,
            ) -> anyhow::Result<Vec<(i64, String)>> {
                let library_prefix = format!("{library}:");
                let rows: Vec<(i64, String, String)> = sqlx::query_as(&format!(
                    "SELECT i.id, c.symbol_root, c.symbol_ref {FROM_COMPONENT} \
                         WHERE c.symbol_root IS NOT NULL AND c.symbol_ref LIKE $1 ESCAPE '\\' \
                         ORDER BY i.id LIMIT $2"
                ))
                .bind(like_prefix(&library_prefix))
                .bind(limit)
                .fetch_all(&self.pool)
                .await
                .context("reading the symbols of a library")?;
                Ok(rows
                    .into_iter()
                    .filter(|(_, _, symbol)| symbol.starts_with(&library_prefix))
                    .map(|(id, root, _)| (id, root))
                    .collect())
            }

            async fn symbol_roots_of(&self, ids: &[i64]) -> anyhow::Result<HashMap<i64, String>> {
                if ids.is_empty() {
                    return Ok(HashMap::new());
                }
                let mut query = QueryBuilder::<$db>::new(
                    "SELECT item_id, symbol_root FROM component_kicad \
                     WHERE symbol_root IS NOT NULL AND item_id IN (",
                );
                let mut list = query.separated(", ");
                for id in ids {
                    list.push_bind(*id);
                }
                query.push(")");
                let rows: Vec<(i64, String)> = query
                    .build_query_as()
                    .fetch_all(&self.pool)
                    .await
                    .context("reading symbol roots")?;
                Ok(rows.into_iter().collect())
            }

            async fn with_footprint(
                &self,
                footprint_ref: &str,
                prefer_category: Option<i64>,
                limit: i64,
            ) -> anyhow::Result<Vec<i64>> {
                sqlx::query_scalar(&format!(
                    "SELECT i.id {FROM_COMPONENT} WHERE c.footprint_ref = $1 \
                     ORDER BY CASE WHEN i.category_id = $2 THEN 0 ELSE 1 END, i.code, i.id \
                     LIMIT $3"
                ))
                .bind(footprint_ref)
                .bind(prefer_category)
                .bind(limit)
                .fetch_all(&self.pool)
                .await
                .context("listing components by footprint")
            }

            async fn with_package(
                &self,
                category_id: i64,
                package: &str,
                pin_count: i32,
                limit: i64,
            ) -> anyhow::Result<Vec<i64>> {
                sqlx::query_scalar(&format!(
                    "SELECT i.id {FROM_COMPONENT} WHERE i.category_id = $1 AND c.package = $2 \
                     AND c.pin_count = $3 ORDER BY i.code, i.id LIMIT $4"
                ))
                .bind(category_id)
                .bind(package)
                .bind(pin_count)
                .bind(limit)
                .fetch_all(&self.pool)
                .await
                .context("listing components by package")
            }

            async fn category_counts(&self) -> anyhow::Result<Vec<(i64, i64)>> {
                sqlx::query_as(&format!(
                    "SELECT i.category_id, COUNT(*) {FROM_COMPONENT} \
                     WHERE i.category_id IS NOT NULL AND c.symbol_ref IS NOT NULL \
                     GROUP BY i.category_id ORDER BY i.category_id"
                ))
                .fetch_all(&self.pool)
                .await
                .context("counting components per category")
            }

            async fn duplicate_part_numbers(&self) -> anyhow::Result<Vec<String>> {
                sqlx::query_scalar(&format!(
                    "SELECT i.code {FROM_COMPONENT} GROUP BY i.code HAVING COUNT(*) > 1"
                ))
                .fetch_all(&self.pool)
                .await
                .context("finding repeated part numbers")
            }
        }
    };
}

kicad_store!(SqliteKicadStore, SqlitePool, Sqlite);
kicad_store!(PgKicadStore, PgPool, Postgres);

kernel::repository! {
    /// The KiCad queries of the component service's database, whichever backend it is.
    #[derive(Clone)]
    pub enum KicadRepository: KicadStore {
        Sqlite(SqliteKicadStore),
        Postgres(PgKicadStore),
    }
    async fn kicad_of(&self, ids: &[i64]) -> anyhow::Result<HashMap<i64, KicadRow>>;
    async fn with_part_number_prefix(&self, prefix: &str, limit: i64) -> anyhow::Result<Vec<(i64, String)>>;
    async fn symbol_roots_in_library(&self, library: &str, limit: i64) -> anyhow::Result<Vec<(i64, String)>>;
    async fn symbol_roots_of(&self, ids: &[i64]) -> anyhow::Result<HashMap<i64, String>>;
    async fn with_footprint(&self, footprint_ref: &str, prefer_category: Option<i64>, limit: i64) -> anyhow::Result<Vec<i64>>;
    async fn with_package(&self, category_id: i64, package: &str, pin_count: i32, limit: i64) -> anyhow::Result<Vec<i64>>;
    async fn category_counts(&self) -> anyhow::Result<Vec<(i64, i64)>>;
    async fn duplicate_part_numbers(&self) -> anyhow::Result<Vec<String>>;
}

/// The components library's store: the kit's items, their KiCad rows and their files.
#[derive(Clone)]
pub struct ComponentRepository {
    /// Everything generic (parameters, files, manufacturers, change feed, seed digests).
    pub items: ItemRepository,
    pub kicad: KicadRepository,
    pub files: ItemFiles,
}

impl ComponentRepository {
    pub fn new(db: &kernel::Database, files: ItemFiles) -> Self {
        Self {
            items: ItemRepository::new(db),
            kicad: KicadRepository::new(db),
            files,
        }
    }

    /// The library as the kit's routes and search documents see it (its summaries' extras).
    pub fn library(&self) -> ComponentItems {
        ComponentItems {
            kicad: self.kicad.clone(),
        }
    }

    /// `items` as component records, in the same order.
    async fn records(&self, items: Vec<ItemRecord>) -> anyhow::Result<Vec<ComponentRecord>> {
        let ids: Vec<i64> = items.iter().map(|item| item.id).collect();
        let mut rows = self.kicad.kicad_of(&ids).await?;
        Ok(items
            .into_iter()
            .map(|item| {
                let kicad = rows
                    .remove(&item.id)
                    .unwrap_or_else(|| KicadRow::missing(item.id));
                ComponentRecord { item, kicad }
            })
            .collect())
    }

    /// The components of `ids` that exist, in the order of `ids`.
    async fn in_order(&self, ids: &[i64]) -> anyhow::Result<Vec<ComponentRecord>> {
        let mut by_id: HashMap<i64, ComponentRecord> = self
            .get_many(ids)
            .await?
            .into_iter()
            .map(|record| (record.item.id, record))
            .collect();
        Ok(ids.iter().filter_map(|id| by_id.remove(id)).collect())
    }

    pub async fn count(&self) -> anyhow::Result<i64> {
        self.items.count().await
    }

    pub async fn get(&self, id: i64) -> anyhow::Result<Option<ComponentRecord>> {
        match self.items.get(id).await? {
            Some(item) => Ok(self.records(vec![item]).await?.pop()),
            None => Ok(None),
        }
    }

    /// The components of `ids` that exist, in no particular order.
    pub async fn get_many(&self, ids: &[i64]) -> anyhow::Result<Vec<ComponentRecord>> {
        let items = self.items.get_many(ids).await?;
        self.records(items).await
    }

    /// Components directly in one category, by part number.
    pub async fn list_in_category(
        &self,
        category_id: i64,
        offset: i64,
        limit: i64,
    ) -> anyhow::Result<Vec<ComponentRecord>> {
        let page = self
            .items
            .list_in_category(category_id, offset, limit)
            .await?;
        self.records(page.items).await
    }

    /// Components whose part number starts with `prefix` (exactly, case-sensitive), by part
    /// number: the candidates of a part-number stem.
    pub async fn list_with_part_number_prefix(
        &self,
        prefix: &str,
        limit: i64,
    ) -> anyhow::Result<Vec<ComponentRecord>> {
        let ids: Vec<i64> = self
            .kicad
            .with_part_number_prefix(prefix, limit)
            .await?
            .into_iter()
            .filter(|(_, code)| code.starts_with(prefix))
            .map(|(id, _)| id)
            .collect();
        self.in_order(&ids).await
    }

    /// Components naming the footprint `footprint_ref`, those of `prefer_category` first, then
    /// by part number.
    pub async fn list_with_footprint(
        &self,
        footprint_ref: &str,
        prefer_category: Option<i64>,
        limit: i64,
    ) -> anyhow::Result<Vec<ComponentRecord>> {
        let ids = self
            .kicad
            .with_footprint(footprint_ref, prefer_category, limit)
            .await?;
        self.in_order(&ids).await
    }

    /// Components of one category with the same package family and pin count, by part number.
    pub async fn list_with_package(
        &self,
        category_id: i64,
        package: &str,
        pin_count: i32,
        limit: i64,
    ) -> anyhow::Result<Vec<ComponentRecord>> {
        let ids = self
            .kicad
            .with_package(category_id, package, pin_count, limit)
            .await?;
        self.in_order(&ids).await
    }

    /// The file of `kind` a component offers, if any (the first by name).
    pub async fn file_of(&self, id: i64, kind: FileKind) -> anyhow::Result<Option<ItemFile>> {
        Ok(self
            .items
            .files_of(id)
            .await?
            .into_iter()
            .find(|file| file.kind == kind.as_str()))
    }

    /// The bytes of the file of `kind` a component offers, if any.
    pub async fn file_content(
        &self,
        id: i64,
        kind: FileKind,
    ) -> anyhow::Result<Option<(ItemFile, Vec<u8>)>> {
        let Some(file) = self.file_of(id, kind).await? else {
            return Ok(None);
        };
        let content = self.files.read(&file.digest).await?;
        Ok(Some((file, content)))
    }

    /// The change feed: entries after `after_seq`, oldest first.
    pub async fn changes_since(&self, after_seq: i64, limit: i64) -> anyhow::Result<Vec<Change>> {
        self.items.changes_since(after_seq, limit).await
    }

    /// Documents for the search index, by id after `after_id` (a rebuild reads in pages).
    pub async fn index_documents(
        &self,
        after_id: i64,
        limit: i64,
    ) -> anyhow::Result<Vec<ComponentDocument>> {
        let documents = self.items.index_documents(after_id, limit).await?;
        self.with_kicad(documents).await
    }

    /// Documents for the search index of the components of `ids` that exist.
    pub async fn documents_by_ids(&self, ids: &[i64]) -> anyhow::Result<Vec<ComponentDocument>> {
        let items = self.items.get_many(ids).await?;
        let mut parameters = self.items.parameters_of(ids).await?;
        let documents = items
            .into_iter()
            .map(|item| IndexDocument {
                parameters: parameters.remove(&item.id).unwrap_or_default(),
                item,
                extension: (),
            })
            .collect();
        self.with_kicad(documents).await
    }

    async fn with_kicad(
        &self,
        documents: Vec<IndexDocument>,
    ) -> anyhow::Result<Vec<ComponentDocument>> {
        let ids: Vec<i64> = documents.iter().map(|document| document.item.id).collect();
        let mut rows = self.kicad.kicad_of(&ids).await?;
        Ok(documents
            .into_iter()
            .map(|document| {
                let id = document.item.id;
                document.with_extension(rows.remove(&id).unwrap_or_else(|| KicadRow::missing(id)))
            })
            .collect())
    }

    /// Stores each component by `(source, source_id)` through the kit's upsert (one
    /// transaction; unchanged records are left alone): the file bytes first, content-addressed
    /// in the blob store, then the items with their `component_kicad` rows.
    pub async fn upsert(&self, components: &[NewComponent]) -> anyhow::Result<UpsertReport> {
        let mut run = RunFiles::default();
        let mut items = Vec::with_capacity(components.len());
        for component in components {
            items.push(self.new_item(component, &mut run).await?);
        }
        self.files.sync_run(&mut run).await?;
        self.items.upsert(&items).await
    }

    /// The kit's record of `component`, its files stored (content-addressed) in the blob store
    /// unless `run` stored the same bytes already; `ItemFiles::sync_run` makes them durable
    /// before the record is stored.
    pub async fn new_item(
        &self,
        component: &NewComponent,
        run: &mut RunFiles,
    ) -> anyhow::Result<NewItem> {
        let mut files = Vec::with_capacity(component.files.len());
        let mut symbol_root = None;
        for file in &component.files {
            if file.kind == FileKind::Symbol && symbol_root.is_none() {
                // The head of the file names its first symbol (the root of the chain).
                let head = &file.content[..file.content.len().min(512)];
                symbol_root = crate::recommend::symbol_root(head);
            }
            files.push(
                self.files
                    .put_in_run(
                        run,
                        file.kind.as_str(),
                        &file.name,
                        &file.media_type,
                        &file.content,
                    )
                    .await
                    .with_context(|| format!("storing the files of {}", component.source_id))?,
            );
        }
        let text = |value: &Option<String>| ExtensionValue::Text(value.clone());
        let extension = ExtensionRow {
            table: KICAD_TABLE,
            columns: vec![
                ("symbol_ref", text(&component.symbol_ref)),
                ("footprint_ref", text(&component.footprint_ref)),
                (
                    "footprint_filters",
                    ExtensionValue::Text(Some(serde_json::to_string(
                        &component.footprint_filters,
                    )?)),
                ),
                ("reference_prefix", text(&component.reference_prefix)),
                ("value", text(&component.value)),
                (
                    "pin_count",
                    ExtensionValue::Integer(Some(component.pin_count.into())),
                ),
                (
                    "unit_count",
                    ExtensionValue::Integer(Some(component.unit_count.into())),
                ),
                ("package", text(&component.package)),
                ("symbol_root", ExtensionValue::Text(symbol_root)),
            ],
        };
        Ok(NewItem {
            source: component.source.clone(),
            source_id: component.source_id.clone(),
            code: component.part_number.clone(),
            name: component.name.clone(),
            manufacturer: component.manufacturer.as_ref().map(|m| NewManufacturer {
                name: m.name.clone(),
                website: m.website.clone(),
                method: m.method.to_owned(),
            }),
            category_code: component.category_code.clone(),
            category_method: component.category_method.clone(),
            description: component.description.clone(),
            keywords: component.keywords.clone(),
            document_url: component.datasheet.clone(),
            lifecycle: component.lifecycle.clone(),
            license: component.license.clone(),
            attributes: serde_json::json!({}),
            parameters: component.parameters.clone(),
            files,
            links: Vec::new(),
            extension: Some(extension),
        })
    }
}
