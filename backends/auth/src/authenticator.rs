use std::{sync::Arc, time::Duration};

use futures_util::future::BoxFuture;
use kernel::Cache;

use crate::{token, Principal};

/// Where a token the caches do not know is finally checked.
pub trait TokenSource: Send + Sync + 'static {
    /// The principal of a live (issued, not revoked, not expired) access token.
    fn resolve<'a>(&'a self, token: &'a str) -> BoxFuture<'a, anyhow::Result<Option<Principal>>>;
}

/// Longest time the shared cache keeps a principal: bounds how long a permission change, or
/// a revocation racing with a concurrent look-up, can go unnoticed.
const SHARED_TTL_CAP: Duration = Duration::from_secs(60);

/// The pub/sub channel of revoked token digests (in the token cache's namespace).
const REVOCATIONS: &str = "revoked";

/// Milliseconds since the epoch; injectable so a test can move time instead of sleeping.
pub type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

/// A principal in the in-process cache, with when it was cached.
#[derive(Clone)]
struct LocalEntry {
    principal: Arc<Principal>,
    cached_at: i64,
}

/// Token validation: in-process cache → shared cache → [`TokenSource`].
pub struct Authenticator {
    /// moka's own TTL frees the memory; `local_ttl` is checked again against `clock` on
    /// every read, so the bound holds on the injected clock too.
    local: moka::future::Cache<String, LocalEntry>,
    local_ttl: i64,
    clock: Clock,
    shared: Option<Cache>,
    source: Arc<dyn TokenSource>,
    /// Revoked digests the shared cache could not drop (Redis down): dropped as soon as it
    /// answers again, before anything is read from it.
    unforgotten: std::sync::Mutex<Vec<String>>,
}

fn now_millis() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

impl Authenticator {
    /// `local_ttl` bounds how long this process trusts a token without looking again (keep it
    /// under a second: it is how late this process may notice another's revocation).
    pub fn new(source: Arc<dyn TokenSource>, shared: Option<Cache>, local_ttl: Duration) -> Self {
        Self::with_clock(source, shared, local_ttl, Arc::new(now_millis))
    }

    /// [`Authenticator::new`] reading the time from `clock` (token expiry and the local TTL).
    pub fn with_clock(
        source: Arc<dyn TokenSource>,
        shared: Option<Cache>,
        local_ttl: Duration,
        clock: Clock,
    ) -> Self {
        Self {
            local: moka::future::Cache::builder()
                .max_capacity(100_000)
                .time_to_live(local_ttl)
                .build(),
            local_ttl: i64::try_from(local_ttl.as_millis()).unwrap_or(i64::MAX),
            clock,
            // Strict: with Redis down, token checks go to the source, never to a per-process
            // copy another process's revocation could not reach.
            shared: shared.map(|cache| cache.scoped("token").strict()),
            source,
            unforgotten: std::sync::Mutex::new(Vec::new()),
        }
    }

    /// The principal of a live token, or `None` (unknown, revoked, expired, malformed).
    pub async fn authenticate(&self, token: &str) -> anyhow::Result<Option<Arc<Principal>>> {
        if !token::is_well_formed(token) {
            return Ok(None);
        }
        let digest = token::digest(token);
        let now = (self.clock)();
        if let Some(entry) = self.local.get(&digest).await {
            if entry.principal.expires_at > now && now - entry.cached_at < self.local_ttl {
                return Ok(Some(entry.principal));
            }
        }
        if let Some(shared) = &self.shared {
            if let Err(error) = self.drop_unforgotten(shared).await {
                tracing::warn!(error = %format!("{error:#}"), "token cache still failing");
                return self.resolve(token, &digest).await;
            }
            match shared.get(&digest).await {
                Ok(Some(json)) => {
                    if let Ok(principal) = serde_json::from_str::<Principal>(&json) {
                        if principal.expires_at > now {
                            let principal = Arc::new(principal);
                            self.remember_locally(digest, principal.clone(), now).await;
                            return Ok(Some(principal));
                        }
                    }
                }
                Ok(None) => {}
                // The shared cache is an optimisation: a failing Redis falls back to the source.
                Err(error) => {
                    tracing::warn!(error = %format!("{error:#}"), "token cache read failed")
                }
            }
        }
        self.resolve(token, &digest).await
    }

    async fn resolve(&self, token: &str, digest: &str) -> anyhow::Result<Option<Arc<Principal>>> {
        match self.source.resolve(token).await? {
            Some(principal) => Ok(Some(self.remember(digest, principal).await)),
            None => Ok(None),
        }
    }

    fn take_unforgotten(&self) -> Vec<String> {
        match self.unforgotten.lock() {
            Ok(mut pending) => std::mem::take(&mut *pending),
            Err(poisoned) => std::mem::take(&mut *poisoned.into_inner()),
        }
    }

    fn keep_unforgotten(&self, digests: impl IntoIterator<Item = String>) {
        let mut pending = match self.unforgotten.lock() {
            Ok(pending) => pending,
            Err(poisoned) => poisoned.into_inner(),
        };
        pending.extend(digests);
    }

    /// Drops the revocations the shared cache missed; keeps what still fails.
    async fn drop_unforgotten(&self, shared: &Cache) -> anyhow::Result<()> {
        let pending = self.take_unforgotten();
        for (index, digest) in pending.iter().enumerate() {
            if let Err(error) = shared.delete(digest).await {
                self.keep_unforgotten(pending[index..].iter().cloned());
                return Err(error);
            }
        }
        Ok(())
    }

    /// Caches a principal under its token digest (also called when a token is issued).
    pub async fn remember(&self, digest: &str, principal: Principal) -> Arc<Principal> {
        let now = (self.clock)();
        let remaining = u64::try_from(principal.expires_at - now).unwrap_or(0);
        let ttl = Duration::from_millis(remaining).min(SHARED_TTL_CAP);
        if let (Some(shared), false) = (&self.shared, ttl.is_zero()) {
            match serde_json::to_string(&principal) {
                Ok(json) => {
                    if let Err(error) = shared.set(digest, &json, ttl).await {
                        tracing::warn!(error = %format!("{error:#}"), "token cache write failed");
                    }
                }
                Err(error) => tracing::warn!(%error, "token cache entry not serialisable"),
            }
        }
        let principal = Arc::new(principal);
        self.remember_locally(digest.to_owned(), principal.clone(), now)
            .await;
        principal
    }

    async fn remember_locally(&self, digest: String, principal: Arc<Principal>, now: i64) {
        let entry = LocalEntry {
            principal,
            cached_at: now,
        };
        self.local.insert(digest, entry).await;
    }

    /// Lets every process's in-process cache drop a token revoked anywhere, as soon as the
    /// revocation is published (Redis pub/sub); without Redis the local TTL bounds the delay.
    /// The task lives as long as the runtime; it holds only a weak reference.
    pub fn follow_revocations(self: &Arc<Self>) {
        let Some(shared) = &self.shared else {
            return;
        };
        let authenticator = Arc::downgrade(self);
        let follower = shared.follow(REVOCATIONS, move |digest| {
            let authenticator = authenticator.upgrade();
            async move {
                if let Some(authenticator) = authenticator {
                    authenticator.local.invalidate(&digest).await;
                }
            }
        });
        if follower.is_some() {
            tracing::debug!("following token revocations");
        }
    }

    /// Drops revoked tokens from both caches; other processes' in-process caches let them go
    /// within their (sub-second) TTL.
    ///
    /// The database already holds the revocation; a shared cache that fails (Redis down) does
    /// not fail the logout: the digests are dropped from it once it answers again, and until
    /// then this process does not read from it.
    pub async fn forget(&self, digests: &[String]) -> anyhow::Result<()> {
        for digest in digests {
            self.local.invalidate(digest).await;
            if let Some(shared) = &self.shared {
                if let Err(error) = shared.delete(digest).await {
                    tracing::warn!(error = %format!("{error:#}"), "token cache: revocation kept for later");
                    self.keep_unforgotten([digest.clone()]);
                }
                if let Err(error) = shared.publish(REVOCATIONS, digest).await {
                    tracing::warn!(error = %format!("{error:#}"), "revocation not published: other processes drop it within their local TTL");
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    /// A source that knows one token and counts how often it is asked.
    struct OneToken {
        token: String,
        lookups: AtomicUsize,
    }

    impl TokenSource for OneToken {
        fn resolve<'a>(
            &'a self,
            token: &'a str,
        ) -> BoxFuture<'a, anyhow::Result<Option<Principal>>> {
            self.lookups.fetch_add(1, Ordering::SeqCst);
            let known = token == self.token;
            Box::pin(async move {
                Ok(known.then(|| Principal {
                    user_id: 7,
                    org_id: 0,
                    roles: vec!["member".into()],
                    permissions: vec![],
                    expires_at: now_millis() + 60_000,
                    api_key: None,
                }))
            })
        }
    }

    #[tokio::test]
    async fn caches_answers_and_forgets_revoked_tokens() -> anyhow::Result<()> {
        let token = token::new_token()?;
        let source = Arc::new(OneToken {
            token: token.clone(),
            lookups: AtomicUsize::new(0),
        });
        let shared = Cache::in_memory("test:", 100);
        let authenticator =
            Authenticator::new(source.clone(), Some(shared.clone()), Duration::from_secs(5));
        assert_eq!(
            authenticator.authenticate(&token).await?.map(|p| p.user_id),
            Some(7)
        );
        assert_eq!(
            authenticator.authenticate(&token).await?.map(|p| p.user_id),
            Some(7)
        );
        assert_eq!(
            source.lookups.load(Ordering::SeqCst),
            1,
            "second check is a cache hit"
        );

        // Another process sharing the cache finds it there without asking the source.
        let other = Authenticator::new(source.clone(), Some(shared), Duration::from_secs(5));
        assert!(other.authenticate(&token).await?.is_some());
        assert_eq!(source.lookups.load(Ordering::SeqCst), 1);

        authenticator.forget(&[token::digest(&token)]).await?;
        assert!(authenticator.authenticate(&token).await?.is_some());
        assert_eq!(
            source.lookups.load(Ordering::SeqCst),
            2,
            "forgotten: asked again"
        );

        assert!(authenticator.authenticate("not-a-token").await?.is_none());
        assert!(authenticator
            .authenticate(&token::new_token()?)
            .await?
            .is_none());
        Ok(())
    }

    /// A source whose one token can be revoked (as another process without Redis would).
    struct RevocableToken {
        token: String,
        revoked: std::sync::atomic::AtomicBool,
        expires_at: i64,
        lookups: AtomicUsize,
    }

    impl TokenSource for RevocableToken {
        fn resolve<'a>(
            &'a self,
            token: &'a str,
        ) -> BoxFuture<'a, anyhow::Result<Option<Principal>>> {
            self.lookups.fetch_add(1, Ordering::SeqCst);
            let live = token == self.token && !self.revoked.load(Ordering::SeqCst);
            let expires_at = self.expires_at;
            Box::pin(async move {
                Ok(live.then(|| Principal {
                    user_id: 7,
                    org_id: 0,
                    roles: vec![],
                    permissions: vec![],
                    expires_at,
                    api_key: None,
                }))
            })
        }
    }

    /// A clock the test moves by hand.
    fn manual_clock(start: i64) -> (Arc<std::sync::atomic::AtomicI64>, Clock) {
        let now = Arc::new(std::sync::atomic::AtomicI64::new(start));
        let reading = now.clone();
        (now, Arc::new(move || reading.load(Ordering::SeqCst)))
    }

    #[tokio::test]
    async fn without_a_published_revocation_the_local_ttl_bounds_the_delay() -> anyhow::Result<()> {
        let start = now_millis();
        let token = token::new_token()?;
        let source = Arc::new(RevocableToken {
            token: token.clone(),
            revoked: std::sync::atomic::AtomicBool::new(false),
            expires_at: start + 3_600_000,
            lookups: AtomicUsize::new(0),
        });
        let (now, clock) = manual_clock(start);
        // A minute of local trust (moka's own expiry, on the real clock, never comes into play
        // in a test this short); the injected clock decides.
        let local_ttl = Duration::from_secs(60);
        let authenticator = Authenticator::with_clock(source.clone(), None, local_ttl, clock);
        assert!(authenticator.authenticate(&token).await?.is_some());
        assert_eq!(source.lookups.load(Ordering::SeqCst), 1);

        // Revoked elsewhere, nothing published: this process keeps trusting its copy…
        source.revoked.store(true, Ordering::SeqCst);
        now.store(start + 59_999, Ordering::SeqCst);
        assert!(authenticator.authenticate(&token).await?.is_some());
        assert_eq!(source.lookups.load(Ordering::SeqCst), 1, "a local hit");

        // …until the local TTL has passed: then it asks again and refuses.
        now.store(start + 60_000, Ordering::SeqCst);
        assert!(authenticator.authenticate(&token).await?.is_none());
        assert_eq!(source.lookups.load(Ordering::SeqCst), 2);
        Ok(())
    }

    #[tokio::test]
    async fn a_cached_token_is_refused_once_it_expires() -> anyhow::Result<()> {
        let start = now_millis();
        let token = token::new_token()?;
        let source = Arc::new(RevocableToken {
            token: token.clone(),
            revoked: std::sync::atomic::AtomicBool::new(false),
            expires_at: start + 1_000,
            lookups: AtomicUsize::new(0),
        });
        let (now, clock) = manual_clock(start);
        let shared = Cache::in_memory("test:", 100);
        let authenticator =
            Authenticator::with_clock(source.clone(), Some(shared), Duration::from_secs(60), clock);
        assert!(authenticator.authenticate(&token).await?.is_some());
        now.store(start + 999, Ordering::SeqCst);
        assert!(authenticator.authenticate(&token).await?.is_some());
        assert_eq!(source.lookups.load(Ordering::SeqCst), 1);
        // Expired on the clock: neither cache answers it; the source is asked (and, as the
        // token store would, this one still knows it: the expiry check is the caches').
        now.store(start + 1_000, Ordering::SeqCst);
        authenticator.authenticate(&token).await?;
        assert_eq!(
            source.lookups.load(Ordering::SeqCst),
            2,
            "asked the source again"
        );
        Ok(())
    }
}
