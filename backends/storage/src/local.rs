//! Local disk: objects under `<root>/objects/<key>`, unfinished multipart uploads under
//! `<root>/uploads/<upload id>/` (one `NNNNN.part` file per part and its `NNNNN.etag`). Part
//! URLs are signed by this process (HMAC-SHA256 over method, path, upload id, part number and
//! expiry) and received by the portal's `PUT /to/api/base/file/part/{uploadId}/{partNumber}`.

use std::{
    path::{Path, PathBuf},
    time::{Duration, SystemTime, UNIX_EPOCH},
};

use anyhow::Context;
use hmac::{Hmac, Mac};
use md5::Digest;
use sha2::Sha256;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::{
    check_key, check_parts, md5_hex, multipart_etag, BackendKind, BlobStore, CompletedObject,
    CompletedPart, PartUrl, StorageError, StorageResult, StoredPart, PART_CONTENT_TYPE,
};

/// The site path that receives local part PUTs (the portal registers it).
pub const LOCAL_PART_PATH: &str = "/to/api/base/file/part";
/// Largest part number S3 allows; the same bound here.
pub const MAX_PART_NUMBER: u32 = 10_000;
const SECRET_FILE: &str = "part-secret";
const META_FILE: &str = "key";

pub struct LocalDisk {
    root: PathBuf,
    secret: Vec<u8>,
}

impl LocalDisk {
    /// Opens (creating) the store under `root`. Without a configured secret one is generated
    /// once and kept in `<root>/part-secret`, so that URLs survive a restart.
    pub async fn open(root: &Path, configured_secret: Option<&str>) -> anyhow::Result<Self> {
        for dir in [root.join("objects"), root.join("uploads")] {
            tokio::fs::create_dir_all(&dir)
                .await
                .with_context(|| format!("creating {}", dir.display()))?;
        }
        let secret = match configured_secret.filter(|secret| !secret.trim().is_empty()) {
            Some(secret) => secret.as_bytes().to_vec(),
            None => {
                let path = root.join(SECRET_FILE);
                let secret = stored_secret(&path).await?;
                // A secret written by an older version may be world-readable.
                #[cfg(unix)]
                {
                    use std::os::unix::fs::PermissionsExt;
                    tokio::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))
                        .await
                        .context("making the part secret private")?;
                }
                secret
            }
        };
        Ok(Self {
            root: root.to_path_buf(),
            secret,
        })
    }

    fn object_path(&self, key: &str) -> StorageResult<PathBuf> {
        check_key(key)?;
        Ok(self.root.join("objects").join(key))
    }

    /// Opens a stored object for reading, so that a response can stream it (and serve ranges)
    /// instead of holding it in memory. The open handle keeps reading the object it opened even
    /// when a `put` replaces the key meanwhile.
    pub async fn open_object(&self, key: &str) -> StorageResult<tokio::fs::File> {
        match tokio::fs::File::open(self.object_path(key)?).await {
            Ok(file) => Ok(file),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                Err(StorageError::NotFound)
            }
            Err(error) => Err(anyhow::Error::from(error)
                .context("opening an object")
                .into()),
        }
    }

    fn upload_dir(&self, upload_id: &str) -> StorageResult<PathBuf> {
        if upload_id.len() == 32 && upload_id.bytes().all(|b| b.is_ascii_hexdigit()) {
            Ok(self.root.join("uploads").join(upload_id))
        } else {
            Err(StorageError::NotFound)
        }
    }

    fn signature(
        &self,
        upload_id: &str,
        part_number: u32,
        expires: i64,
    ) -> anyhow::Result<Hmac<Sha256>> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.secret)
            .map_err(|error| anyhow::anyhow!("part secret: {error}"))?;
        mac.update(
            format!("PUT\n{LOCAL_PART_PATH}/{upload_id}/{part_number}\n{upload_id}\n{part_number}\n{expires}")
                .as_bytes(),
        );
        Ok(mac)
    }

    /// Receives one part PUT held in memory (see [`LocalDisk::open_part`] for a streamed body):
    /// checks the signature and expiry, stores the chunk and answers its ETag (MD5 hex).
    /// `now` is epoch seconds.
    pub async fn accept_part(
        &self,
        upload_id: &str,
        part_number: u32,
        expires: i64,
        signature: &str,
        body: &[u8],
        now: i64,
    ) -> StorageResult<String> {
        let mut part = self
            .open_part(upload_id, part_number, expires, signature, now)
            .await?;
        part.write(body).await?;
        part.commit().await
    }

    /// Checks a part PUT before a byte of its body is read — signature, expiry, part number,
    /// the upload exists — and opens the part's temporary file. The body is then written chunk
    /// by chunk ([`IncomingPart::write`]) and takes its place only on [`IncomingPart::commit`].
    pub async fn open_part(
        &self,
        upload_id: &str,
        part_number: u32,
        expires: i64,
        signature: &str,
        now: i64,
    ) -> StorageResult<IncomingPart> {
        let provided = hex::decode(signature).map_err(|_| StorageError::Rejected("signature"))?;
        self.signature(upload_id, part_number, expires)?
            .verify_slice(&provided)
            .map_err(|_| StorageError::Rejected("signature"))?;
        if expires < now {
            return Err(StorageError::Rejected("expired"));
        }
        if part_number == 0 || part_number > MAX_PART_NUMBER {
            return Err(StorageError::Rejected("part number"));
        }
        let dir = self.upload_dir(upload_id)?;
        if !tokio::fs::try_exists(dir.join(META_FILE))
            .await
            .unwrap_or(false)
        {
            return Err(StorageError::NotFound);
        }
        let temporary = dir.join(format!(
            "{part_number:05}.tmp-{}",
            uuid::Uuid::new_v4().simple()
        ));
        let file = tokio::fs::File::create(&temporary)
            .await
            .with_context(|| format!("creating {}", temporary.display()))?;
        Ok(IncomingPart {
            file: Some(file),
            digest: md5::Md5::new(),
            part: dir.join(format!("{part_number:05}.part")),
            etag_file: dir.join(format!("{part_number:05}.etag")),
            temporary,
        })
    }

    async fn read_meta(&self, upload_id: &str) -> StorageResult<String> {
        let dir = self.upload_dir(upload_id)?;
        match tokio::fs::read_to_string(dir.join(META_FILE)).await {
            Ok(key) => Ok(key),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                Err(StorageError::NotFound)
            }
            Err(error) => Err(anyhow::Error::from(error)
                .context("reading the upload")
                .into()),
        }
    }
}

/// A part being received: its temporary file and the running MD5. Dropped without
/// [`IncomingPart::commit`] (a broken connection, a body too large), its temporary file is
/// removed and the part as it was stays.
pub struct IncomingPart {
    file: Option<tokio::fs::File>,
    digest: md5::Md5,
    part: PathBuf,
    etag_file: PathBuf,
    temporary: PathBuf,
}

impl IncomingPart {
    pub async fn write(&mut self, chunk: &[u8]) -> StorageResult<()> {
        self.digest.update(chunk);
        let file = self.file.as_mut().context("part already committed")?;
        file.write_all(chunk)
            .await
            .with_context(|| format!("writing {}", self.temporary.display()))?;
        Ok(())
    }

    /// Puts the received bytes in place of the part and answers their ETag (MD5 hex).
    pub async fn commit(mut self) -> StorageResult<String> {
        let mut file = self.file.take().context("part already committed")?;
        file.flush().await.context("writing the part")?;
        drop(file);
        let etag = hex::encode(std::mem::take(&mut self.digest).finalize());
        // A re-sent part replaces the old one; its old ETag goes first so that no reader pairs
        // the new bytes with it.
        remove_if_present(&self.etag_file).await?;
        tokio::fs::rename(&self.temporary, &self.part)
            .await
            .context("storing the part")?;
        write_file(&self.etag_file, etag.as_bytes()).await?;
        Ok(etag)
    }
}

impl Drop for IncomingPart {
    fn drop(&mut self) {
        if self.file.is_some() {
            // Not committed: the temporary file goes (a rename already moved it otherwise).
            let _ = std::fs::remove_file(&self.temporary);
        }
    }
}

async fn stored_secret(path: &Path) -> anyhow::Result<Vec<u8>> {
    if let Ok(text) = tokio::fs::read_to_string(path).await {
        return hex::decode(text.trim()).context("the stored part secret is not hex");
    }
    let mut secret = [0u8; 32];
    getrandom::fill(&mut secret).map_err(|error| anyhow::anyhow!("{error}"))?;
    // create_new: a concurrent first start keeps whichever secret was written first.
    let mut options = tokio::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    options.mode(0o600); // the key that signs every part URL: this user's alone
    let created = options.open(path).await;
    match created {
        Ok(mut file) => {
            file.write_all(hex::encode(secret).as_bytes())
                .await
                .context("writing the part secret")?;
            file.sync_all().await.context("writing the part secret")?;
            Ok(secret.to_vec())
        }
        Err(_) => {
            let text = tokio::fs::read_to_string(path)
                .await
                .with_context(|| format!("reading {}", path.display()))?;
            hex::decode(text.trim()).context("the stored part secret is not hex")
        }
    }
}

async fn write_file(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let mut file = tokio::fs::File::create(path)
        .await
        .with_context(|| format!("creating {}", path.display()))?;
    file.write_all(bytes)
        .await
        .with_context(|| format!("writing {}", path.display()))?;
    file.flush().await?;
    Ok(())
}

async fn remove_if_present(path: &Path) -> anyhow::Result<()> {
    match tokio::fs::remove_file(path).await {
        Ok(()) => Ok(()),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(error) => {
            Err(anyhow::Error::from(error).context(format!("removing {}", path.display())))
        }
    }
}

fn epoch_seconds(time: SystemTime) -> i64 {
    time.duration_since(UNIX_EPOCH)
        .map(|elapsed| i64::try_from(elapsed.as_secs()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// Whether an object reaches the disk before its write answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Durability {
    /// Synced before the rename ([`BlobStore::put`]).
    Synced,
    /// Left to the next [`BlobStore::sync`] ([`BlobStore::put_unsynced`]).
    Deferred,
}

impl LocalDisk {
    /// One blocking task for the whole write: through tokio::fs each step (folder, create,
    /// write, sync, rename) is a hop to the blocking pool and back, which an import of thousands
    /// of objects paid in thread wake-ups (docs/benchmarks.md, seed import).
    async fn write(&self, key: &str, bytes: Vec<u8>, durability: Durability) -> StorageResult<()> {
        let path = self.object_path(key)?;
        tokio::task::spawn_blocking(move || write_object(&path, &bytes, durability))
            .await
            .context("storing the object")??;
        Ok(())
    }
}

/// Writes `bytes` beside `path` and renames the file into place: a reader never sees a partly
/// written object under the key. Synced, the bytes reach the disk before the rename, so that
/// after a power loss the key holds the old object or the whole new one, never an empty file.
fn write_object(path: &Path, bytes: &[u8], durability: Durability) -> anyhow::Result<()> {
    use std::io::Write;
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).context("creating the object folder")?;
    }
    let temporary = path.with_extension(format!("tmp-{}", uuid::Uuid::new_v4().simple()));
    let written = (|| {
        let mut file = std::fs::File::create(&temporary)
            .with_context(|| format!("creating {}", temporary.display()))?;
        file.write_all(bytes)
            .with_context(|| format!("writing {}", temporary.display()))?;
        if durability == Durability::Synced {
            file.sync_all()
                .with_context(|| format!("writing {}", temporary.display()))?;
        }
        std::fs::rename(&temporary, path).context("storing the object")
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

impl BlobStore for LocalDisk {
    fn kind(&self) -> BackendKind {
        BackendKind::Local
    }

    async fn put(&self, key: &str, bytes: Vec<u8>, _content_type: &str) -> StorageResult<()> {
        self.write(key, bytes, Durability::Synced).await
    }

    async fn put_unsynced(
        &self,
        key: &str,
        bytes: Vec<u8>,
        _content_type: &str,
    ) -> StorageResult<()> {
        self.write(key, bytes, Durability::Deferred).await
    }

    /// One `syncfs` of the file system holding the objects: an import of thousands of objects
    /// pays one journal commit instead of one per object (docs/benchmarks.md, seed import).
    async fn sync(&self) -> StorageResult<()> {
        let objects = self.root.join("objects");
        tokio::task::spawn_blocking(move || -> anyhow::Result<()> {
            let folder = std::fs::File::open(&objects)
                .with_context(|| format!("opening {}", objects.display()))?;
            rustix::fs::syncfs(&folder).context("syncing the stored objects")?;
            Ok(())
        })
        .await
        .context("syncing the stored objects")??;
        Ok(())
    }

    async fn size(&self, key: &str) -> StorageResult<Option<u64>> {
        match tokio::fs::metadata(self.object_path(key)?).await {
            Ok(metadata) if metadata.is_file() => Ok(Some(metadata.len())),
            Ok(_) => Ok(None),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(anyhow::Error::from(error)
                .context("reading an object's size")
                .into()),
        }
    }

    async fn read(&self, key: &str) -> StorageResult<Vec<u8>> {
        match tokio::fs::read(self.object_path(key)?).await {
            Ok(bytes) => Ok(bytes),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                Err(StorageError::NotFound)
            }
            Err(error) => Err(anyhow::Error::from(error)
                .context("reading an object")
                .into()),
        }
    }

    async fn read_head(&self, key: &str, len: usize) -> StorageResult<Vec<u8>> {
        let file = match tokio::fs::File::open(self.object_path(key)?).await {
            Ok(file) => file,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                return Err(StorageError::NotFound)
            }
            Err(error) => {
                return Err(anyhow::Error::from(error)
                    .context("opening an object")
                    .into())
            }
        };
        let mut head = Vec::with_capacity(len);
        file.take(u64::try_from(len).unwrap_or(u64::MAX))
            .read_to_end(&mut head)
            .await
            .context("reading an object")?;
        Ok(head)
    }

    async fn delete(&self, key: &str) -> StorageResult<()> {
        remove_if_present(&self.object_path(key)?).await?;
        Ok(())
    }

    async fn create_multipart(&self, key: &str, _content_type: &str) -> StorageResult<String> {
        check_key(key)?;
        let upload_id = uuid::Uuid::new_v4().simple().to_string();
        let dir = self.upload_dir(&upload_id)?;
        tokio::fs::create_dir_all(&dir)
            .await
            .context("creating the upload folder")?;
        write_file(&dir.join(META_FILE), key.as_bytes()).await?;
        Ok(upload_id)
    }

    fn part_url(
        &self,
        _key: &str,
        upload_id: &str,
        part_number: u32,
        expires_in: Duration,
    ) -> StorageResult<PartUrl> {
        self.upload_dir(upload_id)?;
        let expires = epoch_seconds(SystemTime::now() + expires_in);
        let signature = hex::encode(
            self.signature(upload_id, part_number, expires)?
                .finalize()
                .into_bytes(),
        );
        Ok(PartUrl {
            url: format!(
                "{LOCAL_PART_PATH}/{upload_id}/{part_number}?expires={expires}&signature={signature}"
            ),
            content_type: PART_CONTENT_TYPE,
        })
    }

    async fn list_parts(&self, key: &str, upload_id: &str) -> StorageResult<Vec<StoredPart>> {
        if self.read_meta(upload_id).await? != key {
            return Err(StorageError::NotFound);
        }
        let dir = self.upload_dir(upload_id)?;
        let mut entries = tokio::fs::read_dir(&dir)
            .await
            .context("listing the parts")?;
        let mut parts = Vec::new();
        while let Some(entry) = entries.next_entry().await.context("listing the parts")? {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(number) = name
                .strip_suffix(".part")
                .and_then(|n| n.parse::<u32>().ok())
            else {
                continue;
            };
            let size = entry.metadata().await.context("reading a part")?.len();
            let etag = match tokio::fs::read_to_string(dir.join(format!("{number:05}.etag"))).await
            {
                Ok(etag) => etag,
                // The PUT stopped between the part and its ETag: derive it again.
                Err(_) => md5_hex(
                    &tokio::fs::read(entry.path())
                        .await
                        .context("reading a part")?,
                ),
            };
            parts.push(StoredPart {
                part_number: number,
                etag,
                size,
            });
        }
        parts.sort_by_key(|part| part.part_number);
        Ok(parts)
    }

    async fn complete_multipart(
        &self,
        key: &str,
        upload_id: &str,
        parts: &[CompletedPart],
    ) -> StorageResult<CompletedObject> {
        let stored = self.list_parts(key, upload_id).await?;
        let ordered = check_parts(parts, &stored)?;
        let dir = self.upload_dir(upload_id)?;
        let path = self.object_path(key)?;
        if let Some(parent) = path.parent() {
            tokio::fs::create_dir_all(parent)
                .await
                .context("creating the object folder")?;
        }
        let temporary = path.with_extension(format!("tmp-{}", uuid::Uuid::new_v4().simple()));
        let mut output = tokio::fs::File::create(&temporary)
            .await
            .context("creating the object")?;
        let mut size = 0u64;
        for part in &ordered {
            let bytes = tokio::fs::read(dir.join(format!("{:05}.part", part.part_number)))
                .await
                .context("reading a part")?;
            // The bytes assembled must be the bytes the client was told it stored.
            if md5_hex(&bytes) != part.etag {
                drop(output);
                remove_if_present(&temporary).await?;
                return Err(StorageError::NotComplete(format!(
                    "part {} changed on disk",
                    part.part_number
                )));
            }
            output
                .write_all(&bytes)
                .await
                .context("writing the object")?;
            size += u64::try_from(bytes.len()).unwrap_or(u64::MAX);
        }
        output.flush().await.context("writing the object")?;
        output.sync_all().await.context("writing the object")?;
        drop(output);
        tokio::fs::rename(&temporary, &path)
            .await
            .context("storing the object")?;
        let etags: Vec<&str> = ordered.iter().map(|part| part.etag.as_str()).collect();
        let etag = multipart_etag(&etags)?;
        tokio::fs::remove_dir_all(&dir)
            .await
            .context("removing the parts")?;
        Ok(CompletedObject { size, etag })
    }

    async fn abort_multipart(&self, _key: &str, upload_id: &str) -> StorageResult<()> {
        let dir = self.upload_dir(upload_id)?;
        match tokio::fs::remove_dir_all(&dir).await {
            Ok(()) => Ok(()),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(error) => Err(anyhow::Error::from(error)
                .context("removing an upload")
                .into()),
        }
    }

    fn download_url(
        &self,
        _key: &str,
        _file_name: &str,
        _content_type: &str,
        _expires_in: Duration,
    ) -> StorageResult<Option<String>> {
        Ok(None)
    }
}

/// Epoch seconds now (for [`LocalDisk::accept_part`]).
pub fn now_epoch_seconds() -> i64 {
    epoch_seconds(SystemTime::now())
}
