//! Feedback to the platform (spec §3 "Feedback message", §5 "Feedback form"): a signed-in user
//! sends a type, a message, optional contact data and up to three images; operators list,
//! read and close it with a reply.

pub mod store;

use std::time::Duration;

use kernel::{ApiError, ApiResult, Cache};
use serde_json::Value;

use self::store::{FeedbackRepository, NewFeedback};
use crate::{
    accounts::model::{Email, Mobile},
    operation::text::{check_length, file_id_of, is_file_id, trimmed, truncate_chars},
    FEEDBACK_TOO_FREQUENT,
};

pub const FEEDBACK_CREATE: &str = "portal:feedback:create";
pub const FEEDBACK_QUERY: &str = "operation:feedback:query";
pub const FEEDBACK_UPDATE: &str = "operation:feedback:update";

/// 1 需求反馈, 2 意见建议, 3 问题反馈, 4 其他.
pub const FEEDBACK_TYPES: std::ops::RangeInclusive<i64> = 1..=4;
pub const MESSAGE_MAX: usize = 500;
pub const MOBILE_MAX: usize = 20;
pub const EMAIL_MAX: usize = 64;
pub const ORG_NAME_MAX: usize = 100;
pub const IMAGES_MAX: usize = 3;
pub const REPLY_MAX: usize = 500;
const CHANNEL_MAX: usize = 64;
/// Per-user limit of accepted feedback: 10 an hour.
pub const HOURLY_LIMIT: i64 = 10;
const LIMIT_WINDOW: Duration = Duration::from_secs(3600);

/// 0 open (待处理), 1 closed (已关闭).
pub const STATUS_OPEN: i32 = 0;
pub const STATUS_CLOSED: i32 = 1;

pub const TYPE_REQUIRED: &str = "请选择反馈类型";
pub const TYPE_INVALID: &str = "反馈类型不正确";
pub const MESSAGE_REQUIRED: &str = "请输入留言信息";
pub const MESSAGE_TOO_LONG: &str = "留言信息不能超过500个字符";
pub const MOBILE_TOO_LONG: &str = "手机号长度不能超过20个字符";
pub const EMAIL_TOO_LONG: &str = "邮箱长度不能超过64个字符";
pub const ORG_NAME_TOO_LONG: &str = "组织名称长度不能超过100个字符";
pub const IMAGES_TOO_MANY: &str = "最多上传3张图片";
pub const IMAGE_ID_INVALID: &str = "图片编号不正确";
pub const REPLY_TOO_LONG: &str = "回复内容不能超过500个字符";

/// The feedback state every feedback route shares.
pub struct Feedback {
    pub store: FeedbackRepository,
    /// The uploaded files (the images must be the sender's).
    pub files: crate::files::FileRepository,
    /// Namespace `operation:` of the service's cache (the per-user counters).
    pub cache: Cache,
}

/// What a client sends, before validation (fields as loose as the client may send them).
#[derive(Debug, Default)]
pub struct FeedbackForm<'a> {
    pub feedback_type: Option<i64>,
    pub message: Option<&'a str>,
    pub mobile: Option<&'a str>,
    pub email: Option<&'a str>,
    pub org_name: Option<&'a str>,
    pub images: Option<&'a Value>,
}

/// Applies the spec's form rules; answers the feedback to store for `user_id`.
pub fn validate(form: &FeedbackForm<'_>, user_id: i64, channel: &str) -> ApiResult<NewFeedback> {
    let feedback_type = form
        .feedback_type
        .ok_or_else(|| ApiError::bad_request(TYPE_REQUIRED))?;
    if !FEEDBACK_TYPES.contains(&feedback_type) {
        return Err(ApiError::bad_request(TYPE_INVALID));
    }
    let message = trimmed(form.message).ok_or_else(|| ApiError::bad_request(MESSAGE_REQUIRED))?;
    check_length(message, MESSAGE_MAX, MESSAGE_TOO_LONG)?;
    let mobile = match trimmed(form.mobile) {
        Some(mobile) => {
            check_length(mobile, MOBILE_MAX, MOBILE_TOO_LONG)?;
            Mobile::parse(mobile)?.as_str().to_owned()
        }
        None => String::new(),
    };
    let email = match trimmed(form.email) {
        Some(email) => {
            check_length(email, EMAIL_MAX, EMAIL_TOO_LONG)?;
            Email::parse(email)?.as_str().to_owned()
        }
        None => String::new(),
    };
    let org_name = trimmed(form.org_name).unwrap_or_default();
    check_length(org_name, ORG_NAME_MAX, ORG_NAME_TOO_LONG)?;
    Ok(NewFeedback {
        user_id,
        // Checked against FEEDBACK_TYPES above.
        feedback_type: i32::try_from(feedback_type).unwrap_or_default(),
        message: message.to_owned(),
        mobile,
        email,
        org_name: org_name.to_owned(),
        images: parse_images(form.images)?,
        channel: truncate_chars(channel.trim(), CHANNEL_MAX),
    })
}

/// The images as the spec sends them (`"id1,id2"`), or a JSON array of ids; duplicates are
/// kept once, in order.
pub fn parse_images(raw: Option<&Value>) -> ApiResult<Vec<String>> {
    let ids: Vec<String> = match raw {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::String(joined)) => joined
            .split(',')
            .map(str::trim)
            .filter(|id| !id.is_empty())
            .map(str::to_owned)
            .collect(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| file_id_of(item).ok_or_else(|| ApiError::bad_request(IMAGE_ID_INVALID)))
            .collect::<ApiResult<_>>()?,
        Some(_) => return Err(ApiError::bad_request(IMAGE_ID_INVALID)),
    };
    let mut unique: Vec<String> = Vec::with_capacity(ids.len());
    for id in ids {
        if !is_file_id(&id) {
            return Err(ApiError::bad_request(IMAGE_ID_INVALID));
        }
        if !unique.contains(&id) {
            unique.push(id);
        }
    }
    if unique.len() > IMAGES_MAX {
        return Err(ApiError::bad_request(IMAGES_TOO_MANY));
    }
    Ok(unique)
}

impl Feedback {
    /// The images must be jpg/png files the sender uploaded (1002020002 otherwise).
    pub async fn check_images(&self, user_id: i64, images: &[String]) -> ApiResult<()> {
        crate::operation::check_owned_images(
            &self.files,
            user_id,
            images,
            crate::FEEDBACK_IMAGE_NOT_EXISTS,
        )
        .await
    }

    /// Counts one accepted feedback of `user_id`; refuses beyond the hourly limit.
    pub async fn count_submission(&self, user_id: i64) -> ApiResult<()> {
        let count = self
            .cache
            .incr(&format!("feedback:{user_id}"), LIMIT_WINDOW)
            .await?;
        if count > HOURLY_LIMIT {
            return Err(ApiError::new(FEEDBACK_TOO_FREQUENT));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn message_of(result: ApiResult<NewFeedback>) -> String {
        result
            .err()
            .map(|error| error.message().to_owned())
            .unwrap_or_default()
    }

    #[test]
    fn the_form_rules_of_the_spec() {
        let valid = FeedbackForm {
            feedback_type: Some(3),
            message: Some(" 页面打不开 "),
            ..FeedbackForm::default()
        };
        let stored = validate(&valid, 7, " plugin ").ok();
        assert_eq!(
            stored.as_ref().map(|f| f.message.as_str()),
            Some("页面打不开")
        );
        assert_eq!(stored.as_ref().map(|f| f.channel.as_str()), Some("plugin"));
        let with = |form: FeedbackForm<'_>| message_of(validate(&form, 7, ""));
        assert_eq!(
            with(FeedbackForm {
                feedback_type: None,
                ..valid
            }),
            "请求参数不正确:请选择反馈类型"
        );
        assert_eq!(
            with(FeedbackForm {
                feedback_type: Some(5),
                ..valid
            }),
            "请求参数不正确:反馈类型不正确"
        );
        assert_eq!(
            with(FeedbackForm {
                message: Some("   "),
                ..valid
            }),
            "请求参数不正确:请输入留言信息"
        );
        let long = "留".repeat(501);
        assert_eq!(
            with(FeedbackForm {
                message: Some(&long),
                ..valid
            }),
            "请求参数不正确:留言信息不能超过500个字符"
        );
        assert_eq!(
            with(FeedbackForm {
                mobile: Some("12345"),
                ..valid
            }),
            "请求参数不正确:手机号格式不正确"
        );
    }

    #[test]
    fn images_are_comma_joined_ids() {
        assert_eq!(
            parse_images(Some(&json!("1,2, 2"))).ok(),
            Some(vec!["1".to_owned(), "2".to_owned()])
        );
        assert_eq!(parse_images(Some(&json!(""))).ok(), Some(vec![]));
        assert_eq!(
            parse_images(Some(&json!([1, "b"]))).ok(),
            Some(vec!["1".to_owned(), "b".to_owned()])
        );
        assert!(parse_images(Some(&json!("1,2,3,4"))).is_err());
        assert!(parse_images(Some(&json!("1,../x"))).is_err());
        assert!(parse_images(Some(&json!({"id": 1}))).is_err());
    }
}
