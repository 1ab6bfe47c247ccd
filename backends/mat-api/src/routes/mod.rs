//! The materials library's own routes (docs/materials.md, "Selection and CAE export"): the CAE
//! export and the recommendations, which hand stored materials to `mat-cae`.
//!
//! | path | answer |
//! |---|---|
//! | `GET /to/api/public/mat/item/{id}/cae?format=&units=` | the material as a FreeCAD, CalculiX/Abaqus or APDL file |
//! | `POST /to/api/public/mat/recommend` | constraints + objective → ranked materials, exclusions, Ashby chart |
//! | `GET /to/api/public/mat/grades?codes=` | the material item of each glossary grade (what other libraries link to) |
//! | `POST /mat/chat-recommend` | a sentence → the parsed constraints + the same recommendation (the spec's algorithm tool host path) |

pub mod cae;
pub mod chat;
pub mod grades;
pub mod recommend;

use actix_web::web;
use utoipa::OpenApi;

/// Under the library's API base.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/item/{id}/cae").route(web::get().to(cae::cae)));
    cfg.service(web::resource("/recommend").route(web::post().to(recommend::recommend)));
    cfg.service(web::resource("/grades").route(web::get().to(grades::grades)));
}

/// The spec's path on the algorithm tool host, which the embedded portal is too.
pub const CHAT_RECOMMEND_PATH: &str = "/mat/chat-recommend";

#[derive(OpenApi)]
#[openapi(
    paths(cae::cae, recommend::recommend, grades::grades),
    components(schemas(
        crate::selection::RecommendRequest,
        crate::selection::ConstraintInput,
        crate::selection::BoundInput,
        crate::selection::ObjectiveInput,
        crate::selection::ChartAxesInput,
        crate::selection::Recommendation,
        crate::selection::ObjectiveView,
        crate::selection::RankedMaterial,
        crate::selection::IndexValueView,
        crate::selection::CheckView,
        crate::selection::ExclusionCount,
        crate::selection::ChartView,
        crate::selection::ChartBox,
        crate::selection::ChartEnvelope,
        crate::selection::ChartLine,
        grades::GradeMaterial,
        grades::GradeMaterials,
    )),
    tags((name = "mat", description = "材料 Materials"))
)]
pub struct MatRoutesApi;

/// `/mat/chat-recommend` keeps its own path (no library base).
#[derive(OpenApi)]
#[openapi(
    paths(chat::chat_recommend),
    components(schemas(
        chat::ChatRecommendRequest,
        chat::ChatRecommendation,
        chat::ParsedQuery,
        chat::ConstraintChip,
        chat::FamilyChip,
        chat::ConditionChip,
    ))
)]
pub struct ChatApi;
