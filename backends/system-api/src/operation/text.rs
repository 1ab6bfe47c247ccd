//! Small text rules the operation and brand forms share.

use chrono::{DateTime, TimeZone, Utc};
use kernel::{ApiError, ApiResult};
use serde_json::Value;

/// Longest file id accepted (the files module's ids are numbers or short tokens).
const FILE_ID_MAX: usize = 64;

/// The trimmed value, `None` when absent or blank.
pub fn trimmed(raw: Option<&str>) -> Option<&str> {
    raw.map(str::trim).filter(|value| !value.is_empty())
}

/// Refuses a value longer than `max` characters with `message`.
pub fn check_length(value: &str, max: usize, message: &str) -> ApiResult<()> {
    if value.chars().count() > max {
        Err(ApiError::bad_request(message))
    } else {
        Ok(())
    }
}

/// A required single-line text of at most `max` characters (control characters refused).
pub fn required_line(
    raw: Option<&str>,
    max: usize,
    missing: &str,
    too_long: &str,
) -> ApiResult<String> {
    let value = trimmed(raw).ok_or_else(|| ApiError::bad_request(missing))?;
    check_length(value, max, too_long)?;
    if value.chars().any(char::is_control) {
        return Err(ApiError::bad_request(format!(
            "{missing}(不能包含控制字符)"
        )));
    }
    Ok(value.to_owned())
}

/// The first `max` characters of `value` (never splits a character).
pub fn truncate_chars(value: &str, max: usize) -> String {
    match value.char_indices().nth(max) {
        Some((end, _)) => value[..end].to_owned(),
        None => value.to_owned(),
    }
}

/// A `LIKE` pattern matching `keyword` anywhere, lower-cased, with `%`, `_` and `\` escaped
/// (the statements say `ESCAPE '\'`).
pub fn contains_pattern(keyword: &str) -> String {
    let mut pattern = String::with_capacity(keyword.len() + 2);
    pattern.push('%');
    for c in keyword.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// A file id as the files module hands it out: 1–64 of `[A-Za-z0-9_-]`.
pub fn is_file_id(value: &str) -> bool {
    !value.is_empty()
        && value.len() <= FILE_ID_MAX
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A file id sent as a string or a number.
pub fn file_id_of(value: &Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text.trim().to_owned()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

/// Epoch milliseconds → a time (for the `beginTime`/`endTime` filters).
pub fn time_of_millis(millis: Option<i64>, name: &str) -> ApiResult<Option<DateTime<Utc>>> {
    millis
        .map(|millis| {
            Utc.timestamp_millis_opt(millis)
                .single()
                .ok_or_else(|| ApiError::bad_request(format!("{name} 不正确")))
        })
        .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncation_keeps_whole_characters() {
        assert_eq!(truncate_chars("反馈信息", 2), "反馈");
        assert_eq!(truncate_chars("ab", 5), "ab");
        assert_eq!(truncate_chars("", 0), "");
    }

    #[test]
    fn like_patterns_escape_wildcards() {
        assert_eq!(contains_pattern("A_b%"), "%a\\_b\\%%");
        assert_eq!(contains_pattern("x\\y"), "%x\\\\y%");
    }

    #[test]
    fn file_ids_are_short_tokens() {
        assert!(is_file_id("123"));
        assert!(is_file_id("a1-B_2"));
        assert!(!is_file_id(""));
        assert!(!is_file_id("1 2"));
        assert!(!is_file_id("../etc"));
        assert!(!is_file_id(&"1".repeat(65)));
    }

    #[test]
    fn lengths_count_characters() {
        assert!(check_length(&"留".repeat(500), 500, "x").is_ok());
        assert!(check_length(&"留".repeat(501), 500, "x").is_err());
        assert_eq!(
            required_line(Some("  "), 10, "请输入企业名称", "y")
                .err()
                .map(|e| e.message().to_owned()),
            Some("请求参数不正确:请输入企业名称".to_owned())
        );
    }
}
