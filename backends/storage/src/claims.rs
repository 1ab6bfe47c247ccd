//! The content secret every service of a deployment shares, and **file claims**: a short-lived,
//! signed statement "user U uploaded the object under key K (name, size)" that the file service
//! hands to the uploader, so that another service (a library taking a model for an enterprise
//! item) can accept the upload without reading the file service's tables (docs/files.md,
//! "File claims").
//!
//! A claim is `base64url(JSON) "." hex(HMAC-SHA256(claim key, base64url part))`; the claim key is
//! derived from the content secret, so a claim cannot be replayed as a content signature or the
//! other way round.

use std::path::Path;

use anyhow::Context;
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use crate::FilesSettings;

/// Where the content secret is kept when `files.part_secret` is not configured.
const CONTENT_SECRET_FILE: &str = "files/content-secret";
/// How long a claim is accepted after the upload answered it (a member may fill a long form).
pub const CLAIM_LIFETIME_SECS: i64 = 24 * 60 * 60;
/// The longest claim text accepted (names are at most 200 characters, keys far less).
const CLAIM_MAX_LEN: usize = 2048;

/// The secret of the content URLs and claims: derived from `files.part_secret` when configured
/// (set on every service and replica of a deployment), else generated once into
/// `<data_dir>/files/content-secret` (mode 0600). Created with an exclusive link, so services
/// opening at once in one process (the portal) or on one data directory agree on one secret.
pub async fn content_secret(settings: &FilesSettings, data_dir: &Path) -> anyhow::Result<Vec<u8>> {
    if let Some(secret) = settings
        .part_secret
        .as_deref()
        .filter(|secret| !secret.trim().is_empty())
    {
        let mut mac = hmac(secret.as_bytes());
        mac.update(b"content-url");
        return Ok(mac.finalize().into_bytes().to_vec());
    }
    let path = data_dir.join(CONTENT_SECRET_FILE);
    if let Some(secret) = read_secret(&path).await {
        return Ok(secret);
    }
    if let Some(parent) = path.parent() {
        tokio::fs::create_dir_all(parent)
            .await
            .context("creating the files directory")?;
    }
    let secret: Vec<u8> = [uuid::Uuid::new_v4(), uuid::Uuid::new_v4()]
        .iter()
        .flat_map(|id| id.as_bytes().to_vec())
        .collect();
    let temporary = path.with_extension(format!("{}.tmp", uuid::Uuid::new_v4().simple()));
    tokio::fs::write(&temporary, hex::encode(&secret))
        .await
        .context("writing the content secret")?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        tokio::fs::set_permissions(&temporary, std::fs::Permissions::from_mode(0o600))
            .await
            .context("making the content secret private")?;
    }
    // A link fails when the name exists: of two services creating at once, one secret wins and
    // both read it.
    let linked = tokio::fs::hard_link(&temporary, &path).await;
    let _ = tokio::fs::remove_file(&temporary).await;
    match linked {
        Ok(()) => Ok(secret),
        Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => read_secret(&path)
            .await
            .ok_or_else(|| anyhow::anyhow!("unreadable content secret at {}", path.display())),
        Err(error) => Err(error).context("storing the content secret"),
    }
}

async fn read_secret(path: &Path) -> Option<Vec<u8>> {
    let text = tokio::fs::read_to_string(path).await.ok()?;
    hex::decode(text.trim())
        .ok()
        .filter(|secret| secret.len() >= 32)
}

fn hmac(key: &[u8]) -> Hmac<Sha256> {
    // HMAC accepts keys of any length; the error branch cannot happen.
    Hmac::<Sha256>::new_from_slice(key)
        .unwrap_or_else(|_| unreachable!("HMAC takes any key length"))
}

/// What a claim states.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileClaim {
    /// The object's key in the blob store.
    #[serde(rename = "k")]
    pub key: String,
    /// The file's name as uploaded.
    #[serde(rename = "n")]
    pub name: String,
    /// Bytes.
    #[serde(rename = "s")]
    pub size: u64,
    /// The uploader's user id.
    #[serde(rename = "u")]
    pub owner: i64,
    /// Epoch seconds after which the claim is refused.
    #[serde(rename = "e")]
    pub expires: i64,
}

/// Why a claim was refused (the caller answers all of them alike).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ClaimError {
    #[error("not a file claim")]
    Malformed,
    #[error("the claim's signature does not match")]
    BadSignature,
    #[error("the claim has expired")]
    Expired,
}

/// Signs and checks claims with a key derived from the content secret.
#[derive(Clone)]
pub struct FileClaims {
    key: Vec<u8>,
}

impl std::fmt::Debug for FileClaims {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FileClaims(..)")
    }
}

impl FileClaims {
    pub fn new(content_secret: &[u8]) -> Self {
        let mut mac = hmac(content_secret);
        mac.update(b"file-claim");
        Self {
            key: mac.finalize().into_bytes().to_vec(),
        }
    }

    /// The claims of the deployment's content secret ([`content_secret`]).
    pub async fn open(settings: &FilesSettings, data_dir: &Path) -> anyhow::Result<Self> {
        Ok(Self::new(&content_secret(settings, data_dir).await?))
    }

    fn mac(&self, payload: &str) -> Hmac<Sha256> {
        let mut mac = hmac(&self.key);
        mac.update(payload.as_bytes());
        mac
    }

    pub fn sign(&self, claim: &FileClaim) -> String {
        // Serialising a struct of strings and numbers cannot fail.
        let json = serde_json::to_vec(claim).unwrap_or_default();
        let payload = URL_SAFE_NO_PAD.encode(json);
        let signature = hex::encode(self.mac(&payload).finalize().into_bytes());
        format!("{payload}.{signature}")
    }

    /// The claim `token` states, when its signature holds and it has not expired at `now`
    /// (epoch seconds).
    pub fn verify(&self, token: &str, now: i64) -> Result<FileClaim, ClaimError> {
        let token = token.trim();
        if token.len() > CLAIM_MAX_LEN {
            return Err(ClaimError::Malformed);
        }
        let (payload, signature) = token.split_once('.').ok_or(ClaimError::Malformed)?;
        let signature = hex::decode(signature).map_err(|_| ClaimError::Malformed)?;
        self.mac(payload)
            .verify_slice(&signature)
            .map_err(|_| ClaimError::BadSignature)?;
        let json = URL_SAFE_NO_PAD
            .decode(payload)
            .map_err(|_| ClaimError::Malformed)?;
        let claim: FileClaim = serde_json::from_slice(&json).map_err(|_| ClaimError::Malformed)?;
        if claim.expires < now {
            return Err(ClaimError::Expired);
        }
        Ok(claim)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claim() -> FileClaim {
        FileClaim {
            key: "ModelFiles/2026/11/abc.step".into(),
            name: "支架.step".into(),
            size: 1234,
            owner: 7,
            expires: 1_000,
        }
    }

    #[test]
    fn a_signed_claim_verifies_until_it_expires() {
        let claims = FileClaims::new(b"secret");
        let token = claims.sign(&claim());
        assert_eq!(claims.verify(&token, 999), Ok(claim()));
        assert_eq!(claims.verify(&token, 1_000), Ok(claim()));
        assert_eq!(claims.verify(&token, 1_001), Err(ClaimError::Expired));
    }

    #[test]
    fn tampered_foreign_and_malformed_claims_are_refused() {
        let claims = FileClaims::new(b"secret");
        let token = claims.sign(&claim());
        // Another secret (another deployment) signs differently.
        assert_eq!(
            FileClaims::new(b"other").verify(&token, 0),
            Err(ClaimError::BadSignature)
        );
        // Another owner in the payload, with the old signature.
        let (_, signature) = token.split_once('.').unwrap_or_default();
        let mut forged = claim();
        forged.owner = 8;
        let payload = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&forged).unwrap_or_default());
        assert_eq!(
            claims.verify(&format!("{payload}.{signature}"), 0),
            Err(ClaimError::BadSignature)
        );
        for garbage in ["", "abc", "abc.zz", &"a".repeat(CLAIM_MAX_LEN + 1)] {
            assert_eq!(claims.verify(garbage, 0), Err(ClaimError::Malformed));
        }
    }

    #[test]
    fn a_claim_key_is_not_the_content_secret() {
        // A content URL's signature (keyed by the secret itself) cannot pass as a claim.
        let claims = FileClaims::new(b"secret");
        let payload = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&claim()).unwrap_or_default());
        let signed_with_secret = hex::encode(
            hmac(b"secret")
                .chain_update(&payload)
                .finalize()
                .into_bytes(),
        );
        assert_eq!(
            claims.verify(&format!("{payload}.{signed_with_secret}"), 0),
            Err(ClaimError::BadSignature)
        );
    }

    #[tokio::test]
    async fn services_opening_at_once_agree_on_one_secret() -> anyhow::Result<()> {
        let dir = tempfile::tempdir()?;
        let settings = FilesSettings::default();
        let opened = open_eight_at_once(&settings, dir.path()).await?;
        assert!(opened.windows(2).all(|pair| pair[0] == pair[1]));
        assert_eq!(content_secret(&settings, dir.path()).await?, opened[0]);
        Ok(())
    }

    async fn open_eight_at_once(
        settings: &FilesSettings,
        dir: &Path,
    ) -> anyhow::Result<Vec<Vec<u8>>> {
        let mut tasks = Vec::new();
        for _ in 0..8 {
            let settings = settings.clone();
            let dir = dir.to_path_buf();
            tasks.push(tokio::spawn(async move {
                content_secret(&settings, &dir).await
            }));
        }
        let mut secrets = Vec::new();
        for task in tasks {
            secrets.push(task.await??);
        }
        Ok(secrets)
    }
}
