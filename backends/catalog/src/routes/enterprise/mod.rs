//! The enterprise (private) library routes of a library (docs/enterprise-library.md), the only
//! readers of `enterprise_item`. Members, under `/to/api/enterprise/<library>`:
//!
//! | path | answer |
//! |---|---|
//! | `GET /items?pageNo&pageSize&state&keyword` | the caller's organisation's items, newest first |
//! | `GET /items/{id}` | one of them (another organisation's id answers like a missing one) |
//! | `PUT /items/{id}` | resubmits an approved or rejected one (`enterprise:item:publish`) |
//! | `GET /items/{id}/files/{index}` | one of its files |
//! | `PUT /items/{id}/files/{index}/preview` | multipart `file`: a mesh of a pending item's STEP model, for its thumbnail (`enterprise:item:publish`) |
//! | `PUT /items/{id}/showcase` | shows an approved one on the organisation's public page, or hides it (`enterprise:item:publish`) |
//! | `GET /showcase/{orgId}/items` | anyone: the items an organisation shows |
//! | `GET /showcase/{orgId}/items/{id}/files/{index}` | anyone: one of their files |
//! | `POST /items` | submits an item (permission `enterprise:item:publish`) |
//! | `POST /search3d`, `POST /search2d` | multipart `file`: the organisation's approved items ranked by their models' shapes |
//! | `GET /shape-query/{queryToken}` | an earlier upload ranked again with other options |
//! | `GET /items/{id}/similar` | the organisation's approved items whose models are most like one of its items' |
//! | `GET /items/template?format` | the batch file's template (CSV or XLSX) |
//! | `POST /items/batch` | multipart `file` (+ `filesClaim`): every row of an XLSX or CSV file, or none (same permission) |
//!
//! Operators, under `/to/api/operation/<library>/enterprise-items` (permission
//! `operation:enterprise-item:audit`):
//!
//! | path | answer |
//! |---|---|
//! | `GET ?pageNo&pageSize&state&orgId` | every organisation's items, oldest first (the queue) |
//! | `PUT /{id}` | approves or rejects a pending item |
//! | `GET /{id}/files/{index}` | one of its files |
//!
//! The organisation always comes from the caller's principal, never from the request; the
//! public page's routes read only what an organisation shows (approved and showcased).

pub mod batch;
pub mod files;
pub mod items;
pub mod review;
pub mod shape;
pub mod showcase;

use actix_web::web;
use auth::AuthUser;
use kernel::error::enterprise::{CATEGORY_NOT_FOUND, ITEM_NOT_FOUND, NOT_ORG_MEMBER};
use kernel::error::global::FORBIDDEN;
use kernel::paging::{PageResult, Paging};
use kernel::{ApiError, ApiResult};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::enterprise::files::Attachments;
use crate::enterprise::shapes::EnterpriseShapes;
use crate::enterprise::store::{EnterpriseRepository, EnterpriseStore, ItemFilter};
use crate::enterprise::{EnterpriseItem, EnterpriseItemState, FIRST_ORG_ID, PUBLISH_PERMISSION};
use crate::store::{CategoryRepository, CategoryStore};
use crate::Library;

/// State of a library's enterprise routes.
pub struct EnterpriseState {
    pub library: &'static Library,
    pub store: EnterpriseRepository,
    pub categories: CategoryRepository,
    /// The items' files and the claims of uploads.
    pub attachments: Attachments,
    /// Fingerprints of the organisations' models, for their shape search.
    pub shapes: EnterpriseShapes,
    /// Whether an organisation is active: a disabled one's public page shows nothing.
    pub orgs: std::sync::Arc<auth::OrgDirectory>,
}

impl EnterpriseState {
    /// The caller's organisation: signed in with a session or personal token (an open-platform
    /// key reads public libraries only) and a member of an organisation.
    pub fn member_org(&self, user: &AuthUser) -> ApiResult<i64> {
        if user.principal.api_key.is_some() {
            return Err(ApiError::new(FORBIDDEN));
        }
        if user.principal.org_id < FIRST_ORG_ID {
            return Err(ApiError::new(NOT_ORG_MEMBER));
        }
        Ok(user.principal.org_id)
    }

    /// The caller's organisation, when they may publish into it.
    pub fn publisher_org(&self, user: &AuthUser) -> ApiResult<i64> {
        let org_id = self.member_org(user)?;
        user.require_permission(PUBLISH_PERMISSION)?;
        Ok(org_id)
    }

    /// The page of this library's items that `query` asks for, within `org_id` (`None`: every
    /// organisation); newest first, or oldest first for the review `queue`.
    pub async fn page(
        &self,
        query: &ItemListQuery,
        org_id: Option<i64>,
        queue: bool,
    ) -> ApiResult<PageResult<EnterpriseItem>> {
        let filter = ItemFilter {
            org_id,
            state: query.state()?,
            keyword: query.keyword.clone(),
            public_only: false,
        };
        self.list(&filter, query.page_no, query.page_size, queue)
            .await
    }

    /// The page `page_no` of `page_size` of this library's items that `filter` finds.
    pub async fn list(
        &self,
        filter: &ItemFilter,
        page_no: Option<i64>,
        page_size: Option<i64>,
        queue: bool,
    ) -> ApiResult<PageResult<EnterpriseItem>> {
        let paging = Paging::parse(page_no, page_size)?;
        let page = self
            .store
            .list(self.library.key, filter, queue, paging.offset, paging.limit)
            .await?;
        Ok(PageResult {
            list: page.items,
            total: page.total,
        })
    }

    /// Item `id`, within `org_id` (`None`: any organisation); else 1042001001.
    pub async fn item(&self, id: i64, org_id: Option<i64>) -> ApiResult<EnterpriseItem> {
        self.store
            .get(self.library.key, id, org_id)
            .await?
            .ok_or_else(|| ApiError::new(ITEM_NOT_FOUND))
    }

    /// `category_id` is a category of this library's tree.
    pub async fn check_category(&self, category_id: i64) -> ApiResult<()> {
        let known = self
            .categories
            .list()
            .await?
            .iter()
            .any(|category| category.id == category_id);
        if known {
            Ok(())
        } else {
            Err(ApiError::new(CATEGORY_NOT_FOUND))
        }
    }
}

/// Paging and filters of a list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ItemListQuery {
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
    /// `pending`, `approved` or `rejected`; absent: all.
    pub state: Option<String>,
    /// Matches code, name and manufacturer (members' list).
    pub keyword: Option<String>,
    /// One organisation (operators' queue).
    pub org_id: Option<i64>,
}

impl ItemListQuery {
    fn state(&self) -> ApiResult<Option<EnterpriseItemState>> {
        self.state
            .as_deref()
            .filter(|state| !state.is_empty())
            .map(EnterpriseItemState::parse)
            .transpose()
    }
}

pub fn configure_members(cfg: &mut web::ServiceConfig) {
    // Before `/items/{id}`: neither is an id.
    cfg.service(web::resource("/items/template").route(web::get().to(batch::batch_template)))
        .service(web::resource("/items/batch").route(web::post().to(batch::submit_batch)));
    cfg.service(
        web::resource("/items")
            .route(web::get().to(items::list_items))
            .route(web::post().to(items::submit_item)),
    )
    .service(
        web::resource("/items/{id}")
            .route(web::get().to(items::item_detail))
            .route(web::put().to(items::resubmit_item)),
    )
    .service(web::resource("/items/{id}/files/{index}").route(web::get().to(files::member_file)))
    .service(
        web::resource("/items/{id}/files/{index}/preview").route(web::put().to(files::set_preview)),
    )
    .service(web::resource("/items/{id}/showcase").route(web::put().to(showcase::set_showcase)))
    .service(web::resource("/items/{id}/similar").route(web::get().to(shape::similar)))
    .service(web::resource("/search3d").route(web::post().to(shape::search3d)))
    .service(web::resource("/search2d").route(web::post().to(shape::search2d)))
    .service(web::resource("/shape-query/{token}").route(web::get().to(shape::shape_query)))
    .service(
        web::resource("/showcase/{org_id}/items").route(web::get().to(showcase::showcase_items)),
    )
    .service(
        web::resource("/showcase/{org_id}/items/{id}/files/{index}")
            .route(web::get().to(showcase::showcase_file)),
    );
}

pub fn configure_operators(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("").route(web::get().to(review::review_queue)))
        .service(web::resource("/{id}").route(web::put().to(review::review_item)))
        .service(web::resource("/{id}/files/{index}").route(web::get().to(files::review_file)));
}
