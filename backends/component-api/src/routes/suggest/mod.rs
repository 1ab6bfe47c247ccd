//! Search suggestions (spec §7).
//!
//! | path | answer |
//! |---|---|
//! | `GET /es/keyword/suggest?keyword=&size=` | up to 15 completions (strings) |

pub mod keyword;

use actix_web::web;
use utoipa::OpenApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/es/keyword/suggest").route(web::get().to(keyword::suggest)));
}

#[derive(OpenApi)]
#[openapi(paths(keyword::suggest))]
pub struct SuggestApi;
