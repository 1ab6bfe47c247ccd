//! Incremental updates, rebuilds, the on-disk index and sharing across threads.

use std::sync::Arc;

use search::{Dimension, SearchDocument, SearchIndex, SearchParameter, SearchRequest};

use crate::fixture;

fn part(id: &str, part_number: &str, name: &str) -> SearchDocument {
    SearchDocument {
        id: id.to_string(),
        part_number: part_number.to_string(),
        name: name.to_string(),
        description: "Low-Power, Dual Operational Amplifiers, SOIC-8".to_string(),
        parameters: vec![SearchParameter {
            name: "Supply Voltage".into(),
            dimension: Dimension::Voltage,
            min: Some(3.0),
            typ: None,
            max: Some(32.0),
        }],
        ..SearchDocument::default()
    }
}

fn total(index: &SearchIndex, keyword: &str) -> anyhow::Result<usize> {
    Ok(index.search(&SearchRequest::keywords([keyword]))?.total)
}

#[test]
fn upserts_and_deletes_become_visible_on_commit() -> anyhow::Result<()> {
    let index = SearchIndex::in_memory()?;
    index.upsert([part("1", "GRM155R71C104KA88D", "Murata MLCC")])?;
    assert_eq!(total(&index, "GRM155")?, 0, "visible before commit");
    assert!(index.suggest("grm", 15).is_empty());
    index.commit()?;
    assert_eq!(total(&index, "GRM155")?, 1);
    assert_eq!(index.suggest("grm", 15), vec!["GRM155R71C104KA88D"]);

    // Same id: replaced, not duplicated.
    index.upsert([part("1", "GRM188R71C104KA01D", "Murata MLCC 0603")])?;
    index.commit()?;
    assert_eq!(index.len(), 1);
    assert_eq!(total(&index, "GRM155")?, 0);
    assert_eq!(total(&index, "GRM188")?, 1);
    assert_eq!(index.suggest("grm", 15), vec!["GRM188R71C104KA01D"]);

    index.delete("1")?;
    index.commit()?;
    assert_eq!(index.len(), 0);
    assert!(index.suggest("grm", 15).is_empty());
    assert!(index.parameters().is_empty());
    Ok(())
}

#[test]
fn compacting_merges_segments_and_keeps_every_item_and_facet() -> anyhow::Result<()> {
    let index = SearchIndex::in_memory()?;
    for (id, part_number) in [("1", "LM358"), ("2", "LM324"), ("3", "LM2904")] {
        index.upsert([SearchDocument {
            manufacturer: Some("Texas Instruments".into()),
            ..part(id, part_number, part_number)
        }])?;
        index.commit()?;
    }
    assert_eq!(index.segment_count(), 3);
    let before = index.search(&SearchRequest::keywords(["LM"]))?;
    assert_eq!(before.total, 3);

    index.compact()?;
    assert_eq!(index.segment_count(), 1);
    let after = index.search(&SearchRequest::keywords(["LM"]))?;
    assert_eq!(after.total, 3);
    assert_eq!(after.facets, before.facets);
    assert_eq!(after.facets.manufacturers[0].count, 3);
    assert_eq!(index.suggest("lm", 15).len(), 3);
    Ok(())
}

#[test]
fn a_chinese_manufacturer_name_or_alias_finds_its_parts() -> anyhow::Result<()> {
    let index = SearchIndex::in_memory()?;
    let made_by = |id: &str, part_number: &str, manufacturer: &str| SearchDocument {
        manufacturer: Some(manufacturer.into()),
        ..part(id, part_number, part_number)
    };
    index.rebuild([
        made_by("1", "LM358", "Texas Instruments"),
        made_by("2", "LM324", "Texas Instruments"),
        made_by("3", "LM2904", "STMicroelectronics"),
        made_by("4", "MAX232", "Analog Devices (Maxim Integrated)"),
        made_by("5", "AD8605", "Analog Devices"),
    ])?;
    let ids = |keywords: &[&str]| -> anyhow::Result<Vec<String>> {
        let mut ids: Vec<String> = index
            .search(&SearchRequest::keywords(keywords.iter().copied()))?
            .hits
            .into_iter()
            .map(|hit| hit.id)
            .collect();
        ids.sort();
        Ok(ids)
    };
    assert_eq!(ids(&["德州仪器"])?, ["1", "2"]);
    assert_eq!(ids(&["TI"])?, ["1", "2"]);
    assert_eq!(ids(&["意法半导体"])?, ["3"]);
    assert_eq!(ids(&["意法"])?, ["3"]);
    // Every catalogue spelling of the vendor: `Analog Devices (Maxim Integrated)` too.
    assert_eq!(ids(&["亚德诺"])?, ["4", "5"]);
    // With another keyword, both must match.
    assert_eq!(ids(&["德州仪器", "LM324"])?, ["2"]);
    assert!(ids(&["英飞凌"])?.is_empty());
    Ok(())
}

#[test]
fn parameter_ranges_overlap_stated_ranges() -> anyhow::Result<()> {
    let index = SearchIndex::in_memory()?;
    index.rebuild([part("1", "LM358", "LM358")])?;
    let count = |expression: &str| -> anyhow::Result<usize> {
        let request = SearchRequest {
            ranges: vec![search::RangeFilter::parse(expression)?],
            ..SearchRequest::default()
        };
        Ok(index.search(&request)?.total)
    };
    // Supply 3 V..32 V works at 5 V, and across 30..40 V; not at 2 V or from 33 V.
    assert_eq!(count("supply voltage = 5V")?, 1);
    assert_eq!(count("Supply Voltage: 30V..40V")?, 1);
    assert_eq!(count("supply voltage <= 2V")?, 0);
    assert_eq!(count("supply voltage >= 33000mV")?, 0);
    let info = index.parameters();
    assert_eq!(info.len(), 1);
    assert_eq!(info[0].name, "Supply Voltage");
    assert_eq!(info[0].dimension, Dimension::Voltage);
    Ok(())
}

#[test]
fn an_index_on_disk_survives_a_restart() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("index").join("component");
    let documents = fixture::documents()?;
    {
        let index = SearchIndex::open_or_create(&path)?;
        assert!(index.needs_rebuild());
        index.rebuild(documents.clone())?;
        assert!(index.size_bytes() > 0);
    }
    let index = SearchIndex::open_or_create(&path)?;
    assert!(!index.needs_rebuild());
    assert_eq!(index.len() as usize, documents.len());
    assert_eq!(total(&index, "LM358")?, 2);
    assert_eq!(
        index.suggest("lm35", 15).first().map(String::as_str),
        Some("LM358")
    );
    assert!(index.parameters().iter().any(|p| p.key == "capacitance"));
    drop(index);

    // Another schema version: recreated empty, to be rebuilt.
    std::fs::write(path.join("portal-search-version"), "0")?;
    let index = SearchIndex::open_or_create(&path)?;
    assert!(index.needs_rebuild());
    assert_eq!(index.len(), 0);
    Ok(())
}

/// The owner's checkpoint travels with each commit and survives a restart; the version stamp
/// (schema, analysers, owner) decides whether the index on disk is reused.
#[test]
fn the_commit_payload_and_the_version_stamp_survive_a_restart() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("component");
    {
        let index = SearchIndex::open_versioned(&path, "component 1")?;
        assert!(index.needs_rebuild());
        assert_eq!(index.committed_payload()?, None);
        index.set_commit_payload(r#"{"seq":7}"#);
        index.rebuild([part("1", "LM358", "运放")])?;
        index.set_commit_payload(r#"{"seq":9}"#);
        index.upsert([part("2", "LM324", "运放")])?;
        index.commit()?;
        assert_eq!(index.committed_payload()?.as_deref(), Some(r#"{"seq":9}"#));
    }
    let stamp = std::fs::read_to_string(path.join("portal-search-version"))?;
    assert_eq!(stamp, SearchIndex::version_stamp("component 1"));
    assert!(
        stamp.contains("schema ") && stamp.contains("analysis "),
        "{stamp}"
    );
    {
        let index = SearchIndex::open_versioned(&path, "component 1")?;
        assert!(!index.needs_rebuild());
        assert_eq!(index.committed_payload()?.as_deref(), Some(r#"{"seq":9}"#));
        assert_eq!(total(&index, "LM324")?, 1);
    }
    // The owner's documents changed shape: recreated empty, no checkpoint.
    let index = SearchIndex::open_versioned(&path, "component 2")?;
    assert!(index.needs_rebuild());
    assert_eq!(index.len(), 0);
    assert_eq!(index.committed_payload()?, None);
    Ok(())
}

#[test]
fn searches_run_while_another_thread_writes() -> anyhow::Result<()> {
    let index = Arc::new(fixture::index()?);
    let before = total(&index, "运放")?;
    let readers: Vec<_> = (0..2)
        .map(|_| {
            let index = Arc::clone(&index);
            std::thread::spawn(move || -> anyhow::Result<()> {
                for _ in 0..50 {
                    let results = index.search(&SearchRequest::keywords(["运放"]))?;
                    anyhow::ensure!(results.total >= before);
                }
                Ok(())
            })
        })
        .collect();
    for i in 0..5 {
        index.upsert([part(&format!("new-{i}"), &format!("OPA{i}"), "运放 OPA")])?;
        index.commit()?;
    }
    for reader in readers {
        reader
            .join()
            .map_err(|_| anyhow::anyhow!("reader thread panicked"))??;
    }
    assert_eq!(total(&index, "运放")?, before + 5);
    Ok(())
}

#[test]
fn equal_values_rank_before_ranges_that_contain_them() -> anyhow::Result<()> {
    let index = SearchIndex::in_memory()?;
    let with_voltage = |id: &str, min, typ, max| SearchDocument {
        parameters: vec![SearchParameter {
            name: "voltage".into(),
            dimension: Dimension::Voltage,
            min,
            typ,
            max,
        }],
        ..part(id, id, id)
    };
    index.rebuild([
        with_voltage("RANGE", Some(2.0), None, Some(3.6)),
        with_voltage("EXACT", None, Some(3.3), None),
        with_voltage("OTHER", None, Some(5.0), None),
    ])?;
    let request = SearchRequest {
        value_keywords: vec!["3300mV".into()],
        ..SearchRequest::default()
    };
    let results = index.search(&request)?;
    let ids: Vec<&str> = results.hits.iter().map(|h| h.id.as_str()).collect();
    assert_eq!(ids, ["EXACT", "RANGE"]);
    Ok(())
}

#[test]
fn searches_answer_from_the_previous_content_while_a_rebuild_runs() -> anyhow::Result<()> {
    let index = SearchIndex::in_memory()?;
    index.rebuild([part("1", "LM358", "LM358"), part("2", "NE555", "NE555")])?;
    let mut seen_during = Vec::new();
    // Searched between the documents the rebuild adds: the old content, hits whole.
    let replacement = [part("3", "TL431", "TL431"), part("4", "LM324", "LM324")]
        .into_iter()
        .inspect(|_| {
            let results = index.search(&SearchRequest::keywords(["LM358"]));
            seen_during.push(results.map(|r| {
                (
                    r.total,
                    r.hits
                        .iter()
                        .map(|hit| hit.document.part_number.clone())
                        .collect::<Vec<_>>(),
                )
            }));
            seen_during.push(Ok((index.suggest("tl4", 15).len(), Vec::new())));
        });
    assert_eq!(index.rebuild(replacement)?, 2);
    assert_eq!(seen_during.len(), 4);
    for (step, seen) in seen_during.into_iter().enumerate() {
        let expected = if step % 2 == 0 {
            (1, vec!["LM358".to_string()])
        } else {
            (0, Vec::new())
        };
        assert_eq!(seen?, expected, "step {step}");
    }
    // Committed: the new content only.
    assert_eq!(total(&index, "LM358")?, 0);
    assert_eq!(total(&index, "TL431")?, 1);
    assert_eq!(index.suggest("tl4", 15), vec!["TL431"]);
    Ok(())
}

/// A document's payload comes back with its hits (held compressed in memory, apart from the
/// document), follows replacements and deletes, and is restored when the index is reopened.
#[test]
fn a_hits_payload_comes_back_after_updates_and_a_restart() -> anyhow::Result<()> {
    let payload = |text: &str| format!(r#"{{"answer":"{text}","pad":"{}"}}"#, "参数".repeat(200));
    let with_payload = |id: &str, part_number: &str, text: &str| SearchDocument {
        payload: Some(payload(text)),
        ..part(id, part_number, "运放")
    };
    let hit_payload = |index: &SearchIndex, keyword: &str| -> anyhow::Result<Option<String>> {
        let results = index.search(&SearchRequest::keywords([keyword]))?;
        assert!(results
            .hits
            .iter()
            .all(|hit| hit.document.payload.is_none()));
        Ok(results.hits.into_iter().next().and_then(|hit| hit.payload))
    };
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("component");
    {
        let index = SearchIndex::open_or_create(&path)?;
        index.rebuild([
            with_payload("1", "LM358", "first"),
            part("2", "LM324", "运放"),
        ])?;
        assert_eq!(hit_payload(&index, "LM358")?, Some(payload("first")));
        assert_eq!(hit_payload(&index, "LM324")?, None, "no payload given");
        index.upsert([with_payload("1", "LM358", "second")])?;
        index.commit()?;
        assert_eq!(hit_payload(&index, "LM358")?, Some(payload("second")));
    }
    let index = SearchIndex::open_or_create(&path)?;
    assert_eq!(hit_payload(&index, "LM358")?, Some(payload("second")));
    index.delete("1")?;
    index.upsert([part("1", "LM358", "运放")])?;
    index.commit()?;
    assert_eq!(
        hit_payload(&index, "LM358")?,
        None,
        "the replacement has none"
    );
    Ok(())
}

/// A hit's id reads back exactly, whether the number column holds it (`7`, the largest u64) or
/// only the text column does (`007` and `kicad:…` are no plain numbers), in one index and
/// across segments.
#[test]
fn hit_ids_read_back_as_written_numbers_or_not() -> anyhow::Result<()> {
    let index = SearchIndex::in_memory()?;
    let ids = [
        ("7", "LM358"),
        ("007", "LM324"),
        ("kicad:Amplifier_Operational:TL072", "TL072"),
        ("18446744073709551615", "NE5532"),
    ];
    index.rebuild(ids[..2].iter().map(|(id, pn)| part(id, pn, "运放")))?;
    index.upsert(ids[2..].iter().map(|(id, pn)| part(id, pn, "运放")))?;
    index.commit()?;
    for (id, part_number) in ids {
        let results = index.search(&SearchRequest::keywords([part_number]))?;
        let first = results.hits.first().expect("a hit");
        assert_eq!(first.id, id, "{part_number}");
        assert_eq!(first.document.id, id, "{part_number}");
    }
    Ok(())
}
