//! The personal centre: profile, password change, other sessions, social accounts.

use kernel::testing::TestEnvironment;
use reqwest::Method;
use serde_json::json;

use crate::helpers::*;

async fn profile_password_and_sessions(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let registered = register(&app, "lilei@example.com", "李雷").await?;
    let token = token_of(&registered)?;
    let other = token_of(&login_email(&app, "lilei@example.com", PASSWORD).await?)?;
    let third = token_of(&login_email(&app, "lilei@example.com", PASSWORD).await?)?;

    let profile = get_with(&app, "/user/profile", &token).await?;
    assert_eq!(profile["data"]["nickname"], "李雷");
    assert_eq!(profile["data"]["email"], "lilei@example.com");

    let update = json!({"nickname": "韩梅梅", "orgName": "某某机械厂", "avatar": "https://cdn.example/a.png"});
    let (_, saved) = call(
        &app,
        Method::PUT,
        "/user/profile",
        Some(update),
        Some(&token),
        &[],
    )
    .await?;
    assert_eq!(saved, json!({"code": 0, "data": true, "msg": ""}));
    let profile = get_with(&app, "/user/profile", &token).await?;
    assert_eq!(profile["data"]["nickname"], "韩梅梅");
    assert_eq!(profile["data"]["orgName"], "某某机械厂");
    assert_eq!(profile["data"]["avatar"], "https://cdn.example/a.png");
    for (payload, msg) in [
        (json!({"nickname": ""}), "请求参数不正确:昵称不能为空"),
        (
            json!({"orgName": "厂".repeat(101)}),
            "请求参数不正确:组织名称长度不能超过100个字符",
        ),
        (
            json!({"avatar": "javascript:alert(1)"}),
            "请求参数不正确:头像地址格式不正确",
        ),
    ] {
        let (_, bad) = call(
            &app,
            Method::PUT,
            "/user/profile",
            Some(payload),
            Some(&token),
            &[],
        )
        .await?;
        assert_error(&bad, 400, msg);
    }
    let (_, anonymous) = call(&app, Method::GET, "/user/profile", None, None, &[]).await?;
    assert_error(&anonymous, 401, "账号未登录");

    // Password change: the old one must match; the other sessions end, this one stays.
    let change = |old: &str| json!({"oldPassword": old, "newPassword": "Changed#2024"});
    let (_, wrong) = call(
        &app,
        Method::PUT,
        "/user/profile/password",
        Some(change("Wrong123!")),
        Some(&token),
        &[],
    )
    .await?;
    assert_error(&wrong, 1_002_003_004, "用户密码校验失败");
    let (_, weak) = call(
        &app,
        Method::PUT,
        "/user/profile/password",
        Some(json!({"oldPassword": PASSWORD, "newPassword": "weak"})),
        Some(&token),
        &[],
    )
    .await?;
    assert_eq!(weak["code"], 400);
    let (_, changed) = call(
        &app,
        Method::PUT,
        "/user/profile/password",
        Some(change(PASSWORD)),
        Some(&token),
        &[],
    )
    .await?;
    assert_eq!(changed["data"], true, "{changed}");
    assert_eq!(get_with(&app, "/user/profile", &token).await?["code"], 0);
    assert_error(
        &get_with(&app, "/user/profile", &other).await?,
        401,
        "账号未登录",
    );
    assert_error(
        &get_with(&app, "/user/profile", &third).await?,
        401,
        "账号未登录",
    );
    assert_eq!(
        login_email(&app, "lilei@example.com", "Changed#2024").await?["code"],
        0
    );

    // Revoke the others: the login just made is ended, this session stays.
    let (_, count) = call(
        &app,
        Method::POST,
        "/auth/sessions/revoke-others",
        None,
        Some(&token),
        &[],
    )
    .await?;
    assert_eq!(count, json!({"code": 0, "data": 1, "msg": ""}));
    let (_, none_left) = call(
        &app,
        Method::POST,
        "/auth/sessions/revoke-others",
        None,
        Some(&token),
        &[],
    )
    .await?;
    assert_eq!(none_left["data"], 0);

    let (_, social) = call(&app, Method::GET, "/user/social", None, Some(&token), &[]).await?;
    assert_eq!(social["data"], json!([]));
    let (_, unbound) = call(
        &app,
        Method::DELETE,
        "/user/social/wechat",
        None,
        Some(&token),
        &[],
    )
    .await?;
    assert_eq!(unbound["data"], true);

    // The permission guard: without the role's permission the profile is forbidden.
    execute(&settings, "DELETE FROM user_role").await?;
    let bare = token_of(&login_email(&app, "lilei@example.com", "Changed#2024").await?)?;
    assert_error(
        &get_with(&app, "/user/profile", &bare).await?,
        403,
        "没有该操作权限",
    );
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(profile_password_and_sessions);
