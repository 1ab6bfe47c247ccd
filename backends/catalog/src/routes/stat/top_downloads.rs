//! `GET /downloads/top?days=&limit=`: downloads per item and format.

use actix_web::web;
use auth::AuthUser;
use kernel::{ApiResponse, ApiResult};

use super::{ListQuery, StatState};
use crate::usage::store::{TopDownload, UsageStore};

/// The most downloaded files of the window, one entry per item and file kind (format).
#[utoipa::path(
    get,
    path = "/downloads/top",
    tag = "stat",
    params(ListQuery),
    responses((status = 200, description = "[{itemId, itemName, partNumber, kind, downloads}]; days outside 1–365 or limit outside 1–100 → 400; not signed in → 401, without operation:stat:query → 403",
        body = ApiResponse<Vec<TopDownload>>))
)]
#[tracing::instrument(skip_all)]
pub async fn top_downloads(
    user: AuthUser,
    state: web::Data<StatState>,
    query: web::Query<ListQuery>,
) -> ApiResult<ApiResponse<Vec<TopDownload>>> {
    let (window, limit) = state.list_window(&user, &query).await?;
    Ok(ApiResponse::ok(
        state
            .store
            .top_downloads(state.library.key, &window.first_day(), limit)
            .await?,
    ))
}
