//! The front-end error log (spec §7 "Front-end log"): clients post `{data: "<JSON array of
//! up to 30 entries>"}` without signing in; the server keeps the known fields (message, stack,
//! code, url, position, name, level, source, time) in columns, truncated, and the rest of each
//! entry as JSON text. Limits: body 64 KB, 30 entries, 20 posts a minute per client (IP plus
//! the signed-in user, if any).

pub mod store;

use std::time::Duration;

use kernel::{ApiError, ApiResult, Cache};
use serde_json::{Map, Value};

use self::store::{FrontLogRepository, FrontLogStore, NewFrontLog};
use crate::{operation::text::truncate_chars, FRONT_LOG_TOO_FREQUENT, FRONT_LOG_TOO_MANY_ENTRIES};

pub const FRONT_LOG_QUERY: &str = "operation:frontlog:query";

/// Largest request body accepted (bytes).
pub const BODY_MAX: usize = 64 * 1024;
/// Entries per post (the client's queue holds at most 30, spec §9).
pub const ENTRIES_MAX: usize = 30;
/// Posts per client and window.
pub const RATE_LIMIT: i64 = 20;
const RATE_WINDOW: Duration = Duration::from_secs(60);
/// Entries older than this are deleted (at most once an hour, by the next post).
pub const RETENTION_DAYS: i64 = 90;
const PRUNE_INTERVAL: Duration = Duration::from_secs(3600);

/// Column limits in characters; longer values are cut.
pub const MESSAGE_MAX: usize = 2000;
pub const STACK_MAX: usize = 8000;
pub const URL_MAX: usize = 2048;
pub const SHORT_MAX: usize = 256;
pub const EXTRA_MAX: usize = 4000;
const USER_AGENT_MAX: usize = 512;

/// Error levels of spec §3: info -2, warn -1, error 0, danger 1.
const LEVELS: [(&str, i32); 4] = [("info", -2), ("warn", -1), ("error", 0), ("danger", 1)];

pub const DATA_INVALID: &str = "data 必须是日志数组的JSON字符串";

/// The front-log state its routes share.
pub struct FrontLog {
    pub store: FrontLogRepository,
    /// Namespace `operation:` of the service's cache (the per-client counters).
    pub cache: Cache,
}

/// Who posted: the peer address, the signed-in user (if any), the browser.
#[derive(Debug, Clone)]
pub struct Reporter {
    pub client_ip: String,
    pub user_id: Option<i64>,
    pub user_agent: String,
}

impl FrontLog {
    /// Counts one post of this client; refuses beyond the limit of the window.
    pub async fn count_post(&self, reporter: &Reporter) -> ApiResult<()> {
        let user = reporter
            .user_id
            .map_or_else(|| "-".to_owned(), |id| id.to_string());
        let count = self
            .cache
            .incr(
                &format!("front-log:{}:{user}", reporter.client_ip),
                RATE_WINDOW,
            )
            .await?;
        if count > RATE_LIMIT {
            return Err(ApiError::new(FRONT_LOG_TOO_FREQUENT));
        }
        Ok(())
    }

    /// Deletes entries older than the retention, unless that was done within the last hour
    /// (by any replica sharing the cache). A failure is logged only: storing the new entries
    /// matters more.
    pub async fn prune_old_entries(&self) {
        let outcome = async {
            if self.cache.incr("front-log:pruned", PRUNE_INTERVAL).await? > 1 {
                return Ok(0);
            }
            let before = crate::accounts::store::now() - chrono::Duration::days(RETENTION_DAYS);
            self.store.delete_logs_before(before).await
        }
        .await;
        match outcome {
            Ok(0) => {}
            Ok(deleted) => tracing::info!(deleted, "old front-end log entries deleted"),
            Err(error) => tracing::warn!(error = ?error, "pruning the front-end log failed"),
        }
    }
}

/// Parses the `data` field: a JSON string holding an array (an array itself is accepted too).
pub fn parse_entries(data: Option<&Value>, reporter: &Reporter) -> ApiResult<Vec<NewFrontLog>> {
    let parsed;
    let entries = match data {
        None | Some(Value::Null) => return Err(ApiError::missing_parameter("data")),
        Some(Value::String(text)) => {
            parsed = serde_json::from_str::<Value>(text)
                .map_err(|_| ApiError::bad_request(DATA_INVALID))?;
            &parsed
        }
        Some(other) => other,
    };
    let Value::Array(entries) = entries else {
        return Err(ApiError::bad_request(DATA_INVALID));
    };
    if entries.len() > ENTRIES_MAX {
        return Err(ApiError::new(FRONT_LOG_TOO_MANY_ENTRIES));
    }
    Ok(entries
        .iter()
        .map(|entry| entry_of(entry, reporter))
        .collect())
}

/// Text of a field that may be a string, a number or an object (as JSON).
fn text_of(value: Option<Value>, max: usize) -> String {
    let text = match value {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(text)) => text,
        Some(other) => other.to_string(),
    };
    truncate_chars(&text, max)
}

/// `-2…1` or a level name; anything else counts as an error (0).
fn level_of(value: Option<&Value>) -> i32 {
    match value {
        Some(Value::Number(number)) => number
            .as_i64()
            .and_then(|level| i32::try_from(level).ok())
            .filter(|level| (-2..=1).contains(level))
            .unwrap_or(0),
        Some(Value::String(name)) => {
            let name = name.trim().to_ascii_lowercase();
            LEVELS.iter().find(|(known, _)| *known == name).map_or_else(
                || name.parse::<i32>().unwrap_or(0).clamp(-2, 1),
                |(_, level)| *level,
            )
        }
        _ => 0,
    }
}

fn entry_of(entry: &Value, reporter: &Reporter) -> NewFrontLog {
    let mut fields: Map<String, Value> = match entry {
        Value::Object(fields) => fields.clone(),
        // A bare string or number is the message itself.
        other => {
            let mut fields = Map::new();
            fields.insert("message".to_owned(), other.clone());
            fields
        }
    };
    let level = level_of(fields.get("level"));
    fields.remove("level");
    let client_time = match fields.get("time") {
        Some(Value::Number(number)) => number.as_i64(),
        Some(Value::String(text)) => text.trim().parse().ok(),
        _ => None,
    };
    if client_time.is_some() {
        fields.remove("time");
    }
    NewFrontLog {
        user_id: reporter.user_id,
        client_ip: reporter.client_ip.clone(),
        user_agent: truncate_chars(&reporter.user_agent, USER_AGENT_MAX),
        level,
        message: text_of(fields.remove("message"), MESSAGE_MAX),
        name: text_of(fields.remove("name"), SHORT_MAX),
        code: text_of(fields.remove("code"), SHORT_MAX),
        stack: text_of(fields.remove("stack"), STACK_MAX),
        url: text_of(fields.remove("url"), URL_MAX),
        position: text_of(fields.remove("position"), SHORT_MAX),
        source: text_of(fields.remove("source"), SHORT_MAX),
        extra: if fields.is_empty() {
            String::new()
        } else {
            truncate_chars(&Value::Object(fields).to_string(), EXTRA_MAX)
        },
        client_time,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn reporter() -> Reporter {
        Reporter {
            client_ip: "127.0.0.1".to_owned(),
            user_id: Some(3),
            user_agent: "test".to_owned(),
        }
    }

    #[test]
    fn entries_keep_known_fields_and_the_rest_as_json() {
        let data = json!([{
            "message": "x is undefined", "stack": "at a.js:1", "code": 500, "url": "/part",
            "position": {"line": 1, "column": 2}, "name": "TypeError", "level": "warn",
            "time": 1_700_000_000_000_i64, "source": "error", "hash": "abc"
        }, "plain text"])
        .to_string();
        let entries = parse_entries(Some(&Value::String(data)), &reporter()).unwrap_or_default();
        assert_eq!(entries.len(), 2);
        let first = &entries[0];
        assert_eq!(first.message, "x is undefined");
        assert_eq!(first.code, "500");
        assert_eq!(first.position, r#"{"column":2,"line":1}"#);
        assert_eq!(first.level, -1);
        assert_eq!(first.client_time, Some(1_700_000_000_000));
        assert_eq!(first.extra, r#"{"hash":"abc"}"#);
        assert_eq!(first.user_id, Some(3));
        assert_eq!(entries[1].message, "plain text");
        assert_eq!(entries[1].level, 0);
    }

    #[test]
    fn long_fields_are_cut() {
        let data = json!([{"message": "错".repeat(3000), "stack": "s".repeat(9000)}]);
        let entries = parse_entries(Some(&data), &reporter()).unwrap_or_default();
        assert_eq!(entries[0].message.chars().count(), MESSAGE_MAX);
        assert_eq!(entries[0].stack.len(), STACK_MAX);
    }

    #[test]
    fn bad_data_is_refused() {
        let code = |data: Option<Value>| {
            parse_entries(data.as_ref(), &reporter())
                .err()
                .map(|error| error.code())
        };
        assert_eq!(code(None), Some(400));
        assert_eq!(code(Some(json!("not json"))), Some(400));
        assert_eq!(code(Some(json!("{}"))), Some(400));
        let many = Value::Array(vec![json!({"message": "m"}); 31]).to_string();
        assert_eq!(
            code(Some(Value::String(many))),
            Some(FRONT_LOG_TOO_MANY_ENTRIES.code)
        );
    }

    #[test]
    fn levels_by_number_or_name() {
        assert_eq!(level_of(Some(&json!(-2))), -2);
        assert_eq!(level_of(Some(&json!(9))), 0);
        assert_eq!(level_of(Some(&json!("danger"))), 1);
        assert_eq!(level_of(Some(&json!("-1"))), -1);
        assert_eq!(level_of(None), 0);
    }
}
