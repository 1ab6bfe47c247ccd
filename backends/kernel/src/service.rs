//! What a service (system, part, component, mat) provides to an [`crate::Application`].

use std::sync::Arc;

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
}

impl ServiceContext {
    /// Connects the service's own database, migrates it and seeds it.
    pub async fn open(
        service: &dyn Service,
        settings: Arc<Settings>,
        cache: &Cache,
    ) -> anyhow::Result<Self> {
        let context = Self::connect(service, settings, cache).await?;
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
        })
    }
}
