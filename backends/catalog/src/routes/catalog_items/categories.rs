//! `/catalog-categories/…`: the library's category tree as operators manage it: the tree with
//! counts and corrections, correcting a category's names and place, hiding an empty one.

use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::error::catalog::{CATEGORY_NOT_EMPTY, CATEGORY_NOT_FOUND, CATEGORY_NOT_IN_TAXONOMY};
use kernel::{ApiError, ApiResponse, ApiResult};

use super::CatalogItemsState;
use crate::audit::Actor;
use crate::catalog_admin::category::{
    admin_tree, find_in_tree, CatalogCategory, CategoryEditOutcome, CategoryEditRequest,
    CategoryHideOutcome,
};
use crate::catalog_admin::category_store::CategoryAdminStore;
use crate::catalog_admin::HideRequest;
use crate::taxonomy::Taxonomy;

/// Every category of the library, hidden ones included, as a tree: each with its item counts
/// (directly and in its subtree), its corrections against the taxonomy file and its hidden state.
#[utoipa::path(
    get,
    path = "/catalog-categories/tree",
    tag = "catalog-items",
    responses((status = 200, description = "The roots with their subtrees; not signed in → 401; without <library>:catalog:manage → 403",
        body = ApiResponse<Vec<CatalogCategory>>))
)]
#[tracing::instrument(skip_all)]
pub async fn category_tree(
    user: AuthUser,
    state: web::Data<CatalogItemsState>,
) -> ApiResult<ApiResponse<Vec<CatalogCategory>>> {
    user.require_permission(&state.permission())?;
    let taxonomy = state.library.parse_taxonomy()?;
    Ok(ApiResponse::ok(state.category_tree(&taxonomy).await?))
}

/// Corrects the category's Chinese and English names and its place among its siblings (every
/// field as the operator wants it, with a reason). A field set back to the taxonomy file's value
/// is no correction any more; a changed file keeps the corrections. The public tree and the search
/// index show the new names within a second. Lands in the library's audit log
/// (`catalog-category.update`).
#[utoipa::path(
    put,
    path = "/catalog-categories/{code}",
    tag = "catalog-items",
    params(("code" = String, Path, description = "The category's code")),
    request_body = CategoryEditRequest,
    responses((status = 200, description = "The category; a blank or bad field → 400; unknown code → 1043003000; no longer in the taxonomy file → 1043003002; not signed in → 401; without <library>:catalog:manage → 403",
        body = ApiResponse<CatalogCategory>))
)]
#[tracing::instrument(skip_all, fields(code = %code))]
pub async fn edit_category(
    user: AuthUser,
    request: HttpRequest,
    state: web::Data<CatalogItemsState>,
    code: web::Path<String>,
    body: web::Json<CategoryEditRequest>,
) -> ApiResult<ApiResponse<CatalogCategory>> {
    user.require_permission(&state.permission())?;
    let edit = body.into_inner().parse()?;
    let taxonomy = state.library.parse_taxonomy()?;
    let source = taxonomy
        .categories
        .iter()
        .find(|category| category.code == *code);
    let actor = Actor::of(&user, &request);
    match state
        .categories
        .edit_category(state.library.key, &code, source, &edit, &actor)
        .await?
    {
        CategoryEditOutcome::Changed | CategoryEditOutcome::Unchanged => {
            Ok(ApiResponse::ok(state.category(&taxonomy, &code).await?))
        }
        CategoryEditOutcome::NotFound => Err(ApiError::new(CATEGORY_NOT_FOUND)),
        CategoryEditOutcome::Stale => Err(ApiError::new(CATEGORY_NOT_IN_TAXONOMY)),
    }
}

/// Hides the category and its subtree from the public tree, its pages and the organisations'
/// forms (with a reason), or shows it again. Only a category with no item in its subtree that
/// the public or an organisation sees can be hidden: move or hide those first. Asking for the
/// state it is in changes nothing. Lands in the library's audit log (`catalog-category.hide`,
/// `catalog-category.unhide`).
#[utoipa::path(
    put,
    path = "/catalog-categories/{code}/hidden",
    tag = "catalog-items",
    params(("code" = String, Path, description = "The category's code")),
    request_body = HideRequest,
    responses((status = 200, description = "The category; no reason to hide → 400; unknown code → 1043003000; items under it → 1043003001; not signed in → 401; without <library>:catalog:manage → 403",
        body = ApiResponse<CatalogCategory>))
)]
#[tracing::instrument(skip_all, fields(code = %code))]
pub async fn set_category_hidden(
    user: AuthUser,
    request: HttpRequest,
    state: web::Data<CatalogItemsState>,
    code: web::Path<String>,
    body: web::Json<HideRequest>,
) -> ApiResult<ApiResponse<CatalogCategory>> {
    user.require_permission(&state.permission())?;
    let visibility = body.into_inner().parse()?;
    let actor = Actor::of(&user, &request);
    match state
        .categories
        .set_category_visibility(state.library.key, &code, &visibility, &actor)
        .await?
    {
        CategoryHideOutcome::Changed | CategoryHideOutcome::Unchanged => {
            let taxonomy = state.library.parse_taxonomy()?;
            Ok(ApiResponse::ok(state.category(&taxonomy, &code).await?))
        }
        CategoryHideOutcome::NotFound => Err(ApiError::new(CATEGORY_NOT_FOUND)),
        CategoryHideOutcome::NotEmpty {
            items,
            enterprise_items,
        } => Err(ApiError::with_message(
            CATEGORY_NOT_EMPTY,
            format!(
                "该分类下仍有 {items} 个公开条目、{enterprise_items} 个企业条目，请先移走或隐藏"
            ),
        )),
    }
}

impl CatalogItemsState {
    /// The operators' category tree of the library, corrections shown against `taxonomy`
    /// (the library's file, parsed once per request).
    async fn category_tree(&self, taxonomy: &Taxonomy) -> ApiResult<Vec<CatalogCategory>> {
        let rows = self.categories.category_rows(self.library.key).await?;
        Ok(admin_tree(&rows, &taxonomy.categories))
    }

    /// Category `code` as the operators' tree shows it.
    async fn category(&self, taxonomy: &Taxonomy, code: &str) -> ApiResult<CatalogCategory> {
        let tree = self.category_tree(taxonomy).await?;
        find_in_tree(&tree, code)
            .cloned()
            .ok_or_else(|| ApiError::new(CATEGORY_NOT_FOUND))
    }
}
