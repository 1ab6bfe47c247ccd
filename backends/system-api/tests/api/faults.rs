//! Faults of what the service depends on: Redis stopped under a running service.

use kernel::testing::{OwnRedis, TestEnvironment};
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
