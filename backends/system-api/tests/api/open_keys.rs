//! Open-platform API keys through HTTP (docs/open-platform.md): create (secret once), list,
//! revoke, bad input, the per-owner limit under a parallel burst, organisation-owned keys shared
//! by the organisation's members, the spec's block, the operators' list, and the key check —
//! resolved by the token check (for library services deployed apart) but refused by every
//! session route.

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;

const KEYS: &str = "/open/api-keys";

async fn create_key(
    app: &kernel::testing::TestApp,
    session: &str,
    body: Value,
) -> anyhow::Result<Value> {
    let (status, answer) = call(app, Method::POST, KEYS, Some(body), Some(session), &[]).await?;
    assert_eq!(status, 200, "{answer}");
    Ok(answer)
}

fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|item| item["name"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

async fn keys_are_created_listed_checked_and_revoked(
    environment: kernel::testing::TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn_system(&environment).await?;
    let (session, user_id) = signed_in_user(&app, "dev@example.com", "开发者").await?;
    let (other, _) = signed_in_user(&app, "other@example.com", "别人").await?;
    assert_eq!(get_with(&app, KEYS, &session).await?["data"], json!([]));

    let created = create_key(
        &app,
        &session,
        json!({"name": " ERP 同步 ", "scopes": ["mat", "component"]}),
    )
    .await?;
    assert_eq!(created["code"], 0, "{created}");
    let data = &created["data"];
    let secret = data["secret"].as_str().unwrap_or_default().to_owned();
    assert!(secret.starts_with("opk_") && secret.len() == 68, "{secret}");
    assert_eq!(data["name"], "ERP 同步");
    assert_eq!(data["prefix"], secret[..8]);
    assert_eq!(data["scopes"], json!(["component", "mat"]));
    assert_eq!(data["requestsPerMinute"], 60);
    assert_eq!(data["requestsPerDay"], 1000);
    assert_eq!(data["userId"], user_id);
    assert_eq!(data["orgId"], 0);
    assert_eq!(data["revokedTime"], Value::Null);
    assert_eq!(data["usage"].as_array().map(Vec::len), Some(7));

    // The list never shows the secret; another account sees none of it.
    let listed = get_with(&app, KEYS, &session).await?["data"].clone();
    assert_eq!(names(&listed), ["ERP 同步"]);
    assert!(!listed.to_string().contains(&secret[8..]), "{listed}");
    assert_eq!(get_with(&app, KEYS, &other).await?["data"], json!([]));

    // The token check resolves it (a library service deployed apart asks it), with its limits
    // and only its libraries' read permissions.
    let (_, checked) = call(
        &app,
        Method::GET,
        "/auth/check-token",
        None,
        Some(&secret),
        &[],
    )
    .await?;
    assert_eq!(checked["code"], 0, "{checked}");
    assert_eq!(
        checked["data"]["permissions"],
        json!(["open:component:read", "open:mat:read"])
    );
    assert_eq!(checked["data"]["roles"], json!([]));
    assert_eq!(checked["data"]["apiKey"]["requestsPerDay"], 1000);
    assert_eq!(checked["data"]["userId"], user_id);
    // … but no session route accepts it: a key in a third party's program cannot touch the account.
    let (_, profile) = call(&app, Method::GET, "/user/profile", None, Some(&secret), &[]).await?;
    assert_eq!(profile["code"], 401, "{profile}");
    let (_, minted) = call(
        &app,
        Method::POST,
        KEYS,
        Some(json!({"name": "x", "scopes": ["mat"]})),
        Some(&secret),
        &[],
    )
    .await?;
    assert_eq!(minted["code"], 401, "{minted}");

    // Another account cannot revoke it; its owner can, once.
    let id = data["id"].as_i64().unwrap_or_default();
    let path = format!("{KEYS}/{id}");
    let (_, foreign) = call(&app, Method::DELETE, &path, None, Some(&other), &[]).await?;
    assert_error(&foreign, 1_002_030_000, "API 密钥不存在或已撤销");
    let (_, revoked) = call(&app, Method::DELETE, &path, None, Some(&session), &[]).await?;
    assert_eq!(revoked["data"], true, "{revoked}");
    let (_, again) = call(&app, Method::DELETE, &path, None, Some(&session), &[]).await?;
    assert_error(&again, 1_002_030_000, "API 密钥不存在或已撤销");
    let (_, checked) = call(
        &app,
        Method::GET,
        "/auth/check-token",
        None,
        Some(&secret),
        &[],
    )
    .await?;
    assert_eq!(
        checked["code"], 401,
        "a revoked key stops at once: {checked}"
    );
    // It stays listed, revoked, so its usage keeps a name.
    let listed = get_with(&app, KEYS, &session).await?["data"].clone();
    assert!(listed[0]["revokedTime"].is_i64(), "{listed}");

    app.stop().await;
    Ok(())
}

async fn bad_input_and_the_block_get_clear_errors(
    environment: kernel::testing::TestEnvironment,
) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let (session, user_id) = signed_in_user(&app, "bad@example.com", "").await?;
    for (body, message) in [
        (json!({"scopes": ["mat"]}), "请求参数不正确:请填写密钥名称"),
        (
            json!({"name": "   ", "scopes": ["mat"]}),
            "请求参数不正确:请填写密钥名称",
        ),
        (
            json!({"name": "键".repeat(33), "scopes": ["mat"]}),
            "请求参数不正确:密钥名称不能超过32个字符",
        ),
        (
            json!({"name": "a\nb", "scopes": ["mat"]}),
            "请求参数不正确:密钥名称不能超过32个字符",
        ),
        (json!({"name": "x"}), "请求参数不正确:请至少选择一个库"),
        (
            json!({"name": "x", "scopes": []}),
            "请求参数不正确:请至少选择一个库",
        ),
        (
            json!({"name": "x", "scopes": ["system"]}),
            "请求参数不正确:库只能是 part、component、mat（system）",
        ),
    ] {
        let answer = create_key(&app, &session, body.clone()).await?;
        assert_eq!(answer["code"], 400, "{body}: {answer}");
        if !body["name"]
            .as_str()
            .is_some_and(|name| name.contains('\n'))
        {
            assert_eq!(answer["msg"], message, "{body}");
        }
    }
    assert_eq!(
        get_with(&app, KEYS, &session).await?["data"],
        json!([]),
        "nothing half-created"
    );
    let (_, anonymous) = call(&app, Method::GET, KEYS, None, None, &[]).await?;
    assert_eq!(anonymous["code"], 401);

    // Spec §4: the blocked organisation (1) and a disabled one get 暂无权限，请联系管理员.
    execute(
        &settings,
        &format!("UPDATE app_user SET org_id = 1 WHERE id = {user_id}"),
    )
    .await?;
    let blocked = create_key(
        &app,
        &token_of(&login_email(&app, "bad@example.com", PASSWORD).await?)?,
        json!({"name": "x", "scopes": ["mat"]}),
    )
    .await?;
    assert_error(&blocked, 1_002_030_002, "暂无权限，请联系管理员");
    execute(
        &settings,
        "INSERT INTO org (id, name) VALUES (9, '停用公司')",
    )
    .await?;
    execute(&settings, "UPDATE org SET enabled = false WHERE id = 9").await?;
    execute(
        &settings,
        &format!("UPDATE app_user SET org_id = 9 WHERE id = {user_id}"),
    )
    .await?;
    let session = token_of(&login_email(&app, "bad@example.com", PASSWORD).await?)?;
    let (_, listed) = call(&app, Method::GET, KEYS, None, Some(&session), &[]).await?;
    assert_error(&listed, 1_002_030_002, "暂无权限，请联系管理员");
    app.stop().await;
    Ok(())
}

/// An organisation's keys belong to it: every member sees and may revoke them; a parallel
/// burst of creations stops exactly at the owner's limit.
async fn organisation_keys_are_shared_and_limited(
    environment: kernel::testing::TestEnvironment,
) -> anyhow::Result<()> {
    let mut settings = fast_settings(&environment);
    settings.open.keys_per_owner = 4;
    let app = spawn_with(settings.clone()).await?;
    let (_, first_id) = signed_in_user(&app, "a@corp.example", "甲").await?;
    let (_, second_id) = signed_in_user(&app, "b@corp.example", "乙").await?;
    let (outsider, _) = signed_in_user(&app, "c@else.example", "丙").await?;
    execute(&settings, "INSERT INTO org (id, name) VALUES (7, '甲公司')").await?;
    execute(
        &settings,
        &format!("UPDATE app_user SET org_id = 7 WHERE id IN ({first_id}, {second_id})"),
    )
    .await?;
    let first = token_of(&login_email(&app, "a@corp.example", PASSWORD).await?)?;
    let second = token_of(&login_email(&app, "b@corp.example", PASSWORD).await?)?;

    let burst = (0..10).map(|index| {
        let app = &app;
        let session = if index % 2 == 0 {
            first.clone()
        } else {
            second.clone()
        };
        async move {
            create_key(
                app,
                &session,
                json!({"name": format!("k{index}"), "scopes": ["component"]}),
            )
            .await
        }
    });
    let answers = futures_util::future::join_all(burst).await;
    let mut created = 0;
    for answer in answers {
        let answer = answer?;
        match answer["code"].as_i64() {
            Some(0) => created += 1,
            _ => assert_error(
                &answer,
                1_002_030_001,
                "API 密钥已达上限，请先撤销不再使用的密钥:最多4个",
            ),
        }
    }
    assert_eq!(created, 4, "exactly the limit, whoever asked");
    let by_first = get_with(&app, KEYS, &first).await?["data"].clone();
    let by_second = get_with(&app, KEYS, &second).await?["data"].clone();
    assert_eq!(names(&by_first).len(), 4);
    assert_eq!(
        by_first, by_second,
        "both members see the organisation's keys"
    );
    assert!(by_first
        .as_array()
        .is_some_and(|keys| keys.iter().all(|key| key["orgId"] == 7)));
    assert_eq!(get_with(&app, KEYS, &outsider).await?["data"], json!([]));

    // One member revokes a key the other created; then there is room for one more.
    let id = by_first[0]["id"].as_i64().unwrap_or_default();
    let (_, outsider_revoke) = call(
        &app,
        Method::DELETE,
        &format!("{KEYS}/{id}"),
        None,
        Some(&outsider),
        &[],
    )
    .await?;
    assert_eq!(outsider_revoke["code"], 1_002_030_000);
    let (_, revoked) = call(
        &app,
        Method::DELETE,
        &format!("{KEYS}/{id}"),
        None,
        Some(&second),
        &[],
    )
    .await?;
    assert_eq!(revoked["data"], true, "{revoked}");
    let more = create_key(&app, &first, json!({"name": "again", "scopes": ["part"]})).await?;
    assert_eq!(more["code"], 0, "{more}");

    // Operators list every key with its creator and organisation, and may revoke any.
    let operator = signed_in_with_role(&app, &settings, "ops@example.com", "operator").await?;
    let (_, member_page) = call(
        &app,
        Method::GET,
        "/operation/open-keys/page",
        None,
        Some(&first),
        &[],
    )
    .await?;
    assert_eq!(member_page["code"], 403);
    let page = get_with(
        &app,
        "/operation/open-keys/page?keyword=%E7%94%B2%E5%85%AC%E5%8F%B8&pageSize=2",
        &operator,
    )
    .await?;
    assert_eq!(page["data"]["total"], 5, "{page}");
    assert_eq!(page["data"]["list"].as_array().map(Vec::len), Some(2));
    assert_eq!(page["data"]["list"][0]["orgName"], "甲公司");
    assert_eq!(page["data"]["list"][0]["requestsLast30Days"], 0);
    // Operators set one key's own limits; the key check answers them at once.
    let more_id = more["data"]["id"].as_i64().unwrap_or_default();
    let more_secret = more["data"]["secret"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let limits = format!("/operation/open-keys/{more_id}/limits");
    let (_, checked) = call(
        &app,
        Method::GET,
        "/auth/check-token",
        None,
        Some(&more_secret),
        &[],
    )
    .await?;
    assert_eq!(
        checked["data"]["apiKey"]["requestsPerMinute"], 60,
        "{checked}"
    );
    for (body, message) in [
        (
            json!({"requestsPerDay": 10}),
            "请求参数不正确:每分钟次数须为1–100000之间的整数",
        ),
        (
            json!({"requestsPerMinute": 0, "requestsPerDay": 10}),
            "请求参数不正确:每分钟次数须为1–100000之间的整数",
        ),
        (
            json!({"requestsPerMinute": 5, "requestsPerDay": 100_000_001}),
            "请求参数不正确:每日额度须为1–100000000之间的整数",
        ),
    ] {
        let (_, refused) = call(
            &app,
            Method::PUT,
            &limits,
            Some(body.clone()),
            Some(&operator),
            &[],
        )
        .await?;
        assert_eq!(
            (refused["code"].as_i64(), refused["msg"].as_str()),
            (Some(400), Some(message)),
            "{body}"
        );
    }
    let (_, by_member) = call(
        &app,
        Method::PUT,
        &limits,
        Some(json!({"requestsPerMinute": 5, "requestsPerDay": 50})),
        Some(&first),
        &[],
    )
    .await?;
    assert_eq!(by_member["code"], 403);
    // Twice: the same limits again change nothing (one audit entry, below).
    for _ in 0..2 {
        let (_, set) = call(
            &app,
            Method::PUT,
            &limits,
            Some(json!({"requestsPerMinute": 5, "requestsPerDay": 50})),
            Some(&operator),
            &[],
        )
        .await?;
        assert_eq!(set["data"], true, "{set}");
    }
    let (_, checked) = call(
        &app,
        Method::GET,
        "/auth/check-token",
        None,
        Some(&more_secret),
        &[],
    )
    .await?;
    assert_eq!(
        checked["data"]["apiKey"]["requestsPerMinute"], 5,
        "{checked}"
    );
    assert_eq!(checked["data"]["apiKey"]["requestsPerDay"], 50, "{checked}");
    let listed = get_with(&app, KEYS, &first).await?["data"].clone();
    assert_eq!(
        listed[0]["requestsPerDay"], 50,
        "the owner sees them too: {listed}"
    );
    let (_, revoked_key) = call(
        &app,
        Method::PUT,
        &format!("/operation/open-keys/{id}/limits"),
        Some(json!({"requestsPerMinute": 5, "requestsPerDay": 50})),
        Some(&operator),
        &[],
    )
    .await?;
    assert_error(&revoked_key, 1_002_030_000, "API 密钥不存在或已撤销");

    let newest = page["data"]["list"][0]["id"].as_i64().unwrap_or_default();
    let (_, revoked) = call(
        &app,
        Method::POST,
        &format!("/operation/open-keys/{newest}/revoke"),
        None,
        Some(&operator),
        &[],
    )
    .await?;
    assert_eq!(revoked["data"], true, "{revoked}");
    let none = get_with(&app, "/operation/open-keys/page?keyword=nobody", &operator).await?;
    assert_eq!(none["data"]["total"], 0);

    // Every operator change is in the audit log.
    let root = {
        create_admin(&settings, "root@example.com").await?;
        token_of(&login_email(&app, "root@example.com", PASSWORD).await?)?
    };
    let changed = audit_of(&app, &root, "open-key.limits").await?;
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert_eq!(changed[0]["targetId"], more_id.to_string());
    assert_eq!(changed[0]["before"]["requestsPerMinute"], 60);
    assert_eq!(changed[0]["after"]["requestsPerDay"], 50);
    assert_eq!(changed[0]["after"]["name"], "again");

    // Revoked by two operators at once: one revocation, one audit entry.
    let target =
        list_of(&get_with(&app, "/operation/open-keys/page?pageSize=100", &operator).await?)
            .into_iter()
            .find(|key| key["revokedTime"].is_null())
            .and_then(|key| key["id"].as_i64())
            .ok_or_else(|| anyhow::anyhow!("no live key"))?;
    let path = format!("/operation/open-keys/{target}/revoke");
    let attempts = (0..6).map(|_| call(&app, Method::POST, &path, None, Some(&operator), &[]));
    let mut done = 0;
    for answer in futures_util::future::join_all(attempts).await {
        let (_, answer) = answer?;
        match answer["code"].as_i64() {
            Some(0) => done += 1,
            Some(1_002_030_000) => {}
            _ => panic!("unexpected answer {answer}"),
        }
    }
    assert_eq!(done, 1);
    let revocations = audit_of(&app, &root, "open-key.revoke").await?;
    assert_eq!(revocations.len(), 2, "{revocations:?}");
    assert_eq!(revocations[1]["targetId"], target.to_string());
    assert_eq!(revocations[1]["after"]["revoked"], true);
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    keys_are_created_listed_checked_and_revoked,
    bad_input_and_the_block_get_clear_errors,
    organisation_keys_are_shared_and_limited,
);
