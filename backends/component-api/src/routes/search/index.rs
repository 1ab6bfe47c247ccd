//! The component library's side of its search index (the kit's follower,
//! `catalog::search::IndexFollower`, keeps it under `<data_dir>/index/component` in step with
//! the kit's change feed `item_change`): how a component becomes a search document, the
//! stored answer of a hit, and the feed the follower reads ([`IndexFeed`] for
//! [`ComponentRepository`]).

use std::future::Future;
use std::str::FromStr;

use catalog::model::CategoryRecord;
use catalog::search::{FacetConfig, FeedEntry, IndexFeed, IndexFollower};
use search::{CategoryRef, SearchDocument, SearchParameter};
use serde::{Deserialize, Serialize};

use crate::model::{ComponentRecord, Parameter};
use crate::routes::view::{category_path, ComponentSummary, ParameterView};
use crate::store::{ComponentDocument, ComponentRepository};

pub use catalog::search::IndexStart;

/// The component library's part of the index's version stamp: bump it whenever
/// [`document_of`] or [`StoredHit`] changes, so that an index on disk is rebuilt.
pub const INDEX_OWNER_VERSION: &str = "component 1";

/// What a hit answers, stored with the document ([`SearchDocument::payload`]): the search route
/// answers from it without reading the database.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StoredHit {
    pub component: ComponentSummary,
    pub parameters: Vec<ParameterView>,
}

/// The index of the component library, shared by every worker: the kit's follower over the
/// component store, with every facet (category, manufacturer, package, parameters).
pub type ComponentSearch = IndexFollower<ComponentRepository>;

/// The component library's facets: all of them.
pub fn component_facets() -> FacetConfig {
    FacetConfig::all()
}

/// The follower of the component index (not opened yet).
pub fn component_search() -> ComponentSearch {
    IndexFollower::new(component_facets())
}

impl IndexFeed for ComponentRepository {
    type Item = ComponentDocument;

    fn owner_version(&self) -> &'static str {
        INDEX_OWNER_VERSION
    }

    fn label(&self) -> &'static str {
        "component"
    }

    async fn changes_since(&self, after_seq: i64, limit: i64) -> anyhow::Result<Vec<FeedEntry>> {
        let changes = ComponentRepository::changes_since(self, after_seq, limit).await?;
        Ok(changes
            .into_iter()
            .map(|change| FeedEntry {
                seq: change.seq,
                item_id: change.item_id,
            })
            .collect())
    }

    fn item_count(&self) -> impl Future<Output = anyhow::Result<i64>> + Send {
        ComponentRepository::count(self)
    }

    fn index_documents(
        &self,
        after_id: i64,
        limit: i64,
    ) -> impl Future<Output = anyhow::Result<Vec<ComponentDocument>>> + Send {
        ComponentRepository::index_documents(self, after_id, limit)
    }

    fn documents_by_ids(
        &self,
        ids: &[i64],
    ) -> impl Future<Output = anyhow::Result<Vec<ComponentDocument>>> + Send {
        ComponentRepository::documents_by_ids(self, ids)
    }

    fn item_id(item: &ComponentDocument) -> i64 {
        item.item.id
    }

    fn document_of(
        &self,
        item: &ComponentDocument,
        categories: &[CategoryRecord],
    ) -> SearchDocument {
        let component = ComponentRecord::new(item.item.clone(), item.extension.clone());
        document_of(&component, &item.parameters, categories)
    }
}

/// A component as the search index sees it. Parameters are named by their dimension
/// (`capacitance`, `voltage`): the component model has one parameter per dimension.
pub fn document_of(
    component: &ComponentRecord,
    parameters: &[Parameter],
    categories: &[CategoryRecord],
) -> SearchDocument {
    let aliases = component
        .value
        .iter()
        .filter(|value| !value.trim().is_empty() && **value != component.part_number)
        // A value such as `4.7kΩ` or `10uF` is no identifier: as one, `4.7k` would hit `47k`
        // exactly (identifier keys drop the dot). Values match through the parameters.
        .filter(|value| {
            search::value_quantity(value).is_none() && search::resistance_shorthand(value).is_none()
        })
        .cloned()
        .collect();
    SearchDocument {
        id: component.id.to_string(),
        part_number: component.part_number.clone(),
        aliases,
        name: component.name.clone(),
        description: component.description.clone(),
        keywords: component
            .keywords
            .split_whitespace()
            .map(str::to_string)
            .collect(),
        categories: category_path(categories, component.category_id)
            .into_iter()
            .map(|crumb| CategoryRef {
                code: crumb.code,
                name: crumb.name,
                name_en: crumb.name_en,
            })
            .collect(),
        manufacturer: component.manufacturer_name.clone(),
        package: component.package.clone(),
        parameters: parameters
            .iter()
            .filter_map(|parameter| {
                let dimension = units::Dimension::from_str(&parameter.dimension).ok()?;
                Some(SearchParameter {
                    name: parameter.dimension.clone(),
                    dimension,
                    min: parameter.min,
                    typ: parameter.typ,
                    max: parameter.max,
                })
            })
            .collect(),
        quality: Some(super::quality::quality_of(component, parameters)),
        payload: serde_json::to_string(&StoredHit {
            component: ComponentSummary::from(component),
            parameters: parameters.iter().map(ParameterView::from).collect(),
        })
        .ok(),
    }
}
