//! Parts benchmark (issue 16; figures in docs/benchmarks.md).
//!
//! ```sh
//! cargo run -p part-api --example part_bench -- [--rounds 200]
//! ```
//!
//! On a fresh SQLite data directory (the embedded default):
//! 1. imports the committed seed (`data/parts`) with the real importer: records/s, wall time;
//! 2. imports it again (every record unchanged);
//! 3. starts the real service (which rebuilds the search index from the store) and times the
//!    issue's queries over HTTP (`GET /to/api/public/part/search?keyWords=…&pageSize=20`, one
//!    client, sequential) and the suggestions: p50, p99 and max per query;
//! 4. times the STEP and GLB downloads of a family's variants over HTTP
//!    (`GET …/item/{id}/model/{format}`): cold (each variant's first request of the format builds
//!    and stores that file) and cached (the same files again, from file storage): p50, p99 and max
//!    per family and format.

use std::sync::Arc;
use std::time::{Duration, Instant};

use catalog::item::store::ItemRepository;
use kernel::testing::{percentiles_ms, query_encode, TestApp, TestBackend, TestEnvironment};
use part_api::import::{committed_seed_dir, import_dir, ImportOptions};
use part_api::PartService;

const QUERIES: &[&str] = &[
    "M6×20",
    "M6x20",
    "M6*20",
    "GB/T 70.1 M6 20",
    "内六角 M8",
    "6200",
    "6204",
    "深沟球轴承 20 47",
    "IPE100",
];
const SUGGESTIONS: &[&str] = &["M6", "ISO 47", "内六角", "62", "IPE"];
/// Families whose models are timed: (label, the search that lists its variants, the query a
/// model needs — a profile's length).
const MODEL_FAMILIES: &[(&str, &str, &str)] = &[
    ("socket head cap screws ISO 4762", "ISO 4762", ""),
    ("hex head screws ISO 4017", "ISO 4017", ""),
    ("hex nuts ISO 4032", "ISO 4032", ""),
    ("plain washers ISO 7089", "ISO 7089", ""),
    ("deep groove ball bearings", "深沟球轴承", ""),
    ("IPE profiles, 1 m", "IPE", "?length=1000"),
];
/// The formats timed, with the bytes each file starts with: STEP (the B-rep written out) and GLB
/// (tessellated: what the 3D viewer loads).
const MODEL_FORMATS: &[(&str, &[u8])] = &[("step", b"ISO-10303-21"), ("glb", b"glTF")];
/// Variants per family for the model timings.
const MODEL_VARIANTS: usize = 20;

async fn timed(app: &TestApp, path: &str, rounds: usize) -> anyhow::Result<(f64, f64, f64)> {
    let mut times = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let started = Instant::now();
        let (status, body) = app.get_json(path).await?;
        times.push(started.elapsed());
        anyhow::ensure!(status == 200 && body["code"] == 0, "{path}: {body}");
    }
    Ok(percentiles_ms(times))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let mut rounds = 200;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => rounds = args.next().unwrap_or_default().parse()?,
            other => anyhow::bail!("unknown argument {other}"),
        }
    }
    let environment = TestEnvironment::new(TestBackend::Sqlite)
        .await?
        .ok_or_else(|| anyhow::anyhow!("SQLite is always available"))?;
    let seed = committed_seed_dir();

    // 1–2: the importer alone, on the service's database (created by a start without seed).
    let empty = TestApp::spawn(
        environment.settings.clone(),
        vec![Arc::new(PartService::new(None))],
        None,
    )
    .await?;
    empty.stop().await;
    let location = kernel::db::DatabaseLocation::resolve(&environment.settings, "part")?;
    let db = kernel::Database::connect(&location, 4).await?;
    let items = ItemRepository::new(&db);
    for pass in ["fresh", "again (unchanged)"] {
        let report = import_dir(&items, &seed, &ImportOptions::default()).await?;
        let seconds = report.elapsed.as_secs_f64();
        println!(
            "import {pass}: {} read, {} inserted, {} unchanged, {} rejected in {seconds:.2} s = {:.0} records/s",
            report.read,
            report.stored.inserted,
            report.stored.unchanged,
            report.rejected,
            report.read as f64 / seconds
        );
    }

    // 3: the service over HTTP (its start rebuilds the index from the store).
    let started = Instant::now();
    let app = TestApp::spawn(
        environment.settings.clone(),
        vec![Arc::new(PartService::new(Some(seed)))],
        None,
    )
    .await?;
    println!(
        "start (digest-gated seed: unchanged re-import, index rebuild): {:.2} s",
        started.elapsed().as_secs_f64()
    );
    println!("| query | p50 ms | p99 ms | max ms |\n|---|---|---|---|");
    for query in QUERIES {
        let path = format!(
            "/to/api/public/part/search?keyWords={}&pageSize=20",
            query_encode(query)
        );
        let (p50, p99, max) = timed(&app, &path, rounds).await?;
        println!("| search `{query}` | {p50:.2} | {p99:.2} | {max:.2} |");
    }
    for keyword in SUGGESTIONS {
        let path = format!(
            "/to/api/public/part/es/keyword/suggest?keyword={}",
            query_encode(keyword)
        );
        let (p50, p99, max) = timed(&app, &path, rounds).await?;
        println!("| suggest `{keyword}` | {p50:.2} | {p99:.2} | {max:.2} |");
    }
    println!("| model | format | variants | cold p50 ms | cold p99 ms | cold max ms | cached p50 ms | cached p99 ms |\n|---|---|---|---|---|---|---|---|");
    for (label, query, model_query) in MODEL_FAMILIES {
        let path = format!(
            "/to/api/public/part/search?keyWords={}&pageSize={MODEL_VARIANTS}",
            query_encode(query)
        );
        let (status, body) = app.get_json(&path).await?;
        anyhow::ensure!(status == 200 && body["code"] == 0, "{path}: {body}");
        let ids: Vec<i64> = body["data"]["list"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|hit| hit["id"].as_i64())
            .collect();
        anyhow::ensure!(!ids.is_empty(), "{query}: no variants");
        for (format, magic) in MODEL_FORMATS {
            let models: Vec<String> = ids
                .iter()
                .map(|id| format!("/to/api/public/part/item/{id}/model/{format}{model_query}"))
                .collect();
            let cold = download_times(&app, &models, 1, magic).await?;
            let cached = download_times(&app, &models, (rounds / 10).max(1), magic).await?;
            let (cold_p50, cold_p99, cold_max) = percentiles_ms(cold);
            let (cached_p50, cached_p99, _) = percentiles_ms(cached);
            println!(
                "| {label} | {format} | {} | {cold_p50:.1} | {cold_p99:.1} | {cold_max:.1} | {cached_p50:.2} | {cached_p99:.2} |",
                ids.len()
            );
        }
    }
    app.stop().await;
    Ok(())
}

/// The time of each download of each of `paths`, `passes` times over.
async fn download_times(
    app: &TestApp,
    paths: &[String],
    passes: usize,
    magic: &[u8],
) -> anyhow::Result<Vec<Duration>> {
    let mut times = Vec::with_capacity(paths.len() * passes);
    for _ in 0..passes {
        for path in paths {
            let started = Instant::now();
            let response = app.get(path).await?;
            let status = response.status();
            let bytes = response.bytes().await?;
            times.push(started.elapsed());
            anyhow::ensure!(
                status.is_success() && bytes.starts_with(magic),
                "{path}: {status} {}",
                String::from_utf8_lossy(&bytes[..bytes.len().min(200)])
            );
        }
    }
    Ok(times)
}
