//! `/catalog-import`: the operator's "import now" of the library's sources and its progress
//! (docs/operations.md "Imports").

use std::sync::Arc;

use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::paging::{PageResult, Paging};
use kernel::{ApiResponse, ApiResult};

use super::catalog_permission;
use crate::audit::store::{LibraryAuditRepository, LibraryAuditStore};
use crate::audit::{Actor, AuditEntry, ACTION_CATALOG_IMPORT, TARGET_CATALOG_IMPORT};
use crate::item::import_control::{ImportControl, ImportStarted, ImportStatus};
use crate::item::import_history::{
    ImportHistoryQuery, ImportHistoryRepository, ImportHistoryStore, ImportRun,
};
use crate::Library;

/// State of the import routes.
pub struct CatalogImportState {
    pub library: &'static Library,
    pub control: Arc<ImportControl>,
    /// Where a started import is recorded.
    pub audit: LibraryAuditRepository,
    /// Past imports (at starts and by operators).
    pub history: ImportHistoryRepository,
}

/// Starts importing the library's seed directory again in the background (whatever the last
/// import recorded): new and changed records are stored, operators' corrections, hidden items and
/// merges are kept, and the search index follows within a second. A second request while one
/// runs starts nothing and answers `started: false` with the running one's status; so does a
/// library without a seed directory (`sourceAvailable: false`).
#[utoipa::path(
    post,
    path = "/catalog-import",
    tag = "catalog-items",
    responses((status = 200, description = "{started, status}; not signed in → 401; without <library>:catalog:manage → 403",
        body = ApiResponse<ImportStarted>))
)]
#[tracing::instrument(skip_all)]
pub async fn start_import(
    user: AuthUser,
    request: HttpRequest,
    state: web::Data<CatalogImportState>,
) -> ApiResult<ApiResponse<ImportStarted>> {
    user.require_permission(&catalog_permission(state.library))?;
    let started = state.control.start(user.user_id());
    if started.started {
        tracing::info!(
            library = state.library.key,
            user = user.user_id(),
            "import started by an operator"
        );
        // Only a started import is recorded: of two clicks at once, one entry.
        state
            .audit
            .record_alone(&AuditEntry {
                library: state.library.key,
                actor: &Actor::of(&user, &request),
                action: ACTION_CATALOG_IMPORT,
                target_type: TARGET_CATALOG_IMPORT,
                target_id: state.library.key.to_owned(),
                before: serde_json::Value::Null,
                after: serde_json::json!({"state": started.status.state}),
            })
            .await?;
    }
    Ok(ApiResponse::ok(started))
}

/// The last operator import: `idle` (none since the service started), `running` (with its
/// phase, steps and records read so far), `done` (with its report: counts and the first
/// reasons records were rejected) or `failed` (with `error`).
#[utoipa::path(
    get,
    path = "/catalog-import",
    tag = "catalog-items",
    responses((status = 200, description = "The status; not signed in → 401; without <library>:catalog:manage → 403",
        body = ApiResponse<ImportStatus>))
)]
#[tracing::instrument(skip_all)]
pub async fn import_status(
    user: AuthUser,
    state: web::Data<CatalogImportState>,
) -> ApiResult<ApiResponse<ImportStatus>> {
    user.require_permission(&catalog_permission(state.library))?;
    Ok(ApiResponse::ok(state.control.status()))
}

/// The library's past imports, newest first: each finished run at a start that found new sources
/// (`origin` = `start`) or asked by an operator (`operator`, with `operatorId`), `done` with its
/// report or `failed` with the reason. A run still going is in the status, not here yet.
#[utoipa::path(
    get,
    path = "/catalog-import/history",
    tag = "catalog-items",
    params(ImportHistoryQuery),
    responses((status = 200, description = "{list, total}; not signed in → 401; without <library>:catalog:manage → 403; a bad page → 400",
        body = ApiResponse<PageResult<ImportRun>>))
)]
#[tracing::instrument(skip_all)]
pub async fn import_history(
    user: AuthUser,
    state: web::Data<CatalogImportState>,
    query: web::Query<ImportHistoryQuery>,
) -> ApiResult<ApiResponse<PageResult<ImportRun>>> {
    user.require_permission(&catalog_permission(state.library))?;
    let paging = Paging::parse(query.page_no, query.page_size)?;
    let (list, total) = state
        .history
        .page_runs(state.control.seed(), paging.offset, paging.limit)
        .await?;
    Ok(ApiResponse::ok(PageResult { list, total }))
}
