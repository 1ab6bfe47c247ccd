//! 我的文件 (issue 12): the signed-in user's own files, paged, and deleting one of them. Nothing
//! here ever answers another user's file: the owner is the token's user, never a parameter.

use actix_web::web;
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::files::{FileInfo, FileStore, Files};
use crate::operation::page::{PageResult, Paging};
use crate::{FILE_IN_USE, FILE_NOT_EXISTS};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MyFilesQuery {
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
}

/// The caller's files, newest first, each with its (signed) content address.
#[utoipa::path(
    get,
    path = "/to/api/base/file/my-page",
    tag = "file",
    params(MyFilesQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "我的文件", body = ApiResponse<PageResult<FileInfo>>))
)]
pub async fn my_files(
    files: web::Data<Files>,
    user: AuthUser,
    query: web::Query<MyFilesQuery>,
) -> ApiResult<ApiResponse<PageResult<FileInfo>>> {
    let paging = Paging::parse(query.page_no, query.page_size)?;
    let (records, total) = files.store.files_of(user.user_id(), paging).await?;
    Ok(ApiResponse::ok(PageResult {
        list: records.iter().map(|record| files.info(record)).collect(),
        total,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FileIdQuery {
    pub id: String,
}

/// Deletes one of the caller's files (row and bytes). Someone else's or an unknown id answers
/// 1002019005; a file a feedback, brand application or brand page shows answers 1002019012.
#[utoipa::path(
    delete,
    path = "/to/api/base/file/delete",
    tag = "file",
    params(FileIdQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "已删除", body = ApiResponse<bool>))
)]
pub async fn delete_my_file(
    files: web::Data<Files>,
    user: AuthUser,
    query: web::Query<FileIdQuery>,
) -> ApiResult<ApiResponse<bool>> {
    let not_found = || ApiError::new(FILE_NOT_EXISTS);
    let id: i64 = query.id.trim().parse().map_err(|_| not_found())?;
    let record = files
        .store
        .find_file(id)
        .await?
        .filter(|record| record.user_id == user.user_id())
        .ok_or_else(not_found)?;
    if files.store.file_in_use(id).await? {
        return Err(ApiError::new(FILE_IN_USE));
    }
    if !files.store.delete_file(id, user.user_id()).await? {
        return Err(not_found());
    }
    // The row is gone first: a failure here leaves unreachable bytes, never a broken file.
    if let Err(error) = storage::BlobStore::delete(&files.blobs, &record.storage_key).await {
        tracing::warn!(file = id, error = %error, "deleting the bytes of a deleted file failed");
    }
    Ok(ApiResponse::ok(true))
}
