use actix_web::{http::header, web, HttpResponse};
use auth::MaybeAuthUser;
use kernel::{ApiError, ApiResult};

use crate::files::{
    model::is_access_key,
    service::{storage_error, ContentSignature},
    Category, FileStore, Files,
};
use crate::FILE_NOT_EXISTS;
use storage::{s3::content_disposition, BlobStore};

/// Operators with this permission may read any file.
pub const FILE_QUERY_PERMISSION: &str = "infra:file:query";

/// The file's bytes with its type and UTF-8 name (S3: a redirect to a presigned GET).
/// `{id}` is the file's key (32 hex digits, from the file's `url`): avatars and logos are
/// answered to anyone; any other file with a valid `expires` + `signature` (the `url` the API
/// gave), or to its owner and holders of `infra:file:query` by the Authorization header. A
/// numeric id is read only that last way (API clients of the old addresses). Every refusal
/// answers exactly like an unknown file (1002019005): nobody learns which files exist.
#[utoipa::path(
    get,
    path = "/to/api/base/file/content/get/{id}",
    tag = "file",
    params(("id" = String, Path, description = "file key (or, for its owner, the file id)"), ContentSignature),
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
    signature: web::Query<ContentSignature>,
) -> ApiResult<HttpResponse> {
    let not_found = || ApiError::new(FILE_NOT_EXISTS);
    let id = id.trim();
    let (record, by_key) = if is_access_key(id) {
        (files.store.find_by_key(id).await?, true)
    } else if let Ok(number) = id.parse::<i64>() {
        (files.store.find_file(number).await?, false)
    } else {
        (None, false)
    };
    let record = record.ok_or_else(not_found)?;
    let by_address = by_key
        && (record.is_public()
            || files.signature_valid(
                &record.access_key,
                &signature,
                chrono::Utc::now().timestamp(),
            ));
    let readable = by_address
        || user.0.as_ref().is_some_and(|user| {
            user.user_id() == record.user_id || user.principal.has_permission(FILE_QUERY_PERMISSION)
        });
    if !readable {
        return Err(not_found());
    }
    let category = Category::parse(&record.category);
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
        .insert_header((header::CACHE_CONTROL, "private, max-age=600"))
        .body(bytes))
}
