//! Search benchmark (docs/benchmarks.md): builds an on-disk index of N items — every symbol of
//! the KiCad symbol libraries, scaled with synthetic variants up to N — then measures in-process
//! query and suggestion latency (p50/p99), index size and build throughput.
//!
//! ```sh
//! scripts/fetch-component-sources.sh          # KiCad libraries into /work/.cache/component-sources
//! cargo run -p search --example bench -- [N=30000] [symbols-dir]
//! ```
//! Without the KiCad libraries the committed test fixture (240 real records) is scaled instead.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use search::workload::{queries, suggestion_prefixes};
use search::{CategoryRef, Dimension, SearchDocument, SearchIndex, SearchParameter, SearchRequest};

const FIXTURE: &str = include_str!("../tests/fixtures/kicad_fritzing_items.json");

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let target: usize = args
        .next()
        .map(|n| n.parse())
        .transpose()?
        .unwrap_or(30_000);
    let symbols_dir = args.next().map(PathBuf::from).unwrap_or_else(|| {
        let cache = std::env::var("COMPONENT_SOURCES")
            .unwrap_or_else(|_| "/work/.cache/component-sources".into());
        Path::new(&cache).join("root/usr/share/kicad/symbols")
    });

    let started = Instant::now();
    let mut base = kicad_documents(&symbols_dir)?;
    let source = if base.is_empty() {
        base = fixture_documents()?;
        "test fixture (240 real records)".to_string()
    } else {
        format!("KiCad symbols in {}", symbols_dir.display())
    };
    println!(
        "source: {source}: {} real items, read in {:.1?}",
        base.len(),
        started.elapsed()
    );
    let documents = scale(&base, target);
    println!(
        "items indexed: {} (synthetic variants: {})",
        documents.len(),
        documents.len().saturating_sub(base.len())
    );

    let dir = tempfile::tempdir()?;
    let path = dir.path().join("index/component");
    let index = SearchIndex::open_or_create(&path)?;
    let started = Instant::now();
    let count = index.rebuild(documents.iter().cloned())?;
    let build = started.elapsed();
    println!(
        "build: {count} items in {build:.2?} = {:.0} items/s (one writer thread, commit included)",
        count as f64 / build.as_secs_f64()
    );
    println!(
        "index size: {:.1} MB on disk ({:.1} MB in segments)",
        directory_bytes(&path)? as f64 / 1e6,
        index.size_bytes() as f64 / 1e6
    );

    println!(
        "resident memory after the build: {} (whole process: the items read, the index and its in-memory state)",
        resident_memory().unwrap_or_else(|| "unknown".into())
    );

    let queries = queries(&base);
    // Warm-up: first use of every segment reader and of the jieba dictionary.
    for query in queries.iter().take(50) {
        index.search(&request(query))?;
    }
    let mut all = Vec::new();
    let mut by_kind: Vec<(&str, Vec<Duration>)> = Vec::new();
    for (kind, keywords) in &queries {
        let started = Instant::now();
        let results = index.search(&request(&(kind, keywords.clone())))?;
        let elapsed = started.elapsed();
        std::hint::black_box(results.total);
        all.push(elapsed);
        match by_kind.iter_mut().find(|(k, _)| k == kind) {
            Some((_, times)) => times.push(elapsed),
            None => by_kind.push((kind, vec![elapsed])),
        }
    }
    println!(
        "search, top 20 + facets, in-process ({} queries):",
        all.len()
    );
    report("  all", &mut all);
    for (kind, times) in &mut by_kind {
        report(&format!("  {kind}"), times);
    }

    let prefixes = suggestion_prefixes(&base);
    let mut times = Vec::new();
    for prefix in &prefixes {
        let started = Instant::now();
        let suggestions = index.suggest(prefix, 15);
        times.push(started.elapsed());
        std::hint::black_box(suggestions);
    }
    println!(
        "suggestions, 15 at most ({} prefixes of 1-6 characters):",
        times.len()
    );
    report("  all", &mut times);
    Ok(())
}

fn request((kind, keywords): &(&str, Vec<String>)) -> SearchRequest {
    let mut request = SearchRequest::keywords(keywords.iter().cloned());
    if *kind == "value keyword" {
        request.value_keywords = keywords.clone();
    }
    request
}

fn report(label: &str, times: &mut [Duration]) {
    times.sort();
    let at = |q: f64| times[((times.len() as f64 - 1.0) * q).round() as usize];
    if times.is_empty() {
        return;
    }
    println!(
        "{label}: n={} p50={:.3?} p90={:.3?} p99={:.3?} max={:.3?}",
        times.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    );
}

/// `VmRSS` of this process (Linux).
fn resident_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .map(|value| value.trim().to_string())
}

fn directory_bytes(path: &Path) -> std::io::Result<u64> {
    let mut total = 0;
    for entry in std::fs::read_dir(path)? {
        let metadata = entry?.metadata()?;
        if metadata.is_file() {
            total += metadata.len();
        }
    }
    Ok(total)
}

/// Every symbol of every `.kicad_sym` library in `dir` (empty when the directory is missing).
fn kicad_documents(dir: &Path) -> anyhow::Result<Vec<SearchDocument>> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(Vec::new());
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "kicad_sym"))
        .collect();
    files.sort();
    let mut documents = Vec::new();
    for file in files {
        let library = file
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        let text = std::fs::read_to_string(&file)?;
        let Ok(parsed) = kicad::SymbolLibrary::parse(&text) else {
            continue;
        };
        for symbol in parsed.resolved_symbols().unwrap_or_default() {
            if symbol.power {
                continue;
            }
            let description = symbol.description().unwrap_or_default().to_string();
            let parameters = units::extract_params(&description)
                .into_iter()
                .map(|(dimension, value)| SearchParameter {
                    name: dimension.to_string(),
                    dimension,
                    min: value.min,
                    typ: value.typ,
                    max: value.max,
                })
                .collect();
            documents.push(SearchDocument {
                id: format!("{library}:{}", symbol.name),
                part_number: symbol.name.clone(),
                aliases: Vec::new(),
                name: symbol.name.clone(),
                description,
                keywords: symbol.keywords().iter().map(|k| k.to_string()).collect(),
                categories: vec![CategoryRef {
                    code: library.to_lowercase(),
                    name: library.replace('_', " "),
                    name_en: library.clone(),
                }],
                manufacturer: None,
                package: symbol
                    .footprint()
                    .map(|f| f.rsplit(':').next().unwrap_or(f).to_string()),
                parameters,
                quality: None,
                payload: None,
            });
        }
    }
    Ok(documents)
}

fn fixture_documents() -> anyhow::Result<Vec<SearchDocument>> {
    #[derive(serde::Deserialize)]
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
    #[derive(serde::Deserialize)]
    struct Parameter {
        name: String,
        dimension: Dimension,
        text: String,
    }
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

/// The real items, then variants of them (ordering-code suffixes, values scaled by E6 steps)
/// until `target` items.
fn scale(base: &[SearchDocument], target: usize) -> Vec<SearchDocument> {
    const SUFFIXES: [&str; 8] = ["-TR", "-ND", "/NOPB", "-Q1", "-E/SN", "RL", "-T", "G4"];
    const STEPS: [f64; 6] = [1.0, 1.5, 2.2, 3.3, 4.7, 6.8];
    let mut documents = base.to_vec();
    let mut round = 0;
    while documents.len() < target && !base.is_empty() {
        for (i, original) in base.iter().enumerate() {
            if documents.len() >= target {
                break;
            }
            let suffix = SUFFIXES[(round + i) % SUFFIXES.len()];
            let step = STEPS[(round + i) % STEPS.len()];
            let mut variant = original.clone();
            variant.id = format!("{}#{round}", original.id);
            variant.part_number = format!("{}{suffix}{round}", original.part_number);
            variant.name = variant.part_number.clone();
            for parameter in &mut variant.parameters {
                parameter.min = parameter.min.map(|v| v * step);
                parameter.typ = parameter.typ.map(|v| v * step);
                parameter.max = parameter.max.map(|v| v * step);
            }
            documents.push(variant);
        }
        round += 1;
    }
    documents
}
