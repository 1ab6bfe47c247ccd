use actix_web::{http::header, HttpResponse};
use kernel::extract::PublicOrigin;
use serde_json::json;

/// A `.kicad_httplib` file pointing KiCad (Preferences → Manage Symbol Libraries) at this
/// server's v1 API. The token is a placeholder: the user pastes a personal access token.
#[utoipa::path(
    get,
    path = "/kicad-api/portal.kicad_httplib",
    tag = "kicad",
    responses((status = 200, description = "the library file for KiCad 8+ (JSON, attachment)", body = Object))
)]
pub async fn httplib_file(public_origin: PublicOrigin) -> HttpResponse {
    let root_url = format!("{}{}/kicad-api", public_origin.0, crate::LIBRARY.api_base());
    let file = json!({
        "meta": { "version": 1.0 },
        "name": "Portal components",
        "description": "元器件库 Electronic Components (KiCad HTTP library)",
        "source": {
            "type": "REST_API",
            "api_version": "v1",
            "root_url": root_url,
            "token": "<personal access token>",
            "timeout_parts_seconds": 60,
            "timeout_categories_seconds": 600
        }
    });
    HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((
            header::CONTENT_DISPOSITION,
            "attachment; filename=\"portal.kicad_httplib\"",
        ))
        .json(file)
}
