//! The operators' catalogue routes of a library, under `/to/api/operation/<library>/catalog-items`
//! (docs/operations.md "Catalogue items"). Permission `<library>:catalog:manage` (e.g.
//! `component:catalog:manage`; `*:*:*` holds it).
//!
//! | path | answer |
//! |---|---|
//! | `GET /page?keyWords=&hidden=&pageNo=&pageSize=` | every item, hidden ones included: `{list, total}` |
//! | `PUT /{id}/hidden` `{hidden, reason}` | hides (with a reason) or restores the item: its new state |

pub mod hide;
pub mod page;

use actix_web::web;

use crate::catalog_admin::store::CatalogAdminRepository;
use crate::Library;

/// State of the operator's catalogue routes.
pub struct CatalogItemsState {
    pub library: &'static Library,
    pub store: CatalogAdminRepository,
}

impl CatalogItemsState {
    /// The permission the routes require.
    pub fn permission(&self) -> String {
        catalog_permission(self.library)
    }
}

/// `<library>:catalog:manage`.
pub fn catalog_permission(library: &Library) -> String {
    format!("{}:catalog:manage", library.key)
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/page").route(web::get().to(page::page_catalog_items)))
        .service(web::resource("/{id}/hidden").route(web::put().to(hide::set_item_hidden)));
}
