//! Sign-ups per day for the operators' statistics (docs/statistics.md): `app_user` rows by the
//! UTC day they were created on. One store per backend: only the day expression differs.

use anyhow::Context;
use serde::Serialize;
use sqlx::{PgPool, SqlitePool};
use utoipa::ToSchema;

/// Sign-ups of one day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct DailySignups {
    /// UTC date, `YYYY-MM-DD`.
    pub date: String,
    pub signups: i64,
}

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait SignupStore {
    /// Users created per UTC day from `from` (`YYYY-MM-DD`) on; days without any left out.
    async fn daily_signups(&self, from: &str) -> anyhow::Result<Vec<DailySignups>>;
}

macro_rules! signup_store {
    ($store:ident, $pool:ty, $day:literal) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }
        }

        impl SignupStore for $store {
            async fn daily_signups(&self, from: &str) -> anyhow::Result<Vec<DailySignups>> {
                sqlx::query_as(concat!(
                    "SELECT date, COUNT(*) AS signups FROM (SELECT ",
                    $day,
                    " AS date FROM app_user) days WHERE date >= $1 GROUP BY date ORDER BY date"
                ))
                .bind(from)
                .fetch_all(&self.pool)
                .await
                .context("counting sign-ups per day")
            }
        }
    };
}

// SQLite keeps the timestamps as RFC 3339 text in UTC: the date is its first ten characters.
signup_store!(SqliteSignupStore, SqlitePool, "substr(created_at, 1, 10)");
signup_store!(
    PgSignupStore,
    PgPool,
    "to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')"
);

kernel::repository! {
    /// The sign-up counts of the system database.
    pub enum SignupRepository: SignupStore {
        Sqlite(SqliteSignupStore),
        Postgres(PgSignupStore),
    }
    async fn daily_signups(&self, from: &str) -> anyhow::Result<Vec<DailySignups>>;
}
