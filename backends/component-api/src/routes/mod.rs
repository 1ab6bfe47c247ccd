//! Routes of the component API, relative to `/to/api/public/component` (one action per file).
//!
//! | path | answer |
//! |---|---|
//! | `GET /item/{id}` | detail: parameters, manufacturer, category path, files |
//! | `GET /item/{id}/symbol.svg?unit=` | the symbol drawn as SVG |
//! | `GET /item/{id}/footprint.svg` | the footprint drawn as SVG |
//! | `GET /item/{id}/download/{kind}` | `symbol`, `footprint`, `model-glb`, `model-step` |
//! | `GET /item/{id}/alternatives?size=` | ranked alternatives with reasons |
//! | `GET /item/{id}/recommendations?size=` | same family and compatible package, ranked with reasons |
//! | `GET /item/compare?ids=1,2,3` | 2–10 components, parameters aligned |
//! | `GET /manufacturer/page?keyWords=&pageNo=&pageSize=` | manufacturers |
//! | `GET /manufacturer/{id}?pageNo=&pageSize=` | a manufacturer and its components |
//! | `GET /category/{code}/items?pageNo=&pageSize=` | components of a category subtree |
//! | `GET /kicad-api/v1/…` | the KiCad HTTP library |
//! | `GET /kicad-api/portal.kicad_httplib` | the library file KiCad opens |

pub mod category;
pub mod item;
pub mod kicad;
pub mod manufacturer;
pub mod view;

use actix_web::web;
use catalog::Library;
use utoipa::OpenApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/item/compare").route(web::get().to(item::compare::compare)))
        .service(web::resource("/item/{id}").route(web::get().to(item::detail::get_component)))
        .service(
            web::resource("/item/{id}/symbol.svg")
                .route(web::get().to(item::symbol_svg::get_symbol_svg)),
        )
        .service(
            web::resource("/item/{id}/footprint.svg")
                .route(web::get().to(item::footprint_svg::get_footprint_svg)),
        )
        .service(
            web::resource("/item/{id}/download/{kind}")
                .route(web::get().to(item::download::download)),
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
            web::resource("/manufacturer/page")
                .route(web::get().to(manufacturer::page::manufacturer_page)),
        )
        .service(
            web::resource("/manufacturer/{id}")
                .route(web::get().to(manufacturer::detail::get_manufacturer)),
        )
        .service(
            web::resource("/category/{code}/items")
                .route(web::get().to(category::items::category_items)),
        )
        .service(
            web::resource(["/kicad-api/v1", "/kicad-api/v1/"])
                .route(web::get().to(kicad::root::root)),
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
        .service(
            web::resource("/kicad-api/v1/parts/{file}").route(web::get().to(kicad::part::part)),
        );
}

#[derive(OpenApi)]
#[openapi(
    paths(
        item::detail::get_component,
        item::symbol_svg::get_symbol_svg,
        item::footprint_svg::get_footprint_svg,
        item::download::download,
        item::alternatives::alternatives,
        item::recommendations::recommendations,
        item::compare::compare,
        manufacturer::page::manufacturer_page,
        manufacturer::detail::get_manufacturer,
        category::items::category_items,
        kicad::root::root,
        kicad::httplib::httplib_file,
        kicad::categories::categories_json,
        kicad::category_parts::category_parts,
        kicad::part::part,
    ),
    components(schemas(
        crate::model::ComponentRecord,
        crate::model::Parameter,
        crate::model::FileInfo,
        crate::model::FileKind,
        crate::routes::view::ManufacturerSummary,
        view::ComponentSummary,
        view::ParameterView,
        view::FileView,
        view::ManufacturerDetail,
        item::detail::ComponentDetail,
        item::compare::Comparison,
        item::compare::CompareRow,
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
    let mut document = ComponentApi::openapi();
    let base = library.api_base();
    document.paths.paths = std::mem::take(&mut document.paths.paths)
        .into_iter()
        .map(|(path, item)| (format!("{base}{path}"), item))
        .collect();
    document
}
