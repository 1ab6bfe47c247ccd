//! `GET /es/keyword/suggest`: prefix completions of part numbers, names, keywords, categories
//! and manufacturers.

use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};
use search::{MAX_KEYWORD_CHARS, MAX_SUGGESTIONS};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::search_routes::ComponentSearch;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SuggestQuery {
    /// What the user has typed so far (≤ 128 characters); empty → no suggestions.
    pub keyword: Option<String>,
    /// How many (1–15, default 15; larger values give 15).
    pub size: Option<i64>,
}

/// Suggestions for the search box (spec §7: `data` is an array of strings, at most 15).
#[utoipa::path(
    get,
    path = "/es/keyword/suggest",
    tag = "component",
    params(SuggestQuery),
    responses((status = 200, description = "completions; keyword over 128 characters or size < 1 → 400",
        body = ApiResponse<Vec<String>>))
)]
#[tracing::instrument(skip_all)]
pub async fn suggest(
    search: web::Data<ComponentSearch>,
    query: web::Query<SuggestQuery>,
) -> ApiResult<ApiResponse<Vec<String>>> {
    let keyword = query.keyword.as_deref().unwrap_or_default();
    if keyword.chars().count() > MAX_KEYWORD_CHARS {
        return Err(ApiError::bad_request(format!(
            "keyword 不能超过{MAX_KEYWORD_CHARS}个字符"
        )));
    }
    let size = query.size.unwrap_or(MAX_SUGGESTIONS as i64);
    if size < 1 {
        return Err(ApiError::bad_request("size 必须大于0"));
    }
    let size = (size as usize).min(MAX_SUGGESTIONS);
    if search.index().is_none() {
        return Ok(ApiResponse::ok(Vec::new()));
    }
    // On the search pool, off the HTTP workers.
    let keyword = keyword.to_owned();
    let suggestions = search
        .into_inner()
        .run(move |_, index| index.suggest(&keyword, size))
        .await?;
    Ok(ApiResponse::ok(suggestions))
}
