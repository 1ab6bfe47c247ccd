//! `GET /queries/zero-result?days=&limit=`: the queries an operator fixes first.

use actix_web::web;
use auth::AuthUser;
use kernel::{ApiResponse, ApiResult};

use super::{ListQuery, StatState};
use crate::usage::store::{UsageStore, ZeroResultQuery};

/// Queries whose latest search without filters found nothing, most searched first, with when
/// each was last searched. A query that finds something again leaves the list; a filtered
/// search that finds nothing does not put it there (the filter, not the catalogue, emptied it).
#[utoipa::path(
    get,
    path = "/queries/zero-result",
    tag = "stat",
    params(ListQuery),
    responses((status = 200, description = "[{query, searches, lastSeen}]; days outside 1–365 or limit outside 1–100 → 400; not signed in → 401, without operation:stat:query → 403",
        body = ApiResponse<Vec<ZeroResultQuery>>))
)]
#[tracing::instrument(skip_all)]
pub async fn zero_result_queries(
    user: AuthUser,
    state: web::Data<StatState>,
    query: web::Query<ListQuery>,
) -> ApiResult<ApiResponse<Vec<ZeroResultQuery>>> {
    let (window, limit) = state.list_window(&user, &query).await?;
    Ok(ApiResponse::ok(
        state
            .store
            .zero_result_queries(state.library.key, &window.first_day(), limit)
            .await?,
    ))
}
