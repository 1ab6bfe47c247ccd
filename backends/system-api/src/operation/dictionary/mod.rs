//! The dictionary of the operations platform (docs/operations.md "Dictionary"): operators read
//! the `dict_data` entries and change the values of the portal's settings (`system_config`:
//! token_expire_time, from_expire_time, redirect_allow_hosts), which the client reads through
//! `GET /to/api/base/system/dict-data/list-all-simple` after every sign-in (spec §7). A value is
//! checked by what its entry means before it is stored: a setting the client cannot read would
//! silently fall back to its default.

pub mod store;

/// The dictionary page.
pub const DICT_QUERY: &str = "system:dict:query";
/// Changing a value.
pub const DICT_UPDATE: &str = "system:dict:update";

/// The longest value of an entry without a rule of its own.
const FREE_VALUE_MAX: usize = 500;
/// The longest host list.
const HOSTS_MAX: usize = 1000;

/// A minute count within `min..=max`, as the client parses it (a whole positive number).
fn minutes(value: &str, min: u32, max: u32, what: &str) -> Result<String, String> {
    match value.parse::<u32>() {
        Ok(minutes) if (min..=max).contains(&minutes) => Ok(minutes.to_string()),
        _ => Err(format!("{what}须为{min}～{max}之间的整数（分钟）")),
    }
}

/// A host pattern the sign-in redirect check understands: `host`, `.host` or `*.host` (with
/// sub-domains), a DNS name of letters, digits and `-`, with an optional port.
fn is_host_pattern(pattern: &str) -> bool {
    let name = pattern
        .strip_prefix("*.")
        .or_else(|| pattern.strip_prefix('.'))
        .unwrap_or(pattern);
    let (name, port) = match name.rsplit_once(':') {
        Some((name, port)) => (name, Some(port)),
        None => (name, None),
    };
    let port_ok = port.is_none_or(|port| port.parse::<u16>().is_ok_and(|port| port > 0));
    let label_ok = |label: &str| {
        !label.is_empty()
            && label.len() <= 63
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    };
    port_ok && name.len() <= 253 && name.split('.').all(label_ok)
}

/// The host list normalised: lower case, one `, ` between patterns (the client splits on commas
/// and white space alike).
fn hosts(value: &str) -> Result<String, String> {
    if value.chars().count() > HOSTS_MAX {
        return Err(format!("主机列表不能超过{HOSTS_MAX}个字符"));
    }
    let patterns: Vec<String> = value
        .split(|c: char| c == ',' || c == '，' || c.is_whitespace())
        .filter(|pattern| !pattern.is_empty())
        .map(str::to_lowercase)
        .collect();
    match patterns.iter().find(|pattern| !is_host_pattern(pattern)) {
        Some(bad) => Err(format!(
            "主机格式不正确: {bad}（例如 partner.example.com 或 *.example.com，不含 http://）"
        )),
        None => Ok(patterns.join(", ")),
    }
}

/// The value to store for entry `label` of `dict_type`, or why it is refused.
pub fn checked_value(dict_type: &str, label: &str, raw: &str) -> Result<String, String> {
    let value = raw.trim();
    match (dict_type, label) {
        ("system_config", "token_expire_time") => minutes(value, 5, 10_080, "访问令牌有效期"),
        ("system_config", "from_expire_time") => minutes(value, 1, 43_200, "来源跳转有效期"),
        ("system_config", "redirect_allow_hosts") => hosts(value),
        _ if value.chars().count() > FREE_VALUE_MAX => {
            Err(format!("字典值不能超过{FREE_VALUE_MAX}个字符"))
        }
        _ if value.chars().any(char::is_control) => Err("字典值不能包含控制字符".to_owned()),
        _ => Ok(value.to_owned()),
    }
}

/// The state the dictionary routes share.
pub struct OperationDictionary {
    pub store: store::DictAdminRepository,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minutes_are_whole_numbers_within_their_bounds() {
        let check = |value| checked_value("system_config", "token_expire_time", value);
        assert_eq!(check(" 60 "), Ok("60".to_owned()));
        assert_eq!(check("0060"), Ok("60".to_owned()));
        for bad in ["", "4", "10081", "30.5", "-30", "thirty"] {
            assert!(check(bad).is_err(), "{bad}");
        }
        assert!(checked_value("system_config", "from_expire_time", "43200").is_ok());
        assert!(checked_value("system_config", "from_expire_time", "0").is_err());
    }

    #[test]
    fn hosts_are_dns_patterns_normalised() {
        let check = |value| checked_value("system_config", "redirect_allow_hosts", value);
        assert_eq!(
            check("Partner.Example.com，*.open.example  .portal.example,erp.example:8443"),
            Ok("partner.example.com, *.open.example, .portal.example, erp.example:8443".to_owned())
        );
        assert_eq!(check("  "), Ok(String::new()));
        for bad in [
            "https://partner.example",
            "partner.example/path",
            "-bad.example",
            "a..example",
            "*",
            "erp.example:0",
            "erp.example:99999",
            "例子.com",
        ] {
            assert!(check(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn other_entries_take_short_plain_text() {
        assert_eq!(checked_value("t", "l", " x "), Ok("x".to_owned()));
        assert!(checked_value("t", "l", &"x".repeat(501)).is_err());
        assert!(checked_value("t", "l", "a\u{7}b").is_err());
    }
}
