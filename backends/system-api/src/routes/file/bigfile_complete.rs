use actix_web::web;
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::files::{
    model::{check_magic, check_rules, Category, FileName, MAGIC_LEN, SESSION_UPLOADING},
    service::{check_storage_type, storage_error},
    FileStore, Files,
};
use crate::{FILE_CHECKSUM_MISMATCH, FILE_UPLOAD_NOT_COMPLETE};
use storage::{BlobStore, CompletedPart};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartEtag {
    pub etag: String,
    /// 1-based.
    pub part_number: u32,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompleteBigFileRequest {
    pub path: Option<String>,
    pub upload_id: String,
    #[schema(value_type = Option<i64>, example = 11)]
    pub storage_type: Option<serde_json::Value>,
    #[serde(default)]
    pub etags: Vec<PartEtag>,
}

/// Assembles the parts `1..n` after checking every ETag against the stored part (a gap or a
/// mismatch answers `not complete`), then the size and MD5 `init` declared. Answers the
/// object's path; the file exists only after `bigfile/create`.
#[utoipa::path(
    post,
    path = "/to/api/base/file/bigfile/complete",
    tag = "file",
    security(("bearer" = [])),
    request_body = CompleteBigFileRequest,
    responses((status = 200, description = "文件地址", body = ApiResponse<String>))
)]
#[tracing::instrument(skip_all, fields(user = user.user_id()))]
pub async fn complete_big_file(
    files: web::Data<Files>,
    user: AuthUser,
    body: web::Json<CompleteBigFileRequest>,
) -> ApiResult<ApiResponse<String>> {
    let body = body.into_inner();
    check_storage_type(body.storage_type.as_ref())?;
    let session = files
        .session_of(user.user_id(), &body.upload_id, body.path.as_deref())
        .await?;
    if session.status != SESSION_UPLOADING {
        // Completed already (a retried request): the same answer again.
        return Ok(ApiResponse::ok(session.storage_key));
    }
    if body.etags.is_empty() {
        return Err(ApiError::new(FILE_UPLOAD_NOT_COMPLETE));
    }
    let parts: Vec<CompletedPart> = body
        .etags
        .iter()
        .map(|part| CompletedPart {
            part_number: part.part_number,
            etag: part.etag.clone(),
        })
        .collect();
    if let Some(declared) = session
        .declared_size
        .and_then(|size| u64::try_from(size).ok())
    {
        // Parts 1..n-1 without a gap would assemble into a short object that fails the size
        // check, and assembling consumes the parts: a missing last part (by the declared size
        // and the part size init answered) is answered before, so the client can upload it
        // and complete again.
        let expected = declared.div_ceil(files.settings.part_size.max(1)).max(1);
        let last_named = parts
            .iter()
            .map(|part| u64::from(part.part_number))
            .max()
            .unwrap_or(0);
        if last_named < expected {
            tracing::info!(expected, last_named, "complete without the last part");
            return Err(ApiError::new(FILE_UPLOAD_NOT_COMPLETE));
        }
    }
    let completed = files
        .blobs
        .complete_multipart(&session.storage_key, &session.upload_id, &parts)
        .await
        .map_err(storage_error)?;
    // From here on the object exists: a failed check removes it (the session stays for the
    // sweep, which also forgets it).
    if let Err(error) = verify(&files, &session, completed.size).await {
        files.blobs.delete(&session.storage_key).await.ok();
        files.store.delete_session(&session.upload_id).await?;
        return Err(error);
    }
    let size = i64::try_from(completed.size).unwrap_or(i64::MAX);
    files.store.mark_completed(&session.upload_id, size).await?;
    Ok(ApiResponse::ok(session.storage_key))
}

/// The declared size and MD5, the category's size limit and the magic bytes.
async fn verify(
    files: &Files,
    session: &crate::files::model::SessionRecord,
    size: u64,
) -> ApiResult<()> {
    if let Some(declared) = session.declared_size {
        if u64::try_from(declared).ok() != Some(size) {
            return Err(ApiError::with_detail(
                FILE_CHECKSUM_MISMATCH,
                format!("大小 {size} 与声明的 {declared} 不符"),
            ));
        }
    }
    let name = FileName::parse(&session.file_name)?;
    check_rules(Category::parse(&session.category), &name, size)?;
    let head = files
        .blobs
        .read_head(&session.storage_key, MAGIC_LEN)
        .await
        .map_err(storage_error)?;
    check_magic(&name, &head)?;
    if let Some(declared) = &session.declared_md5 {
        // Whole-file MD5: read back on local disk; on S3 the per-part ETags S3 verified and the
        // multipart ETag already cover the bytes (docs/files.md).
        if files.blobs.as_local().is_some() {
            let bytes = files
                .blobs
                .read(&session.storage_key)
                .await
                .map_err(storage_error)?;
            if storage::md5_hex(&bytes) != *declared {
                return Err(ApiError::with_detail(FILE_CHECKSUM_MISMATCH, "MD5 不符"));
            }
        }
    }
    Ok(())
}
