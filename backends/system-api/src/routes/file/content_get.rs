use actix_web::{http::header, web, HttpResponse};
use auth::MaybeAuthUser;
use kernel::{ApiError, ApiResult};

use crate::files::{service::storage_error, Category, FileStore, Files};
use crate::FILE_NOT_EXISTS;
use storage::{s3::content_disposition, BlobStore};

/// Operators with this permission may read any file.
pub const FILE_QUERY_PERMISSION: &str = "infra:file:query";

/// The file's bytes with its type and UTF-8 name (S3: a redirect to a presigned GET). Images
/// are public (feedback viewers, avatars); other files only for their owner and operators.
#[utoipa::path(
    get,
    path = "/to/api/base/file/content/get/{id}",
    tag = "file",
    params(("id" = String, Path, description = "file id")),
    responses(
        (status = 200, description = "文件内容 / the content"),
        (status = 302, description = "S3: redirect to a presigned URL")
    )
)]
#[tracing::instrument(skip_all)]
pub async fn get_file_content(
    files: web::Data<Files>,
    user: MaybeAuthUser,
    id: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let id: i64 = id
        .trim()
        .parse()
        .map_err(|_| ApiError::new(FILE_NOT_EXISTS))?;
    let record = files
        .store
        .find_file(id)
        .await?
        .ok_or_else(|| ApiError::new(FILE_NOT_EXISTS))?;
    let category = Category::parse(&record.category);
    if !category.is_public() {
        let Some(user) = user.0 else {
            return Err(ApiError::new(kernel::error::global::UNAUTHORIZED));
        };
        let allowed = user.user_id() == record.user_id
            || user.principal.has_permission(FILE_QUERY_PERMISSION);
        if !allowed {
            // Someone else's private file looks like no file at all.
            return Err(ApiError::new(FILE_NOT_EXISTS));
        }
    }
    let inline = category == Category::Images || record.mime_type == "application/pdf";
    if let Some(url) = files
        .blobs
        .download_url(
            &record.storage_key,
            &record.name,
            &record.mime_type,
            files.download_url_lifetime(),
        )
        .map_err(storage_error)?
    {
        return Ok(HttpResponse::Found()
            .insert_header((header::LOCATION, url))
            .insert_header((header::CACHE_CONTROL, "private, no-store"))
            .finish());
    }
    let bytes = files
        .blobs
        .read(&record.storage_key)
        .await
        .map_err(|error| match error {
            storage::StorageError::NotFound => ApiError::new(FILE_NOT_EXISTS),
            other => storage_error(other),
        })?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, record.mime_type.clone()))
        .insert_header((
            header::CONTENT_DISPOSITION,
            content_disposition(&record.name, inline),
        ))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::CACHE_CONTROL, "private, max-age=3600"))
        .body(bytes))
}
