use crate::store::KicadStore;
use actix_web::{web, HttpResponse};
use auth::TokenUser;
use kernel::ApiResult;
use serde_json::{json, Value};

use crate::{
    routes::{kicad::category_names, view::categories},
    ComponentState,
};

/// Every category that holds components: `[{id, name, description}]`, all strings.
#[utoipa::path(
    get,
    path = "/kicad-api/v1/categories.json",
    tag = "kicad",
    responses((status = 200, description = "[{id, name, description}] (plain JSON, no envelope)", body = Vec<Object>), (status = 401, description = "没有或无效的访问令牌 (Authorization: Token <personal access token>)"))
)]
#[tracing::instrument(skip_all)]
pub async fn categories_json(
    _user: TokenUser,
    state: web::Data<ComponentState>,
) -> ApiResult<HttpResponse> {
    let records = categories(&state).await?;
    let counts = state.store.kicad.category_counts().await?;
    let mut listed: Vec<(String, Value)> = counts
        .into_iter()
        .filter_map(|(category_id, count)| {
            let record = records.iter().find(|r| r.id == category_id)?;
            let (name, name_en) = category_names(&records, record);
            Some((
                record.path.clone(),
                json!({
                    "id": category_id.to_string(),
                    "name": name,
                    "description": format!("{name_en} ({count})"),
                }),
            ))
        })
        .collect();
    // Tree order, so KiCad lists siblings together.
    listed.sort_by(|a, b| a.0.cmp(&b.0));
    let body: Vec<Value> = listed.into_iter().map(|(_, value)| value).collect();
    Ok(HttpResponse::Ok().json(body))
}
