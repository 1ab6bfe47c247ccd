//! 元器件 (Electronic Components): the component library service.
//!
//! The category routes and tree come from the `catalog` kit; this crate adds the components
//! themselves: the importer of KiCad libraries ([`import`]), their store ([`store`], SQLite and
//! PostgreSQL), and the read API ([`routes`]: detail, drawings, downloads, manufacturers,
//! category listings, comparison, alternatives and the KiCad HTTP library v1).
//! Records live in the library kit's item tables with the extension table `component_kicad`,
//! files in the blob store (`storage`, through `catalog::item::files::ItemFiles`).
//! The search index (backends/search) is the kit's follower (`catalog::search`) over
//! [`store::ComponentRepository::changes_since`] and [`store::ComponentRepository::index_documents`]
//! ([`search_routes`]; the search, suggestion, detail, compare, download, category-item and
//! manufacturer routes are the kit's, [`items`]); operators rebuild it with
//! `POST /to/api/operation/component/search-index/rebuild`.

pub mod import;
pub mod items;
pub mod model;
pub mod recommend;
pub mod routes;
pub mod store;
// The component's side of its search index lives under src/routes/ like the routes, declared here.
#[path = "routes/search/mod.rs"]
pub mod search_routes;

use std::{
    path::PathBuf,
    sync::{Arc, OnceLock},
};

use actix_web::web;
use auth::Authenticator;
use catalog::item::files::ItemFiles;
use catalog::item::import::{seed_once, SeedOutcome};
use catalog::item::import_control::ImportControl;
use catalog::item::import_history::{recorded, ImportOrigin};
use catalog::{store::CategoryRepository, Library, LibraryService, ScopeData};
use futures_util::future::BoxFuture;
use kernel::{error_codes, ErrorCode, Migrations, Service, ServiceContext};

use crate::items::ComponentItems;
use crate::search_routes::ComponentSearch;
use crate::store::{ComponentRepository, KicadRepository, COMPONENT_SEED};
use catalog::shape_search::{FileModels, ShapeSearch};
use catalog::usage::UsageRecorder;

/// The project's taxonomy, compiled in so that the binary is self-contained
/// (`data/categories/component.json`; a malformed file fails this crate's tests).
pub const TAXONOMY: &str = include_str!("../../../data/categories/component.json");

error_codes! {
    COMPONENT_ERRORS {
        /// Module 1_020: the component library (see docs/error-codes.md).
        CATEGORY_NOT_FOUND = (1_020_001_000, OK, "分类不存在");
        COMPONENT_NOT_FOUND = (1_020_002_000, OK, "元器件不存在");
        MANUFACTURER_NOT_FOUND = (1_020_003_000, OK, "厂商不存在");
        FILE_NOT_AVAILABLE = (1_020_004_000, OK, "该元器件没有此文件");
        DRAWING_FAILED = (1_020_005_000, OK, "图形无法绘制");
    }
}

pub static LIBRARY: Library = Library {
    key: "component",
    title: "元器件",
    title_en: "Electronic Components",
    taxonomy: TAXONOMY,
    errors: COMPONENT_ERRORS,
    category_not_found: CATEGORY_NOT_FOUND,
};

/// The catalog's category tables, then the component tables. The folders hold the catalog's
/// migration as a symlink, so one migrator knows every version of this database.
pub static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
pub static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

pub const MIGRATIONS: Migrations = Migrations {
    sqlite: &SQLITE_MIGRATIONS,
    postgres: &POSTGRES_MIGRATIONS,
};

/// The category kit alone (what `portal import categories` drives).
pub fn library_service() -> LibraryService {
    LibraryService::new(&LIBRARY)
}

/// The seed committed under `data/components` (found relative to the working directory, then
/// to this crate's sources), or `PORTAL_COMPONENT_SEED_DIR`; `PORTAL_COMPONENT_SEED_DIR=none`
/// turns the import on first start off. The embedded default imports it on first start.
pub fn default_seed_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PORTAL_COMPONENT_SEED_DIR") {
        return (dir != "none" && !dir.is_empty()).then(|| PathBuf::from(dir));
    }
    let cwd_relative = PathBuf::from("data/components");
    if cwd_relative.is_dir() {
        return Some(cwd_relative);
    }
    Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/components"))
}

/// State of the component routes.
pub struct ComponentState {
    pub store: ComponentRepository,
    pub categories: CategoryRepository,
}

/// The blob store of the components' files: the `[files]` settings the system service uses
/// (local disk under `<data_dir>/files`, or S3), so that a standalone component service and the
/// portal find the same bytes.
pub async fn open_files(context: &ServiceContext) -> anyhow::Result<ItemFiles> {
    ItemFiles::open_configured(context).await
}

/// The component library as a [`kernel::Service`]: the catalog's routes and seeding plus the
/// components' own tables, routes and seed.
pub struct ComponentService {
    library: LibraryService,
    seed_dir: Option<PathBuf>,
    /// The keyword search index, built from the store when the service starts.
    search: Arc<ComponentSearch>,
    /// The token check of the KiCad HTTP library routes, built at the first configure.
    authenticator: OnceLock<Arc<Authenticator>>,
    /// The components' file contents, opened when the service starts (`seed`).
    files: OnceLock<ItemFiles>,
    /// Shape search over the components' GLB models (fingerprinted after start).
    shapes: Arc<ComponentShapes>,
    /// Usage statistics: the recorder of searches and downloads, started with the service.
    usage: OnceLock<Arc<UsageRecorder>>,
}

/// The file kind whose models the shape search fingerprints (KiCad's models as GLB).
pub const SHAPE_MODEL_KIND: &str = "model-glb";

/// The components' shape search: the kit's, over their GLB item files.
pub type ComponentShapes = ShapeSearch<FileModels>;

impl ComponentService {
    /// `seed_dir`: the seed to import on first start (`None`: none).
    pub fn new(seed_dir: Option<PathBuf>) -> Self {
        Self {
            library: library_service(),
            seed_dir,
            search: Arc::new(search_routes::index::component_search()),
            authenticator: OnceLock::new(),
            files: OnceLock::new(),
            shapes: Arc::new(ShapeSearch::new(LIBRARY.key)),
            usage: OnceLock::new(),
        }
    }

    /// The system service's authenticator when it runs in this process, else introspection
    /// (`auth::service_authenticator`); every service is opened before any is configured.
    fn authenticator(&self, context: &ServiceContext) -> Arc<Authenticator> {
        Arc::clone(
            self.authenticator
                .get_or_init(|| catalog::library_authenticator(context)),
        )
    }

    pub fn library(&self) -> &LibraryService {
        &self.library
    }

    /// The keyword search index (tools and tests catch it up on demand).
    pub fn search(&self) -> &Arc<ComponentSearch> {
        &self.search
    }

    /// The usage recorder (tests flush it), once the service has started.
    pub fn usage(&self) -> Option<&Arc<UsageRecorder>> {
        self.usage.get()
    }

    /// The shape search (tests await its job's passes).
    pub fn shapes(&self) -> &Arc<ComponentShapes> {
        &self.shapes
    }
}

pub fn service() -> Arc<dyn Service> {
    Arc::new(ComponentService::new(default_seed_dir()))
}

impl Service for ComponentService {
    fn name(&self) -> &'static str {
        LIBRARY.key
    }

    fn migrations(&self) -> Migrations {
        MIGRATIONS
    }

    fn error_codes(&self) -> &'static [ErrorCode] {
        COMPONENT_ERRORS
    }

    fn openapi(&self) -> utoipa::openapi::OpenApi {
        // The kit's category, item and search routes (tag `component`), then the library's own.
        let mut document =
            catalog::item_library_openapi::<ComponentItems>(&LIBRARY, routes::openapi(&LIBRARY));
        document.merge(catalog::shape_search_openapi::<ComponentItems>(&LIBRARY));
        document.merge(catalog::open_openapi::<ComponentItems>(&LIBRARY));
        document
    }

    fn configure(&self, context: &ServiceContext, cfg: &mut web::ServiceConfig) {
        let Some(files) = self.files.get() else {
            // `Application::build` opens (and so seeds) every service before configuring.
            tracing::error!("component service configured before its files were opened");
            return;
        };
        let Some(usage) = self.usage.get() else {
            tracing::error!("component service configured before its usage recorder started");
            return;
        };
        let state = web::Data::new(ComponentState {
            store: ComponentRepository::new(&context.db, files.clone()),
            categories: CategoryRepository::new(&context.db),
        });
        let items = Arc::new(ComponentItems {
            kicad: KicadRepository::new(&context.db),
        });
        let data = ScopeData::new(context, &LIBRARY, items, files.clone(), &self.search, usage);
        catalog::configure_open(cfg, context, &LIBRARY, &data);
        // One scope for both: actix does not fall through from one scope to another.
        cfg.service(
            data.mount(web::scope(&LIBRARY.api_base()))
                .app_data(state)
                .app_data(web::Data::from(Arc::clone(&self.shapes)))
                .app_data(web::Data::from(self.authenticator(context)))
                .configure(routes::configure)
                // Before the kit's category routes: `/category/counts` is not a category.
                .configure(catalog::routes::configure_search::<ComponentRepository>)
                .configure(catalog::routes::configure_items::<ComponentItems>)
                .configure(catalog::routes::configure_shape::<ComponentItems, FileModels>)
                .configure(catalog::routes::configure),
        );
        self.library
            .configure_enterprise(context, cfg, self.authenticator(context));
        catalog::configure_search_index(
            cfg,
            &LIBRARY,
            &context.db,
            Arc::clone(&self.search) as Arc<dyn catalog::search::RebuildControl>,
            self.authenticator(context),
        );
        catalog::configure_catalog_items(cfg, &LIBRARY, &context.db, self.authenticator(context));
        self.library
            .configure_import(context, cfg, self.authenticator(context), || {
                ImportControl::over(
                    &context.db,
                    COMPONENT_SEED,
                    self.seed_dir.clone(),
                    import::source_digest,
                    ComponentRepository::new(&context.db, files.clone()),
                    |store, dir, progress| async move {
                        import::import_dir_observed(&store, &dir, progress).await
                    },
                )
            });
        catalog::configure_stats(
            cfg,
            &LIBRARY,
            &context.db,
            Arc::clone(usage),
            self.authenticator(context),
        );
    }

    /// The category tree first (components refer to it), then the component seed when the
    /// database has not seen this version of it.
    fn seed<'a>(&'a self, context: &'a ServiceContext) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(async move {
            self.library.seed(context).await?;
            self.usage
                .get_or_init(|| UsageRecorder::start(context, LIBRARY.key));
            // The store the library service opened for its enterprise items.
            let files = self.library.files()?;
            // A second open of the same service value keeps the first.
            let files = self.files.get_or_init(|| files).clone();
            let files_for_shapes = files.clone();
            let store = ComponentRepository::new(&context.db, files);
            self.seed_components(&context.db, &store).await?;
            // The index is derived data kept on disk: reopened when current and caught up from
            // the change feed, else rebuilt from the store; then kept current from the feed.
            let categories = CategoryRepository::new(&context.db);
            self.search
                .open_and_follow(context, LIBRARY.key, store, categories)
                .await?;
            // Fingerprints are computed in the background (docs/shape-search.md): start-up does
            // not wait for them.
            let models = FileModels::new(&context.db, files_for_shapes, SHAPE_MODEL_KIND);
            self.shapes.start(context, models)
        })
    }
}

impl ComponentService {
    /// The component seed, when the database has not seen this version of it.
    async fn seed_components(
        &self,
        db: &kernel::Database,
        store: &ComponentRepository,
    ) -> anyhow::Result<()> {
        let Some(dir) = &self.seed_dir else {
            return Ok(());
        };
        if !dir.is_dir() {
            tracing::warn!(dir = %dir.display(), "component seed not found; starting empty");
            return Ok(());
        }
        let digest = import::source_digest(dir)?;
        // Gated by the digest and serialised across instances starting at once (the kit's
        // `seed_once`); a run is recorded in the import history.
        let options = import::ImportOptions::default();
        let outcome = seed_once(db, COMPONENT_SEED, &digest, || {
            let import = import::import_dir(store, dir, &options);
            recorded(db, COMPONENT_SEED, ImportOrigin::Start, import)
        })
        .await?;
        if let SeedOutcome::Imported(report) = outcome {
            tracing::info!(
                read = report.read,
                inserted = report.stored.inserted,
                updated = report.stored.updated,
                unchanged = report.stored.unchanged,
                rejected = report.rejected,
                elapsed_ms = report.elapsed.as_millis() as u64,
                "component seed imported"
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_library_definition_is_consistent() -> anyhow::Result<()> {
        super::LIBRARY.check_definition(1020)
    }
}
