//! The kit the three library services (part, component, mat) share: the bilingual category
//! tree — its taxonomy files, stores, seeding and routes —, the generic items ([`item`]:
//! model, tables, store, change feed; docs/adding-a-library.md) and the search index follower
//! ([`search`]: a library's index kept in step with its store, its facets, the operator's
//! "rebuild now"). Each library crate declares a
//! [`Library`] and serves it through [`LibraryService`], with its own database and migrations
//! (the migrations live here once: see docs/backend-architecture.md).

pub mod audit;
pub mod catalog_admin;
pub mod enterprise;
pub mod item;
pub mod model;
pub mod routes;
pub mod search;
pub mod shape_search;
pub mod store;
pub mod taxonomy;
#[cfg(feature = "testing")]
pub mod testing;
pub mod usage;

use std::sync::Arc;

use actix_web::web;
use futures_util::future::BoxFuture;
use kernel::{ErrorCode, Migrations, Service, ServiceContext};
use utoipa::OpenApi;

use crate::{
    store::{CategoryRepository, CategoryStore, SyncReport},
    taxonomy::Taxonomy,
};

/// The kit's tables (categories, items) of every library database.
pub static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
pub static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

pub const MIGRATIONS: Migrations = Migrations {
    sqlite: &SQLITE_MIGRATIONS,
    postgres: &POSTGRES_MIGRATIONS,
};

/// What distinguishes one library service from another.
#[derive(Debug)]
pub struct Library {
    /// `part`, `component` or `mat`: service name and path segment.
    pub key: &'static str,
    pub title: &'static str,
    pub title_en: &'static str,
    /// The taxonomy file's text (`include_str!` of `data/categories/<key>.json`).
    pub taxonomy: &'static str,
    /// The library's own error table.
    pub errors: &'static [ErrorCode],
    /// Answered when a category code is unknown.
    pub category_not_found: ErrorCode,
}

impl Library {
    /// `/to/api/public/<key>`: the base of every public route of the library.
    pub fn api_base(&self) -> String {
        format!("/to/api/public/{}", self.key)
    }

    /// `/to/open/<key>`: the open platform's read-only mount of the library (API keys).
    pub fn open_base(&self) -> String {
        format!("/to/open/{}", self.key)
    }

    /// `/to/api/enterprise/<key>`: the members' routes of organisations' enterprise libraries.
    pub fn enterprise_base(&self) -> String {
        format!("/to/api/enterprise/{}", self.key)
    }

    /// `/to/api/operation/<key>`: the base of the library's operator routes.
    pub fn operation_base(&self) -> String {
        format!("/to/api/operation/{}", self.key)
    }

    pub fn parse_taxonomy(&self) -> anyhow::Result<Taxonomy> {
        Taxonomy::parse(self.key, self.taxonomy)
    }

    /// Checks what a library crate declares, so each crate's test is one call: its embedded
    /// taxonomy parses into a real tree (several roots, at least three levels), and every one of
    /// its error codes lies in its own module `1_MMM_…` (`module` = 1010 for 1_010_xxx_xxx).
    pub fn check_definition(&self, module: i64) -> anyhow::Result<()> {
        let taxonomy = self.parse_taxonomy()?;
        anyhow::ensure!(
            taxonomy.root_count() >= 3,
            "{}: a library needs several root categories",
            self.key
        );
        anyhow::ensure!(
            taxonomy
                .categories
                .iter()
                .any(|category| category.depth >= 2),
            "{}: the taxonomy has fewer than three levels",
            self.key
        );
        for code in self.errors.iter().chain([&self.category_not_found]) {
            anyhow::ensure!(
                code.code / 1_000_000 == module,
                "{}: error code {} lies outside module {module}",
                self.key,
                code.code
            );
        }
        Ok(())
    }
}

/// State of the library routes (registered on the library's scope, so the three libraries
/// can share one application).
pub struct CatalogState {
    pub library: &'static Library,
    pub store: CategoryRepository,
}

/// A library as a [`kernel::Service`].
pub struct LibraryService {
    library: &'static Library,
    /// Opened with the service (the blob store and the claims are read asynchronously).
    attachments: std::sync::OnceLock<enterprise::files::Attachments>,
    /// The operator's "import now", built at the first configure: every worker shares it.
    import: std::sync::OnceLock<Arc<item::import_control::ImportControl>>,
}

impl LibraryService {
    pub fn new(library: &'static Library) -> Self {
        Self {
            library,
            attachments: std::sync::OnceLock::new(),
            import: std::sync::OnceLock::new(),
        }
    }

    /// Mounts the operator's "import now" of this library ([`configure_catalog_import`]) over
    /// the control `make` builds (once: every worker's configure shares the first).
    pub fn configure_import(
        &self,
        context: &ServiceContext,
        cfg: &mut web::ServiceConfig,
        authenticator: Arc<auth::Authenticator>,
        make: impl FnOnce() -> item::import_control::ImportControl,
    ) {
        let control = Arc::clone(self.import.get_or_init(|| Arc::new(make())));
        configure_catalog_import(cfg, self.library, &context.db, control, authenticator);
    }

    pub fn library(&self) -> &'static Library {
        self.library
    }

    /// The library's blob store of item files, opened by [`kernel::Service::seed`]: an item
    /// library seeding this service first uses it rather than open the store again.
    pub fn files(&self) -> anyhow::Result<item::files::ItemFiles> {
        self.attachments
            .get()
            .map(|attachments| attachments.files().clone())
            .ok_or_else(|| {
                anyhow::anyhow!(
                    "library {} asked for its files before it was opened",
                    self.library.key
                )
            })
    }

    /// Mounts this library's enterprise routes ([`configure_enterprise`]) with the file store
    /// opened by [`kernel::Service::seed`]; every library the kit serves has them.
    pub fn configure_enterprise(
        &self,
        context: &ServiceContext,
        cfg: &mut web::ServiceConfig,
        authenticator: Arc<auth::Authenticator>,
    ) {
        let Some(attachments) = self.attachments.get() else {
            // `Application::build` opens (and so seeds) every service before configuring.
            tracing::error!(
                library = self.library.key,
                "library configured before it was opened"
            );
            return;
        };
        configure_enterprise(
            cfg,
            self.library,
            &context.db,
            attachments.clone(),
            authenticator,
            library_org_directory(context),
        );
    }

    /// Upserts the whole taxonomy into the service's database (`portal import categories`).
    pub async fn import_categories(&self, context: &ServiceContext) -> anyhow::Result<SyncReport> {
        let taxonomy = self.library.parse_taxonomy()?;
        CategoryRepository::new(&context.db).sync(&taxonomy).await
    }
}

#[derive(OpenApi)]
#[openapi(
    paths(
        routes::category::tree::get_category_tree,
        routes::category::detail::get_category,
    ),
    components(schemas(model::CategoryNode, model::CategoryDetail, model::CategoryCrumb)),
    tags((name = "category", description = "分类 Categories"))
)]
struct CatalogApi;

/// The suggest call of a library without a search index (parts, materials until they have one).
#[derive(OpenApi)]
#[openapi(
    paths(routes::suggest::suggest),
    tags((name = "suggest", description = "搜索建议 Search suggestions"))
)]
struct EmptySuggestApi;

/// The operator's search-index routes (`/to/api/operation/<library>/search-index/…`).
#[derive(OpenApi)]
#[openapi(
    paths(
        routes::search_index::start::start_rebuild,
        routes::search_index::progress::rebuild_progress,
    ),
    components(schemas(
        search::RebuildProgress,
        search::RebuildState,
        search::RebuildStarted
    )),
    tags((name = "search-index", description = "搜索索引运维 Search index operations (operators)"))
)]
struct SearchIndexApi;

/// The operators' catalogue routes (`/to/api/operation/<library>/catalog-items/…`).
#[derive(OpenApi)]
#[openapi(
    paths(
        routes::catalog_items::page::page_catalog_items,
        routes::catalog_items::hide::set_item_hidden,
        routes::catalog_items::merge::merge_catalog_item,
        routes::catalog_items::edit::catalog_item_detail,
        routes::catalog_items::edit::edit_catalog_item,
        routes::catalog_items::parameters::catalog_item_parameters,
        routes::catalog_items::parameters::correct_catalog_item_parameters,
        routes::catalog_items::manufacturers::page_manufacturers,
        routes::catalog_items::manufacturers::edit_manufacturer,
        routes::catalog_items::manufacturers::merge_manufacturer,
        routes::catalog_items::categories::category_tree,
        routes::catalog_items::categories::edit_category,
        routes::catalog_items::categories::set_category_hidden,
        routes::catalog_items::import::start_import,
        routes::catalog_items::import::import_status,
        routes::catalog_items::import::import_history,
    ),
    components(schemas(
        catalog_admin::CatalogItem,
        catalog_admin::HideRequest,
        catalog_admin::ItemMergeRequest,
        catalog_admin::edit::CatalogItemDetail,
        catalog_admin::edit::Correction,
        catalog_admin::edit::ItemEditRequest,
        catalog_admin::parameters::ItemParameters,
        catalog_admin::parameters::EditableParameter,
        catalog_admin::parameters::DimensionName,
        catalog_admin::parameters::ParametersEditRequest,
        catalog_admin::manufacturer::CatalogManufacturer,
        catalog_admin::manufacturer::ManufacturerEditRequest,
        catalog_admin::manufacturer::MergeRequest,
        catalog_admin::manufacturer::MergeResult,
        catalog_admin::category::CatalogCategory,
        catalog_admin::category::CategoryEditRequest,
        item::import_control::ImportStarted,
        item::import_control::ImportStatus,
        item::import_control::ImportSummary,
        item::import_history::ImportRun,
        item::import_history::ImportOrigin,
        item::import_history::ImportRunState,
    )),
    tags((name = "catalog-items", description = "目录管理 Catalogue items (operators)"))
)]
struct CatalogItemsApi;

/// The members' enterprise-library routes of a library (`/to/api/enterprise/<library>/…`).
#[derive(OpenApi)]
#[openapi(
    paths(
        routes::enterprise::items::list_items,
        routes::enterprise::items::item_detail,
        routes::enterprise::items::submit_item,
        routes::enterprise::items::resubmit_item,
        routes::enterprise::files::member_file,
        routes::enterprise::files::set_preview,
        routes::enterprise::batch::batch_template,
        routes::enterprise::batch::submit_batch,
        routes::enterprise::showcase::set_showcase,
        routes::enterprise::showcase::showcase_items,
        routes::enterprise::showcase::showcase_file,
        routes::enterprise::shape::search3d,
        routes::enterprise::shape::search2d,
        routes::enterprise::shape::shape_query,
        routes::enterprise::shape::similar,
    ),
    components(schemas(
        enterprise::batch::EnterpriseBatchReport,
        enterprise::batch::BatchRowError,
        routes::enterprise::batch::BatchUpload,
        routes::enterprise::batch::TemplateFormat,
        enterprise::EnterpriseItem,
        enterprise::EnterpriseItemDraft,
        enterprise::EnterpriseFileDraft,
        enterprise::EnterpriseFile,
        enterprise::EnterpriseFileKind,
        enterprise::EnterpriseParameter,
        enterprise::EnterpriseItemState,
        enterprise::ShowcaseRequest,
        enterprise::ShowcaseItem,
        routes::enterprise::shape::EnterpriseShapeHit,
        routes::enterprise::shape::EnterpriseShapeAnswer,
    )),
    tags((name = "enterprise", description = "企业库 Enterprise library (organisation members)"))
)]
struct EnterpriseApi;

/// The operators' review of a library's enterprise items (`/to/api/operation/<library>/…`).
#[derive(OpenApi)]
#[openapi(
    paths(
        routes::enterprise::review::review_queue,
        routes::enterprise::review::review_item,
        routes::enterprise::files::review_file,
    ),
    components(schemas(
        enterprise::EnterpriseItem,
        enterprise::EnterpriseParameter,
        enterprise::EnterpriseItemState,
        enterprise::ReviewRequest,
        enterprise::EnterpriseFile,
        enterprise::EnterpriseFileKind,
    )),
    tags((name = "enterprise-review", description = "企业条目审核 Enterprise item review (operators)"))
)]
struct EnterpriseReviewApi;

/// The library's operator audit log (`/to/api/operation/<library>/audit-log/page`).
#[derive(OpenApi)]
#[openapi(
    paths(routes::audit::page_audit_log),
    components(schemas(audit::LibraryAuditLogView)),
    tags((name = "library-audit", description = "资源库操作审计 Library audit log (operators)"))
)]
struct LibraryAuditApi;

/// The operators' usage statistics of a library (`/to/stat/<library>/…`).
#[derive(OpenApi)]
#[openapi(
    paths(
        routes::stat::daily::daily_searches,
        routes::stat::top_queries::top_queries,
        routes::stat::zero_result::zero_result_queries,
        routes::stat::top_downloads::top_downloads,
    ),
    components(schemas(
        usage::store::DailySearches,
        usage::store::TopQuery,
        usage::store::ZeroResultQuery,
        usage::store::TopDownload,
    )),
    tags((name = "stat", description = "使用统计 Usage statistics (operators)"))
)]
struct StatApi;

/// The kit's item routes, documented once: tag `items` and the schemas `ItemSummary`,
/// `ItemRecord` and `ItemDetailExtras` are placeholders each library's document replaces
/// ([`items_openapi`]).
#[derive(OpenApi)]
#[openapi(
    paths(
        routes::item::detail::get_item,
        routes::item::download::download,
        routes::item::compare::compare,
        routes::category::items::category_items,
        routes::manufacturer::page::manufacturer_page,
        routes::manufacturer::detail::get_manufacturer,
    ),
    components(schemas(
        routes::item::detail::ItemDetail,
        routes::item::compare::Comparison,
        routes::view::CompareRow,
        routes::view::ParameterView,
        routes::view::FileView,
        routes::view::ManufacturerView,
        routes::view::ManufacturerDetail,
        model::CategoryCrumb,
    ))
)]
struct ItemsApi;

/// The kit's search routes over a library's index (placeholders as in [`ItemsApi`]).
#[derive(OpenApi)]
#[openapi(
    paths(
        routes::search::query::search,
        routes::search::suggest::suggest,
        routes::search::counts::category_counts,
    ),
    components(schemas(
        routes::search::query::SearchAnswer,
        routes::search::query::SearchItem,
        routes::view::ParameterView,
        search::FacetsView,
        search::FacetEntry
    ))
)]
struct ItemSearchApi;

/// The kit's shape search routes (placeholders as in [`ItemsApi`]).
#[derive(OpenApi)]
#[openapi(
    paths(
        routes::shape::search3d::search3d,
        routes::shape::search2d::search2d,
        routes::shape::shape_query::shape_query,
        routes::shape::similar::similar,
        routes::shape::thumbnail::thumbnail,
        routes::shape::status::shape_status,
    ),
    components(schemas(
        routes::shape::ShapeAnswer,
        routes::shape::ShapeHit,
        routes::shape::search3d::ModelUpload,
        routes::shape::search2d::ImageUpload,
        shape_search::ShapeStatus,
        shape_search::ShapeState,
    ))
)]
struct ShapeSearchApi;

/// The OpenAPI document of the item routes as library `L` (whose `Library` is `library`; the
/// document needs its types only, not a value) mounts them ([`routes::configure_items`]):
/// paths under the library's API base, tagged with the library's key, and the item schemas
/// (`ItemSummary`, `ItemRecord`, `ItemDetailExtras`) made of the kit's fields and the library's
/// extras. The handlers are generic and documented once with `#[utoipa::path]`; only these
/// three schemas and the tag differ between libraries, so they are filled in here rather than
/// stamped per library (docs/adding-a-library.md, "Item routes").
pub fn items_openapi<L: item::library::ItemLibrary>(library: &Library) -> utoipa::openapi::OpenApi {
    for_library::<L>(ItemsApi::openapi(), library)
}

/// The OpenAPI document of the search routes as library `L` mounts them ([`routes::configure_search`]).
pub fn item_search_openapi<L: item::library::ItemLibrary>(
    library: &Library,
) -> utoipa::openapi::OpenApi {
    for_library::<L>(ItemSearchApi::openapi(), library)
}

/// The OpenAPI document of the shape search routes as library `L` mounts them
/// ([`routes::configure_shape`]); a library that mounts them merges it into its document.
pub fn shape_search_openapi<L: item::library::ItemLibrary>(
    library: &Library,
) -> utoipa::openapi::OpenApi {
    for_library::<L>(ShapeSearchApi::openapi(), library)
}

/// The kit's placeholder tag of item and search routes.
const ITEMS_TAG: &str = "items";

fn for_library<L: item::library::ItemLibrary>(
    mut document: utoipa::openapi::OpenApi,
    library: &Library,
) -> utoipa::openapi::OpenApi {
    use utoipa::openapi::schema::{AllOfBuilder, Schema};
    use utoipa::openapi::RefOr;
    use utoipa::{PartialSchema, ToSchema};

    fn joined<A: ToSchema, B: ToSchema>(
        schemas: &mut Vec<(String, RefOr<Schema>)>,
    ) -> RefOr<Schema> {
        A::schemas(schemas);
        B::schemas(schemas);
        RefOr::T(Schema::AllOf(
            AllOfBuilder::new()
                .item(A::schema())
                .item(B::schema())
                .build(),
        ))
    }

    let mut schemas = Vec::new();
    let summary = joined::<routes::view::SummaryCore, L::SummaryExtras>(&mut schemas);
    let record = joined::<routes::view::RecordCore, L::RecordExtras>(&mut schemas);
    L::DetailExtras::schemas(&mut schemas);
    let detail_extras = L::DetailExtras::schema();
    let components = document.components.get_or_insert_with(Default::default);
    components.schemas.extend(schemas);
    components.schemas.insert("ItemSummary".to_owned(), summary);
    components.schemas.insert("ItemRecord".to_owned(), record);
    components
        .schemas
        .insert("ItemDetailExtras".to_owned(), detail_extras);
    for item in document.paths.paths.values_mut() {
        for operation in [
            &mut item.get,
            &mut item.post,
            &mut item.put,
            &mut item.delete,
        ]
        .into_iter()
        .flatten()
        {
            if let Some(tags) = &mut operation.tags {
                for tag in tags.iter_mut().filter(|tag| *tag == ITEMS_TAG) {
                    *tag = library.key.to_owned();
                }
            }
        }
    }
    document.tags = Some(vec![utoipa::openapi::tag::TagBuilder::new()
        .name(library.key)
        .description(Some(format!("{} {}", library.title, library.title_en)))
        .build()]);
    with_base(document, &library.api_base())
}

/// The whole OpenAPI document of item library `L`: the category routes, the kit's item and
/// search routes, the library's own routes (`own`, already under its API base:
/// [`library_routes_openapi`]), the operator's search-index, catalogue and statistics routes and
/// the enterprise routes.
pub fn item_library_openapi<L: item::library::ItemLibrary>(
    library: &Library,
    own: utoipa::openapi::OpenApi,
) -> utoipa::openapi::OpenApi {
    let mut document = openapi(library);
    document.merge(items_openapi::<L>(library));
    document.merge(item_search_openapi::<L>(library));
    document.merge(own);
    document.merge(search_index_openapi(library));
    document.merge(with_base(
        CatalogItemsApi::openapi(),
        &library.operation_base(),
    ));
    document.merge(stat_openapi(library));
    document.merge(enterprise_openapi(library));
    document
}

/// The open platform's document of library `L` ([`configure_open`]): the kit's category, item
/// and search paths under `/to/open/<key>`, tagged `open-<key>`, each requiring the `apiKey`
/// scheme (`X-API-Key`), their operation ids prefixed `open_` so that they stay unique beside
/// the public ones.
pub fn open_openapi<L: item::library::ItemLibrary>(library: &Library) -> utoipa::openapi::OpenApi {
    use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityRequirement, SecurityScheme};

    let mut document = openapi(library);
    document.merge(items_openapi::<L>(library));
    document.merge(item_search_openapi::<L>(library));
    let public = library.api_base();
    let open = library.open_base();
    let tag = format!("open-{}", library.key);
    document.paths.paths = std::mem::take(&mut document.paths.paths)
        .into_iter()
        .map(|(path, mut item)| {
            for operation in [
                &mut item.get,
                &mut item.post,
                &mut item.put,
                &mut item.delete,
            ]
            .into_iter()
            .flatten()
            {
                operation.tags = Some(vec![tag.clone()]);
                operation.security = Some(vec![SecurityRequirement::new(
                    "apiKey",
                    Vec::<String>::new(),
                )]);
                operation.operation_id =
                    operation.operation_id.take().map(|id| format!("open_{id}"));
            }
            (path.replacen(&public, &open, 1), item)
        })
        .collect();
    document
        .components
        .get_or_insert_with(Default::default)
        .add_security_scheme(
            "apiKey",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                auth::open::API_KEY_HEADER,
                "开放平台 API 密钥 (opk_…) / an open-platform API key (docs/open-platform.md)",
            ))),
        );
    document.tags = Some(vec![utoipa::openapi::tag::TagBuilder::new()
        .name(tag)
        .description(Some(format!(
            "开放平台 · {} / open platform, {} library: API key, rate limit and daily quota \
             (RateLimit-* headers, 429 with Retry-After)",
            library.title, library.title_en
        )))
        .build()]);
    document
}

/// The OpenAPI document of the library's statistics routes, with concrete paths.
pub fn stat_openapi(library: &Library) -> utoipa::openapi::OpenApi {
    with_base(StatApi::openapi(), &stat_base(library))
}

/// `/to/stat/<key>`: the base of the library's statistics routes.
pub fn stat_base(library: &Library) -> String {
    format!("{}/{}", routes::stat::STAT_BASE, library.key)
}

/// Mounts the statistics routes of `library` (`/to/stat/<key>`, docs/statistics.md) over the
/// usage tables of `db`, guarded by `operation:stat:query` through `authenticator`; `recorder`
/// is the library's (each answer first waits for what it has queued).
pub fn configure_stats(
    cfg: &mut web::ServiceConfig,
    library: &'static Library,
    db: &kernel::Database,
    recorder: Arc<usage::UsageRecorder>,
    authenticator: Arc<auth::Authenticator>,
) {
    cfg.service(
        web::scope(&stat_base(library))
            .app_data(web::Data::new(routes::stat::StatState {
                library,
                store: usage::store::UsageRepository::new(db),
                recorder,
            }))
            .app_data(web::Data::from(authenticator))
            .configure(routes::stat::configure),
    );
}

/// The OpenAPI document of the library's enterprise routes (members' and operators') and its
/// audit log, with concrete paths.
pub fn enterprise_openapi(library: &Library) -> utoipa::openapi::OpenApi {
    let mut document = with_base(EnterpriseApi::openapi(), &library.enterprise_base());
    document.merge(with_base(
        EnterpriseReviewApi::openapi(),
        &library.operation_base(),
    ));
    document.merge(with_base(
        LibraryAuditApi::openapi(),
        &library.operation_base(),
    ));
    document
}

/// Mounts the enterprise routes of `library` over `db` (docs/enterprise-library.md): the
/// members' under `/to/api/enterprise/<key>` and the operators' review under
/// `/to/api/operation/<key>/enterprise-items`, both checking tokens through `authenticator`;
/// items' files go to `attachments`; an organisation's public page shows only while `orgs` says
/// it is active.
pub fn configure_enterprise(
    cfg: &mut web::ServiceConfig,
    library: &'static Library,
    db: &kernel::Database,
    attachments: enterprise::files::Attachments,
    authenticator: Arc<auth::Authenticator>,
    orgs: Arc<auth::OrgDirectory>,
) {
    let state = web::Data::new(routes::enterprise::EnterpriseState {
        library,
        store: enterprise::store::EnterpriseRepository::new(db),
        categories: CategoryRepository::new(db),
        shapes: enterprise::shapes::EnterpriseShapes::new(attachments.files().clone()),
        attachments,
        orgs,
    });
    let authenticator = web::Data::from(authenticator);
    cfg.service(
        web::scope(&library.enterprise_base())
            .app_data(state.clone())
            .app_data(authenticator.clone())
            .configure(routes::enterprise::configure_members),
    )
    .service(
        web::scope(&format!("{}/enterprise-items", library.operation_base()))
            .app_data(state)
            .app_data(authenticator.clone())
            .configure(routes::enterprise::configure_operators),
    )
    .service(
        web::scope(&format!("{}/audit-log", library.operation_base()))
            .app_data(web::Data::new(routes::audit::LibraryAuditState {
                library,
                store: audit::store::LibraryAuditRepository::new(db),
            }))
            .app_data(authenticator)
            .configure(routes::audit::configure),
    );
}

/// The OpenAPI document of the library's operator search-index routes, with concrete paths.
pub fn search_index_openapi(library: &Library) -> utoipa::openapi::OpenApi {
    with_base(SearchIndexApi::openapi(), &library.operation_base())
}

/// Mounts the operator's search-index routes of `library` (`/to/api/operation/<key>/search-index`)
/// on `cfg`: "rebuild now" of `control`, guarded by `<key>:search-index:rebuild` through
/// `authenticator`.
pub fn configure_search_index(
    cfg: &mut web::ServiceConfig,
    library: &'static Library,
    db: &kernel::Database,
    control: Arc<dyn search::RebuildControl>,
    authenticator: Arc<auth::Authenticator>,
) {
    cfg.service(
        web::scope(&format!("{}/search-index", library.operation_base()))
            .app_data(web::Data::new(routes::search_index::SearchIndexState {
                library,
                control,
                audit: audit::store::LibraryAuditRepository::new(db),
            }))
            .app_data(web::Data::from(authenticator))
            .configure(routes::search_index::configure),
    );
}

/// Mounts the operators' catalogue routes of `library` over `db` (docs/operations.md "Catalogue
/// items", "Manufacturers", "Categories") under `/to/api/operation/<key>/catalog-items`,
/// `…/catalog-manufacturers` and `…/catalog-categories`, guarded by `<key>:catalog:manage` through `authenticator`.
pub fn configure_catalog_items(
    cfg: &mut web::ServiceConfig,
    library: &'static Library,
    db: &kernel::Database,
    authenticator: Arc<auth::Authenticator>,
) {
    let state = web::Data::new(routes::catalog_items::CatalogItemsState {
        library,
        store: catalog_admin::store::CatalogAdminRepository::new(db),
        categories: catalog_admin::category_store::CategoryAdminRepository::new(db),
    });
    let authenticator = web::Data::from(authenticator);
    cfg.service(
        web::scope(&format!("{}/catalog-items", library.operation_base()))
            .app_data(state.clone())
            .app_data(authenticator.clone())
            .configure(routes::catalog_items::configure),
    )
    .service(
        web::scope(&format!(
            "{}/catalog-manufacturers",
            library.operation_base()
        ))
        .app_data(state.clone())
        .app_data(authenticator.clone())
        .configure(routes::catalog_items::configure_manufacturers),
    )
    .service(
        web::scope(&format!("{}/catalog-categories", library.operation_base()))
            .app_data(state)
            .app_data(authenticator)
            .configure(routes::catalog_items::configure_categories),
    );
}

/// Mounts the operator's "import now" of `library` (docs/operations.md "Imports") under
/// `/to/api/operation/<key>/catalog-import`, guarded by `<key>:catalog:manage` through
/// `authenticator`.
pub fn configure_catalog_import(
    cfg: &mut web::ServiceConfig,
    library: &'static Library,
    db: &kernel::Database,
    control: Arc<item::import_control::ImportControl>,
    authenticator: Arc<auth::Authenticator>,
) {
    cfg.service(
        web::scope(&format!("{}/catalog-import", library.operation_base()))
            .app_data(web::Data::new(
                routes::catalog_items::import::CatalogImportState {
                    library,
                    control,
                    audit: audit::store::LibraryAuditRepository::new(db),
                    history: item::import_history::ImportHistoryRepository::new(db),
                },
            ))
            .app_data(web::Data::from(authenticator))
            .configure(routes::catalog_items::configure_import),
    );
}

/// The app data a library's public scope and its open scope both read (the kit's category,
/// item and search routes and the usage recorder): built once by the library, mounted on each.
pub struct ScopeData<L: item::library::ItemLibrary, F: search::IndexFeed> {
    pub catalog: web::Data<CatalogState>,
    pub items: web::Data<routes::view::ItemRoutes<L>>,
    pub search: web::Data<search::IndexFollower<F>>,
    pub usage: web::Data<usage::UsageRecorder>,
}

impl<L: item::library::ItemLibrary, F: search::IndexFeed> ScopeData<L, F> {
    /// The scope data of `library` over the service's database: its category tree, the item
    /// routes of `items` with its `files`, its index follower and its usage recorder.
    pub fn new(
        context: &ServiceContext,
        library: &'static Library,
        items: Arc<L>,
        files: item::files::ItemFiles,
        search: &Arc<search::IndexFollower<F>>,
        usage: &Arc<usage::UsageRecorder>,
    ) -> Self {
        Self {
            catalog: web::Data::new(CatalogState {
                library,
                store: CategoryRepository::new(&context.db),
            }),
            items: web::Data::new(routes::view::ItemRoutes::new(&context.db, items, files)),
            search: web::Data::from(Arc::clone(search)),
            usage: web::Data::from(Arc::clone(usage)),
        }
    }

    /// `scope` with this data added.
    pub fn mount(&self, scope: actix_web::Scope) -> actix_web::Scope {
        scope
            .app_data(self.catalog.clone())
            .app_data(self.items.clone())
            .app_data(self.search.clone())
            .app_data(self.usage.clone())
    }
}

/// Mounts the open platform's read-only API of `library` (`/to/open/<key>`, docs/open-platform.md):
/// search, suggestions, category counts, items, compare, downloads, manufacturers and the
/// category tree — the kit's public routes over `data`, behind `auth::open::open_gate` (an API
/// key with the library in its scope, counted against its rate and quota).
pub fn configure_open<L: item::library::ItemLibrary, F: search::IndexFeed>(
    cfg: &mut web::ServiceConfig,
    context: &ServiceContext,
    library: &'static Library,
    data: &ScopeData<L, F>,
) {
    let gate = auth::open::OpenGate::new(
        library_authenticator(context),
        &context.shared_cache,
        library.key,
    );
    cfg.service(
        data.mount(web::scope(&library.open_base()).app_data(web::Data::new(gate)))
            // Before the category routes: `/category/counts` is not a category.
            .configure(routes::configure_search::<F>)
            .configure(routes::configure_items::<L>)
            .configure(routes::configure)
            .wrap(actix_web::middleware::from_fn(auth::open::open_gate)),
    );
}

/// A library's own routes' document (paths relative to its scope) with its concrete paths under
/// the library's API base (`/item/{id}/recommendations` → `/to/api/public/part/item/{id}/…`).
pub fn library_routes_openapi(
    document: utoipa::openapi::OpenApi,
    library: &Library,
) -> utoipa::openapi::OpenApi {
    with_base(document, &library.api_base())
}

/// The token check a library service's operator routes use: the system service's authenticator
/// when it runs in this process, else introspection (`auth::service_authenticator`); when neither
/// can be built, one that refuses every token (logged), so the routes stay closed rather than open.
pub fn library_authenticator(context: &ServiceContext) -> Arc<auth::Authenticator> {
    auth::service_authenticator(context).unwrap_or_else(|error| {
        tracing::error!(error = %format!("{error:#}"), "no token check: every token is refused");
        Arc::new(auth::Authenticator::new(
            Arc::new(auth::NoTokenSource),
            None,
            std::time::Duration::from_millis(1),
        ))
    })
}

/// Whether an organisation is active, as a library service asks it: the system service's
/// directory when it runs in this process, else its public organisation route
/// (`auth::service_org_directory`); when neither can be built, no organisation is (logged), so
/// the public organisation pages stay empty rather than show what an operator took down.
pub fn library_org_directory(context: &ServiceContext) -> Arc<auth::OrgDirectory> {
    auth::service_org_directory(context).unwrap_or_else(|error| {
        tracing::error!(error = %format!("{error:#}"), "no organisation directory: no public organisation page");
        Arc::new(auth::OrgDirectory::new(
            Arc::new(auth::NoOrgSource),
            std::time::Duration::from_millis(1),
        ))
    })
}

/// Prefixes every path of `document` with the library's API base.
fn with_base(mut document: utoipa::openapi::OpenApi, base: &str) -> utoipa::openapi::OpenApi {
    document.paths.paths = std::mem::take(&mut document.paths.paths)
        .into_iter()
        .map(|(path, item)| (format!("{base}{path}"), item))
        .collect();
    document
}

/// The library's OpenAPI document with its concrete paths.
pub fn openapi(library: &Library) -> utoipa::openapi::OpenApi {
    let mut document = CatalogApi::openapi();
    document.info.title = format!("{} {} API", library.title, library.title_en);
    document.info.version = env!("CARGO_PKG_VERSION").to_owned();
    document.info.description = Some(format!(
        "{}库公开接口 / public API of the {} library. Every answer is the envelope {{code, data, msg}}.",
        library.title, library.title_en
    ));
    with_base(document, &library.api_base())
}

impl Service for LibraryService {
    fn name(&self) -> &'static str {
        self.library.key
    }

    fn migrations(&self) -> Migrations {
        MIGRATIONS
    }

    fn error_codes(&self) -> &'static [ErrorCode] {
        self.library.errors
    }

    fn openapi(&self) -> utoipa::openapi::OpenApi {
        let mut document = openapi(self.library);
        document.merge(with_base(
            EmptySuggestApi::openapi(),
            &self.library.api_base(),
        ));
        document.merge(enterprise_openapi(self.library));
        document
    }

    fn configure(&self, context: &ServiceContext, cfg: &mut web::ServiceConfig) {
        let state = web::Data::new(CatalogState {
            library: self.library,
            store: CategoryRepository::new(&context.db),
        });
        cfg.service(
            web::scope(&self.library.api_base())
                .app_data(state)
                .configure(routes::configure)
                // No search index yet: the search box's suggest call answers `[]`, not a 404.
                .configure(routes::suggest::configure),
        );
        self.configure_enterprise(context, cfg, library_authenticator(context));
    }

    /// Opens the enterprise items' file store, then applies the embedded taxonomy when the
    /// database has not seen this version of it.
    fn seed<'a>(&'a self, context: &'a ServiceContext) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(async move {
            // A second open of the same service value keeps the first.
            if self.attachments.get().is_none() {
                let files = item::files::ItemFiles::open_configured(context).await?;
                let attachments = enterprise::files::Attachments::open(context, files).await?;
                self.attachments.get_or_init(|| attachments);
            }
            let taxonomy = self.library.parse_taxonomy()?;
            let store = CategoryRepository::new(&context.db);
            if store.applied_digest().await?.as_deref() == Some(taxonomy.digest.as_str()) {
                return Ok(());
            }
            let report = store.sync(&taxonomy).await?;
            tracing::info!(
                library = self.library.key,
                total = report.total,
                inserted = report.inserted,
                updated = report.updated,
                stale = report.stale,
                "category taxonomy applied"
            );
            Ok(())
        })
    }
}
