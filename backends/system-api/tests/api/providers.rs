//! WeChat QR login and binding, Aliyun SMS and SMTP e-mail, each against its local stand-in.

use std::sync::{Arc, Mutex};

use kernel::testing::TestEnvironment;
use reqwest::Method;
use serde_json::{json, Value};

use crate::{helpers::*, stand_ins};

fn with_wechat(environment: &TestEnvironment, api_base: &str) -> kernel::Settings {
    let mut settings = fast_settings(environment);
    settings.accounts.codes.resend_seconds = 0;
    settings.accounts.wechat.app_id = stand_ins::WECHAT_APP_ID.to_owned();
    settings.accounts.wechat.app_secret = stand_ins::WECHAT_SECRET.to_owned();
    settings.accounts.wechat.api_base = api_base.to_owned();
    settings.accounts.wechat.redirect_uri = "http://localhost:3000/login-scan".to_owned();
    settings
}

async fn social_login(app: &kernel::testing::TestApp, code: &str) -> anyhow::Result<Value> {
    let (_, config) = app
        .get_json(&format!("{BASE}/auth/social-config?type=32"))
        .await?;
    let state = config["data"]["state"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    post(
        app,
        "/auth/social-login",
        json!({"type": 32, "code": code, "state": state, "userType": 1}),
    )
    .await
}

async fn wechat_login_register_and_binding(environment: TestEnvironment) -> anyhow::Result<()> {
    let wechat = stand_ins::wechat()?;
    let app = spawn_with(with_wechat(&environment, &wechat.base_url)).await?;

    let (_, config) = app
        .get_json(&format!("{BASE}/auth/social-config?type=32"))
        .await?;
    assert_eq!(config["data"]["appId"], stand_ins::WECHAT_APP_ID);
    assert_eq!(
        config["data"]["redirectUri"],
        "http://localhost:3000/login-scan"
    );
    assert_eq!(
        config["data"]["qrConnectUrl"],
        "https://open.weixin.qq.com/connect/qrconnect"
    );
    assert_eq!(config["data"]["state"].as_str().map(str::len), Some(64));
    let (_, wrong_type) = app
        .get_json(&format!("{BASE}/auth/social-config?type=31"))
        .await?;
    assert_error(&wrong_type, 400, "请求参数不正确:type 不正确");

    let forged = post(
        &app,
        "/auth/social-login",
        json!({"type": 32, "code": "code-alice-0", "state": "e".repeat(64), "userType": 1}),
    )
    .await?;
    assert_error(
        &forged,
        1_002_018_000,
        "社交授权失败，原因是：state 无效或已过期",
    );

    // Unknown WeChat account → 199999 with the openId; registering with it binds it.
    let unknown = social_login(&app, "code-alice-1").await?;
    assert_eq!(
        unknown,
        json!({"code": 199_999, "data": {"openId": "o-alice"}, "msg": "社交账号未注册"})
    );
    assert_eq!(send_code(&app, "alice@example.com", 4).await?["code"], 0);
    let code = outbox_code(&app, "alice@example.com").await?;
    let registered = post(
        &app,
        "/user/register",
        json!({
            "username": "alice", "email": "alice@example.com", "code": code,
            "password": PASSWORD, "confirmPwd": PASSWORD, "openId": "o-alice",
        }),
    )
    .await?;
    assert_eq!(registered["code"], 0, "{registered}");
    let login = social_login(&app, "code-alice-2").await?;
    assert_eq!(login["code"], 0, "{login}");
    assert_eq!(login["data"]["userId"], registered["data"]["userId"]);
    let reused = social_login(&app, "code-alice-2").await?;
    assert_error(
        &reused,
        1_002_018_000,
        "社交授权失败，原因是：invalid code (40029)",
    );

    // wx-binding: a signed-in account binds the WeChat account of a code social-login saw.
    let bob = register(&app, "bob@example.com", "bob").await?;
    let bob_token = token_of(&bob)?;
    assert_eq!(social_login(&app, "code-bobwx-1").await?["code"], 199_999);
    let bind = |username: &str, code: &str| json!({"username": username, "code": code});
    let (_, wrong_user) = call(
        &app,
        Method::POST,
        "/auth/wx-binding",
        Some(bind("alice", "code-bobwx-1")),
        Some(&bob_token),
        &[],
    )
    .await?;
    assert_error(&wrong_user, 400, "请求参数不正确:用户名与当前账号不符");
    let (_, bound) = call(
        &app,
        Method::POST,
        "/auth/wx-binding",
        Some(bind("bob@example.com", "code-bobwx-1")),
        Some(&bob_token),
        &[],
    )
    .await?;
    assert_eq!(bound, json!({"code": 0, "data": true, "msg": ""}));
    let (_, social) = call(
        &app,
        Method::GET,
        "/user/social",
        None,
        Some(&bob_token),
        &[],
    )
    .await?;
    assert_eq!(social["data"][0]["type"], 32);
    assert_eq!(social["data"][0]["nickname"], "微信用户bobwx");
    assert_eq!(
        social_login(&app, "code-bobwx-2").await?["data"]["userId"],
        bob["data"]["userId"]
    );
    let (_, taken) = call(
        &app,
        Method::POST,
        "/auth/wx-binding",
        Some(bind("bob", "code-alice-3")),
        Some(&bob_token),
        &[],
    )
    .await?;
    assert_eq!(
        taken["code"], 1_002_018_000,
        "alice's WeChat is bound to alice: {taken}"
    );
    let (_, anonymous) = call(
        &app,
        Method::POST,
        "/auth/wx-binding",
        Some(bind("bob", "code-bobwx-9")),
        None,
        &[],
    )
    .await?;
    assert_error(&anonymous, 401, "账号未登录");

    call(
        &app,
        Method::DELETE,
        "/user/social/wechat",
        None,
        Some(&bob_token),
        &[],
    )
    .await?;
    assert_eq!(social_login(&app, "code-bobwx-3").await?["code"], 199_999);
    app.stop().await;

    let unconfigured = spawn_system(&environment).await?;
    let (_, off) = unconfigured
        .get_json(&format!("{BASE}/auth/social-config?type=32"))
        .await?;
    assert_error(&off, 501, "功能未实现/未开启");
    unconfigured.stop().await;
    Ok(())
}

async fn aliyun_sms_delivers_signed_requests(environment: TestEnvironment) -> anyhow::Result<()> {
    let sent: Arc<Mutex<Vec<(String, String)>>> = Arc::default();
    let sms = stand_ins::aliyun(sent.clone())?;
    let mut settings = fast_settings(&environment);
    settings.accounts.sms_sender = "aliyun".to_owned();
    settings.accounts.aliyun_sms.endpoint = format!("{}/", sms.base_url);
    settings.accounts.aliyun_sms.access_key_id = stand_ins::ALIYUN_KEY_ID.to_owned();
    settings.accounts.aliyun_sms.access_key_secret = stand_ins::ALIYUN_SECRET.to_owned();
    settings.accounts.aliyun_sms.sign_name = "工程资料库".to_owned();
    settings.accounts.aliyun_sms.template_code = "SMS_000001".to_owned();
    let app = spawn_with(settings.clone()).await?;
    assert_eq!(send_code(&app, "13912345678", 4).await?["code"], 0);
    let delivered = sent.lock().map(|sent| sent.clone()).unwrap_or_default();
    assert_eq!(delivered.len(), 1);
    let (phone, code) = delivered[0].clone();
    assert_eq!(phone, "13912345678");
    assert_eq!(code.len(), 6);
    let registered = post(
        &app,
        "/user/register",
        json!({
            "mobile": phone, "code": code, "password": PASSWORD, "confirmPwd": PASSWORD,
        }),
    )
    .await?;
    assert_eq!(registered["code"], 0, "{registered}");
    app.stop().await;

    // A wrong secret: the stand-in refuses the signature, the client sees 系统异常, and the
    // failed send does not count against the mobile's limits.
    settings.accounts.aliyun_sms.access_key_secret = "wrong".to_owned();
    settings.cache_prefix = format!("{}wrong:", settings.cache_prefix);
    let app = spawn_with(settings).await?;
    let ticket = slider_ticket(&app, "sms").await?;
    let (status, failed) = call(
        &app,
        Method::POST,
        "/auth/send-sms-code",
        Some(json!({"mobile": "13800000001", "scene": 4, "ticket": ticket})),
        None,
        &[],
    )
    .await?;
    assert_eq!(
        (status, failed["code"].clone(), failed["msg"].clone()),
        (500, json!(500), json!("系统异常"))
    );
    let ticket = slider_ticket(&app, "sms").await?;
    let (_, again) = call(
        &app,
        Method::POST,
        "/auth/send-sms-code",
        Some(json!({"mobile": "13800000001", "scene": 4, "ticket": ticket})),
        None,
        &[],
    )
    .await?;
    assert_eq!(
        again["code"], 500,
        "not 1002014005: the failed send was not counted: {again}"
    );
    app.stop().await;
    Ok(())
}

async fn smtp_delivers_email_codes(environment: TestEnvironment) -> anyhow::Result<()> {
    let Some(smtp) = stand_ins::smtp_server().await? else {
        return Ok(());
    };
    let mut settings = fast_settings(&environment);
    settings.accounts.email_sender = "smtp".to_owned();
    settings.accounts.smtp.host = "127.0.0.1".to_owned();
    settings.accounts.smtp.port = smtp.port;
    settings.accounts.smtp.from = "工程资料库 <no-reply@portal.test>".to_owned();
    let app = spawn_with(settings).await?;
    assert_eq!(send_code(&app, "carol@example.com", 4).await?["code"], 0);
    let mails = stand_ins::read_maildir(&smtp.maildir)?;
    assert_eq!(mails.len(), 1, "{mails:?}");
    let (subject, to, body) = &mails[0];
    assert_eq!(subject, "【工程资料库】注册验证码");
    assert_eq!(to, "carol@example.com");
    let code: String = body
        .split("验证码是 ")
        .nth(1)
        .map(|rest| rest.chars().take(6).collect())
        .unwrap_or_default();
    assert!(
        code.len() == 6 && code.chars().all(|c| c.is_ascii_digit()),
        "{body}"
    );
    let registered = post(&app, "/user/register", json!({
        "email": "carol@example.com", "code": code, "password": PASSWORD, "confirmPwd": PASSWORD,
    })).await?;
    assert_eq!(registered["code"], 0, "{registered}");
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    wechat_login_register_and_binding,
    aliyun_sms_delivers_signed_requests,
    smtp_delivers_email_codes,
);
