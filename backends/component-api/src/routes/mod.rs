//! The component library's own routes, relative to `/to/api/public/component` (one action per
//! file). Detail, download, compare, category items, manufacturers, search, suggestions and
//! category counts are the kit's (`catalog::routes`, mounted with [`crate::items::ComponentItems`]).
//!
//! | path | answer |
//! |---|---|
//! | `GET /item/{id}/symbol.svg?unit=` | the symbol drawn as SVG |
//! | `GET /item/{id}/footprint.svg` | the footprint drawn as SVG |
//! | `GET /item/{id}/alternatives?size=` | ranked alternatives with reasons |
//! | `GET /item/{id}/recommendations?size=` | same family and compatible package, ranked with reasons |
//! | `GET /kicad-api/v1/…` | the KiCad HTTP library |
//! | `GET /kicad-api/portal.kicad_httplib` | the library file KiCad opens |

pub mod item;
pub mod kicad;
pub mod view;

use actix_web::web;
use catalog::Library;
use utoipa::OpenApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/item/{id}/symbol.svg")
            .route(web::get().to(item::symbol_svg::get_symbol_svg)),
    )
    .service(
        web::resource("/item/{id}/footprint.svg")
            .route(web::get().to(item::footprint_svg::get_footprint_svg)),
    )
    .service(
        web::resource("/item/{id}/alternatives")
            .route(web::get().to(item::alternatives::alternatives)),
    )
    .service(
        web::resource("/item/{id}/recommendations")
            .route(web::get().to(item::recommendations::recommendations)),
    )
    .service(
        web::resource(["/kicad-api/v1", "/kicad-api/v1/"]).route(web::get().to(kicad::root::root)),
    )
    .service(
        web::resource("/kicad-api/portal.kicad_httplib")
            .route(web::get().to(kicad::httplib::httplib_file)),
    )
    .service(
        web::resource("/kicad-api/v1/categories.json")
            .route(web::get().to(kicad::categories::categories_json)),
    )
    .service(
        web::resource("/kicad-api/v1/parts/category/{file}")
            .route(web::get().to(kicad::category_parts::category_parts)),
    )
    .service(web::resource("/kicad-api/v1/parts/{file}").route(web::get().to(kicad::part::part)));
}

#[derive(OpenApi)]
#[openapi(
    paths(
        item::symbol_svg::get_symbol_svg,
        item::footprint_svg::get_footprint_svg,
        item::alternatives::alternatives,
        item::recommendations::recommendations,
        kicad::root::root,
        kicad::httplib::httplib_file,
        kicad::categories::categories_json,
        kicad::category_parts::category_parts,
        kicad::part::part,
    ),
    components(schemas(
        crate::model::Parameter,
        view::ParameterView,
        item::alternatives::Alternative,
        item::recommendations::Recommendations,
        item::recommendations::RecommendationGroup,
        item::recommendations::Recommendation,
        crate::recommend::Reason,
        crate::recommend::Difference,
    )),
    tags(
        (name = "component", description = "元器件 Components"),
        (name = "kicad", description = "KiCad HTTP library v1 (plain JSON, every value a string)")
    )
)]
struct ComponentApi;

/// The component routes' OpenAPI document with their concrete paths.
pub fn openapi(library: &Library) -> utoipa::openapi::OpenApi {
    catalog::library_routes_openapi(ComponentApi::openapi(), library)
}
