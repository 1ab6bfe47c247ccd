//! The library's operator audit log (docs/operations.md "Audit log"): the decisions operators make
//! in this library's service — reviews of enterprise items, hidden and restored items, search-index
//! rebuilds — with the target's state before and after. Like the system service's log, a row is written inside the transaction of the
//! change it records ([`store::sqlite_impl::record`] / [`store::postgres_impl::record`]); it lives
//! in the library's database because a library cannot join the system service's transaction.

pub mod store;

use actix_web::HttpRequest;
use auth::AuthUser;
use chrono::{DateTime, TimeZone, Utc};
use kernel::{ApiError, ApiResult};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

/// Reading the audit log: the same permission as the system service's page.
pub const AUDIT_LOG_QUERY: &str = "system:audit-log:query";

/// An operator approved or rejected an enterprise item.
pub const ACTION_ENTERPRISE_ITEM_REVIEW: &str = "enterprise-item.review";
pub const TARGET_ENTERPRISE_ITEM: &str = "enterprise-item";
/// An operator started a rebuild of the library's search index.
pub const ACTION_SEARCH_INDEX_REBUILD: &str = "search-index.rebuild";
pub const TARGET_SEARCH_INDEX: &str = "search-index";
/// An operator started an import of the library's sources (docs/operations.md "Imports").
pub const ACTION_CATALOG_IMPORT: &str = "catalog-import.run";
pub const TARGET_CATALOG_IMPORT: &str = "catalog-import";

const KEYWORD_MAX: usize = 100;
const ACTION_MAX: usize = 64;

/// The operator behind a change and the client's address (the TCP peer, as the system service
/// records it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub user_id: i64,
    pub client_ip: String,
}

impl Actor {
    pub fn of(user: &AuthUser, request: &HttpRequest) -> Self {
        Self {
            user_id: user.user_id(),
            client_ip: request
                .peer_addr()
                .map(|address| address.ip().to_string())
                .unwrap_or_else(|| "unknown".to_owned()),
        }
    }
}

/// One row to write with a change.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditEntry<'a> {
    pub library: &'a str,
    pub actor: &'a Actor,
    pub action: &'a str,
    pub target_type: &'a str,
    pub target_id: String,
    pub before: Value,
    pub after: Value,
}

/// The page's filters, as the system service's audit page takes them.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AuditLogQuery {
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
    /// Part of the action, target or before/after texts.
    pub key_words: Option<String>,
    /// Exactly this action (`enterprise-item.review`).
    pub action: Option<String>,
    /// Entries of this operator.
    pub operator_id: Option<i64>,
    /// At or after (epoch milliseconds).
    pub begin_time: Option<i64>,
    /// Before (epoch milliseconds).
    pub end_time: Option<i64>,
}

/// Filters within their limits (all optional, combined with AND).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditFilter {
    pub keyword: Option<String>,
    pub action: Option<String>,
    pub operator_id: Option<i64>,
    pub created_from: Option<DateTime<Utc>>,
    /// Exclusive.
    pub created_before: Option<DateTime<Utc>>,
}

fn time_of_millis(millis: Option<i64>, name: &str) -> ApiResult<Option<DateTime<Utc>>> {
    millis
        .map(|millis| {
            Utc.timestamp_millis_opt(millis)
                .single()
                .ok_or_else(|| ApiError::bad_request(format!("{name} 不正确")))
        })
        .transpose()
}

/// `raw` trimmed, `None` when blank; more than `max` characters → 400 `<name> 过长`.
pub(crate) fn limited(raw: Option<&str>, max: usize, name: &str) -> ApiResult<Option<String>> {
    match raw.map(str::trim).filter(|value| !value.is_empty()) {
        Some(value) if value.chars().count() > max => {
            Err(ApiError::bad_request(format!("{name} 过长")))
        }
        value => Ok(value.map(str::to_owned)),
    }
}

impl AuditLogQuery {
    pub fn filter(&self) -> ApiResult<AuditFilter> {
        Ok(AuditFilter {
            keyword: limited(self.key_words.as_deref(), KEYWORD_MAX, "keyWords")?,
            action: limited(self.action.as_deref(), ACTION_MAX, "action")?,
            operator_id: self.operator_id,
            created_from: time_of_millis(self.begin_time, "beginTime")?,
            created_before: time_of_millis(self.end_time, "endTime")?,
        })
    }
}

/// One entry, shaped as the system service's `AuditLogView` (the library knows no account
/// names: the page shows the operator's id).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LibraryAuditLogView {
    pub id: i64,
    /// The library key.
    pub library: String,
    pub operator_id: i64,
    pub action: String,
    pub target_type: String,
    pub target_id: String,
    /// The target's state before the change (a JSON object).
    #[schema(value_type = Object)]
    pub before: Value,
    /// The target's state after the change (a JSON object).
    #[schema(value_type = Object)]
    pub after: Value,
    pub client_ip: String,
    /// Epoch milliseconds.
    pub create_time: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filters_are_trimmed_and_bounded() {
        let query = AuditLogQuery {
            page_no: None,
            page_size: None,
            key_words: Some("  ENT-1 ".into()),
            action: Some(" ".into()),
            operator_id: Some(3),
            begin_time: Some(0),
            end_time: None,
        };
        let filter = query.filter().map_err(|e| e.to_string());
        assert_eq!(
            filter.map(|f| (f.keyword, f.action, f.created_from.map(|t| t.timestamp()))),
            Ok((Some("ENT-1".into()), None, Some(0)))
        );
        let long = AuditLogQuery {
            key_words: Some("x".repeat(KEYWORD_MAX + 1)),
            ..query
        };
        assert!(long.filter().is_err());
        let bad_time = AuditLogQuery {
            key_words: None,
            begin_time: Some(i64::MAX),
            ..long
        };
        assert!(bad_time.filter().is_err());
    }
}
