//! The part library's own routes, relative to `/to/api/public/part` (one action per file).
//! Detail, compare, category items, manufacturers, search, suggestions and category counts are
//! the kit's (`catalog::routes`, mounted with [`crate::items::PartItems`]).
//!
//! | path | answer |
//! |---|---|
//! | `GET /item/{id}/recommendations?size=` | mating nuts and washers, the same part in other standards, the next sizes |
//! | `GET /item/{id}/variants` | every variant of the part's family and standard (the variant table) |
//! | `GET /item/{id}/model/{format}?length=` | the STEP, STL or GLB model or the SVG or DXF drawing (profiles: of a length) |
//! | `GET /materials/{grade}/parts` | the part families whose standards name a materials-library grade |

pub mod item;
pub mod materials;

use actix_web::web;
use catalog::Library;
use utoipa::OpenApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/item/{id}/recommendations")
            .route(web::get().to(item::recommendations::recommendations)),
    );
    cfg.service(
        web::resource("/item/{id}/variants").route(web::get().to(item::variants::variants)),
    );
    cfg.service(
        web::resource("/item/{id}/model/{format}").route(web::get().to(item::model::model)),
    );
    cfg.service(
        web::resource("/materials/{grade}/parts")
            .route(web::get().to(materials::parts_of_grade::parts_of_grade)),
    );
}

#[derive(OpenApi)]
#[openapi(
    paths(
        item::recommendations::recommendations,
        item::variants::variants,
        item::model::model,
        materials::parts_of_grade::parts_of_grade
    ),
    components(schemas(
        item::recommendations::PartRecommendations,
        item::recommendations::PartRecommendationGroup,
        item::variants::PartVariants,
        item::variants::PartVariant,
        materials::parts_of_grade::PartsOfGrade,
        materials::parts_of_grade::PartFamilyUse,
        crate::materials::MaterialOption,
        crate::materials::Relation,
    )),
    tags((name = "part", description = "零部件 Mechanical parts"))
)]
struct PartApi;

/// The part routes' OpenAPI document with their concrete paths.
pub fn openapi(library: &Library) -> utoipa::openapi::OpenApi {
    catalog::library_routes_openapi(PartApi::openapi(), library)
}
