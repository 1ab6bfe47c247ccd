use actix_web::HttpResponse;
use serde_json::json;

/// The v1 root: KiCad checks that it answers an object with `categories` and `parts`.
#[utoipa::path(
    get,
    path = "/kicad-api/v1/",
    tag = "kicad",
    responses((status = 200, description = "{\"categories\": \"\", \"parts\": \"\"} (plain JSON, no envelope)", body = Object))
)]
pub async fn root() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "categories": "", "parts": "" }))
}
