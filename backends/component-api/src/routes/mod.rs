//! Routes of the component API, relative to `/to/api/public/component`.

use actix_web::web;
use utoipa::OpenApi;

use catalog::Library;

pub fn configure(_cfg: &mut web::ServiceConfig) {}

#[derive(OpenApi)]
#[openapi()]
struct ComponentApi;

pub fn openapi(library: &Library) -> utoipa::openapi::OpenApi {
    let mut document = ComponentApi::openapi();
    let base = library.api_base();
    document.paths.paths = std::mem::take(&mut document.paths.paths)
        .into_iter()
        .map(|(path, item)| (format!("{base}{path}"), item))
        .collect();
    document
}
