use crate::store::KicadStore;
use catalog::item::store::ItemStore;
use std::collections::HashSet;

use actix_web::{web, HttpResponse};
use auth::TokenUser;
use kernel::ApiResult;
use serde_json::Value;

use crate::{routes::kicad::part_json, ComponentState};

/// More than any category holds; KiCad asks for a whole category at once.
const CATEGORY_LIMIT: i64 = 100_000;

/// `{id}.json` → the id, when it is a positive integer.
pub fn json_file_id(file: &str) -> Option<i64> {
    file.strip_suffix(".json")?
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
}

/// The parts of one category, each with its full `fields`. KiCad parses this answer without
/// checking the status, so an unknown or malformed category is an empty array.
#[utoipa::path(
    get,
    path = "/kicad-api/v1/parts/category/{file}",
    tag = "kicad",
    params(("file" = String, Path, description = "`<category id>.json`")),
    responses((status = 200, description = "[{id, name, description, keywords, symbolIdStr, exclude_from_*, fields}] (plain JSON)", body = Vec<Object>), (status = 401, description = "没有或无效的访问令牌 (Authorization: Token <personal access token>)"))
)]
#[tracing::instrument(skip_all, fields(file = %file))]
pub async fn category_parts(
    _user: TokenUser,
    state: web::Data<ComponentState>,
    file: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let Some(category_id) = json_file_id(&file) else {
        return Ok(HttpResponse::Ok().json(Vec::<Value>::new()));
    };
    // Only parts with a KiCad symbol (Fritzing parts have none).
    let components: Vec<_> = state
        .store
        .list_in_category(category_id, 0, CATEGORY_LIMIT)
        .await?
        .into_iter()
        .filter(|c| c.kicad.symbol_ref.is_some())
        .collect();
    let ids: Vec<i64> = components.iter().map(|c| c.item.id).collect();
    let parameters = state.store.items.parameters_of(&ids).await?;
    let repeated: HashSet<String> = state
        .store
        .kicad
        .duplicate_part_numbers()
        .await?
        .into_iter()
        .collect();
    let none = Vec::new();
    let body: Vec<Value> = components
        .iter()
        .map(|c| part_json(c, parameters.get(&c.item.id).unwrap_or(&none), &repeated))
        .collect();
    Ok(HttpResponse::Ok().json(body))
}
