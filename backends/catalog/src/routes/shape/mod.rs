//! The shape search routes of a library (docs/shape-search.md, "Wired into the libraries"),
//! over its [`ShapeSearch`] and its item routes' state (the hits are the kit's `ItemSummary`):
//!
//! | path | answer |
//! |---|---|
//! | `POST /search3d?…` | multipart `file` (STL, OBJ, GLB/glTF, VRML) → ranked items |
//! | `POST /search2d?…` | multipart `file` (PNG, JPEG: a sketch, drawing or photo) → ranked items |
//! | `GET /item/{id}/similar?…` | the items whose models are most like the item's |
//! | `GET /item/{id}/thumbnail.png` | the item's model rendered from an oblique direction |
//! | `GET /search3d/status` | the fingerprint job's progress |
//! | `GET /shape-query/{queryToken}?…` | an earlier upload's query with other options |

pub mod search2d;
pub mod search3d;
pub mod shape_query;
pub mod similar;
pub mod status;
pub mod thumbnail;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use actix_multipart::Multipart;
use futures_util::TryStreamExt;
use kernel::error::shape::{IMAGE_BLANK, IMAGE_UNREADABLE, MODEL_TOO_LARGE, MODEL_UNREADABLE};
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::{IntoParams, ToSchema};

use crate::item::library::ItemLibrary;
use crate::item::store::ItemStore;
use crate::routes::view::{truncate, ItemRoutes, ItemSummary};
use crate::shape_search::{ModelSource, QueryTarget, ShapeQuery, ShapeSearch, ShapeStatus};
use crate::store::CategoryStore;

/// Largest model upload (bytes): a binary STL of about a million triangles.
pub const MAX_MODEL_BYTES: usize = 50 * 1024 * 1024;
/// Largest picture upload (bytes).
pub const MAX_IMAGE_BYTES: usize = 10 * 1024 * 1024;
/// Items an answer counts at most (`total`); `pageSize` of them are listed.
pub const MAX_RANKED: usize = 500;
const DEFAULT_PAGE_SIZE: usize = 20;

/// The options of every shape query (query string).
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ShapeOptions {
    /// Lowest similarity listed, 0–100 (default 0: the best `pageSize`).
    pub min_score: Option<f32>,
    /// Count a different size as a difference (default false: shape only).
    pub include_size: Option<bool>,
    /// Treat a mirror image as the same shape (default true).
    pub ignore_mirrored: Option<bool>,
    /// Only items in this category's subtree.
    pub category_code: Option<String>,
    /// Items listed, 1–100 (default 20).
    pub page_size: Option<usize>,
}

/// A ranked item.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShapeHit {
    /// The item as lists show it (`component` in every library: the spec's name).
    pub component: ItemSummary,
    /// Similarity 0–100, one decimal.
    pub score: f32,
    /// `<api base>/item/{id}/thumbnail.png`.
    pub thumbnail_url: String,
}

/// Ranked items, best first.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShapeAnswer {
    pub list: Vec<ShapeHit>,
    /// Items at or above `minScore` (counted up to 500).
    pub total: usize,
    /// The fingerprint job: while it is `computing`, items still without a fingerprint are not
    /// among the results.
    pub status: ShapeStatus,
    /// An upload's handle: `GET /shape-query/{queryToken}` asks again with other options without
    /// sending the file (kept while used, at least 30 minutes; then 1040004000). The same bytes
    /// under a name with the same extension always get the same token. None for "find similar".
    pub query_token: Option<String>,
}

/// The query token of an upload: its kind, the extension of its name (which picks the reader)
/// and its bytes, hashed (32 hex digits).
pub fn upload_token(kind: &str, name: &str, bytes: &[u8]) -> String {
    let extension = name
        .rsplit_once('.')
        .map(|(_, extension)| extension.to_ascii_lowercase())
        .unwrap_or_default();
    let mut hasher = Sha256::new();
    for part in [kind.as_bytes(), extension.as_bytes()] {
        hasher.update((part.len() as u64).to_le_bytes());
        hasher.update(part);
    }
    hasher.update(bytes);
    hex::encode(&hasher.finalize()[..16])
}

/// Whether `text` has the form of a query token (before anything is looked up by it).
pub fn is_upload_token(text: &str) -> bool {
    text.len() == 32 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// What [`ShapeOptions`] ask for, checked, before any category is resolved.
#[derive(Debug, Clone, Copy)]
pub struct CheckedOptions {
    pub min_score: f32,
    pub options: shape::Options,
    pub page_size: usize,
}

impl ShapeOptions {
    /// The score, switches and page size, each in range (else 400).
    pub fn checked(&self) -> ApiResult<CheckedOptions> {
        let min_score = self.min_score.unwrap_or(0.0);
        if !(0.0..=100.0).contains(&min_score) {
            return Err(ApiError::bad_request(format!(
                "minScore 必须在 0 到 100 之间: {min_score}"
            )));
        }
        let page_size = self.page_size.unwrap_or(DEFAULT_PAGE_SIZE);
        if !(1..=100).contains(&page_size) {
            return Err(ApiError::bad_request(format!(
                "pageSize 必须在 1 到 100 之间: {page_size}"
            )));
        }
        Ok(CheckedOptions {
            min_score,
            options: shape::Options {
                include_size: self.include_size.unwrap_or(false),
                ignore_mirrored: self.ignore_mirrored.unwrap_or(true),
            },
            page_size,
        })
    }

    /// The ids of the category subtree `categoryCode` asks for in `categories`' tree (None: no
    /// filter, and the tree is not read); an unknown code is `not_found`.
    pub async fn categories(
        &self,
        categories: &impl CategoryStore,
        not_found: kernel::ErrorCode,
    ) -> ApiResult<Option<HashSet<i64>>> {
        let code = match self.category_code.as_deref().map(str::trim) {
            None | Some("") => return Ok(None),
            Some(code) => code,
        };
        if code.len() > 64 {
            return Err(ApiError::bad_request(format!(
                "categoryCode 过长: {}",
                truncate(code, 40)
            )));
        }
        let records = categories.list().await?;
        let root = records
            .iter()
            .find(|record| record.code == code)
            .ok_or_else(|| ApiError::new(not_found))?;
        let below = format!("{}/", root.path);
        Ok(Some(
            records
                .iter()
                .filter(|record| record.path == root.path || record.path.starts_with(&below))
                .map(|record| record.id)
                .collect(),
        ))
    }

    /// The query these options ask for, with the category filter resolved in `state`'s tree.
    pub async fn query<L: ItemLibrary>(
        &self,
        state: &ItemRoutes<L>,
        exclude: Option<i64>,
    ) -> ApiResult<(ShapeQuery, usize)> {
        let checked = self.checked()?;
        let categories = self
            .categories(
                &state.categories,
                state.library.library().category_not_found,
            )
            .await?;
        Ok((
            ShapeQuery {
                min_score: checked.min_score,
                options: checked.options,
                categories,
                exclude,
                limit: MAX_RANKED,
            },
            checked.page_size,
        ))
    }
}

/// Every shape route's answer: the indexed items ranked against `target`, the first `page_size`
/// listed as the library's summaries, with the upload's `query_token` (None for "find similar").
pub async fn ranked<L: ItemLibrary, S: ModelSource>(
    state: &ItemRoutes<L>,
    search: &ShapeSearch<S>,
    target: Arc<QueryTarget>,
    query: ShapeQuery,
    page_size: usize,
    query_token: Option<String>,
) -> ApiResult<ApiResponse<ShapeAnswer>> {
    let hits = search.query(target, query).await?;
    let total = hits.len();
    let listed = &hits[..hits.len().min(page_size)];
    let ids: Vec<i64> = listed.iter().map(|hit| hit.item_id).collect();
    let mut records: HashMap<i64, _> = state
        .items
        .get_many(&ids)
        .await?
        .into_iter()
        .map(|item| (item.id, item))
        .collect();
    // In rank order; an item deleted since the index was loaded is left out.
    let items: Vec<_> = ids.iter().filter_map(|id| records.remove(id)).collect();
    let summaries = state.summaries(&items).await?;
    let scores: HashMap<i64, f32> = listed.iter().map(|hit| (hit.item_id, hit.score)).collect();
    let base = state.library.library().api_base();
    let list = items
        .iter()
        .zip(summaries)
        .map(|(item, summary)| ShapeHit {
            component: summary,
            score: shown_score(scores.get(&item.id).copied().unwrap_or(0.0)),
            thumbnail_url: format!("{base}/item/{}/thumbnail.png", item.id),
        })
        .collect();
    Ok(ApiResponse::ok(ShapeAnswer {
        list,
        total,
        status: search.status(),
        query_token,
    }))
}

/// A similarity as answers show it: one decimal.
pub fn shown_score(score: f32) -> f32 {
    (score * 10.0).round() / 10.0
}

/// A multipart form's file field `file` (its name and bytes) and its text fields.
pub struct UploadForm {
    pub name: String,
    pub bytes: Vec<u8>,
    /// The other fields, as text (each at most [`TEXT_FIELD_MAX`] bytes).
    pub fields: Vec<(String, String)>,
}

/// Bytes a text field of an upload form may hold.
pub const TEXT_FIELD_MAX: usize = 8 * 1024;

impl UploadForm {
    /// The text field `name`, if sent.
    pub fn field(&self, name: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(field, _)| field == name)
            .map(|(_, value)| value.as_str())
    }
}

/// Reads the multipart field `file` (at most `limit` bytes, else `too_large`) and the text fields
/// beside it.
pub async fn read_form(
    mut form: Multipart,
    limit: usize,
    too_large: kernel::ErrorCode,
) -> ApiResult<UploadForm> {
    let mut upload = None;
    let mut fields = Vec::new();
    while let Some(mut field) = form.try_next().await.map_err(bad_form)? {
        let field_name = field.name().unwrap_or_default().to_owned();
        let is_file = field_name == "file";
        let name = field
            .content_disposition()
            .and_then(|disposition| disposition.get_filename())
            .unwrap_or_default()
            .to_owned();
        let mut bytes = Vec::new();
        while let Some(chunk) = field.try_next().await.map_err(bad_form)? {
            if is_file && bytes.len() + chunk.len() > limit {
                return Err(ApiError::with_detail(
                    too_large,
                    format!("不能超过{}MB", limit / (1024 * 1024)),
                ));
            }
            if !is_file && bytes.len() + chunk.len() > TEXT_FIELD_MAX {
                return Err(ApiError::bad_request(format!(
                    "{field_name} 不能超过 {TEXT_FIELD_MAX} 字节"
                )));
            }
            bytes.extend_from_slice(&chunk);
        }
        if is_file {
            if upload.is_none() {
                upload = Some((name, bytes));
            }
        } else {
            let text = String::from_utf8(bytes)
                .map_err(|_| ApiError::bad_request(format!("{field_name} 不是 UTF-8 文本")))?;
            fields.push((field_name, text));
        }
    }
    let (name, bytes) = upload.ok_or_else(|| ApiError::missing_parameter("file"))?;
    if bytes.is_empty() {
        return Err(ApiError::bad_request("file 为空"));
    }
    Ok(UploadForm {
        name,
        bytes,
        fields,
    })
}

/// The multipart field `file` of a form (its name and bytes), at most `limit` bytes.
pub async fn read_upload(
    form: Multipart,
    limit: usize,
    too_large: kernel::ErrorCode,
) -> ApiResult<(String, Vec<u8>)> {
    let form = read_form(form, limit, too_large).await?;
    Ok((form.name, form.bytes))
}

fn bad_form(error: actix_multipart::MultipartError) -> ApiError {
    ApiError::bad_request(format!("multipart: {error}"))
}

/// A model or picture the shape crate refused, as the envelope says it.
pub fn refused(error: shape::ShapeError) -> ApiError {
    use shape::ShapeError;
    match error {
        ShapeError::TooLarge { .. } => ApiError::with_detail(MODEL_TOO_LARGE, error),
        ShapeError::BadImage(_) => ApiError::with_detail(IMAGE_UNREADABLE, error),
        ShapeError::BlankImage => ApiError::new(IMAGE_BLANK),
        ShapeError::BadFingerprint(_) => ApiError::internal(anyhow::anyhow!("{error}")),
        ShapeError::UnsupportedFormat(_) | ShapeError::Malformed { .. } | ShapeError::Empty => {
            ApiError::with_detail(MODEL_UNREADABLE, error)
        }
    }
}
