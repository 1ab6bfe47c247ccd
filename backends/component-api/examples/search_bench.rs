//! Component search benchmark (issue 5; figures and reading in docs/benchmarks.md).
//!
//! ```sh
//! scripts/fetch-component-sources.sh     # full KiCad 6 + Fritzing sources into /work/.cache/component-sources
//! cargo run --release -p component-api --example search_bench -- [--source DIR] [--target N=30000] \
//!     [--postgres URL|none]
//! ```
//!
//! From one run, on a fresh data directory:
//! 1. imports the source with the real importer (`import::import_dir`, SQLite, embedded default):
//!    components/s, wall and CPU;
//! 2. adds synthetic ordering-code variants of the imported components through the store until
//!    `N` components (counted apart: the real set is ~19k);
//! 3. starts the real application on port 0 (which builds the in-memory search index from the
//!    store) and rebuilds the index once more to time it alone; index size in memory;
//! 4. runs the query mix of `backends/search/examples/bench.rs` in-process (`SearchIndex::search`,
//!    top 20 + facets) and over HTTP (`GET /to/api/public/component/search?pageSize=20`, one
//!    keep-alive connection, sequential), and suggestions both ways;
//! 5. answers the same queries with SQLite FTS5 and PostgreSQL pg_trgm (top 20 + total + a
//!    category facet) over the same documents;
//! 6. prints resident memory (VmRSS / VmHWM) after the import, after the index build and at the end.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use catalog::store::{CategoryRepository, CategoryStore};
use component_api::import::{import_dir, ImportOptions};
use component_api::model::{InferredManufacturer, NewComponent, Parameter};
use component_api::search_routes::index::document_of;
use component_api::store::{ComponentDocument, ComponentRepository};
use component_api::ComponentService;
use kernel::{testing::TestApp, Cache, Service, ServiceContext, Settings};
use search::{SearchDocument, SearchRequest, DEFAULT_FACET_LIMIT};
use sqlx::{Connection, Row};

/// What the synthetic variants are marked with (`component.source`).
const SYNTHETIC_SOURCE: &str = "synthetic";
/// Results per query, every engine.
const TOP: usize = 20;
const SEARCH_PATH: &str = "/to/api/public/component/search";
const SUGGEST_PATH: &str = "/to/api/public/component/es/keyword/suggest";

struct Options {
    source: PathBuf,
    target: usize,
    postgres: Option<String>,
}

fn options() -> anyhow::Result<Options> {
    let mut options = Options {
        source: PathBuf::from(
            std::env::var("COMPONENT_SOURCES")
                .unwrap_or_else(|_| "/work/.cache/component-sources".into()),
        ),
        target: 30_000,
        postgres: Some("postgres://postgres@127.0.0.1:5432/postgres".into()),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().with_context(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--source" => options.source = PathBuf::from(value()?),
            "--target" => options.target = value()?.parse().context("--target: a number")?,
            "--postgres" => {
                let url = value()?;
                options.postgres = (url != "none").then_some(url);
            }
            other => anyhow::bail!(
                "unknown argument {other} (--source DIR, --target N, --postgres URL|none)"
            ),
        }
    }
    Ok(options)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options = options()?;
    anyhow::ensure!(
        options.source.is_dir(),
        "{} is missing: run scripts/fetch-component-sources.sh",
        options.source.display()
    );
    println!(
        "build profile: {}; {} CPUs; load average at start: {}",
        if cfg!(debug_assertions) {
            "dev"
        } else {
            "release"
        },
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        load_average()
    );
    let dir = tempfile::tempdir()?;
    let mut settings = Settings::default_values()?;
    settings.addr = "127.0.0.1:0".to_owned();
    settings.data_dir = dir.path().to_path_buf();
    settings.log_filter = "error".to_owned();
    settings.workers = 2;

    // 1. The real importer into a fresh SQLite database.
    let cache = Cache::in_memory(&settings.cache_prefix, 16);
    let service = Arc::new(ComponentService::new(None));
    let context =
        ServiceContext::connect(service.as_ref(), Arc::new(settings.clone()), &cache).await?;
    service.library().seed(&context).await?;
    let store = ComponentRepository::new(&context.db, component_api::open_files(&context).await?);
    let categories = CategoryRepository::new(&context.db);
    let (cpu, wall) = (cpu_time(), Instant::now());
    let import = import_dir(&store, &options.source, &ImportOptions { progress: false }).await?;
    let (import_wall, import_cpu) = (wall.elapsed(), cpu_time().saturating_sub(cpu));
    println!(
        "import ({}): {} libraries, {} components read, {} inserted, {} rejected, {} uncategorised, {} without manufacturer",
        options.source.display(),
        import.libraries,
        import.read,
        import.stored.inserted,
        import.rejected,
        import.uncategorised,
        import.without_manufacturer
    );
    println!(
        "import throughput: {:.0} components/s wall ({:.1?} wall, {:.1?} CPU of this process)",
        import.read as f64 / import_wall.as_secs_f64(),
        import_wall,
        import_cpu
    );
    let real = all_documents(&store).await?;
    let with_footprint = real
        .iter()
        .filter(|d| d.extension.footprint_ref.is_some())
        .count();

    // 2. Synthetic ordering-code variants, through the store, up to the target.
    let wall = Instant::now();
    let variants = variants(&real, options.target);
    for chunk in variants.chunks(1_000) {
        store.upsert(chunk).await?;
    }
    println!(
        "components: {} real ({with_footprint} with a footprint) + {} synthetic variants = {} (variants stored in {:.1?})",
        real.len(),
        variants.len(),
        store.count().await?,
        wall.elapsed()
    );
    println!("memory after the import: {}", memory());
    let category_records = categories.list().await?;
    let library = store.library();
    let documents: Vec<(String, SearchDocument)> = all_documents(&store)
        .await?
        .iter()
        .map(|d| {
            (
                d.item.source.clone(),
                document_of(&library, d, &category_records),
            )
        })
        .collect();
    let real_documents: Vec<SearchDocument> = documents
        .iter()
        .filter(|(source, _)| source != SYNTHETIC_SOURCE)
        .map(|(_, d)| d.clone())
        .collect();
    let documents: Vec<SearchDocument> = documents.into_iter().map(|(_, d)| d).collect();

    // 3. The real application on port 0: its start builds the index from the store.
    let started = Instant::now();
    let app = TestApp::spawn(
        settings.clone(),
        vec![service.clone() as Arc<dyn Service>],
        None,
    )
    .await?;
    println!(
        "application start (index built from the store): {:.2?}",
        started.elapsed()
    );
    let (cpu, wall) = (cpu_time(), Instant::now());
    let indexed = service.search().rebuild(&store, &categories).await?;
    let index = service.search().index().context("index not built")?;
    println!(
        "index rebuild from the store: {indexed} components in {:.2?} wall, {:.2?} CPU = {:.0} components/s (store read + mapping + one writer + commit)",
        wall.elapsed(),
        cpu_time().saturating_sub(cpu),
        indexed as f64 / wall.elapsed().as_secs_f64()
    );
    println!(
        "index size: {:.1} MB in memory in {} segment(s) (tantivy RAM directory: segment files; plus documents-by-id and suggestion state, not counted)",
        index.size_bytes() as f64 / 1e6,
        index.segment_count()
    );
    println!("memory after the index build: {}", memory());

    // 4. Queries in-process and over HTTP.
    let queries = queries(&real_documents);
    println!(
        "query mix: {} queries, top {TOP}; {} suggestion prefixes",
        queries.len(),
        suggestion_prefixes(&real_documents).len()
    );
    for query in queries.iter().take(50) {
        index.search(&request(query))?;
    }
    let mut in_process = Timings::default();
    let mut totals = Vec::with_capacity(queries.len());
    for query in &queries {
        let request = request(query);
        let started = Instant::now();
        let results = index.search(&request)?;
        in_process.add(query.0, started.elapsed());
        totals.push(results.total);
        std::hint::black_box(results);
    }
    in_process.print(
        "search, top 20 + facets, in-process (SearchIndex::search)",
        &totals,
    );
    // The query mix with each query's matches, for comparing two builds' workloads.
    if let Ok(path) = std::env::var("SEARCH_BENCH_DUMP") {
        let lines: Vec<String> = queries
            .iter()
            .zip(&totals)
            .map(|(query, total)| format!("{}\t{}\t{total}", query.0, query.1.join(" ")))
            .collect();
        std::fs::write(&path, lines.join("\n"))?;
    }

    let url = app.url(SEARCH_PATH);
    for query in queries.iter().take(50) {
        http_search(&app, &url, query, true).await?;
    }
    let mut over_http = Timings::default();
    let mut http_totals = Vec::with_capacity(queries.len());
    let mut bytes = 0;
    for query in &queries {
        let started = Instant::now();
        let body = http_search(&app, &url, query, true).await?;
        over_http.add(query.0, started.elapsed());
        bytes += body.len();
        http_totals.push(total_of(&body)?);
    }
    over_http.print(
        "search, top 20 + facets, over HTTP (GET /search?pageSize=20, keep-alive, sequential)",
        &http_totals,
    );
    let differing = totals
        .iter()
        .zip(&http_totals)
        .filter(|(a, b)| a != b)
        .count();
    println!(
        "  answers: {:.1} kB per answer on average; totals differing from in-process: {differing}",
        bytes as f64 / queries.len() as f64 / 1e3
    );
    let mut no_facets = Timings::default();
    for query in &queries {
        let started = Instant::now();
        let body = http_search(&app, &url, query, false).await?;
        no_facets.add(query.0, started.elapsed());
        std::hint::black_box(body);
    }
    no_facets.print_all("search, top 20 without facets, over HTTP (facets=false; for the reading)");

    // What the HTTP handler adds to the index's work: one store read of the page's components,
    // and, for faceted answers, the category table (to name the category facet).
    let page_ids: Vec<i64> = documents
        .iter()
        .take(TOP)
        .filter_map(|d| d.id.parse().ok())
        .collect();
    let mut reads = Timings::default();
    for _ in 0..300 {
        let started = Instant::now();
        std::hint::black_box(store.get_many(&page_ids).await?);
        reads.add("get_many", started.elapsed());
        let started = Instant::now();
        std::hint::black_box(categories.list().await?);
        reads.add("categories", started.elapsed());
    }
    println!("store reads of the search handler (SQLite, 300 each):");
    for (kind, times) in &reads.by_kind {
        let label = match *kind {
            "get_many" => "  get_many of 20 components",
            _ => "  category table (every faceted answer)",
        };
        report(label, &mut times.clone());
    }

    let prefixes = suggestion_prefixes(&real_documents);
    let mut suggestions = Timings::default();
    for prefix in &prefixes {
        let started = Instant::now();
        std::hint::black_box(index.suggest(prefix, 15));
        suggestions.add("all", started.elapsed());
    }
    suggestions.print_all("suggestions, 15 at most, in-process (SearchIndex::suggest)");
    let suggest_url = app.url(SUGGEST_PATH);
    let mut suggestions = Timings::default();
    for prefix in &prefixes {
        let started = Instant::now();
        let body = app
            .client
            .get(&suggest_url)
            .query(&[("keyword", prefix.as_str()), ("size", "15")])
            .send()
            .await?
            .bytes()
            .await?;
        suggestions.add("all", started.elapsed());
        let answer: serde_json::Value = serde_json::from_slice(&body)?;
        anyhow::ensure!(answer["code"] == 0, "suggest {prefix}: {answer}");
    }
    suggestions.print_all("suggestions, 15 at most, over HTTP (GET /es/keyword/suggest?size=15)");

    // 5. The same queries on SQLite FTS5 and PostgreSQL pg_trgm.
    fts5(dir.path(), &documents, &queries).await?;
    match &options.postgres {
        // A comparison that silently goes missing misleads: an unreachable server fails the run.
        Some(url) => pg_trgm(url, &documents, &queries)
            .await
            .context("PostgreSQL pg_trgm (pass --postgres none to leave it out)")?,
        None => println!("PostgreSQL pg_trgm: left out (--postgres none)"),
    }

    println!("memory at the end: {}", memory());
    println!("load average at the end: {}", load_average());
    app.stop().await;
    context.db.close().await;
    Ok(())
}

use search::workload::{queries, suggestion_prefixes, Query};

fn request((kind, keywords): &Query) -> SearchRequest {
    let mut request = SearchRequest::keywords(keywords.iter().cloned());
    request.size = TOP;
    if *kind == "value keyword" {
        request.value_keywords = keywords.clone();
    }
    request
}

/// One search over HTTP; the answer's body (checked to be a success).
async fn http_search(
    app: &TestApp,
    url: &str,
    (kind, keywords): &Query,
    facets: bool,
) -> anyhow::Result<Vec<u8>> {
    let joined = keywords.join("|");
    let mut query = vec![("keyWords", joined.as_str()), ("pageSize", "20")];
    if *kind == "value keyword" {
        query.push(("notAnalyzerKeyWords", joined.as_str()));
    }
    if !facets {
        query.push(("facets", "false"));
    }
    let body = app
        .client
        .get(url)
        .query(&query)
        .send()
        .await?
        .bytes()
        .await?;
    Ok(body.to_vec())
}

fn total_of(body: &[u8]) -> anyhow::Result<usize> {
    let answer: serde_json::Value = serde_json::from_slice(body)?;
    anyhow::ensure!(answer["code"] == 0, "search failed: {answer}");
    Ok(answer["data"]["total"].as_u64().unwrap_or_default() as usize)
}

/// Latencies by query kind, in the order the kinds first appear.
#[derive(Default)]
struct Timings {
    by_kind: Vec<(&'static str, Vec<Duration>)>,
}

impl Timings {
    fn add(&mut self, kind: &'static str, elapsed: Duration) {
        match self.by_kind.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, times)) => times.push(elapsed),
            None => self.by_kind.push((kind, vec![elapsed])),
        }
    }

    fn all(&self) -> Vec<Duration> {
        self.by_kind
            .iter()
            .flat_map(|(_, t)| t.iter().copied())
            .collect()
    }

    fn print_all(&self, title: &str) {
        println!("{title}:");
        report("  all", &mut self.all());
    }

    /// Per kind and overall, with how many queries found nothing (`totals` in query order).
    fn print(&self, title: &str, totals: &[usize]) {
        let empty = totals.iter().filter(|t| **t == 0).count();
        let mean = totals.iter().sum::<usize>() as f64 / totals.len().max(1) as f64;
        println!(
            "{title}: {empty} of {} queries found nothing; {mean:.0} matches per query on average",
            totals.len()
        );
        report("  all", &mut self.all());
        for (kind, times) in &self.by_kind {
            report(&format!("  {kind}"), &mut times.clone());
        }
    }
}

fn report(label: &str, times: &mut [Duration]) {
    if times.is_empty() {
        return;
    }
    times.sort();
    let at = |q: f64| times[((times.len() as f64 - 1.0) * q).round() as usize];
    println!(
        "{label}: n={} p50={:.3?} p90={:.3?} p99={:.3?} max={:.3?}",
        times.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    );
}

/// `VmRSS` and `VmHWM` of this process (the whole process: store pools, documents held by the
/// benchmark, the index, the HTTP server).
fn memory() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|line| line.strip_prefix(name))
            .map_or("unknown".to_string(), |v| v.trim().to_string())
    };
    format!("VmRSS {}, VmHWM {}", field("VmRSS:"), field("VmHWM:"))
}

/// User + system CPU time of the whole process (`/proc/self/stat`, clock ticks of 1/100 s).
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    Duration::from_millis((ticks(11) + ticks(12)) * 10)
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// Every stored component with its parameters and KiCad row, as the index reads it.
async fn all_documents(store: &ComponentRepository) -> anyhow::Result<Vec<ComponentDocument>> {
    let mut out = Vec::new();
    let mut after = 0;
    loop {
        let page = store.index_documents(after, 1_000).await?;
        let Some(last) = page.last() else {
            return Ok(out);
        };
        after = last.item.id;
        out.extend(page);
    }
}

/// Variants of the real components (ordering-code suffixes, values scaled by E6 steps, as in
/// the search crate's benchmark) until `target` components in all; source `synthetic`.
fn variants(real: &[ComponentDocument], target: usize) -> Vec<NewComponent> {
    const SUFFIXES: [&str; 8] = ["-TR", "-ND", "/NOPB", "-Q1", "-E/SN", "RL", "-T", "G4"];
    const STEPS: [f64; 6] = [1.0, 1.5, 2.2, 3.3, 4.7, 6.8];
    let wanted = target.saturating_sub(real.len());
    let mut out = Vec::with_capacity(wanted);
    let mut round = 0;
    while out.len() < wanted && !real.is_empty() {
        for (i, original) in real.iter().enumerate() {
            if out.len() >= wanted {
                break;
            }
            let suffix = SUFFIXES[(round + i) % SUFFIXES.len()];
            let step = STEPS[(round + i) % STEPS.len()];
            out.push(variant(original, suffix, step, round));
        }
        round += 1;
    }
    out
}

fn variant(original: &ComponentDocument, suffix: &str, step: f64, round: usize) -> NewComponent {
    let (record, kicad) = (&original.item, &original.extension);
    let part_number = format!("{}{suffix}{round}", record.code);
    NewComponent {
        source: SYNTHETIC_SOURCE.into(),
        source_id: format!("{}:{}#{round}", record.source, record.source_id),
        part_number: part_number.clone(),
        name: part_number,
        manufacturer: record
            .manufacturer_name
            .clone()
            .map(|name| InferredManufacturer {
                name,
                website: None,
                method: "synthetic",
            }),
        category_code: record.category_code.clone(),
        category_method: Some("synthetic-variant".into()),
        description: record.description.clone(),
        keywords: record.keywords.clone(),
        datasheet: record.document_url.clone(),
        symbol_ref: kicad.symbol_ref.clone(),
        footprint_ref: kicad.footprint_ref.clone(),
        footprint_filters: serde_json::from_str(&kicad.footprint_filters).unwrap_or_default(),
        reference_prefix: kicad.reference_prefix.clone(),
        value: None,
        pin_count: kicad.pin_count,
        unit_count: kicad.unit_count,
        package: kicad.package.clone(),
        lifecycle: record.lifecycle.clone(),
        license: record.license.clone(),
        parameters: original
            .parameters
            .iter()
            .map(|p| Parameter {
                min: p.min.map(|v| v * step),
                typ: p.typ.map(|v| v * step),
                max: p.max.map(|v| v * step),
                original: format!("{} ×{step}", p.original),
                ..p.clone()
            })
            .collect(),
        files: Vec::new(),
    }
}

/// The text both SQL engines search: part number, name, description, keywords and the category
/// path's Chinese and English names.
fn category_text(document: &SearchDocument) -> String {
    document
        .categories
        .iter()
        .map(|c| format!("{} {}", c.name, c.name_en))
        .collect::<Vec<_>>()
        .join(" ")
}

fn leaf_category(document: &SearchDocument) -> String {
    document
        .categories
        .last()
        .map(|c| c.code.clone())
        .unwrap_or_default()
}

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}')
}

/// FTS5's unicode61 tokenizer keeps a run of Chinese characters as one token; without a Chinese
/// segmenter the usual way is one token per character, searched as a phrase.
fn spaced_cjk(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_cjk(c) {
            out.push(' ');
            out.push(c);
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

/// One keyword as an FTS5 phrase whose last token is a prefix (`"lm358 n"*`, `"电 阻"*`);
/// every keyword must match (AND), as in the search crate.
fn fts5_expression(keywords: &[String]) -> Option<String> {
    let phrases: Vec<String> = keywords
        .iter()
        .filter_map(|keyword| {
            let spaced = spaced_cjk(&keyword.to_lowercase());
            let tokens: Vec<&str> = spaced
                .split(|c: char| !c.is_alphanumeric())
                .filter(|t| !t.is_empty())
                .collect();
            (!tokens.is_empty()).then(|| format!("\"{}\"*", tokens.join(" ")))
        })
        .collect();
    (!phrases.is_empty()).then(|| phrases.join(" AND "))
}

/// SQLite FTS5 (unicode61, prefix indexes 2–4, Chinese one character per token): top 20 by
/// weighted bm25, the total and the category facet (GROUP BY), three statements per query.
async fn fts5(dir: &Path, documents: &[SearchDocument], queries: &[Query]) -> anyhow::Result<()> {
    let path = dir.join("fts5.sqlite");
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(&path)
        .create_if_missing(true);
    let mut db = sqlx::SqliteConnection::connect_with(&options).await?;
    sqlx::query(
        "CREATE VIRTUAL TABLE item USING fts5(part_number, name, description, keywords, category, \
         category_code UNINDEXED, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4')",
    )
    .execute(&mut db)
    .await?;
    let started = Instant::now();
    let mut tx = db.begin().await?;
    for document in documents {
        sqlx::query("INSERT INTO item (rowid, part_number, name, description, keywords, category, category_code) VALUES ($1, $2, $3, $4, $5, $6, $7)")
            .bind(document.id.parse::<i64>()?)
            .bind(&document.part_number)
            .bind(spaced_cjk(&document.name))
            .bind(spaced_cjk(&document.description))
            .bind(spaced_cjk(&document.keywords.join(" ")))
            .bind(spaced_cjk(&category_text(document)))
            .bind(leaf_category(document))
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    sqlx::query("INSERT INTO item (item) VALUES ('optimize')")
        .execute(&mut db)
        .await?;
    println!(
        "SQLite FTS5: {} rows indexed in {:.2?}; database file {:.1} MB",
        documents.len(),
        started.elapsed(),
        std::fs::metadata(&path)?.len() as f64 / 1e6
    );
    for (_, keywords) in queries.iter().take(50) {
        fts5_query(&mut db, fts5_expression(keywords)).await?;
    }
    let mut timings = Timings::default();
    let mut totals = Vec::with_capacity(queries.len());
    for (kind, keywords) in queries {
        let started = Instant::now();
        let total = fts5_query(&mut db, fts5_expression(keywords)).await?;
        timings.add(kind, started.elapsed());
        totals.push(total);
    }
    timings.print(
        "search, top 20 + total + category facet, SQLite FTS5 (bm25; same process, one connection)",
        &totals,
    );
    db.close().await?;
    Ok(())
}

/// One FTS5 query: the top 20, the total and the category facet; answers the total.
async fn fts5_query(
    db: &mut sqlx::SqliteConnection,
    expression: Option<String>,
) -> anyhow::Result<usize> {
    let Some(expression) = expression else {
        return Ok(0);
    };
    let top = sqlx::query(
        "SELECT rowid, part_number FROM item WHERE item MATCH $1 \
         ORDER BY bm25(item, 10.0, 3.0, 1.0, 2.0, 2.0) LIMIT $2",
    )
    .bind(&expression)
    .bind(TOP as i64)
    .fetch_all(&mut *db)
    .await?;
    let total: i64 = sqlx::query_scalar("SELECT count(*) FROM item WHERE item MATCH $1")
        .bind(&expression)
        .fetch_one(&mut *db)
        .await?;
    let facet = sqlx::query(
        "SELECT category_code, count(*) AS n FROM item WHERE item MATCH $1 \
         GROUP BY category_code ORDER BY n DESC LIMIT $2",
    )
    .bind(&expression)
    .bind(DEFAULT_FACET_LIMIT as i64)
    .fetch_all(&mut *db)
    .await?;
    std::hint::black_box((top.len(), facet.len()));
    Ok(total as usize)
}

/// `%`, `_` and `\` taken literally in an ILIKE pattern.
fn contains_pattern(keyword: &str) -> String {
    let mut out = String::from("%");
    for c in keyword.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

/// PostgreSQL pg_trgm in a database of its own (created and dropped here): every keyword as a
/// substring (`ILIKE`, served by a GIN trigram index), ranked by `similarity` to the part number
/// then `word_similarity` to the text; the total and the category facet, three statements.
async fn pg_trgm(
    admin_url: &str,
    documents: &[SearchDocument],
    queries: &[Query],
) -> anyhow::Result<()> {
    let admin_options = sqlx::postgres::PgConnectOptions::from_str(admin_url)?;
    let mut admin = tokio::time::timeout(
        Duration::from_secs(5),
        sqlx::PgConnection::connect_with(&admin_options),
    )
    .await
    .context("PostgreSQL does not answer")??;
    let name = format!("search_bench_{}", std::process::id());
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await?;
    let outcome = pg_trgm_in(&admin_options.clone().database(&name), documents, queries).await;
    sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        .execute(&mut admin)
        .await?;
    admin.close().await?;
    outcome
}

async fn pg_trgm_in(
    options: &sqlx::postgres::PgConnectOptions,
    documents: &[SearchDocument],
    queries: &[Query],
) -> anyhow::Result<()> {
    let mut db = sqlx::PgConnection::connect_with(options).await?;
    sqlx::query("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        .execute(&mut db)
        .await?;
    sqlx::query(
        "CREATE TABLE item (id BIGINT PRIMARY KEY, part_number TEXT NOT NULL, category_code TEXT NOT NULL, body TEXT NOT NULL)",
    )
    .execute(&mut db)
    .await?;
    let started = Instant::now();
    for chunk in documents.chunks(1_000) {
        let ids: Vec<i64> = chunk
            .iter()
            .map(|d| d.id.parse())
            .collect::<Result<_, _>>()?;
        let part_numbers: Vec<String> = chunk.iter().map(|d| d.part_number.clone()).collect();
        let codes: Vec<String> = chunk.iter().map(leaf_category).collect();
        let bodies: Vec<String> = chunk
            .iter()
            .map(|d| {
                format!(
                    "{} {} {} {} {}",
                    d.part_number,
                    d.name,
                    d.description,
                    d.keywords.join(" "),
                    category_text(d)
                )
                .to_lowercase()
            })
            .collect();
        sqlx::query(
            "INSERT INTO item (id, part_number, category_code, body) \
             SELECT * FROM UNNEST($1::BIGINT[], $2::TEXT[], $3::TEXT[], $4::TEXT[])",
        )
        .bind(ids)
        .bind(part_numbers)
        .bind(codes)
        .bind(bodies)
        .execute(&mut db)
        .await?;
    }
    sqlx::query("CREATE INDEX item_body_trgm ON item USING GIN (body gin_trgm_ops)")
        .execute(&mut db)
        .await?;
    sqlx::query("ANALYZE item").execute(&mut db).await?;
    let size: i64 = sqlx::query_scalar("SELECT pg_relation_size('item_body_trgm')")
        .fetch_one(&mut db)
        .await?;
    let table: i64 = sqlx::query_scalar("SELECT pg_total_relation_size('item')")
        .fetch_one(&mut db)
        .await?;
    let version: String = sqlx::query_scalar("SHOW server_version")
        .fetch_one(&mut db)
        .await?;
    println!(
        "PostgreSQL {version} pg_trgm: {} rows loaded and indexed in {:.2?}; GIN trigram index {:.1} MB, table with indexes {:.1} MB",
        documents.len(),
        started.elapsed(),
        size as f64 / 1e6,
        table as f64 / 1e6
    );

    async fn run(db: &mut sqlx::PgConnection, keywords: &[String]) -> anyhow::Result<usize> {
        let patterns: Vec<String> = keywords.iter().map(|k| contains_pattern(k)).collect();
        let condition = (0..patterns.len())
            .map(|i| format!("body ILIKE ${}", i + 2))
            .collect::<Vec<_>>()
            .join(" AND ");
        let text = keywords.join(" ").to_lowercase();
        let top_sql = format!(
            "SELECT id, part_number FROM item WHERE {condition} \
             ORDER BY similarity(part_number, $1) DESC, word_similarity($1, body) DESC, id LIMIT {TOP}"
        );
        let mut top = sqlx::query(&top_sql).bind(&text);
        for pattern in &patterns {
            top = top.bind(pattern);
        }
        let top = top.fetch_all(&mut *db).await?;
        // $1 is unused below but kept so that one binding order serves the three statements.
        let total_sql =
            format!("SELECT count(*) FROM item WHERE $1::TEXT IS NOT NULL AND {condition}");
        let mut total = sqlx::query(&total_sql).bind(&text);
        for pattern in &patterns {
            total = total.bind(pattern);
        }
        let total: i64 = total.fetch_one(&mut *db).await?.try_get(0)?;
        let facet_sql = format!(
            "SELECT category_code, count(*) AS n FROM item WHERE $1::TEXT IS NOT NULL AND {condition} \
             GROUP BY category_code ORDER BY n DESC LIMIT {DEFAULT_FACET_LIMIT}"
        );
        let mut facet = sqlx::query(&facet_sql).bind(&text);
        for pattern in &patterns {
            facet = facet.bind(pattern);
        }
        let facet = facet.fetch_all(&mut *db).await?;
        std::hint::black_box((top.len(), facet.len()));
        Ok(total as usize)
    }

    for (_, keywords) in queries.iter().take(50) {
        run(&mut db, keywords).await?;
    }
    let mut timings = Timings::default();
    let mut totals = Vec::with_capacity(queries.len());
    for (kind, keywords) in queries {
        let started = Instant::now();
        let total = run(&mut db, keywords).await?;
        timings.add(kind, started.elapsed());
        totals.push(total);
    }
    timings.print(
        "search, top 20 + total + category facet, PostgreSQL pg_trgm (ILIKE on a GIN trigram index, similarity ranking; local server over TCP)",
        &totals,
    );
    db.close().await?;
    Ok(())
}
