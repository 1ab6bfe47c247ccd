//! The `item_shape` table (migration `20261126000061_item_shape.sql`): one fingerprint per item
//! with a 3D model, keyed by what it was computed from, one store per backend stamped from one
//! macro like the item store.

use anyhow::Context;
use sqlx::{PgPool, SqlitePool};

/// What a stored row was computed from (the shape job compares it with the library's models).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredShapeKey {
    pub item_id: i64,
    pub model_key: String,
    pub version: i32,
}

/// A fingerprint (or the reason there is none) to store for one item.
#[derive(Debug, Clone, PartialEq)]
pub struct NewShape {
    pub item_id: i64,
    pub model_key: String,
    pub model_name: String,
    pub version: i32,
    /// `shape::encode` of the fingerprint; `None` with `error` when the model was unreadable.
    pub fingerprint: Option<Vec<u8>>,
    pub error: Option<String>,
}

/// A row's computed part, found by model key (items sharing a model share it).
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct ComputedShape {
    pub fingerprint: Option<Vec<u8>>,
    pub error: Option<String>,
}

/// A fingerprinted item as the in-memory index loads it.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct ShapeEntry {
    pub item_id: i64,
    pub category_id: Option<i64>,
    pub model_key: String,
    pub fingerprint: Vec<u8>,
}

/// One item's row (thumbnails, "find similar").
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct ShapeRow {
    pub item_id: i64,
    pub model_key: String,
    pub model_name: String,
    pub version: i32,
    pub fingerprint: Option<Vec<u8>>,
    pub error: Option<String>,
}

/// An item's model file of one kind (the kit's [`super::FileModels`]).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ModelFile {
    pub item_id: i64,
    pub name: String,
    pub digest: String,
}

/// The state of the table the index was loaded from: another count or newest time means rows
/// were written or deleted since.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct ShapeGeneration {
    pub stored: i64,
    pub newest: i64,
}

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait ShapeStore {
    /// Every stored row's key.
    async fn stored_keys(&self) -> anyhow::Result<Vec<StoredShapeKey>>;
    /// A row computed from `model_key` at `version`, if any (another item with the same model).
    async fn computed_by_key(
        &self,
        model_key: &str,
        version: i32,
    ) -> anyhow::Result<Option<ComputedShape>>;
    /// Inserts or replaces the rows of items that still exist (a row of an item deleted
    /// meanwhile is skipped), in one transaction.
    async fn put(&self, rows: &[NewShape], computed_at: i64) -> anyhow::Result<()>;
    async fn delete(&self, item_ids: &[i64]) -> anyhow::Result<u64>;
    async fn generation(&self) -> anyhow::Result<ShapeGeneration>;
    /// The fingerprinted items of `version`, with their categories.
    async fn entries(&self, version: i32) -> anyhow::Result<Vec<ShapeEntry>>;
    async fn row(&self, item_id: i64) -> anyhow::Result<Option<ShapeRow>>;
    /// The newest change-feed sequence of the item tables (0: none): the job looks at the
    /// models again when it moves.
    async fn newest_change(&self) -> anyhow::Result<i64>;
    /// Each item's file of `kind`, by item id (an item with several: the first by name).
    async fn model_files(&self, kind: &str) -> anyhow::Result<Vec<ModelFile>>;
}

const UPSERT_SHAPE: &str = "INSERT INTO item_shape \
     (item_id, model_key, model_name, version, fingerprint, error, computed_at) \
     SELECT $1, $2, $3, $4, $5, $6, $7 WHERE EXISTS (SELECT 1 FROM item WHERE id = $1) \
     ON CONFLICT (item_id) DO UPDATE SET model_key = excluded.model_key, \
     model_name = excluded.model_name, version = excluded.version, \
     fingerprint = excluded.fingerprint, error = excluded.error, \
     computed_at = excluded.computed_at";

macro_rules! shape_store {
    ($store:ident, $pool:ty) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }
        }

        impl ShapeStore for $store {
            async fn stored_keys(&self) -> anyhow::Result<Vec<StoredShapeKey>> {
                sqlx::query_as("SELECT item_id, model_key, version FROM item_shape")
                    .fetch_all(&self.pool)
                    .await
                    .context("reading the stored shape keys")
            }

            async fn computed_by_key(
                &self,
                model_key: &str,
                version: i32,
            ) -> anyhow::Result<Option<ComputedShape>> {
                sqlx::query_as(
                    "SELECT fingerprint, error FROM item_shape \
                     WHERE model_key = $1 AND version = $2 LIMIT 1",
                )
                .bind(model_key)
                .bind(version)
                .fetch_optional(&self.pool)
                .await
                .context("reading a shape by model key")
            }

            async fn put(&self, rows: &[NewShape], computed_at: i64) -> anyhow::Result<()> {
                let mut tx = self.pool.begin().await.context("starting a shape write")?;
                for row in rows {
                    sqlx::query(UPSERT_SHAPE)
                        .bind(row.item_id)
                        .bind(&row.model_key)
                        .bind(&row.model_name)
                        .bind(row.version)
                        .bind(row.fingerprint.as_deref())
                        .bind(row.error.as_deref())
                        .bind(computed_at)
                        .execute(&mut *tx)
                        .await
                        .context("writing a shape")?;
                }
                tx.commit().await.context("committing shapes")
            }

            async fn delete(&self, item_ids: &[i64]) -> anyhow::Result<u64> {
                let mut deleted = 0;
                for chunk in item_ids.chunks(500) {
                    let mut query =
                        sqlx::QueryBuilder::new("DELETE FROM item_shape WHERE item_id IN (");
                    let mut list = query.separated(", ");
                    for id in chunk {
                        list.push_bind(*id);
                    }
                    query.push(")");
                    deleted += query
                        .build()
                        .execute(&self.pool)
                        .await
                        .context("deleting shapes")?
                        .rows_affected();
                }
                Ok(deleted)
            }

            async fn generation(&self) -> anyhow::Result<ShapeGeneration> {
                sqlx::query_as(
                    "SELECT COUNT(*) AS stored, COALESCE(MAX(computed_at), 0) AS newest \
                     FROM item_shape",
                )
                .fetch_one(&self.pool)
                .await
                .context("reading the shape generation")
            }

            async fn entries(&self, version: i32) -> anyhow::Result<Vec<ShapeEntry>> {
                sqlx::query_as(
                    "SELECT s.item_id, i.category_id, s.model_key, s.fingerprint \
                     FROM item_shape s JOIN item i ON i.id = s.item_id \
                     WHERE s.version = $1 AND s.fingerprint IS NOT NULL ORDER BY s.item_id",
                )
                .bind(version)
                .fetch_all(&self.pool)
                .await
                .context("reading the shape entries")
            }

            async fn row(&self, item_id: i64) -> anyhow::Result<Option<ShapeRow>> {
                sqlx::query_as(
                    "SELECT item_id, model_key, model_name, version, fingerprint, error \
                     FROM item_shape WHERE item_id = $1",
                )
                .bind(item_id)
                .fetch_optional(&self.pool)
                .await
                .context("reading an item's shape")
            }

            async fn newest_change(&self) -> anyhow::Result<i64> {
                sqlx::query_scalar("SELECT COALESCE(MAX(seq), 0) FROM item_change")
                    .fetch_one(&self.pool)
                    .await
                    .context("reading the newest item change")
            }

            async fn model_files(&self, kind: &str) -> anyhow::Result<Vec<ModelFile>> {
                let mut files: Vec<ModelFile> = sqlx::query_as(
                    "SELECT l.item_id, f.name, f.digest FROM item_file_link l \
                     JOIN item_file f ON f.id = l.file_id WHERE f.kind = $1 \
                     ORDER BY l.item_id, f.name",
                )
                .bind(kind)
                .fetch_all(&self.pool)
                .await
                .context("listing model files")?;
                files.dedup_by_key(|file| file.item_id);
                Ok(files)
            }
        }
    };
}

shape_store!(SqliteShapeStore, SqlitePool);
shape_store!(PgShapeStore, PgPool);

kernel::repository! {
    /// The shape table of a library's database, whichever backend it is.
    #[derive(Clone)]
    pub enum ShapeRepository: ShapeStore {
        Sqlite(SqliteShapeStore),
        Postgres(PgShapeStore),
    }
    async fn stored_keys(&self) -> anyhow::Result<Vec<StoredShapeKey>>;
    async fn computed_by_key(&self, model_key: &str, version: i32) -> anyhow::Result<Option<ComputedShape>>;
    async fn put(&self, rows: &[NewShape], computed_at: i64) -> anyhow::Result<()>;
    async fn delete(&self, item_ids: &[i64]) -> anyhow::Result<u64>;
    async fn generation(&self) -> anyhow::Result<ShapeGeneration>;
    async fn entries(&self, version: i32) -> anyhow::Result<Vec<ShapeEntry>>;
    async fn row(&self, item_id: i64) -> anyhow::Result<Option<ShapeRow>>;
    async fn newest_change(&self) -> anyhow::Result<i64>;
    async fn model_files(&self, kind: &str) -> anyhow::Result<Vec<ModelFile>>;
}
