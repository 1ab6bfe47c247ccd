//! The organisation's shape search (docs/enterprise-library.md, "Searching the organisation's
//! models by shape"): a member uploads a model or a picture, or picks one of the organisation's
//! items, and gets the organisation's approved items of this library ranked by their models —
//! never another organisation's, never the public library's (those are the public routes'). The
//! query string is the public shape routes' (`minScore`, `includeSize`, `ignoreMirrored`,
//! `categoryCode`, `pageSize`).

use std::sync::Arc;

use actix_multipart::Multipart;
use actix_web::web;
use auth::AuthUser;
use kernel::error::enterprise::CATEGORY_NOT_FOUND;
use kernel::error::shape::{IMAGE_UNREADABLE, ITEM_WITHOUT_MODEL, MODEL_TOO_LARGE, QUERY_EXPIRED};
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Serialize;
use utoipa::ToSchema;

use super::EnterpriseState;
use crate::enterprise::shapes::OrgShapeQuery;
use crate::enterprise::store::{EnterpriseStore, ItemFilter};
use crate::enterprise::{EnterpriseItem, EnterpriseItemState};
use crate::routes::shape::{
    is_upload_token, read_upload, shown_score, upload_token, ShapeOptions, MAX_IMAGE_BYTES,
    MAX_MODEL_BYTES, MAX_RANKED,
};
use crate::routes::shape::{search2d::ImageUpload, search3d::ModelUpload};
use crate::routes::view::truncate;
use crate::shape_search::QueryTarget;

/// Items read per page while the organisation's approved items are gathered.
const GATHER_PAGE: i64 = 500;

/// One of the organisation's items, ranked.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseShapeHit {
    pub item: EnterpriseItem,
    /// Similarity 0–100, one decimal: of the item's most similar model.
    pub score: f32,
    /// That model's place in the item's `files`.
    pub file_index: usize,
    /// `…/items/{id}/files/{fileIndex}?thumbnail=true`, when the model has a picture.
    pub thumbnail_url: Option<String>,
}

/// The organisation's items ranked by shape, best first.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseShapeAnswer {
    pub list: Vec<EnterpriseShapeHit>,
    /// Items at or above `minScore` (counted up to 500).
    pub total: usize,
    /// Approved items with a fingerprinted model: what was searched.
    pub searched: usize,
    /// The upload's handle for `GET /shape-query/{queryToken}` (None for "find similar").
    pub query_token: Option<String>,
}

impl EnterpriseState {
    /// Every approved item of `org_id` in this library.
    async fn approved_items(&self, org_id: i64) -> ApiResult<Vec<EnterpriseItem>> {
        let filter = ItemFilter {
            org_id: Some(org_id),
            state: Some(EnterpriseItemState::Approved),
            keyword: None,
            public_only: false,
        };
        let mut items = Vec::new();
        loop {
            let offset = i64::try_from(items.len()).unwrap_or(i64::MAX);
            let page = self
                .store
                .list(self.library.key, &filter, false, offset, GATHER_PAGE)
                .await?;
            let last = i64::try_from(page.items.len()).unwrap_or_default() < GATHER_PAGE;
            items.extend(page.items);
            if last {
                return Ok(items);
            }
        }
    }

    /// The organisation's approved items ranked against `target` under `options`.
    async fn ranked(
        &self,
        org_id: i64,
        target: Arc<QueryTarget>,
        options: &ShapeOptions,
        exclude: Option<i64>,
        query_token: Option<String>,
    ) -> ApiResult<ApiResponse<EnterpriseShapeAnswer>> {
        let checked = options.checked()?;
        let categories = options
            .categories(&self.categories, CATEGORY_NOT_FOUND)
            .await?;
        let items = self.approved_items(org_id).await?;
        let ranking = self
            .shapes
            .rank(
                &items,
                target,
                OrgShapeQuery {
                    min_score: checked.min_score,
                    options: checked.options,
                    categories,
                    exclude,
                    limit: MAX_RANKED,
                },
            )
            .await?;
        let total = ranking.hits.len();
        let base = self.library.enterprise_base();
        let list = ranking
            .hits
            .into_iter()
            .take(checked.page_size)
            .map(|hit| {
                let item = items[hit.position].clone();
                let thumbnail_url = item
                    .files
                    .get(hit.file_index)
                    .and_then(|file| file.thumbnail.as_ref())
                    .map(|_| {
                        format!(
                            "{base}/items/{}/files/{}?thumbnail=true",
                            item.id, hit.file_index
                        )
                    });
                EnterpriseShapeHit {
                    score: shown_score(hit.score),
                    file_index: hit.file_index,
                    thumbnail_url,
                    item,
                }
            })
            .collect();
        Ok(ApiResponse::ok(EnterpriseShapeAnswer {
            list,
            total,
            searched: ranking.searched,
            query_token,
        }))
    }
}

/// The organisation's approved items whose models are most like the uploaded one.
#[utoipa::path(
    post,
    path = "/search3d",
    operation_id = "enterprise_search3d",
    tag = "enterprise",
    params(ShapeOptions),
    request_body(content = ModelUpload, content_type = "multipart/form-data"),
    responses((status = 200, description = "the organisation's approved items ranked, with the upload's `queryToken`; \
        not signed in → 401; not in an organisation → 1042001000; an unreadable model → 1040001000, over 50 MB or \
        5 million triangles → 1040001001; unknown category → 1042001003; options out of range → 400",
        body = ApiResponse<EnterpriseShapeAnswer>))
)]
#[tracing::instrument(skip_all, fields(library = state.library.key))]
pub async fn search3d(
    user: AuthUser,
    state: web::Data<EnterpriseState>,
    options: web::Query<ShapeOptions>,
    form: Multipart,
) -> ApiResult<ApiResponse<EnterpriseShapeAnswer>> {
    ranked_upload(&user, &state, &options, form, Upload::Model).await
}

/// The organisation's approved items whose models' outlines are most like the picture.
#[utoipa::path(
    post,
    path = "/search2d",
    operation_id = "enterprise_search2d",
    tag = "enterprise",
    params(ShapeOptions),
    request_body(content = ImageUpload, content_type = "multipart/form-data"),
    responses((status = 200, description = "the organisation's approved items ranked, with the upload's `queryToken`; \
        not signed in → 401; not in an organisation → 1042001000; not a PNG/JPEG or over 10 MB → 1040002000, \
        a blank picture → 1040002001; options out of range → 400",
        body = ApiResponse<EnterpriseShapeAnswer>))
)]
#[tracing::instrument(skip_all, fields(library = state.library.key))]
pub async fn search2d(
    user: AuthUser,
    state: web::Data<EnterpriseState>,
    options: web::Query<ShapeOptions>,
    form: Multipart,
) -> ApiResult<ApiResponse<EnterpriseShapeAnswer>> {
    ranked_upload(&user, &state, &options, form, Upload::Image).await
}

/// What an upload is searched as.
#[derive(Clone, Copy)]
enum Upload {
    Model,
    Image,
}

/// The organisation's approved items ranked against the uploaded model or picture.
async fn ranked_upload(
    user: &AuthUser,
    state: &EnterpriseState,
    options: &ShapeOptions,
    form: Multipart,
    upload: Upload,
) -> ApiResult<ApiResponse<EnterpriseShapeAnswer>> {
    let org_id = state.member_org(user)?;
    options.checked()?;
    let (limit, too_large, kind) = match upload {
        Upload::Model => (MAX_MODEL_BYTES, MODEL_TOO_LARGE, "model"),
        Upload::Image => (MAX_IMAGE_BYTES, IMAGE_UNREADABLE, "image"),
    };
    let (name, bytes) = read_upload(form, limit, too_large).await?;
    let token = upload_token(kind, &name, &bytes);
    let target = state
        .shapes
        .upload_or_compute(&token, move || match upload {
            Upload::Model => shape::fingerprint_file(&name, &bytes)
                .map(|fingerprint| QueryTarget::Model(Box::new(fingerprint))),
            Upload::Image => shape::silhouette_from_image(&bytes).map(QueryTarget::Silhouette),
        })
        .await?;
    state
        .ranked(org_id, target, options, None, Some(token))
        .await
}

/// An earlier upload's query ranked again with other options, without the file.
#[utoipa::path(
    get,
    path = "/shape-query/{queryToken}",
    operation_id = "enterprise_shape_query",
    tag = "enterprise",
    params(("queryToken" = String, Path, description = "an earlier upload's `queryToken` (32 hex digits)"), ShapeOptions),
    responses((status = 200, description = "the organisation's approved items ranked; not signed in → 401; not in an \
        organisation → 1042001000; a token this process no longer keeps → 1040004000; a malformed token or options → 400",
        body = ApiResponse<EnterpriseShapeAnswer>))
)]
#[tracing::instrument(skip_all, fields(library = state.library.key))]
pub async fn shape_query(
    user: AuthUser,
    state: web::Data<EnterpriseState>,
    token: web::Path<String>,
    options: web::Query<ShapeOptions>,
) -> ApiResult<ApiResponse<EnterpriseShapeAnswer>> {
    let org_id = state.member_org(&user)?;
    let token = token.into_inner();
    if !is_upload_token(&token) {
        return Err(ApiError::bad_request(format!(
            "queryToken 格式不正确: {}",
            truncate(&token, 40)
        )));
    }
    let target = state
        .shapes
        .upload(&token)
        .await
        .ok_or_else(|| ApiError::new(QUERY_EXPIRED))?;
    state
        .ranked(org_id, target, &options, None, Some(token))
        .await
}

/// The organisation's other approved items whose models are most like one of its items'.
#[utoipa::path(
    get,
    path = "/items/{id}/similar",
    operation_id = "enterprise_similar",
    tag = "enterprise",
    params(("id" = i64, Path, description = "Item id"), ShapeOptions),
    responses((status = 200, description = "the organisation's other approved items ranked by its first \
        fingerprinted model; missing or another organisation's → 1042001001; without a model that could be \
        fingerprinted → 1040003000; options out of range → 400", body = ApiResponse<EnterpriseShapeAnswer>))
)]
#[tracing::instrument(skip_all, fields(library = state.library.key))]
pub async fn similar(
    user: AuthUser,
    state: web::Data<EnterpriseState>,
    id: web::Path<i64>,
    options: web::Query<ShapeOptions>,
) -> ApiResult<ApiResponse<EnterpriseShapeAnswer>> {
    let org_id = state.member_org(&user)?;
    let id = id.into_inner();
    let item = state.item(id, Some(org_id)).await?;
    let mut fingerprint = None;
    for index in 0..item.files.len() {
        fingerprint = state.shapes.fingerprint(&item, index).await?;
        if fingerprint.is_some() {
            break;
        }
    }
    let fingerprint = fingerprint.ok_or_else(|| ApiError::new(ITEM_WITHOUT_MODEL))?;
    let target = Arc::new(QueryTarget::Model(Box::new(fingerprint.as_ref().clone())));
    state.ranked(org_id, target, &options, Some(id), None).await
}
