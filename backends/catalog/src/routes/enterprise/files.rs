//! Downloads of an enterprise item's files: by the organisation's members, and by operators
//! reviewing it. Both answer like the public item downloads (ETag, ranges, S3 redirect).

use actix_web::{web, HttpRequest, HttpResponse};
use auth::AuthUser;
use kernel::error::enterprise::FILE_NOT_FOUND;
use kernel::{ApiError, ApiResult};
use serde::Deserialize;

use super::EnterpriseState;
use crate::enterprise::{EnterpriseItem, AUDIT_PERMISSION};

/// What of a file is asked for.
#[derive(Debug, Clone, Copy, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FileQuery {
    /// `true`: the model's PNG thumbnail (256 × 256) instead of the file; a file without one →
    /// 1042001006.
    pub thumbnail: Option<bool>,
}

impl EnterpriseState {
    /// File `index` of `item`, or its thumbnail, as a download.
    pub async fn respond_file(
        &self,
        request: &HttpRequest,
        item: &EnterpriseItem,
        index: usize,
        query: FileQuery,
    ) -> ApiResult<HttpResponse> {
        let file = item
            .files
            .get(index)
            .ok_or_else(|| ApiError::new(FILE_NOT_FOUND))?;
        let served = if query.thumbnail.unwrap_or(false) {
            file.thumbnail_file(index)
                .ok_or_else(|| ApiError::new(FILE_NOT_FOUND))?
        } else {
            file.as_item_file(index)
        };
        self.attachments
            .files()
            .respond(request, &served, &served.name)
            .await
    }
}

/// A file of one of the caller's organisation's items (the bytes, as uploaded).
#[utoipa::path(
    get,
    path = "/items/{id}/files/{index}",
    tag = "enterprise",
    params(("id" = i64, Path, description = "Item id"),
        ("index" = usize, Path, description = "The file's place in the item's `files`, from 0"), FileQuery),
    responses((status = 200, description = "The file (attachment; ETag, Range) or its thumbnail; another organisation's item → 1042001001; no such file or thumbnail → 1042001006", content_type = "application/octet-stream"))
)]
#[tracing::instrument(skip_all)]
pub async fn member_file(
    user: AuthUser,
    state: web::Data<EnterpriseState>,
    path: web::Path<(i64, usize)>,
    query: web::Query<FileQuery>,
    request: HttpRequest,
) -> ApiResult<HttpResponse> {
    let org_id = state.member_org(&user)?;
    let (id, index) = path.into_inner();
    let item = state.item(id, Some(org_id)).await?;
    state
        .respond_file(&request, &item, index, query.into_inner())
        .await
}

/// A file of any organisation's item, for its review.
#[utoipa::path(
    get,
    path = "/enterprise-items/{id}/files/{index}",
    tag = "enterprise-review",
    params(("id" = i64, Path, description = "Item id"),
        ("index" = usize, Path, description = "The file's place in the item's `files`, from 0"), FileQuery),
    responses((status = 200, description = "The file or its thumbnail; without operation:enterprise-item:audit → 403; missing → 1042001001 / 1042001006", content_type = "application/octet-stream"))
)]
#[tracing::instrument(skip_all)]
pub async fn review_file(
    user: AuthUser,
    state: web::Data<EnterpriseState>,
    path: web::Path<(i64, usize)>,
    query: web::Query<FileQuery>,
    request: HttpRequest,
) -> ApiResult<HttpResponse> {
    user.require_permission(AUDIT_PERMISSION)?;
    let (id, index) = path.into_inner();
    let item = state.item(id, None).await?;
    state
        .respond_file(&request, &item, index, query.into_inner())
        .await
}
