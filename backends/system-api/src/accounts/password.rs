//! argon2id password hashing (PHC strings), off the async workers, on a bounded pool.
//!
//! Each hash holds `memory_kib` (19 MiB by default) while it runs. Unbounded, a burst of logins
//! grew the process by gigabytes (one blocking thread and one buffer per request), so the hashes
//! run on `max_concurrent` threads of their own, at most `max_queued` wait, and the rest are
//! refused at once with "busy, retry" ([`kernel::error::Overloaded`] → 503 with Retry-After):
//! a [`kernel::WorkerPool`], the machinery the search pool shares.
//! Fixed threads matter, not only a bounded count: the allocator keeps a freed 19 MiB buffer in
//! the arena of the thread that used it, so hashes spread over tokio's many blocking threads
//! left hundreds of megabytes resident after a burst (measured: 206 → 841 MB, scripts/memory.sh).

use std::sync::Arc;

use argon2::{
    password_hash::{phc::PasswordHash, PasswordHasher as _, PasswordVerifier as _},
    Algorithm, Argon2, Params, Version,
};
use kernel::{config::PasswordHashSettings, WorkerPool};
use tokio::sync::OnceCell;

#[derive(Clone)]
pub struct PasswordHasher {
    params: Params,
    /// A hash of a random password, verified against when the user does not exist so that an
    /// unknown account costs as much time as a wrong password.
    decoy: Arc<OnceCell<String>>,
    /// The hashing threads and their bounded queue (`kernel::WorkerPool`).
    pool: WorkerPool,
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
            pool: WorkerPool::new(
                "password hashing",
                "argon2",
                settings.max_concurrent,
                settings.max_queued,
            )?,
        })
    }

    /// Runs `work` on a hashing thread once one is free; refuses at once when the queue is full.
    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> anyhow::Result<T> + Send + 'static,
    ) -> anyhow::Result<T> {
        self.pool.run(work).await?
    }

    fn argon2(params: Params) -> Argon2<'static> {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
    }

    /// A PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`) with a random salt.
    pub async fn hash(&self, password: &str) -> anyhow::Result<String> {
        let params = self.params.clone();
        let password = password.to_owned();
        self.run(move || {
            Self::argon2(params)
                .hash_password(password.as_bytes())
                .map(|hash| hash.to_string())
                .map_err(|error| anyhow::anyhow!("hashing the password: {error}"))
        })
        .await
    }

    /// Whether the password matches the stored PHC string (its own parameters apply).
    pub async fn verify(&self, password: &str, phc: &str) -> anyhow::Result<bool> {
        let password = password.to_owned();
        let phc = phc.to_owned();
        self.run(move || {
            let parsed = PasswordHash::new(&phc)
                .map_err(|error| anyhow::anyhow!("stored password hash unreadable: {error}"))?;
            Ok(Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok())
        })
        .await
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
    use kernel::error::Overloaded;

    #[tokio::test]
    async fn hashes_verify_and_carry_their_parameters() -> anyhow::Result<()> {
        let hasher = PasswordHasher::new(&PasswordHashSettings {
            memory_kib: 1024,
            iterations: 1,
            parallelism: 1,
            ..PasswordHashSettings::default()
        })?;
        let hash = hasher.hash("Abcdef12!").await?;
        assert!(hash.starts_with("$argon2id$v=19$m=1024,t=1,p=1$"), "{hash}");
        assert!(hasher.verify("Abcdef12!", &hash).await?);
        assert!(!hasher.verify("Abcdef12?", &hash).await?);
        assert_ne!(hasher.hash("Abcdef12!").await?, hash, "salted");
        hasher.verify_decoy("anything").await?;
        Ok(())
    }

    /// A burst larger than workers + queue: exactly workers + queue hashes are admitted (the
    /// burst arrives while all of them still run), the rest are refused as busy at once.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_burst_beyond_the_queue_is_refused_as_busy() -> anyhow::Result<()> {
        let hasher = PasswordHasher::new(&PasswordHashSettings {
            // join_all polls (and so admits) the whole burst before any hash can end.
            memory_kib: 4 * 1024,
            iterations: 10,
            parallelism: 1,
            max_concurrent: 2,
            max_queued: 3,
        })?;
        let burst = (0..100).map(|_| hasher.hash("Abcdef12!"));
        let answers = futures_util::future::join_all(burst).await;
        let busy = answers
            .iter()
            .filter(|answer| {
                answer
                    .as_ref()
                    .err()
                    .is_some_and(|error| error.downcast_ref::<Overloaded>().is_some())
            })
            .count();
        let hashed = answers.iter().filter(|answer| answer.is_ok()).count();
        assert_eq!((hashed, busy), (5, 95));
        // Once the burst has drained, the pool admits again.
        assert!(
            hasher
                .verify(
                    "Abcdef12!",
                    answers[0].as_ref().map_err(|e| anyhow::anyhow!("{e}"))?
                )
                .await?
        );
        Ok(())
    }
}
