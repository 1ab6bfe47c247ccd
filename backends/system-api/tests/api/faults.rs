//! Faults of what the service depends on: Redis stopped under a running service, PostgreSQL's
//! connections cut under a running service.

use std::time::{Duration, Instant};

use anyhow::Context;

use kernel::testing::{FaultProxy, OwnRedis, TestBackend, TestEnvironment};
use reqwest::Method;
use serde_json::json;

use crate::helpers::*;

/// Redis is an accelerator: with it killed, logins (with the slider), code sends and logouts
/// keep working through the database and the in-process cache, a revoked token stays revoked,
/// and readiness says degraded (200), not unavailable.
async fn accounts_keep_working_while_redis_is_down(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let mut redis = OwnRedis::start().await?;
    let mut settings = fast_settings(&environment);
    settings.redis_url = Some(redis.url());
    settings.accounts.codes.resend_seconds = 0;
    let app = spawn_with(settings).await?;
    let email = "fault@example.com";
    assert_eq!(register(&app, email, "故障").await?["code"], 0);

    redis.stop().await?;
    let (status, ready) = app.get_json("/health/ready").await?;
    assert_eq!(status, 200, "{ready}");
    assert_eq!(ready["data"]["status"], "degraded", "{ready}");

    // Three failures, then the slider is required: tickets are issued and checked without Redis.
    for _ in 0..3 {
        assert_eq!(
            login_email(&app, email, "Wrong123!").await?["code"],
            1_002_000_000
        );
    }
    let ticket = slider_ticket(&app, "login").await?;
    let login = post(
        &app,
        "/auth/login",
        json!({"email": email, "password": PASSWORD, "userType": 2, "ticket": ticket}),
    )
    .await?;
    assert_eq!(login["code"], 0, "{login}");
    let token = token_of(&login)?;
    assert_eq!(send_code(&app, email, 2).await?["code"], 0);

    let (status, logout) =
        call(&app, Method::POST, "/auth/logout", None, Some(&token), &[]).await?;
    assert_eq!(
        (status, logout["code"].clone()),
        (200, json!(0)),
        "{logout}"
    );
    let (_, after) = call(
        &app,
        Method::GET,
        "/auth/get-permission-info?appType=2",
        None,
        Some(&token),
        &[],
    )
    .await?;
    assert_eq!(after["code"], 401, "a revoked token stays revoked: {after}");

    redis.restart().await?;
    let mut ready_again = false;
    for _ in 0..50 {
        let (_, ready) = app.get_json("/health/ready").await?;
        if ready["data"]["status"] == "ready" {
            ready_again = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(ready_again, "readiness did not recover");
    assert_eq!(login_email(&app, email, PASSWORD).await?["code"], 0);
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(accounts_keep_working_while_redis_is_down);

/// A login and an authenticated read during a database fault: both answer the 503 busy
/// envelope with `Retry-After` — within the pool's acquire timeout (10 s) plus a margin, never
/// a 500, never a hang.
async fn assert_busy_while_cut(
    app: &kernel::testing::TestApp,
    email: &str,
    token: &str,
) -> anyhow::Result<()> {
    let started = Instant::now();
    let (login, read) = tokio::join!(
        app.client
            .post(app.url(&format!("{BASE}/auth/login")))
            .json(&json!({"email": email, "password": PASSWORD, "userType": 2}))
            .send(),
        app.client
            .get(app.url(&format!("{BASE}/auth/get-permission-info?appType=2")))
            .bearer_auth(token)
            .send(),
    );
    for (what, answer) in [("login", login), ("read", read)] {
        let answer = answer.with_context(|| format!("{what}: no answer"))?;
        let status = answer.status().as_u16();
        let retry_after = answer
            .headers()
            .get("retry-after")
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned);
        let body: serde_json::Value = answer.json().await.context("a JSON envelope")?;
        assert_eq!(status, 503, "{what}: {body}");
        assert_eq!(retry_after.as_deref(), Some("1"), "{what}");
        assert_error(&body, 503, "服务繁忙，请稍后重试");
    }
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "the busy answers took {:?}, past the pool's acquire timeout",
        started.elapsed()
    );
    Ok(())
}

/// PostgreSQL's connections cut under a running service (a restart, a failover, a network
/// cut), through a TCP proxy the test owns: while every connection is closed and new ones are
/// refused, and while new ones are accepted and closed at once, logins and reads answer 503
/// busy; once the proxy forwards again the same requests succeed, without restarting the app.
#[tokio::test]
async fn postgres_connections_cut_and_restored() -> anyhow::Result<()> {
    // Fails when PostgreSQL is required but absent (PORTAL_TEST_REQUIRE_SERVICES=1).
    let Some(environment) = TestEnvironment::new(TestBackend::Postgres).await? else {
        return Ok(());
    };
    let server_url = environment
        .settings
        .postgres_url
        .clone()
        .ok_or_else(|| anyhow::anyhow!("a PostgreSQL environment without a URL"))?;
    let (mut proxy, proxied_url) = FaultProxy::for_postgres(&server_url).await?;
    let mut settings = fast_settings(&environment);
    settings.postgres_url = Some(proxied_url);
    let app = spawn_with(settings).await?;
    let email = "cut@example.com";
    let registered = register(&app, email, "断线").await?;
    assert_eq!(registered["code"], 0, "{registered}");
    let token = token_of(&login_email(&app, email, PASSWORD).await?)?;
    let read = get_with(&app, "/auth/get-permission-info?appType=2", &token).await?;
    assert_eq!(read["code"], 0, "{read}");
    assert!(proxy.accepted() > 0, "the app did not go through the proxy");

    // Every connection closed, new ones refused.
    proxy.cut().await;
    assert_busy_while_cut(&app, email, &token).await?;
    let (status, ready) = app.get_json("/health/ready").await?;
    assert_eq!(status, 503, "{ready}");

    // New connections accepted and closed at once (a server shutting down or starting up).
    proxy.hang_up().await?;
    assert_busy_while_cut(&app, email, &token).await?;

    proxy.restore().await?;
    let login = login_email(&app, email, PASSWORD).await?;
    assert_eq!(login["code"], 0, "{login}");
    let read = get_with(
        &app,
        "/auth/get-permission-info?appType=2",
        &token_of(&login)?,
    )
    .await?;
    assert_eq!(read["code"], 0, "{read}");
    let read = get_with(&app, "/auth/get-permission-info?appType=2", &token).await?;
    assert_eq!(
        read["code"], 0,
        "the token from before the cut still works: {read}"
    );
    let (status, ready) = app.get_json("/health/ready").await?;
    assert_eq!(status, 200, "{ready}");
    app.stop().await;
    Ok(())
}
