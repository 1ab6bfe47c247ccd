//! The parts library's own queries, over its extension table `part_variant` (docs/parts.md):
//! what recommendations look for — the nuts and washers of a thread, the same part in other
//! standards, the next sizes — and over `part_model`, the cache of generated models and
//! drawings (key → blob digest). Everything else is the kit's item store.

use sqlx::{PgPool, Postgres, QueryBuilder, Sqlite, SqlitePool};

/// The `part_variant` row of an item.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct VariantRow {
    pub item_id: i64,
    pub family: String,
    pub kind: String,
    pub standard: String,
    pub size: String,
    pub thread: Option<String>,
    pub diameter_mm: Option<f64>,
    pub length_mm: Option<f64>,
}

/// One variant of a family and standard, as the variant table lists it.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct SiblingRow {
    pub item_id: i64,
    pub code: String,
    pub size: String,
    pub diameter_mm: Option<f64>,
    pub length_mm: Option<f64>,
}

/// How many variants a family and standard has.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct FamilyCount {
    pub family: String,
    pub standard: String,
    pub count: i64,
}

/// What the shape search needs of a variant to name and key its model (`shapes`).
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct ShapeSourceRow {
    pub item_id: i64,
    pub family: String,
    pub standard: String,
    pub size: String,
    pub length_mm: Option<f64>,
    pub content_digest: String,
}

/// Which neighbours of a size [`VariantStore::next_sizes`] answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Smaller,
    Larger,
}

#[allow(async_fn_in_trait)]
pub trait VariantStore {
    async fn variant_of(&self, item_id: i64) -> anyhow::Result<Option<VariantRow>>;
    /// Parts of `kind` with `thread` (nuts, washers), those of `prefer_size` (the same pitch)
    /// and of the most common standard first.
    async fn with_thread(
        &self,
        kind: &str,
        thread: &str,
        prefer_size: &str,
        limit: i64,
    ) -> anyhow::Result<Vec<i64>>;
    /// The same kind, size and length in another standard (`variant`'s family first).
    async fn in_other_standards(
        &self,
        variant: &VariantRow,
        limit: i64,
    ) -> anyhow::Result<Vec<i64>>;
    /// The nearest sizes of the same family and standard (of the same length when the variant
    /// has one), nearest first.
    async fn next_sizes(
        &self,
        variant: &VariantRow,
        direction: Direction,
        limit: i64,
    ) -> anyhow::Result<Vec<i64>>;
    /// Every variant of `variant`'s family and standard, smallest size first, then by length
    /// (the detail page's variant table).
    async fn siblings(&self, variant: &VariantRow) -> anyhow::Result<Vec<SiblingRow>>;
    /// Variants per family and standard (a few dozen rows).
    async fn family_counts(&self) -> anyhow::Result<Vec<FamilyCount>>;
    /// Every variant with its item's content digest, by id (the shape search's models).
    async fn shape_sources(&self) -> anyhow::Result<Vec<ShapeSourceRow>>;
    /// The digest and size of the generated file stored under `cache_key`, if any.
    async fn model_of(&self, cache_key: &str) -> anyhow::Result<Option<(String, i64)>>;
    /// Remembers (or replaces) the generated file of `cache_key`.
    async fn record_model(&self, cache_key: &str, digest: &str, size: i64) -> anyhow::Result<()>;
}

const COLUMNS: &str = "item_id, family, kind, standard, size, thread, diameter_mm, length_mm";

macro_rules! variant_store {
    ($store:ident, $pool:ty, $db:ty) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }

            async fn ids(&self, mut query: QueryBuilder<'_, $db>) -> anyhow::Result<Vec<i64>> {
                let rows: Vec<(i64,)> = query.build_query_as().fetch_all(&self.pool).await?;
                Ok(rows.into_iter().map(|(id,)| id).collect())
            }
        }

        impl VariantStore for $store {
            async fn variant_of(&self, item_id: i64) -> anyhow::Result<Option<VariantRow>> {
                let mut query = QueryBuilder::<$db>::new(format!(
                    "SELECT {COLUMNS} FROM part_variant WHERE item_id = "
                ));
                query.push_bind(item_id);
                Ok(query.build_query_as().fetch_optional(&self.pool).await?)
            }

            async fn with_thread(
                &self,
                kind: &str,
                thread: &str,
                prefer_size: &str,
                limit: i64,
            ) -> anyhow::Result<Vec<i64>> {
                let mut query = QueryBuilder::<$db>::new(
                    "SELECT v.item_id FROM part_variant v JOIN item i ON i.id = v.item_id \
                     AND i.hidden_at IS NULL WHERE v.kind = ",
                );
                query.push_bind(kind.to_string());
                query.push(" AND v.thread = ");
                query.push_bind(thread.to_string());
                query.push(" ORDER BY CASE WHEN v.size = ");
                query.push_bind(prefer_size.to_string());
                query.push(" THEN 0 ELSE 1 END, i.code, v.item_id LIMIT ");
                query.push_bind(limit);
                self.ids(query).await
            }

            async fn in_other_standards(
                &self,
                variant: &VariantRow,
                limit: i64,
            ) -> anyhow::Result<Vec<i64>> {
                let mut query = QueryBuilder::<$db>::new(
                    "SELECT v.item_id FROM part_variant v JOIN item i ON i.id = v.item_id \
                     AND i.hidden_at IS NULL WHERE v.kind = ",
                );
                query.push_bind(variant.kind.clone());
                query.push(" AND v.standard <> ");
                query.push_bind(variant.standard.clone());
                match &variant.thread {
                    Some(thread) => {
                        query.push(" AND v.thread = ");
                        query.push_bind(thread.clone());
                    }
                    None => {
                        query.push(" AND v.size = ");
                        query.push_bind(variant.size.clone());
                    }
                }
                match variant.length_mm {
                    Some(length) => {
                        query.push(" AND ABS(v.length_mm - ");
                        query.push_bind(length);
                        query.push(") < 0.001");
                    }
                    None => {
                        query.push(" AND v.length_mm IS NULL");
                    }
                }
                query.push(" ORDER BY CASE WHEN v.family = ");
                query.push_bind(variant.family.clone());
                query.push(" THEN 0 ELSE 1 END, i.code, v.item_id LIMIT ");
                query.push_bind(limit);
                self.ids(query).await
            }

            async fn next_sizes(
                &self,
                variant: &VariantRow,
                direction: Direction,
                limit: i64,
            ) -> anyhow::Result<Vec<i64>> {
                let Some(diameter) = variant.diameter_mm else {
                    return Ok(Vec::new());
                };
                // Hidden sizes are skipped (catalog's `VISIBLE`), not answered as a gap.
                let mut query = QueryBuilder::<$db>::new(
                    "SELECT item_id FROM part_variant WHERE item_id NOT IN \
                     (SELECT id FROM item WHERE hidden_at IS NOT NULL) AND family = ",
                );
                query.push_bind(variant.family.clone());
                query.push(" AND standard = ");
                query.push_bind(variant.standard.clone());
                query.push(match direction {
                    Direction::Smaller => " AND diameter_mm < ",
                    Direction::Larger => " AND diameter_mm > ",
                });
                query.push_bind(diameter);
                if let Some(length) = variant.length_mm {
                    query.push(" AND ABS(length_mm - ");
                    query.push_bind(length);
                    query.push(") < 0.001");
                }
                query.push(match direction {
                    Direction::Smaller => " ORDER BY diameter_mm DESC, item_id LIMIT ",
                    Direction::Larger => " ORDER BY diameter_mm, item_id LIMIT ",
                });
                query.push_bind(limit);
                self.ids(query).await
            }

            async fn siblings(&self, variant: &VariantRow) -> anyhow::Result<Vec<SiblingRow>> {
                // COALESCE: SQLite sorts NULL first, PostgreSQL last; every importer row has a
                // diameter (profiles an order), so this only keeps the two backends equal.
                let mut query = QueryBuilder::<$db>::new(
                    "SELECT v.item_id, i.code, v.size, v.diameter_mm, v.length_mm \
                     FROM part_variant v JOIN item i ON i.id = v.item_id \
                     AND i.hidden_at IS NULL WHERE v.family = ",
                );
                query.push_bind(variant.family.clone());
                query.push(" AND v.standard = ");
                query.push_bind(variant.standard.clone());
                query.push(
                    " ORDER BY COALESCE(v.diameter_mm, 0), v.size, COALESCE(v.length_mm, 0), \
                     v.item_id",
                );
                Ok(query.build_query_as().fetch_all(&self.pool).await?)
            }

            async fn family_counts(&self) -> anyhow::Result<Vec<FamilyCount>> {
                let mut query = QueryBuilder::<$db>::new(
                    "SELECT family, standard, COUNT(*) AS count FROM part_variant \
                     GROUP BY family, standard",
                );
                Ok(query.build_query_as().fetch_all(&self.pool).await?)
            }

            async fn shape_sources(&self) -> anyhow::Result<Vec<ShapeSourceRow>> {
                let mut query = QueryBuilder::<$db>::new(
                    "SELECT v.item_id, v.family, v.standard, v.size, v.length_mm, \
                     i.content_digest FROM part_variant v JOIN item i ON i.id = v.item_id \
                     ORDER BY v.item_id",
                );
                Ok(query.build_query_as().fetch_all(&self.pool).await?)
            }

            async fn model_of(&self, cache_key: &str) -> anyhow::Result<Option<(String, i64)>> {
                let mut query = QueryBuilder::<$db>::new(
                    "SELECT digest, size FROM part_model WHERE cache_key = ",
                );
                query.push_bind(cache_key.to_string());
                Ok(query.build_query_as().fetch_optional(&self.pool).await?)
            }

            async fn record_model(
                &self,
                cache_key: &str,
                digest: &str,
                size: i64,
            ) -> anyhow::Result<()> {
                let mut query = QueryBuilder::<$db>::new(
                    "INSERT INTO part_model (cache_key, digest, size) VALUES (",
                );
                query.push_bind(cache_key.to_string());
                query.push(", ");
                query.push_bind(digest.to_string());
                query.push(", ");
                query.push_bind(size);
                query.push(
                    ") ON CONFLICT (cache_key) DO UPDATE SET digest = excluded.digest, \
                     size = excluded.size",
                );
                query.build().execute(&self.pool).await?;
                Ok(())
            }
        }
    };
}

variant_store!(SqliteVariantStore, SqlitePool, Sqlite);
variant_store!(PgVariantStore, PgPool, Postgres);

kernel::repository! {
    /// The `part_variant` queries of the part service's database, whichever backend it is.
    #[derive(Clone)]
    pub enum VariantRepository: VariantStore {
        Sqlite(SqliteVariantStore),
        Postgres(PgVariantStore),
    }
    async fn variant_of(&self, item_id: i64) -> anyhow::Result<Option<VariantRow>>;
    async fn with_thread(&self, kind: &str, thread: &str, prefer_size: &str, limit: i64) -> anyhow::Result<Vec<i64>>;
    async fn in_other_standards(&self, variant: &VariantRow, limit: i64) -> anyhow::Result<Vec<i64>>;
    async fn next_sizes(&self, variant: &VariantRow, direction: Direction, limit: i64) -> anyhow::Result<Vec<i64>>;
    async fn siblings(&self, variant: &VariantRow) -> anyhow::Result<Vec<SiblingRow>>;
    async fn family_counts(&self) -> anyhow::Result<Vec<FamilyCount>>;
    async fn shape_sources(&self) -> anyhow::Result<Vec<ShapeSourceRow>>;
    async fn model_of(&self, cache_key: &str) -> anyhow::Result<Option<(String, i64)>>;
    async fn record_model(&self, cache_key: &str, digest: &str, size: i64) -> anyhow::Result<()>;
}
