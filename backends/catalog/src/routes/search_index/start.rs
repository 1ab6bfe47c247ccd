//! `POST /rebuild`: the operator's "rebuild now".

use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};

use super::SearchIndexState;
use crate::audit::store::LibraryAuditStore;
use crate::audit::{Actor, AuditEntry, ACTION_SEARCH_INDEX_REBUILD, TARGET_SEARCH_INDEX};
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
    request: HttpRequest,
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
        // Only a started rebuild is recorded: of two clicks at once, one entry. The rebuild
        // itself changes no table, so the entry is written on its own.
        state
            .audit
            .record_alone(&AuditEntry {
                library: state.library.key,
                actor: &Actor::of(&user, &request),
                action: ACTION_SEARCH_INDEX_REBUILD,
                target_type: TARGET_SEARCH_INDEX,
                target_id: state.library.key.to_owned(),
                before: serde_json::Value::Null,
                after: serde_json::json!({"state": progress.state, "total": progress.total}),
            })
            .await?;
    }
    Ok(ApiResponse::ok(RebuildStarted { started, progress }))
}
