//! The auth crate in another service: a separate actix application (as a library backend
//! deployed apart would be) checks tokens through the system service's introspection
//! endpoint, with the extractors, the permission guard and the tenant check; and asks the
//! system service whether an organisation is active (its public page).

use std::{net::TcpListener, sync::Arc, time::Duration};

use actix_web::{web, App, HttpServer};
use auth::{AuthUser, Authenticator, Introspection, MaybeAuthUser, OrgLookup, OrgSource};
use kernel::{testing::TestEnvironment, ApiResponse, ApiResult};
use serde_json::{json, Value};

use crate::helpers::*;

async fn whoami(user: AuthUser) -> ApiResult<ApiResponse<i64>> {
    Ok(ApiResponse::ok(user.user_id()))
}

async fn admin_only(user: AuthUser) -> ApiResult<ApiResponse<bool>> {
    user.require_permission("part:item:delete")?;
    Ok(ApiResponse::ok(true))
}

async fn maybe(user: MaybeAuthUser) -> ApiResult<ApiResponse<bool>> {
    Ok(ApiResponse::ok(user.0.is_some()))
}

async fn a_service_deployed_apart_uses_the_extractors(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    create_admin(&settings, "root@example.com").await?;
    let system = spawn_with(settings).await?;
    let authenticator = web::Data::new(Authenticator::new(
        Arc::new(Introspection::new(&system.address)?),
        None,
        Duration::from_millis(500),
    ));
    let listener = TcpListener::bind("127.0.0.1:0")?;
    let base = format!("http://127.0.0.1:{}", listener.local_addr()?.port());
    let server = HttpServer::new(move || {
        App::new()
            .app_data(authenticator.clone())
            .route("/whoami", web::get().to(whoami))
            .route("/admin", web::get().to(admin_only))
            .route("/maybe", web::get().to(maybe))
    })
    .workers(1)
    .listen(listener)?
    .run();
    let handle = server.handle();
    tokio::spawn(server);

    let client = reqwest::Client::new();
    let get = |path: &str, token: Option<&str>, tenant: Option<&str>| {
        let mut request = client.get(format!("{base}{path}"));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(tenant) = tenant {
            request = request.header("tenant-id", tenant);
        }
        async move { anyhow::Ok(request.send().await?.json::<Value>().await?) }
    };
    let admin = login_email(&system, "root@example.com", PASSWORD).await?;
    let admin_token = token_of(&admin)?;
    assert_eq!(
        get("/whoami", Some(&admin_token), None).await?["data"],
        admin["data"]["userId"]
    );
    assert_eq!(
        get("/admin", Some(&admin_token), None).await?,
        json!({"code": 0, "data": true, "msg": ""})
    );
    assert_error(&get("/whoami", None, None).await?, 401, "账号未登录");
    assert_error(
        &get("/whoami", Some(&"f".repeat(64)), None).await?,
        401,
        "账号未登录",
    );
    assert_error(
        &get("/whoami", Some(&admin_token), Some("9")).await?,
        403,
        "您无权访问该租户的数据",
    );
    assert_eq!(get("/maybe", None, None).await?["data"], false);
    assert_eq!(get("/maybe", Some(&admin_token), None).await?["data"], true);

    let member = register(&system, "member@example.com", "").await?;
    let member_token = token_of(&member)?;
    assert_error(
        &get("/admin", Some(&member_token), None).await?,
        403,
        "没有该操作权限",
    );
    handle.stop(true).await;
    system.stop().await;
    Ok(())
}

async fn a_service_deployed_apart_learns_whether_an_organisation_is_active(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    create_admin(&settings, "root@example.com").await?;
    let system = spawn_with(settings).await?;
    let admin = token_of(&login_email(&system, "root@example.com", PASSWORD).await?)?;
    let created = send(
        &system,
        reqwest::Method::POST,
        "/operation/orgs",
        Some(json!({"name": "乙公司", "businessScope": [1]})),
        &admin,
    )
    .await?;
    let org = created["data"]
        .as_i64()
        .ok_or_else(|| anyhow::anyhow!("no organisation id: {created}"))?;
    let lookup = OrgLookup::new(&system.address)?;
    assert!(lookup.is_active(org).await?);
    // The platform, the blocked placeholder and an unknown id are no organisation with a page.
    for reserved in [0, 1, 999_999] {
        assert!(!lookup.is_active(reserved).await?, "{reserved}");
    }
    let disabled = send(
        &system,
        reqwest::Method::PUT,
        &format!("/operation/orgs/{org}"),
        Some(json!({"enabled": false})),
        &admin,
    )
    .await?;
    assert_eq!(disabled["code"], 0, "{disabled}");
    assert!(!lookup.is_active(org).await?);
    // A system service that cannot be reached is an error, not a silent "inactive".
    system.stop().await;
    assert!(lookup.is_active(org).await.is_err());
    Ok(())
}

kernel::backend_tests!(
    a_service_deployed_apart_uses_the_extractors,
    a_service_deployed_apart_learns_whether_an_organisation_is_active
);
