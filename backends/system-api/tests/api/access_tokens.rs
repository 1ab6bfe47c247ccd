//! Personal access tokens through HTTP: create (secret once), list, revoke, limits, bad input,
//! and their check — accepted by the token check and by `auth::TokenUser` in a service
//! deployed apart, refused by the session-only routes.

use std::{net::TcpListener, sync::Arc, time::Duration};

use actix_web::{web, App, HttpServer};
use auth::{Authenticator, Introspection, TokenUser};
use kernel::{testing::TestEnvironment, ApiResponse, ApiResult};
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;

const TOKENS: &str = "/user/access-tokens";

async fn create(
    app: &kernel::testing::TestApp,
    session: &str,
    body: Value,
) -> anyhow::Result<Value> {
    let (status, answer) = call(app, Method::POST, TOKENS, Some(body), Some(session), &[]).await?;
    assert_eq!(status, 200, "{answer}");
    Ok(answer)
}

/// The token check's answer for `Authorization: <scheme> <token>`.
async fn check(app: &kernel::testing::TestApp, scheme: &str, token: &str) -> anyhow::Result<Value> {
    Ok(app
        .client
        .get(app.url(&format!("{BASE}/auth/check-token")))
        .header("Authorization", format!("{scheme} {token}"))
        .send()
        .await?
        .json()
        .await?)
}

async fn create_list_use_and_revoke(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn_system(&environment).await?;
    let (session, user_id) = signed_in_user(&app, "pat@example.com", "令牌用户").await?;
    let (other_session, _) = signed_in_user(&app, "other@example.com", "别人").await?;
    assert_eq!(get_with(&app, TOKENS, &session).await?["data"], json!([]));

    let created = create(
        &app,
        &session,
        json!({"name": " KiCad 笔记本 ", "expiresInDays": 90}),
    )
    .await?;
    assert_eq!(created["code"], 0, "{created}");
    let secret = created["data"]["secret"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(secret.starts_with("pat_") && secret.len() == 68, "{secret}");
    assert_eq!(created["data"]["name"], "KiCad 笔记本");
    assert_eq!(created["data"]["prefix"], secret[..8]);
    assert_eq!(created["data"]["lastUsedTime"], Value::Null);
    assert_eq!(created["data"]["live"], true);
    let lifetime = created["data"]["expiresTime"].as_i64().unwrap_or_default()
        - created["data"]["createTime"].as_i64().unwrap_or_default();
    assert_eq!(lifetime, 90 * 24 * 3600 * 1000);
    let forever = create(&app, &session, json!({"name": "CI", "expiresInDays": null})).await?;
    assert_eq!(forever["data"]["expiresTime"], Value::Null, "{forever}");

    // The list never shows a secret; newest first.
    let listed = get_with(&app, TOKENS, &session).await?["data"].clone();
    let names: Vec<&str> = listed
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|item| item["name"].as_str())
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(names, ["CI", "KiCad 笔记本"]);
    assert!(!listed.to_string().contains(&secret[8..]), "{listed}");
    assert_eq!(
        get_with(&app, TOKENS, &other_session).await?["data"],
        json!([])
    );

    // The token check knows it as its owner, sent as `Token` or `Bearer`; the last use shows.
    for scheme in ["Token", "Bearer"] {
        let principal = check(&app, scheme, &secret).await?;
        assert_eq!(principal["code"], 0, "{principal}");
        assert_eq!(principal["data"]["userId"], user_id);
    }
    let listed = get_with(&app, TOKENS, &session).await?["data"].clone();
    assert!(listed[1]["lastUsedTime"].is_i64(), "{listed}");
    // Session-only routes refuse it: a token pasted into a design tool cannot change the account.
    let (_, profile) = call(&app, Method::GET, "/user/profile", None, Some(&secret), &[]).await?;
    assert_error(&profile, 401, "账号未登录");
    let (_, minted) = call(
        &app,
        Method::POST,
        TOKENS,
        Some(json!({"name": "x"})),
        Some(&secret),
        &[],
    )
    .await?;
    assert_error(&minted, 401, "账号未登录");

    // Unknown ids and other users' tokens are not found; revoking stops the token at once.
    let id = created["data"]["id"].as_i64().unwrap_or_default();
    for (path, who) in [
        (format!("{TOKENS}/{}", id + 1000), &session),
        (format!("{TOKENS}/{id}"), &other_session),
    ] {
        let (_, answer) = call(&app, Method::DELETE, &path, None, Some(who), &[]).await?;
        assert_error(&answer, 1_002_023_000, "访问令牌不存在");
    }
    assert_eq!(check(&app, "Token", &secret).await?["code"], 0);
    let (_, revoked) = call(
        &app,
        Method::DELETE,
        &format!("{TOKENS}/{id}"),
        None,
        Some(&session),
        &[],
    )
    .await?;
    assert_eq!(revoked, json!({"code": 0, "data": true, "msg": ""}));
    assert_error(&check(&app, "Token", &secret).await?, 401, "账号未登录");
    assert_eq!(
        get_with(&app, TOKENS, &session).await?["data"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
    let (_, again) = call(
        &app,
        Method::DELETE,
        &format!("{TOKENS}/{id}"),
        None,
        Some(&session),
        &[],
    )
    .await?;
    assert_error(&again, 1_002_023_000, "访问令牌不存在");
    let (_, anonymous) = call(&app, Method::GET, TOKENS, None, None, &[]).await?;
    assert_error(&anonymous, 401, "账号未登录");
    app.stop().await;
    Ok(())
}

/// A password change revokes the user's personal access tokens (a leaked password may have
/// made them); so does a reset by code.
async fn a_password_change_revokes_the_tokens(environment: TestEnvironment) -> anyhow::Result<()> {
    let mut settings = fast_settings(&environment);
    settings.accounts.codes.resend_seconds = 0;
    let app = spawn_with(settings).await?;
    let email = "pat-change@example.com";
    let (session, _) = signed_in_user(&app, email, "换密码").await?;
    let secret_of = |created: &Value| {
        created["data"]["secret"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };
    let first = secret_of(&create(&app, &session, json!({"name": "KiCad"})).await?);
    assert_eq!(check(&app, "Token", &first).await?["code"], 0);
    let (_, changed) = call(
        &app,
        Method::PUT,
        "/user/profile/password",
        Some(json!({"oldPassword": PASSWORD, "newPassword": "Changed#2024"})),
        Some(&session),
        &[],
    )
    .await?;
    assert_eq!(changed["code"], 0, "{changed}");
    assert_error(&check(&app, "Token", &first).await?, 401, "账号未登录");
    assert_eq!(get_with(&app, TOKENS, &session).await?["data"], json!([]));

    let second = secret_of(&create(&app, &session, json!({"name": "KiCad 2"})).await?);
    assert_eq!(check(&app, "Token", &second).await?["code"], 0);
    assert_eq!(send_code(&app, email, 2).await?["code"], 0);
    let code = outbox_code(&app, email).await?;
    let (_, reset) = call(
        &app,
        Method::PUT,
        "/user/update-password",
        Some(json!({"email": email, "code": code, "password": PASSWORD, "confirmPwd": PASSWORD})),
        None,
        &[],
    )
    .await?;
    assert_eq!(reset["code"], 0, "{reset}");
    assert_error(&check(&app, "Token", &second).await?, 401, "账号未登录");
    app.stop().await;
    Ok(())
}

async fn bad_input_and_the_limit(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn_system(&environment).await?;
    let session = signed_in(&app, "limit@example.com", "上限").await?;
    for (body, msg) in [
        (json!({}), "请求参数不正确:请填写令牌名称"),
        (json!({"name": "   "}), "请求参数不正确:请填写令牌名称"),
        (
            json!({"name": "令".repeat(33)}),
            "请求参数不正确:令牌名称不能超过32个字符",
        ),
        (
            json!({"name": "ok", "expiresInDays": 31}),
            "请求参数不正确:有效期只能是30、90、365天或永不过期",
        ),
    ] {
        assert_error(&create(&app, &session, body).await?, 400, msg);
    }
    let (_, not_a_number) = call(
        &app,
        Method::DELETE,
        &format!("{TOKENS}/abc"),
        None,
        Some(&session),
        &[],
    )
    .await?;
    assert_eq!(not_a_number["code"], 400, "{not_a_number}");

    let mut first_id = 0;
    for index in 0..10 {
        let created = create(
            &app,
            &session,
            json!({"name": format!("令牌{index}"), "expiresInDays": 30}),
        )
        .await?;
        assert_eq!(created["code"], 0, "{created}");
        if index == 0 {
            first_id = created["data"]["id"].as_i64().unwrap_or_default();
        }
    }
    assert_error(
        &create(&app, &session, json!({"name": "第十一个"})).await?,
        1_002_023_001,
        "访问令牌已达上限（10个），请先撤销不再使用的令牌",
    );
    // An expired token no longer counts.
    execute(
        &fast_settings(&environment),
        &format!("UPDATE personal_access_token SET expires_at = created_at WHERE id = {first_id}"),
    )
    .await?;
    let listed = get_with(&app, TOKENS, &session).await?["data"].clone();
    assert_eq!(listed[9]["live"], false, "{listed}");
    assert_eq!(
        create(&app, &session, json!({"name": "第十一个"})).await?["code"],
        0
    );
    app.stop().await;
    Ok(())
}

async fn kicad_like(user: TokenUser) -> ApiResult<ApiResponse<i64>> {
    Ok(ApiResponse::ok(user.0.user_id()))
}

/// A service deployed apart (introspection) accepts a personal token on a `TokenUser` route,
/// answers HTTP 401 without one, and refuses it after revocation.
async fn a_service_deployed_apart_accepts_personal_tokens(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let system = spawn_system(&environment).await?;
    let (session, user_id) = signed_in_user(&system, "apart@example.com", "").await?;
    let created = create(&system, &session, json!({"name": "KiCad"})).await?;
    let secret = created["data"]["secret"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let authenticator = web::Data::new(Authenticator::new(
        Arc::new(Introspection::new(&system.address)?),
        None,
        Duration::from_millis(1),
    ));
    let listener = TcpListener::bind("127.0.0.1:0")?;
    let url = format!("http://127.0.0.1:{}/kicad", listener.local_addr()?.port());
    let server = HttpServer::new(move || {
        App::new()
            .app_data(authenticator.clone())
            .route("/kicad", web::get().to(kicad_like))
    })
    .workers(1)
    .listen(listener)?
    .run();
    let handle = server.handle();
    tokio::spawn(server);

    let client = reqwest::Client::new();
    let get = |authorization: Option<String>| {
        let mut request = client.get(&url);
        if let Some(value) = authorization {
            request = request.header("Authorization", value);
        }
        async move {
            let response = request.send().await?;
            anyhow::Ok((response.status().as_u16(), response.json::<Value>().await?))
        }
    };
    assert_eq!(
        get(Some(format!("Token {secret}"))).await?,
        (200, json!({"code": 0, "data": user_id, "msg": ""}))
    );
    assert_eq!(
        get(Some(format!("Bearer {session}"))).await?.1["data"],
        user_id
    );
    for authorization in [
        None,
        Some(format!("Token pat_{}", "0".repeat(64))),
        Some("Token nonsense".to_owned()),
    ] {
        let (status, body) = get(authorization).await?;
        assert_eq!(status, 401, "{body}");
        assert_eq!(body["code"], 401, "{body}");
        assert_eq!(body["msg"], auth::TOKEN_REQUIRED, "{body}");
    }
    let id = created["data"]["id"].as_i64().unwrap_or_default();
    call(
        &system,
        Method::DELETE,
        &format!("{TOKENS}/{id}"),
        None,
        Some(&session),
        &[],
    )
    .await?;
    // The local cache of this service lives 1 ms here (its clock is the real one): ask until
    // it refuses, with a deadline, rather than sleeping a fixed time.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        let (status, body) = get(Some(format!("Token {secret}"))).await?;
        if status == 401 {
            break;
        }
        assert_eq!(status, 200, "{body}");
        anyhow::ensure!(
            tokio::time::Instant::now() < deadline,
            "the revoked personal token is still accepted after 5 s"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    handle.stop(true).await;
    system.stop().await;
    Ok(())
}

kernel::backend_tests!(
    create_list_use_and_revoke,
    a_password_change_revokes_the_tokens,
    bad_input_and_the_limit,
    a_service_deployed_apart_accepts_personal_tokens
);
