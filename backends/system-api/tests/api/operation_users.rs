//! The operations platform's user management and audit log (docs/operations.md) through the
//! HTTP API: permissions, the page, disable/enable (the user's tokens refused at once, login
//! refused), session resets, the refusals (self, super administrator), a parallel burst of
//! status changes, and the audit entries of every operator change (feedback close and brand
//! review too).

use kernel::testing::{TestApp, TestEnvironment};
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;

const USERS: &str = "/operation/users/page";
const AUDIT: &str = "/operation/audit-log/page";
const OPERATORS: &str = "/operation/audit-log/operators";

fn status_path(id: i64) -> String {
    format!("/operation/users/{id}/status")
}

fn revoke_path(id: i64) -> String {
    format!("/operation/users/{id}/sessions/revoke")
}

async fn put_status(app: &TestApp, token: &str, id: i64, status: Value) -> anyhow::Result<Value> {
    let (http, body) = call(
        app,
        Method::PUT,
        &status_path(id),
        Some(json!({ "status": status })),
        Some(token),
        &[],
    )
    .await?;
    assert_eq!(http, 200, "{body}");
    Ok(body)
}

async fn revoke(app: &TestApp, token: &str, id: i64) -> anyhow::Result<Value> {
    let (http, body) = call(app, Method::POST, &revoke_path(id), None, Some(token), &[]).await?;
    assert_eq!(http, 200, "{body}");
    Ok(body)
}

/// The audit entries about user `id`, oldest first.
async fn audit_of_user(app: &TestApp, token: &str, id: i64) -> anyhow::Result<Vec<Value>> {
    let page = get_with(app, &format!("{AUDIT}?pageSize=100&keyWords={id}"), token).await?;
    let target = id.to_string();
    let mut entries: Vec<Value> = page["data"]["list"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .filter(|entry| entry["targetType"] == "user" && entry["targetId"] == target.as_str())
        .collect();
    entries.reverse();
    Ok(entries)
}

async fn permissions_and_page(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let operator = signed_in_with_role(&app, &settings, "ops@example.com", "operator").await?;
    let (member, member_id) = signed_in_user(&app, "zhang@example.com", "张工").await?;
    let (_, other_id) = signed_in_user(&app, "13800138001", "李工").await?;

    // Anonymous 401, a member 403, on every route.
    let routes = [
        (Method::GET, USERS.to_owned(), None),
        (
            Method::PUT,
            status_path(other_id),
            Some(json!({"status": 1})),
        ),
        (Method::POST, revoke_path(other_id), None),
        (Method::GET, AUDIT.to_owned(), None),
        (Method::GET, format!("{OPERATORS}?ids={other_id}"), None),
    ];
    for (method, path, body) in &routes {
        let (_, anonymous) = call(&app, method.clone(), path, body.clone(), None, &[]).await?;
        assert_error(&anonymous, 401, "账号未登录");
        let (_, refused) =
            call(&app, method.clone(), path, body.clone(), Some(&member), &[]).await?;
        assert_error(&refused, 403, "没有该操作权限");
    }
    // Nothing changed by the refused calls.
    assert_eq!(token_code(&app, &member).await?, 0);
    assert_eq!(get_with(&app, AUDIT, &operator).await?["data"]["total"], 0);

    // The operator's page: newest first, every column.
    let page = get_with(&app, USERS, &operator).await?;
    assert_eq!(page["code"], 0, "{page}");
    assert_eq!(page["data"]["total"], 3, "{page}");
    let list = list_of(&page);
    assert_eq!(list[0]["id"], other_id);
    assert_eq!(list[0]["mobile"], "13800138001");
    assert_eq!(list[0]["email"], Value::Null);
    let zhang = &list[1];
    assert_eq!(zhang["id"], member_id);
    assert_eq!(zhang["nickname"], "张工");
    assert_eq!(zhang["email"], "zhang@example.com");
    assert_eq!(zhang["orgId"], 0);
    assert_eq!(zhang["orgName"], "平台");
    assert_eq!(zhang["status"], 0);
    assert_eq!(zhang["roles"], json!(["member"]));
    assert_eq!(zhang["sessionCount"], 1, "{zhang}");
    assert!(zhang["createTime"].as_i64().is_some_and(|t| t > 0));
    assert!(zhang["lastLoginTime"].as_i64().is_some_and(|t| t > 0));
    assert_eq!(list[2]["roles"], json!(["member", "operator"]));
    // The operator registered and signed in again: two live sessions.
    assert_eq!(list[2]["sessionCount"], 2, "{}", list[2]);

    // A user who never signed in has no lastLoginTime (the field is left out).
    execute(
        &settings,
        &format!("DELETE FROM access_token WHERE user_id = {other_id}"),
    )
    .await?;
    execute(
        &settings,
        &format!("DELETE FROM refresh_token WHERE user_id = {other_id}"),
    )
    .await?;
    let page = get_with(&app, &format!("{USERS}?keyWords=138001"), &operator).await?;
    assert_eq!(page["data"]["total"], 1, "{page}");
    let row = &list_of(&page)[0];
    assert_eq!(row["id"], other_id);
    assert_eq!(row["sessionCount"], 0);
    assert!(row.get("lastLoginTime").is_none(), "{row}");

    // Keyword over username / nickname / e-mail / mobile, case-insensitive; status; orgId.
    for (query, expected) in [
        ("keyWords=ZHANG%40EXAMPLE", vec![member_id]),
        ("keyWords=%E6%9D%8E", vec![other_id]),
        ("keyWords=nobody", vec![]),
        ("keyWords=%25", vec![]),
        ("status=1", vec![]),
        ("orgId=1", vec![]),
        ("orgId=0&keyWords=example&pageSize=1", vec![member_id]),
    ] {
        let page = get_with(&app, &format!("{USERS}?{query}"), &operator).await?;
        let ids: Vec<i64> = list_of(&page)
            .iter()
            .filter_map(|row| row["id"].as_i64())
            .collect();
        assert_eq!(ids, expected, "{query}: {page}");
    }
    // Validation.
    let long = "x".repeat(101);
    for (query, message) in [
        ("status=2".to_owned(), "请求参数不正确:status 不正确"),
        (
            "pageSize=101".to_owned(),
            "请求参数不正确:pageSize 必须在1到100之间",
        ),
        (format!("keyWords={long}"), "请求参数不正确:keyWords 过长"),
    ] {
        let (_, body) = call(
            &app,
            Method::GET,
            &format!("{USERS}?{query}"),
            None,
            Some(&operator),
            &[],
        )
        .await?;
        assert_error(&body, 400, message);
    }
    app.stop().await;
    Ok(())
}

async fn disable_ends_every_session_at_once(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let operator = signed_in_with_role(&app, &settings, "ops@example.com", "operator").await?;
    let operator_id = get_with(&app, "/user/profile", &operator).await?["data"]["id"]
        .as_i64()
        .unwrap_or_default();
    let (session, user_id) = signed_in_user(&app, "zhang@example.com", "张工").await?;
    let second = token_of(&login_email(&app, "zhang@example.com", PASSWORD).await?)?;
    let pat = call(
        &app,
        Method::POST,
        "/user/access-tokens",
        Some(json!({"name": "KiCad", "expiresInDays": 30})),
        Some(&session),
        &[],
    )
    .await?
    .1["data"]["secret"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    // An open-platform API key of the account (docs/open-platform.md).
    let key = call(
        &app,
        Method::POST,
        "/open/api-keys",
        Some(json!({"name": "ERP", "scopes": ["component"]})),
        Some(&session),
        &[],
    )
    .await?
    .1["data"]["secret"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    // Every token works (and is cached) before.
    for token in [&session, &second, &pat, &key] {
        assert_eq!(token_code(&app, token).await?, 0);
    }

    let answer = put_status(&app, &operator, user_id, json!(1)).await?;
    assert_eq!(answer, json!({"code": 0, "data": true, "msg": ""}));
    // Refused at once: no wait between the answer and the next use.
    for token in [&session, &second, &pat, &key] {
        assert_eq!(token_code(&app, token).await?, 401);
    }
    let (_, login) = call(
        &app,
        Method::POST,
        "/auth/login",
        Some(json!({"email": "zhang@example.com", "password": PASSWORD, "userType": 2})),
        None,
        &[],
    )
    .await?;
    assert_error(&login, 1_002_000_001, "登录失败，账号被禁用");
    let row = &list_of(&get_with(&app, &format!("{USERS}?keyWords=zhang"), &operator).await?)[0];
    assert_eq!(row["status"], 1);
    assert_eq!(row["sessionCount"], 0);

    // The audit entry: who, what, before/after, from where.
    let entries = audit_of_user(&app, &operator, user_id).await?;
    assert_eq!(entries.len(), 1, "{entries:?}");
    let entry = &entries[0];
    assert_eq!(entry["action"], "user.disable");
    assert_eq!(entry["operatorId"], operator_id);
    assert_eq!(entry["operatorUsername"], "ops@example.com");
    assert_eq!(entry["before"], json!({"status": 0}));
    assert_eq!(
        entry["after"],
        json!({"status": 1, "revokedSessions": 2, "revokedPersonalTokens": 1})
    );
    assert_eq!(entry["clientIp"], "127.0.0.1");
    assert!(entry["createTime"].as_i64().is_some_and(|t| t > 0));

    // Disabling again changes nothing and writes nothing.
    assert_eq!(
        put_status(&app, &operator, user_id, json!(1)).await?["data"],
        true
    );
    assert_eq!(audit_of_user(&app, &operator, user_id).await?.len(), 1);

    // Enabled again: the user signs in; the old tokens stay dead.
    assert_eq!(
        put_status(&app, &operator, user_id, json!(0)).await?["data"],
        true
    );
    let entries = audit_of_user(&app, &operator, user_id).await?;
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[1]["action"], "user.enable");
    assert_eq!(entries[1]["before"], json!({"status": 1}));
    assert_eq!(entries[1]["after"], json!({"status": 0}));
    let fresh = token_of(&login_email(&app, "zhang@example.com", PASSWORD).await?)?;
    assert_eq!(token_code(&app, &fresh).await?, 0);
    for token in [&session, &second, &pat] {
        assert_eq!(token_code(&app, token).await?, 401);
    }

    // Session reset: the fresh session ends, the answer counts it, an entry is written.
    let another = token_of(&login_email(&app, "zhang@example.com", PASSWORD).await?)?;
    let reset = revoke(&app, &operator, user_id).await?;
    assert_eq!(reset, json!({"code": 0, "data": 2, "msg": ""}));
    assert_eq!(token_code(&app, &fresh).await?, 401);
    assert_eq!(token_code(&app, &another).await?, 401);
    let entries = audit_of_user(&app, &operator, user_id).await?;
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[2]["action"], "user.sessions.revoke");
    assert_eq!(entries[2]["before"], json!({"sessions": 2}));
    assert_eq!(entries[2]["after"], json!({"sessions": 0}));
    // The operator's own session is untouched by all of this.
    assert_eq!(token_code(&app, &operator).await?, 0);
    app.stop().await;
    Ok(())
}

async fn refusals(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let admin_id = create_admin(&settings, "root@example.com").await?;
    let admin = token_of(&login_email(&app, "root@example.com", PASSWORD).await?)?;
    let operator = signed_in_with_role(&app, &settings, "ops@example.com", "operator").await?;
    let operator_id = get_with(&app, "/user/profile", &operator).await?["data"]["id"]
        .as_i64()
        .unwrap_or_default();
    let (_, user_id) = signed_in_user(&app, "zhang@example.com", "张工").await?;

    // Oneself: neither disable nor reset (the super administrator neither).
    assert_error(
        &put_status(&app, &operator, operator_id, json!(1)).await?,
        1_002_024_000,
        "不能禁用自己的账号或结束自己的全部会话",
    );
    assert_error(
        &revoke(&app, &operator, operator_id).await?,
        1_002_024_000,
        "不能禁用自己的账号或结束自己的全部会话",
    );
    assert_error(
        &put_status(&app, &admin, admin_id, json!(1)).await?,
        1_002_024_000,
        "不能禁用自己的账号或结束自己的全部会话",
    );
    // A super administrator: not disabled, not signed out.
    assert_error(
        &put_status(&app, &operator, admin_id, json!(1)).await?,
        1_002_024_001,
        "不能禁用超级管理员或结束其会话",
    );
    assert_error(
        &revoke(&app, &operator, admin_id).await?,
        1_002_024_001,
        "不能禁用超级管理员或结束其会话",
    );
    assert_eq!(token_code(&app, &admin).await?, 0);
    assert_eq!(token_code(&app, &operator).await?, 0);
    // Unknown users, bad bodies.
    assert_error(
        &put_status(&app, &operator, 999_999, json!(1)).await?,
        1_002_003_003,
        "用户不存在",
    );
    assert_error(
        &revoke(&app, &operator, 999_999).await?,
        1_002_003_003,
        "用户不存在",
    );
    assert_error(
        &put_status(&app, &operator, user_id, json!(2)).await?,
        400,
        "请求参数不正确:status 必须为0(启用)或1(禁用)",
    );
    assert_error(
        &put_status(&app, &operator, user_id, Value::Null).await?,
        400,
        "请求参数缺失:status",
    );
    // None of the refusals wrote an audit entry.
    assert_eq!(get_with(&app, AUDIT, &admin).await?["data"]["total"], 0);
    // The super administrator may disable the operator (holds every permission).
    assert_eq!(
        put_status(&app, &admin, operator_id, json!(1)).await?["data"],
        true
    );
    assert_eq!(token_code(&app, &operator).await?, 401);
    app.stop().await;
    Ok(())
}

/// A parallel burst of enable/disable requests for one user by two operators: every request
/// answers, the final status is the one of the last audit entry, the entries form one chain
/// (each starts where the previous ended; each is a real change), and a disabled user's token
/// is refused.
async fn a_burst_of_status_changes_stays_consistent(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let first = signed_in_with_role(&app, &settings, "ops1@example.com", "operator").await?;
    let second = signed_in_with_role(&app, &settings, "ops2@example.com", "operator").await?;
    let (session, user_id) = signed_in_user(&app, "zhang@example.com", "张工").await?;

    let requests = (0..24).map(|index| {
        let app = &app;
        let token = if index % 3 == 0 { &first } else { &second };
        async move { put_status(app, token, user_id, json!(index % 2)).await }
    });
    let answers = futures_util::future::join_all(requests).await;
    for answer in answers {
        assert_eq!(answer?, json!({"code": 0, "data": true, "msg": ""}));
    }

    let entries = audit_of_user(&app, &first, user_id).await?;
    assert!(!entries.is_empty() && entries.len() <= 24, "{entries:?}");
    let mut status = 0;
    for entry in &entries {
        assert_eq!(entry["before"]["status"], status, "{entries:?}");
        let after = entry["after"]["status"].as_i64().unwrap_or(-1);
        assert_ne!(after, status, "{entries:?}");
        let expected_action = if after == 1 {
            "user.disable"
        } else {
            "user.enable"
        };
        assert_eq!(entry["action"], expected_action);
        status = after;
    }
    let row = &list_of(&get_with(&app, &format!("{USERS}?keyWords=zhang"), &first).await?)[0];
    assert_eq!(row["status"], status, "{row}");
    // The first change was a disable: the session is gone whatever the final status.
    assert_eq!(entries[0]["action"], "user.disable");
    assert_eq!(token_code(&app, &session).await?, 401);
    assert_eq!(row["sessionCount"], 0);
    app.stop().await;
    Ok(())
}

/// Closing feedback and reviewing a brand application write their audit entries; the page's
/// filters (action, operator, time, keyword) find them.
async fn operator_actions_are_audited(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let operator = signed_in_with_role(&app, &settings, "ops@example.com", "operator").await?;
    let operator_id = get_with(&app, "/user/profile", &operator).await?["data"]["id"]
        .as_i64()
        .unwrap_or_default();
    let other = signed_in_with_role(&app, &settings, "ops2@example.com", "operator").await?;
    let (member, member_id) = signed_in_user(&app, "zhang@example.com", "张工").await?;
    let started = chrono::Utc::now().timestamp_millis() - 1;

    let (_, created) = call_path(
        &app,
        Method::POST,
        "/to/api/operation/behavior/message/to/platform/create",
        Some(json!({"type": 1, "message": "希望增加 M8 螺栓", "images": ""})),
        Some(&member),
    )
    .await?;
    let feedback_id = created["data"].as_i64().unwrap_or_default();
    assert!(feedback_id > 0, "{created}");
    let (_, closed) = call_path(
        &app,
        Method::POST,
        "/to/api/operation/behavior/message/close",
        Some(json!({"id": feedback_id, "reply": "已补充"})),
        Some(&operator),
    )
    .await?;
    assert_eq!(closed["data"], true, "{closed}");
    // A refused close (already closed) writes nothing.
    let (_, again) = call_path(
        &app,
        Method::POST,
        "/to/api/operation/behavior/message/close",
        Some(json!({"id": feedback_id})),
        Some(&operator),
    )
    .await?;
    assert_eq!(again["code"], 1_002_020_001, "{again}");

    insert_file(&settings, 42, member_id, "licence.jpg", "image/jpeg", 1024).await?;
    let (_, application) = call(
        &app,
        Method::POST,
        "/brand-application/create",
        Some(json!({
            "companyName": "宁波某某紧固件有限公司", "brandName": "NBFast", "contactName": "王工",
            "mobile": "13900139000", "categories": [{"library": "part", "code": "fasteners"}],
            "licenceFileId": "42",
        })),
        Some(&member),
        &[],
    )
    .await?;
    let application_id = application["data"].as_i64().unwrap_or_default();
    assert!(application_id > 0, "{application}");
    let (_, reviewed) = call(
        &app,
        Method::POST,
        "/brand-application/review",
        Some(json!({"id": application_id, "status": 2, "reviewRemark": "营业执照不清晰"})),
        Some(&other),
        &[],
    )
    .await?;
    assert_eq!(reviewed["data"], true, "{reviewed}");

    let page = get_with(&app, AUDIT, &operator).await?;
    assert_eq!(page["data"]["total"], 2, "{page}");
    let list = list_of(&page);
    let review = &list[0];
    assert_eq!(review["action"], "brand-application.review");
    assert_eq!(review["targetType"], "brand-application");
    assert_eq!(review["targetId"], application_id.to_string());
    assert_eq!(review["operatorUsername"], "ops2@example.com");
    assert_eq!(review["before"], json!({"status": 0}));
    assert_eq!(
        review["after"],
        json!({"status": 2, "reviewRemark": "营业执照不清晰", "brandId": null})
    );
    let close = &list[1];
    assert_eq!(close["action"], "feedback.close");
    assert_eq!(close["targetType"], "feedback");
    assert_eq!(close["targetId"], feedback_id.to_string());
    assert_eq!(close["operatorId"], operator_id);
    assert_eq!(close["before"], json!({"status": 0}));
    assert_eq!(close["after"], json!({"status": 1, "reply": "已补充"}));

    let now = chrono::Utc::now().timestamp_millis() + 1;
    let (_, long) = call(
        &app,
        Method::GET,
        &format!("{AUDIT}?keyWords={}", "x".repeat(101)),
        None,
        Some(&operator),
        &[],
    )
    .await?;
    assert_error(&long, 400, "请求参数不正确:keyWords 过长");
    for (query, expected) in [
        ("action=feedback.close".to_owned(), vec!["feedback.close"]),
        (format!("operatorId={operator_id}"), vec!["feedback.close"]),
        ("keyWords=OPS2".to_owned(), vec!["brand-application.review"]),
        (
            "keyWords=%E5%B7%B2%E8%A1%A5%E5%85%85".to_owned(),
            vec!["feedback.close"],
        ),
        (
            format!("beginTime={started}&endTime={now}"),
            vec!["brand-application.review", "feedback.close"],
        ),
        (format!("endTime={started}"), vec![]),
        ("action=user.disable".to_owned(), vec![]),
        ("pageSize=1&pageNo=2".to_owned(), vec!["feedback.close"]),
    ] {
        let page = get_with(&app, &format!("{AUDIT}?{query}"), &operator).await?;
        let actions: Vec<String> = list_of(&page)
            .iter()
            .filter_map(|entry| entry["action"].as_str().map(str::to_owned))
            .collect();
        assert_eq!(actions, expected, "{query}: {page}");
    }

    // The names of the operators a library's log knows by id only; unknown ids are left out.
    let names = get_with(
        &app,
        &format!("{OPERATORS}?ids={member_id},{operator_id},999999,{operator_id}"),
        &operator,
    )
    .await?;
    let list = names["data"].as_array().cloned().unwrap_or_default();
    let ids: Vec<i64> = list.iter().filter_map(|view| view["id"].as_i64()).collect();
    let mut expected = vec![operator_id, member_id];
    expected.sort_unstable();
    assert_eq!(
        ids, expected,
        "by id, each once, the unknown left out: {names}"
    );
    let zhang = list
        .iter()
        .find(|view| view["id"] == member_id)
        .cloned()
        .unwrap_or_default();
    assert_eq!(zhang["nickname"], "张工", "{names}");
    assert!(zhang["username"].is_string(), "{names}");
    for bad in ["", "1,x", "0"] {
        let refused = get_with(&app, &format!("{OPERATORS}?ids={bad}"), &operator).await?;
        assert_eq!(refused["code"], 400, "{bad}: {refused}");
    }
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    permissions_and_page,
    disable_ends_every_session_at_once,
    refusals,
    a_burst_of_status_changes_stays_consistent,
    operator_actions_are_audited,
);
