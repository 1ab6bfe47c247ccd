//! `GET /es/keyword/suggest` of a library that has no search index yet (parts, materials):
//! the spec's suggest call (§7) answers an empty list in the normal envelope, never a 404, so
//! the search box the portal shows on every library page stays quiet. A library with its own
//! index (components) registers its own handler on its own scope instead of this one.

use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::IntoParams;

/// Spec §9: the search input holds at most 128 characters.
pub const MAX_KEYWORD_CHARS: usize = 128;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SuggestQuery {
    /// What the user has typed so far (≤ 128 characters).
    pub keyword: Option<String>,
    /// How many (≥ 1; spec §9: the client asks 15).
    pub size: Option<i64>,
}

/// Suggestions for the search box: always `[]` until the library has a search index. The
/// parameters are checked as the components library checks them, so a client error shows now.
#[utoipa::path(
    get,
    path = "/es/keyword/suggest",
    tag = "suggest",
    params(SuggestQuery),
    responses((status = 200, description = "completions (none until the library has a search index); \
        keyword over 128 characters or size < 1 → 400", body = ApiResponse<Vec<String>>))
)]
pub async fn suggest(query: web::Query<SuggestQuery>) -> ApiResult<ApiResponse<Vec<String>>> {
    let keyword = query.keyword.as_deref().unwrap_or_default();
    if keyword.chars().count() > MAX_KEYWORD_CHARS {
        return Err(ApiError::bad_request(format!(
            "keyword 不能超过{MAX_KEYWORD_CHARS}个字符"
        )));
    }
    if query.size.is_some_and(|size| size < 1) {
        return Err(ApiError::bad_request("size 必须大于0"));
    }
    Ok(ApiResponse::ok(Vec::new()))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/es/keyword/suggest").route(web::get().to(suggest)));
}
