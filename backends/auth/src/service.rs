use std::{sync::Arc, time::Duration};

use futures_util::future::BoxFuture;
use kernel::ServiceContext;

use crate::{Authenticator, Introspection, Principal, TokenSource};

/// The token check of a service that cannot reach the system service: every token is refused
/// (its protected routes answer 401), and a warning at start says why.
pub struct NoTokenSource;

impl TokenSource for NoTokenSource {
    fn resolve<'a>(&'a self, _: &'a str) -> BoxFuture<'a, anyhow::Result<Option<Principal>>> {
        Box::pin(async { Ok(None) })
    }
}

/// The authenticator of a service other than the system service:
/// - in the same application as the system service (the all-in-one portal): the system's own
///   authenticator, which it offers through [`kernel::Peers`] (one cache, so a revocation is
///   seen at once);
/// - deployed apart: introspection at `accounts.system_url`, with the shared cache;
/// - neither: [`NoTokenSource`] (every token refused).
pub fn service_authenticator(context: &ServiceContext) -> anyhow::Result<Arc<Authenticator>> {
    if let Some(authenticator) = context.peers.get::<Authenticator>() {
        return Ok(authenticator);
    }
    let local_ttl = Duration::from_millis(context.settings.accounts.token_local_cache_ms);
    let source: Arc<dyn TokenSource> = match &context.settings.accounts.system_url {
        Some(system_url) => Arc::new(Introspection::new(system_url)?),
        None => {
            tracing::warn!(
                service = context.name,
                "no system service in this process and no accounts.system_url: every token is refused"
            );
            Arc::new(NoTokenSource)
        }
    };
    let authenticator = Arc::new(Authenticator::new(
        source,
        Some(context.shared_cache.clone()),
        local_ttl,
    ));
    authenticator.follow_revocations();
    Ok(authenticator)
}
