//! Whether an organisation is active — a real organisation, not the platform or the blocked
//! placeholder, and not disabled by an operator — for services other than the system service
//! (which owns the organisations). The library services ask before they show an organisation's
//! public page (docs/enterprise-library.md), so that disabling an organisation takes its page
//! down on every route, not only in the shell.

use std::{sync::Arc, time::Duration};

use anyhow::Context;
use futures_util::future::BoxFuture;
use kernel::ServiceContext;
use serde::Deserialize;

/// The system service's public organisation route: `{id, name}` of an active organisation,
/// [`ORG_NOT_EXISTS`] otherwise.
pub const PUBLIC_ORG_PATH: &str = "/to/api/base/system/org/get";
/// The code of [`PUBLIC_ORG_PATH`] for an unknown, disabled or reserved organisation.
pub const ORG_NOT_EXISTS: i64 = 1_002_025_000;
/// Submitting items into one's organisation's libraries: granted by a role (`member`) and
/// taken from a member by its organisation's administrators (the system service leaves it out
/// of that member's permissions).
pub const PUBLISH_PERMISSION: &str = "enterprise:item:publish";

/// Where an organisation's state is read.
pub trait OrgSource: Send + Sync + 'static {
    /// Whether organisation `org_id` exists, is a real organisation and is enabled.
    fn is_active(&self, org_id: i64) -> BoxFuture<'_, anyhow::Result<bool>>;
}

/// [`OrgSource`] answers kept for a short while (the library's public page is read by anyone, and
/// a separate deployment asks over HTTP). The system service forgets an organisation the moment
/// it changes ([`Self::forget`]) when it runs in the same process; a separate deployment sees the
/// change within the time-to-live.
pub struct OrgDirectory {
    source: Arc<dyn OrgSource>,
    cache: moka::future::Cache<i64, bool>,
}

impl OrgDirectory {
    pub fn new(source: Arc<dyn OrgSource>, ttl: Duration) -> Self {
        Self {
            source,
            cache: moka::future::Cache::builder()
                .max_capacity(10_000)
                .time_to_live(ttl)
                .build(),
        }
    }

    /// Whether organisation `org_id` is active.
    pub async fn is_active(&self, org_id: i64) -> anyhow::Result<bool> {
        if let Some(active) = self.cache.get(&org_id).await {
            return Ok(active);
        }
        let active = self.source.is_active(org_id).await?;
        self.cache.insert(org_id, active).await;
        Ok(active)
    }

    /// Drops what is known of `org_id`: its next read asks the source.
    pub async fn forget(&self, org_id: i64) {
        self.cache.invalidate(&org_id).await;
    }
}

/// Asks the system service over HTTP ([`PUBLIC_ORG_PATH`]), for a service deployed apart.
pub struct OrgLookup {
    client: reqwest::Client,
    url: String,
}

#[derive(Deserialize)]
struct Envelope {
    code: i64,
    msg: String,
}

impl OrgLookup {
    pub fn new(system_url: &str) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(5))
            .build()
            .context("building the organisation lookup client")?;
        Ok(Self {
            client,
            url: format!("{}{PUBLIC_ORG_PATH}", system_url.trim_end_matches('/')),
        })
    }
}

impl OrgSource for OrgLookup {
    fn is_active(&self, org_id: i64) -> BoxFuture<'_, anyhow::Result<bool>> {
        Box::pin(async move {
            let envelope: Envelope = self
                .client
                .get(&self.url)
                .query(&[("id", org_id)])
                .send()
                .await
                .context("calling the system service's organisation route")?
                .error_for_status()
                .context("the organisation route answered an HTTP error")?
                .json()
                .await
                .context("the organisation route answered no envelope")?;
            match envelope.code {
                0 => Ok(true),
                ORG_NOT_EXISTS => Ok(false),
                code => anyhow::bail!("organisation lookup failed: {code} {}", envelope.msg),
            }
        })
    }
}

/// The source of a service that cannot reach the system service: no organisation is active (its
/// public pages stay empty rather than show what an operator may have taken down).
pub struct NoOrgSource;

impl OrgSource for NoOrgSource {
    fn is_active(&self, _: i64) -> BoxFuture<'_, anyhow::Result<bool>> {
        Box::pin(async { Ok(false) })
    }
}

/// The organisation directory of a service other than the system service, chosen as
/// [`crate::service_authenticator`] chooses the token check: the system's own directory in the
/// same process (one cache, forgotten at each change), else [`OrgLookup`] at
/// `accounts.system_url`, else [`NoOrgSource`].
pub fn service_org_directory(context: &ServiceContext) -> anyhow::Result<Arc<OrgDirectory>> {
    if let Some(directory) = context.peers.get::<OrgDirectory>() {
        return Ok(directory);
    }
    let source: Arc<dyn OrgSource> = match &context.settings.accounts.system_url {
        Some(system_url) => Arc::new(OrgLookup::new(system_url)?),
        None => {
            tracing::warn!(
                service = context.name,
                "no system service in this process and no accounts.system_url: no organisation's public page is shown"
            );
            Arc::new(NoOrgSource)
        }
    };
    Ok(Arc::new(OrgDirectory::new(
        source,
        Duration::from_millis(context.settings.accounts.token_local_cache_ms),
    )))
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    use super::*;

    struct Switch {
        active: AtomicBool,
        lookups: AtomicUsize,
    }

    impl OrgSource for Switch {
        fn is_active(&self, _: i64) -> BoxFuture<'_, anyhow::Result<bool>> {
            self.lookups.fetch_add(1, Ordering::SeqCst);
            let active = self.active.load(Ordering::SeqCst);
            Box::pin(async move { Ok(active) })
        }
    }

    #[tokio::test]
    async fn answers_are_kept_until_forgotten() -> anyhow::Result<()> {
        let source = Arc::new(Switch {
            active: AtomicBool::new(true),
            lookups: AtomicUsize::new(0),
        });
        let directory = OrgDirectory::new(source.clone(), Duration::from_secs(60));
        assert!(directory.is_active(5).await?);
        source.active.store(false, Ordering::SeqCst);
        assert!(directory.is_active(5).await?, "kept within the TTL");
        assert_eq!(source.lookups.load(Ordering::SeqCst), 1);
        directory.forget(5).await;
        assert!(!directory.is_active(5).await?, "asked again once forgotten");
        assert_eq!(source.lookups.load(Ordering::SeqCst), 2);
        Ok(())
    }

    #[tokio::test]
    async fn answers_expire() -> anyhow::Result<()> {
        let source = Arc::new(Switch {
            active: AtomicBool::new(true),
            lookups: AtomicUsize::new(0),
        });
        let directory = OrgDirectory::new(source.clone(), Duration::from_millis(20));
        assert!(directory.is_active(5).await?);
        source.active.store(false, Ordering::SeqCst);
        tokio::time::sleep(Duration::from_millis(60)).await;
        assert!(!directory.is_active(5).await?);
        Ok(())
    }

    #[tokio::test]
    async fn a_service_without_the_system_shows_no_organisation() -> anyhow::Result<()> {
        assert!(!NoOrgSource.is_active(5).await?);
        Ok(())
    }
}
