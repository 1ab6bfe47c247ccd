use actix_web::HttpResponse;
use auth::TokenUser;
use serde_json::json;

/// The v1 root: KiCad checks that it answers an object with `categories` and `parts`.
#[utoipa::path(
    get,
    path = "/kicad-api/v1/",
    tag = "kicad",
    responses((status = 200, description = "{\"categories\": \"\", \"parts\": \"\"} (plain JSON, no envelope)", body = Object), (status = 401, description = "没有或无效的访问令牌 (Authorization: Token <personal access token>)"))
)]
/// KiCad checks this with the token of its `.kicad_httplib`, so a bad token shows at once.
pub async fn root(_user: TokenUser) -> HttpResponse {
    HttpResponse::Ok().json(json!({ "categories": "", "parts": "" }))
}
