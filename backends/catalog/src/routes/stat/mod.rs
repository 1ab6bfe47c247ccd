//! The operators' usage statistics of a library, under `/to/stat/<library>` (spec §7's base;
//! docs/statistics.md). Permission `operation:stat:query` (role `operator`; `*:*:*` holds it).
//! Every route first waits for the usage writer to write what is queued, so a search made a
//! moment ago is counted.
//!
//! | path | answer |
//! |---|---|
//! | `GET /searches/daily?days=30` | `[{date, searches, zeroResult}]`, one entry per day, oldest first |
//! | `GET /queries/top?days=30&limit=20` | `[{query, searches, lastTotal}]`, most searched first |
//! | `GET /queries/zero-result?days=30&limit=20` | `[{query, searches, lastSeen}]`: queries whose latest unfiltered search found nothing |
//! | `GET /downloads/top?days=30&limit=20` | `[{itemId, itemName, partNumber, kind, downloads}]` |

pub mod daily;
pub mod top_downloads;
pub mod top_queries;
pub mod zero_result;

use std::sync::Arc;

use actix_web::web;
use auth::AuthUser;
use kernel::stat::DayWindow;
pub use kernel::stat::{DaysQuery, ListQuery, STAT_BASE, STAT_PERMISSION};
use kernel::ApiResult;

use crate::usage::{store::UsageRepository, UsageRecorder};
use crate::Library;

/// State of a library's statistics routes.
pub struct StatState {
    pub library: &'static Library,
    pub store: UsageRepository,
    pub recorder: Arc<UsageRecorder>,
}

impl StatState {
    /// The caller must hold the permission; then what is queued is written.
    pub async fn ready(&self, user: &AuthUser) -> ApiResult<()> {
        user.require_permission(STAT_PERMISSION)?;
        self.recorder.flush().await;
        Ok(())
    }

    /// [`ready`](Self::ready), then the window and length a list route was asked for.
    pub async fn list_window(
        &self,
        user: &AuthUser,
        query: &ListQuery,
    ) -> ApiResult<(DayWindow, i64)> {
        self.ready(user).await?;
        query.parse()
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/searches/daily").route(web::get().to(daily::daily_searches)))
        .service(web::resource("/queries/top").route(web::get().to(top_queries::top_queries)))
        .service(
            web::resource("/queries/zero-result")
                .route(web::get().to(zero_result::zero_result_queries)),
        )
        .service(
            web::resource("/downloads/top").route(web::get().to(top_downloads::top_downloads)),
        );
}
