//! API documentation: one OpenAPI document per service at
//! `/to/api/docs/{service}/openapi.json` and one Swagger UI page at `/to/api/docs/` listing
//! them all. Swagger UI's files are compiled into the binary (the `vendored` feature), so the
//! page works offline.

use actix_web::{web, HttpResponse};
use utoipa::openapi::OpenApi;
use utoipa_swagger_ui::{SwaggerUi, Url};

pub const DOCS_PATH: &str = "/to/api/docs";
/// Routes that exist only in development (the outbox); production documents leave them out.
pub const DEV_PATH_PREFIX: &str = "/to/api/dev/";

/// The documents to serve: (service name, document URL, document).
#[derive(Clone)]
pub struct ApiDocs {
    documents: Vec<(&'static str, &'static str, OpenApi)>,
}

impl ApiDocs {
    pub fn new(
        documents: impl IntoIterator<Item = (&'static str, OpenApi)>,
        mode: crate::Mode,
    ) -> Self {
        let documents = documents
            .into_iter()
            .map(|(name, mut document)| {
                if mode == crate::Mode::Production {
                    document
                        .paths
                        .paths
                        .retain(|path, _| !path.starts_with(DEV_PATH_PREFIX));
                }
                // Swagger UI's URL list borrows `'static` strings; the few document URLs are
                // built once per application.
                let url: &'static str =
                    Box::leak(format!("{DOCS_PATH}/{name}/openapi.json").into_boxed_str());
                (name, url, document)
            })
            .collect();
        Self { documents }
    }

    pub fn configure(&self, cfg: &mut web::ServiceConfig) {
        let urls = self
            .documents
            .iter()
            .map(|(name, url, document)| (Url::new(name, url), document.clone()))
            .collect();
        cfg.service(web::resource(DOCS_PATH).route(web::get().to(|| async {
            HttpResponse::PermanentRedirect()
                .insert_header(("location", format!("{DOCS_PATH}/")))
                .finish()
        })))
        .service(SwaggerUi::new(format!("{DOCS_PATH}/{{_:.*}}")).urls(urls));
    }
}
