//! Two fixture libraries serving the kit's item and search routes: `demo` adds extras read from
//! its items' attributes (a pin count in lists, a drawing URL in the detail, a compare row), as
//! the components library adds its KiCad fields; `plain` adds nothing. Each is a real
//! `kernel::Service` with its own database, items upserted through the kit's store and a search
//! index (in memory) kept by the kit's follower over the kit's `ItemFeed` (neither has an
//! extension table).

use std::sync::{Arc, OnceLock};

use actix_web::web;
use catalog::{
    item::{
        files::ItemFiles,
        library::{ItemErrors, ItemLibrary, NoExtras},
        model::{ItemRecord, NewItem, NewManufacturer, Parameter},
        store::{ItemRepository, ItemStore},
    },
    routes::view::{CompareRow, FileView, ItemRoutes},
    search::{FacetConfig, FacetKind, IndexFollower, ItemFeed},
    store::{CategoryRepository, CategoryStore},
    CatalogState, Library, LibraryService,
};
use futures_util::future::BoxFuture;
use kernel::{error_codes, ErrorCode, Migrations, Service, ServiceContext};
use serde::Serialize;
use storage::{Blobs, FilesSettings};
use utoipa::ToSchema;

use crate::{DEMO, DEMO_ERRORS};

error_codes! {
    PLAIN_ERRORS {
        PLAIN_CATEGORY_NOT_FOUND = (1_099_011_000, OK, "分类不存在");
        PLAIN_ITEM_NOT_FOUND = (1_099_012_000, OK, "材料不存在");
        PLAIN_MANUFACTURER_NOT_FOUND = (1_099_013_000, OK, "厂商不存在");
        PLAIN_FILE_NOT_AVAILABLE = (1_099_014_000, OK, "该材料没有此文件");
    }
}

pub static PLAIN: Library = Library {
    key: "plain",
    title: "朴素",
    title_en: "Plain",
    // The demo's tree under its own key.
    taxonomy: include_str!("../fixtures/plain.json"),
    errors: PLAIN_ERRORS,
    category_not_found: PLAIN_CATEGORY_NOT_FOUND,
};

/// The demo library: what it adds, read from `attributes.pins`.
pub struct DemoItems;

#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DemoSummaryExtras {
    pub pin_count: Option<i64>,
}

#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DemoRecordExtras {
    pub pin_count: Option<i64>,
    /// The attributes as stored.
    pub attributes: serde_json::Value,
}

#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DemoDetailExtras {
    /// Only for an item with a drawing file.
    pub drawing_url: Option<String>,
}

fn pins(item: &ItemRecord) -> Option<i64> {
    item.attributes
        .get("pins")
        .and_then(serde_json::Value::as_i64)
}

pub const DEMO_ITEM_ERRORS: ItemErrors = ItemErrors {
    item_not_found: crate::DEMO_ITEM_NOT_FOUND,
    manufacturer_not_found: crate::DEMO_MANUFACTURER_NOT_FOUND,
    file_not_available: crate::DEMO_FILE_NOT_AVAILABLE,
    item_noun: "演示条目",
};

impl ItemLibrary for DemoItems {
    /// No extension table: the extras come from the items' attributes.
    type Extension = ();
    type SummaryExtras = DemoSummaryExtras;
    type RecordExtras = DemoRecordExtras;
    type DetailExtras = DemoDetailExtras;

    fn library(&self) -> &'static Library {
        &DEMO
    }

    fn errors(&self) -> &ItemErrors {
        &DEMO_ITEM_ERRORS
    }

    fn summary_extras(&self, item: &ItemRecord, _: Option<&()>) -> DemoSummaryExtras {
        DemoSummaryExtras {
            pin_count: pins(item),
        }
    }

    fn record_extras(&self, item: &ItemRecord, _: Option<&()>) -> DemoRecordExtras {
        DemoRecordExtras {
            pin_count: pins(item),
            attributes: item.attributes.clone(),
        }
    }

    fn detail_extras(
        &self,
        item: &ItemRecord,
        _: Option<&()>,
        files: &[FileView],
    ) -> DemoDetailExtras {
        DemoDetailExtras {
            drawing_url: files
                .iter()
                .any(|file| file.kind == "drawing")
                .then(|| format!("{}/item/{}/drawing.svg", DEMO.api_base(), item.id)),
        }
    }

    fn compare_rows(&self, items: &[(&ItemRecord, Option<&()>)]) -> Vec<CompareRow> {
        vec![CompareRow::new(
            "pinCount",
            "引脚数",
            "Pin count",
            items
                .iter()
                .map(|(item, _)| pins(item).map(|pins| pins.to_string()))
                .collect(),
        )]
    }

    fn file_kinds(&self) -> &'static [&'static str] {
        &["drawing", "model-step"]
    }
}

/// The plain library: nothing of its own.
pub struct PlainItems;

const PLAIN_ITEM_ERRORS: ItemErrors = ItemErrors {
    item_not_found: PLAIN_ITEM_NOT_FOUND,
    manufacturer_not_found: PLAIN_MANUFACTURER_NOT_FOUND,
    file_not_available: PLAIN_FILE_NOT_AVAILABLE,
    item_noun: "材料",
};

impl ItemLibrary for PlainItems {
    type Extension = ();
    type SummaryExtras = NoExtras;
    type RecordExtras = NoExtras;
    type DetailExtras = NoExtras;

    fn library(&self) -> &'static Library {
        &PLAIN
    }

    fn errors(&self) -> &ItemErrors {
        &PLAIN_ITEM_ERRORS
    }
}

/// A fixture library as a service: the category routes, the item routes and the search routes
/// on one scope, seeded with [`items`].
pub struct FixtureService<L: ItemLibrary<Extension = ()>> {
    library: Arc<L>,
    category: LibraryService,
    errors: &'static [ErrorCode],
    search: Arc<IndexFollower<ItemFeed<L>>>,
    /// Opened when the service is seeded (every service is seeded before any is configured).
    files: OnceLock<ItemFiles>,
    /// Started when the service is seeded.
    usage: OnceLock<Arc<catalog::usage::UsageRecorder>>,
}

impl<L: ItemLibrary<Extension = ()>> FixtureService<L> {
    pub fn new(library: L, errors: &'static [ErrorCode], facets: FacetConfig) -> Self {
        let key = library.library();
        Self {
            category: LibraryService::new(key),
            library: Arc::new(library),
            errors,
            search: Arc::new(IndexFollower::new(facets)),
            files: OnceLock::new(),
            usage: OnceLock::new(),
        }
    }
}

/// The demo service (no package facet, as a materials library).
pub fn demo_service() -> Arc<dyn Service> {
    Arc::new(FixtureService::new(
        DemoItems,
        DEMO_ERRORS,
        FacetConfig::new(&[
            FacetKind::Category,
            FacetKind::Manufacturer,
            FacetKind::Parameter,
        ]),
    ))
}

pub fn plain_service() -> Arc<dyn Service> {
    Arc::new(FixtureService::new(
        PlainItems,
        PLAIN_ERRORS,
        FacetConfig::all(),
    ))
}

impl<L: ItemLibrary<Extension = ()>> Service for FixtureService<L> {
    fn name(&self) -> &'static str {
        self.library.library().key
    }

    fn migrations(&self) -> Migrations {
        catalog::MIGRATIONS
    }

    fn error_codes(&self) -> &'static [ErrorCode] {
        self.errors
    }

    fn openapi(&self) -> utoipa::openapi::OpenApi {
        let mut document = catalog::openapi(self.library.library());
        document.merge(catalog::items_openapi::<L>(self.library.library()));
        document.merge(catalog::item_search_openapi::<L>(self.library.library()));
        document
    }

    fn configure(&self, context: &ServiceContext, cfg: &mut web::ServiceConfig) {
        let library = self.library.library();
        cfg.service(
            web::scope(&library.api_base())
                .app_data(web::Data::new(CatalogState {
                    library,
                    store: CategoryRepository::new(&context.db),
                }))
                .app_data(web::Data::new(ItemRoutes {
                    library: Arc::clone(&self.library),
                    items: ItemRepository::new(&context.db),
                    categories: CategoryRepository::new(&context.db),
                    files: self.files.get().cloned().unwrap_or_else(|| {
                        panic!("{}: configured before it was seeded", library.key)
                    }),
                }))
                .app_data(web::Data::from(Arc::clone(&self.search)))
                .app_data(web::Data::from(Arc::clone(
                    self.usage.get().unwrap_or_else(|| {
                        panic!("{}: configured before it was seeded", library.key)
                    }),
                )))
                .configure(catalog::routes::configure_search::<ItemFeed<L>>)
                .configure(catalog::routes::configure_items::<L>)
                .configure(catalog::routes::configure),
        );
    }

    fn seed<'a>(&'a self, context: &'a ServiceContext) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(async move {
            self.category.seed(context).await?;
            let key = self.library.library().key;
            self.usage
                .get_or_init(|| catalog::usage::UsageRecorder::start(context, key));
            let files = ItemFiles::new(
                Blobs::open(&FilesSettings::default(), &context.settings.data_dir).await?,
            );
            let mut items = items();
            if self.library.file_kinds().contains(&"drawing") {
                let drawing = files
                    .put(
                        "drawing",
                        "drawings/RC01.svg",
                        "image/svg+xml",
                        DRAWING.as_bytes().to_vec(),
                    )
                    .await?;
                items[0].files.push(drawing);
            }
            let _ = self.files.set(files);
            let store = ItemRepository::new(&context.db);
            store.upsert(&items).await?;
            let categories = CategoryRepository::new(&context.db);
            anyhow::ensure!(categories.count().await? > 0, "categories not seeded");
            let feed = ItemFeed::new(store, Arc::clone(&self.library), "fixture 1");
            self.search.open(None, false, &feed, &categories).await?;
            Ok(())
        })
    }
}

fn parameter(dimension: &str, typ: f64, original: &str, conditions: Option<&str>) -> Parameter {
    Parameter {
        conditions: conditions.map(str::to_owned),
        ..catalog::testing::parameter(dimension, typ, original)
    }
}

fn item(
    source_id: &str,
    code: &str,
    category: &str,
    maker: Option<&str>,
    pins: i64,
    parameters: Vec<Parameter>,
) -> NewItem {
    NewItem {
        source: "fixture".to_owned(),
        source_id: source_id.to_owned(),
        code: code.to_owned(),
        name: format!("{code} 名称"),
        manufacturer: maker.map(|name| NewManufacturer {
            name: name.to_owned(),
            website: None,
            method: "library".to_owned(),
        }),
        category_code: Some(category.to_owned()),
        category_method: Some("fixture".to_owned()),
        description: format!("{code} description"),
        keywords: "fixture".to_owned(),
        document_url: Some(format!("https://example.com/{code}.pdf")),
        lifecycle: Some("active".to_owned()),
        license: "CC0-1.0".to_owned(),
        attributes: serde_json::json!({ "pins": pins }),
        parameters,
        files: Vec::new(),
        links: Vec::new(),
        extension: None,
    }
}

/// The drawing of the first resistor (its file, when the library offers drawings).
pub const DRAWING: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 4\"><rect width=\"10\" height=\"4\"/></svg>";

/// The fixture: 12 chip resistors of Yageo (12 for the compare limit and paging), two MLCCs of
/// Texas Instruments (a glossary name: 德州仪器), one crystal without a manufacturer.
pub fn items() -> Vec<NewItem> {
    let mut items: Vec<NewItem> = (1..=12)
        .map(|n| {
            item(
                &format!("r{n:02}"),
                &format!("RC{n:02}-1K"),
                "chip-resistor",
                Some("Yageo"),
                2,
                vec![parameter(
                    "resistance",
                    1000.0 * n as f64,
                    &format!("{n}k"),
                    None,
                )],
            )
        })
        .collect();
    items.push(item(
        "c1",
        "CL10-100N",
        "mlcc",
        Some("Texas Instruments"),
        2,
        vec![
            parameter("capacitance", 1e-7, "100nF", None),
            parameter("voltage", 50.0, "50V", None),
        ],
    ));
    items.push(item(
        "c2",
        "CL10-1U",
        "mlcc",
        Some("Texas Instruments"),
        3,
        vec![
            parameter("capacitance", 1e-6, "1uF", None),
            parameter("data_size", 524_288.0, "512KB", Some("Flash")),
        ],
    ));
    items.push(item("x1", "XTAL-16M", "crystal", None, 4, Vec::new()));
    items
}
