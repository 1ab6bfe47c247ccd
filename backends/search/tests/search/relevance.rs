//! Query → expected top hits on the real-record fixture.

use search::{
    identifier_key, QueryError, RangeFilter, SearchError, SearchIndex, SearchRequest,
    SearchResults, SortOrder,
};

use crate::fixture;

fn search(index: &SearchIndex, request: &SearchRequest) -> anyhow::Result<SearchResults> {
    Ok(index.search(request)?)
}

fn keywords(words: &[&str]) -> SearchRequest {
    SearchRequest {
        size: 100,
        ..SearchRequest::keywords(words.iter().copied())
    }
}

fn part_numbers(results: &SearchResults) -> Vec<&str> {
    results
        .hits
        .iter()
        .map(|hit| hit.document.part_number.as_str())
        .collect()
}

fn in_category(results: &SearchResults, code: &str) -> bool {
    results
        .hits
        .iter()
        .all(|hit| hit.document.categories.iter().any(|c| c.code == code))
}

#[test]
fn part_number_prefix_finds_the_whole_family() -> anyhow::Result<()> {
    let index = fixture::index()?;
    let expected = fixture::documents()?
        .iter()
        .filter(|d| d.part_number.starts_with("STM32F10"))
        .count();
    assert!(expected >= 20, "fixture has {expected} STM32F10x parts");
    for query in ["STM32F10", "stm32f10", "ＳＴＭ３２Ｆ１０"] {
        let results = search(&index, &keywords(&[query]))?;
        assert_eq!(results.total, expected, "{query}");
        assert!(
            part_numbers(&results)
                .iter()
                .all(|pn| pn.starts_with("STM32F10")),
            "{query}: {:?}",
            part_numbers(&results)
        );
    }
    let narrower = search(&index, &keywords(&["STM32F103C8"]))?;
    assert_eq!(part_numbers(&narrower).first(), Some(&"STM32F103C8Tx"));
    Ok(())
}

#[test]
fn exact_part_numbers_rank_first() -> anyhow::Result<()> {
    let index = fixture::index()?;
    let lm358 = search(&index, &keywords(&["LM358"]))?;
    assert_eq!(part_numbers(&lm358)[..2], ["LM358", "LM358_DFN"]);
    assert!(lm358.hits[0].exact);
    assert!(!lm358.hits[1].exact);

    let ne555p = search(&index, &keywords(&["NE555P"]))?;
    assert_eq!(part_numbers(&ne555p).first(), Some(&"NE555P"));
    let ne555 = search(&index, &keywords(&["NE555"]))?;
    let mut top_two = part_numbers(&ne555)[..2].to_vec();
    top_two.sort_unstable();
    assert_eq!(top_two, ["NE555D", "NE555P"]);
    // Separators and case do not matter for identifiers.
    let dashed = search(&index, &keywords(&["lm358-dfn"]))?;
    assert_eq!(part_numbers(&dashed).first(), Some(&"LM358_DFN"));
    assert!(dashed.hits[0].exact);
    Ok(())
}

#[test]
fn chinese_words_and_synonyms_find_op_amps() -> anyhow::Result<()> {
    let index = fixture::index()?;
    let op_amps = fixture::documents()?
        .iter()
        .filter(|d| d.categories.iter().any(|c| c.code == "op-amp"))
        .count();
    for query in ["运放", "运算放大器", "op amp"] {
        let results = search(&index, &keywords(&[query]))?;
        assert!(
            results.total >= op_amps,
            "{query}: {} < {op_amps}",
            results.total
        );
        let top: Vec<_> = results.hits.iter().take(10).collect();
        assert!(
            top.iter()
                .all(|hit| hit.document.categories.iter().any(|c| c.code == "op-amp")),
            "{query}: {:?}",
            part_numbers(&results)
        );
    }
    let tantalum = search(&index, &keywords(&["钽电容"]))?;
    assert!(tantalum.total >= 5);
    assert!(in_category(&tantalum, "tantalum-capacitor"));
    Ok(())
}

#[test]
fn keywords_combine_across_fields() -> anyhow::Result<()> {
    let index = fixture::index()?;
    // A category word and a package code, both required.
    let results = search(&index, &keywords(&["运放", "SOIC-8"]))?;
    assert!(results.total > 0);
    for hit in &results.hits {
        assert!(hit.document.categories.iter().any(|c| c.code == "op-amp"));
        let text = format!(
            "{} {}",
            hit.document.description,
            hit.document.package.as_deref().unwrap_or("")
        )
        .to_lowercase();
        assert!(text.contains("soic-8") || text.contains("soic_8"), "{text}");
    }
    Ok(())
}

/// The ids of the fixture whose capacitance parameter is 10 µF.
fn ten_microfarad_ids() -> anyhow::Result<Vec<String>> {
    let mut ids: Vec<String> = fixture::documents()?
        .into_iter()
        .filter(|d| {
            d.parameters.iter().any(|p| {
                p.name == "capacitance" && p.typ.is_some_and(|v| units::approx_eq(v, 1e-5))
            })
        })
        .map(|d| d.id)
        .collect();
    ids.sort();
    Ok(ids)
}

#[test]
fn value_keywords_match_whatever_the_spelling() -> anyhow::Result<()> {
    let index = fixture::index()?;
    let expected = ten_microfarad_ids()?;
    assert!(expected.len() >= 3, "{expected:?}");
    for spelling in ["10uF", "10μF", "10 µF", "0.01mF", "10000nF", "10UF"] {
        let request = SearchRequest {
            value_keywords: vec![spelling.to_string()],
            size: 100,
            ..SearchRequest::default()
        };
        let results = search(&index, &request)?;
        let ids: Vec<&str> = results.hits.iter().map(|h| h.id.as_str()).collect();
        for id in &expected {
            assert!(
                ids.contains(&id.as_str()),
                "{spelling}: {id} missing from {ids:?}"
            );
        }
        // Every other hit states 10 µF in its text.
        for hit in results.hits.iter().filter(|h| !expected.contains(&h.id)) {
            let text = format!("{} {}", hit.document.name, hit.document.description);
            let values = units::extract_params(&text);
            assert!(
                values.iter().any(|(_, v)| v.admits(1e-5)),
                "{spelling}: {} does not state 10µF: {text}",
                hit.id
            );
        }
        // The same value as a plain keyword (the client sends it in both lists).
        let as_keyword = search(&index, &keywords(&[spelling]))?;
        assert_eq!(as_keyword.total, results.total, "{spelling}");
    }
    Ok(())
}

#[test]
fn value_and_package_together() -> anyhow::Result<()> {
    let index = fixture::index()?;
    let request = SearchRequest {
        value_keywords: vec!["100nF".into()],
        ..keywords(&["100nF", "0603"])
    };
    let results = search(&index, &request)?;
    assert_eq!(
        part_numbers(&results).first(),
        Some(&"SMD_multilayer-capacitor_0603")
    );
    let elko = search(&index, &keywords(&["10uF", "0605"]))?;
    assert_eq!(part_numbers(&elko), ["SMD_elko_0605"]);
    Ok(())
}

#[test]
fn range_filters_in_any_prefix() -> anyhow::Result<()> {
    let index = fixture::index()?;
    let in_range = |low: f64, high: f64| -> anyhow::Result<usize> {
        Ok(fixture::documents()?
            .iter()
            .filter(|d| {
                d.parameters.iter().any(|p| {
                    p.name == "capacitance"
                        && p.bounds().is_some_and(|(lo, hi)| {
                            lo <= high * (1.0 + 1e-9) && hi >= low * (1.0 - 1e-9)
                        })
                })
            })
            .count())
    };
    let expected = in_range(1e-9, 1e-5)?;
    assert!(expected > 5);
    for expression in [
        "capacitance >= 1nF and <= 10uF",
        "capacitance: 1000pF..10μF",
        "Capacitance: 0.001uF..0.01mF",
    ] {
        let request = SearchRequest {
            ranges: vec![RangeFilter::parse(expression)?],
            allow_empty: true,
            size: 100,
            ..SearchRequest::default()
        };
        let results = search(&index, &request)?;
        assert_eq!(results.total, expected, "{expression}");
        for hit in &results.hits {
            let value = hit
                .document
                .parameters
                .iter()
                .find_map(|p| (p.name == "capacitance").then_some(p.typ).flatten());
            assert!(
                value.is_some_and(|v| (1e-9 * (1.0 - 1e-9)..=1e-5 * (1.0 + 1e-9)).contains(&v)),
                "{expression}: {value:?}"
            );
        }
    }
    // A range and a keyword together.
    let request = SearchRequest {
        ranges: vec![RangeFilter::parse("capacitance >= 100uF")?],
        ..keywords(&["电解电容"])
    };
    let results = search(&index, &request)?;
    assert!(results.total > 0);
    assert!(in_category(&results, "aluminum-electrolytic-capacitor"));
    Ok(())
}

#[test]
fn facets_count_every_match() -> anyhow::Result<()> {
    let index = fixture::index()?;
    let results = search(&index, &keywords(&["运放"]))?;
    let op_amp = results
        .facets
        .categories
        .iter()
        .find(|f| f.value == "op-amp")
        .map(|f| f.count);
    assert_eq!(op_amp, Some(results.total as u64));
    let amplifier = results
        .facets
        .categories
        .iter()
        .find(|f| f.value == "amplifier");
    assert!(amplifier.is_some_and(|f| f.count >= results.total as u64));

    let capacitors = SearchRequest {
        category: Some("capacitor".into()),
        size: 100,
        ..SearchRequest::default()
    };
    let results = search(&index, &capacitors)?;
    assert!(results.total > 20);
    assert!(in_category(&results, "capacitor"));
    let with_capacitance = fixture::documents()?
        .iter()
        .filter(|d| d.categories.iter().any(|c| c.code == "capacitor"))
        .filter(|d| d.parameters.iter().any(|p| p.name == "capacitance"))
        .count() as u64;
    assert!(with_capacitance > 20);
    assert!(results
        .facets
        .parameters
        .iter()
        .any(|f| f.value == "capacitance" && f.count == with_capacitance));
    assert!(results
        .facets
        .packages
        .iter()
        .any(|f| f.value == "0603 [SMD, multilayer]"));
    // Narrow by a facet value.
    let narrowed = SearchRequest {
        packages: vec!["0603 [smd, multilayer]".into()],
        ..capacitors
    };
    assert_eq!(search(&index, &narrowed)?.total, 1);
    let st = SearchRequest {
        manufacturers: vec!["stmicroelectronics".into()],
        allow_empty: true,
        ..SearchRequest::default()
    };
    let st = search(&index, &st)?;
    assert!(st.total >= 30);
    assert_eq!(st.facets.manufacturers.len(), 1);
    Ok(())
}

#[test]
fn sorting_by_part_number_and_parameter() -> anyhow::Result<()> {
    let index = fixture::index()?;
    let by_part_number = SearchRequest {
        sort: SortOrder::PartNumber { descending: false },
        ..keywords(&["运放"])
    };
    let results = search(&index, &by_part_number)?;
    let names: Vec<String> = part_numbers(&results)
        .iter()
        .map(|p| p.to_lowercase())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);

    for descending in [false, true] {
        let by_capacitance = SearchRequest {
            sort: SortOrder::Parameter {
                name: "Capacitance".into(),
                descending,
            },
            category: Some("capacitor".into()),
            size: 100,
            ..SearchRequest::default()
        };
        let results = search(&index, &by_capacitance)?;
        assert!(results.total > 20);
        let values: Vec<f64> = results
            .hits
            .iter()
            .filter_map(|h| h.document.parameters.iter().find_map(|p| p.sort_value()))
            .collect();
        assert_eq!(values.len(), results.hits.len());
        let ordered = values.windows(2).all(|w| {
            if descending {
                w[0] >= w[1]
            } else {
                w[0] <= w[1]
            }
        });
        assert!(ordered, "{values:?}");
    }
    Ok(())
}

#[test]
fn pages_do_not_overlap() -> anyhow::Result<()> {
    let index = fixture::index()?;
    let page = |page| SearchRequest {
        page,
        size: 10,
        ..SearchRequest::keywords(["STM32F10"])
    };
    let first = search(&index, &page(1))?;
    let second = search(&index, &page(2))?;
    assert_eq!(first.hits.len(), 10);
    assert_eq!(second.hits.len(), 10);
    for hit in &second.hits {
        assert!(first.hits.iter().all(|h| h.id != hit.id));
    }
    let past_the_end = search(&index, &page(100))?;
    assert!(past_the_end.hits.is_empty());
    assert_eq!(past_the_end.total, first.total);
    Ok(())
}

#[test]
fn suggestions_complete_part_numbers_and_words() -> anyhow::Result<()> {
    let index = fixture::index()?;
    let stm = index.suggest("stm32f10", 15);
    assert_eq!(stm.len(), 15);
    assert!(stm.iter().all(|s| s.starts_with("STM32F10")), "{stm:?}");
    assert!(index.suggest("stm32f10", 100).len() <= 15);
    assert_eq!(
        index.suggest("lm35", 15).first().map(String::as_str),
        Some("LM358")
    );
    assert!(index.suggest("运", 15).contains(&"运算放大器".to_string()));
    assert!(index.suggest("钽", 15).contains(&"钽电容".to_string()));
    assert!(index.suggest("", 15).is_empty());
    assert!(index.suggest("qqqq", 15).is_empty());
    Ok(())
}

#[test]
fn bad_requests_get_clear_errors() -> anyhow::Result<()> {
    let index = fixture::index()?;
    let error = |request: SearchRequest| match index.search(&request) {
        Err(SearchError::Query(error)) => Some(error),
        _ => None,
    };
    let eleven: Vec<String> = (0..11).map(|i| format!("k{i}")).collect();
    assert_eq!(
        error(SearchRequest::keywords(eleven)),
        Some(QueryError::TooManyKeywords)
    );
    assert!(matches!(
        error(SearchRequest::keywords(["LM358", "lm358"])),
        Some(QueryError::DuplicateKeyword { .. })
    ));
    assert_eq!(
        error(SearchRequest::default()),
        Some(QueryError::EmptyQuery)
    );
    assert!(matches!(
        error(SearchRequest::keywords(["x".repeat(129)])),
        Some(QueryError::KeywordTooLong { .. })
    ));
    let with_range = |expression: &str| -> anyhow::Result<SearchRequest> {
        Ok(SearchRequest {
            ranges: vec![RangeFilter::parse(expression)?],
            ..SearchRequest::default()
        })
    };
    assert!(matches!(
        error(with_range("weight >= 1kg")?),
        Some(QueryError::UnknownParameter { .. })
    ));
    assert!(matches!(
        error(with_range("capacitance >= 10V")?),
        Some(QueryError::InvalidRangeValue { .. })
    ));
    assert!(matches!(
        error(with_range("capacitance >= abc")?),
        Some(QueryError::InvalidRangeValue { .. })
    ));
    assert!(matches!(
        error(with_range("capacitance >= 10uF and <= 1nF")?),
        Some(QueryError::InvertedRange { .. })
    ));
    assert!(matches!(
        error(SearchRequest {
            value_keywords: vec!["LM358".into()],
            ..SearchRequest::default()
        }),
        Some(QueryError::InvalidValueKeyword { .. })
    ));
    assert!(matches!(
        error(SearchRequest {
            sort: SortOrder::Parameter {
                name: "price".into(),
                descending: false
            },
            ..SearchRequest::keywords(["LM358"])
        }),
        Some(QueryError::UnknownParameter { .. })
    ));
    Ok(())
}

#[test]
fn identifier_keys_are_what_the_index_compares() {
    assert_eq!(identifier_key("STM32F103C8Tx"), "stm32f103c8tx");
}
