//! Item file contents (symbols, footprints, models, datasheets …) in the blob store of
//! `backends/storage` — local disk or S3-compatible — instead of BLOB columns (docs/files.md,
//! "Item files").
//!
//! Objects are content-addressed: the key is the SHA-256 of the bytes
//! (`items/<first two hex>/<sha-256 hex>`), so a file shared by many items, or imported again, is
//! stored once, and an item row (`item_file.digest`) stays valid across re-imports. Downloads
//! carry the digest as a strong ETag (`If-None-Match` → 304) and serve single byte ranges from
//! local disk, streamed from the open object; on S3 they redirect to a presigned URL and S3
//! serves the ranges itself.
//!
//! Why not actix-files' `NamedFile`: its ETag is derived from inode, size and mtime and cannot be
//! replaced, it has no `If-Range`, and with its own ETag disabled an `If-Match` always fails. The
//! conditional logic here is small and follows RFC 9110 §13; the Range header is parsed by the
//! `http-range` crate (the parser actix-files itself uses).

use std::{collections::HashSet, io::SeekFrom, time::Duration};

use actix_web::{
    body::SizedStream,
    http::{
        header::{self, EntityTag, HeaderValue, IfMatch, IfNoneMatch, IfRange},
        Method, StatusCode,
    },
    web::Bytes,
    HttpMessage, HttpRequest, HttpResponse,
};
use anyhow::Context;
use kernel::{ApiError, ApiResult};
use sha2::{Digest, Sha256};
use storage::{BlobStore, Blobs, StorageError};
use tokio::io::{AsyncReadExt, AsyncSeekExt};

use super::model::{ItemFile, NewItemFile};

/// The folder of the content-addressed objects in the blob store.
pub const KEY_PREFIX: &str = "items";
/// How long an S3 download redirect stays valid unless [`ItemFiles::with_url_lifetime`] says
/// otherwise (the `[files]` default, `download_url_minutes`).
pub const DEFAULT_URL_LIFETIME: Duration = Duration::from_secs(10 * 60);
/// Bytes read from disk per chunk of a streamed download.
const CHUNK_SIZE: u64 = 64 * 1024;
/// The type every object is stored with: an object may back files of several media types, and
/// the answer's type comes from the item's file row anyway.
const OBJECT_CONTENT_TYPE: &str = "application/octet-stream";

/// Item file contents, content-addressed in the blob store.
#[derive(Clone)]
pub struct ItemFiles {
    blobs: Blobs,
    url_lifetime: Duration,
}

impl ItemFiles {
    pub fn new(blobs: storage::Blobs) -> Self {
        Self {
            blobs,
            url_lifetime: DEFAULT_URL_LIFETIME,
        }
    }

    /// The blob store of a library's files from the `[files]` settings the system service uses
    /// (local disk under `<data_dir>/files`, or S3), with their download URL lifetime: a library
    /// service alone and the portal find the same bytes.
    pub async fn open_configured(context: &kernel::ServiceContext) -> anyhow::Result<Self> {
        let settings = storage::FilesSettings::load()?;
        let blobs = Blobs::open(&settings, &context.settings.data_dir)
            .await
            .context("opening the item file storage")?;
        Ok(Self::new(blobs)
            .with_url_lifetime(Duration::from_secs(settings.download_url_minutes * 60)))
    }

    /// The lifetime of S3 download redirects (`files.download_url_minutes`).
    pub fn with_url_lifetime(mut self, lifetime: Duration) -> Self {
        self.url_lifetime = lifetime;
        self
    }

    /// Stores `bytes` once per digest; answers the row to hand to the item store (`NewItem::files`).
    ///
    /// Bytes already stored under their digest are not written again (an object of the right
    /// size under the key is taken as present: the key is the content's hash and objects are
    /// only ever written whole). Writes are atomic in both stores: local disk writes a temporary
    /// file and renames it into place, S3's PutObject is all or nothing.
    pub async fn put(
        &self,
        kind: &str,
        name: &str,
        media_type: &str,
        bytes: Vec<u8>,
    ) -> anyhow::Result<NewItemFile> {
        let digest = digest_of(&bytes);
        let size = bytes.len();
        self.store_object(&digest, name, size, || bytes, true)
            .await?;
        new_item_file(kind, name, media_type, size, digest)
    }

    /// [`ItemFiles::put`] for an import that meets the same bytes many times (the generic
    /// passives share one footprint about 1,400 times): bytes whose digest `run` holds were
    /// stored earlier in the same run, so the blob store is neither asked nor written, and the
    /// bytes are copied only when they are written. The objects are not synced one by one:
    /// call [`ItemFiles::sync_run`] before the rows that refer to them are committed.
    pub async fn put_in_run(
        &self,
        run: &mut RunFiles,
        kind: &str,
        name: &str,
        media_type: &str,
        bytes: &[u8],
    ) -> anyhow::Result<NewItemFile> {
        let digest = digest_of(bytes);
        if !run.stored.contains(&digest) {
            let written = self
                .store_object(&digest, name, bytes.len(), || bytes.to_vec(), false)
                .await?;
            run.unsynced |= written;
            run.stored.insert(digest.clone());
        }
        new_item_file(kind, name, media_type, bytes.len(), digest)
    }

    /// Makes the objects `run` wrote durable (one sync of the blob store for the batch).
    pub async fn sync_run(&self, run: &mut RunFiles) -> anyhow::Result<()> {
        if run.unsynced {
            self.blobs
                .sync()
                .await
                .context("syncing the stored files")?;
            run.unsynced = false;
        }
        Ok(())
    }

    /// Writes the object of `digest` unless an object of `size` bytes is under its key (synced
    /// at once or left to [`ItemFiles::sync_run`]); answers whether it wrote.
    async fn store_object(
        &self,
        digest: &str,
        name: &str,
        size: usize,
        bytes: impl FnOnce() -> Vec<u8>,
        synced: bool,
    ) -> anyhow::Result<bool> {
        let key = content_key(digest)?;
        let stored = self
            .blobs
            .size(&key)
            .await
            .with_context(|| format!("looking up the content of file {name}"))?;
        if stored == Some(u64::try_from(size)?) {
            return Ok(false);
        }
        let written = if synced {
            self.blobs.put(&key, bytes(), OBJECT_CONTENT_TYPE).await
        } else {
            self.blobs
                .put_unsynced(&key, bytes(), OBJECT_CONTENT_TYPE)
                .await
        };
        written.with_context(|| format!("storing the content of file {name}"))?;
        Ok(true)
    }

    /// The bytes of the object under `key` (an upload of the file service, in the same blob
    /// store), to [`ItemFiles::put`] into the content-addressed store; `None` when no object is
    /// under `key` (the upload was deleted since).
    pub async fn read_upload(&self, key: &str) -> anyhow::Result<Option<Vec<u8>>> {
        match self.blobs.read(key).await {
            Ok(bytes) => Ok(Some(bytes)),
            Err(StorageError::NotFound) => Ok(None),
            Err(error) => Err(error).with_context(|| format!("reading the upload {key}")),
        }
    }

    /// The bytes of a stored file, by digest. A missing object is an error whose source is
    /// [`StorageError::NotFound`].
    pub async fn read(&self, digest: &str) -> anyhow::Result<Vec<u8>> {
        let key = content_key(digest)?;
        self.blobs
            .read(&key)
            .await
            .with_context(|| format!("reading the content {digest}"))
    }

    /// Download response: ETag "<digest>", If-None-Match → 304, Range → 206/416 (single range; multiple ranges
    /// answer the whole file), Accept-Ranges, Content-Length, Content-Type = file.media_type, Content-Disposition
    /// attachment with `download_name` (RFC 6266 / filename* for non-ASCII); on S3 a redirect to a presigned URL
    /// (`Blobs::download_url`).
    pub async fn respond(
        &self,
        request: &HttpRequest,
        file: &ItemFile,
        download_name: &str,
    ) -> ApiResult<HttpResponse> {
        let key = content_key(&file.digest)
            .with_context(|| format!("item file {}", file.id))
            .map_err(ApiError::internal)?;
        let etag = EntityTag::new_strong(file.digest.clone());
        let honour_range = match preconditions(request, &etag) {
            Precondition::Failed => {
                return Ok(HttpResponse::PreconditionFailed()
                    .insert_header(header::ETag(etag))
                    .finish())
            }
            Precondition::NotModified => {
                return Ok(HttpResponse::NotModified()
                    .insert_header(header::ETag(etag))
                    .finish())
            }
            Precondition::Proceed { honour_range } => honour_range,
        };
        if let Some(url) = self
            .blobs
            .download_url(&key, download_name, &file.media_type, self.url_lifetime)
            .map_err(|error| ApiError::internal(anyhow::Error::from(error)))?
        {
            // The presigned URL expires: nothing may keep this answer.
            return Ok(HttpResponse::Found()
                .insert_header((header::LOCATION, url))
                .insert_header((header::CACHE_CONTROL, "private, no-store"))
                .finish());
        }
        let local = self.blobs.as_local().ok_or_else(|| {
            ApiError::internal(anyhow::anyhow!(
                "the blob store neither redirects downloads nor is local disk"
            ))
        })?;
        let mut object = local.open_object(&key).await.map_err(|error| match error {
            StorageError::NotFound => ApiError::internal(anyhow::anyhow!(
                "the content {} of item file {} is missing from the blob store",
                file.digest,
                file.id
            )),
            other => ApiError::internal(anyhow::Error::from(other)),
        })?;
        // The size of what is open, not the row's: the bytes sent must match Content-Length.
        let size = object
            .metadata()
            .await
            .context("reading an object's size")
            .map_err(ApiError::internal)?
            .len();

        let mut response = HttpResponse::Ok();
        response
            .insert_header(header::ETag(etag))
            .insert_header((header::ACCEPT_RANGES, "bytes"))
            .insert_header((header::CONTENT_TYPE, content_type(&file.media_type)))
            .insert_header((header::CONTENT_DISPOSITION, attachment(download_name)))
            .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
            // Sent as stored: the compression middleware must neither re-encode models and
            // archives (mostly compressed already) nor drop the Content-Length ranges rely on.
            .insert_header((header::CONTENT_ENCODING, "identity"));
        let requested = if honour_range {
            requested_range(request.headers().get(header::RANGE), size)
        } else {
            Requested::Whole
        };
        let (start, length) = match requested {
            Requested::Whole => (0, size),
            Requested::Part { start, length } => {
                response.status(StatusCode::PARTIAL_CONTENT).insert_header((
                    header::CONTENT_RANGE,
                    format!("bytes {start}-{}/{size}", start + length - 1),
                ));
                (start, length)
            }
            Requested::Unsatisfiable => {
                return Ok(response
                    .status(StatusCode::RANGE_NOT_SATISFIABLE)
                    .insert_header((header::CONTENT_RANGE, format!("bytes */{size}")))
                    .finish());
            }
        };
        if start > 0 {
            object
                .seek(SeekFrom::Start(start))
                .await
                .context("seeking in an object")
                .map_err(ApiError::internal)?;
        }
        Ok(response.body(SizedStream::new(length, chunks(object, length))))
    }
}

/// `attachment; filename="<name>"` for a plain ASCII name (what every client reads, and what the
/// components library has always sent); RFC 6266's `filename*` is added only when the name needs
/// it (`storage::s3::content_disposition`).
fn attachment(download_name: &str) -> String {
    let plain = download_name
        .chars()
        .all(|c| (c.is_ascii_graphic() && c != '"' && c != '\\') || c == ' ');
    if plain {
        format!("attachment; filename=\"{download_name}\"")
    } else {
        storage::s3::content_disposition(download_name, false)
    }
}

/// The digests one import run has stored through [`ItemFiles::put_in_run`]: one per run, never
/// kept longer (an object could be removed from the blob store between runs).
#[derive(Debug, Default)]
pub struct RunFiles {
    stored: HashSet<String>,
    /// Objects written since the last [`ItemFiles::sync_run`].
    unsynced: bool,
}

fn new_item_file(
    kind: &str,
    name: &str,
    media_type: &str,
    size: usize,
    digest: String,
) -> anyhow::Result<NewItemFile> {
    Ok(NewItemFile {
        kind: kind.to_owned(),
        name: name.to_owned(),
        media_type: media_type.to_owned(),
        size: i64::try_from(size)?,
        digest,
    })
}

/// SHA-256 of `bytes`, lowercase hex: the content's digest and key.
pub fn digest_of(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// The object key of a digest, `items/<first two hex>/<digest>` (the two-letter folders keep
/// local directories small). Anything but 64 lowercase hex digits is refused, so a digest can
/// never become a path of its own choosing.
pub fn content_key(digest: &str) -> anyhow::Result<String> {
    let valid = digest.len() == 64
        && digest
            .bytes()
            .all(|byte| matches!(byte, b'0'..=b'9' | b'a'..=b'f'));
    anyhow::ensure!(
        valid,
        "not a SHA-256 digest (64 lowercase hex digits): {:?}",
        digest.chars().take(80).collect::<String>()
    );
    Ok(format!("{KEY_PREFIX}/{}/{digest}", &digest[..2]))
}

/// The media type as a header value; a type that is not one (an importer's mistake) is sent as
/// bytes rather than failing the download.
fn content_type(media_type: &str) -> HeaderValue {
    HeaderValue::from_str(media_type)
        .unwrap_or_else(|_| HeaderValue::from_static(OBJECT_CONTENT_TYPE))
}

/// What the conditional headers of a request decide (RFC 9110 §13.2.2; the representation has
/// an ETag and no modification date).
#[derive(Debug, PartialEq, Eq)]
enum Precondition {
    /// `If-Match` names other content: 412.
    Failed,
    /// `If-None-Match` names this content on a GET or HEAD: 304.
    NotModified,
    /// Answer the content; `honour_range` is false when `If-Range` names other content (or a
    /// date, which an ETag-only representation never matches): the whole file then.
    Proceed { honour_range: bool },
}

fn preconditions(request: &HttpRequest, etag: &EntityTag) -> Precondition {
    let headers = request.headers();
    if headers.contains_key(header::IF_MATCH) {
        let matches = match request.get_header::<IfMatch>() {
            Some(IfMatch::Any) => true,
            Some(IfMatch::Items(tags)) => tags.iter().any(|tag| tag.strong_eq(etag)),
            None => false,
        };
        if !matches {
            return Precondition::Failed;
        }
    }
    if headers.contains_key(header::IF_NONE_MATCH) {
        let matches = match request.get_header::<IfNoneMatch>() {
            Some(IfNoneMatch::Any) => true,
            Some(IfNoneMatch::Items(tags)) => tags.iter().any(|tag| tag.weak_eq(etag)),
            None => false,
        };
        if matches {
            return if matches!(*request.method(), Method::GET | Method::HEAD) {
                Precondition::NotModified
            } else {
                Precondition::Failed
            };
        }
    }
    let honour_range = !headers.contains_key(header::IF_RANGE)
        || matches!(request.get_header::<IfRange>(), Some(IfRange::EntityTag(tag)) if tag.strong_eq(etag));
    Precondition::Proceed { honour_range }
}

/// What a `Range` header asks of a file of `size` bytes.
#[derive(Debug, PartialEq, Eq)]
enum Requested {
    Whole,
    Part { start: u64, length: u64 },
    Unsatisfiable,
}

fn requested_range(range: Option<&HeaderValue>, size: u64) -> Requested {
    let Some(range) = range.and_then(|value| value.to_str().ok()) else {
        return Requested::Whole;
    };
    match http_range::HttpRange::parse(range, size) {
        Ok(ranges) => match ranges.as_slice() {
            [only] => Requested::Part {
                start: only.start,
                length: only.length,
            },
            // Several ranges would need multipart/byteranges; a server may answer the whole
            // representation instead (RFC 9110 §14.2), which download managers accept.
            _ => Requested::Whole,
        },
        Err(http_range::HttpRangeParseError::NoOverlap) => Requested::Unsatisfiable,
        // A Range header that does not parse is ignored (RFC 9110 §14.2).
        Err(http_range::HttpRangeParseError::InvalidRange) => Requested::Whole,
    }
}

/// `length` bytes of `file` from its current position, in chunks of at most [`CHUNK_SIZE`].
fn chunks(
    file: tokio::fs::File,
    length: u64,
) -> impl futures_util::Stream<Item = std::io::Result<Bytes>> {
    futures_util::stream::try_unfold((file, length), |(mut file, remaining)| async move {
        if remaining == 0 {
            return Ok(None);
        }
        let want = usize::try_from(remaining.min(CHUNK_SIZE)).unwrap_or(usize::MAX);
        let mut buffer = vec![0; want];
        let read = file.read(&mut buffer).await?;
        if read == 0 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::UnexpectedEof,
                "the object ended before its size",
            ));
        }
        buffer.truncate(read);
        let remaining = remaining - u64::try_from(read).unwrap_or(remaining);
        Ok(Some((Bytes::from(buffer), (file, remaining))))
    })
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn plain_names_are_sent_plain_and_others_with_their_utf8_form() {
        assert_eq!(
            attachment("SOT-223.step"),
            "attachment; filename=\"SOT-223.step\""
        );
        assert_eq!(
            attachment("零件 M8.step"),
            "attachment; filename=\"__ M8.step\"; filename*=UTF-8''%E9%9B%B6%E4%BB%B6%20M8.step"
        );
        assert!(attachment("a\"b.txt").contains("filename*="));
    }

    const DIGEST: &str = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

    #[test]
    fn keys_are_made_of_digests_only() -> anyhow::Result<()> {
        assert_eq!(digest_of(b"test"), DIGEST);
        assert_eq!(content_key(DIGEST)?, format!("items/9f/{DIGEST}"));
        storage::check_key(&content_key(DIGEST)?)?;
        for bad in [
            "",
            &DIGEST[..63],
            &format!("{DIGEST}0"),
            &DIGEST.to_uppercase(),
            &format!("../{}", &DIGEST[3..]),
            &format!("{}/x", &DIGEST[..62]),
            &format!("{}g", &DIGEST[..63]),
        ] {
            assert!(content_key(bad).is_err(), "{bad:?}");
        }
        Ok(())
    }

    fn range(value: &str, size: u64) -> Requested {
        requested_range(
            Some(&HeaderValue::from_str(value).unwrap_or(HeaderValue::from_static(""))),
            size,
        )
    }

    #[test]
    fn range_headers_choose_part_whole_or_unsatisfiable() {
        assert_eq!(requested_range(None, 10), Requested::Whole);
        assert_eq!(
            range("bytes=2-4", 10),
            Requested::Part {
                start: 2,
                length: 3
            }
        );
        assert_eq!(
            range("bytes=7-", 10),
            Requested::Part {
                start: 7,
                length: 3
            }
        );
        assert_eq!(
            range("bytes=-4", 10),
            Requested::Part {
                start: 6,
                length: 4
            }
        );
        // An end past the size is cut to it.
        assert_eq!(
            range("bytes=8-100", 10),
            Requested::Part {
                start: 8,
                length: 2
            }
        );
        assert_eq!(range("bytes=0-1,4-5", 10), Requested::Whole);
        assert_eq!(range("bytes=10-", 10), Requested::Unsatisfiable);
        assert_eq!(range("bytes=0-0", 0), Requested::Unsatisfiable);
        assert_eq!(range("bytes=5-2", 10), Requested::Whole);
        assert_eq!(range("items=0-1", 10), Requested::Whole);
    }

    fn etag() -> EntityTag {
        EntityTag::new_strong(DIGEST.to_owned())
    }

    #[test]
    fn conditional_headers_compare_with_the_digest() {
        let decide = |request: TestRequest| preconditions(&request.to_http_request(), &etag());
        let quoted = format!("\"{DIGEST}\"");
        let proceed = Precondition::Proceed { honour_range: true };
        assert_eq!(decide(TestRequest::get()), proceed);
        assert_eq!(
            decide(TestRequest::get().insert_header((header::IF_NONE_MATCH, quoted.clone()))),
            Precondition::NotModified
        );
        // Weak comparison for If-None-Match, among several tags.
        assert_eq!(
            decide(
                TestRequest::get()
                    .insert_header((header::IF_NONE_MATCH, format!("\"other\", W/{quoted}")))
            ),
            Precondition::NotModified
        );
        assert_eq!(
            decide(TestRequest::get().insert_header((header::IF_NONE_MATCH, "*"))),
            Precondition::NotModified
        );
        assert_eq!(
            decide(TestRequest::get().insert_header((header::IF_NONE_MATCH, "\"other\""))),
            proceed
        );
        assert_eq!(
            decide(TestRequest::post().insert_header((header::IF_NONE_MATCH, quoted.clone()))),
            Precondition::Failed
        );
        assert_eq!(
            decide(TestRequest::get().insert_header((header::IF_MATCH, quoted.clone()))),
            proceed
        );
        assert_eq!(
            decide(TestRequest::get().insert_header((header::IF_MATCH, "\"other\""))),
            Precondition::Failed
        );
        // Strong comparison for If-Match and If-Range.
        assert_eq!(
            decide(TestRequest::get().insert_header((header::IF_MATCH, format!("W/{quoted}")))),
            Precondition::Failed
        );
        assert_eq!(
            decide(TestRequest::get().insert_header((header::IF_RANGE, quoted))),
            proceed
        );
        assert_eq!(
            decide(TestRequest::get().insert_header((header::IF_RANGE, "\"other\""))),
            Precondition::Proceed {
                honour_range: false
            }
        );
        assert_eq!(
            decide(
                TestRequest::get()
                    .insert_header((header::IF_RANGE, "Wed, 21 Oct 2015 07:28:00 GMT"))
            ),
            Precondition::Proceed {
                honour_range: false
            }
        );
    }

    #[test]
    fn media_types_that_are_no_header_value_are_sent_as_bytes() {
        assert_eq!(content_type("model/step"), "model/step");
        assert_eq!(content_type("bad\ntype"), OBJECT_CONTENT_TYPE);
    }
}
