//! `/catalog-import`: the operator's "import now" of the library's sources and its progress
//! (docs/operations.md "Imports").

use std::sync::Arc;

use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::{ApiResponse, ApiResult};

use super::catalog_permission;
use crate::audit::store::{LibraryAuditRepository, LibraryAuditStore};
use crate::audit::{Actor, AuditEntry, ACTION_CATALOG_IMPORT, TARGET_CATALOG_IMPORT};
use crate::item::import_control::{ImportControl, ImportStarted, ImportStatus};
use crate::Library;

/// State of the import routes.
pub struct CatalogImportState {
    pub library: &'static Library,
    pub control: Arc<ImportControl>,
    /// Where a started import is recorded.
    pub audit: LibraryAuditRepository,
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
    let started = state.control.start();
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
