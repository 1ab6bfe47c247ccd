//! Two `system-api` processes sharing PostgreSQL and Redis: a token revoked through one is
//! refused by the other as soon as the revocation is published. The processes trust their
//! in-process token cache for an hour here, so only the published revocation (Redis pub/sub),
//! not the cache's expiry, can make the other process refuse the token. The test waits for
//! that publication itself (it follows the same channel), then for the refusal.

use std::{
    io::{BufRead, BufReader},
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use anyhow::Context;
use kernel::{
    testing::{TestBackend, TestEnvironment},
    Settings,
};
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;

/// A running `system-api` process, killed on drop.
struct ServiceProcess {
    child: Child,
    url: String,
}

impl Drop for ServiceProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn start_process(settings: &Settings) -> anyhow::Result<ServiceProcess> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_system-api"));
    for (key, _) in std::env::vars() {
        if key.starts_with("PORTAL_") || key == "RUST_LOG" {
            command.env_remove(key);
        }
    }
    command
        .current_dir(&settings.data_dir)
        .env("PORTAL_ADDR", "127.0.0.1:0")
        .env("PORTAL_DATA_DIR", &settings.data_dir)
        .env(
            "PORTAL_POSTGRES_URL",
            settings.postgres_url.clone().unwrap_or_default(),
        )
        .env(
            "PORTAL_POSTGRES_DATABASE_PREFIX",
            &settings.postgres_database_prefix,
        )
        .env(
            "PORTAL_REDIS_URL",
            settings.redis_url.clone().unwrap_or_default(),
        )
        .env("PORTAL_CACHE_PREFIX", &settings.cache_prefix)
        .env("PORTAL_WORKERS", "1")
        .env("PORTAL_DATABASE_MAX_CONNECTIONS", "2")
        .env("PORTAL_LOG_FILTER", "warn")
        .env("PORTAL_ACCOUNTS__PASSWORD_HASH__MEMORY_KIB", "1024")
        .env("PORTAL_ACCOUNTS__PASSWORD_HASH__ITERATIONS", "1")
        .env("PORTAL_ACCOUNTS__TOKEN_LOCAL_CACHE_MS", "3600000")
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    let mut child = command.spawn().context("starting system-api")?;
    let stdout = child.stdout.take().context("no stdout")?;
    let mut process = ServiceProcess {
        child,
        url: String::new(),
    };
    let line = tokio::time::timeout(
        Duration::from_secs(30),
        tokio::task::spawn_blocking(move || {
            let mut line = String::new();
            BufReader::new(stdout).read_line(&mut line).map(|_| line)
        }),
    )
    .await
    .context("system-api did not start in time")???;
    process.url = line
        .trim()
        .strip_prefix("system-api listening on ")
        .with_context(|| format!("unexpected first line {line:?}"))?
        .to_owned();
    Ok(process)
}

async fn request(
    client: &reqwest::Client,
    method: Method,
    url: String,
    body: Option<Value>,
    token: Option<&str>,
) -> anyhow::Result<Value> {
    let mut request = client.request(method, url);
    if let Some(body) = body {
        request = request.json(&body);
    }
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    Ok(request.send().await?.json().await?)
}

/// The revocations published on the token cache's channel, as the processes receive them.
struct Revocations {
    cache: kernel::Cache,
    received: tokio::sync::mpsc::UnboundedReceiver<String>,
    _follower: tokio::task::JoinHandle<()>,
}

impl Revocations {
    /// Follows `<cache_prefix>shared:token:revoked` and returns once the subscription is live
    /// (a probe published on it has come back).
    async fn follow(settings: &Settings) -> anyhow::Result<Self> {
        let cache = kernel::Cache::from_settings(settings)
            .await?
            .scoped("shared")
            .scoped("token");
        let (sender, received) = tokio::sync::mpsc::unbounded_channel();
        let follower = cache
            .follow("revoked", move |digest| {
                let _ = sender.send(digest);
                async {}
            })
            .context("following revocations needs Redis")?;
        let mut revocations = Self {
            cache,
            received,
            _follower: follower,
        };
        let probe = format!("probe-{}", auth::token::new_token()?);
        tokio::time::timeout(Duration::from_secs(10), async {
            loop {
                revocations.cache.publish("revoked", &probe).await?;
                let arrived = tokio::time::timeout(Duration::from_millis(100), async {
                    while let Some(digest) = revocations.received.recv().await {
                        if digest == probe {
                            return true;
                        }
                    }
                    false
                })
                .await;
                if matches!(arrived, Ok(true)) {
                    return anyhow::Ok(());
                }
            }
        })
        .await
        .context("the revocation channel did not answer within 10 s")??;
        Ok(revocations)
    }

    /// Waits until the revocation of `token` is published (10 s at most).
    async fn published(&mut self, token: &str) -> anyhow::Result<()> {
        let digest = auth::token::digest(token);
        tokio::time::timeout(Duration::from_secs(10), async {
            while let Some(published) = self.received.recv().await {
                if published == digest {
                    return Ok(());
                }
            }
            anyhow::bail!("the revocation channel closed")
        })
        .await
        .context("the revocation was not published within 10 s")?
    }
}

/// How long until `url` refuses `token` (polling every 20 ms, giving up after 5 s: the token
/// cache would trust it for an hour, so only the published revocation can end the wait).
async fn time_until_refused(
    client: &reqwest::Client,
    url: &str,
    token: &str,
) -> anyhow::Result<Duration> {
    let started = Instant::now();
    loop {
        let answer = request(client, Method::GET, url.to_owned(), None, Some(token)).await?;
        if answer["code"] == 401 {
            return Ok(started.elapsed());
        }
        anyhow::ensure!(
            started.elapsed() < Duration::from_secs(5),
            "token still accepted: {answer}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_revoked_token_is_refused_by_another_process_once_published() -> anyhow::Result<()> {
    let Some(environment) = TestEnvironment::new(TestBackend::Postgres).await? else {
        return Ok(());
    };
    let environment = environment.with_test_redis().await?;
    // Two processes learn of a revocation only through Redis: without it this test would check
    // nothing, so it fails rather than pass (even when PORTAL_TEST_REQUIRE_SERVICES=0 lets the
    // other Redis tests fall back to the in-process cache).
    anyhow::ensure!(
        environment.settings.redis_url.is_some(),
        "the revocation test needs Redis (PORTAL_TEST_REDIS_URL)"
    );
    let settings = fast_settings(&environment);
    create_admin(&settings, "root@example.com").await?;
    let mut revocations = Revocations::follow(&settings).await?;
    let first = start_process(&settings).await?;
    let second = start_process(&settings).await?;
    let client = reqwest::Client::new();
    let info = |process: &ServiceProcess| {
        format!("{}{BASE}/auth/get-permission-info?appType=2", process.url)
    };

    let login = request(
        &client,
        Method::POST,
        format!("{}{BASE}/auth/login", first.url),
        Some(json!({"email": "root@example.com", "password": PASSWORD, "userType": 2})),
        None,
    )
    .await?;
    let token = token_of(&login)?;
    let refresh = login["data"]["refreshToken"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    // The second process accepts it (and caches it, locally and in Redis).
    for _ in 0..3 {
        assert_eq!(
            request(&client, Method::GET, info(&second), None, Some(&token)).await?["code"],
            0
        );
    }

    // Refresh through the first process: the old access token dies on the second too.
    let refreshed = request(
        &client,
        Method::POST,
        format!(
            "{}{BASE}/auth/refresh-token?refreshToken={refresh}",
            first.url
        ),
        None,
        None,
    )
    .await?;
    let new_token = token_of(&refreshed)?;
    revocations.published(&token).await?;
    let delay = time_until_refused(&client, &info(&second), &token).await?;
    println!("refresh: the other process refused the old token after {delay:?}");
    assert_eq!(
        request(&client, Method::GET, info(&second), None, Some(&new_token)).await?["code"],
        0
    );

    // Logout through the second process: the first refuses it once that is published.
    assert_eq!(
        request(&client, Method::GET, info(&first), None, Some(&new_token)).await?["code"],
        0
    );
    request(
        &client,
        Method::POST,
        format!("{}{BASE}/auth/logout", second.url),
        None,
        Some(&new_token),
    )
    .await?;
    revocations.published(&new_token).await?;
    let delay = time_until_refused(&client, &info(&first), &new_token).await?;
    println!("logout: the other process refused the token after {delay:?}");
    Ok(())
}

/// An operator disables a user through one process (docs/operations.md): the other process,
/// which trusts its token cache for an hour, refuses the user's token within a second, and so
/// does a session reset of the re-enabled user.
#[tokio::test]
async fn a_user_disabled_through_one_process_is_refused_by_the_other_within_a_second(
) -> anyhow::Result<()> {
    let Some(environment) = TestEnvironment::new(TestBackend::Postgres).await? else {
        return Ok(());
    };
    let environment = environment.with_test_redis().await?;
    anyhow::ensure!(
        environment.settings.redis_url.is_some(),
        "the revocation test needs Redis (PORTAL_TEST_REDIS_URL)"
    );
    let settings = fast_settings(&environment);
    create_admin(&settings, "root@example.com").await?;
    // A second account, made a plain member (an administrator could not be disabled).
    let target_id = system_api::admin::create_administrator(
        settings.clone(),
        system_api::admin::NewAdministrator {
            username: "target".to_owned(),
            email: Some("target@example.com".to_owned()),
            mobile: None,
            password: PASSWORD.to_owned(),
        },
    )
    .await?;
    execute(
        &settings,
        &format!(
            "UPDATE user_role SET role_id = (SELECT id FROM role WHERE code = 'member') \
             WHERE user_id = {target_id}"
        ),
    )
    .await?;
    let mut revocations = Revocations::follow(&settings).await?;
    let first = start_process(&settings).await?;
    let second = start_process(&settings).await?;
    let client = reqwest::Client::new();
    let info = |process: &ServiceProcess| {
        format!("{}{BASE}/auth/get-permission-info?appType=2", process.url)
    };
    let login = |process: &ServiceProcess, email: &str| {
        request(
            &client,
            Method::POST,
            format!("{}{BASE}/auth/login", process.url),
            Some(json!({"email": email, "password": PASSWORD, "userType": 2})),
            None,
        )
    };
    let operator = token_of(&login(&first, "root@example.com").await?)?;
    let user = token_of(&login(&second, "target@example.com").await?)?;
    for _ in 0..3 {
        assert_eq!(
            request(&client, Method::GET, info(&second), None, Some(&user)).await?["code"],
            0
        );
    }

    let disabled = request(
        &client,
        Method::PUT,
        format!("{}{BASE}/operation/users/{target_id}/status", first.url),
        Some(json!({"status": 1})),
        Some(&operator),
    )
    .await?;
    assert_eq!(disabled["data"], true, "{disabled}");
    let delay = time_until_refused(&client, &info(&second), &user).await?;
    println!("disable: the other process refused the token after {delay:?}");
    assert!(delay < Duration::from_secs(1), "{delay:?}");
    revocations.published(&user).await?;

    // Enabled again, signed in again, and reset: the same within a second.
    request(
        &client,
        Method::PUT,
        format!("{}{BASE}/operation/users/{target_id}/status", first.url),
        Some(json!({"status": 0})),
        Some(&operator),
    )
    .await?;
    let user = token_of(&login(&second, "target@example.com").await?)?;
    assert_eq!(
        request(&client, Method::GET, info(&second), None, Some(&user)).await?["code"],
        0
    );
    let reset = request(
        &client,
        Method::POST,
        format!(
            "{}{BASE}/operation/users/{target_id}/sessions/revoke",
            first.url
        ),
        None,
        Some(&operator),
    )
    .await?;
    assert_eq!(reset["data"], 1, "{reset}");
    let delay = time_until_refused(&client, &info(&second), &user).await?;
    println!("reset: the other process refused the token after {delay:?}");
    assert!(delay < Duration::from_secs(1), "{delay:?}");
    Ok(())
}
