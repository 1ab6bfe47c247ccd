//! Routes of a library's public category API, relative to `/to/api/public/<library>`.

pub mod category;
pub mod search_index;
pub mod suggest;

use actix_web::web;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/category/tree").route(web::get().to(category::tree::get_category_tree)),
    )
    .service(
        web::resource("/category/{code}").route(web::get().to(category::detail::get_category)),
    );
}
