//! The kit's part of an item's search document: what every library indexes of its items (code,
//! name, description, keywords, category path, manufacturer, parameters) and the stored hit the
//! search route answers from. A library adds its own fields (components: aliases, package,
//! quality rating) with struct update syntax over [`search_document`]. Tested in the integration
//! tests with the demo library (`tests/api/follower.rs`).

use std::str::FromStr;

use search::{CategoryRef, SearchDocument, SearchParameter};

use crate::item::display::is_label;
use crate::item::library::ItemLibrary;
use crate::item::model::{IndexDocument, Parameter};
use crate::model::CategoryRecord;
use crate::routes::search::StoredHit;
use crate::routes::view::{category_path, ItemSummary, ParameterView};

/// The search document of `document` with the kit's fields filled in and, as payload, the
/// [`StoredHit`] of `library`'s summary (its summary extras included) and the parameters.
/// Parameters are named by `parameter_name` ([`by_dimension`] or [`by_label`]); one whose
/// dimension this build does not know is shown in the hit but not indexed. No aliases, no
/// package, no quality (factor 1).
pub fn search_document<L: ItemLibrary>(
    library: &L,
    document: &IndexDocument<L::Extension>,
    categories: &[CategoryRecord],
    parameter_name: fn(&Parameter) -> String,
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
                    name: parameter_name(parameter),
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

/// A parameter searched, filtered and faceted by its dimension (`capacitance`): the components'
/// naming, where conditions are measuring conditions (`4.5V`).
pub fn by_dimension(parameter: &Parameter) -> String {
    parameter.dimension.clone()
}

/// A parameter searched, filtered and faceted by its label (`dk`, `Flash`) when its conditions
/// are one (`item::display::is_label`), else by its dimension: several lengths of one part stay
/// apart and each can be filtered.
pub fn by_label(parameter: &Parameter) -> String {
    parameter
        .conditions
        .as_deref()
        .map(str::trim)
        .filter(|conditions| is_label(conditions))
        .map_or_else(|| parameter.dimension.clone(), str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parameter(dimension: &str, conditions: Option<&str>) -> Parameter {
        Parameter {
            dimension: dimension.into(),
            min: None,
            typ: Some(0.01),
            max: None,
            original: "10 mm".into(),
            conditions: conditions.map(str::to_string),
        }
    }

    #[test]
    fn a_labelled_parameter_is_searched_by_its_label_else_by_its_dimension() {
        assert_eq!(by_label(&parameter("length", Some("dk"))), "dk");
        assert_eq!(by_label(&parameter("length", Some("d₁"))), "d₁");
        // Measuring conditions are no label.
        assert_eq!(
            by_label(&parameter("resistance", Some("4.5V"))),
            "resistance"
        );
        assert_eq!(by_label(&parameter("capacitance", None)), "capacitance");
        assert_eq!(by_dimension(&parameter("length", Some("dk"))), "length");
    }
}
