//! The operators' catalogue routes of a library, under `/to/api/operation/<library>/`
//! (docs/operations.md "Catalogue items", "Manufacturers"). Permission `<library>:catalog:manage`
//! (e.g. `component:catalog:manage`; `*:*:*` holds it).
//!
//! | path | answer |
//! |---|---|
//! | `GET catalog-items/page?keyWords=&hidden=&duplicates=&pageNo=&pageSize=` | every item, hidden ones included: `{list, total}` |
//! | `PUT catalog-items/{id}/hidden` `{hidden, reason}` | hides (with a reason) or restores the item: its new state |
//! | `POST catalog-items/{id}/merge` `{targetId, reason}` | merges a duplicate into the target |
//! | `GET catalog-items/{id}` | the item with its correctable fields and corrections |
//! | `PUT catalog-items/{id}` `{name, description, categoryCode, documentUrl, lifecycle, reason}` | corrects it |
//! | `GET catalog-items/{id}/parameters` | its parameters, the source's list while corrected, the dimensions |
//! | `PUT catalog-items/{id}/parameters` `{parameters: [{dimension, value, conditions}], reason}` | corrects its parameters |
//! | `GET catalog-manufacturers/page?keyWords=&duplicates=&pageNo=&pageSize=` | manufacturers with counts and aliases: `{list, total}` |
//! | `PUT catalog-manufacturers/{id}` `{name, website}` | renames it or sets its website |
//! | `POST catalog-manufacturers/{id}/merge` `{targetId}` | merges it into the target: `{target, moved}` |
//! | `GET catalog-categories/tree` | every category with counts, corrections and hidden state |
//! | `PUT catalog-categories/{code}` `{name, nameEn, sort, reason}` | corrects it |
//! | `PUT catalog-categories/{code}/hidden` `{hidden, reason}` | hides an empty one, or shows it |
//! | `POST catalog-import` | starts importing the library's sources again: `{started, status}` |
//! | `GET catalog-import` | the last import's status, progress and report |
//! | `GET catalog-import/history?pageNo=&pageSize=` | past imports, newest first: `{list, total}` |

pub mod categories;
pub mod edit;
pub mod hide;
pub mod import;
pub mod manufacturers;
pub mod merge;
pub mod page;
pub mod parameters;

use actix_web::web;

use crate::catalog_admin::category_store::CategoryAdminRepository;
use crate::catalog_admin::store::CatalogAdminRepository;
use crate::Library;

/// State of the operator's catalogue routes.
pub struct CatalogItemsState {
    pub library: &'static Library,
    pub store: CatalogAdminRepository,
    pub categories: CategoryAdminRepository,
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

/// The routes under `catalog-items`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/page").route(web::get().to(page::page_catalog_items)))
        .service(web::resource("/{id}/hidden").route(web::put().to(hide::set_item_hidden)))
        .service(web::resource("/{id}/merge").route(web::post().to(merge::merge_catalog_item)))
        .service(
            web::resource("/{id}/parameters")
                .route(web::get().to(parameters::catalog_item_parameters))
                .route(web::put().to(parameters::correct_catalog_item_parameters)),
        )
        .service(
            web::resource("/{id}")
                .route(web::get().to(edit::catalog_item_detail))
                .route(web::put().to(edit::edit_catalog_item)),
        );
}

/// The routes under `catalog-manufacturers`.
pub fn configure_manufacturers(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/page").route(web::get().to(manufacturers::page_manufacturers)))
        .service(web::resource("/{id}").route(web::put().to(manufacturers::edit_manufacturer)))
        .service(
            web::resource("/{id}/merge").route(web::post().to(manufacturers::merge_manufacturer)),
        );
}

/// The routes under `catalog-categories`.
pub fn configure_categories(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/tree").route(web::get().to(categories::category_tree)))
        .service(web::resource("/{code}").route(web::put().to(categories::edit_category)))
        .service(
            web::resource("/{code}/hidden").route(web::put().to(categories::set_category_hidden)),
        );
}

/// The route `catalog-import` (under the scope of that name).
pub fn configure_import(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("")
            .route(web::post().to(import::start_import))
            .route(web::get().to(import::import_status)),
    )
    .service(web::resource("/history").route(web::get().to(import::import_history)));
}
