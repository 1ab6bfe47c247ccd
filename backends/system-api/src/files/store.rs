//! The files store: one trait, a SQLite and a PostgreSQL implementation stamped from one macro
//! (shared SQL, timestamps bound from Rust), and [`FileRepository`] dispatching on the pool.

use anyhow::Context;
use chrono::{DateTime, Utc};
use sqlx::{PgPool, SqlitePool};

use super::model::{
    FileRecord, NewFile, NewSession, SessionRecord, SESSION_COMPLETED, SESSION_CREATED,
    SESSION_UPLOADING,
};
use crate::accounts::store::now;

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait FileStore {
    async fn insert_file(&self, file: &NewFile) -> anyhow::Result<FileRecord>;
    async fn find_file(&self, id: i64) -> anyhow::Result<Option<FileRecord>>;
    /// The file served by `access_key`.
    async fn find_by_key(&self, access_key: &str) -> anyhow::Result<Option<FileRecord>>;
    /// The files among `ids` that exist (any owner), in id order; unknown ids are left out.
    /// Other services' features (feedback images) use it with [`owned_by`] to check the ids a
    /// client sends.
    async fn find_many(&self, ids: &[i64]) -> anyhow::Result<Vec<FileRecord>>;
    async fn insert_session(&self, session: &NewSession) -> anyhow::Result<SessionRecord>;
    async fn find_session(&self, upload_id: &str) -> anyhow::Result<Option<SessionRecord>>;
    /// The newest unfinished session of this user for the same name, size and business code
    /// (what a second `init` resumes).
    async fn find_resumable_session(
        &self,
        user_id: i64,
        file_name: &str,
        declared_size: Option<i64>,
        biz_code: &str,
    ) -> anyhow::Result<Option<SessionRecord>>;
    /// `uploading` → `completed`; `false` when the session was not uploading.
    async fn mark_completed(&self, upload_id: &str, size: i64) -> anyhow::Result<bool>;
    /// Stores the file of a completed session and marks the session `created`, in one
    /// transaction; `None` when the session was not `completed` (e.g. created meanwhile).
    async fn create_from_session(
        &self,
        upload_id: &str,
        file: &NewFile,
    ) -> anyhow::Result<Option<FileRecord>>;
    /// Sessions that never reached `created` and did not change since `before`.
    async fn stale_sessions(&self, before: DateTime<Utc>) -> anyhow::Result<Vec<SessionRecord>>;
    async fn delete_session(&self, upload_id: &str) -> anyhow::Result<()>;
    /// `user_id`'s files, newest first (`LIMIT`/`OFFSET` of `paging`), and their count.
    async fn files_of(
        &self,
        user_id: i64,
        paging: crate::operation::page::Paging,
    ) -> anyhow::Result<(Vec<FileRecord>, i64)>;
    /// Whether a feedback or a brand application (licence, logo) or a brand page names the file.
    async fn file_in_use(&self, id: i64) -> anyhow::Result<bool>;
    /// Forgets `user_id`'s file `id`; `false` when there is no such file of theirs.
    async fn delete_file(&self, id: i64, user_id: i64) -> anyhow::Result<bool>;
}

/// Keeps the files of `files` that belong to `user_id`; the ids that are missing or belong
/// to someone else come back in the error list.
pub fn owned_by(user_id: i64, ids: &[i64], files: &[FileRecord]) -> Result<(), Vec<i64>> {
    let missing: Vec<i64> = ids
        .iter()
        .copied()
        .filter(|id| {
            !files
                .iter()
                .any(|file| file.id == *id && file.user_id == user_id)
        })
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(missing)
    }
}

const FILE_COLUMNS: &str = "id, user_id, name, storage_key, storage, size, category, mime_type, \
     biz_code, module_type, md5, created_at, access_key";
const SESSION_COLUMNS: &str = "upload_id, user_id, storage_key, storage, file_name, biz_code, \
     module_type, category, mime_type, declared_size, declared_md5, status, completed_size, \
     file_id, created_at, updated_at";

macro_rules! file_store {
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

        async fn insert_file_in<'e, E>(executor: E, file: &NewFile) -> anyhow::Result<FileRecord>
        where
            E: sqlx::Executor<'e, Database = $db>,
        {
            sqlx::query_as(&format!(
                "INSERT INTO file (user_id, name, storage_key, storage, size, category, \
                 mime_type, biz_code, module_type, md5, created_at, updated_at, access_key) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12) \
                 RETURNING {FILE_COLUMNS}"
            ))
            .bind(file.user_id)
            .bind(&file.name)
            .bind(&file.storage_key)
            .bind(&file.storage)
            .bind(file.size)
            .bind(file.category.as_str())
            .bind(&file.mime_type)
            .bind(&file.biz_code)
            .bind(file.module_type)
            .bind(&file.md5)
            .bind(now())
            .bind(crate::files::model::new_access_key())
            .fetch_one(executor)
            .await
            .context("storing a file record")
        }

        impl FileStore for $store {
            async fn insert_file(&self, file: &NewFile) -> anyhow::Result<FileRecord> {
                insert_file_in(&self.pool, file).await
            }

            async fn find_file(&self, id: i64) -> anyhow::Result<Option<FileRecord>> {
                sqlx::query_as(&format!("SELECT {FILE_COLUMNS} FROM file WHERE id = $1"))
                    .bind(id)
                    .fetch_optional(&self.pool)
                    .await
                    .context("looking up a file")
            }

            async fn find_by_key(&self, access_key: &str) -> anyhow::Result<Option<FileRecord>> {
                sqlx::query_as(&format!(
                    "SELECT {FILE_COLUMNS} FROM file WHERE access_key = $1"
                ))
                .bind(access_key)
                .fetch_optional(&self.pool)
                .await
                .context("looking up a file by key")
            }

            async fn find_many(&self, ids: &[i64]) -> anyhow::Result<Vec<FileRecord>> {
                if ids.is_empty() {
                    return Ok(Vec::new());
                }
                // Placeholders $1..$N: the same text works on both backends.
                let placeholders: Vec<String> =
                    (1..=ids.len()).map(|index| format!("${index}")).collect();
                let sql = format!(
                    "SELECT {FILE_COLUMNS} FROM file WHERE id IN ({}) ORDER BY id",
                    placeholders.join(", ")
                );
                let mut query = sqlx::query_as(&sql);
                for id in ids {
                    query = query.bind(*id);
                }
                query
                    .fetch_all(&self.pool)
                    .await
                    .context("looking up files by id")
            }

            async fn insert_session(&self, session: &NewSession) -> anyhow::Result<SessionRecord> {
                sqlx::query_as(&format!(
                    "INSERT INTO file_upload_session (upload_id, user_id, storage_key, storage, \
                     file_name, biz_code, module_type, category, mime_type, declared_size, \
                     declared_md5, status, created_at, updated_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) \
                     RETURNING {SESSION_COLUMNS}"
                ))
                .bind(&session.upload_id)
                .bind(session.user_id)
                .bind(&session.storage_key)
                .bind(&session.storage)
                .bind(&session.file_name)
                .bind(&session.biz_code)
                .bind(session.module_type)
                .bind(session.category.as_str())
                .bind(&session.mime_type)
                .bind(session.declared_size)
                .bind(&session.declared_md5)
                .bind(SESSION_UPLOADING)
                .bind(now())
                .fetch_one(&self.pool)
                .await
                .context("storing an upload session")
            }

            async fn find_session(&self, upload_id: &str) -> anyhow::Result<Option<SessionRecord>> {
                sqlx::query_as(&format!(
                    "SELECT {SESSION_COLUMNS} FROM file_upload_session WHERE upload_id = $1"
                ))
                .bind(upload_id)
                .fetch_optional(&self.pool)
                .await
                .context("looking up an upload session")
            }

            async fn find_resumable_session(
                &self,
                user_id: i64,
                file_name: &str,
                declared_size: Option<i64>,
                biz_code: &str,
            ) -> anyhow::Result<Option<SessionRecord>> {
                // `IS NOT DISTINCT FROM` is spelled `IS` in SQLite; compare NULLs by hand.
                sqlx::query_as(&format!(
                    "SELECT {SESSION_COLUMNS} FROM file_upload_session \
                     WHERE user_id = $1 AND file_name = $2 AND biz_code = $3 AND status = $4 \
                     AND ((declared_size IS NULL AND $5 IS NULL) OR declared_size = $5) \
                     ORDER BY created_at DESC LIMIT 1"
                ))
                .bind(user_id)
                .bind(file_name)
                .bind(biz_code)
                .bind(SESSION_UPLOADING)
                .bind(declared_size)
                .fetch_optional(&self.pool)
                .await
                .context("looking up a resumable upload session")
            }

            async fn mark_completed(&self, upload_id: &str, size: i64) -> anyhow::Result<bool> {
                let result = sqlx::query(
                    "UPDATE file_upload_session SET status = $2, completed_size = $3, \
                     updated_at = $4 WHERE upload_id = $1 AND status = $5",
                )
                .bind(upload_id)
                .bind(SESSION_COMPLETED)
                .bind(size)
                .bind(now())
                .bind(SESSION_UPLOADING)
                .execute(&self.pool)
                .await
                .context("completing an upload session")?;
                Ok(result.rows_affected() == 1)
            }

            async fn create_from_session(
                &self,
                upload_id: &str,
                file: &NewFile,
            ) -> anyhow::Result<Option<FileRecord>> {
                let mut tx = self
                    .pool
                    .begin()
                    .await
                    .context("starting the transaction")?;
                let claimed = sqlx::query(
                    "UPDATE file_upload_session SET status = $2, updated_at = $3 \
                     WHERE upload_id = $1 AND status = $4",
                )
                .bind(upload_id)
                .bind(SESSION_CREATED)
                .bind(now())
                .bind(SESSION_COMPLETED)
                .execute(&mut *tx)
                .await
                .context("claiming the upload session")?;
                if claimed.rows_affected() != 1 {
                    return Ok(None);
                }
                let record = insert_file_in(&mut *tx, file).await?;
                sqlx::query("UPDATE file_upload_session SET file_id = $2 WHERE upload_id = $1")
                    .bind(upload_id)
                    .bind(record.id)
                    .execute(&mut *tx)
                    .await
                    .context("linking the session to its file")?;
                tx.commit().await.context("committing the file")?;
                Ok(Some(record))
            }

            async fn stale_sessions(
                &self,
                before: DateTime<Utc>,
            ) -> anyhow::Result<Vec<SessionRecord>> {
                sqlx::query_as(&format!(
                    "SELECT {SESSION_COLUMNS} FROM file_upload_session \
                     WHERE status <> $1 AND updated_at < $2 ORDER BY updated_at"
                ))
                .bind(SESSION_CREATED)
                .bind(before)
                .fetch_all(&self.pool)
                .await
                .context("listing stale upload sessions")
            }

            async fn delete_session(&self, upload_id: &str) -> anyhow::Result<()> {
                sqlx::query("DELETE FROM file_upload_session WHERE upload_id = $1")
                    .bind(upload_id)
                    .execute(&self.pool)
                    .await
                    .context("deleting an upload session")?;
                Ok(())
            }

            async fn files_of(
                &self,
                user_id: i64,
                paging: crate::operation::page::Paging,
            ) -> anyhow::Result<(Vec<FileRecord>, i64)> {
                let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM file WHERE user_id = $1")
                    .bind(user_id)
                    .fetch_one(&self.pool)
                    .await
                    .context("counting a user's files")?;
                let rows = sqlx::query_as(&format!(
                    "SELECT {FILE_COLUMNS} FROM file WHERE user_id = $1 \
                     ORDER BY id DESC LIMIT $2 OFFSET $3"
                ))
                .bind(user_id)
                .bind(paging.limit)
                .bind(paging.offset)
                .fetch_all(&self.pool)
                .await
                .context("listing a user's files")?;
                Ok((rows, total))
            }

            async fn file_in_use(&self, id: i64) -> anyhow::Result<bool> {
                let id = id.to_string();
                let used: Option<i64> = sqlx::query_scalar(
                    "SELECT CAST(1 AS BIGINT) FROM feedback_message WHERE ',' || images || ',' LIKE $2 \
                     UNION ALL SELECT CAST(1 AS BIGINT) FROM brand_application \
                     WHERE licence_file_id = $1 OR logo_file_id = $1 \
                     UNION ALL SELECT CAST(1 AS BIGINT) FROM brand WHERE logo_file_id = $1 LIMIT 1",
                )
                .bind(&id)
                .bind(format!("%,{id},%"))
                .fetch_optional(&self.pool)
                .await
                .context("looking for uses of a file")?;
                Ok(used.is_some())
            }

            async fn delete_file(&self, id: i64, user_id: i64) -> anyhow::Result<bool> {
                let done = sqlx::query("DELETE FROM file WHERE id = $1 AND user_id = $2")
                    .bind(id)
                    .bind(user_id)
                    .execute(&self.pool)
                    .await
                    .context("deleting a file")?;
                Ok(done.rows_affected() == 1)
            }
        }
    };
}

mod sqlite {
    use super::*;
    file_store!(SqliteFileStore, SqlitePool, sqlx::Sqlite);
}
mod postgres {
    use super::*;
    file_store!(PgFileStore, PgPool, sqlx::Postgres);
}
pub use postgres::PgFileStore;
pub use sqlite::SqliteFileStore;

kernel::repository! {
    /// The store of the service's database.
    #[derive(Clone)]
    pub enum FileRepository: FileStore {
        Sqlite(SqliteFileStore),
        Postgres(PgFileStore),
    }
    async fn insert_file(&self, file: &NewFile) -> anyhow::Result<FileRecord>;
    async fn find_file(&self, id: i64) -> anyhow::Result<Option<FileRecord>>;
    async fn find_by_key(&self, access_key: &str) -> anyhow::Result<Option<FileRecord>>;
    async fn find_many(&self, ids: &[i64]) -> anyhow::Result<Vec<FileRecord>>;
    async fn insert_session(&self, session: &NewSession) -> anyhow::Result<SessionRecord>;
    async fn find_session(&self, upload_id: &str) -> anyhow::Result<Option<SessionRecord>>;
    async fn find_resumable_session(&self, user_id: i64, file_name: &str, declared_size: Option<i64>, biz_code: &str) -> anyhow::Result<Option<SessionRecord>>;
    async fn mark_completed(&self, upload_id: &str, size: i64) -> anyhow::Result<bool>;
    async fn create_from_session(&self, upload_id: &str, file: &NewFile) -> anyhow::Result<Option<FileRecord>>;
    async fn stale_sessions(&self, before: DateTime<Utc>) -> anyhow::Result<Vec<SessionRecord>>;
    async fn delete_session(&self, upload_id: &str) -> anyhow::Result<()>;
    async fn files_of(&self, user_id: i64, paging: crate::operation::page::Paging) -> anyhow::Result<(Vec<FileRecord>, i64)>;
    async fn file_in_use(&self, id: i64) -> anyhow::Result<bool>;
    async fn delete_file(&self, id: i64, user_id: i64) -> anyhow::Result<bool>;
}
