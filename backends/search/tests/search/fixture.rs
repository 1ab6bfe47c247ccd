//! The real-record fixture (`tests/fixtures/kicad_fritzing_items.json`, see its LICENSE.md).

use search::{CategoryRef, Dimension, SearchDocument, SearchIndex, SearchParameter};
use serde::Deserialize;

const FIXTURE: &str = include_str!("../fixtures/kicad_fritzing_items.json");

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Item {
    id: String,
    part_number: String,
    name: String,
    description: String,
    keywords: Vec<String>,
    categories: Vec<CategoryRef>,
    manufacturer: Option<String>,
    package: Option<String>,
    parameters: Vec<Parameter>,
}

#[derive(Deserialize)]
struct Parameter {
    name: String,
    dimension: Dimension,
    text: String,
}

/// The fixture as search documents; parameters read with the `units` parser.
pub fn documents() -> anyhow::Result<Vec<SearchDocument>> {
    let items: Vec<Item> = serde_json::from_str(FIXTURE)?;
    Ok(items
        .into_iter()
        .map(|item| SearchDocument {
            id: item.id,
            part_number: item.part_number,
            aliases: Vec::new(),
            name: item.name,
            description: item.description,
            keywords: item.keywords,
            categories: item.categories,
            manufacturer: item.manufacturer,
            package: item.package,
            parameters: item
                .parameters
                .iter()
                .filter_map(|p| SearchParameter::parse(&p.name, p.dimension, &p.text))
                .collect(),
            quality: None,
            payload: None,
        })
        .collect())
}

/// An in-memory index of the whole fixture.
pub fn index() -> anyhow::Result<SearchIndex> {
    let index = SearchIndex::in_memory()?;
    let count = index.rebuild(documents()?)?;
    anyhow::ensure!(count > 200, "fixture too small: {count}");
    Ok(index)
}
