//! Feedback to the platform (`/to/api/operation/behavior/message/...`): the signed-in user's
//! create call of spec §7 and the operators' page, get and close.

pub mod close;
pub mod create;
pub mod get;
pub mod mine;
pub mod page;

use serde::Serialize;
use utoipa::ToSchema;

use std::collections::HashMap;

use crate::operation::feedback::store::FeedbackRecord;

/// An uploaded image with the URL a client reads it from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct FileLink {
    pub id: String,
    /// `/to/api/base/file/content/get/{key}?expires=&signature=`: a signed address valid for
    /// `files.download_url_minutes` (docs/files.md).
    pub url: String,
}

/// A feedback as operators see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedbackView {
    pub id: i64,
    /// 1 需求反馈, 2 意见建议, 3 问题反馈, 4 其他.
    #[serde(rename = "type")]
    pub feedback_type: i32,
    pub message: String,
    /// The contact data the sender typed ("" when none).
    pub mobile: String,
    pub email: String,
    pub org_name: String,
    pub images: Vec<FileLink>,
    pub user_id: i64,
    /// The sender's nickname, else the account name.
    pub user_name: String,
    /// The sender's account contact data.
    pub user_mobile: String,
    pub user_email: String,
    /// The client's channel header when it sent the feedback.
    pub channel: String,
    /// 0 open, 1 closed.
    pub status: i32,
    /// The operator's reply or remark when closing.
    pub reply: String,
    pub closed_by: Option<i64>,
    /// Epoch milliseconds.
    pub close_time: Option<i64>,
    /// Closed (answered) and not yet seen by the sender: what the sender's notice counts.
    pub reply_unread: bool,
    /// Epoch milliseconds.
    pub create_time: i64,
}

impl FeedbackRecord {
    /// The ids of the feedback's images.
    pub fn image_ids(&self) -> Vec<String> {
        self.images
            .split(',')
            .filter(|id| !id.is_empty())
            .map(str::to_owned)
            .collect()
    }
}

/// The image ids of `records`, for one [`crate::files::Files::links`] call.
pub fn image_ids_of(records: &[FeedbackRecord]) -> Vec<String> {
    records.iter().flat_map(FeedbackRecord::image_ids).collect()
}

impl FeedbackView {
    /// The view of `record`; `links` maps image ids to their content addresses (an image whose
    /// file was deleted is left out).
    pub fn new(record: FeedbackRecord, links: &HashMap<String, String>) -> Self {
        let images = record
            .image_ids()
            .into_iter()
            .filter_map(|id| {
                links.get(&id).map(|url| FileLink {
                    url: url.clone(),
                    id,
                })
            })
            .collect();
        let user_name = record
            .user_nickname
            .filter(|name| !name.is_empty())
            .or(record.user_username)
            .unwrap_or_default();
        Self {
            id: record.id,
            feedback_type: record.feedback_type,
            message: record.message,
            mobile: record.mobile,
            email: record.email,
            org_name: record.org_name,
            images,
            user_id: record.user_id,
            user_name,
            user_mobile: record.user_mobile.unwrap_or_default(),
            user_email: record.user_email.unwrap_or_default(),
            channel: record.channel,
            status: record.status,
            reply: record.reply,
            closed_by: record.closed_by,
            close_time: record.closed_at.map(|time| time.timestamp_millis()),
            reply_unread: record.status == crate::operation::feedback::STATUS_CLOSED
                && record.reply_seen_at.is_none(),
            create_time: record.created_at.timestamp_millis(),
        }
    }
}
