use actix_web::web;
use auth::AuthUser;
use kernel::{extract::PublicOrigin, ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::files::{
    model::SESSION_UPLOADING,
    service::{check_storage_type, storage_error},
    Files,
};
use crate::FILE_UPLOAD_SESSION_NOT_EXISTS;
use storage::{local::MAX_PART_NUMBER, BlobStore};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PartUploadUrlQuery {
    pub upload_id: String,
    /// 1-based and equal to the part number (1 = the first 3 MB).
    pub chunk_index: u32,
    /// The `path` init answered.
    pub path: Option<String>,
    /// 11.
    #[param(value_type = Option<i64>)]
    pub storage_type: Option<serde_json::Value>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartUploadUrl {
    /// The presigned PUT URL (the spec's spelling). Local storage answers an absolute URL of
    /// this portal; S3 one of the object store.
    pub singed_url: String,
    /// Headers to send with the PUT.
    #[schema(value_type = Object, example = json!({"Content-Type": "application/octet-stream"}))]
    pub header: serde_json::Value,
}

/// A URL that accepts one part by PUT, without credentials, until it expires
/// (`files.part_url_minutes`). The PUT answers the part's ETag header.
#[utoipa::path(
    get,
    path = "/to/api/base/file/bigfile/getPartUploadUrl",
    tag = "file",
    security(("bearer" = [])),
    params(PartUploadUrlQuery),
    responses((status = 200, description = "分片上传地址", body = ApiResponse<PartUploadUrl>))
)]
#[tracing::instrument(skip_all, fields(user = user.user_id()))]
pub async fn get_part_upload_url(
    files: web::Data<Files>,
    user: AuthUser,
    public_origin: PublicOrigin,
    query: web::Query<PartUploadUrlQuery>,
) -> ApiResult<ApiResponse<PartUploadUrl>> {
    let query = query.into_inner();
    check_storage_type(query.storage_type.as_ref())?;
    if query.chunk_index == 0 || query.chunk_index > MAX_PART_NUMBER {
        return Err(ApiError::bad_request(format!(
            "chunkIndex 须在 1 到 {MAX_PART_NUMBER} 之间"
        )));
    }
    let session = files
        .session_of(user.user_id(), &query.upload_id, query.path.as_deref())
        .await?;
    if session.status != SESSION_UPLOADING {
        return Err(ApiError::new(FILE_UPLOAD_SESSION_NOT_EXISTS));
    }
    let part = files
        .blobs
        .part_url(
            &session.storage_key,
            &session.upload_id,
            query.chunk_index,
            files.part_url_lifetime(),
        )
        .map_err(storage_error)?;
    let url = if part.url.starts_with('/') {
        // A site path (local storage): absolute, on the configured or the requested origin.
        let origin = match files.settings.public_base_url.as_deref() {
            Some(base) if !base.trim().is_empty() => base.trim().trim_end_matches('/').to_owned(),
            _ => public_origin.0,
        };
        format!("{origin}{}", part.url)
    } else {
        part.url
    };
    Ok(ApiResponse::ok(PartUploadUrl {
        singed_url: url,
        header: serde_json::json!({ "Content-Type": part.content_type }),
    }))
}
