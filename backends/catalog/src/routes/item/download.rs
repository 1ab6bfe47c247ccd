//! `GET /item/{id}/download/{kind}`: one of the item's files as an attachment, through the blob
//! store (`item::files::ItemFiles::respond`: ETag, conditional requests, ranges; on S3 a redirect
//! to a presigned URL).

use actix_web::{web, HttpRequest, HttpResponse};
use kernel::{ApiError, ApiResult};

use crate::item::library::ItemLibrary;
use crate::item::store::ItemStore;
use crate::routes::view::{parse_id, truncate, ItemRoutes};
use crate::usage::{user_of, UsageRecorder};

/// `a、b、c 或 d`: the kinds as the bad-request message lists them.
fn listed(kinds: &[&str]) -> String {
    match kinds {
        [] => String::new(),
        [only] => (*only).to_owned(),
        [rest @ .., last] => format!("{} 或 {last}", rest.join("、")),
    }
}

/// A file of the item, of one of the kinds the library offers, saved under the library's
/// download name.
#[utoipa::path(
    get,
    path = "/item/{id}/download/{kind}",
    tag = "items",
    params(
        ("id" = i64, Path, description = "id (positive integer)"),
        ("kind" = String, Path, description = "one of the library's file kinds")
    ),
    responses(
        (status = 200, description = "the file as an attachment (ETag = SHA-256 of the content; Range → 206); \
            malformed id or a kind the library does not offer → 400; unknown item → the library's 不存在 code; \
            a kind the item has no file of → the library's 没有此文件 code",
            content_type = "application/octet-stream", body = Vec<u8>),
        (status = 206, description = "the requested byte range"),
        (status = 302, description = "S3: the presigned URL of the content"),
        (status = 304, description = "If-None-Match matched the ETag")
    )
)]
#[tracing::instrument(skip_all, fields(library = state.library.library().key, id = %path.0, kind = %path.1))]
pub async fn download<L: ItemLibrary>(
    state: web::Data<ItemRoutes<L>>,
    recorder: web::Data<UsageRecorder>,
    request: HttpRequest,
    path: web::Path<(String, String)>,
) -> ApiResult<HttpResponse> {
    let (id, kind) = path.into_inner();
    let id = parse_id(&id)?;
    let kinds = state.library.file_kinds();
    if kinds.is_empty() {
        return Err(ApiError::bad_request(format!(
            "没有可下载的文件: {}",
            truncate(&kind, 40)
        )));
    }
    if !kinds.contains(&kind.as_str()) {
        return Err(ApiError::bad_request(format!(
            "kind 必须为 {}: {}",
            listed(kinds),
            truncate(&kind, 40)
        )));
    }
    state.load_item(id).await?;
    let file = state
        .items
        .files_of(id)
        .await?
        .into_iter()
        .find(|file| file.kind == kind)
        .ok_or_else(|| ApiError::new(state.library.errors().file_not_available))?;
    let name = state.library.download_name(&kind, &file.name);
    let response = state.files.respond(&request, &file, &name).await?;
    // Usage statistics: a whole file served or handed to S3 counts; a range (one part of a
    // download) or a 304 does not.
    if matches!(response.status().as_u16(), 200 | 302) {
        recorder.download(id, &kind, user_of(&request).await);
    }
    Ok(response)
}

#[cfg(test)]
mod tests {
    #[test]
    fn kinds_are_listed_as_the_message_says_them() {
        assert_eq!(
            super::listed(&["symbol", "footprint", "model-glb", "model-step"]),
            "symbol、footprint、model-glb 或 model-step"
        );
        assert_eq!(super::listed(&["drawing"]), "drawing");
        assert_eq!(super::listed(&[]), "");
    }
}
