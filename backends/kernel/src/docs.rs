//! API documentation: one OpenAPI document per service at
//! `/to/api/docs/{service}/openapi.json` and one Swagger UI page at `/to/api/docs/` listing
//! them all. Swagger UI's files are compiled into the binary (the `vendored` feature), so the
//! page works offline.

use actix_web::{web, HttpResponse};
#[cfg(test)]
use anyhow::Context;
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
                errors_carry_null_data(&mut document);
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

    /// The documents as served: (service name, document). `portal openapi` prints them so the
    /// front end's generated types come from exactly what the running services publish.
    pub fn documents(&self) -> impl Iterator<Item = (&'static str, &OpenApi)> {
        self.documents
            .iter()
            .map(|(name, _, document)| (*name, document))
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

/// Every route may answer the error envelope (`data: null`, HTTP 200), so the `data` of every
/// envelope schema is documented as nullable: clients generated from the document (and the
/// schema checks of `scripts/fuzz.sh`) then accept the errors the spec defines. utoipa drops
/// `nullable` on a generic field, hence this pass over the finished document.
fn errors_carry_null_data(document: &mut OpenApi) {
    let Ok(mut value) = serde_json::to_value(&*document) else {
        return;
    };
    if let Some(schemas) = value
        .pointer_mut("/components/schemas")
        .and_then(serde_json::Value::as_object_mut)
    {
        for schema in schemas.values_mut() {
            let is_envelope = ["code", "data", "msg"]
                .iter()
                .all(|field| schema.pointer(&format!("/properties/{field}")).is_some());
            if let Some(data) = schema
                .pointer_mut("/properties/data")
                .filter(|_| is_envelope)
            {
                let inner = data.take();
                *data = serde_json::json!({"oneOf": [inner, {"type": "null"}]});
            }
        }
    }
    match serde_json::from_value(value) {
        Ok(nullable) => *document = nullable,
        Err(error) => tracing::warn!(%error, "API document: envelope data left as generated"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(utoipa::ToSchema)]
    #[allow(dead_code)]
    struct Payload {
        name: String,
    }

    #[derive(utoipa::OpenApi)]
    #[openapi(components(schemas(crate::ApiResponse<bool>, crate::ApiResponse<Payload>)))]
    struct Demo;

    #[test]
    fn envelope_data_is_nullable_in_the_document() -> anyhow::Result<()> {
        use utoipa::OpenApi as _;
        let mut document = Demo::openapi();
        errors_carry_null_data(&mut document);
        let value = serde_json::to_value(&document)?;
        let schemas = value["components"]["schemas"]
            .as_object()
            .context("schemas")?;
        let envelopes: Vec<_> = schemas
            .iter()
            .filter(|(name, _)| name.starts_with("ApiResponse"))
            .collect();
        assert_eq!(envelopes.len(), 2, "{schemas:?}");
        for (name, schema) in envelopes {
            let variants = &schema["properties"]["data"]["oneOf"];
            assert_eq!(
                variants[1],
                serde_json::json!({"type": "null"}),
                "{name}: {schema}"
            );
        }
        Ok(())
    }
}
