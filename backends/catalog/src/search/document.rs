//! The kit's part of an item's search document: what every library indexes of its items (code,
//! name, description, keywords, category path, manufacturer, parameters) and the stored hit the
//! search route answers from. A library adds its own fields (components: aliases, package,
//! quality rating) with struct update syntax over [`search_document`].

use std::str::FromStr;

use search::{CategoryRef, SearchDocument, SearchParameter};

use crate::item::library::ItemLibrary;
use crate::item::model::IndexDocument;
use crate::model::CategoryRecord;
use crate::routes::search::StoredHit;
use crate::routes::view::{category_path, ItemSummary, ParameterView};

/// The search document of `document` with the kit's fields filled in and, as payload, the
/// [`StoredHit`] of `library`'s summary (its summary extras included) and the parameters.
/// Parameters are named by their dimension (`capacitance`); one whose dimension this build does
/// not know is shown in the hit but not indexed. No aliases, no package, no quality (factor 1).
pub fn search_document<L: ItemLibrary>(
    library: &L,
    document: &IndexDocument<L::Extension>,
    categories: &[CategoryRecord],
) -> SearchDocument {
    let item = &document.item;
    // A summary that does not serialise (a library's extras that are no JSON object) is logged
    // and the hit answers the kit's fields alone rather than dropping the item.
    let summary = ItemSummary::of(library, item, Some(&document.extension)).unwrap_or_else(|error| {
        tracing::error!(library = library.library().key, item = item.id, error = %error.message(), "search summary");
        ItemSummary::default()
    });
    SearchDocument {
        id: item.id.to_string(),
        part_number: item.code.clone(),
        name: item.name.clone(),
        description: item.description.clone(),
        keywords: item
            .keywords
            .split_whitespace()
            .map(str::to_string)
            .collect(),
        categories: category_path(categories, item.category_id)
            .into_iter()
            .map(|crumb| CategoryRef {
                code: crumb.code,
                name: crumb.name,
                name_en: crumb.name_en,
            })
            .collect(),
        manufacturer: item.manufacturer_name.clone(),
        parameters: document
            .parameters
            .iter()
            .filter_map(|parameter| {
                Some(SearchParameter {
                    name: parameter.dimension.clone(),
                    dimension: units::Dimension::from_str(&parameter.dimension).ok()?,
                    min: parameter.min,
                    typ: parameter.typ,
                    max: parameter.max,
                })
            })
            .collect(),
        payload: StoredHit {
            component: summary,
            parameters: document
                .parameters
                .iter()
                .map(ParameterView::from)
                .collect(),
        }
        .payload(),
        ..SearchDocument::default()
    }
}

#[cfg(test)]
mod tests {
    use serde::Serialize;
    use utoipa::ToSchema;

    use super::*;
    use crate::item::library::{ItemErrors, NoExtras};
    use crate::item::model::{ItemRecord, Parameter};
    use crate::Library;

    kernel::error_codes! {
        DEMO_ERRORS {
            DEMO_CATEGORY_NOT_FOUND = (1_099_001_000, OK, "分类不存在");
            DEMO_ITEM_NOT_FOUND = (1_099_002_000, OK, "条目不存在");
            DEMO_MANUFACTURER_NOT_FOUND = (1_099_003_000, OK, "厂商不存在");
            DEMO_FILE_NOT_AVAILABLE = (1_099_004_000, OK, "没有此文件");
        }
    }
    static LIBRARY: Library = Library {
        key: "demo",
        title: "演示",
        title_en: "Demo",
        taxonomy: "",
        errors: DEMO_ERRORS,
        category_not_found: DEMO_CATEGORY_NOT_FOUND,
    };
    const ERRORS: ItemErrors = ItemErrors {
        item_not_found: DEMO_ITEM_NOT_FOUND,
        manufacturer_not_found: DEMO_MANUFACTURER_NOT_FOUND,
        file_not_available: DEMO_FILE_NOT_AVAILABLE,
        item_noun: "条目",
    };

    /// A library whose extension row is a package name, shown in summaries.
    struct Demo;

    #[derive(Default, Serialize, ToSchema)]
    struct PackageExtras {
        package: Option<String>,
    }

    impl ItemLibrary for Demo {
        type Extension = String;
        type SummaryExtras = PackageExtras;
        type RecordExtras = NoExtras;
        type DetailExtras = NoExtras;

        fn library(&self) -> &'static Library {
            &LIBRARY
        }

        fn errors(&self) -> &ItemErrors {
            &ERRORS
        }

        fn summary_extras(&self, _: &ItemRecord, package: Option<&String>) -> PackageExtras {
            PackageExtras {
                package: package.cloned(),
            }
        }
    }

    fn category(id: i64, code: &str, parent_id: Option<i64>, path: &str) -> CategoryRecord {
        CategoryRecord {
            id,
            code: code.into(),
            parent_id,
            name: format!("{code}类"),
            name_en: code.into(),
            sort: 0,
            depth: path.matches('/').count() as i32 - 1,
            path: path.into(),
        }
    }

    fn parameter(dimension: &str, typ: f64, original: &str) -> Parameter {
        Parameter {
            dimension: dimension.into(),
            min: None,
            typ: Some(typ),
            max: None,
            original: original.into(),
            conditions: None,
        }
    }

    #[test]
    fn the_kit_fields_and_the_library_summary_make_the_document() -> anyhow::Result<()> {
        let categories = [
            category(1, "passive", None, "/passive"),
            category(2, "capacitor", Some(1), "/passive/capacitor"),
        ];
        let document = IndexDocument {
            item: ItemRecord {
                manufacturer_id: Some(3),
                manufacturer_name: Some("Murata".into()),
                category_id: Some(2),
                category_code: Some("capacitor".into()),
                description: "MLCC".into(),
                keywords: "cap  mlcc".into(),
                ..crate::testing::item_record(7, "demo", "C1", "C0603-100nF")
            },
            parameters: vec![
                parameter("capacitance", 1e-7, "100nF"),
                parameter("no-such-dimension", 1.0, "1 zz"),
            ],
            extension: "0603".to_owned(),
        };
        let indexed = search_document(&Demo, &document, &categories);
        assert_eq!(indexed.id, "7");
        assert_eq!(indexed.part_number, "C0603-100nF");
        assert_eq!(indexed.keywords, ["cap", "mlcc"]);
        let path: Vec<&str> = indexed.categories.iter().map(|c| c.code.as_str()).collect();
        assert_eq!(path, ["passive", "capacitor"]);
        assert_eq!(indexed.manufacturer.as_deref(), Some("Murata"));
        // The unknown dimension is not indexed, but the hit shows it.
        assert_eq!(indexed.parameters.len(), 1);
        assert_eq!(indexed.parameters[0].name, "capacitance");
        assert!(indexed.aliases.is_empty() && indexed.package.is_none());
        assert_eq!(indexed.quality, None);
        let hit: StoredHit = serde_json::from_str(indexed.payload.as_deref().unwrap_or(""))?;
        assert_eq!(hit.component.0["partNumber"], "C0603-100nF");
        assert_eq!(hit.component.0["package"], "0603", "the library's extras");
        assert_eq!(hit.parameters.len(), 2);
        assert_eq!(hit.parameters[1].display, "1 zz");
        Ok(())
    }
}
