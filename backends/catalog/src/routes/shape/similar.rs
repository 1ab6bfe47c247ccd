//! `GET /item/{id}/similar`: "find similar" — the items whose models are most like the item's,
//! the item itself left out.

use std::sync::Arc;

use actix_web::web;
use kernel::error::shape::ITEM_WITHOUT_MODEL;
use kernel::{ApiError, ApiResponse, ApiResult};

use super::{ranked, ShapeAnswer, ShapeOptions};
use crate::item::library::ItemLibrary;
use crate::routes::view::{parse_id, ItemRoutes};
use crate::shape_search::{ModelSource, QueryTarget, ShapeSearch, ShapeStore};

/// Items shaped like this one, best first.
#[utoipa::path(
    get,
    path = "/item/{id}/similar",
    tag = "items",
    params(("id" = i64, Path, description = "id (positive integer)"), ShapeOptions),
    responses((status = 200, description = "ranked items; unknown id → the library's 不存在 code, an item \
        without a fingerprinted model → 1040003000, malformed id or options → 400", body = ApiResponse<ShapeAnswer>))
)]
#[tracing::instrument(skip_all, fields(library = state.library.library().key, id = %id))]
pub async fn similar<L: ItemLibrary, S: ModelSource>(
    state: web::Data<ItemRoutes<L>>,
    search: web::Data<ShapeSearch<S>>,
    id: web::Path<String>,
    options: web::Query<ShapeOptions>,
) -> ApiResult<ApiResponse<ShapeAnswer>> {
    let id = parse_id(&id)?;
    state.load_item(id).await?;
    let (query, page_size) = options.query(&state, Some(id)).await?;
    let stored = search
        .shapes()?
        .row(id)
        .await?
        .and_then(|row| row.fingerprint)
        .ok_or_else(|| ApiError::new(ITEM_WITHOUT_MODEL))?;
    let fingerprint =
        shape::decode(&stored).map_err(|error| ApiError::internal(anyhow::anyhow!("{error}")))?;
    let target = Arc::new(QueryTarget::Model(Box::new(fingerprint)));
    ranked(&state, &search, target, query, page_size, None).await
}
