//! Item file contents, content-addressed in the blob store (`backends/storage`): the bytes of a
//! file live under their SHA-256 digest, the `item_file` row keeps the digest. A file imported
//! twice, or shared by many items, is stored once.

use std::time::Duration;

use actix_web::{http::header, HttpRequest, HttpResponse};
use anyhow::Context;
use kernel::{ApiError, ApiResult};
use sha2::Digest;
use storage::{BlobStore, Blobs, StorageError};

use super::model::{ItemFile, NewItemFile};

/// How long an S3 download redirect stays valid.
const DOWNLOAD_URL_LIFETIME: Duration = Duration::from_secs(15 * 60);

/// Item file contents, content-addressed in the blob store.
#[derive(Clone)]
pub struct ItemFiles {
    blobs: Blobs,
}

/// The blob key of a digest: `items/<first two hex digits>/<digest>`.
fn key_of(digest: &str) -> anyhow::Result<String> {
    anyhow::ensure!(
        digest.len() == 64 && digest.bytes().all(|b| b.is_ascii_hexdigit()),
        "{digest:?} is not a SHA-256 hex digest"
    );
    Ok(format!("items/{}/{digest}", &digest[..2]))
}

impl ItemFiles {
    pub fn new(blobs: Blobs) -> Self {
        Self { blobs }
    }

    /// Stores `bytes` once per digest; answers the row to hand to the item store
    /// (`NewItem::files`).
    pub async fn put(
        &self,
        kind: &str,
        name: &str,
        media_type: &str,
        bytes: Vec<u8>,
    ) -> anyhow::Result<NewItemFile> {
        let digest = hex::encode(sha2::Sha256::digest(&bytes));
        let size = i64::try_from(bytes.len()).context("file too large")?;
        let key = key_of(&digest)?;
        match self.blobs.read_head(&key, 1).await {
            Ok(_) => {}
            Err(StorageError::NotFound) => self
                .blobs
                .put(&key, bytes, media_type)
                .await
                .with_context(|| format!("storing file {name}"))?,
            Err(error) => return Err(anyhow::Error::new(error).context("looking up a stored file")),
        }
        Ok(NewItemFile {
            kind: kind.to_owned(),
            name: name.to_owned(),
            media_type: media_type.to_owned(),
            size,
            digest,
        })
    }

    /// The bytes of a stored file, by digest.
    pub async fn read(&self, digest: &str) -> anyhow::Result<Vec<u8>> {
        self.blobs
            .read(&key_of(digest)?)
            .await
            .with_context(|| format!("reading stored file {digest}"))
    }

    /// Download response: ETag `"<digest>"`, If-None-Match → 304, Range → 206/416,
    /// Content-Disposition attachment with `download_name`; on S3 a redirect to a presigned URL.
    pub async fn respond(
        &self,
        request: &HttpRequest,
        file: &ItemFile,
        download_name: &str,
    ) -> ApiResult<HttpResponse> {
        let etag = format!("\"{}\"", file.digest);
        let key = key_of(&file.digest).map_err(ApiError::internal)?;
        if let Some(url) = self
            .blobs
            .download_url(&key, download_name, &file.media_type, DOWNLOAD_URL_LIFETIME)
            .map_err(|error| ApiError::internal(anyhow::Error::new(error)))?
        {
            return Ok(HttpResponse::Found()
                .insert_header((header::LOCATION, url))
                .finish());
        }
        let unchanged = request
            .headers()
            .get(header::IF_NONE_MATCH)
            .and_then(|value| value.to_str().ok())
            .is_some_and(|value| {
                value
                    .split(',')
                    .any(|tag| tag.trim() == etag || tag.trim() == "*")
            });
        if unchanged {
            return Ok(HttpResponse::NotModified()
                .insert_header((header::ETAG, etag))
                .finish());
        }
        let bytes = self.read(&file.digest).await.map_err(ApiError::internal)?;
        let disposition = format!("attachment; filename=\"{download_name}\"");
        let range = request
            .headers()
            .get(header::RANGE)
            .and_then(|value| value.to_str().ok())
            .map(|value| byte_range(value, bytes.len() as u64));
        match range {
            None => Ok(HttpResponse::Ok()
                .content_type(file.media_type.as_str())
                .insert_header((header::ETAG, etag))
                .insert_header((header::ACCEPT_RANGES, "bytes"))
                .insert_header((header::CONTENT_DISPOSITION, disposition))
                .body(bytes)),
            Some(None) => Ok(HttpResponse::RangeNotSatisfiable()
                .insert_header((header::CONTENT_RANGE, format!("bytes */{}", bytes.len())))
                .finish()),
            Some(Some((start, end))) => Ok(HttpResponse::PartialContent()
                .content_type(file.media_type.as_str())
                .insert_header((header::ETAG, etag))
                .insert_header((header::ACCEPT_RANGES, "bytes"))
                .insert_header((header::CONTENT_DISPOSITION, disposition))
                .insert_header((
                    header::CONTENT_RANGE,
                    format!("bytes {start}-{end}/{}", bytes.len()),
                ))
                .body(bytes[start as usize..=end as usize].to_vec())),
        }
    }
}

/// The inclusive byte range of a single-range `Range` header over `len` bytes; `None` when it
/// cannot be satisfied.
fn byte_range(header: &str, len: u64) -> Option<(u64, u64)> {
    let spec = header.trim().strip_prefix("bytes=")?;
    let (start, end) = spec.split_once('-')?;
    let (start, end) = match (start.trim(), end.trim()) {
        ("", suffix) => {
            let suffix: u64 = suffix.parse().ok()?;
            (len.checked_sub(suffix.min(len))?, len.checked_sub(1)?)
        }
        (start, "") => (start.parse().ok()?, len.checked_sub(1)?),
        (start, end) => (
            start.parse().ok()?,
            end.parse::<u64>().ok()?.min(len.checked_sub(1)?),
        ),
    };
    (start <= end && end < len).then_some((start, end))
}

#[cfg(test)]
mod tests {
    use super::byte_range;

    #[test]
    fn byte_ranges_are_read_like_http_says() {
        assert_eq!(byte_range("bytes=0-3", 10), Some((0, 3)));
        assert_eq!(byte_range("bytes=4-", 10), Some((4, 9)));
        assert_eq!(byte_range("bytes=-3", 10), Some((7, 9)));
        assert_eq!(byte_range("bytes=5-100", 10), Some((5, 9)));
        assert_eq!(byte_range("bytes=10-", 10), None);
        assert_eq!(byte_range("bytes=3-2", 10), None);
        assert_eq!(byte_range("items=0-1", 10), None);
    }
}
