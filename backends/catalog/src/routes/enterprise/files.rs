//! Downloads of an enterprise item's files: by the organisation's members, and by operators
//! reviewing it. Both answer like the public item downloads (ETag, ranges, S3 redirect). And the
//! thumbnail of a model the server does not tessellate, from a mesh the member's page made of it.

use actix_multipart::Multipart;
use actix_web::{web, HttpRequest, HttpResponse};
use auth::AuthUser;
use kernel::error::enterprise::{
    ALREADY_REVIEWED, FILE_NOT_ACCEPTED, FILE_NOT_FOUND, ITEM_NOT_FOUND,
};
use kernel::error::shape::MODEL_TOO_LARGE;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;

use super::EnterpriseState;
use crate::enterprise::files::EnterpriseFileKind;
use crate::enterprise::store::{EnterpriseStore, ThumbnailOutcome};
use crate::enterprise::{EnterpriseItem, EnterpriseItemState, AUDIT_PERMISSION};
use crate::routes::shape::{read_upload, MAX_MODEL_BYTES};

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

/// Gives a model the server does not read (STEP, IGES, Parasolid, SolidWorks, ZIP) its thumbnail,
/// drawn from a mesh of it: the member's page tessellates a STEP file and sends the result here
/// (docs/enterprise-library.md, "Thumbnails of STEP models"). Only while the item waits for its
/// review, so the operator deciding it sees the picture the public page would show.
#[utoipa::path(
    put,
    path = "/items/{id}/files/{index}/preview",
    tag = "enterprise",
    params(("id" = i64, Path, description = "Item id"),
        ("index" = usize, Path, description = "The model's place in the item's `files`, from 0")),
    request_body(content_type = "multipart/form-data", description = "`file`: the model as a mesh (STL, OBJ, GLB or VRML), at most 50 MB"),
    responses((status = 200, description = "The item, the model's `thumbnail` set; missing or another organisation's → 1042001001; \
        reviewed → 1042001002; no such file → 1042001006; not a model, or a model whose own format gives its picture → 1042001005; \
        a mesh that cannot be read or drawn → 1040001000; over 50 MB → 1040001001; without enterprise:item:publish → 403",
        body = ApiResponse<EnterpriseItem>))
)]
#[tracing::instrument(skip_all)]
pub async fn set_preview(
    user: AuthUser,
    state: web::Data<EnterpriseState>,
    path: web::Path<(i64, usize)>,
    form: Multipart,
) -> ApiResult<ApiResponse<EnterpriseItem>> {
    let org_id = state.publisher_org(&user)?;
    let (id, index) = path.into_inner();
    let item = state.item(id, Some(org_id)).await?;
    if item.state != EnterpriseItemState::Pending {
        return Err(ApiError::new(ALREADY_REVIEWED));
    }
    let file = item
        .files
        .get(index)
        .ok_or_else(|| ApiError::new(FILE_NOT_FOUND))?;
    if file.kind != EnterpriseFileKind::Model {
        return Err(ApiError::with_detail(
            FILE_NOT_ACCEPTED,
            format!("{} 不是模型文件", file.name),
        ));
    }
    // A mesh format's picture is drawn from the file itself, never from something sent beside it.
    if shape::Format::from_file_name(&file.name).is_ok() {
        return Err(ApiError::with_detail(
            FILE_NOT_ACCEPTED,
            format!("{} 的缩略图由文件本身生成", file.name),
        ));
    }
    let (name, mesh) = read_upload(form, MAX_MODEL_BYTES, MODEL_TOO_LARGE).await?;
    let views = state.attachments.preview_views(&name, mesh).await?;
    let outcome = state
        .store
        .set_thumbnail(state.library.key, id, org_id, index, &file.digest, &views)
        .await?;
    match outcome {
        ThumbnailOutcome::Set(item) => {
            tracing::info!(
                library = state.library.key,
                org = org_id,
                item = id,
                index,
                "enterprise model thumbnail set from a preview mesh"
            );
            Ok(ApiResponse::ok(*item))
        }
        ThumbnailOutcome::NotFound => Err(ApiError::new(ITEM_NOT_FOUND)),
        ThumbnailOutcome::NotPending => Err(ApiError::new(ALREADY_REVIEWED)),
        ThumbnailOutcome::FileGone => Err(ApiError::new(FILE_NOT_FOUND)),
    }
}
