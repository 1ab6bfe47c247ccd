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
    // On the HTTP worker, unlike searches: a look-up in the in-memory suggestion map takes
    // microseconds, less than the hand-over to the search pool and back, which put the
    // suggestions' p99 over its 2 ms aim (docs/benchmarks.md).
    let suggestions = follower
        .index()
        .map(|index| index.suggest(keyword, size))
        .unwrap_or_default();
    Ok(ApiResponse::ok(suggestions))
}
