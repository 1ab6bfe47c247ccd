//! Keyword search over the component library with the `search` crate (docs/search.md): the
//! component's side of the kit's index follower ([`index`]) and the search route ([`query`]).
//!
//! | path | answer |
//! |---|---|
//! | `GET /category/counts` | `{code: count}`: components per category (subtree) |
//! | `GET /search?keyWords=a\|b&notAnalyzerKeyWords=&category=&manufacturer=&package=&range=&sort=&pageNo=&pageSize=` | `{list, total, facets}` |

pub mod counts;
pub mod index;
pub mod quality;
pub mod query;

use actix_web::web;
use utoipa::OpenApi;

pub use index::ComponentSearch;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/search").route(web::get().to(query::search)))
        // Before the catalogue kit's `/category/{code}` (configured after this).
        .service(web::resource("/category/counts").route(web::get().to(counts::category_counts)));
}

#[derive(OpenApi)]
#[openapi(
    paths(query::search, counts::category_counts),
    components(schemas(
        query::SearchAnswer,
        query::SearchItem,
        catalog::search::FacetsView,
        catalog::search::FacetEntry
    ))
)]
pub struct SearchApi;
