//! Dictionary data store (same SQL on both backends).

use anyhow::Context;
use kernel::Database;
use serde::Serialize;
use utoipa::ToSchema;

/// A dictionary entry as `list-all-simple` answers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictDataSimple {
    pub dict_type: String,
    /// Values are strings, also for numbers (e.g. `"30"`).
    pub value: String,
    pub label: String,
    pub color_type: String,
    pub css_class: String,
}

pub struct DictDataStore {
    db: Database,
}

const LIST_ENABLED: &str = "SELECT dict_type, value, label, color_type, css_class FROM dict_data \
     WHERE status = 0 ORDER BY dict_type, sort, id";
const LIST_ENABLED_OF_TYPE: &str = "SELECT dict_type, value, label, color_type, css_class \
     FROM dict_data WHERE status = 0 AND dict_type = $1 ORDER BY sort, id";

impl DictDataStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Enabled entries, all or of one type.
    #[tracing::instrument(skip(self))]
    pub async fn list_enabled(
        &self,
        dict_type: Option<&str>,
    ) -> anyhow::Result<Vec<DictDataSimple>> {
        let sql = if dict_type.is_some() {
            LIST_ENABLED_OF_TYPE
        } else {
            LIST_ENABLED
        };
        let rows = match &self.db {
            Database::Sqlite(pool) => {
                let mut query = sqlx::query_as(sql);
                if let Some(dict_type) = dict_type {
                    query = query.bind(dict_type);
                }
                query.fetch_all(pool).await
            }
            Database::Postgres(pool) => {
                let mut query = sqlx::query_as(sql);
                if let Some(dict_type) = dict_type {
                    query = query.bind(dict_type);
                }
                query.fetch_all(pool).await
            }
        };
        rows.context("listing dictionary data")
    }
}
