//! The brand-application store: one trait, SQLite and PostgreSQL implementations stamped from
//! one macro, and [`BrandApplicationRepository`] dispatching on the service's pool.

use anyhow::Context;
use chrono::{DateTime, Utc};
use sqlx::{PgPool, SqlitePool};

use super::{BrandCategory, STATUS_PENDING};
use crate::{
    accounts::store::now,
    operation::{
        audit::{Actor, AuditEntry, ACTION_BRAND_APPLICATION_REVIEW, TARGET_BRAND_APPLICATION},
        page::Paging,
    },
};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewBrandApplication {
    pub user_id: i64,
    pub company_name: String,
    pub brand_name: String,
    pub contact_name: String,
    pub mobile: String,
    /// Empty when not given (also website and description).
    pub email: String,
    pub website: String,
    pub description: String,
    pub categories: Vec<BrandCategory>,
    pub licence_file_id: String,
    /// '' when none.
    pub logo_file_id: String,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct BrandApplicationRecord {
    pub id: i64,
    pub user_id: i64,
    pub company_name: String,
    pub brand_name: String,
    pub contact_name: String,
    pub mobile: String,
    pub email: String,
    pub website: String,
    pub description: String,
    /// JSON array of `{library, code}`.
    pub categories: String,
    pub licence_file_id: String,
    pub status: i32,
    pub review_remark: String,
    pub reviewed_by: Option<i64>,
    pub reviewed_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub user_nickname: Option<String>,
    pub user_username: Option<String>,
    /// '' when none.
    pub logo_file_id: String,
    /// The brand page an approval created.
    pub brand_id: Option<i64>,
}

/// A brand page, created when an application is approved.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct BrandRecord {
    pub id: i64,
    pub application_id: i64,
    pub user_id: i64,
    pub company_name: String,
    pub brand_name: String,
    pub website: String,
    pub description: String,
    /// JSON array of `{library, code}`.
    pub categories: String,
    pub logo_file_id: String,
    pub created_at: DateTime<Utc>,
}

impl BrandRecord {
    pub fn categories(&self) -> Vec<BrandCategory> {
        serde_json::from_str(&self.categories).unwrap_or_default()
    }
}

impl BrandApplicationRecord {
    pub fn categories(&self) -> Vec<BrandCategory> {
        serde_json::from_str(&self.categories).unwrap_or_default()
    }
}

#[derive(Debug, Clone, Default)]
pub struct BrandApplicationFilter {
    pub status: Option<i32>,
    /// A `LIKE` pattern over company, brand and contact names.
    pub keyword_pattern: Option<String>,
    pub created_from: Option<DateTime<Utc>>,
    /// Exclusive.
    pub created_before: Option<DateTime<Utc>>,
}

/// Why an application was not stored or reviewed (nothing was written).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BrandRefused {
    /// The applicant already has an application in review for this brand.
    PendingExists,
    NotFound,
    AlreadyReviewed,
}

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait BrandApplicationStore {
    async fn insert_application(
        &self,
        application: &NewBrandApplication,
    ) -> anyhow::Result<Result<i64, BrandRefused>>;
    /// The applicant's applications, newest first.
    async fn applications_of(&self, user_id: i64) -> anyhow::Result<Vec<BrandApplicationRecord>>;
    async fn page_applications(
        &self,
        filter: &BrandApplicationFilter,
        paging: Paging,
    ) -> anyhow::Result<(Vec<BrandApplicationRecord>, i64)>;
    /// Sets the status of an application in review.
    /// Reviews an application in review (an approval creates its brand page) and writes the
    /// operator's audit entry, all in one transaction.
    async fn review_application(
        &self,
        id: i64,
        status: i32,
        remark: &str,
        actor: &Actor,
    ) -> anyhow::Result<Result<(), BrandRefused>>;
    async fn find_brand(&self, id: i64) -> anyhow::Result<Option<BrandRecord>>;
    /// The brand pages of `user_id`'s approved applications, newest first.
    async fn brands_of(&self, user_id: i64) -> anyhow::Result<Vec<BrandRecord>>;
}

const BRAND_COLUMNS: &str = "id, application_id, user_id, company_name, brand_name, website, \
     description, categories, logo_file_id, created_at";

const SELECT_APPLICATIONS: &str = "SELECT b.id, b.user_id, b.company_name, b.brand_name, \
     b.contact_name, b.mobile, b.email, b.website, b.description, b.categories, \
     b.licence_file_id, b.status, b.review_remark, b.reviewed_by, b.reviewed_at, b.created_at, \
     u.nickname AS user_nickname, u.username AS user_username, b.logo_file_id, \
     (SELECT br.id FROM brand br WHERE br.application_id = b.id) AS brand_id \
     FROM brand_application b LEFT JOIN app_user u ON u.id = b.user_id";
/// Serialises an applicant's inserts, so that the "one in review per brand" check holds under
/// concurrent requests. SQLite: a write first, so that the transaction takes the database's
/// write lock up front (see `accounts::store`); PostgreSQL: a lock on the applicant's row.
const SQLITE_APPLICANT_LOCK: &str =
    "UPDATE brand_application SET id = id WHERE 0 = 1 AND user_id = $1";
const POSTGRES_APPLICANT_LOCK: &str = "SELECT id FROM app_user WHERE id = $1 FOR UPDATE";

macro_rules! brand_store {
    ($store:ident, $pool:ty, $db:ty, $applicant_lock:expr, $audit:ident) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }
        }

        fn push_filter(builder: &mut sqlx::QueryBuilder<'_, $db>, filter: &BrandApplicationFilter) {
            builder.push(" WHERE 1 = 1");
            if let Some(status) = filter.status {
                builder.push(" AND b.status = ").push_bind(status);
            }
            if let Some(from) = filter.created_from {
                builder.push(" AND b.created_at >= ").push_bind(from);
            }
            if let Some(before) = filter.created_before {
                builder.push(" AND b.created_at < ").push_bind(before);
            }
            if let Some(pattern) = &filter.keyword_pattern {
                builder.push(" AND (");
                for (index, column) in ["b.company_name", "b.brand_name", "b.contact_name"]
                    .iter()
                    .enumerate()
                {
                    if index > 0 {
                        builder.push(" OR ");
                    }
                    builder
                        .push(format!("LOWER({column}) LIKE "))
                        .push_bind(pattern.clone())
                        .push(" ESCAPE '\\'");
                }
                builder.push(")");
            }
        }

        impl BrandApplicationStore for $store {
            async fn insert_application(
                &self,
                application: &NewBrandApplication,
            ) -> anyhow::Result<Result<i64, BrandRefused>> {
                let now = now();
                let categories = serde_json::to_string(&application.categories)
                    .context("encoding the categories")?;
                let mut tx = self
                    .pool
                    .begin()
                    .await
                    .context("starting the transaction")?;
                sqlx::query($applicant_lock)
                    .bind(application.user_id)
                    .execute(&mut *tx)
                    .await
                    .context("locking the applicant's applications")?;
                let pending: i64 = sqlx::query_scalar(
                    "SELECT COUNT(*) FROM brand_application WHERE user_id = $1 \
                     AND LOWER(brand_name) = LOWER($2) AND status = $3",
                )
                .bind(application.user_id)
                .bind(&application.brand_name)
                .bind(STATUS_PENDING)
                .fetch_one(&mut *tx)
                .await
                .context("looking for a pending application")?;
                if pending > 0 {
                    return Ok(Err(BrandRefused::PendingExists));
                }
                let id: i64 = sqlx::query_scalar(
                    "INSERT INTO brand_application (user_id, company_name, brand_name, \
                     contact_name, mobile, email, website, description, categories, \
                     licence_file_id, status, review_remark, created_at, updated_at, logo_file_id) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, '', $12, $12, $13) \
                     RETURNING id",
                )
                .bind(application.user_id)
                .bind(&application.company_name)
                .bind(&application.brand_name)
                .bind(&application.contact_name)
                .bind(&application.mobile)
                .bind(&application.email)
                .bind(&application.website)
                .bind(&application.description)
                .bind(categories)
                .bind(&application.licence_file_id)
                .bind(STATUS_PENDING)
                .bind(now)
                .bind(&application.logo_file_id)
                .fetch_one(&mut *tx)
                .await
                .context("storing the brand application")?;
                tx.commit().await.context("committing the application")?;
                Ok(Ok(id))
            }

            async fn applications_of(
                &self,
                user_id: i64,
            ) -> anyhow::Result<Vec<BrandApplicationRecord>> {
                sqlx::query_as(&format!(
                    "{SELECT_APPLICATIONS} WHERE b.user_id = $1 ORDER BY b.id DESC"
                ))
                .bind(user_id)
                .fetch_all(&self.pool)
                .await
                .context("listing the applicant's applications")
            }

            async fn page_applications(
                &self,
                filter: &BrandApplicationFilter,
                paging: Paging,
            ) -> anyhow::Result<(Vec<BrandApplicationRecord>, i64)> {
                let mut count =
                    sqlx::QueryBuilder::<$db>::new("SELECT COUNT(*) FROM brand_application b");
                push_filter(&mut count, filter);
                let total: i64 = count
                    .build_query_scalar()
                    .fetch_one(&self.pool)
                    .await
                    .context("counting brand applications")?;
                let mut list = sqlx::QueryBuilder::<$db>::new(SELECT_APPLICATIONS);
                push_filter(&mut list, filter);
                list.push(" ORDER BY b.id DESC LIMIT ")
                    .push_bind(paging.limit)
                    .push(" OFFSET ")
                    .push_bind(paging.offset);
                let rows = list
                    .build_query_as()
                    .fetch_all(&self.pool)
                    .await
                    .context("listing brand applications")?;
                Ok((rows, total))
            }

            async fn review_application(
                &self,
                id: i64,
                status: i32,
                remark: &str,
                actor: &Actor,
            ) -> anyhow::Result<Result<(), BrandRefused>> {
                let now = now();
                // The review and the brand page an approval creates are one transaction.
                let mut tx = self
                    .pool
                    .begin()
                    .await
                    .context("starting the transaction")?;
                let done = sqlx::query(
                    "UPDATE brand_application SET status = $2, review_remark = $3, \
                     reviewed_by = $4, reviewed_at = $5, updated_at = $5 \
                     WHERE id = $1 AND status = $6",
                )
                .bind(id)
                .bind(status)
                .bind(remark)
                .bind(actor.user_id)
                .bind(now)
                .bind(STATUS_PENDING)
                .execute(&mut *tx)
                .await
                .context("reviewing the brand application")?;
                if done.rows_affected() == 1 {
                    let mut brand_id: Option<i64> = None;
                    if status == crate::brand::STATUS_APPROVED {
                        brand_id = Some(
                            sqlx::query_scalar(
                                "INSERT INTO brand (application_id, user_id, company_name, \
                                 brand_name, website, description, categories, logo_file_id, \
                                 created_at, updated_at) \
                                 SELECT id, user_id, company_name, brand_name, website, \
                                 description, categories, logo_file_id, $2, $2 \
                                 FROM brand_application WHERE id = $1 RETURNING id",
                            )
                            .bind(id)
                            .bind(now)
                            .fetch_one(&mut *tx)
                            .await
                            .context("creating the brand page")?,
                        );
                    }
                    let entry = AuditEntry {
                        actor,
                        action: ACTION_BRAND_APPLICATION_REVIEW,
                        target_type: TARGET_BRAND_APPLICATION,
                        target_id: id.to_string(),
                        before: serde_json::json!({"status": STATUS_PENDING}),
                        after: serde_json::json!({
                            "status": status,
                            "reviewRemark": remark,
                            "brandId": brand_id,
                        }),
                    };
                    crate::operation::audit::store::$audit::record(&mut *tx, &entry).await?;
                    tx.commit().await.context("committing the review")?;
                    return Ok(Ok(()));
                }
                drop(tx);
                let exists: Option<i64> =
                    sqlx::query_scalar("SELECT id FROM brand_application WHERE id = $1")
                        .bind(id)
                        .fetch_optional(&self.pool)
                        .await
                        .context("looking up the brand application")?;
                Ok(Err(if exists.is_some() {
                    BrandRefused::AlreadyReviewed
                } else {
                    BrandRefused::NotFound
                }))
            }

            async fn find_brand(&self, id: i64) -> anyhow::Result<Option<BrandRecord>> {
                sqlx::query_as(&format!("SELECT {BRAND_COLUMNS} FROM brand WHERE id = $1"))
                    .bind(id)
                    .fetch_optional(&self.pool)
                    .await
                    .context("looking up a brand")
            }

            async fn brands_of(&self, user_id: i64) -> anyhow::Result<Vec<BrandRecord>> {
                sqlx::query_as(&format!(
                    "SELECT {BRAND_COLUMNS} FROM brand WHERE user_id = $1 ORDER BY id DESC"
                ))
                .bind(user_id)
                .fetch_all(&self.pool)
                .await
                .context("listing a user's brands")
            }
        }
    };
}

mod sqlite_impl {
    use super::*;
    brand_store!(
        SqliteBrandApplicationStore,
        SqlitePool,
        sqlx::Sqlite,
        SQLITE_APPLICANT_LOCK,
        sqlite_impl
    );
}
mod postgres_impl {
    use super::*;
    brand_store!(
        PgBrandApplicationStore,
        PgPool,
        sqlx::Postgres,
        POSTGRES_APPLICANT_LOCK,
        postgres_impl
    );
}
pub use postgres_impl::PgBrandApplicationStore;
pub use sqlite_impl::SqliteBrandApplicationStore;

kernel::repository! {
    /// The brand-application store of the system database, whichever backend it is.
    #[derive(Clone)]
    pub enum BrandApplicationRepository: BrandApplicationStore {
        Sqlite(SqliteBrandApplicationStore),
        Postgres(PgBrandApplicationStore),
    }
    async fn insert_application(&self, application: &NewBrandApplication) -> anyhow::Result<Result<i64, BrandRefused>>;
    async fn applications_of(&self, user_id: i64) -> anyhow::Result<Vec<BrandApplicationRecord>>;
    async fn page_applications(&self, filter: &BrandApplicationFilter, paging: Paging) -> anyhow::Result<(Vec<BrandApplicationRecord>, i64)>;
    async fn review_application(&self, id: i64, status: i32, remark: &str, actor: &Actor) -> anyhow::Result<Result<(), BrandRefused>>;
    async fn find_brand(&self, id: i64) -> anyhow::Result<Option<BrandRecord>>;
    async fn brands_of(&self, user_id: i64) -> anyhow::Result<Vec<BrandRecord>>;
}
