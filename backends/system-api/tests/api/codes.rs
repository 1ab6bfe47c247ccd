//! Slider tickets, verification codes, registration, SMS login and password reset.

use anyhow::Context;
use kernel::testing::TestEnvironment;
use reqwest::Method;
use serde_json::json;

use crate::helpers::*;

fn no_resend_wait(environment: &TestEnvironment) -> kernel::Settings {
    let mut settings = fast_settings(environment);
    settings.accounts.codes.resend_seconds = 0;
    settings
}

async fn register_by_email_then_forgot_password(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn_with(no_resend_wait(&environment)).await?;
    let email = "Han.Meimei@Example.com";
    let registered = register(&app, email, "").await?;
    assert_eq!(registered["code"], 0, "{registered}");
    let token = token_of(&registered)?;
    let info = get_with(&app, "/auth/get-permission-info?appType=2", &token).await?;
    let user = &info["data"]["user"];
    assert_eq!(user["email"], "han.meimei@example.com");
    assert_eq!(
        user["username"], email,
        "the e-mail is the username without a nickname"
    );
    assert_eq!(user["mobile"], "");
    assert_eq!(info["data"]["roles"], json!(["member"]));
    assert!(info["data"]["permissions"]
        .as_array()
        .is_some_and(|p| p.contains(&json!("portal:profile:update"))));
    let outbox = app
        .get_json("/to/api/dev/outbox?to=han.meimei%40example.com")
        .await?
        .1;
    assert_eq!(outbox["data"][0]["channel"], "email");
    assert_eq!(outbox["data"][0]["scene"], 4);
    assert!(outbox["data"][0]["subject"]
        .as_str()
        .is_some_and(|s| s.contains("注册")));

    // Taken e-mail: no code is sent for registration.
    let taken = send_code(&app, email, 4).await?;
    assert_error(&taken, 1_002_003_002, "邮箱已经存在");
    let login = login_email(&app, email, PASSWORD).await?;
    assert_eq!(login["code"], 0, "{login}");
    let second_session = token_of(&login)?;

    // Forgot password: every session ends, the new password works, the old does not.
    assert_eq!(send_code(&app, email, 2).await?["code"], 0);
    let code = outbox_code(&app, "han.meimei@example.com").await?;
    let new_password = "Newpass#2024";
    let (_, changed) = call(
        &app,
        Method::PUT,
        "/user/update-password",
        Some(json!({"email": email, "code": code, "password": new_password})),
        None,
        &[],
    )
    .await?;
    assert_eq!(changed, json!({"code": 0, "data": true, "msg": ""}));
    for old in [&token, &second_session] {
        let dead = get_with(&app, "/auth/get-permission-info?appType=2", old).await?;
        assert_error(&dead, 401, "账号未登录");
    }
    assert_eq!(
        login_email(&app, email, PASSWORD).await?["code"],
        1_002_000_000
    );
    assert_eq!(login_email(&app, email, new_password).await?["code"], 0);
    let (_, reused) = call(
        &app,
        Method::PUT,
        "/user/update-password",
        Some(json!({"email": email, "code": code, "password": PASSWORD})),
        None,
        &[],
    )
    .await?;
    assert_error(&reused, 1_002_014_002, "验证码已使用");
    let unknown = send_code(&app, "nobody@example.com", 2).await?;
    assert_error(&unknown, 1_002_003_003, "用户不存在");
    app.stop().await;
    Ok(())
}

async fn register_by_phone_then_sms_login(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = no_resend_wait(&environment);
    let app = spawn_with(settings.clone()).await?;
    let mobile = "13912345678";
    let registered = register(&app, mobile, "李雷").await?;
    assert_eq!(registered["code"], 0, "{registered}");
    let info = get_with(
        &app,
        "/auth/get-permission-info?appType=2",
        &token_of(&registered)?,
    )
    .await?;
    assert_eq!(info["data"]["user"]["username"], "李雷");
    assert_eq!(info["data"]["user"]["nickname"], "李雷");
    assert_eq!(info["data"]["user"]["mobile"], mobile);

    let taken = send_code(&app, mobile, 4).await?;
    assert_error(&taken, 1_002_003_001, "手机号已经存在");
    let unknown = send_code(&app, "13700000000", 1).await?;
    assert_error(&unknown, 1_002_000_007, "手机号不存在");

    assert_eq!(send_code(&app, mobile, 1).await?["code"], 0);
    let code = outbox_code(&app, mobile).await?;
    let wrong_code = if code == "000000" { "111111" } else { "000000" };
    let login =
        |code: &str| json!({"mobile": mobile, "code": code, "verified": true, "userType": 2});
    assert_error(
        &post(&app, "/auth/sms-login", login(wrong_code)).await?,
        1_002_014_000,
        "验证码不存在",
    );
    let answer = post(&app, "/auth/sms-login", login(&code)).await?;
    assert_eq!(answer["code"], 0, "{answer}");
    assert_eq!(answer["data"]["userId"], registered["data"]["userId"]);
    assert_error(
        &post(&app, "/auth/sms-login", login(&code)).await?,
        1_002_014_002,
        "验证码已使用",
    );
    let stranger =
        json!({"mobile": "13700000000", "code": "123456", "verified": true, "userType": 2});
    assert_error(
        &post(&app, "/auth/sms-login", stranger).await?,
        1_002_000_007,
        "手机号不存在",
    );

    assert_eq!(send_code(&app, mobile, 1).await?["code"], 0);
    let code = outbox_code(&app, mobile).await?;
    execute(
        &settings,
        "UPDATE verification_code SET expires_at = '2001-01-01T00:00:00+00:00'",
    )
    .await?;
    assert_error(
        &post(&app, "/auth/sms-login", login(&code)).await?,
        1_002_014_001,
        "验证码已过期",
    );
    app.stop().await;
    Ok(())
}

async fn send_limits_per_target_day_and_ip(environment: TestEnvironment) -> anyhow::Result<()> {
    let environment = environment.with_test_redis().await?;
    let app = spawn_system(&environment).await?;
    assert_eq!(send_code(&app, "a@example.com", 4).await?["code"], 0);
    assert_error(
        &send_code(&app, "a@example.com", 4).await?,
        1_002_014_005,
        "短信发送过于频繁",
    );
    app.stop().await;

    let mut settings = no_resend_wait(&environment);
    // A fresh cache namespace: the IP counter of the first run must not carry over (Redis).
    settings.cache_prefix = format!("{}second:", settings.cache_prefix);
    settings.accounts.codes.daily_limit = 2;
    settings.accounts.codes.ip_hourly_limit = 3;
    let app = spawn_with(settings).await?;
    assert_eq!(send_code(&app, "b@example.com", 4).await?["code"], 0);
    assert_eq!(send_code(&app, "b@example.com", 4).await?["code"], 0);
    assert_error(
        &send_code(&app, "b@example.com", 4).await?,
        1_002_014_004,
        "超过每日短信发送数量",
    );
    assert_eq!(send_code(&app, "c@example.com", 4).await?["code"], 0);
    assert_error(
        &send_code(&app, "d@example.com", 4).await?,
        429,
        "请求过于频繁，请稍后重试",
    );
    app.stop().await;
    Ok(())
}

async fn the_code_config_reports_the_resend_interval(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn_system(&environment).await?;
    let (status, config) = app.get_json("/to/api/base/system/auth/code-config").await?;
    assert_eq!(status, 200, "{config}");
    assert_eq!(
        config["data"],
        json!({"resendSeconds": 60, "validMinutes": 10}),
        "the defaults"
    );
    app.stop().await;

    let mut settings = fast_settings(&environment);
    settings.accounts.codes.resend_seconds = 1;
    let app = spawn_with(settings).await?;
    let (_, config) = app.get_json("/to/api/base/system/auth/code-config").await?;
    assert_eq!(config["data"]["resendSeconds"], 1, "{config}");
    assert_eq!(send_code(&app, "short@example.com", 4).await?["code"], 0);
    assert_error(
        &send_code(&app, "short@example.com", 4).await?,
        1_002_014_005,
        "短信发送过于频繁",
    );
    // The interval the server reported is the one it enforces: a send is accepted again
    // once it has passed (polled with a deadline, not a fixed sleep).
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let answer = send_code(&app, "short@example.com", 4).await?;
        if answer["code"] == 0 {
            break;
        }
        assert_eq!(answer["code"], 1_002_014_005, "{answer}");
        anyhow::ensure!(
            tokio::time::Instant::now() < deadline,
            "a send 10 s after a 1 s resend interval was still refused"
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    app.stop().await;
    Ok(())
}

async fn codes_need_a_fresh_slider_ticket(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn_system(&environment).await?;
    let send =
        |ticket: Option<&str>| json!({"mobile": "13912345678", "scene": 4, "ticket": ticket});
    let failed = "滑块验证失败，请重试";
    assert_error(
        &post(&app, "/auth/send-sms-code", send(None)).await?,
        1_002_014_010,
        failed,
    );
    assert_error(
        &post(&app, "/auth/send-sms-code", send(Some(&"d".repeat(64)))).await?,
        1_002_014_010,
        failed,
    );
    let ticket = slider_ticket(&app, "sms").await?;
    assert_eq!(
        post(&app, "/auth/send-sms-code", send(Some(&ticket))).await?["code"],
        0
    );
    assert_error(
        &post(&app, "/auth/send-sms-code", send(Some(&ticket))).await?,
        1_002_014_010,
        failed,
    );
    let email_ticket = slider_ticket(&app, "email").await?;
    assert_error(
        &post(&app, "/auth/send-sms-code", send(Some(&email_ticket))).await?,
        1_002_014_010,
        failed,
    );

    // A drag that stops halfway fails, and the challenge is gone after one attempt.
    let challenge = post(&app, "/captcha/slider/challenge", json!({})).await?;
    assert_eq!(challenge["data"]["trackWidth"], 340);
    assert_eq!(challenge["data"]["handleWidth"], 40);
    assert_eq!(challenge["data"]["expiresIn"], 120);
    tokio::time::sleep(std::time::Duration::from_millis(150)).await;
    let halfway = json!({"challengeId": challenge["data"]["challengeId"], "trackWidth": 340, "track": human_track(200.0, 40.0)});
    assert_error(
        &post(&app, "/captcha/slider/verify", halfway).await?,
        1_002_014_010,
        failed,
    );
    let retry = json!({"challengeId": challenge["data"]["challengeId"], "trackWidth": 340, "track": human_track(340.0, 40.0)});
    assert_error(
        &post(&app, "/captcha/slider/verify", retry).await?,
        1_002_014_010,
        failed,
    );
    // Answering at once is faster than any hand.
    let quick = post(&app, "/captcha/slider/challenge", json!({"scene": "sms"})).await?;
    let instant = json!({"challengeId": quick["data"]["challengeId"], "trackWidth": 340, "track": human_track(340.0, 40.0)});
    assert_error(
        &post(&app, "/captcha/slider/verify", instant).await?,
        1_002_014_010,
        failed,
    );

    assert_error(
        &post(
            &app,
            "/captcha/slider/verify",
            json!({"trackWidth": 340, "track": []}),
        )
        .await?,
        400,
        "请求参数缺失:challengeId",
    );
    let fax = post(&app, "/captcha/slider/challenge", json!({"scene": "fax"})).await?;
    assert_eq!(fax["code"], 400, "{fax}");
    assert_error(
        &post(
            &app,
            "/auth/send-sms-code",
            json!({"mobile": "139", "scene": 4, "ticket": ticket}),
        )
        .await?,
        400,
        "请求参数不正确:手机号格式不正确",
    );
    assert_error(
        &post(
            &app,
            "/auth/send-sms-code",
            json!({"mobile": "13912345678", "scene": 3, "ticket": ticket}),
        )
        .await?,
        400,
        "请求参数不正确:scene 不正确",
    );
    assert_error(
        &post(
            &app,
            "/user/send-email-code",
            json!({"email": "a@example.com", "scene": 1, "ticket": ticket}),
        )
        .await?,
        400,
        "请求参数不正确:scene 不正确",
    );
    app.stop().await;
    Ok(())
}

async fn a_failed_registration_writes_nothing(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn_with(no_resend_wait(&environment)).await?;
    assert_eq!(
        register(&app, "first@example.com", "同名").await?["code"],
        0
    );
    assert_eq!(send_code(&app, "second@example.com", 4).await?["code"], 0);
    let code = outbox_code(&app, "second@example.com").await?;
    let payload = |username: &str, open_id: Option<&str>| {
        json!({
            "username": username, "email": "second@example.com", "code": code,
            "password": PASSWORD, "confirmPwd": PASSWORD, "openId": open_id,
        })
    };
    let unknown_wechat = post(&app, "/user/register", payload("second", Some("o-unknown"))).await?;
    assert_eq!(unknown_wechat["code"], 1_002_018_000, "{unknown_wechat}");
    assert_eq!(
        login_email(&app, "second@example.com", PASSWORD).await?["code"],
        1_002_000_000,
        "no user was left behind"
    );
    // The code was not used up by the failed attempt. A shared nickname does not refuse the
    // registration: the new account's username gets a numeric suffix.
    let ok = post(&app, "/user/register", payload("同名", None)).await?;
    assert_eq!(ok["code"], 0, "{ok}");
    let info = get_with(&app, "/auth/get-permission-info?appType=2", &token_of(&ok)?).await?;
    let username = info["data"]["user"]["username"]
        .as_str()
        .unwrap_or_default();
    assert!(
        username.starts_with("同名_") && username.len() == "同名_".len() + 4,
        "{info}"
    );

    let bad = [
        (
            json!({"email": "x@example.com", "code": "123456", "password": PASSWORD, "confirmPwd": "Other123!"}),
            "请求参数不正确:两次密码不一致",
        ),
        (
            json!({"email": "x@example.com", "code": "123456", "password": "weak", "confirmPwd": "weak"}),
            "请求参数不正确:密码长度为8-16位，且至少包含大写字母、小写字母、数字、特殊字符中的三种",
        ),
        (
            json!({"email": "x@example.com", "code": "12345", "password": PASSWORD, "confirmPwd": PASSWORD}),
            "请求参数不正确:请输入6位验证码",
        ),
        (
            json!({"email": "x@example.com", "mobile": "13912345678", "code": "123456", "password": PASSWORD, "confirmPwd": PASSWORD}),
            "请求参数不正确:邮箱和手机号必须填写且只能填写一个",
        ),
        (
            json!({"email": "x@example.com", "nickname": "名".repeat(65), "code": "123456", "password": PASSWORD, "confirmPwd": PASSWORD}),
            "请求参数不正确:昵称长度不能超过64个字符",
        ),
    ];
    for (payload, msg) in bad {
        assert_error(&post(&app, "/user/register", payload).await?, 400, msg);
    }
    let none = post(&app, "/user/register", json!({"email": "x@example.com", "code": "123456", "password": PASSWORD, "confirmPwd": PASSWORD})).await?;
    assert_error(&none, 1_002_014_000, "验证码不存在");
    app.stop().await;
    Ok(())
}

async fn registration_can_be_closed(environment: TestEnvironment) -> anyhow::Result<()> {
    let mut settings = fast_settings(&environment);
    settings.accounts.register_enabled = false;
    let app = spawn_with(settings).await?;
    let closed = post(&app, "/user/register", json!({"email": "x@example.com"})).await?;
    assert_error(&closed, 1_002_003_011, "注册功能已关闭");
    app.stop().await;
    Ok(())
}

async fn the_outbox_exists_only_in_development(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn_system(&environment).await?;
    let (status, missing) = app.get_json("/to/api/dev/outbox").await?;
    assert_eq!(status, 200);
    assert_error(&missing, 400, "请求参数缺失:to");
    app.stop().await;
    let mut settings = fast_settings(&environment);
    settings.mode = kernel::Mode::Production;
    let refused = spawn_with(settings.clone()).await;
    let reason = format!(
        "{:#}",
        refused
            .err()
            .context("production started with the outbox")?
    );
    assert!(
        reason.contains("accounts.sms_sender is the development outbox"),
        "{reason}"
    );
    assert!(reason.contains("public_url"), "{reason}");
    settings.accounts.sms_sender = "aliyun".to_owned();
    settings.accounts.aliyun_sms.access_key_id = "id".to_owned();
    settings.accounts.aliyun_sms.access_key_secret = "secret".to_owned();
    settings.accounts.email_sender = "smtp".to_owned();
    settings.public_url = Some("https://portal.example.com".to_owned());
    let app = spawn_with(settings).await?;
    let (status, body) = app.get_json("/to/api/dev/outbox?to=13912345678").await?;
    assert_eq!((status, body["code"].clone()), (404, json!(404)));
    let (_, document) = app.get_json("/to/api/docs/system/openapi.json").await?;
    let paths = document["paths"].as_object().context("paths")?;
    assert!(paths.keys().any(|path| path.contains("/auth/login")));
    assert!(
        !paths.keys().any(|path| path.starts_with("/to/api/dev/")),
        "dev routes documented in production"
    );
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    register_by_email_then_forgot_password,
    register_by_phone_then_sms_login,
    send_limits_per_target_day_and_ip,
    the_code_config_reports_the_resend_interval,
    codes_need_a_fresh_slider_ticket,
    a_failed_registration_writes_nothing,
    registration_can_be_closed,
    the_outbox_exists_only_in_development,
);
