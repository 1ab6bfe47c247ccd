//! `POST /rebuild`: the operator's "rebuild now".

use actix_web::web;
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};

use super::SearchIndexState;
use crate::search::RebuildStarted;

/// Starts rebuilding the library's search index from its store in the background; searches
/// keep answering from the current index until the new one is committed. A second request
/// while one runs starts nothing and answers `started: false` with the running one's progress.
#[utoipa::path(
    post,
    path = "/search-index/rebuild",
    tag = "search-index",
    responses((status = 200, description = "{started, progress}; not signed in → 401, without the permission `<library>:search-index:rebuild` → 403",
        body = ApiResponse<RebuildStarted>))
)]
#[tracing::instrument(skip_all)]
pub async fn start_rebuild(
    user: AuthUser,
    state: web::Data<SearchIndexState>,
) -> ApiResult<ApiResponse<RebuildStarted>> {
    user.require_permission(&state.permission())?;
    let (started, progress) = std::sync::Arc::clone(&state.control)
        .rebuild_now()
        .map_err(ApiError::internal)?;
    if started {
        tracing::info!(
            library = state.library.key,
            user = user.user_id(),
            "search index rebuild started by an operator"
        );
    }
    Ok(ApiResponse::ok(RebuildStarted { started, progress }))
}
