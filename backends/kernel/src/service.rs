//! What a service (system, part, component, mat) provides to an [`crate::Application`].

use std::{
    any::{Any, TypeId},
    collections::HashMap,
    sync::{Arc, RwLock},
};

use actix_web::web;
use futures_util::future::BoxFuture;

use crate::{db::DatabaseLocation, Cache, Database, ErrorCode, Migrations, Settings};

/// One backend service. The same definition runs alone (its own binary) or together with the
/// others in the all-in-one `portal`.
pub trait Service: Send + Sync + 'static {
    /// Short name: database (`<data_dir>/<name>.db`), cache namespace, docs URL.
    fn name(&self) -> &'static str;
    fn migrations(&self) -> Migrations;
    /// The service's own error codes (the global codes live in `kernel::error::global`).
    fn error_codes(&self) -> &'static [ErrorCode];
    fn openapi(&self) -> utoipa::openapi::OpenApi;
    /// Registers the service's routes (with their state) on the application.
    fn configure(&self, context: &ServiceContext, cfg: &mut web::ServiceConfig);
    /// Loads the service's seed data on first start (must be idempotent).
    fn seed<'a>(&'a self, context: &'a ServiceContext) -> BoxFuture<'a, anyhow::Result<()>>;
}

/// The resources of one running service.
#[derive(Clone)]
pub struct ServiceContext {
    pub name: &'static str,
    pub db: Database,
    pub cache: Cache,
    /// The cache namespace every service shares (`<prefix>shared:`): what one service writes
    /// for the others to read, e.g. the token cache the system service keeps and revokes.
    pub shared_cache: Cache,
    pub settings: Arc<Settings>,
    /// What the services of one application offer each other in-process (e.g. the system
    /// service's token check, which the library services of the all-in-one portal use).
    pub peers: Peers,
}

/// A type-keyed map shared by the services of one [`crate::Application`]: a service offers
/// a value while it opens (`seed`), the others take it when they configure their routes
/// (every service is opened before any is configured).
#[derive(Clone, Default)]
pub struct Peers(Arc<RwLock<HashMap<TypeId, Arc<dyn Any + Send + Sync>>>>);

impl Peers {
    /// Offers `value` to the other services (replacing an earlier offer of the same type).
    pub fn offer<T: Send + Sync + 'static>(&self, value: Arc<T>) {
        if let Ok(mut map) = self.0.write() {
            map.insert(TypeId::of::<T>(), value);
        }
    }

    /// The value of type `T` another service offered, if any.
    pub fn get<T: Send + Sync + 'static>(&self) -> Option<Arc<T>> {
        let map = self.0.read().ok()?;
        map.get(&TypeId::of::<T>())
            .cloned()
            .and_then(|value| value.downcast::<T>().ok())
    }
}

impl ServiceContext {
    /// Connects the service's own database, migrates it and seeds it.
    pub async fn open(
        service: &dyn Service,
        settings: Arc<Settings>,
        cache: &Cache,
    ) -> anyhow::Result<Self> {
        Self::open_among(service, settings, cache, &Peers::default()).await
    }

    /// [`Self::open`] for one of several services of an application sharing `peers`.
    pub async fn open_among(
        service: &dyn Service,
        settings: Arc<Settings>,
        cache: &Cache,
        peers: &Peers,
    ) -> anyhow::Result<Self> {
        let mut context = Self::connect(service, settings, cache).await?;
        context.peers = peers.clone();
        service.seed(&context).await?;
        tracing::info!(service = context.name, backend = ?context.db.backend(), "service ready");
        Ok(context)
    }

    /// Connects and migrates the service's own database without seeding (for importers).
    pub async fn connect(
        service: &dyn Service,
        settings: Arc<Settings>,
        cache: &Cache,
    ) -> anyhow::Result<Self> {
        let name = service.name();
        let location = DatabaseLocation::resolve(&settings, name)?;
        let db = Database::connect(&location, settings.database_max_connections).await?;
        db.migrate(&service.migrations()).await?;
        Ok(Self {
            name,
            db,
            cache: cache.scoped(name),
            shared_cache: cache.scoped("shared"),
            settings,
            peers: Peers::default(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peers_hand_out_what_was_offered_by_type() {
        let peers = Peers::default();
        assert!(peers.get::<String>().is_none());
        peers.offer(Arc::new("system".to_owned()));
        let seen_by_another = peers.clone();
        assert_eq!(
            seen_by_another
                .get::<String>()
                .as_deref()
                .map(String::as_str),
            Some("system")
        );
        assert!(seen_by_another.get::<u32>().is_none());
    }
}
