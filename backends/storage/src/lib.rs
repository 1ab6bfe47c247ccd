//! Blob storage for uploaded files, apart from HTTP (docs/files.md).
//!
//! [`BlobStore`] is what the file service needs: single objects and multipart uploads with a
//! presigned URL per part. [`LocalDisk`] keeps the bytes under `<data_dir>/files/` and signs
//! its own part URLs (HMAC-SHA256, served by the portal); [`S3Store`] speaks the S3 API to any
//! S3-compatible server with presigned URLs. [`Blobs`] is the one chosen by configuration.

pub mod claims;
pub mod local;
pub mod s3;
pub mod settings;
#[cfg(feature = "testing")]
pub mod testing;

use std::{path::Path, sync::Arc, time::Duration};

pub use local::LocalDisk;
pub use s3::S3Store;
pub use settings::{BackendKind, FilesSettings, S3Settings};

/// The content type of a file by its extension (lower case, without the dot): what the
/// services answer, since the client's claim is not trusted. SVG and DXF stay
/// `application/octet-stream`: the file service shows `image/*` inline, and an SVG shown inline
/// on the portal's origin could run script.
pub fn media_type_of_extension(extension: &str) -> &'static str {
    match extension {
        "jpg" | "jpeg" => "image/jpeg",
        "png" => "image/png",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "pdf" => "application/pdf",
        "zip" => "application/zip",
        "step" | "stp" => "model/step",
        "stl" => "model/stl",
        "igs" | "iges" => "model/iges",
        "glb" => "model/gltf-binary",
        "wrl" => "model/vrml",
        "txt" | "cir" | "sp" | "spice" | "kicad_sym" | "kicad_mod" => "text/plain; charset=utf-8",
        "csv" => "text/csv; charset=utf-8",
        "json" => "application/json",
        _ => "application/octet-stream",
    }
}

/// Why a storage operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("object or upload not found")]
    NotFound,
    /// Completing a multipart upload whose parts are missing or whose ETags do not match.
    #[error("not complete: {0}")]
    NotComplete(String),
    /// A local part PUT with a bad or expired signature.
    #[error("part URL rejected: {0}")]
    Rejected(&'static str),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

pub type StorageResult<T> = Result<T, StorageError>;

/// A part the store holds for an unfinished upload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredPart {
    /// 1-based, as in S3.
    pub part_number: u32,
    /// MD5 hex of the part, without quotes.
    pub etag: String,
    pub size: u64,
}

/// A part as the client reports it on completion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompletedPart {
    pub part_number: u32,
    /// With or without the quotes S3 puts around it.
    pub etag: String,
}

/// Where and how to PUT one part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartUrl {
    /// Absolute for S3; a site path (`/to/api/base/file/part/…`) for local disk unless a
    /// public base URL is configured.
    pub url: String,
    pub content_type: &'static str,
}

/// The content type of every part PUT (the object's own type is set when it is created).
pub const PART_CONTENT_TYPE: &str = "application/octet-stream";

/// The finished object of a multipart upload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompletedObject {
    pub size: u64,
    /// S3's multipart ETag: MD5 of the parts' MD5s, `-<parts>`.
    pub etag: String,
}

/// What the file service needs from a blob store. Keys are produced by the server — the file
/// service's `<category>/<yyyy>/<mm>/<uuid>.<ext>`, the library kit's content-addressed
/// `items/<first two hex>/<sha-256 hex>` — and checked by [`check_key`]: stores refuse anything
/// that could escape.
#[allow(async_fn_in_trait)] // used with concrete types (and the `Blobs` enum) only; no `dyn`
pub trait BlobStore {
    fn kind(&self) -> BackendKind;
    async fn put(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> StorageResult<()>;
    /// [`BlobStore::put`] for a batch (an import): the object is whole under its key at once,
    /// but may not have reached the disk until [`BlobStore::sync`], which the writer calls
    /// before anything durable (a committed row) refers to it. After a crash in between, the
    /// key holds the whole object, nothing, or an empty file — which [`BlobStore::size`] tells
    /// a content-addressed writer to write again.
    async fn put_unsynced(
        &self,
        key: &str,
        bytes: Vec<u8>,
        content_type: &str,
    ) -> StorageResult<()>;
    /// Makes every object written by [`BlobStore::put_unsynced`] durable.
    async fn sync(&self) -> StorageResult<()>;
    /// The object's size in bytes, `None` when there is no object under `key` (a writer of
    /// content-addressed objects skips bytes already stored).
    async fn size(&self, key: &str) -> StorageResult<Option<u64>>;
    async fn read(&self, key: &str) -> StorageResult<Vec<u8>>;
    /// At most the first `len` bytes (magic-byte checks).
    async fn read_head(&self, key: &str, len: usize) -> StorageResult<Vec<u8>>;
    /// Deleting a missing object is not an error.
    async fn delete(&self, key: &str) -> StorageResult<()>;
    /// Opens a multipart upload and answers its upload id.
    async fn create_multipart(&self, key: &str, content_type: &str) -> StorageResult<String>;
    /// A URL that accepts one part without credentials until `expires_in` has passed.
    fn part_url(
        &self,
        key: &str,
        upload_id: &str,
        part_number: u32,
        expires_in: Duration,
    ) -> StorageResult<PartUrl>;
    /// The parts stored so far, by part number (resume).
    async fn list_parts(&self, key: &str, upload_id: &str) -> StorageResult<Vec<StoredPart>>;
    /// Assembles the parts `1..=n` in order after checking each ETag against the stored part;
    /// a gap or a mismatch is [`StorageError::NotComplete`].
    async fn complete_multipart(
        &self,
        key: &str,
        upload_id: &str,
        parts: &[CompletedPart],
    ) -> StorageResult<CompletedObject>;
    /// Drops an unfinished upload and its parts (missing is not an error).
    async fn abort_multipart(&self, key: &str, upload_id: &str) -> StorageResult<()>;
    /// A URL to redirect a download to (S3), or `None` when the service streams the bytes.
    fn download_url(
        &self,
        key: &str,
        file_name: &str,
        content_type: &str,
        expires_in: Duration,
    ) -> StorageResult<Option<String>>;
}

kernel::repository! {
    /// The store chosen by configuration.
    #[derive(Clone)]
    pub enum Blobs: BlobStore {
        Local(Arc<LocalDisk>),
        S3(Arc<S3Store>),
    }
    fn kind(&self) -> BackendKind;
    async fn put(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> StorageResult<()>;
    async fn put_unsynced(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> StorageResult<()>;
    async fn sync(&self) -> StorageResult<()>;
    async fn size(&self, key: &str) -> StorageResult<Option<u64>>;
    async fn read(&self, key: &str) -> StorageResult<Vec<u8>>;
    async fn read_head(&self, key: &str, len: usize) -> StorageResult<Vec<u8>>;
    async fn delete(&self, key: &str) -> StorageResult<()>;
    async fn create_multipart(&self, key: &str, content_type: &str) -> StorageResult<String>;
    fn part_url(&self, key: &str, upload_id: &str, part_number: u32, expires_in: Duration) -> StorageResult<PartUrl>;
    async fn list_parts(&self, key: &str, upload_id: &str) -> StorageResult<Vec<StoredPart>>;
    async fn complete_multipart(&self, key: &str, upload_id: &str, parts: &[CompletedPart]) -> StorageResult<CompletedObject>;
    async fn abort_multipart(&self, key: &str, upload_id: &str) -> StorageResult<()>;
    fn download_url(&self, key: &str, file_name: &str, content_type: &str, expires_in: Duration) -> StorageResult<Option<String>>;
}

impl Blobs {
    /// Opens the configured store (for S3 this checks, and may create, the bucket).
    pub async fn open(settings: &FilesSettings, data_dir: &Path) -> anyhow::Result<Self> {
        match settings.backend {
            BackendKind::Local => Ok(Self::Local(Arc::new(
                LocalDisk::open(&data_dir.join("files"), settings.part_secret.as_deref()).await?,
            ))),
            BackendKind::S3 => Ok(Self::S3(Arc::new(S3Store::open(&settings.s3).await?))),
        }
    }

    /// The local store, which receives the part PUTs itself.
    pub fn as_local(&self) -> Option<&LocalDisk> {
        match self {
            Self::Local(local) => Some(local),
            Self::S3(_) => None,
        }
    }
}

/// MD5 hex of `bytes` (the ETag S3 gives a part).
pub fn md5_hex(bytes: &[u8]) -> String {
    use md5::Digest;
    hex::encode(md5::Md5::digest(bytes))
}

/// `"abc"` → `abc` (clients send ETags with or without S3's quotes).
pub fn unquote(etag: &str) -> &str {
    etag.trim().trim_matches('"')
}

/// S3's ETag of a multipart object: MD5 over the concatenated binary MD5s of the parts,
/// followed by `-<number of parts>`.
pub fn multipart_etag(part_etags: &[&str]) -> anyhow::Result<String> {
    use md5::Digest;
    let mut digests = Vec::with_capacity(part_etags.len() * 16);
    for etag in part_etags {
        digests.extend(hex::decode(unquote(etag))?);
    }
    Ok(format!(
        "{}-{}",
        hex::encode(md5::Md5::digest(&digests)),
        part_etags.len()
    ))
}

/// Checks what the client reports against what the store holds: parts `1..=n` without gap,
/// each ETag equal to the stored one. Answers the parts in order.
pub fn check_parts(
    reported: &[CompletedPart],
    stored: &[StoredPart],
) -> StorageResult<Vec<StoredPart>> {
    if reported.is_empty() {
        return Err(StorageError::NotComplete("no parts".to_owned()));
    }
    let mut reported: Vec<&CompletedPart> = reported.iter().collect();
    reported.sort_by_key(|part| part.part_number);
    let mut ordered = Vec::with_capacity(reported.len());
    for (index, part) in reported.iter().enumerate() {
        let expected = u32::try_from(index + 1).map_err(anyhow::Error::from)?;
        if part.part_number != expected {
            return Err(StorageError::NotComplete(format!(
                "part {expected} missing"
            )));
        }
        let Some(found) = stored.iter().find(|s| s.part_number == expected) else {
            return Err(StorageError::NotComplete(format!(
                "part {expected} not uploaded"
            )));
        };
        if !found.etag.eq_ignore_ascii_case(unquote(&part.etag)) {
            return Err(StorageError::NotComplete(format!(
                "part {expected} etag mismatch"
            )));
        }
        ordered.push(found.clone());
    }
    Ok(ordered)
}

/// Refuses keys that could leave the store's root or that S3 would treat oddly.
pub fn check_key(key: &str) -> StorageResult<()> {
    let valid = !key.is_empty()
        && key.len() <= 512
        && !key.starts_with('/')
        && key
            .split('/')
            .all(|segment| !segment.is_empty() && segment != "." && segment != "..")
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'_' | b'-' | b'.'));
    if valid {
        Ok(())
    } else {
        Err(StorageError::Other(anyhow::anyhow!(
            "invalid object key {key:?}"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multipart_etag_matches_s3() -> anyhow::Result<()> {
        // Two parts "a" and "b": md5(md5("a") ++ md5("b")) + "-2".
        let a = md5_hex(b"a");
        let b = md5_hex(b"b");
        let mut both = hex::decode(&a)?;
        both.extend(hex::decode(&b)?);
        assert_eq!(
            multipart_etag(&[&format!("\"{a}\""), &b])?,
            format!("{}-2", md5_hex(&both))
        );
        Ok(())
    }

    #[test]
    fn parts_must_be_contiguous_and_match() {
        let stored = vec![
            StoredPart {
                part_number: 1,
                etag: "aa".to_owned(),
                size: 1,
            },
            StoredPart {
                part_number: 2,
                etag: "bb".to_owned(),
                size: 1,
            },
        ];
        let part = |n: u32, e: &str| CompletedPart {
            part_number: n,
            etag: e.to_owned(),
        };
        assert!(check_parts(&[part(2, "\"bb\""), part(1, "AA")], &stored).is_ok());
        assert!(matches!(
            check_parts(&[], &stored),
            Err(StorageError::NotComplete(_))
        ));
        assert!(matches!(
            check_parts(&[part(1, "aa"), part(3, "bb")], &stored),
            Err(StorageError::NotComplete(_))
        ));
        assert!(matches!(
            check_parts(&[part(1, "aa"), part(2, "cc")], &stored),
            Err(StorageError::NotComplete(_))
        ));
        assert!(matches!(
            check_parts(&[part(1, "aa"), part(2, "bb"), part(3, "cc")], &stored),
            Err(StorageError::NotComplete(_))
        ));
    }

    #[test]
    fn keys_cannot_escape() {
        assert!(check_key("Images/2026/11/abc.png").is_ok());
        assert!(check_key(&format!("items/ab/ab{}", "0".repeat(62))).is_ok());
        for bad in ["", "/abs", "a/../b", "a//b", "a/./b", "a b", "a/\u{0}"] {
            assert!(check_key(bad).is_err(), "{bad:?}");
        }
    }
}
