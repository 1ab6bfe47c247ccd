//! `GET /search`: keyword search with the library's facets, filters, sorting and paging.

use actix_web::{web, HttpRequest};
use kernel::{ApiError, ApiResponse, ApiResult};
use search::{
    split_keywords, RangeFilter, SearchError, SearchIndex, SearchRequest, SortOrder,
    DEFAULT_FACET_LIMIT,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::StoredHit;
use crate::routes::view::{ItemSummary, Paging, ParameterView};
use crate::search::{FacetsView, IndexFeed, IndexFollower};
use crate::usage::{user_of, UsageRecorder};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// Keyword tags joined by `|` (≤ 10, ≤ 128 characters each, no duplicates).
    pub key_words: Option<String>,
    /// Values with units joined by `|` (`10μF`), matched by canonical value whatever the
    /// prefix or spelling (10uF ≡ 0.01mF ≡ 10000nF).
    pub not_analyzer_key_words: Option<String>,
    /// A category code: the category and its whole subtree.
    pub category: Option<String>,
    /// Manufacturers joined by `|` (any of).
    pub manufacturer: Option<String>,
    /// Packages joined by `|` (any of).
    pub package: Option<String>,
    /// Range filters joined by `;`: `capacitance:1nF..10uF`, `voltage >= 3V and <= 5V`.
    pub range: Option<String>,
    /// `relevance` (default), `partNumber`, `-partNumber`, `param:<dimension>`, `-param:<dimension>`.
    pub sort: Option<String>,
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
    /// Allow a search without keywords (browsing; default false).
    pub allow_empty: Option<bool>,
    /// Facet counts (default true).
    pub facets: Option<bool>,
}

/// One hit: the item, whether a keyword is exactly its part number, and its parameter values
/// (for the results' parameter columns).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchItem {
    #[serde(flatten)]
    pub component: ItemSummary,
    pub exact: bool,
    pub parameters: Vec<ParameterView>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchAnswer {
    pub list: Vec<SearchItem>,
    pub total: i64,
    /// The library's configured facets (`crate::search::FacetConfig::view`); one it does not
    /// configure is left out.
    pub facets: FacetsView,
}

/// Keyword search (docs/search.md): every keyword must match (text with Chinese segmentation,
/// part number exactly or by prefix, package, or value); exact part numbers first.
#[utoipa::path(
    get,
    path = "/search",
    tag = "items",
    params(SearchQuery),
    responses((status = 200, description = "{list, total, facets}; 11 keywords, duplicates, over-long keywords, no keyword, malformed or unknown ranges, bad paging → 400",
        body = ApiResponse<SearchAnswer>))
)]
#[tracing::instrument(skip_all)]
pub async fn search<F: IndexFeed>(
    follower: web::Data<IndexFollower<F>>,
    recorder: web::Data<UsageRecorder>,
    http: HttpRequest,
    query: web::Query<SearchQuery>,
) -> ApiResult<ApiResponse<SearchAnswer>> {
    let request = request_of(&query)?;
    let first_page = request.page == 1;
    // On the search pool, off the HTTP workers; the hits carry their answer (no store read).
    let answer = follower
        .into_inner()
        .run(move |follower, index| answer_of(follower, index, &request))
        .await??;
    // Usage statistics: a keyword search once (its first page; paging is not a new search).
    if first_page {
        let text = recorded_text(&query);
        if !text.is_empty() {
            recorder.search(text, filtered(&query), answer.total, user_of(&http).await);
        }
    }
    Ok(ApiResponse::ok(answer))
}

/// The text a search is counted under (normalised by the recorder): its keywords, or its
/// value keywords when it has no others (the search box sends a value typed as `10uf` both as
/// a keyword and as the value keyword `10μF`: counted once, as typed); empty when the search
/// had neither (browsing).
fn recorded_text(query: &SearchQuery) -> &str {
    [&query.key_words, &query.not_analyzer_key_words]
        .into_iter()
        .flatten()
        .map(|text| text.trim())
        .find(|text| !text.is_empty())
        .unwrap_or_default()
}

/// Whether a filter narrowed the search (category, manufacturer, package or range).
fn filtered(query: &SearchQuery) -> bool {
    [
        &query.category,
        &query.manufacturer,
        &query.package,
        &query.range,
    ]
    .into_iter()
    .flatten()
    .any(|value| !value.trim().is_empty())
}

/// Runs the search and builds the answer from the index alone: each hit's [`StoredHit`], the
/// facet names from memory.
fn answer_of<F: IndexFeed>(
    follower: &IndexFollower<F>,
    index: &SearchIndex,
    request: &SearchRequest,
) -> ApiResult<SearchAnswer> {
    let results = follower
        .search(index, request)
        .map_err(|error| match error {
            SearchError::Query(error) => ApiError::bad_request(error),
            other => ApiError::internal(other),
        })?;
    let list = results
        .hits
        .iter()
        .map(|hit| {
            let stored: StoredHit = serde_json::from_str(
                hit.payload.as_deref().unwrap_or_default(),
            )
            .map_err(|error| {
                ApiError::internal(anyhow::anyhow!(
                    "item {}: stored search answer unreadable: {error}",
                    hit.id
                ))
            })?;
            Ok(SearchItem {
                component: stored.component,
                exact: hit.exact,
                parameters: stored.parameters,
            })
        })
        .collect::<ApiResult<Vec<_>>>()?;
    // `facets=false` answers every configured facet empty.
    let facets = follower.facets().view(
        &results.facets,
        request.facet_limit > 0,
        &follower.category_names(),
        &|name| index.parameter_dimension(name),
    );
    Ok(SearchAnswer {
        list,
        total: results.total as i64,
        facets,
    })
}

fn request_of(query: &SearchQuery) -> ApiResult<SearchRequest> {
    let paging = Paging::parse(query.page_no, query.page_size)?;
    let list = |text: &Option<String>| text.as_deref().map(split_keywords).unwrap_or_default();
    let ranges = query
        .range
        .as_deref()
        .unwrap_or_default()
        .split(';')
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .map(RangeFilter::parse)
        .collect::<Result<Vec<_>, _>>()
        .map_err(ApiError::bad_request)?;
    let sort = SortOrder::parse(query.sort.as_deref().unwrap_or_default())
        .map_err(ApiError::bad_request)?;
    Ok(SearchRequest {
        keywords: list(&query.key_words),
        value_keywords: list(&query.not_analyzer_key_words),
        allow_empty: query.allow_empty.unwrap_or(false),
        category: query
            .category
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::to_string),
        manufacturers: list(&query.manufacturer),
        packages: list(&query.package),
        ranges,
        sort,
        page: (paging.offset / paging.limit + 1) as usize,
        size: paging.limit as usize,
        facet_limit: if query.facets.unwrap_or(true) {
            DEFAULT_FACET_LIMIT
        } else {
            0
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(pairs: &[(&str, &str)]) -> SearchQuery {
        let text = pairs
            .iter()
            .map(|(key, value)| format!("{key}={value}"))
            .collect::<Vec<_>>()
            .join("&");
        parsed(&text)
    }

    fn parsed(text: &str) -> SearchQuery {
        web::Query::<SearchQuery>::from_query(text)
            .map(web::Query::into_inner)
            .unwrap_or_else(|error| panic!("{text}: {error}"))
    }

    #[test]
    fn a_search_is_counted_under_its_keywords_else_its_values() {
        let both = query(&[("keyWords", "stm32|10uf"), ("notAnalyzerKeyWords", "10μF")]);
        assert_eq!(recorded_text(&both), "stm32|10uf");
        let values = query(&[("keyWords", "%20"), ("notAnalyzerKeyWords", "10μF")]);
        assert_eq!(recorded_text(&values), "10μF");
        assert_eq!(recorded_text(&query(&[("allowEmpty", "true")])), "");
    }

    #[test]
    fn only_filters_make_a_search_filtered() {
        assert!(!filtered(&query(&[
            ("keyWords", "lm358"),
            ("sort", "partNumber")
        ])));
        assert!(!filtered(&query(&[
            ("keyWords", "lm358"),
            ("category", "%20")
        ])));
        for filter in ["category", "manufacturer", "package", "range"] {
            assert!(
                filtered(&query(&[("keyWords", "lm358"), (filter, "x")])),
                "{filter}"
            );
        }
    }
}
