//! Extractor configuration: malformed JSON, query strings and paths answer the 400 envelope
//! instead of actix's plain-text errors.

use std::future::{ready, Ready};

use actix_web::{dev::Payload, error::JsonPayloadError, web, FromRequest, HttpRequest};

use crate::ApiError;

/// Maximum JSON body accepted by default (bytes).
const JSON_LIMIT: usize = 2 * 1024 * 1024;

pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(JSON_LIMIT)
        .error_handler(|error, _req: &HttpRequest| {
            let reason = match &error {
                JsonPayloadError::Deserialize(inner) => inner.to_string(),
                JsonPayloadError::ContentType => "Content-Type 必须为 application/json".to_owned(),
                JsonPayloadError::OverflowKnownLength { length, limit } => {
                    format!("请求体过大({length} > {limit})")
                }
                JsonPayloadError::Overflow { limit } => format!("请求体过大(> {limit})"),
                other => other.to_string(),
            };
            to_api_error(&reason).into()
        })
}

pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default()
        .error_handler(|error, _req: &HttpRequest| to_api_error(&error.to_string()).into())
}

pub fn path_config() -> web::PathConfig {
    web::PathConfig::default()
        .error_handler(|error, _req: &HttpRequest| to_api_error(&error.to_string()).into())
}

/// serde reports a missing field as "missing field `name`" (optionally followed by a
/// position): that becomes `请求参数缺失:name`, everything else `请求参数不正确:<reason>`.
fn to_api_error(reason: &str) -> ApiError {
    let reason = reason
        .strip_prefix("Query deserialize error: ")
        .or_else(|| reason.strip_prefix("Json deserialize error: "))
        .unwrap_or(reason);
    if let Some(rest) = reason.strip_prefix("missing field `") {
        if let Some((name, _)) = rest.split_once('`') {
            return ApiError::missing_parameter(name);
        }
    }
    ApiError::bad_request(reason)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_fields_name_the_parameter() {
        assert_eq!(
            to_api_error("missing field `dictType` at line 1 column 2").message(),
            "请求参数缺失:dictType"
        );
        assert_eq!(
            to_api_error("Query deserialize error: missing field `code`").message(),
            "请求参数缺失:code"
        );
    }

    #[test]
    fn other_failures_keep_the_reason() {
        let error = to_api_error("invalid digit found in string");
        assert_eq!(error.code(), 400);
        assert_eq!(
            error.message(),
            "请求参数不正确:invalid digit found in string"
        );
    }
}

/// The configured `public_url` (trimmed, no trailing slash), registered by the application.
#[derive(Debug, Clone)]
pub struct ConfiguredPublicUrl(pub Option<String>);

/// The origin absolute URLs are built on (signed part URLs, the KiCad library file): the
/// configured `public_url`. Only a development portal without one falls back to the request's
/// own scheme and host (production does not start without it), so no header a client sends
/// ends up in a URL the portal hands out there.
#[derive(Debug, Clone)]
pub struct PublicOrigin(pub String);

impl FromRequest for PublicOrigin {
    type Error = actix_web::Error;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        let configured = req
            .app_data::<web::Data<ConfiguredPublicUrl>>()
            .and_then(|configured| configured.0.clone());
        let origin = configured.unwrap_or_else(|| {
            let info = req.connection_info();
            format!("{}://{}", info.scheme(), info.host())
        });
        ready(Ok(Self(origin)))
    }
}
