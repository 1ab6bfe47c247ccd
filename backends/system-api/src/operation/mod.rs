//! Operations: feedback users send to the platform and the front-end error log
//! (docs/feedback-and-logs.md), user and organisation management and the operator audit log
//! (docs/operations.md). The routes live in `crate::routes::{feedback,front_log,operation}`.

pub mod audit;
pub mod dictionary;
pub mod feedback;
pub mod front_log;
pub mod orgs;
pub mod page;
pub mod roles;
pub mod signups;
pub mod text;
pub mod users;

/// Feedback calls: spec §7's create and the operators' page, get and close.
pub const FEEDBACK_BASE: &str = "/to/api/operation/behavior/message";
/// The front-end log under the "open site" base of spec §7 (`/tool/api`).
pub const FRONT_LOG_BASE: &str = "/tool/api/front";

/// The image types the feedback form and the brand licence accept (spec §5: jpg/jpeg/png).
const IMAGE_TYPES: [&str; 2] = ["image/jpeg", "image/png"];
/// Spec §9: each image under 5 MB.
const IMAGE_SIZE_MAX: i64 = 5 * 1024 * 1024;

/// Checks that every id names a jpg/png image of at most 5 MB that `user_id` uploaded;
/// answers `refusal` otherwise (unknown ids, other people's files, other types alike, so
/// that nobody learns which ids exist).
pub async fn check_owned_images(
    files: &crate::files::FileRepository,
    user_id: i64,
    ids: &[String],
    refusal: kernel::ErrorCode,
) -> kernel::ApiResult<()> {
    use crate::files::FileStore;
    if ids.is_empty() {
        return Ok(());
    }
    let numbers: Vec<i64> = ids
        .iter()
        .map(|id| id.parse().map_err(|_| kernel::ApiError::new(refusal)))
        .collect::<kernel::ApiResult<_>>()?;
    let found = files.find_many(&numbers).await?;
    crate::files::owned_by(user_id, &numbers, &found)
        .map_err(|_| kernel::ApiError::new(refusal))?;
    let all_images = found
        .iter()
        .all(|file| IMAGE_TYPES.contains(&file.mime_type.as_str()) && file.size <= IMAGE_SIZE_MAX);
    if all_images {
        Ok(())
    } else {
        Err(kernel::ApiError::new(refusal))
    }
}
