use actix_web::web;
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::files::{
    model::{NewFile, SESSION_COMPLETED, SESSION_CREATED},
    service::check_storage_type,
    Category, FileInfo, FileName, FileStore, Files,
};
use crate::{FILE_NOT_EXISTS, FILE_UPLOAD_NOT_COMPLETE};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateBigFileRequest {
    #[serde(rename = "type")]
    pub module_type: Option<i32>,
    /// The business code (as `bizCode` of init; informative here).
    pub business: Option<String>,
    #[schema(value_type = Option<i64>, example = 11)]
    pub storage_type: Option<serde_json::Value>,
    pub compress_type: Option<i32>,
    /// Must be the name given to init.
    pub file_name: Option<String>,
    /// The browser's MIME type (informative: the server derives the type from the name).
    pub file_mine_type: Option<String>,
    pub path: Option<String>,
    pub file_url: Option<String>,
    pub size: Option<i64>,
    /// The upload id of the completed session.
    pub id: String,
}

/// Turns a completed upload into a file (until now nothing was visible). Idempotent: a
/// repeated create answers the same file.
#[utoipa::path(
    post,
    path = "/to/api/base/file/bigfile/create",
    tag = "file",
    security(("bearer" = [])),
    request_body = CreateBigFileRequest,
    responses((status = 200, description = "文件", body = ApiResponse<FileInfo>))
)]
#[tracing::instrument(skip_all, fields(user = user.user_id()))]
pub async fn create_big_file(
    files: web::Data<Files>,
    user: AuthUser,
    body: web::Json<CreateBigFileRequest>,
) -> ApiResult<ApiResponse<FileInfo>> {
    let body = body.into_inner();
    check_storage_type(body.storage_type.as_ref())?;
    let session = files
        .session_of(user.user_id(), &body.id, body.path.as_deref())
        .await?;
    if let Some(name) = body.file_name.as_deref() {
        if FileName::parse(name)?.as_str() != session.file_name {
            return Err(ApiError::bad_request("fileName 与上传任务不符"));
        }
    }
    if session.status == SESSION_CREATED {
        let record = match session.file_id {
            Some(id) => files.store.find_file(id).await?,
            None => None,
        }
        .ok_or_else(|| ApiError::new(FILE_NOT_EXISTS))?;
        return Ok(ApiResponse::ok(files.info(&record)));
    }
    if session.status != SESSION_COMPLETED {
        return Err(ApiError::new(FILE_UPLOAD_NOT_COMPLETE));
    }
    let size = session.completed_size.unwrap_or_default();
    if body.size.is_some_and(|declared| declared != size) {
        return Err(ApiError::with_detail(
            crate::FILE_CHECKSUM_MISMATCH,
            format!("大小 {size} 与请求的不符"),
        ));
    }
    let file = NewFile {
        user_id: user.user_id(),
        name: session.file_name.clone(),
        storage_key: session.storage_key.clone(),
        storage: session.storage.clone(),
        size,
        category: Category::parse(&session.category),
        mime_type: session.mime_type.clone(),
        biz_code: session.biz_code.clone(),
        module_type: body.module_type.unwrap_or(session.module_type),
        md5: session.declared_md5.clone(),
    };
    let record = match files
        .store
        .create_from_session(&session.upload_id, &file)
        .await?
    {
        Some(record) => record,
        // A concurrent create won: answer its file.
        None => files
            .store
            .find_session(&session.upload_id)
            .await?
            .and_then(|session| session.file_id)
            .map(|id| files.store.find_file(id))
            .ok_or_else(|| ApiError::new(FILE_UPLOAD_NOT_COMPLETE))?
            .await?
            .ok_or_else(|| ApiError::new(FILE_NOT_EXISTS))?,
    };
    Ok(ApiResponse::ok(files.info(&record)))
}
