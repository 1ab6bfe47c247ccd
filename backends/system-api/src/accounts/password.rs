//! argon2id password hashing (PHC strings), off the async workers, on a bounded pool.
//!
//! Each hash holds `memory_kib` (19 MiB by default) while it runs. Unbounded, a burst of logins
//! grew the process by gigabytes (one blocking thread and one buffer per request), so the hashes
//! run on `max_concurrent` threads of their own, at most `max_queued` wait, and the rest are
//! refused at once with "busy, retry" ([`kernel::error::Overloaded`] → 503 with Retry-After):
//! a [`kernel::WorkerPool`], the machinery the search pool shares.
//!
//! Each hashing thread keeps one working memory and reuses it for every hash it runs, instead of
//! allocating 19 MiB per hash. Allocated and freed per hash, glibc kept the freed buffers in its
//! per-thread arenas (after the first free it raises its mmap threshold above 19 MiB, so later
//! buffers come from the arenas and stay resident): ~200 MB above idle after a login burst,
//! scripts/memory.sh. Reused, the resident cost is bounded by `max_concurrent` × `memory_kib`.

use std::{cell::RefCell, sync::Arc};

use argon2::{
    password_hash::phc::{Output, ParamsString, PasswordHash, Salt},
    Algorithm, Argon2, Block, Params, Version,
};
use kernel::{config::PasswordHashSettings, WorkerPool};
use tokio::sync::OnceCell;

thread_local! {
    /// This hashing thread's argon2 working memory, grown to the largest hash it has run.
    static WORKING_MEMORY: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
}

fn unreadable(error: impl std::fmt::Display) -> anyhow::Error {
    anyhow::anyhow!("stored password hash unreadable: {error}")
}

/// Runs argon2 into `out` with this thread's reused working memory.
fn hash_into(
    argon2: &Argon2<'_>,
    password: &[u8],
    salt: &[u8],
    out: &mut [u8],
) -> anyhow::Result<()> {
    WORKING_MEMORY.with_borrow_mut(|memory| {
        let blocks = argon2.params().block_count();
        if memory.len() < blocks {
            memory.resize(blocks, Block::default());
        }
        argon2
            .hash_password_into_with_memory(password, salt, out, &mut memory[..blocks])
            .map_err(|error| anyhow::anyhow!("argon2: {error}"))
    })
}

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
            let salt = Salt::generate();
            let mut out = vec![0u8; params.output_len().unwrap_or(Params::DEFAULT_OUTPUT_LEN)];
            let argon2 = Self::argon2(params.clone());
            hash_into(&argon2, password.as_bytes(), salt.as_ref(), &mut out)?;
            let phc = PasswordHash {
                algorithm: Algorithm::Argon2id.ident(),
                version: Some(Version::V0x13.into()),
                params: ParamsString::try_from(&params)
                    .map_err(|error| anyhow::anyhow!("argon2 parameters: {error}"))?,
                salt: Some(salt),
                hash: Some(
                    Output::new(&out).map_err(|error| anyhow::anyhow!("argon2 output: {error}"))?,
                ),
            };
            Ok(phc.to_string())
        })
        .await
    }

    /// Whether the password matches the stored PHC string (its own algorithm, version and
    /// parameters apply; the comparison is constant-time, `Output`'s equality).
    pub async fn verify(&self, password: &str, phc: &str) -> anyhow::Result<bool> {
        let password = password.to_owned();
        let phc = phc.to_owned();
        self.run(move || {
            let stored = PasswordHash::new(&phc).map_err(unreadable)?;
            let algorithm = Algorithm::try_from(stored.algorithm.as_str()).map_err(unreadable)?;
            let version = match stored.version {
                Some(version) => Version::try_from(version).map_err(unreadable)?,
                None => Version::default(),
            };
            let params = Params::try_from(&stored).map_err(unreadable)?;
            let (Some(salt), Some(expected)) = (stored.salt, stored.hash) else {
                anyhow::bail!("stored password hash unreadable: no salt or no hash");
            };
            let mut out = vec![0u8; expected.len()];
            hash_into(
                &Argon2::new(algorithm, version, params),
                password.as_bytes(),
                salt.as_ref(),
                &mut out,
            )?;
            let computed = Output::new(&out).map_err(unreadable)?;
            Ok(computed == expected)
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

    /// Hashes stored before the working memory was reused (argon2's own hasher, other
    /// parameters) still verify, and argon2's own verifier accepts ours: same PHC strings.
    #[tokio::test]
    async fn reused_memory_hashes_match_argon2s_own() -> anyhow::Result<()> {
        use argon2::password_hash::{PasswordHasher as _, PasswordVerifier as _};
        let hasher = PasswordHasher::new(&PasswordHashSettings {
            memory_kib: 2048,
            iterations: 1,
            parallelism: 1,
            ..PasswordHashSettings::default()
        })?;
        // Larger, then smaller, then larger working memory on the same thread.
        for memory_kib in [4096, 1024, 2048] {
            let theirs = Argon2::new(
                Algorithm::Argon2id,
                Version::V0x13,
                Params::new(memory_kib, 2, 1, None).map_err(|e| anyhow::anyhow!("{e}"))?,
            )
            .hash_password(b"Abcdef12!")
            .map_err(|e| anyhow::anyhow!("{e}"))?
            .to_string();
            assert!(hasher.verify("Abcdef12!", &theirs).await?, "{theirs}");
            assert!(!hasher.verify("Abcdef12?", &theirs).await?, "{theirs}");
        }
        let ours = hasher.hash("Abcdef12!").await?;
        let parsed = PasswordHash::new(&ours).map_err(|e| anyhow::anyhow!("{e}"))?;
        assert!(Argon2::default()
            .verify_password(b"Abcdef12!", &parsed)
            .is_ok());
        assert!(Argon2::default()
            .verify_password(b"Abcdef12?", &parsed)
            .is_err());
        assert!(hasher
            .verify("Abcdef12!", "$argon2id$v=19$m=1024,t=1,p=1$bm9oYXNo")
            .await
            .is_err());
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
