//! Materials search benchmark over HTTP (issue 17; figures in docs/benchmarks.md).
//!
//! ```sh
//! cargo run --release -p mat-api --example mat_bench -- [--rounds 200]
//! ```
//!
//! Starts the real mat service on a fresh SQLite data directory (the embedded default) with the
//! committed seed (`data/materials`, imported and indexed at start), then times over HTTP, one
//! client, sequential: the issue's grade queries (`GET /to/api/public/mat/search?keyWords=…`),
//! property-range searches in several units (`range=yieldStrength >= 300MPa …`), suggestions
//! (`/es/keyword/suggest`) and the grade lookup the part pages use (`/grades?codes=`; its first
//! request, which loads the material pool, apart): p50, p99 and max per request. Each answer is
//! checked (code 0, and a grade query finds its grade first).

use std::sync::Arc;
use std::time::{Duration, Instant};

use kernel::testing::{percentiles_ms, query_encode, TestApp, TestBackend, TestEnvironment};
use mat_api::import::committed_seed_dir;
use mat_api::MatService;

/// Grade queries and the glossary grade their first hit must be.
const GRADE_QUERIES: &[(&str, &str)] = &[
    ("304", "06Cr19Ni10"),
    ("1.4301", "06Cr19Ni10"),
    ("SUS304", "06Cr19Ni10"),
    ("06Cr19Ni10", "06Cr19Ni10"),
    ("Q235", "Q235"),
    ("6061-T6", "6061-T6"),
    ("45钢", "45"),
];
/// Text queries without a grade to check (families).
const TEXT_QUERIES: &[&str] = &["铝合金", "不锈钢", "stainless steel"];
/// Property-range searches: (label, keywords or category, range clause).
const RANGE_SEARCHES: &[(&str, &str, &str)] = &[
    (
        "steels, yield ≥ 300 MPa",
        "keyWords=steel",
        "yieldStrength >= 300MPa",
    ),
    (
        "aluminium, density ≤ 3 g/cm³ and yield ≥ 200 MPa",
        "keyWords=铝合金",
        "density <= 3g/cm3;yieldStrength >= 200MPa",
    ),
    (
        "every material, E 190–220 GPa (browsing)",
        "allowEmpty=true",
        "youngsModulus >= 190GPa and <= 220GPa",
    ),
    (
        "every material, yield ≥ 43.5 ksi (browsing)",
        "allowEmpty=true",
        "yieldStrength >= 43.5ksi",
    ),
];
const SUGGESTIONS: &[&str] = &["30", "SUS", "Q2", "606", "铝"];

/// Times `rounds` requests of `path`; every answer must be code 0.
async fn timed(
    app: &TestApp,
    path: &str,
    rounds: usize,
) -> anyhow::Result<((f64, f64, f64), serde_json::Value)> {
    let mut times = Vec::with_capacity(rounds);
    let mut last = serde_json::Value::Null;
    for _ in 0..rounds {
        let started = Instant::now();
        let (status, body) = app.get_json(path).await?;
        times.push(started.elapsed());
        anyhow::ensure!(status == 200 && body["code"] == 0, "{path}: {body}");
        last = body;
    }
    Ok((percentiles_ms(times), last))
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

    let started = Instant::now();
    let app = TestApp::spawn(
        environment.settings.clone(),
        vec![Arc::new(MatService::new(Some(committed_seed_dir())))],
        None,
    )
    .await?;
    // The index follows the store: wait until the seed is searchable.
    let probe = format!("/to/api/public/mat/search?keyWords={}", query_encode("304"));
    loop {
        let (_, body) = app.get_json(&probe).await?;
        if body["data"]["total"].as_i64().unwrap_or(0) > 0 {
            break;
        }
        anyhow::ensure!(
            started.elapsed() < Duration::from_secs(600),
            "the seed was not indexed in 10 minutes"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    println!(
        "start (seed import and index): {:.2} s; {rounds} rounds per request, one client",
        started.elapsed().as_secs_f64()
    );

    println!("| request | p50 ms | p99 ms | max ms |\n|---|---|---|---|");
    for (query, grade) in GRADE_QUERIES {
        let path = format!(
            "/to/api/public/mat/search?keyWords={}&pageSize=20",
            query_encode(query)
        );
        let ((p50, p99, max), body) = timed(&app, &path, rounds).await?;
        let id = body["data"]["list"][0]["id"].as_i64().unwrap_or_default();
        let first = app
            .get_json(&format!("/to/api/public/mat/item/{id}"))
            .await?
            .1;
        anyhow::ensure!(
            first["data"]["component"]["grade"] == *grade,
            "{query}: the first hit is not {grade}: {}",
            first["data"]["component"]
        );
        println!("| search `{query}` | {p50:.2} | {p99:.2} | {max:.2} |");
    }
    for query in TEXT_QUERIES {
        let path = format!(
            "/to/api/public/mat/search?keyWords={}&pageSize=20",
            query_encode(query)
        );
        let ((p50, p99, max), _) = timed(&app, &path, rounds).await?;
        println!("| search `{query}` | {p50:.2} | {p99:.2} | {max:.2} |");
    }
    for (label, criteria, range) in RANGE_SEARCHES {
        let criteria = match criteria.split_once('=') {
            Some(("keyWords", words)) => format!("keyWords={}", query_encode(words)),
            _ => criteria.to_string(),
        };
        let path = format!(
            "/to/api/public/mat/search?{criteria}&range={}&pageSize=20",
            query_encode(range)
        );
        let ((p50, p99, max), body) = timed(&app, &path, rounds).await?;
        anyhow::ensure!(
            body["data"]["total"].as_i64().unwrap_or(0) > 0,
            "{label}: no hit"
        );
        println!("| range: {label} | {p50:.2} | {p99:.2} | {max:.2} |");
    }
    for keyword in SUGGESTIONS {
        let path = format!(
            "/to/api/public/mat/es/keyword/suggest?keyword={}",
            query_encode(keyword)
        );
        let ((p50, p99, max), _) = timed(&app, &path, rounds).await?;
        println!("| suggest `{keyword}` | {p50:.2} | {p99:.2} | {max:.2} |");
    }
    let path = format!(
        "/to/api/public/mat/grades?codes={}",
        query_encode("06Cr19Ni10|06Cr17Ni12Mo2|45|40Cr|42CrMo")
    );
    // The first lookup loads every material into the pool (the recommendation's); timed apart.
    let ((cold, _, _), _) = timed(&app, &path, 1).await?;
    println!("| grades, first request (loads the material pool) | {cold:.2} | – | – |");
    let ((p50, p99, max), _) = timed(&app, &path, rounds).await?;
    println!("| grades (5 codes, the part page's links) | {p50:.2} | {p99:.2} | {max:.2} |");
    app.stop().await;
    Ok(())
}
