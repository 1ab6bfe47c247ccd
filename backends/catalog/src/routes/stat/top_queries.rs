//! `GET /queries/top?days=&limit=`: the most searched queries.

use actix_web::web;
use auth::AuthUser;
use kernel::{ApiResponse, ApiResult};

use super::{ListQuery, StatState};
use crate::usage::store::{TopQuery, UsageStore};

/// The most searched (normalised) queries of the window, with the result total of each one's
/// latest search.
#[utoipa::path(
    get,
    path = "/queries/top",
    tag = "stat",
    params(ListQuery),
    responses((status = 200, description = "[{query, searches, lastTotal}]; days outside 1–365 or limit outside 1–100 → 400; not signed in → 401, without operation:stat:query → 403",
        body = ApiResponse<Vec<TopQuery>>))
)]
#[tracing::instrument(skip_all)]
pub async fn top_queries(
    user: AuthUser,
    state: web::Data<StatState>,
    query: web::Query<ListQuery>,
) -> ApiResult<ApiResponse<Vec<TopQuery>>> {
    let (window, limit) = state.list_window(&user, &query).await?;
    Ok(ApiResponse::ok(
        state
            .store
            .top_queries(state.library.key, &window.first_day(), limit)
            .await?,
    ))
}
