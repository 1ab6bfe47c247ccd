//! JSON logs and a request id per request.

use std::time::Instant;

use actix_web::{
    body::MessageBody,
    dev::{ServiceRequest, ServiceResponse},
    http::header::{HeaderName, HeaderValue},
    middleware::Next,
    HttpMessage,
};
use anyhow::Context;
use tracing::Instrument;
use tracing_subscriber::EnvFilter;

pub const REQUEST_ID_HEADER: HeaderName = HeaderName::from_static("x-request-id");

/// The id of the current request (in the request extensions).
#[derive(Debug, Clone)]
pub struct RequestId(pub String);

/// Installs the global JSON subscriber, writing to stderr (stdout carries only what a binary
/// prints for people and scripts: its URL, an import report). `RUST_LOG` wins over
/// `default_filter`.
pub fn init(default_filter: &str) -> anyhow::Result<()> {
    let filter = match EnvFilter::try_from_default_env() {
        Ok(filter) => filter,
        Err(_) => EnvFilter::try_new(default_filter).context("invalid log filter")?,
    };
    tracing_subscriber::fmt()
        .json()
        .flatten_event(true)
        .with_current_span(true)
        .with_span_list(false)
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init()
        .map_err(|error| anyhow::anyhow!(error))
        .context("installing the log subscriber")
}

/// Accepts a sane incoming id (so a proxy's id follows the request) or makes one.
fn incoming_request_id(req: &ServiceRequest) -> Option<String> {
    let value = req.headers().get(REQUEST_ID_HEADER)?.to_str().ok()?;
    let sane = !value.is_empty()
        && value.len() <= 128
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':'));
    sane.then(|| value.to_owned())
}

/// Middleware: request id in, span around the request, id echoed out, one log line per request.
pub async fn request_id_middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let request_id =
        incoming_request_id(&req).unwrap_or_else(|| uuid::Uuid::new_v4().simple().to_string());
    req.extensions_mut().insert(RequestId(request_id.clone()));
    let span = tracing::info_span!(
        "request",
        request_id = %request_id,
        method = %req.method(),
        path = %req.path(),
    );
    let started = Instant::now();
    let mut response = next.call(req).instrument(span.clone()).await?;
    if let Ok(value) = HeaderValue::from_str(&request_id) {
        response.headers_mut().insert(REQUEST_ID_HEADER, value);
    }
    span.in_scope(|| {
        tracing::info!(
            status = response.status().as_u16(),
            elapsed_ms = started.elapsed().as_secs_f64() * 1000.0,
            "request finished"
        );
    });
    Ok(response)
}
