//! The open platform (开放平台, docs/open-platform.md): API keys an account creates for third-party
//! programs that read the public libraries under `/to/open/<library>/…`. This module keeps the
//! keys (created, listed, revoked here; checked by the token source of `crate::accounts`) and
//! reads their usage, which every library's gate (`auth::open`) counts in the shared cache.

pub mod keys;

use chrono::{Days, NaiveDate, Utc};
use kernel::{config::OpenPlatformSettings, ApiError, ApiResult, Cache, ServiceContext};
use serde::Serialize;
use utoipa::ToSchema;

use self::keys::OpenKeyRepository;
use crate::operation::text::required_line;

/// The libraries a key may be allowed to read, in the order the pages show them.
pub const LIBRARIES: [&str; 3] = ["part", "component", "mat"];
pub const NAME_MAX: usize = 32;
pub const NAME_REQUIRED: &str = "请填写密钥名称";
pub const NAME_TOO_LONG: &str = "密钥名称不能超过32个字符";
pub const SCOPES_REQUIRED: &str = "请至少选择一个库";
pub const SCOPE_UNKNOWN: &str = "库只能是 part、component、mat";
/// The largest rate and quota an operator may give a key.
pub const MAX_PER_MINUTE: i64 = 100_000;
pub const MAX_PER_DAY: i64 = 100_000_000;
pub const PER_MINUTE_INVALID: &str = "每分钟次数须为1–100000之间的整数";
pub const PER_DAY_INVALID: &str = "每日额度须为1–100000000之间的整数";
/// Days of usage the owner's list shows per key.
pub const USAGE_DAYS: u64 = 7;
/// Days of usage the operators' list sums.
pub const OPERATOR_USAGE_DAYS: u64 = 30;

/// Managing one's own (organisation's) keys: every registered user (role `member`).
pub const KEY_MANAGE: &str = "open:key:manage";
/// Operators: every key with its usage.
pub const KEY_OPERATION_QUERY: &str = "operation:open-key:query";
/// Operators: revoking any key.
pub const KEY_OPERATION_UPDATE: &str = "operation:open-key:update";

/// The state of the open-platform routes.
pub struct OpenPlatform {
    pub keys: OpenKeyRepository,
    pub settings: OpenPlatformSettings,
    /// The gates' counters (`auth::open::usage_counters`): the day counts are the usage.
    usage: Cache,
}

/// Requests of one UTC day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DailyUsage {
    /// `YYYY-MM-DD` (UTC).
    pub date: String,
    pub requests: i64,
}

/// A key's name: 1–32 characters on one line.
pub fn parse_name(raw: Option<&str>) -> ApiResult<String> {
    required_line(raw, NAME_MAX, NAME_REQUIRED, NAME_TOO_LONG)
}

/// The libraries a key may read: at least one of [`LIBRARIES`], stored in their order.
pub fn parse_scopes(raw: Option<&[String]>) -> ApiResult<String> {
    let requested = raw.unwrap_or_default();
    if requested.is_empty() {
        return Err(ApiError::bad_request(SCOPES_REQUIRED));
    }
    if let Some(unknown) = requested
        .iter()
        .find(|scope| !LIBRARIES.contains(&scope.trim()))
    {
        return Err(ApiError::bad_request(format!(
            "{SCOPE_UNKNOWN}（{unknown}）"
        )));
    }
    Ok(LIBRARIES
        .iter()
        .filter(|library| requested.iter().any(|scope| scope.trim() == **library))
        .copied()
        .collect::<Vec<_>>()
        .join(","))
}

/// An operator's new limits: `(per minute, per day)`, each required and in range.
pub fn parse_limits(per_minute: Option<i64>, per_day: Option<i64>) -> ApiResult<(i64, i64)> {
    let per_minute = per_minute
        .filter(|value| (1..=MAX_PER_MINUTE).contains(value))
        .ok_or_else(|| ApiError::bad_request(PER_MINUTE_INVALID))?;
    let per_day = per_day
        .filter(|value| (1..=MAX_PER_DAY).contains(value))
        .ok_or_else(|| ApiError::bad_request(PER_DAY_INVALID))?;
    Ok((per_minute, per_day))
}

impl OpenPlatform {
    pub fn new(context: &ServiceContext) -> Self {
        Self {
            keys: OpenKeyRepository::new(&context.db),
            settings: context.settings.open.clone(),
            usage: auth::open::usage_counters(&context.shared_cache),
        }
    }

    /// A key's requests on each of the last `days` UTC days, oldest first, today last.
    pub async fn usage_of(&self, key_id: i64, days: u64) -> anyhow::Result<Vec<DailyUsage>> {
        let today = Utc::now().date_naive();
        let dates: Vec<String> = (0..days)
            .rev()
            .map(|back| {
                let date = today
                    .checked_sub_days(Days::new(back))
                    .unwrap_or(NaiveDate::MIN);
                date.format("%Y-%m-%d").to_string()
            })
            .collect();
        let counts = auth::open::requests_on_days(&self.usage, key_id, &dates).await?;
        Ok(dates
            .into_iter()
            .zip(counts)
            .map(|(date, requests)| DailyUsage { date, requests })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_are_known_libraries_in_a_fixed_order() {
        let scopes = |raw: &[&str]| {
            let owned: Vec<String> = raw.iter().map(|s| (*s).to_owned()).collect();
            parse_scopes(Some(&owned)).ok()
        };
        assert_eq!(scopes(&["mat", "part"]).as_deref(), Some("part,mat"));
        assert_eq!(
            scopes(&["component", "component"]).as_deref(),
            Some("component")
        );
        assert_eq!(scopes(&[" mat "]).as_deref(), Some("mat"));
        assert_eq!(scopes(&[]), None);
        assert_eq!(scopes(&["system"]), None);
        assert!(parse_scopes(None).is_err());
    }

    #[test]
    fn limits_are_positive_and_bounded() {
        assert_eq!(parse_limits(Some(10), Some(500)).ok(), Some((10, 500)));
        assert!(parse_limits(None, Some(500)).is_err());
        assert!(parse_limits(Some(0), Some(500)).is_err());
        assert!(parse_limits(Some(10), Some(MAX_PER_DAY + 1)).is_err());
        assert!(parse_limits(Some(MAX_PER_MINUTE), None).is_err());
    }

    #[test]
    fn names_are_one_short_line() {
        assert_eq!(
            parse_name(Some(" ERP 同步 ")).ok().as_deref(),
            Some("ERP 同步")
        );
        assert!(parse_name(Some("")).is_err());
        assert!(parse_name(Some(&"键".repeat(33))).is_err());
    }
}
