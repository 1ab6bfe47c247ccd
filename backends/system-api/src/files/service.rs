//! The file service's shared state: the store, the blob store chosen by configuration and
//! the settings; the sweep of orphaned upload sessions.

use std::{sync::Arc, time::Duration};

use anyhow::Context;
use kernel::{ApiError, ApiResult, ServiceContext};
use storage::claims::{FileClaim, FileClaims, CLAIM_LIFETIME_SECS};
use storage::{BlobStore, Blobs, FilesSettings, StorageError};

use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::{
    model::{Category, FileName, FileRecord},
    store::{FileRepository, FileStore},
};
use crate::{FILE_PART_URL_INVALID, FILE_UPLOAD_NOT_COMPLETE, FILE_UPLOAD_SESSION_NOT_EXISTS};

pub struct Files {
    pub store: FileRepository,
    pub blobs: Blobs,
    pub settings: FilesSettings,
    /// Signs the expiring content URLs of private files (see [`Files::content_url`]).
    content_secret: Vec<u8>,
    /// Signs the owners' claims of their uploads.
    claims: FileClaims,
}

/// The query of a signed content URL.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ContentSignature {
    /// Epoch seconds after which the URL is refused.
    pub expires: Option<i64>,
    /// HMAC-SHA256 hex of `GET\n<key>\n<expires>`.
    pub signature: Option<String>,
}

impl Files {
    pub async fn open(context: &ServiceContext, settings: FilesSettings) -> anyhow::Result<Self> {
        let blobs = Blobs::open(&settings, &context.settings.data_dir)
            .await
            .context("opening the file storage")?;
        tracing::info!(backend = settings.backend.as_str(), "file storage ready");
        let content_secret =
            storage::claims::content_secret(&settings, &context.settings.data_dir).await?;
        Ok(Self {
            store: FileRepository::new(&context.db),
            blobs,
            settings,
            claims: FileClaims::new(&content_secret),
            content_secret,
        })
    }

    fn content_mac(&self, access_key: &str, expires: i64) -> Hmac<Sha256> {
        // HMAC accepts keys of any length; the error branch cannot happen.
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.content_secret)
            .unwrap_or_else(|_| unreachable!("HMAC takes any key length"));
        mac.update(format!("GET\n{access_key}\n{expires}").as_bytes());
        mac
    }

    /// The address a client reads `record` from: avatars and logos by their key alone (public,
    /// not enumerable); any other file by its key with an expiring signature
    /// (`files.download_url_minutes`), so an `<img>` or a download link works without the
    /// Authorization header for whoever the API gave the address to, and only for a while.
    pub fn content_url(&self, record: &FileRecord) -> String {
        let path = super::model::content_path(&record.access_key);
        if record.is_public() {
            return path;
        }
        let lifetime = i64::try_from(self.download_url_lifetime().as_secs()).unwrap_or(3600);
        // Rounded up to the next ten minutes, so the addresses of a page stay the same for a
        // while and the browser's cache can serve them.
        let expires = (chrono::Utc::now().timestamp() + lifetime).div_euclid(600) * 600 + 600;
        let signature = hex::encode(
            self.content_mac(&record.access_key, expires)
                .finalize()
                .into_bytes(),
        );
        format!("{path}?expires={expires}&signature={signature}")
    }

    /// The signed claim of `record`'s upload by its owner ([`storage::claims`]).
    pub fn claim(&self, record: &FileRecord) -> String {
        self.claims.sign(&FileClaim {
            key: record.storage_key.clone(),
            name: record.name.clone(),
            size: u64::try_from(record.size).unwrap_or_default(),
            owner: record.user_id,
            expires: chrono::Utc::now().timestamp() + CLAIM_LIFETIME_SECS,
        })
    }

    /// Whether `signature` is a valid, unexpired signature of `access_key` (`now`: epoch s).
    pub fn signature_valid(&self, access_key: &str, query: &ContentSignature, now: i64) -> bool {
        let (Some(expires), Some(signature)) = (query.expires, query.signature.as_deref()) else {
            return false;
        };
        let Ok(provided) = hex::decode(signature) else {
            return false;
        };
        expires >= now
            && self
                .content_mac(access_key, expires)
                .verify_slice(&provided)
                .is_ok()
    }

    /// The owner's view of `record`: its content address and the claim of the upload.
    pub fn info(&self, record: &FileRecord) -> super::FileInfo {
        super::FileInfo::new(record, self.content_url(record), self.claim(record))
    }

    /// The content addresses of the files among `ids` (file ids as stored by feedback and
    /// brand applications); ids of files that no longer exist are left out.
    pub async fn links(
        &self,
        ids: &[String],
    ) -> ApiResult<std::collections::HashMap<String, String>> {
        let numbers: Vec<i64> = ids.iter().filter_map(|id| id.trim().parse().ok()).collect();
        let records = self.store.find_many(&numbers).await?;
        Ok(records
            .iter()
            .map(|record| (record.id.to_string(), self.content_url(record)))
            .collect())
    }

    /// `<Category>/<yyyy>/<mm>/<uuid>[.<ext>]`: unguessable, and never derived from the
    /// client's text beyond a checked extension.
    pub fn storage_key(category: Category, name: &FileName) -> String {
        let now = chrono::Utc::now();
        let extension = name.extension();
        let extension: String = extension
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
            .take(16)
            .collect();
        let id = uuid::Uuid::new_v4().simple();
        let suffix = if extension.is_empty() {
            String::new()
        } else {
            format!(".{extension}")
        };
        format!("{}/{}/{id}{suffix}", category.as_str(), now.format("%Y/%m"))
    }

    /// The session `upload_id` of this user (and of this `path`, when the client names one).
    pub async fn session_of(
        &self,
        user_id: i64,
        upload_id: &str,
        path: Option<&str>,
    ) -> ApiResult<super::model::SessionRecord> {
        let session = self
            .store
            .find_session(upload_id.trim())
            .await?
            .filter(|session| session.user_id == user_id)
            .filter(|session| {
                path.map(str::trim)
                    .is_none_or(|path| path.is_empty() || path == session.storage_key)
            })
            .ok_or_else(|| ApiError::new(FILE_UPLOAD_SESSION_NOT_EXISTS))?;
        Ok(session)
    }

    pub fn part_url_lifetime(&self) -> Duration {
        Duration::from_secs(self.settings.part_url_minutes.max(1) * 60)
    }

    pub fn download_url_lifetime(&self) -> Duration {
        Duration::from_secs(self.settings.download_url_minutes.max(1) * 60)
    }

    /// Aborts the uploads of sessions that were not created as files within
    /// `files.orphan_hours` and forgets them. Answers how many went.
    pub async fn sweep(&self) -> anyhow::Result<usize> {
        let hours = i64::try_from(self.settings.orphan_hours).unwrap_or(i64::MAX / 7200);
        let before = chrono::Utc::now() - chrono::Duration::hours(hours);
        let stale = self.store.stale_sessions(before).await?;
        let mut swept = 0;
        for session in stale {
            // A session of the other backend (configuration changed) cannot be reached here.
            if session.storage == self.blobs.kind().as_str() {
                if let Err(error) = self
                    .blobs
                    .abort_multipart(&session.storage_key, &session.upload_id)
                    .await
                {
                    tracing::warn!(upload_id = %session.upload_id, error = %error, "could not abort an orphaned upload");
                    continue;
                }
                // A completed but never created object is an orphan too.
                if session.status == super::model::SESSION_COMPLETED {
                    self.blobs.delete(&session.storage_key).await.ok();
                }
            }
            self.store.delete_session(&session.upload_id).await?;
            swept += 1;
        }
        if swept > 0 {
            tracing::info!(swept, "orphaned upload sessions swept");
        }
        Ok(swept)
    }

    /// Runs the sweep now and then every `files.sweep_minutes`.
    pub fn spawn_sweeper(self: &Arc<Self>) {
        let files = Arc::downgrade(self);
        let period = Duration::from_secs(self.settings.sweep_minutes.max(1) * 60);
        tokio::spawn(async move {
            let mut interval = tokio::time::interval(period);
            loop {
                interval.tick().await;
                // Stops once the service is gone.
                let Some(files) = files.upgrade() else { break };
                if let Err(error) = files.sweep().await {
                    tracing::warn!(error = ?error, "sweeping orphaned uploads failed");
                }
            }
        });
    }
}

/// Maps a storage failure onto the registry.
pub fn storage_error(error: StorageError) -> ApiError {
    match error {
        StorageError::NotFound => ApiError::new(FILE_UPLOAD_SESSION_NOT_EXISTS),
        StorageError::NotComplete(reason) => {
            tracing::info!(%reason, "upload not complete");
            ApiError::new(FILE_UPLOAD_NOT_COMPLETE)
        }
        StorageError::Rejected(reason) => ApiError::with_detail(FILE_PART_URL_INVALID, reason),
        StorageError::Other(source) => ApiError::internal(source),
    }
}

/// `storageType`: the spec's chunked uploads use 11 (number or string); absent means 11.
pub fn check_storage_type(value: Option<&serde_json::Value>) -> ApiResult<()> {
    let valid = match value {
        None | Some(serde_json::Value::Null) => true,
        Some(serde_json::Value::Number(number)) => number.as_i64() == Some(STORAGE_TYPE_CHUNKED),
        Some(serde_json::Value::String(text)) => text.trim() == "11",
        Some(_) => false,
    };
    if valid {
        Ok(())
    } else {
        Err(ApiError::new(crate::FILE_STORAGE_TYPE_UNSUPPORTED))
    }
}

/// The spec's storage type of chunked uploads.
pub const STORAGE_TYPE_CHUNKED: i64 = 11;
