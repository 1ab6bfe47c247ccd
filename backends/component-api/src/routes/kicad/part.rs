use crate::store::KicadStore;
use catalog::item::store::ItemStore;
use std::collections::HashSet;

use actix_web::{http::StatusCode, web, HttpResponse};
use auth::TokenUser;
use kernel::{ApiError, ApiResult};

use crate::{
    routes::kicad::{category_parts::json_file_id, part_json},
    ComponentState, COMPONENT_NOT_FOUND,
};

/// One part with its fields. KiCad treats any non-200 answer as an error, so unknown and
/// malformed ids answer HTTP 404 / 400 (with the usual envelope as the body).
#[utoipa::path(
    get,
    path = "/kicad-api/v1/parts/{file}",
    tag = "kicad",
    params(("file" = String, Path, description = "`<component id>.json`")),
    responses(
        (status = 200, description = "{id, name, symbolIdStr, exclude_from_*, fields} (plain JSON)", body = Object),
        (status = 400, description = "malformed id"),
        (status = 404, description = "unknown id"),
        (status = 401, description = "没有或无效的访问令牌 (Authorization: Token <personal access token>)")
    )
)]
#[tracing::instrument(skip_all, fields(file = %file))]
pub async fn part(
    _user: TokenUser,
    state: web::Data<ComponentState>,
    file: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let id = json_file_id(&file).ok_or_else(|| {
        ApiError::bad_request("零件文件名必须为 <正整数id>.json")
            .with_status(StatusCode::BAD_REQUEST)
    })?;
    // A part without a KiCad symbol (a Fritzing part) is not in the KiCad library.
    let component = state
        .store
        .get(id)
        .await?
        .filter(|c| c.kicad.symbol_ref.is_some())
        .ok_or_else(|| ApiError::new(COMPONENT_NOT_FOUND).with_status(StatusCode::NOT_FOUND))?;
    let mut parameters = state.store.items.parameters_of(&[id]).await?;
    let repeated: HashSet<String> = if state
        .store
        .kicad
        .duplicate_part_numbers()
        .await?
        .contains(&component.item.code)
    {
        HashSet::from([component.item.code.clone()])
    } else {
        HashSet::new()
    };
    Ok(HttpResponse::Ok().json(part_json(
        &component,
        &parameters.remove(&id).unwrap_or_default(),
        &repeated,
    )))
}
