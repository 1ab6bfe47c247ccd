use actix_multipart::Multipart;
use actix_web::web;
use auth::AuthUser;
use futures_util::TryStreamExt;
use kernel::{ApiError, ApiResponse, ApiResult};

use crate::files::{
    model::{check_magic, check_rules, mime_type_of, NewFile, MAGIC_LEN},
    Category, FileInfo, FileName, FileStore, Files,
};
use crate::{FILE_EMPTY, FILE_TOO_LARGE};
use storage::BlobStore;

/// The spec's default module type.
pub const DEFAULT_MODULE_TYPE: i32 = 3;
/// Longest text field of the form (bytes).
const TEXT_FIELD_MAX: usize = 1024;

/// The form `POST /upload` reads (multipart/form-data).
#[derive(Debug, utoipa::ToSchema)]
#[allow(dead_code)] // documents the form only
pub struct UploadForm {
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
    /// Chooses the category (docs/files.md); unknown → Other.
    #[schema(example = "Images")]
    pub biz_code: Option<String>,
    /// Defaults to the file part's own name; no commas.
    pub file_name: Option<String>,
    /// Module type (default 3).
    pub r#type: Option<i32>,
}

/// One request for files under 5 MB (spec §4): stored at once and answered as a file.
#[utoipa::path(
    post,
    path = "/to/api/base/file/upload",
    tag = "file",
    security(("bearer" = [])),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, description = "文件", body = ApiResponse<FileInfo>))
)]
#[tracing::instrument(skip_all, fields(user = user.user_id()))]
pub async fn upload_file(
    files: web::Data<Files>,
    user: AuthUser,
    mut form: Multipart,
) -> ApiResult<ApiResponse<FileInfo>> {
    let limit = usize::try_from(files.settings.single_upload_max_bytes).unwrap_or(usize::MAX);
    let mut content: Option<(Vec<u8>, Option<String>)> = None;
    let mut biz_code = String::new();
    let mut file_name: Option<String> = None;
    let mut module_type = DEFAULT_MODULE_TYPE;
    while let Some(mut field) = form.try_next().await.map_err(bad_form)? {
        let name = field.name().unwrap_or_default().to_owned();
        if name == "file" {
            let original = field
                .content_disposition()
                .and_then(|disposition| disposition.get_filename())
                .map(str::to_owned);
            let mut bytes = Vec::new();
            while let Some(chunk) = field.try_next().await.map_err(bad_form)? {
                if bytes.len() + chunk.len() > limit {
                    return Err(ApiError::with_detail(
                        FILE_TOO_LARGE,
                        format!(
                            "单次上传不能超过{}MB，请使用分片上传",
                            limit / (1024 * 1024)
                        ),
                    ));
                }
                bytes.extend_from_slice(&chunk);
            }
            content = Some((bytes, original));
        } else {
            let mut bytes = Vec::new();
            while let Some(chunk) = field.try_next().await.map_err(bad_form)? {
                if bytes.len() + chunk.len() > TEXT_FIELD_MAX {
                    return Err(ApiError::bad_request(format!("{name} 过长")));
                }
                bytes.extend_from_slice(&chunk);
            }
            let text = String::from_utf8(bytes)
                .map_err(|_| ApiError::bad_request(format!("{name} 不是 UTF-8 文本")))?;
            match name.as_str() {
                "bizCode" => biz_code = text.trim().to_owned(),
                "fileName" if !text.trim().is_empty() => file_name = Some(text),
                "type" if !text.trim().is_empty() => {
                    module_type = text
                        .trim()
                        .parse()
                        .map_err(|_| ApiError::bad_request("type 必须为整数"))?;
                }
                _ => {}
            }
        }
    }
    let Some((bytes, original)) = content else {
        return Err(ApiError::missing_parameter("file"));
    };
    let name = FileName::parse(
        file_name
            .as_deref()
            .or(original.as_deref())
            .ok_or_else(|| ApiError::missing_parameter("fileName"))?,
    )?;
    if bytes.is_empty() {
        return Err(ApiError::new(FILE_EMPTY));
    }
    let category = Category::from_biz_code(&biz_code);
    let size = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    check_rules(category, &name, size)?;
    check_magic(&name, &bytes[..bytes.len().min(MAGIC_LEN)])?;
    let key = Files::storage_key(category, &name);
    let mime_type = mime_type_of(&name);
    let md5 = storage::md5_hex(&bytes);
    files
        .blobs
        .put(&key, bytes, mime_type)
        .await
        .map_err(crate::files::service::storage_error)?;
    let record = files
        .store
        .insert_file(&NewFile {
            user_id: user.user_id(),
            name: name.as_str().to_owned(),
            storage_key: key,
            storage: files.blobs.kind().as_str().to_owned(),
            size: i64::try_from(size).unwrap_or(i64::MAX),
            category,
            mime_type: mime_type.to_owned(),
            biz_code,
            module_type,
            md5: Some(md5),
        })
        .await?;
    Ok(ApiResponse::ok(files.info(&record)))
}

fn bad_form(error: actix_multipart::MultipartError) -> ApiError {
    ApiError::bad_request(format!("multipart: {error}"))
}
