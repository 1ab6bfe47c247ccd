//! 零部件 (Mechanical Parts): the part library service (docs/parts.md).
//!
//! The category routes and tree come from the `catalog` kit; this crate adds the parts: the
//! importer of the bd_warehouse dimension tables and FreeCAD's profiles named by the project's
//! glossary ([`import`], [`glossary`]), the extension table `part_variant` ([`store`]), the
//! library's side of the kit's item routes and search ([`items`]) and its own recommendations
//! ([`routes`]). Records live in the kit's item tables; the search index is the kit's follower
//! over the kit's [`catalog::search::ItemFeed`]; operators rebuild it with
//! `POST /to/api/operation/part/search-index/rebuild`.

pub mod glossary;
pub mod import;
pub mod items;
pub mod materials;
pub mod models;
pub mod routes;
pub mod shapes;
pub mod store;

use std::{
    path::PathBuf,
    sync::{Arc, OnceLock},
};

use actix_web::web;
use auth::Authenticator;
use catalog::item::files::ItemFiles;
use catalog::item::import_control::ImportControl;
use catalog::item::store::ItemRepository;
use catalog::search::{FacetConfig, IndexFollower, ItemFeed};
use catalog::shape_search::ShapeSearch;
use catalog::usage::UsageRecorder;
use catalog::{store::CategoryRepository, Library, LibraryService, ScopeData};
use futures_util::future::BoxFuture;
use kernel::{error_codes, ErrorCode, Migrations, Service, ServiceContext};

use crate::items::PartItems;
use crate::materials::MaterialUses;
use crate::models::ModelCache;
use crate::shapes::GeneratedShapes;
use crate::store::VariantRepository;

/// The project's taxonomy, compiled in so that the binary is self-contained
/// (`data/categories/part.json`; a malformed file fails this crate's tests).
pub const TAXONOMY: &str = include_str!("../../../data/categories/part.json");

error_codes! {
    PART_ERRORS {
        /// Module 1_010: the part library (see docs/error-codes.md).
        CATEGORY_NOT_FOUND = (1_010_001_000, OK, "分类不存在");
        PART_NOT_FOUND = (1_010_002_000, OK, "零部件不存在");
        MANUFACTURER_NOT_FOUND = (1_010_003_000, OK, "厂商不存在");
        FILE_NOT_AVAILABLE = (1_010_004_000, OK, "该零部件没有此文件");
        /// `/item/{id}/model/{format}`: no generator for the family, or its row cannot be built.
        MODEL_NOT_AVAILABLE = (1_010_005_000, OK, "该零部件暂无三维模型");
        MODEL_FORMAT_INVALID = (1_010_005_001, OK, "模型格式不正确");
        MODEL_LENGTH_INVALID = (1_010_005_002, OK, "型材长度不正确");
    }
}

pub static LIBRARY: Library = Library {
    key: "part",
    title: "零部件",
    title_en: "Mechanical Parts",
    taxonomy: TAXONOMY,
    errors: PART_ERRORS,
    category_not_found: CATEGORY_NOT_FOUND,
};

/// The catalog's category and item tables, then `part_variant`. The folders hold the catalog's
/// migrations as symlinks, so one migrator knows every version of this database.
pub static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
pub static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

pub const MIGRATIONS: Migrations = Migrations {
    sqlite: &SQLITE_MIGRATIONS,
    postgres: &POSTGRES_MIGRATIONS,
};

/// Bump when what the part search documents hold changes (an index on disk is then rebuilt).
const INDEX_OWNER_VERSION: &str = "part 1";

/// The part search index: the kit's follower over the kit's item feed.
pub type PartSearch = IndexFollower<ItemFeed<PartItems>>;

/// The parts' shape search: the kit's, over the meshes generated from the variants' rows.
pub type PartShapes = ShapeSearch<GeneratedShapes>;

/// The category kit alone (what `portal import categories` drives).
pub fn library_service() -> LibraryService {
    LibraryService::new(&LIBRARY)
}

/// Family (category), standards body (manufacturer), standard (the package facet) and the
/// typed dimensions (parameters, by label).
pub fn facets() -> FacetConfig {
    FacetConfig::all()
}

/// The part library as a [`kernel::Service`]: the catalog's routes and seeding plus the parts'
/// table, seed, search and recommendations.
pub struct PartService {
    library: LibraryService,
    seed_dir: Option<PathBuf>,
    items: Arc<PartItems>,
    search: Arc<PartSearch>,
    authenticator: OnceLock<Arc<Authenticator>>,
    /// Usage statistics: the recorder of searches and downloads, started with the service.
    usage: OnceLock<Arc<UsageRecorder>>,
    files: OnceLock<ItemFiles>,
    models: Arc<ModelCache>,
    /// The families each materials-library grade is named for (`GET /materials/{grade}/parts`).
    material_uses: OnceLock<Arc<MaterialUses>>,
    /// Shape search over the generated models (fingerprinted after start).
    shapes: Arc<PartShapes>,
}

impl PartService {
    /// `seed_dir`: the seed to import on first start (`None`: none).
    pub fn new(seed_dir: Option<PathBuf>) -> Self {
        Self {
            library: library_service(),
            seed_dir,
            items: Arc::new(PartItems::default()),
            search: Arc::new(IndexFollower::new(facets())),
            authenticator: OnceLock::new(),
            usage: OnceLock::new(),
            files: OnceLock::new(),
            models: Arc::new(ModelCache::default()),
            material_uses: OnceLock::new(),
            shapes: Arc::new(ShapeSearch::new(LIBRARY.key)),
        }
    }

    pub fn library(&self) -> &LibraryService {
        &self.library
    }

    /// The keyword search index (tests await its applied sequence).
    pub fn search(&self) -> &Arc<PartSearch> {
        &self.search
    }

    /// The generated models and drawings (tests count its generations).
    pub fn models(&self) -> &Arc<ModelCache> {
        &self.models
    }

    /// The shape search (tests await its job's passes).
    pub fn shapes(&self) -> &Arc<PartShapes> {
        &self.shapes
    }

    /// The usage recorder (tests flush it), once the service has started.
    pub fn usage(&self) -> Option<&Arc<UsageRecorder>> {
        self.usage.get()
    }

    fn authenticator(&self, context: &ServiceContext) -> Arc<Authenticator> {
        Arc::clone(
            self.authenticator
                .get_or_init(|| catalog::library_authenticator(context)),
        )
    }

    fn feed(&self, context: &ServiceContext) -> ItemFeed<PartItems> {
        ItemFeed::new(
            ItemRepository::new(&context.db),
            Arc::clone(&self.items),
            INDEX_OWNER_VERSION,
        )
    }

    /// The part seed, when the database has not seen this version of it.
    async fn seed_parts(&self, db: &kernel::Database) -> anyhow::Result<()> {
        catalog::item::import::seed_from_dir(
            db,
            import::PART_SEED,
            self.seed_dir.as_deref(),
            import::source_digest,
            |items, dir| async move {
                import::import_dir(&items, &dir, &import::ImportOptions::default()).await
            },
        )
        .await
    }
}

/// The part service with the committed seed (or `PORTAL_PART_SEED_DIR`).
pub fn service() -> Arc<dyn Service> {
    Arc::new(PartService::new(import::default_seed_dir()))
}

impl Service for PartService {
    fn name(&self) -> &'static str {
        LIBRARY.key
    }

    fn migrations(&self) -> Migrations {
        MIGRATIONS
    }

    fn error_codes(&self) -> &'static [ErrorCode] {
        PART_ERRORS
    }

    fn openapi(&self) -> utoipa::openapi::OpenApi {
        let mut document =
            catalog::item_library_openapi::<PartItems>(&LIBRARY, routes::openapi(&LIBRARY));
        document.merge(catalog::shape_search_openapi::<PartItems>(&LIBRARY));
        document.merge(catalog::open_openapi::<PartItems>(&LIBRARY));
        document
    }

    fn configure(&self, context: &ServiceContext, cfg: &mut web::ServiceConfig) {
        let Some(files) = self.files.get() else {
            // `Application::build` opens (and so seeds) every service before configuring.
            tracing::error!("part service configured before its files were opened");
            return;
        };
        let Some(usage) = self.usage.get() else {
            tracing::error!("part service configured before its usage recorder started");
            return;
        };
        let material_uses = self.material_uses.get().cloned().unwrap_or_default();
        let data = ScopeData::new(
            context,
            &LIBRARY,
            Arc::clone(&self.items),
            files.clone(),
            &self.search,
            usage,
        );
        catalog::configure_open(cfg, context, &LIBRARY, &data);
        cfg.service(
            data.mount(web::scope(&LIBRARY.api_base()))
                .app_data(web::Data::new(VariantRepository::new(&context.db)))
                // The signed-in user of a search or download, for the usage statistics.
                .app_data(web::Data::from(self.authenticator(context)))
                .app_data(web::Data::from(Arc::clone(&self.models)))
                .app_data(web::Data::from(material_uses))
                .app_data(web::Data::from(Arc::clone(&self.shapes)))
                .configure(routes::configure)
                // Before the kit's category routes: `/category/counts` is not a category.
                .configure(catalog::routes::configure_search::<ItemFeed<PartItems>>)
                .configure(catalog::routes::configure_items::<PartItems>)
                .configure(catalog::routes::configure_shape::<PartItems, GeneratedShapes>)
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
                    import::PART_SEED,
                    self.seed_dir.clone(),
                    import::source_digest,
                    ItemRepository::new(&context.db),
                    |items, dir, progress| async move {
                        import::import_dir_observed(&items, &dir, progress).await
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

    /// The category tree first (parts refer to it), then the part seed when the database has not
    /// seen this version of it, then the search index (reopened or rebuilt, then followed), then
    /// the shape search's job in the background.
    fn seed<'a>(&'a self, context: &'a ServiceContext) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(async move {
            self.library.seed(context).await?;
            self.usage
                .get_or_init(|| UsageRecorder::start(context, LIBRARY.key));
            // The store the library service opened for its enterprise items.
            let files = self.library.files()?;
            let _ = self.files.get_or_init(|| files);
            // The glossaries of the seed (or the committed ones when there is no seed): the
            // reverse material route reads names and classes from them, counts from the store.
            let glossaries = self
                .seed_dir
                .clone()
                .unwrap_or_else(import::committed_seed_dir);
            let uses = MaterialUses::load(&glossaries)?;
            let _ = self.material_uses.get_or_init(|| Arc::new(uses));
            self.seed_parts(&context.db).await?;
            let categories = CategoryRepository::new(&context.db);
            self.search
                .open_and_follow(context, LIBRARY.key, self.feed(context), categories)
                .await?;
            // Fingerprints are computed in the background (docs/shape-search.md): start-up does
            // not wait for them.
            self.shapes
                .start(context, GeneratedShapes::new(&context.db))
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_library_definition_is_consistent() -> anyhow::Result<()> {
        super::LIBRARY.check_definition(1010)
    }
}
