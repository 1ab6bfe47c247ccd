//! `GET /es/keyword/suggest` of a library that has no search index yet (parts, materials):
//! the spec's suggest call (§7) answers an empty list in the normal envelope, never a 404, so
//! the search box the portal shows on every library page stays quiet. A library with an index
//! mounts the kit's `routes::search::suggest` instead (`routes::configure_search`); both check
//! their parameters the same way ([`SuggestQuery::checked`]).

use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::IntoParams;

/// Spec §9: the search input holds at most 128 characters.
pub use search::MAX_KEYWORD_CHARS;
use search::MAX_SUGGESTIONS;

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
    query.checked()?;
    Ok(ApiResponse::ok(Vec::new()))
}

impl SuggestQuery {
    /// The keyword (empty when absent) and how many suggestions to give (`size`, default 15,
    /// at most 15); a keyword over 128 characters or a size below 1 is a bad request.
    pub fn checked(&self) -> ApiResult<(&str, usize)> {
        let keyword = self.keyword.as_deref().unwrap_or_default();
        if keyword.chars().count() > MAX_KEYWORD_CHARS {
            return Err(ApiError::bad_request(format!(
                "keyword 不能超过{MAX_KEYWORD_CHARS}个字符"
            )));
        }
        let size = self.size.unwrap_or(MAX_SUGGESTIONS as i64);
        if size < 1 {
            return Err(ApiError::bad_request("size 必须大于0"));
        }
        Ok((
            keyword,
            usize::try_from(size)
                .unwrap_or(usize::MAX)
                .min(MAX_SUGGESTIONS),
        ))
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/es/keyword/suggest").route(web::get().to(suggest)));
}
