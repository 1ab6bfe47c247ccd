//! `GET /es/keyword/suggest`: prefix completions of part numbers, names, keywords, categories
//! and manufacturers from the library's index (spec §7: `data` is an array of strings).

use actix_web::web;
use kernel::{ApiResponse, ApiResult};

use crate::routes::suggest::SuggestQuery;
use crate::search::{IndexFeed, IndexFollower};

/// Suggestions for the search box: at most 15 (`size` 1–15, default 15; larger gives 15).
#[utoipa::path(
    get,
    path = "/es/keyword/suggest",
    tag = "items",
    params(SuggestQuery),
    responses((status = 200, description = "completions; keyword over 128 characters or size < 1 → 400",
        body = ApiResponse<Vec<String>>))
)]
#[tracing::instrument(skip_all)]
pub async fn suggest<F: IndexFeed>(
    follower: web::Data<IndexFollower<F>>,
    query: web::Query<SuggestQuery>,
) -> ApiResult<ApiResponse<Vec<String>>> {
    let (keyword, size) = query.checked()?;
    if follower.index().is_none() {
        return Ok(ApiResponse::ok(Vec::new()));
    }
    // On the search pool, off the HTTP workers.
    let keyword = keyword.to_owned();
    let suggestions = follower
        .into_inner()
        .run(move |_, index| index.suggest(&keyword, size))
        .await?;
    Ok(ApiResponse::ok(suggestions))
}
