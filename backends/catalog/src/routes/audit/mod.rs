//! `GET /to/api/operation/<library>/audit-log/page`: the library's operator audit log, for the
//! operations platform's audit page beside the system service's own.

use actix_web::web;
use auth::AuthUser;
use kernel::paging::{PageResult, Paging};
use kernel::{ApiResponse, ApiResult};

use crate::audit::store::{LibraryAuditRepository, LibraryAuditStore};
use crate::audit::{AuditLogQuery, LibraryAuditLogView, AUDIT_LOG_QUERY};
use crate::Library;

/// State of the audit page of one library.
pub struct LibraryAuditState {
    pub library: &'static Library,
    pub store: LibraryAuditRepository,
}

/// The library's audit log, newest first (reviews of enterprise items). Permission
/// `system:audit-log:query`, as the system service's page.
#[utoipa::path(
    get,
    path = "/audit-log/page",
    tag = "library-audit",
    params(AuditLogQuery),
    responses((status = 200, description = "{list, total}; not signed in → 401; without system:audit-log:query → 403; a bad filter → 400",
        body = ApiResponse<PageResult<LibraryAuditLogView>>))
)]
#[tracing::instrument(skip_all)]
pub async fn page_audit_log(
    user: AuthUser,
    state: web::Data<LibraryAuditState>,
    query: web::Query<AuditLogQuery>,
) -> ApiResult<ApiResponse<PageResult<LibraryAuditLogView>>> {
    user.require_permission(AUDIT_LOG_QUERY)?;
    let paging = Paging::parse(query.page_no, query.page_size)?;
    let filter = query.filter()?;
    let (list, total) = state
        .store
        .page_audit(state.library.key, &filter, paging.offset, paging.limit)
        .await?;
    Ok(ApiResponse::ok(PageResult { list, total }))
}

/// Mounted under `/to/api/operation/<library>/audit-log`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/page").route(web::get().to(page_audit_log)));
}
