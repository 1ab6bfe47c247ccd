use actix_web::{http::header, web, HttpRequest, HttpResponse};
use futures_util::StreamExt;
use kernel::{ApiError, ApiResult};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::files::{service::storage_error, Files};
use crate::FILE_PART_URL_INVALID;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PartSignature {
    /// Epoch seconds.
    pub expires: i64,
    /// HMAC-SHA256 hex.
    pub signature: String,
}

/// Largest part accepted (bytes): well above the part size, far below anything abusive.
const PART_BODY_MAX: usize = 64 * 1024 * 1024;

/// Receives one part of a local-storage upload. No credentials: the signed URL is the
/// permission. Answers 200 with the `ETag` header (MD5 hex in quotes, as S3 does); a bad or
/// expired signature answers HTTP 403 with the envelope.
#[utoipa::path(
    put,
    path = "/to/api/base/file/part/{uploadId}/{partNumber}",
    tag = "file",
    params(
        ("uploadId" = String, Path, description = "upload id"),
        ("partNumber" = u32, Path, description = "1-based part number"),
        PartSignature
    ),
    request_body(content = Vec<u8>, content_type = "application/octet-stream"),
    responses((status = 200, description = "ETag 响应头 / the ETag header"))
)]
#[tracing::instrument(skip_all)]
pub async fn put_part(
    files: web::Data<Files>,
    request: HttpRequest,
    path: web::Path<(String, u32)>,
    signature: web::Query<PartSignature>,
    mut body: web::Payload,
) -> ApiResult<HttpResponse> {
    let Some(local) = files.blobs.as_local() else {
        return Err(ApiError::new(FILE_PART_URL_INVALID)
            .with_status(actix_web::http::StatusCode::FORBIDDEN));
    };
    // Refused before a byte of the body is read: a declared length over the limit, then a bad
    // signature or an unknown upload. The body is then streamed to disk, never held whole.
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<usize>().ok());
    if declared.is_some_and(|length| length > PART_BODY_MAX) {
        return Err(part_too_large());
    }
    let (upload_id, part_number) = path.into_inner();
    let mut part = local
        .open_part(
            &upload_id,
            part_number,
            signature.expires,
            &signature.signature,
            storage::local::now_epoch_seconds(),
        )
        .await
        .map_err(part_error)?;
    let mut received = 0usize;
    while let Some(chunk) = body.next().await {
        let chunk =
            chunk.map_err(|error| ApiError::bad_request(format!("读取分片失败: {error}")))?;
        received += chunk.len();
        if received > PART_BODY_MAX {
            return Err(part_too_large());
        }
        part.write(&chunk).await.map_err(part_error)?;
    }
    let etag = part.commit().await.map_err(part_error)?;
    let mut response = HttpResponse::Ok();
    cors(&mut response, &request);
    Ok(response
        .insert_header((header::ETAG, format!("\"{etag}\"")))
        .finish())
}

fn part_too_large() -> ApiError {
    ApiError::with_detail(crate::FILE_TOO_LARGE, "分片过大")
}

fn part_error(error: storage::StorageError) -> ApiError {
    match error {
        storage::StorageError::NotFound => ApiError::new(crate::FILE_UPLOAD_SESSION_NOT_EXISTS)
            .with_status(actix_web::http::StatusCode::NOT_FOUND),
        other => storage_error(other),
    }
}

/// The CORS preflight of a cross-origin part PUT.
pub async fn part_preflight(request: HttpRequest) -> HttpResponse {
    let mut response = HttpResponse::Ok();
    cors(&mut response, &request);
    response
        .insert_header((header::ACCESS_CONTROL_ALLOW_METHODS, "PUT, OPTIONS"))
        .insert_header((
            header::ACCESS_CONTROL_ALLOW_HEADERS,
            "Content-Type, Content-MD5",
        ))
        .insert_header((header::ACCESS_CONTROL_MAX_AGE, "3600"))
        .finish()
}

/// The URL is the credential, so any origin may use it; the page must be able to read ETag.
fn cors(response: &mut actix_web::HttpResponseBuilder, request: &HttpRequest) {
    let origin = request
        .headers()
        .get(header::ORIGIN)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("*")
        .to_owned();
    response
        .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, origin))
        .insert_header((header::ACCESS_CONTROL_EXPOSE_HEADERS, "ETag"))
        .insert_header((header::VARY, "Origin"));
}
