//! Login, tokens, permission info, the tenant check, introspection and lockout.

use std::time::Duration;

use kernel::testing::TestEnvironment;
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;

async fn password_login_refresh_and_logout(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let admin_id = create_admin(&settings, "Root@Example.com").await?;
    let app = spawn_with(settings).await?;

    let before = chrono::Utc::now().timestamp_millis();
    let login = login_email(&app, "root@example.com", PASSWORD).await?;
    assert_eq!(login["code"], 0, "{login}");
    assert_eq!(login["msg"], "");
    let data = &login["data"];
    assert_eq!(data["userId"], admin_id);
    let access = token_of(&login)?;
    let refresh = data["refreshToken"].as_str().unwrap_or_default().to_owned();
    assert_eq!(access.len(), 64);
    assert_ne!(access, refresh);
    let expires = data["expiresTime"].as_i64().unwrap_or_default();
    let thirty_minutes = 30 * 60 * 1000;
    assert!(
        expires >= before + thirty_minutes - 5000 && expires <= before + thirty_minutes + 60_000
    );

    let info = get_with(&app, "/auth/get-permission-info?appType=2", &access).await?;
    assert_eq!(info["code"], 0, "{info}");
    assert_eq!(info["data"]["roles"], json!(["super_admin"]));
    assert_eq!(info["data"]["permissions"], json!(["*:*:*"]));
    assert_eq!(info["data"]["menus"], json!([]));
    let user = &info["data"]["user"];
    assert_eq!(user["id"], admin_id);
    assert_eq!(user["username"], "root");
    assert_eq!(user["email"], "root@example.com");
    assert_eq!(user["mobile"], "");
    assert_eq!(user["orgId"], 0);
    assert_eq!(user["orgEnable"], true);
    assert_eq!(user["businessScope"], json!([]));
    assert_eq!(user["clientId"], "portal");
    for key in ["avatar", "nickname", "orgName"] {
        assert!(user[key].is_string(), "{key} in {user}");
    }
    let extend = get_with(&app, "/auth/get-extend-user-info?appType=1", &access).await?;
    assert_eq!(extend["data"], json!({"clientId": "portal"}));

    // appType is checked.
    let bad = get_with(&app, "/auth/get-permission-info?appType=3", &access).await?;
    assert_error(&bad, 400, "请求参数不正确:appType 不正确");
    let missing = get_with(&app, "/auth/get-permission-info", &access).await?;
    assert_error(&missing, 400, "请求参数缺失:appType");

    // Refresh: a new access token, the refresh token kept, the old access token dead at once.
    let refreshed = post(
        &app,
        &format!("/auth/refresh-token?refreshToken={refresh}"),
        json!(null),
    )
    .await?;
    assert_eq!(refreshed["code"], 0, "{refreshed}");
    assert_eq!(refreshed["data"]["refreshToken"], refresh.as_str());
    assert_eq!(refreshed["data"]["userId"], admin_id);
    let new_access = token_of(&refreshed)?;
    assert_ne!(new_access, access);
    let old = get_with(&app, "/auth/get-permission-info?appType=2", &access).await?;
    assert_error(&old, 401, "账号未登录");
    let fresh = get_with(&app, "/auth/get-permission-info?appType=2", &new_access).await?;
    assert_eq!(fresh["code"], 0);

    // Logout revokes both tokens; it answers true whatever it gets.
    let (_, out) = call(
        &app,
        Method::POST,
        "/auth/logout",
        None,
        Some(&new_access),
        &[],
    )
    .await?;
    assert_eq!(out, json!({"code": 0, "data": true, "msg": ""}));
    let after = get_with(&app, "/auth/get-permission-info?appType=2", &new_access).await?;
    assert_error(&after, 401, "账号未登录");
    let again = post(
        &app,
        &format!("/auth/refresh-token?refreshToken={refresh}"),
        json!(null),
    )
    .await?;
    assert_error(&again, 400, "无效的刷新令牌");
    let (_, anonymous) = call(&app, Method::POST, "/auth/logout", None, None, &[]).await?;
    assert_eq!(anonymous["data"], true);
    let (_, junk) = call(&app, Method::POST, "/auth/logout", None, Some("junk"), &[]).await?;
    assert_eq!(junk["data"], true);

    // No token, a malformed one, an unknown one: 401.
    let (_, none) = call(
        &app,
        Method::GET,
        "/auth/get-permission-info?appType=2",
        None,
        None,
        &[],
    )
    .await?;
    assert_error(&none, 401, "账号未登录");
    let unknown = get_with(&app, "/auth/get-permission-info?appType=2", &"a".repeat(64)).await?;
    assert_error(&unknown, 401, "账号未登录");
    app.stop().await;
    Ok(())
}

async fn refresh_token_errors(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    create_admin(&settings, "root@example.com").await?;
    let app = spawn_with(settings.clone()).await?;
    let missing = post(&app, "/auth/refresh-token", json!(null)).await?;
    assert_error(&missing, 400, "请求参数缺失:refreshToken");
    let unknown = post(
        &app,
        &format!("/auth/refresh-token?refreshToken={}", "b".repeat(64)),
        json!(null),
    )
    .await?;
    assert_error(&unknown, 400, "无效的刷新令牌");
    let junk = post(&app, "/auth/refresh-token?refreshToken=junk", json!(null)).await?;
    assert_error(&junk, 400, "无效的刷新令牌");

    let login = login_email(&app, "root@example.com", PASSWORD).await?;
    let refresh = login["data"]["refreshToken"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    execute(
        &settings,
        "UPDATE refresh_token SET expires_at = '2001-01-01T00:00:00+00:00'",
    )
    .await?;
    let expired = post(
        &app,
        &format!("/auth/refresh-token?refreshToken={refresh}"),
        json!(null),
    )
    .await?;
    assert_error(&expired, 401, "刷新令牌已过期");
    app.stop().await;
    Ok(())
}

async fn wrong_credentials_answer_alike_and_disabled_only_after_the_password(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    create_admin(&settings, "root@example.com").await?;
    let app = spawn_with(settings.clone()).await?;
    let wrong = login_email(&app, "root@example.com", "Wrong123!").await?;
    assert_error(&wrong, 1_002_000_000, "登录失败，账号密码不正确");
    let unknown = login_email(&app, "nobody@example.com", PASSWORD).await?;
    assert_eq!(unknown, wrong);
    let by_mobile = post(
        &app,
        "/auth/login",
        json!({"mobile": "13800138000", "password": PASSWORD, "userType": 2}),
    )
    .await?;
    assert_eq!(by_mobile, wrong);

    execute(&settings, "UPDATE app_user SET status = 1").await?;
    let disabled_wrong = login_email(&app, "root@example.com", "Wrong123!").await?;
    assert_eq!(
        disabled_wrong, wrong,
        "a wrong password says nothing about the account"
    );
    let disabled = login_email(&app, "root@example.com", PASSWORD).await?;
    assert_error(&disabled, 1_002_000_001, "登录失败，账号被禁用");
    app.stop().await;
    Ok(())
}

async fn bad_login_input_is_answered_in_the_envelope(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn_system(&environment).await?;
    let cases = [
        (
            json!({"password": PASSWORD, "userType": 2}),
            "请求参数不正确:邮箱和手机号必须填写且只能填写一个",
        ),
        (
            json!({"email": "a@b.cn", "mobile": "13800138000", "password": PASSWORD, "userType": 2}),
            "请求参数不正确:邮箱和手机号必须填写且只能填写一个",
        ),
        (
            json!({"email": "not-an-email", "password": PASSWORD, "userType": 2}),
            "请求参数不正确:邮箱格式不正确",
        ),
        (
            json!({"mobile": "12345", "password": PASSWORD, "userType": 2}),
            "请求参数不正确:手机号格式不正确",
        ),
        (
            json!({"email": "a@b.cn", "userType": 2}),
            "请求参数不正确:密码不能为空",
        ),
        (
            json!({"email": "a@b.cn", "password": PASSWORD, "userType": 1}),
            "请求参数不正确:userType 不正确",
        ),
        (
            json!({"email": "a@b.cn", "password": PASSWORD}),
            "请求参数缺失:userType",
        ),
    ];
    for (payload, msg) in cases {
        let answer = post(&app, "/auth/login", payload.clone()).await?;
        assert_error(&answer, 400, msg);
    }
    let typed = post(
        &app,
        "/auth/login",
        json!({"email": "a@b.cn", "password": PASSWORD, "userType": "x"}),
    )
    .await?;
    assert_eq!(typed["code"], 400, "{typed}");
    let response = app
        .client
        .post(app.url(&format!("{BASE}/auth/login")))
        .header("content-type", "text/plain")
        .body("email=a")
        .send()
        .await?;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await?;
    assert_error(
        &body,
        400,
        "请求参数不正确:Content-Type 必须为 application/json",
    );
    let huge = app
        .client
        .post(app.url(&format!("{BASE}/auth/login")))
        .header("content-type", "application/json")
        .body(format!("{{\"email\":\"{}\"}}", "a".repeat(3 * 1024 * 1024)))
        .send()
        .await?;
    let body: Value = huge.json().await?;
    assert_eq!(body["code"], 400, "{body}");
    let (status, wrong_method) = call(&app, Method::GET, "/auth/login", None, None, &[]).await?;
    assert_eq!((status, wrong_method["code"].clone()), (405, json!(405)));
    app.stop().await;
    Ok(())
}

async fn tenant_header_must_match_the_organisation(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    create_admin(&settings, "root@example.com").await?;
    let app = spawn_with(settings).await?;
    let token = token_of(&login_email(&app, "root@example.com", PASSWORD).await?)?;
    let path = "/auth/get-permission-info?appType=2";
    for (tenant, code) in [("0", 0), ("abc", 0), ("5", 403)] {
        let (_, body) = call(
            &app,
            Method::GET,
            path,
            None,
            Some(&token),
            &[("tenant-id", tenant)],
        )
        .await?;
        assert_eq!(body["code"], code, "tenant {tenant}: {body}");
        if code == 403 {
            assert_eq!(body["msg"], "您无权访问该租户的数据");
        }
    }
    app.stop().await;
    Ok(())
}

async fn other_services_check_tokens_through_introspection(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    create_admin(&settings, "root@example.com").await?;
    let app = spawn_with(settings).await?;
    let token = token_of(&login_email(&app, "root@example.com", PASSWORD).await?)?;
    // The other service's clock is the test's: the local TTL passes when the test says so (a
    // minute, so that moka's own expiry on the real clock cannot come first).
    let start = chrono::Utc::now().timestamp_millis();
    let now = std::sync::Arc::new(std::sync::atomic::AtomicI64::new(start));
    let reading = now.clone();
    let authenticator = auth::Authenticator::with_clock(
        std::sync::Arc::new(auth::Introspection::new(&app.address)?),
        None,
        Duration::from_secs(60),
        std::sync::Arc::new(move || reading.load(std::sync::atomic::Ordering::SeqCst)),
    );
    let principal = authenticator.authenticate(&token).await?;
    assert_eq!(
        principal.as_ref().map(|p| p.permissions.clone()),
        Some(vec!["*:*:*".to_owned()])
    );
    assert!(authenticator.authenticate(&"c".repeat(64)).await?.is_none());

    call(&app, Method::POST, "/auth/logout", None, Some(&token), &[]).await?;
    // Without Redis nothing tells this service of the logout: it trusts its copy for the
    // local TTL, then asks again and is refused.
    now.store(start + 59_999, std::sync::atomic::Ordering::SeqCst);
    assert!(
        authenticator.authenticate(&token).await?.is_some(),
        "trusted within the local TTL"
    );
    now.store(start + 60_000, std::sync::atomic::Ordering::SeqCst);
    assert!(
        authenticator.authenticate(&token).await?.is_none(),
        "revoked once the local TTL has passed"
    );
    app.stop().await;
    Ok(())
}

async fn lockout_after_five_failures_and_per_ip_limit(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let environment = environment.with_test_redis().await?;
    let mut settings = fast_settings(&environment);
    settings.accounts.lockout.ip_max_failures = 8;
    create_admin(&settings, "root@example.com").await?;
    let app = spawn_with(settings).await?;
    for attempt in 1..=5 {
        // From the fourth attempt on, the slider is required (limits.rs tests it without).
        let ticket = if attempt > 3 {
            Some(slider_ticket(&app, "login").await?)
        } else {
            None
        };
        let wrong = post(
            &app,
            "/auth/login",
            serde_json::json!({"email": "root@example.com", "password": "Wrong123!", "userType": 2, "ticket": ticket}),
        )
        .await?;
        assert_eq!(wrong["code"], 1_002_000_000);
    }
    let locked = login_email(&app, "root@example.com", PASSWORD).await?;
    assert_error(&locked, 430, "账号已锁定，请1小时后重试或联系我们");
    // Other accounts from this IP: three more failures reach the IP's limit of 8.
    for _ in 0..3 {
        let wrong = login_email(&app, "other@example.com", "Wrong123!").await?;
        assert_eq!(wrong["code"], 1_002_000_000);
    }
    let limited = login_email(&app, "third@example.com", "Wrong123!").await?;
    assert_error(&limited, 429, "请求过于频繁，请稍后重试");
    app.stop().await;
    Ok(())
}

/// The operator role holds what the operations pages and the libraries' "rebuild now" check
/// (migrations 20261122000014 and 20261126000051); a member holds none of it.
async fn the_operator_role_holds_the_operation_permissions(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let operator = signed_in_with_role(&app, &settings, "operator@example.com", "operator").await?;
    let info = get_with(&app, "/auth/get-permission-info?appType=2", &operator).await?;
    let permissions = info["data"]["permissions"].clone();
    for permission in [
        "operation:feedback:query",
        "system:brand-application:review",
        "part:search-index:rebuild",
        "component:search-index:rebuild",
        "mat:search-index:rebuild",
        "component:catalog:manage",
        "part:catalog:manage",
        "mat:catalog:manage",
    ] {
        assert!(
            permissions
                .as_array()
                .is_some_and(|granted| granted.contains(&json!(permission))),
            "{permission} not in {permissions}"
        );
    }
    let (member, _) = signed_in_user(&app, "member@example.com", "成员").await?;
    let info = get_with(&app, "/auth/get-permission-info?appType=2", &member).await?;
    assert!(
        !info["data"]["permissions"]
            .to_string()
            .contains("search-index")
            && !info["data"]["permissions"]
                .to_string()
                .contains(":catalog:"),
        "{info}"
    );
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    password_login_refresh_and_logout,
    the_operator_role_holds_the_operation_permissions,
    refresh_token_errors,
    wrong_credentials_answer_alike_and_disabled_only_after_the_password,
    bad_login_input_is_answered_in_the_envelope,
    tenant_header_must_match_the_organisation,
    other_services_check_tokens_through_introspection,
    lockout_after_five_failures_and_per_ip_limit,
);
