//! Checked values (parse, don't validate): a handler that holds an [`Email`] holds a valid
//! e-mail. Parsing fails with the spec's message (`请求参数不正确:<message>`, code 400).

use kernel::{ApiError, ApiResult};

pub const MOBILE_INVALID: &str = "手机号格式不正确";
pub const EMAIL_INVALID: &str = "邮箱格式不正确";
pub const PASSWORD_REQUIRED: &str = "密码不能为空";
pub const PASSWORD_RULES: &str =
    "密码长度为8-16位，且至少包含大写字母、小写字母、数字、特殊字符中的三种";
pub const CONFIRM_MISMATCH: &str = "两次密码不一致";
pub const CODE_REQUIRED: &str = "验证码不能为空";
pub const CODE_INVALID: &str = "请输入6位验证码";
pub const ONE_OF_EMAIL_MOBILE: &str = "邮箱和手机号必须填写且只能填写一个";

const EMAIL_MAX: usize = 320;
const NAME_MAX: usize = 64;
const PASSWORD_MIN: usize = 8;
const PASSWORD_MAX: usize = 16;

fn trimmed(raw: Option<&str>) -> Option<&str> {
    raw.map(str::trim).filter(|value| !value.is_empty())
}

/// A mainland mobile number: 11 digits, `1` then 3–9 (spec §5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mobile(String);

impl Mobile {
    pub fn parse(raw: &str) -> ApiResult<Self> {
        let value = raw.trim();
        let bytes = value.as_bytes();
        let valid = bytes.len() == 11
            && bytes[0] == b'1'
            && (b'3'..=b'9').contains(&bytes[1])
            && bytes.iter().all(u8::is_ascii_digit);
        if valid {
            Ok(Self(value.to_owned()))
        } else {
            Err(ApiError::bad_request(MOBILE_INVALID))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An e-mail address (at most 320 characters), kept lower-case: mail systems treat addresses
/// case-insensitively in practice, and one person must not hold two accounts by case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> ApiResult<Self> {
        let value = raw.trim();
        let invalid = || ApiError::bad_request(EMAIL_INVALID);
        if value.len() > EMAIL_MAX || value.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(invalid());
        }
        let (local, domain) = value.rsplit_once('@').ok_or_else(invalid)?;
        let local_ok = !local.is_empty()
            && local.len() <= 64
            && !local.contains('@')
            && !local.starts_with('.')
            && !local.ends_with('.')
            && !local.contains("..");
        let labels: Vec<&str> = domain.split('.').collect();
        let domain_ok = labels.len() >= 2
            && labels.iter().all(|label| {
                !label.is_empty()
                    && label.len() <= 63
                    && !label.starts_with('-')
                    && !label.ends_with('-')
                    && label.chars().all(|c| c.is_alphanumeric() || c == '-')
            });
        if local_ok && domain_ok {
            Ok(Self(value.to_lowercase()))
        } else {
            Err(invalid())
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Who a login, code or password reset is for: exactly one of e-mail and mobile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Contact {
    Email(Email),
    Mobile(Mobile),
}

impl Contact {
    pub fn parse(email: Option<&str>, mobile: Option<&str>) -> ApiResult<Self> {
        match (trimmed(email), trimmed(mobile)) {
            (Some(email), None) => Ok(Self::Email(Email::parse(email)?)),
            (None, Some(mobile)) => Ok(Self::Mobile(Mobile::parse(mobile)?)),
            _ => Err(ApiError::bad_request(ONE_OF_EMAIL_MOBILE)),
        }
    }

    pub fn as_str(&self) -> &str {
        match self {
            Self::Email(email) => email.as_str(),
            Self::Mobile(mobile) => mobile.as_str(),
        }
    }

    pub fn channel(&self) -> &'static str {
        match self {
            Self::Email(_) => "email",
            Self::Mobile(_) => "sms",
        }
    }
}

/// A new password: 8–16 printable ASCII characters with at least three of upper case, lower
/// case, digits and special characters (spec §5).
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

impl Password {
    pub fn parse(raw: Option<&str>) -> ApiResult<Self> {
        let value = raw.unwrap_or_default();
        if value.is_empty() {
            return Err(ApiError::bad_request(PASSWORD_REQUIRED));
        }
        let length = value.chars().count();
        let printable = value.chars().all(|c| c.is_ascii_graphic());
        let kinds = [
            value.chars().any(|c| c.is_ascii_uppercase()),
            value.chars().any(|c| c.is_ascii_lowercase()),
            value.chars().any(|c| c.is_ascii_digit()),
            value.chars().any(|c| c.is_ascii_punctuation()),
        ]
        .into_iter()
        .filter(|present| *present)
        .count();
        if (PASSWORD_MIN..=PASSWORD_MAX).contains(&length) && printable && kinds >= 3 {
            Ok(Self(value.to_owned()))
        } else {
            Err(ApiError::bad_request(PASSWORD_RULES))
        }
    }

    /// A new password and its confirmation.
    pub fn parse_confirmed(raw: Option<&str>, confirm: Option<&str>) -> ApiResult<Self> {
        let password = Self::parse(raw)?;
        if confirm.unwrap_or_default() != password.0 {
            return Err(ApiError::bad_request(CONFIRM_MISMATCH));
        }
        Ok(password)
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// A password presented at login: only required and bounded (older accounts may predate the
/// rules, and a rule hint would help guessing).
#[derive(Clone)]
pub struct LoginPassword(String);

impl LoginPassword {
    pub fn parse(raw: Option<&str>) -> ApiResult<Self> {
        match raw {
            Some(value) if !value.is_empty() && value.len() <= 128 => Ok(Self(value.to_owned())),
            Some(value) if value.len() > 128 => Err(ApiError::bad_request(PASSWORD_RULES)),
            _ => Err(ApiError::bad_request(PASSWORD_REQUIRED)),
        }
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// A six-digit verification code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerificationCode(String);

impl VerificationCode {
    pub fn parse(raw: Option<&str>) -> ApiResult<Self> {
        match trimmed(raw) {
            None => Err(ApiError::bad_request(CODE_REQUIRED)),
            Some(value) if value.len() == 6 && value.bytes().all(|b| b.is_ascii_digit()) => {
                Ok(Self(value.to_owned()))
            }
            Some(_) => Err(ApiError::bad_request(CODE_INVALID)),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A display name (username, nickname): up to 64 characters, no control characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisplayName(String);

impl DisplayName {
    /// `field` names the payload field in the message (e.g. `用户名`).
    pub fn parse(raw: &str, field: &str) -> ApiResult<Self> {
        let value = raw.trim();
        if value.is_empty() {
            return Err(ApiError::bad_request(format!("{field}不能为空")));
        }
        if value.chars().count() > NAME_MAX || value.chars().any(char::is_control) {
            return Err(ApiError::bad_request(format!(
                "{field}长度不能超过{NAME_MAX}个字符"
            )));
        }
        Ok(Self(value.to_owned()))
    }

    pub fn parse_optional(raw: Option<&str>, field: &str) -> ApiResult<Option<Self>> {
        trimmed(raw)
            .map(|value| Self::parse(value, field))
            .transpose()
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }

    /// `name_suffix`, shortening the name so that the result stays within the length limit.
    pub fn with_suffix(&self, suffix: &str) -> Self {
        let room = NAME_MAX.saturating_sub(suffix.chars().count() + 1);
        let base: String = self.0.chars().take(room).collect();
        Self(format!("{base}_{suffix}"))
    }
}

/// The user type of a login payload: ordinary portal users are type 2 (spec §6).
pub fn parse_user_type(raw: Option<i64>, allowed: &[i64]) -> ApiResult<()> {
    match raw {
        Some(value) if allowed.contains(&value) => Ok(()),
        Some(_) => Err(ApiError::bad_request("userType 不正确")),
        None => Err(ApiError::missing_parameter("userType")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_suffixed_name_stays_within_the_limit() -> ApiResult<()> {
        assert_eq!(
            DisplayName::parse("张工", "昵称")?
                .with_suffix("0042")
                .as_str(),
            "张工_0042"
        );
        let long = DisplayName::parse(&"长".repeat(NAME_MAX), "昵称")?.with_suffix("12345678");
        assert_eq!(long.as_str().chars().count(), NAME_MAX);
        assert!(long.as_str().ends_with("_12345678"));
        Ok(())
    }

    fn message<T: std::fmt::Debug>(result: ApiResult<T>) -> String {
        result
            .err()
            .map(|e| e.message().to_owned())
            .unwrap_or_default()
    }

    #[test]
    fn mobiles_follow_the_spec() {
        assert!(Mobile::parse("13800138000").is_ok());
        assert!(Mobile::parse(" 19912345678 ").is_ok());
        for bad in [
            "12800138000",
            "1380013800",
            "138001380000",
            "1380013800a",
            "",
        ] {
            assert_eq!(
                message(Mobile::parse(bad)),
                format!("请求参数不正确:{MOBILE_INVALID}")
            );
        }
    }

    #[test]
    fn emails_are_checked_and_lower_cased() -> ApiResult<()> {
        assert_eq!(
            Email::parse("Li.Lei@Example.COM")?.as_str(),
            "li.lei@example.com"
        );
        assert!(Email::parse("张三@例子.中国").is_ok());
        for bad in ["a@b", "@b.cn", "a b@c.cn", "a@-b.cn", "a..b@c.cn", "plain"] {
            assert!(Email::parse(bad).is_err(), "{bad}");
        }
        assert!(Email::parse(&format!("{}@b.cn", "a".repeat(65))).is_err());
        Ok(())
    }

    #[test]
    fn passwords_need_three_kinds_and_8_to_16_characters() {
        assert!(Password::parse(Some("Abcdef12")).is_ok());
        assert!(Password::parse(Some("abcdef1!")).is_ok());
        assert!(Password::parse(Some("ABCDEF1!")).is_ok());
        assert_eq!(
            message(Password::parse(None)),
            format!("请求参数不正确:{PASSWORD_REQUIRED}")
        );
        for bad in [
            "Abcdefgh",
            "abcdef12",
            "Ab1!",
            "Abcdefgh12345678!",
            "Abcdef1 ",
            "Abcdef密码1",
        ] {
            assert_eq!(
                message(Password::parse(Some(bad))),
                format!("请求参数不正确:{PASSWORD_RULES}"),
                "{bad}"
            );
        }
        assert_eq!(
            message(Password::parse_confirmed(
                Some("Abcdef12"),
                Some("Abcdef13")
            )),
            format!("请求参数不正确:{CONFIRM_MISMATCH}")
        );
    }

    #[test]
    fn contacts_need_exactly_one_of_email_and_mobile() {
        assert!(matches!(
            Contact::parse(Some("a@b.cn"), Some(" ")),
            Ok(Contact::Email(_))
        ));
        assert!(matches!(
            Contact::parse(None, Some("13800138000")),
            Ok(Contact::Mobile(_))
        ));
        assert!(Contact::parse(None, None).is_err());
        assert!(Contact::parse(Some("a@b.cn"), Some("13800138000")).is_err());
    }

    #[test]
    fn codes_are_six_digits() {
        assert!(VerificationCode::parse(Some("012345")).is_ok());
        assert_eq!(
            message(VerificationCode::parse(Some(""))),
            format!("请求参数不正确:{CODE_REQUIRED}")
        );
        assert_eq!(
            message(VerificationCode::parse(Some("12345a"))),
            format!("请求参数不正确:{CODE_INVALID}")
        );
        assert!(VerificationCode::parse(Some("1234567")).is_err());
    }

    #[test]
    fn names_are_bounded() {
        assert!(DisplayName::parse("李雷", "昵称").is_ok());
        assert!(DisplayName::parse(&"名".repeat(64), "昵称").is_ok());
        assert!(DisplayName::parse(&"名".repeat(65), "昵称").is_err());
        assert!(DisplayName::parse("  ", "昵称").is_err());
        assert!(matches!(
            DisplayName::parse_optional(Some(" "), "昵称"),
            Ok(None)
        ));
    }
}
