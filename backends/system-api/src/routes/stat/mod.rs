//! The system service's usage statistics, under `/to/stat/system` (docs/statistics.md; the
//! libraries' own are under `/to/stat/<library>`). Permission `operation:stat:query`.
//!
//! | path | answer |
//! |---|---|
//! | `GET /signups/daily?days=30` | `[{date, signups}]`, one entry per day, oldest first |

pub mod signups_daily;

use actix_web::web;

/// `/to/stat/system`.
pub const SYSTEM_STAT_BASE: &str = "/to/stat/system";

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/signups/daily").route(web::get().to(signups_daily::daily_signups)));
}
