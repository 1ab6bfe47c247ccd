//! The `enterprise_item` table (migration `20261127000081_enterprise_item.sql`), one store per
//! backend stamped from one macro like the kit's other stores. Every member query is bounded by
//! the organisation it is given; a review is one conditional `UPDATE … WHERE state = 'pending'`,
//! so of two operators deciding at once exactly one wins.

use anyhow::Context;
use chrono::{DateTime, SubsecRound, Utc};
use sqlx::{PgPool, SqlitePool};

use crate::audit::{Actor, AuditEntry, ACTION_ENTERPRISE_ITEM_REVIEW, TARGET_ENTERPRISE_ITEM};

use super::files::ModelViews;
use super::{
    EnterpriseFile, EnterpriseItem, EnterpriseItemState, EnterpriseParameter, Review, ValidDraft,
};

/// Which items a list wants.
#[derive(Debug, Clone, Default)]
pub struct ItemFilter {
    /// `None`: every organisation (operators only).
    pub org_id: Option<i64>,
    pub state: Option<EnterpriseItemState>,
    /// Matched case-insensitively against code, name and manufacturer.
    pub keyword: Option<String>,
    /// Only what everyone may see: approved items their organisation shows.
    pub public_only: bool,
}

/// A page of items and the total over all pages.
#[derive(Debug, Clone)]
pub struct ItemPage {
    pub items: Vec<EnterpriseItem>,
    pub total: i64,
}

/// Who submits, into which library.
#[derive(Debug, Clone, Copy)]
pub struct Submitter<'a> {
    pub library: &'a str,
    pub org_id: i64,
    pub user_id: i64,
}

/// What became of a review.
#[derive(Debug, Clone)]
pub enum ReviewOutcome {
    Reviewed(Box<EnterpriseItem>),
    NotFound,
    /// Someone decided first.
    AlreadyReviewed,
}

/// What became of a resubmission.
#[derive(Debug, Clone)]
pub enum ResubmitOutcome {
    Resubmitted(Box<EnterpriseItem>),
    /// No such item in the organisation.
    NotFound,
    /// The item waits for its review (pending): it is not changed under the reviewer.
    UnderReview,
}

/// What became of giving a model file of a pending item its thumbnail.
#[derive(Debug, Clone)]
pub enum ThumbnailOutcome {
    Set(Box<EnterpriseItem>),
    /// No such item in the organisation.
    NotFound,
    /// Reviewed (or resubmitted and reviewed) meanwhile: only a pending item takes one.
    NotPending,
    /// The item no longer has that file at that place (resubmitted meanwhile).
    FileGone,
}

/// What became of showing or hiding an item.
#[derive(Debug, Clone)]
pub enum ShowcaseOutcome {
    Changed(Box<EnterpriseItem>),
    NotFound,
    /// Pending or rejected: never shown.
    NotApproved,
}

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait EnterpriseStore {
    /// Stores a pending submission with its `files` (already in the item store) and answers it.
    async fn submit(
        &self,
        submitter: Submitter<'_>,
        draft: &ValidDraft,
        files: &[EnterpriseFile],
    ) -> anyhow::Result<EnterpriseItem>;
    /// Stores every draft, with its stored files, as a pending submission in one transaction
    /// (all or none); answers how many.
    async fn submit_many(
        &self,
        submitter: Submitter<'_>,
        drafts: &[(ValidDraft, Vec<EnterpriseFile>)],
    ) -> anyhow::Result<usize>;
    /// Replaces an approved or rejected item of `submitter`'s organisation with `draft` and
    /// `files`, pending review again (the last review's remark, reviewer and time cleared).
    async fn resubmit(
        &self,
        submitter: Submitter<'_>,
        id: i64,
        draft: &ValidDraft,
        files: &[EnterpriseFile],
    ) -> anyhow::Result<ResubmitOutcome>;
    /// Item `id` of `library`, only when it belongs to `org_id` (`None`: any organisation).
    async fn get(
        &self,
        library: &str,
        id: i64,
        org_id: Option<i64>,
    ) -> anyhow::Result<Option<EnterpriseItem>>;
    /// A page of `library`'s items; newest first, or oldest first when `queue` (review order).
    async fn list(
        &self,
        library: &str,
        filter: &ItemFilter,
        queue: bool,
        offset: i64,
        limit: i64,
    ) -> anyhow::Result<ItemPage>;
    /// Shows or hides item `id` of `org_id` on the organisation's public page; only an approved
    /// item is shown (the `UPDATE` checks it), hiding always works.
    async fn showcase(
        &self,
        library: &str,
        id: i64,
        org_id: i64,
        showcased: bool,
    ) -> anyhow::Result<ShowcaseOutcome>;
    /// Sets the thumbnail and shape fingerprint of file `index` of pending item `id` of
    /// `org_id`, when that file is still the one whose content is `file_digest`.
    async fn set_thumbnail(
        &self,
        library: &str,
        id: i64,
        org_id: i64,
        index: usize,
        file_digest: &str,
        views: &ModelViews,
    ) -> anyhow::Result<ThumbnailOutcome>;
    /// Decides a pending item, with its entry in the library's audit log (one transaction).
    async fn review(
        &self,
        library: &str,
        id: i64,
        review: &Review,
        reviewer: &Actor,
    ) -> anyhow::Result<ReviewOutcome>;
}

const SELECT_ITEMS: &str = "SELECT e.id, e.library, e.org_id, e.state, e.code, e.name, \
     e.category_id, COALESCE(c.name, '') AS category_name, \
     COALESCE(c.name_en, '') AS category_name_en, e.manufacturer, e.description, e.parameters, \
     e.files, e.remark, e.submitted_by, e.reviewed_by, e.created_at, e.reviewed_at, e.showcased \
     FROM enterprise_item e LEFT JOIN category c ON c.id = e.category_id";

#[derive(sqlx::FromRow)]
struct ItemRow {
    id: i64,
    library: String,
    org_id: i64,
    state: String,
    code: String,
    name: String,
    category_id: Option<i64>,
    category_name: String,
    category_name_en: String,
    manufacturer: Option<String>,
    description: String,
    parameters: String,
    files: String,
    remark: Option<String>,
    submitted_by: i64,
    reviewed_by: Option<i64>,
    created_at: DateTime<Utc>,
    reviewed_at: Option<DateTime<Utc>>,
    showcased: bool,
}

impl ItemRow {
    fn into_item(self) -> anyhow::Result<EnterpriseItem> {
        let parameters: Vec<EnterpriseParameter> = serde_json::from_str(&self.parameters)
            .with_context(|| format!("reading the parameters of enterprise item {}", self.id))?;
        let files: Vec<EnterpriseFile> = serde_json::from_str(&self.files)
            .with_context(|| format!("reading the files of enterprise item {}", self.id))?;
        Ok(EnterpriseItem {
            id: self.id,
            library: self.library,
            org_id: self.org_id,
            state: EnterpriseItemState::from_stored(&self.state)?,
            code: self.code,
            name: self.name,
            category_id: self.category_id,
            category_name: self.category_name,
            category_name_en: self.category_name_en,
            manufacturer: self.manufacturer,
            description: self.description,
            parameters,
            files,
            remark: self.remark,
            submitted_by: self.submitted_by,
            reviewed_by: self.reviewed_by,
            create_time: self.created_at.timestamp_millis(),
            review_time: self.reviewed_at.map(|at| at.timestamp_millis()),
            showcased: self.showcased,
        })
    }
}

/// `%keyword%` with LIKE's wildcards escaped (`\`), lower-cased.
pub(crate) fn like_pattern(keyword: &str) -> String {
    let escaped = keyword
        .to_lowercase()
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

/// The WHERE clause of `filter` over `library` (`$1`), with its bound values in order from `$2`.
fn conditions(filter: &ItemFilter) -> (String, Vec<Bound>) {
    let mut clause = String::from(" WHERE e.library = $1");
    let mut bound = Vec::new();
    if let Some(org_id) = filter.org_id {
        bound.push(Bound::Int(org_id));
        clause.push_str(&format!(" AND e.org_id = ${}", bound.len() + 1));
    }
    if let Some(state) = filter.state {
        bound.push(Bound::Text(state.as_str().to_owned()));
        clause.push_str(&format!(" AND e.state = ${}", bound.len() + 1));
    }
    if filter.public_only {
        clause.push_str(" AND e.showcased AND e.state = 'approved'");
    }
    if let Some(keyword) = filter
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        bound.push(Bound::Text(like_pattern(keyword)));
        let n = bound.len() + 1;
        clause.push_str(&format!(
            " AND (LOWER(e.code) LIKE ${n} ESCAPE '\\' OR LOWER(e.name) LIKE ${n} ESCAPE '\\' \
             OR LOWER(COALESCE(e.manufacturer, '')) LIKE ${n} ESCAPE '\\')"
        ));
    }
    (clause, bound)
}

enum Bound {
    Int(i64),
    Text(String),
}

/// The JSON columns of a draft: its parameters and its files.
fn encoded_columns(
    draft: &ValidDraft,
    files: &[EnterpriseFile],
) -> anyhow::Result<(String, String)> {
    Ok((
        serde_json::to_string(&draft.parameters).context("encoding the parameters")?,
        serde_json::to_string(files).context("encoding the files")?,
    ))
}

/// Reads and compare-and-sets of an item's files before a thumbnail gives up (each lost race
/// means another writer changed the item; a handful in a row is not contention but a bug).
const THUMBNAIL_ATTEMPTS: usize = 5;

/// `$query` with every value of `$bound` bound in order (queries of any kind have `bind`).
macro_rules! bind_all {
    ($query:expr, $bound:expr) => {{
        let mut query = $query;
        for value in $bound {
            query = match value {
                Bound::Int(value) => query.bind(*value),
                Bound::Text(value) => query.bind(value.clone()),
            };
        }
        query
    }};
}

macro_rules! enterprise_store {
    ($store:ident, $pool:ty, $db:ty, $record_audit:path) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }
        }

        /// Inserts one pending submission; answers its id.
        async fn insert<'e>(
            executor: impl sqlx::Executor<'e, Database = $db>,
            submitter: Submitter<'_>,
            draft: &ValidDraft,
            files: &[EnterpriseFile],
            now: DateTime<Utc>,
        ) -> anyhow::Result<i64> {
            let (parameters, files) = encoded_columns(draft, files)?;
            sqlx::query_scalar(
                "INSERT INTO enterprise_item (library, org_id, state, code, name, \
                 category_id, manufacturer, description, parameters, submitted_by, created_at, \
                 files) \
                 VALUES ($1, $2, 'pending', $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
            )
            .bind(submitter.library)
            .bind(submitter.org_id)
            .bind(&draft.code)
            .bind(&draft.name)
            .bind(draft.category_id)
            .bind(&draft.manufacturer)
            .bind(&draft.description)
            .bind(parameters)
            .bind(submitter.user_id)
            .bind(now)
            .bind(files)
            .fetch_one(executor)
            .await
            .context("storing the enterprise item")
        }

        impl EnterpriseStore for $store {
            #[tracing::instrument(skip_all, fields(library = submitter.library, org = submitter.org_id))]
            async fn submit(
                &self,
                submitter: Submitter<'_>,
                draft: &ValidDraft,
                files: &[EnterpriseFile],
            ) -> anyhow::Result<EnterpriseItem> {
                let id = insert(&self.pool, submitter, draft, files, Utc::now().trunc_subsecs(3))
                    .await?;
                self.get(submitter.library, id, Some(submitter.org_id))
                    .await?
                    .ok_or_else(|| anyhow::anyhow!("enterprise item {id} vanished after its insert"))
            }

            #[tracing::instrument(skip_all, fields(library = submitter.library, org = submitter.org_id, items = drafts.len()))]
            async fn submit_many(
                &self,
                submitter: Submitter<'_>,
                drafts: &[(ValidDraft, Vec<EnterpriseFile>)],
            ) -> anyhow::Result<usize> {
                let now = Utc::now().trunc_subsecs(3);
                let mut tx = self.pool.begin().await.context("starting the transaction")?;
                for (draft, files) in drafts {
                    insert(&mut *tx, submitter, draft, files, now).await?;
                }
                tx.commit().await.context("committing the batch")?;
                Ok(drafts.len())
            }

            async fn get(
                &self,
                library: &str,
                id: i64,
                org_id: Option<i64>,
            ) -> anyhow::Result<Option<EnterpriseItem>> {
                let row: Option<ItemRow> = sqlx::query_as(&format!(
                    "{SELECT_ITEMS} WHERE e.library = $1 AND e.id = $2 \
                     AND ($3 IS NULL OR e.org_id = $3)"
                ))
                .bind(library)
                .bind(id)
                .bind(org_id)
                .fetch_optional(&self.pool)
                .await
                .context("reading the enterprise item")?;
                row.map(ItemRow::into_item).transpose()
            }

            async fn list(
                &self,
                library: &str,
                filter: &ItemFilter,
                queue: bool,
                offset: i64,
                limit: i64,
            ) -> anyhow::Result<ItemPage> {
                let (clause, bound) = conditions(filter);
                let count_sql = format!("SELECT COUNT(*) FROM enterprise_item e{clause}");
                let count = bind_all!(sqlx::query_scalar(&count_sql).bind(library), &bound);
                let total: i64 = count
                    .fetch_one(&self.pool)
                    .await
                    .context("counting enterprise items")?;
                let order = if queue { "ASC" } else { "DESC" };
                let n = bound.len() + 2;
                let sql = format!(
                    "{SELECT_ITEMS}{clause} ORDER BY e.id {order} LIMIT ${n} OFFSET ${}",
                    n + 1
                );
                let rows = bind_all!(sqlx::query_as::<_, ItemRow>(&sql).bind(library), &bound)
                    .bind(limit)
                    .bind(offset)
                    .fetch_all(&self.pool)
                    .await
                    .context("listing enterprise items")?;
                let items = rows
                    .into_iter()
                    .map(ItemRow::into_item)
                    .collect::<anyhow::Result<_>>()?;
                Ok(ItemPage { items, total })
            }

            #[tracing::instrument(skip(self, draft, files))]
            async fn resubmit(
                &self,
                submitter: Submitter<'_>,
                id: i64,
                draft: &ValidDraft,
                files: &[EnterpriseFile],
            ) -> anyhow::Result<ResubmitOutcome> {
                let (parameters, files) = encoded_columns(draft, files)?;
                // The state is checked by the UPDATE itself: of two resubmissions at once, or a
                // resubmission beside a review, one sees the other's result.
                let changed = sqlx::query(
                    "UPDATE enterprise_item SET state = 'pending', code = $4, name = $5, \
                     category_id = $6, manufacturer = $7, description = $8, parameters = $9, \
                     files = $10, submitted_by = $11, remark = NULL, reviewed_by = NULL, \
                     reviewed_at = NULL \
                     WHERE library = $1 AND id = $2 AND org_id = $3 \
                     AND state IN ('approved', 'rejected')",
                )
                .bind(submitter.library)
                .bind(id)
                .bind(submitter.org_id)
                .bind(&draft.code)
                .bind(&draft.name)
                .bind(draft.category_id)
                .bind(&draft.manufacturer)
                .bind(&draft.description)
                .bind(parameters)
                .bind(files)
                .bind(submitter.user_id)
                .execute(&self.pool)
                .await
                .context("storing the resubmission")?
                .rows_affected();
                let item = self.get(submitter.library, id, Some(submitter.org_id)).await?;
                Ok(match (changed, item) {
                    (_, None) => ResubmitOutcome::NotFound,
                    (0, Some(_)) => ResubmitOutcome::UnderReview,
                    (_, Some(item)) => ResubmitOutcome::Resubmitted(Box::new(item)),
                })
            }

            #[tracing::instrument(skip(self))]
            async fn showcase(
                &self,
                library: &str,
                id: i64,
                org_id: i64,
                showcased: bool,
            ) -> anyhow::Result<ShowcaseOutcome> {
                // Checked by the UPDATE: a resubmission at the same moment (back to pending)
                // and a "show" never leave a pending item shown.
                let changed = sqlx::query(
                    "UPDATE enterprise_item SET showcased = $4 \
                     WHERE library = $1 AND id = $2 AND org_id = $3 \
                     AND (state = 'approved' OR NOT $4)",
                )
                .bind(library)
                .bind(id)
                .bind(org_id)
                .bind(showcased)
                .execute(&self.pool)
                .await
                .context("storing the showcase flag")?
                .rows_affected();
                let item = self.get(library, id, Some(org_id)).await?;
                Ok(match (changed, item) {
                    (_, None) => ShowcaseOutcome::NotFound,
                    (0, Some(_)) => ShowcaseOutcome::NotApproved,
                    (_, Some(item)) => ShowcaseOutcome::Changed(Box::new(item)),
                })
            }

            #[tracing::instrument(skip(self))]
            async fn set_thumbnail(
                &self,
                library: &str,
                id: i64,
                org_id: i64,
                index: usize,
                file_digest: &str,
                views: &ModelViews,
            ) -> anyhow::Result<ThumbnailOutcome> {
                // Compare-and-set on the whole `files` column: a review, a resubmission or
                // another thumbnail landing between the read and the write makes the UPDATE
                // match nothing, and the item is read again.
                for _ in 0..THUMBNAIL_ATTEMPTS {
                    let row: Option<(String, String)> = sqlx::query_as(
                        "SELECT state, files FROM enterprise_item \
                         WHERE library = $1 AND id = $2 AND org_id = $3",
                    )
                    .bind(library)
                    .bind(id)
                    .bind(org_id)
                    .fetch_optional(&self.pool)
                    .await
                    .context("reading the item's files")?;
                    let Some((state, stored)) = row else {
                        return Ok(ThumbnailOutcome::NotFound);
                    };
                    if state != EnterpriseItemState::Pending.as_str() {
                        return Ok(ThumbnailOutcome::NotPending);
                    }
                    let mut files: Vec<EnterpriseFile> = serde_json::from_str(&stored)
                        .with_context(|| format!("reading the files of enterprise item {id}"))?;
                    match files.get_mut(index) {
                        Some(file) if file.digest == file_digest => {
                            file.thumbnail = views.thumbnail.clone();
                            file.shape = views.shape.clone();
                        }
                        _ => return Ok(ThumbnailOutcome::FileGone),
                    }
                    let changed = sqlx::query(
                        "UPDATE enterprise_item SET files = $5 \
                         WHERE library = $1 AND id = $2 AND org_id = $3 \
                         AND state = 'pending' AND files = $4",
                    )
                    .bind(library)
                    .bind(id)
                    .bind(org_id)
                    .bind(&stored)
                    .bind(serde_json::to_string(&files).context("encoding the files")?)
                    .execute(&self.pool)
                    .await
                    .context("storing the thumbnail")?
                    .rows_affected();
                    if changed == 1 {
                        let item = self.get(library, id, Some(org_id)).await?;
                        return Ok(item.map_or(ThumbnailOutcome::NotFound, |item| {
                            ThumbnailOutcome::Set(Box::new(item))
                        }));
                    }
                }
                anyhow::bail!("enterprise item {id} kept changing while its thumbnail was stored")
            }

            #[tracing::instrument(skip(self, review, reviewer))]
            async fn review(
                &self,
                library: &str,
                id: i64,
                review: &Review,
                reviewer: &Actor,
            ) -> anyhow::Result<ReviewOutcome> {
                // The decision and its audit entry commit together, or neither does.
                let mut tx = self.pool.begin().await.context("starting the review")?;
                let decided = sqlx::query(
                    "UPDATE enterprise_item SET state = $3, remark = $4, reviewed_by = $5, \
                     reviewed_at = $6 WHERE library = $1 AND id = $2 AND state = 'pending'",
                )
                .bind(library)
                .bind(id)
                .bind(review.state.as_str())
                .bind(&review.remark)
                .bind(reviewer.user_id)
                .bind(Utc::now().trunc_subsecs(3))
                .execute(&mut *tx)
                .await
                .context("storing the review")?
                .rows_affected();
                let row: Option<ItemRow> = sqlx::query_as(&format!(
                    "{SELECT_ITEMS} WHERE e.library = $1 AND e.id = $2"
                ))
                .bind(library)
                .bind(id)
                .fetch_optional(&mut *tx)
                .await
                .context("reading the reviewed item")?;
                let Some(item) = row.map(ItemRow::into_item).transpose()? else {
                    return Ok(ReviewOutcome::NotFound);
                };
                if decided == 0 {
                    return Ok(ReviewOutcome::AlreadyReviewed);
                }
                let entry = AuditEntry {
                    library,
                    actor: reviewer,
                    action: ACTION_ENTERPRISE_ITEM_REVIEW,
                    target_type: TARGET_ENTERPRISE_ITEM,
                    target_id: id.to_string(),
                    before: serde_json::json!({"state": EnterpriseItemState::Pending.as_str()}),
                    after: serde_json::json!({
                        "state": item.state.as_str(),
                        "remark": item.remark,
                        "orgId": item.org_id,
                        "code": item.code,
                    }),
                };
                $record_audit(&mut *tx, &entry).await?;
                tx.commit().await.context("committing the review")?;
                Ok(ReviewOutcome::Reviewed(Box::new(item)))
            }
        }
    };
}

mod sqlite_impl {
    use super::*;
    enterprise_store!(
        SqliteEnterpriseStore,
        SqlitePool,
        sqlx::Sqlite,
        crate::audit::store::sqlite_impl::record
    );
}
mod postgres_impl {
    use super::*;
    enterprise_store!(
        PgEnterpriseStore,
        PgPool,
        sqlx::Postgres,
        crate::audit::store::postgres_impl::record
    );
}
pub use postgres_impl::PgEnterpriseStore;
pub use sqlite_impl::SqliteEnterpriseStore;

kernel::repository! {
    /// The enterprise item store of the library's database.
    #[derive(Clone)]
    pub enum EnterpriseRepository: EnterpriseStore {
        Sqlite(SqliteEnterpriseStore),
        Postgres(PgEnterpriseStore),
    }
    async fn submit(&self, submitter: Submitter<'_>, draft: &ValidDraft, files: &[EnterpriseFile]) -> anyhow::Result<EnterpriseItem>;
    async fn submit_many(&self, submitter: Submitter<'_>, drafts: &[(ValidDraft, Vec<EnterpriseFile>)]) -> anyhow::Result<usize>;
    async fn resubmit(&self, submitter: Submitter<'_>, id: i64, draft: &ValidDraft, files: &[EnterpriseFile]) -> anyhow::Result<ResubmitOutcome>;
    async fn get(&self, library: &str, id: i64, org_id: Option<i64>) -> anyhow::Result<Option<EnterpriseItem>>;
    async fn list(&self, library: &str, filter: &ItemFilter, queue: bool, offset: i64, limit: i64) -> anyhow::Result<ItemPage>;
    async fn showcase(&self, library: &str, id: i64, org_id: i64, showcased: bool) -> anyhow::Result<ShowcaseOutcome>;
    async fn set_thumbnail(&self, library: &str, id: i64, org_id: i64, index: usize, file_digest: &str, views: &ModelViews) -> anyhow::Result<ThumbnailOutcome>;
    async fn review(&self, library: &str, id: i64, review: &Review, reviewer: &Actor) -> anyhow::Result<ReviewOutcome>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyword_wildcards_are_escaped() {
        assert_eq!(like_pattern("M6_10%"), "%m6\\_10\\%%");
    }

    #[test]
    fn conditions_number_their_parameters_after_the_library() {
        let filter = ItemFilter {
            org_id: Some(5),
            state: Some(EnterpriseItemState::Pending),
            keyword: Some(" bolt ".into()),
            public_only: true,
        };
        let (clause, bound) = conditions(&filter);
        assert_eq!(bound.len(), 3);
        assert!(clause.contains("e.org_id = $2"));
        assert!(clause.contains("e.state = $3"));
        assert!(clause.contains("LIKE $4"));
        assert!(clause.contains("e.showcased AND e.state = 'approved'"));
        let (clause, bound) = conditions(&ItemFilter::default());
        assert!(bound.is_empty());
        assert_eq!(clause, " WHERE e.library = $1");
    }
}
