//! Operations: feedback users send to the platform and the front-end error log
//! (docs/feedback-and-logs.md). The routes live in `crate::routes::{feedback,front_log}`.

pub mod feedback;
pub mod front_log;
pub mod page;
pub mod text;

/// Feedback calls: spec §7's create and the operators' page, get and close.
pub const FEEDBACK_BASE: &str = "/to/api/operation/behavior/message";
/// The front-end log under the "open site" base of spec §7 (`/tool/api`).
pub const FRONT_LOG_BASE: &str = "/tool/api/front";

/// The URL a client reads an uploaded file from (spec §7 files).
pub fn file_url(file_id: &str) -> String {
    format!("/to/api/base/file/content/get/{file_id}")
}
