//! Routes of a library's public API, relative to `/to/api/public/<library>` (one action per
//! file). Every library gets the category routes ([`configure`]); a library with items mounts
//! the item routes ([`configure_items`], over its [`ItemLibrary`]) and, with a search index,
//! the search routes ([`configure_search`], over its index follower); a library without an
//! index answers the suggest call with [`suggest`] (always `[]`).
//!
//! | path | answer | mounted by |
//! |---|---|---|
//! | `GET /category/tree`, `GET /category/{code}` | the category tree, one category | [`configure`] |
//! | `GET /item/{id}` | detail: record, parameters, manufacturer, category path, files, the library's extras | [`configure_items`] |
//! | `GET /item/{id}/download/{kind}` | one of the item's files (the library's kinds), through the blob store | [`configure_items`] |
//! | `GET /item/compare?ids=1,2,3` | 2–10 items, rows aligned | [`configure_items`] |
//! | `GET /category/{code}/items?pageNo=&pageSize=` | the items of a category subtree | [`configure_items`] |
//! | `GET /manufacturer/page?keyWords=&pageNo=&pageSize=` | manufacturers, most items first | [`configure_items`] |
//! | `GET /manufacturer/{id}?pageNo=&pageSize=` | a manufacturer and its items | [`configure_items`] |
//! | `GET /search?…` | `{list, total, facets}` | [`configure_search`] |
//! | `GET /es/keyword/suggest?keyword=&size=` | completions | [`configure_search`] |
//! | `GET /category/counts` | `{code: count}` | [`configure_search`] |
//! | `POST /search3d`, `POST /search2d` | a model or a picture → `{list[{component, score, thumbnailUrl}], total, status}` | [`configure_shape`] |
//! | `GET /item/{id}/similar`, `GET /item/{id}/thumbnail.png` | "find similar"; the model's picture | [`configure_shape`] |
//! | `GET /search3d/status` | the fingerprint job's progress | [`configure_shape`] |
//! | `GET /shape-query/{queryToken}` | an earlier upload's query with other options | [`configure_shape`] |

pub mod audit;
pub mod catalog_items;
pub mod category;
pub mod enterprise;
pub mod item;
pub mod manufacturer;
pub mod search;
pub mod search_index;
pub mod shape;
pub mod stat;
pub mod suggest;
pub mod view;

use actix_web::web;

use crate::item::library::ItemLibrary;
use crate::search::IndexFeed;
use crate::shape_search::ModelSource;

/// The category routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/category/tree").route(web::get().to(category::tree::get_category_tree)),
    )
    .service(
        web::resource("/category/{code}").route(web::get().to(category::detail::get_category)),
    );
}

/// The item routes of library `L`; the scope must hold `web::Data<view::ItemRoutes<L>>`.
pub fn configure_items<L: ItemLibrary>(cfg: &mut web::ServiceConfig) {
    // `/item/compare` before `/item/{id}`.
    cfg.service(web::resource("/item/compare").route(web::get().to(item::compare::compare::<L>)))
        .service(web::resource("/item/{id}").route(web::get().to(item::detail::get_item::<L>)))
        .service(
            web::resource("/item/{id}/download/{kind}")
                .route(web::get().to(item::download::download::<L>)),
        )
        .service(
            web::resource("/category/{code}/items")
                .route(web::get().to(category::items::category_items::<L>)),
        )
        .service(
            web::resource("/manufacturer/page")
                .route(web::get().to(manufacturer::page::manufacturer_page::<L>)),
        )
        .service(
            web::resource("/manufacturer/{id}")
                .route(web::get().to(manufacturer::detail::get_manufacturer::<L>)),
        );
}

/// The search routes over the library's index follower; the scope must hold
/// `web::Data<IndexFollower<F>>`. Configure them before [`configure`]: `/category/counts`
/// would otherwise be taken for the category `counts`.
pub fn configure_search<F: IndexFeed>(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/search").route(web::get().to(search::query::search::<F>)))
        .service(
            web::resource("/es/keyword/suggest")
                .route(web::get().to(search::suggest::suggest::<F>)),
        )
        .service(
            web::resource("/category/counts")
                .route(web::get().to(search::counts::category_counts::<F>)),
        );
}

/// The shape search routes of library `L` over its models `S`; the scope must hold
/// `web::Data<view::ItemRoutes<L>>` and `web::Data<ShapeSearch<S>>`.
pub fn configure_shape<L: ItemLibrary, S: ModelSource>(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/search3d").route(web::post().to(shape::search3d::search3d::<L, S>)),
    )
    .service(
        web::resource("/search3d/status").route(web::get().to(shape::status::shape_status::<S>)),
    )
    .service(web::resource("/search2d").route(web::post().to(shape::search2d::search2d::<L, S>)))
    .service(
        web::resource("/shape-query/{token}")
            .route(web::get().to(shape::shape_query::shape_query::<L, S>)),
    )
    .service(
        web::resource("/item/{id}/similar").route(web::get().to(shape::similar::similar::<L, S>)),
    )
    .service(
        web::resource("/item/{id}/thumbnail.png")
            .route(web::get().to(shape::thumbnail::thumbnail::<L, S>)),
    );
}
