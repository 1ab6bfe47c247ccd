//! argon2id password hashing (PHC strings), off the async workers.

use std::sync::Arc;

use anyhow::Context;
use argon2::{
    password_hash::{phc::PasswordHash, PasswordHasher as _, PasswordVerifier as _},
    Algorithm, Argon2, Params, Version,
};
use kernel::config::PasswordHashSettings;
use tokio::sync::OnceCell;

#[derive(Clone)]
pub struct PasswordHasher {
    params: Params,
    /// A hash of a random password, verified against when the user does not exist so that an
    /// unknown account costs as much time as a wrong password.
    decoy: Arc<OnceCell<String>>,
}

impl PasswordHasher {
    pub fn new(settings: &PasswordHashSettings) -> anyhow::Result<Self> {
        let params = Params::new(
            settings.memory_kib,
            settings.iterations,
            settings.parallelism,
            None,
        )
        .map_err(|error| anyhow::anyhow!("invalid argon2 parameters: {error}"))?;
        Ok(Self {
            params,
            decoy: Arc::new(OnceCell::new()),
        })
    }

    fn argon2(params: Params) -> Argon2<'static> {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
    }

    /// A PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`) with a random salt.
    pub async fn hash(&self, password: &str) -> anyhow::Result<String> {
        let params = self.params.clone();
        let password = password.to_owned();
        tokio::task::spawn_blocking(move || {
            Self::argon2(params)
                .hash_password(password.as_bytes())
                .map(|hash| hash.to_string())
                .map_err(|error| anyhow::anyhow!("hashing the password: {error}"))
        })
        .await
        .context("password hashing task")?
    }

    /// Whether the password matches the stored PHC string (its own parameters apply).
    pub async fn verify(&self, password: &str, phc: &str) -> anyhow::Result<bool> {
        let password = password.to_owned();
        let phc = phc.to_owned();
        tokio::task::spawn_blocking(move || {
            let parsed = PasswordHash::new(&phc)
                .map_err(|error| anyhow::anyhow!("stored password hash unreadable: {error}"))?;
            Ok(Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok())
        })
        .await
        .context("password verification task")?
    }

    /// Spends the time of one verification without any account (unknown user).
    pub async fn verify_decoy(&self, password: &str) -> anyhow::Result<()> {
        let decoy = self
            .decoy
            .get_or_try_init(|| async { self.hash(&auth::token::new_token()?).await })
            .await?;
        self.verify(password, decoy).await.map(drop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_verify_and_carry_their_parameters() -> anyhow::Result<()> {
        let hasher = PasswordHasher::new(&PasswordHashSettings {
            memory_kib: 1024,
            iterations: 1,
            parallelism: 1,
        })?;
        let hash = hasher.hash("Abcdef12!").await?;
        assert!(hash.starts_with("$argon2id$v=19$m=1024,t=1,p=1$"), "{hash}");
        assert!(hasher.verify("Abcdef12!", &hash).await?);
        assert!(!hasher.verify("Abcdef12?", &hash).await?);
        assert_ne!(hasher.hash("Abcdef12!").await?, hash, "salted");
        hasher.verify_decoy("anything").await?;
        Ok(())
    }
}
