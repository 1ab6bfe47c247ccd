use actix_web::web;
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::files::{
    model::{check_rules, mime_type_of, NewSession},
    service::{check_storage_type, storage_error},
    Category, FileName, FileStore, Files,
};
use crate::routes::file::upload::DEFAULT_MODULE_TYPE;
use storage::BlobStore;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InitBigFileRequest {
    /// Module type (default 3).
    #[serde(rename = "type")]
    pub module_type: Option<i32>,
    #[serde(default)]
    pub biz_code: String,
    pub file_name: String,
    /// 11 (chunked upload; number or string).
    #[schema(value_type = Option<i64>, example = 11)]
    pub storage_type: Option<serde_json::Value>,
    /// Whole file size in bytes: checked against the category's limit now and against the
    /// assembled object on completion; part of what identifies a resumable upload.
    pub size: Option<i64>,
    /// MD5 hex of the whole file, verified on completion (local storage).
    pub md5: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadedPart {
    /// 1-based (the `chunkIndex` of getPartUploadUrl is the same number).
    pub part_number: u32,
    pub etag: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InitBigFileAnswer {
    /// The object's key in the store.
    pub path: String,
    pub upload_id: String,
    /// Bytes per part (the last part may be shorter).
    pub part_size: u64,
    /// Parts an earlier, interrupted upload already stored (resume); empty for a new one.
    pub uploaded_parts: Vec<UploadedPart>,
}

/// Opens a chunked upload, or resumes the unfinished one of the same user, name, size and
/// business code.
#[utoipa::path(
    post,
    path = "/to/api/base/file/bigfile/init",
    tag = "file",
    security(("bearer" = [])),
    request_body = InitBigFileRequest,
    responses((status = 200, description = "上传任务", body = ApiResponse<InitBigFileAnswer>))
)]
#[tracing::instrument(skip_all, fields(user = user.user_id()))]
pub async fn init_big_file(
    files: web::Data<Files>,
    user: AuthUser,
    body: web::Json<InitBigFileRequest>,
) -> ApiResult<ApiResponse<InitBigFileAnswer>> {
    let body = body.into_inner();
    check_storage_type(body.storage_type.as_ref())?;
    let name = FileName::parse(&body.file_name)?;
    let biz_code = body.biz_code.trim().to_owned();
    let category = Category::from_biz_code(&biz_code);
    if let Some(size) = body.size {
        if size < 0 {
            return Err(ApiError::bad_request("size 不能为负数"));
        }
        check_rules(category, &name, u64::try_from(size).unwrap_or(0))?;
    } else {
        check_rules(category, &name, 0)?;
    }
    let md5 = match body
        .md5
        .as_deref()
        .map(str::trim)
        .filter(|md5| !md5.is_empty())
    {
        Some(md5) if md5.len() == 32 && md5.bytes().all(|b| b.is_ascii_hexdigit()) => {
            Some(md5.to_ascii_lowercase())
        }
        Some(_) => return Err(ApiError::bad_request("md5 必须为32位十六进制")),
        None => None,
    };
    let backend = files.blobs.kind().as_str();
    let resumable = files
        .store
        .find_resumable_session(user.user_id(), name.as_str(), body.size, &biz_code)
        .await?
        .filter(|session| session.storage == backend);
    if let Some(session) = resumable {
        match files
            .blobs
            .list_parts(&session.storage_key, &session.upload_id)
            .await
        {
            Ok(parts) => {
                return Ok(ApiResponse::ok(InitBigFileAnswer {
                    path: session.storage_key,
                    upload_id: session.upload_id,
                    part_size: files.settings.part_size,
                    uploaded_parts: parts
                        .into_iter()
                        .map(|part| UploadedPart {
                            part_number: part.part_number,
                            etag: part.etag,
                        })
                        .collect(),
                }))
            }
            // The store lost it (swept or aborted): start afresh below.
            Err(storage::StorageError::NotFound) => {
                files.store.delete_session(&session.upload_id).await?;
            }
            Err(error) => return Err(storage_error(error)),
        }
    }
    let key = Files::storage_key(category, &name);
    let mime_type = mime_type_of(&name);
    let upload_id = files
        .blobs
        .create_multipart(&key, mime_type)
        .await
        .map_err(storage_error)?;
    let session = files
        .store
        .insert_session(&NewSession {
            upload_id,
            user_id: user.user_id(),
            storage_key: key,
            storage: backend.to_owned(),
            file_name: name.as_str().to_owned(),
            biz_code,
            module_type: body.module_type.unwrap_or(DEFAULT_MODULE_TYPE),
            category,
            mime_type: mime_type.to_owned(),
            declared_size: body.size,
            declared_md5: md5,
        })
        .await?;
    Ok(ApiResponse::ok(InitBigFileAnswer {
        path: session.storage_key,
        upload_id: session.upload_id,
        part_size: files.settings.part_size,
        uploaded_parts: Vec::new(),
    }))
}
