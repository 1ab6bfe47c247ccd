//! Accounts benchmark: token-check latency on a cache hit and login throughput with the
//! configured (default, production) argon2id parameters.
//!
//! `cargo run -p system-api --example accounts_bench` (SQLite in a temporary directory,
//! in-process cache). Figures and the machine they were taken on: docs/benchmarks.md.

use std::{
    sync::Arc,
    time::{Duration, Instant},
};

use anyhow::Context;
use kernel::{testing::TestApp, Settings};
use serde_json::{json, Value};

const EMAIL: &str = "bench@example.com";
const PASSWORD: &str = "Bench#2024pw";

fn percentile(sorted: &[Duration], fraction: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * fraction).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

fn report(name: &str, mut samples: Vec<Duration>) {
    samples.sort_unstable();
    let total: Duration = samples.iter().sum();
    let mean = total / u32::try_from(samples.len()).unwrap_or(1);
    println!(
        "{name}: n={} mean={:.1?} p50={:.1?} p99={:.1?}",
        samples.len(),
        mean,
        percentile(&samples, 0.5),
        percentile(&samples, 0.99)
    );
}

async fn login(client: &reqwest::Client, url: &str) -> anyhow::Result<Value> {
    let answer: Value = client
        .post(url)
        .json(&json!({"email": EMAIL, "password": PASSWORD, "userType": 2}))
        .send()
        .await?
        .json()
        .await?;
    anyhow::ensure!(answer["code"] == 0, "login failed: {answer}");
    Ok(answer)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let mut settings = Settings::default_values()?;
    settings.addr = "127.0.0.1:0".to_owned();
    settings.data_dir = dir.path().to_path_buf();
    settings.log_filter = "error".to_owned();
    settings.workers = 2;
    let hash = settings.accounts.password_hash.clone();
    println!(
        "argon2id m={} KiB t={} p={}; build profile: {}",
        hash.memory_kib,
        hash.iterations,
        hash.parallelism,
        if cfg!(debug_assertions) {
            "dev (argon2 at opt-level 3)"
        } else {
            "release"
        }
    );
    system_api::admin::create_administrator(
        settings.clone(),
        system_api::admin::NewAdministrator {
            username: "bench".to_owned(),
            email: Some(EMAIL.to_owned()),
            mobile: None,
            password: PASSWORD.to_owned(),
        },
    )
    .await?;
    let app = TestApp::spawn(settings, vec![system_api::service()], None).await?;
    let client = reqwest::Client::new();
    let login_url = app.url("/to/api/base/system/auth/login");

    // Login throughput: sequential, then two at a time (the machine has two cores).
    login(&client, &login_url).await?; // warm-up
    let logins = 20;
    let mut samples = Vec::with_capacity(logins);
    let started = Instant::now();
    for _ in 0..logins {
        let one = Instant::now();
        login(&client, &login_url).await?;
        samples.push(one.elapsed());
    }
    let sequential = started.elapsed();
    report("login (sequential, HTTP)", samples);
    println!(
        "login throughput, sequential: {:.1}/s",
        logins as f64 / sequential.as_secs_f64()
    );
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..2 {
        let client = client.clone();
        let url = login_url.clone();
        tasks.push(tokio::spawn(async move {
            for _ in 0..logins / 2 {
                login(&client, &url).await?;
            }
            anyhow::Ok(())
        }));
    }
    for task in tasks {
        task.await??;
    }
    println!(
        "login throughput, 2 concurrent: {:.1}/s",
        logins as f64 / started.elapsed().as_secs_f64()
    );

    // Token check on a cache hit, in process: the authenticator every service uses.
    let token = login(&client, &login_url).await?["data"]["accessToken"]
        .as_str()
        .context("no token")?
        .to_owned();
    let authenticator = auth::Authenticator::new(
        Arc::new(auth::Introspection::new(&app.address)?),
        None,
        Duration::from_secs(600),
    );
    authenticator
        .authenticate(&token)
        .await?
        .context("token refused")?; // fills the cache
    let checks = 100_000;
    let started = Instant::now();
    for _ in 0..checks {
        authenticator
            .authenticate(&token)
            .await?
            .context("token refused")?;
    }
    println!(
        "token check, in-process cache hit: {:.2?} per check ({} checks)",
        started.elapsed() / checks,
        checks
    );

    // The same through HTTP: the introspection endpoint (actix + extractor + cache hit).
    let check_url = app.url("/to/api/base/system/auth/check-token");
    let mut samples = Vec::new();
    for _ in 0..2000 {
        let one = Instant::now();
        let answer: Value = client
            .get(&check_url)
            .bearer_auth(&token)
            .send()
            .await?
            .json()
            .await?;
        anyhow::ensure!(answer["code"] == 0, "{answer}");
        samples.push(one.elapsed());
    }
    report("token check over HTTP (check-token, cache hit)", samples);
    app.stop().await;
    Ok(())
}
