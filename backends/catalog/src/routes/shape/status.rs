//! `GET /search3d/status`: how far the fingerprint job is (items with a model, computed,
//! failed, indexed).

use actix_web::web;
use kernel::{ApiResponse, ApiResult};

use crate::shape_search::{ModelSource, ShapeSearch, ShapeStatus};

/// The shape search's fingerprint job.
#[utoipa::path(
    get,
    path = "/search3d/status",
    tag = "items",
    responses((status = 200, description = "progress of the fingerprints", body = ApiResponse<ShapeStatus>))
)]
pub async fn shape_status<S: ModelSource>(
    search: web::Data<ShapeSearch<S>>,
) -> ApiResult<ApiResponse<ShapeStatus>> {
    Ok(ApiResponse::ok(search.status()))
}
