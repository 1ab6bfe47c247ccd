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
const SLIDER_FAILED: i64 = 1_002_014_010;
const MOBILE_NOT_EXISTS: i64 = 1_002_000_007;

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

async fn login_with_ticket(
    app: &TestApp,
    email: &str,
    password: &str,
    ticket: Option<String>,
) -> anyhow::Result<Value> {
    post(
        app,
        "/auth/login",
        json!({"email": email, "password": password, "userType": 2, "ticket": ticket}),
    )
    .await
}

/// Without slider tickets a burst gets no further than the failures allowed before the slider:
/// three guesses are judged, every other attempt is refused unjudged.
async fn a_burst_of_wrong_passwords_without_the_slider_checks_three(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let environment = environment.with_test_redis().await?;
    let mut settings = fast_settings(&environment);
    settings.accounts.lockout.ip_max_failures = 10_000;
    create_admin(&settings, "root@example.com").await?;
    let app = spawn_with(settings).await?;
    let mut answers =
        burst((0..BURST).map(|_| login_email(&app, "root@example.com", "Wrong123!"))).await?;
    assert_eq!(answers.remove(&BAD_CREDENTIALS), Some(3), "{answers:?}");
    assert!(
        answers
            .keys()
            .all(|code| *code == SLIDER_FAILED || *code == LOCKED),
        "{answers:?}"
    );
    app.stop().await;
    Ok(())
}

/// With a valid slider ticket each, exactly the allowed failures are judged; then the
/// password login of the account is locked, while its owner can still sign in by code.
async fn a_burst_of_wrong_passwords_checks_only_the_allowed_failures(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let environment = environment.with_test_redis().await?;
    let mut settings = fast_settings(&environment);
    settings.accounts.lockout.max_failures = 5;
    settings.accounts.lockout.ip_max_failures = 10_000;
    settings.accounts.codes.resend_seconds = 0;
    let app = spawn_with(settings).await?;
    let mobile = "13933334444";
    assert_eq!(register(&app, mobile, "李雷").await?["code"], 0);
    let tickets = tickets(&app, "login", BURST).await?;
    let answers = burst(tickets.into_iter().map(|ticket| {
        post(
            &app,
            "/auth/login",
            json!({"mobile": mobile, "password": "Wrong123!", "userType": 2, "ticket": ticket}),
        )
    }))
    .await?;
    assert_eq!(
        answers,
        counts(&[(BAD_CREDENTIALS, 5), (LOCKED, BURST - 5)])
    );
    let ticket = slider_ticket(&app, "login").await?;
    let owner = post(
        &app,
        "/auth/login",
        json!({"mobile": mobile, "password": PASSWORD, "userType": 2, "ticket": ticket}),
    )
    .await?;
    assert_eq!(owner["code"], LOCKED, "{owner}");
    // The lock stops password guessing, not the owner: a code still signs them in.
    assert_eq!(send_code(&app, mobile, 1).await?["code"], 0);
    let code = outbox_code(&app, mobile).await?;
    let by_code = post(
        &app,
        "/auth/sms-login",
        json!({"mobile": mobile, "code": code, "verified": true, "userType": 2}),
    )
    .await?;
    assert_eq!(by_code["code"], 0, "{by_code}");
    app.stop().await;
    Ok(())
}

/// After three failures the slider is real: no ticket, a used ticket or a ticket of another
/// scene is refused before the password is looked at.
async fn the_slider_is_required_after_three_failures(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let environment = environment.with_test_redis().await?;
    let settings = fast_settings(&environment);
    create_admin(&settings, "root@example.com").await?;
    let app = spawn_with(settings).await?;
    for _ in 0..3 {
        let wrong = login_email(&app, "root@example.com", "Wrong123!").await?;
        assert_eq!(wrong["code"], BAD_CREDENTIALS, "{wrong}");
    }
    let bare = login_email(&app, "root@example.com", PASSWORD).await?;
    assert_error(&bare, SLIDER_FAILED, "滑块验证失败，请重试");
    let sms_ticket = slider_ticket(&app, "sms").await?;
    let other_scene =
        login_with_ticket(&app, "root@example.com", PASSWORD, Some(sms_ticket)).await?;
    assert_eq!(other_scene["code"], SLIDER_FAILED, "{other_scene}");
    let ticket = slider_ticket(&app, "login").await?;
    let passed =
        login_with_ticket(&app, "root@example.com", PASSWORD, Some(ticket.clone())).await?;
    assert_eq!(passed["code"], 0, "{passed}");
    // A success starts the count again: no slider needed for the next attempt.
    assert_eq!(
        login_email(&app, "root@example.com", PASSWORD).await?["code"],
        0
    );
    let reused = {
        for _ in 0..3 {
            login_email(&app, "root@example.com", "Wrong123!").await?;
        }
        login_with_ticket(&app, "root@example.com", PASSWORD, Some(ticket)).await?
    };
    assert_eq!(
        reused["code"], SLIDER_FAILED,
        "a ticket is single-use: {reused}"
    );
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
    // The production default interval, not a test's shortened one.
    assert_eq!(settings.accounts.codes.resend_seconds, 60);
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

async fn sms_login(app: &TestApp, mobile: &str, code: String) -> anyhow::Result<Value> {
    post(
        app,
        "/auth/sms-login",
        json!({"mobile": mobile, "code": code, "verified": true, "userType": 2}),
    )
    .await
}

/// Ten wrong codes end the code's use; a new code (the owner asks again) works.
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
    let sent: u32 = code.parse()?;
    let answers = burst((0..BURST).map(|i| {
        // Wrong codes only: every guess differs from the code that was sent.
        let guess = format!("{:06}", (sent + 1 + i as u32) % 1_000_000);
        sms_login(&app, mobile, guess)
    }))
    .await?;
    assert_eq!(
        answers,
        counts(&[(CODE_NOT_FOUND, 10), (TOO_MANY, BURST - 10)])
    );
    assert_eq!(sms_login(&app, mobile, code).await?["code"], TOO_MANY);
    assert_eq!(send_code(&app, mobile, 1).await?["code"], 0);
    let fresh = outbox_code(&app, mobile).await?;
    let signed_in = sms_login(&app, mobile, fresh).await?;
    assert_eq!(signed_in["code"], 0, "{signed_in}");
    app.stop().await;
    Ok(())
}

/// The routes that tell whether an account exists answer one client only so often an hour.
async fn a_burst_of_account_probes_stops_at_the_hourly_allowance(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let environment = environment.with_test_redis().await?;
    let mut settings = fast_settings(&environment);
    settings.accounts.lockout.ip_hourly_probes = 10;
    let app = spawn_with(settings).await?;
    let answers = burst((0..BURST).map(|i| {
        let app = &app;
        async move { sms_login(app, &format!("137{:08}", i), "123456".to_owned()).await }
    }))
    .await?;
    assert_eq!(
        answers,
        counts(&[(MOBILE_NOT_EXISTS, 10), (TOO_MANY, BURST - 10)])
    );
    let reset = call(
        &app,
        reqwest::Method::PUT,
        "/user/update-password",
        Some(json!({"mobile": "13700000001", "code": "123456", "password": PASSWORD})),
        None,
        &[],
    )
    .await?;
    assert_eq!(reset.1["code"], TOO_MANY, "{reset:?}");
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    a_burst_of_wrong_passwords_without_the_slider_checks_three,
    a_burst_of_wrong_passwords_checks_only_the_allowed_failures,
    the_slider_is_required_after_three_failures,
    a_burst_of_account_probes_stops_at_the_hourly_allowance,
    a_burst_from_one_ip_checks_only_its_failures,
    a_burst_of_code_sends_to_one_address_sends_one,
    a_burst_of_sms_sends_stops_at_the_daily_limit,
    a_burst_of_code_sends_from_one_ip_stops_at_its_hourly_limit,
    a_burst_of_wrong_codes_checks_only_ten,
);
