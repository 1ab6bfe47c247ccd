//! `GET /rebuild`: the progress of the last "rebuild now".

use actix_web::web;
use auth::AuthUser;
use kernel::{ApiResponse, ApiResult};

use super::SearchIndexState;
use crate::search::RebuildProgress;

/// The last operator rebuild: `idle` (none since the service started), `running` (with the
/// documents indexed so far of `total`), `done` or `failed` (with `error`).
#[utoipa::path(
    get,
    path = "/search-index/rebuild",
    tag = "search-index",
    responses((status = 200, description = "{state, indexed, total, startedTime, finishedTime, error}; not signed in → 401, without the permission → 403",
        body = ApiResponse<RebuildProgress>))
)]
#[tracing::instrument(skip_all)]
pub async fn rebuild_progress(
    user: AuthUser,
    state: web::Data<SearchIndexState>,
) -> ApiResult<ApiResponse<RebuildProgress>> {
    user.require_permission(&state.permission())?;
    Ok(ApiResponse::ok(state.control.rebuild_progress()))
}
