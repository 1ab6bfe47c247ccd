//! `GET /shape-query/{queryToken}`: an earlier upload's query (model or picture) with other
//! options, without sending the file again — what the page does when the slider moves.

use actix_web::web;
use kernel::error::shape::QUERY_EXPIRED;
use kernel::{ApiError, ApiResponse, ApiResult};

use super::{is_upload_token, ranked, ShapeAnswer, ShapeOptions};
use crate::item::library::ItemLibrary;
use crate::routes::view::{truncate, ItemRoutes};
use crate::shape_search::{ModelSource, ShapeSearch};

/// Items ranked against the upload of an earlier answer's `queryToken`, best first.
#[utoipa::path(
    get,
    path = "/shape-query/{queryToken}",
    tag = "items",
    params(("queryToken" = String, Path, description = "an earlier upload's `queryToken` (32 hex digits)"), ShapeOptions),
    responses((status = 200, description = "ranked items; a token this process no longer keeps → 1040004000 \
        (upload the file again), a malformed token or options → 400", body = ApiResponse<ShapeAnswer>))
)]
#[tracing::instrument(skip_all, fields(library = state.library.library().key))]
pub async fn shape_query<L: ItemLibrary, S: ModelSource>(
    state: web::Data<ItemRoutes<L>>,
    search: web::Data<ShapeSearch<S>>,
    token: web::Path<String>,
    options: web::Query<ShapeOptions>,
) -> ApiResult<ApiResponse<ShapeAnswer>> {
    let token = token.into_inner();
    if !is_upload_token(&token) {
        return Err(ApiError::bad_request(format!(
            "queryToken 格式不正确: {}",
            truncate(&token, 40)
        )));
    }
    let (query, page_size) = options.query(&state, None).await?;
    let target = search
        .upload(&token)
        .await
        .ok_or_else(|| ApiError::new(QUERY_EXPIRED))?;
    ranked(&state, &search, target, query, page_size, Some(token)).await
}
