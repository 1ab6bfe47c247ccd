//! The open platform's API keys (docs/open-platform.md): an account's own (its organisation's)
//! keys, and the operators' list of every key with its usage.

pub mod mine;
pub mod operation;

use serde::Serialize;
use utoipa::ToSchema;

use crate::open_platform::{keys::OpenKeyRecord, DailyUsage};

/// A key as its owner and operators see it (never the secret).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenKeyView {
    pub id: i64,
    pub name: String,
    /// The first characters of the secret (`opk_ab12`), to recognise it.
    pub prefix: String,
    /// The libraries it may read: `part`, `component`, `mat`.
    pub scopes: Vec<String>,
    pub requests_per_minute: i64,
    pub requests_per_day: i64,
    /// The account that created it.
    pub user_id: i64,
    /// Its organisation (0: the creator's own key).
    pub org_id: i64,
    /// Epoch milliseconds.
    pub create_time: i64,
    /// Epoch milliseconds; null: not used yet (exact to about a minute).
    pub last_used_time: Option<i64>,
    /// Epoch milliseconds; null: live.
    pub revoked_time: Option<i64>,
    /// Requests per UTC day, oldest first, today last.
    pub usage: Vec<DailyUsage>,
}

impl OpenKeyView {
    pub fn new(record: OpenKeyRecord, usage: Vec<DailyUsage>) -> Self {
        Self {
            scopes: record.scope_list(),
            id: record.id,
            name: record.name,
            prefix: record.prefix,
            requests_per_minute: record.requests_per_minute,
            requests_per_day: record.requests_per_day,
            user_id: record.user_id,
            org_id: record.org_id,
            create_time: record.created_at.timestamp_millis(),
            last_used_time: record.last_used_at.map(|time| time.timestamp_millis()),
            revoked_time: record.revoked_at.map(|time| time.timestamp_millis()),
            usage,
        }
    }
}
