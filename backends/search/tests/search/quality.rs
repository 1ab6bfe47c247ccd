//! The quality factor: complete records (values, package, drawings) rank ahead of bare ones.

use search::{CategoryRef, Dimension, SearchDocument, SearchIndex, SearchParameter, SearchRequest};

fn capacitor(id: &str, name: &str, description: &str, quality: Option<f32>) -> SearchDocument {
    SearchDocument {
        id: id.into(),
        part_number: id.into(),
        name: name.into(),
        description: description.into(),
        categories: vec![CategoryRef {
            code: "capacitor".into(),
            name: "电容".into(),
            name_en: "Capacitor".into(),
        }],
        quality,
        ..SearchDocument::default()
    }
}

fn index() -> anyhow::Result<SearchIndex> {
    rated(true)
}

/// The three capacitors, with their qualities or (`rated` false) none.
fn rated(rated: bool) -> anyhow::Result<SearchIndex> {
    let index = SearchIndex::in_memory()?;
    let quality = |q: f32| rated.then_some(q);
    let mut complete = capacitor(
        "C0603-100nF-50V",
        "100nF",
        "Multilayer ceramic capacitor, 100nF, 50V, 0603",
        quality(1.0),
    );
    complete.package = Some("0603".into());
    complete.parameters = vec![SearchParameter {
        name: "capacitance".into(),
        dimension: Dimension::Capacitance,
        min: None,
        typ: Some(1e-7),
        max: None,
    }];
    index.rebuild([
        // Bare symbols first in id order: without the factor they would win the ties.
        capacitor("C", "C", "Unpolarized capacitor", quality(0.0)),
        capacitor(
            "C_Small",
            "C_Small",
            "Unpolarized capacitor, small symbol",
            quality(0.0),
        ),
        complete,
    ])?;
    Ok(index)
}

fn ids(index: &SearchIndex, request: &SearchRequest) -> anyhow::Result<Vec<String>> {
    Ok(index
        .search(request)?
        .hits
        .into_iter()
        .map(|hit| hit.id)
        .collect())
}

#[test]
fn a_complete_part_ranks_ahead_of_bare_symbols_for_a_word() -> anyhow::Result<()> {
    let index = index()?;
    // `capacitor` is one word of three in the part's description, one of two in the symbol's:
    // the bare symbol scores higher on text alone.
    let request = SearchRequest::keywords(["capacitor"]);
    let unrated = ids(&rated(false)?, &request)?;
    assert_eq!(
        unrated.first().map(String::as_str),
        Some("C"),
        "{unrated:?}"
    );
    let found = ids(&index, &request)?;
    assert_eq!(
        found.first().map(String::as_str),
        Some("C0603-100nF-50V"),
        "{found:?}"
    );
    assert_eq!(found.len(), 3);
    Ok(())
}

#[test]
fn a_category_list_without_keywords_puts_the_complete_part_first() -> anyhow::Result<()> {
    let index = index()?;
    let request = SearchRequest {
        category: Some("capacitor".into()),
        ..SearchRequest::default()
    };
    assert_eq!(
        ids(&rated(false)?, &request)?,
        ["C", "C_Small", "C0603-100nF-50V"]
    );
    let found = ids(&index, &request)?;
    assert_eq!(found, ["C0603-100nF-50V", "C", "C_Small"]);
    Ok(())
}

#[test]
fn an_exact_part_number_still_comes_first_whatever_its_quality() -> anyhow::Result<()> {
    let index = index()?;
    let found = ids(&index, &SearchRequest::keywords(["C_Small"]))?;
    assert_eq!(
        found.first().map(String::as_str),
        Some("C_Small"),
        "{found:?}"
    );
    Ok(())
}
