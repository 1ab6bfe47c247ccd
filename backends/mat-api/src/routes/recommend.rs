//! `POST /recommend`: constraints, an objective, a family filter and chart axes → the ranked
//! materials with their reasons, the exclusions by reason, and the Ashby chart of the candidates
//! (`mat_cae::select`).

use actix_web::web;
use catalog::routes::view::ItemRoutes;
use kernel::{ApiError, ApiResponse, ApiResult};

use crate::items::MatItems;
use crate::selection::{
    recommend as rank, MaterialPool, RecommendRequest, Recommendation, Selection,
};

/// Ranks every material of the library under the request.
#[utoipa::path(
    post,
    path = "/recommend",
    tag = "mat",
    request_body = RecommendRequest,
    responses((status = 200, description = "the ranked materials (at most `limit`), exclusion counts and \
        the chart; a malformed body → 400; an unknown property, index, family or objective kind, a bound \
        that is no number with a unit of the property, min above max, a constraint without bounds, equal \
        axes or a limit outside 1–100 → 1030006000",
        body = ApiResponse<Recommendation>))
)]
#[tracing::instrument(skip_all)]
pub async fn recommend(
    routes: web::Data<ItemRoutes<MatItems>>,
    pool: web::Data<MaterialPool>,
    body: web::Json<RecommendRequest>,
) -> ApiResult<ApiResponse<Recommendation>> {
    let selection = Selection::parse(&body)?;
    let candidates = pool
        .candidates(&routes.items)
        .await
        .map_err(ApiError::internal)?;
    Ok(ApiResponse::ok(rank(&candidates, &selection)))
}
