//! File routes, relative to `/to/api/base/file` (spec §7, docs/files.md).

pub mod bigfile_complete;
pub mod bigfile_create;
pub mod bigfile_init;
pub mod content_get;
pub mod mine;
pub mod part_upload_url;
pub mod put_part;
pub mod upload;

use actix_web::web;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/upload").route(web::post().to(upload::upload_file)))
        .service(web::resource("/bigfile/init").route(web::post().to(bigfile_init::init_big_file)))
        .service(
            web::resource("/bigfile/getPartUploadUrl")
                .route(web::get().to(part_upload_url::get_part_upload_url)),
        )
        .service(
            web::resource("/bigfile/complete")
                .route(web::post().to(bigfile_complete::complete_big_file)),
        )
        .service(
            web::resource("/bigfile/create").route(web::post().to(bigfile_create::create_big_file)),
        )
        .service(web::resource("/my-page").route(web::get().to(mine::my_files)))
        .service(web::resource("/delete").route(web::delete().to(mine::delete_my_file)))
        .service(
            web::resource("/content/get/{id}").route(web::get().to(content_get::get_file_content)),
        )
        .service(
            web::resource("/part/{upload_id}/{part_number}")
                // Browsers send a preflight before a cross-origin PUT (S3-like CORS).
                .route(web::method(actix_web::http::Method::OPTIONS).to(put_part::part_preflight))
                .route(web::put().to(put_part::put_part)),
        );
}
