//! Every limit under a parallel burst: a burst of N requests is judged exactly like the same N
//! requests one after another (each limit is a reservation taken before the work).

use std::collections::BTreeMap;

use futures_util::future::{join_all, try_join_all};
use kernel::testing::{TestApp, TestEnvironment};
use serde_json::{json, Value};

use crate::helpers::*;

const BURST: usize = 100;
const BAD_CREDENTIALS: i64 = 1_002_000_000;
const TOO_MANY: i64 = 429;
const LOCKED: i64 = 430;
const SENT: i64 = 0;
const TOO_FAST: i64 = 1_002_014_005;
const DAY_LIMIT: i64 = 1_002_014_004;
const CODE_NOT_FOUND: i64 = 1_002_014_000;

/// Fires every request at once and counts the answers by code.
async fn burst(
    requests: impl IntoIterator<Item = impl std::future::Future<Output = anyhow::Result<Value>>>,
) -> anyhow::Result<BTreeMap<i64, usize>> {
    let mut counts = BTreeMap::new();
    for answer in join_all(requests).await {
        let answer = answer?;
        let code = answer["code"]
            .as_i64()
            .ok_or_else(|| anyhow::anyhow!("no code in {answer}"))?;
        *counts.entry(code).or_default() += 1;
    }
    Ok(counts)
}

fn counts(pairs: &[(i64, usize)]) -> BTreeMap<i64, usize> {
    pairs.iter().copied().collect()
}

/// `n` slider tickets for `scene`, fetched in parallel (each needs a human-paced drag).
async fn tickets(app: &TestApp, scene: &str, n: usize) -> anyhow::Result<Vec<String>> {
    try_join_all((0..n).map(|_| slider_ticket(app, scene))).await
}

async fn send_email_code(app: &TestApp, email: &str, ticket: String) -> anyhow::Result<Value> {
    post(
        app,
        "/user/send-email-code",
        json!({"email": email, "scene": 4, "ticket": ticket}),
    )
    .await
}

async fn a_burst_of_wrong_passwords_checks_only_the_allowed_failures(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let environment = environment.with_test_redis().await?;
    let mut settings = fast_settings(&environment);
    settings.accounts.lockout.max_failures = 5;
    settings.accounts.lockout.ip_max_failures = 10_000;
    create_admin(&settings, "root@example.com").await?;
    let app = spawn_with(settings).await?;
    let answers =
        burst((0..BURST).map(|_| login_email(&app, "root@example.com", "Wrong123!"))).await?;
    assert_eq!(
        answers,
        counts(&[(BAD_CREDENTIALS, 5), (LOCKED, BURST - 5)])
    );
    let owner = login_email(&app, "root@example.com", PASSWORD).await?;
    assert_eq!(owner["code"], LOCKED, "{owner}");
    app.stop().await;
    Ok(())
}

async fn a_burst_from_one_ip_checks_only_its_failures(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let environment = environment.with_test_redis().await?;
    let mut settings = fast_settings(&environment);
    settings.accounts.lockout.ip_max_failures = 8;
    let app = spawn_with(settings).await?;
    let answers = burst((0..BURST).map(|i| {
        let app = &app;
        async move { login_email(app, &format!("nobody{i}@example.com"), "Wrong123!").await }
    }))
    .await?;
    assert_eq!(
        answers,
        counts(&[(BAD_CREDENTIALS, 8), (TOO_MANY, BURST - 8)])
    );
    app.stop().await;
    Ok(())
}

async fn a_burst_of_code_sends_to_one_address_sends_one(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let environment = environment.with_test_redis().await?;
    let mut settings = fast_settings(&environment);
    settings.accounts.codes.ip_hourly_limit = 10_000;
    let app = spawn_with(settings).await?;
    let tickets = tickets(&app, "email", BURST).await?;
    let answers = burst(
        tickets
            .into_iter()
            .map(|ticket| send_email_code(&app, "burst@example.com", ticket)),
    )
    .await?;
    assert_eq!(answers, counts(&[(SENT, 1), (TOO_FAST, BURST - 1)]));
    let (_, outbox) = app
        .get_json("/to/api/dev/outbox?to=burst%40example.com")
        .await?;
    assert_eq!(outbox["data"].as_array().map(Vec::len), Some(1), "{outbox}");
    app.stop().await;
    Ok(())
}

async fn a_burst_of_sms_sends_stops_at_the_daily_limit(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let environment = environment.with_test_redis().await?;
    let mut settings = fast_settings(&environment);
    settings.accounts.codes.resend_seconds = 0;
    settings.accounts.codes.daily_limit = 10;
    settings.accounts.codes.ip_hourly_limit = 10_000;
    let app = spawn_with(settings).await?;
    let tickets = tickets(&app, "sms", BURST).await?;
    let answers = burst(tickets.into_iter().map(|ticket| {
        post(
            &app,
            "/auth/send-sms-code",
            json!({"mobile": "13911112222", "scene": 4, "ticket": ticket}),
        )
    }))
    .await?;
    assert_eq!(answers, counts(&[(SENT, 10), (DAY_LIMIT, BURST - 10)]));
    app.stop().await;
    Ok(())
}

async fn a_burst_of_code_sends_from_one_ip_stops_at_its_hourly_limit(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let environment = environment.with_test_redis().await?;
    let mut settings = fast_settings(&environment);
    settings.accounts.codes.ip_hourly_limit = 7;
    let app = spawn_with(settings).await?;
    let tickets = tickets(&app, "email", BURST).await?;
    let answers = burst(tickets.into_iter().enumerate().map(|(i, ticket)| {
        let app = &app;
        async move { send_email_code(app, &format!("ip{i}@example.com"), ticket).await }
    }))
    .await?;
    assert_eq!(answers, counts(&[(SENT, 7), (TOO_MANY, BURST - 7)]));
    app.stop().await;
    Ok(())
}

async fn a_burst_of_wrong_codes_checks_only_ten(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let environment = environment.with_test_redis().await?;
    let mut settings = fast_settings(&environment);
    settings.accounts.codes.resend_seconds = 0;
    let app = spawn_with(settings).await?;
    let mobile = "13922223333";
    assert_eq!(register(&app, mobile, "韩梅梅").await?["code"], 0);
    assert_eq!(send_code(&app, mobile, 1).await?["code"], 0);
    let code = outbox_code(&app, mobile).await?;
    let answers = burst((0..BURST).map(|i| {
        // Wrong codes only: every guess differs from the code that was sent.
        let guess = format!(
            "{:06}",
            (code.parse::<u32>().unwrap_or(0) + 1 + i as u32) % 1_000_000
        );
        let app = &app;
        async move {
            post(
                app,
                "/auth/sms-login",
                json!({"mobile": mobile, "code": guess, "verified": true, "userType": 2}),
            )
            .await
        }
    }))
    .await?;
    assert_eq!(
        answers,
        counts(&[(CODE_NOT_FOUND, 10), (TOO_MANY, BURST - 10)])
    );
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    a_burst_of_wrong_passwords_checks_only_the_allowed_failures,
    a_burst_from_one_ip_checks_only_its_failures,
    a_burst_of_code_sends_to_one_address_sends_one,
    a_burst_of_sms_sends_stops_at_the_daily_limit,
    a_burst_of_code_sends_from_one_ip_stops_at_its_hourly_limit,
    a_burst_of_wrong_codes_checks_only_ten,
);
