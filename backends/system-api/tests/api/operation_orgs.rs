//! The operations platform's organisations (docs/operations.md "Organisations") through the
//! HTTP API: permissions, the page and its filters, creating and changing organisations
//! (unique names, business scope, disabling stops the organisation's API keys at once),
//! members moving in and out (their sessions carry the new organisation from the next request,
//! their old API keys stop), the refusals, parallel bursts, and the audit entries.

use kernel::testing::{TestApp, TestEnvironment};
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;

const ORGS: &str = "/operation/orgs/page";
const AUDIT: &str = "/operation/audit-log/page";

fn org_path(id: i64) -> String {
    format!("/operation/orgs/{id}")
}

fn members_path(id: i64) -> String {
    format!("/operation/orgs/{id}/members")
}

async fn create_org(app: &TestApp, token: &str, body: Value) -> anyhow::Result<Value> {
    send(app, Method::POST, "/operation/orgs", Some(body), token).await
}

/// Creates an organisation and answers its id.
pub(crate) async fn new_org(
    app: &TestApp,
    token: &str,
    name: &str,
    scope: Value,
) -> anyhow::Result<i64> {
    let answer = create_org(app, token, json!({"name": name, "businessScope": scope})).await?;
    answer["data"]
        .as_i64()
        .ok_or_else(|| anyhow::anyhow!("no organisation id: {answer}"))
}

pub(crate) async fn add_member(
    app: &TestApp,
    token: &str,
    org: i64,
    account: &str,
) -> anyhow::Result<Value> {
    send(
        app,
        Method::POST,
        &members_path(org),
        Some(json!({ "account": account })),
        token,
    )
    .await
}

async fn remove_member(app: &TestApp, token: &str, org: i64, user: i64) -> anyhow::Result<Value> {
    send(
        app,
        Method::DELETE,
        &format!("{}/{user}", members_path(org)),
        None,
        token,
    )
    .await
}

pub(crate) async fn set_admin(
    app: &TestApp,
    token: &str,
    path: &str,
    admin: bool,
) -> anyhow::Result<Value> {
    send(
        app,
        Method::PUT,
        &format!("{path}/admin"),
        Some(json!({ "orgAdmin": admin })),
        token,
    )
    .await
}

/// The operators' route naming (or dropping) an administrator of `org`.
pub(crate) fn operator_member_path(org: i64, user: i64) -> String {
    format!("{}/{user}", members_path(org))
}

/// The organisation administrators' own routes.
const OWN_MEMBERS: &str = "/org/members/page";

fn own_member_path(user: i64) -> String {
    format!("/org/members/{user}")
}

async fn api_key(app: &TestApp, token: &str) -> anyhow::Result<String> {
    let (_, answer) = call(
        app,
        Method::POST,
        "/open/api-keys",
        Some(json!({"name": "ERP", "scopes": ["component"]})),
        Some(token),
        &[],
    )
    .await?;
    answer["data"]["secret"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| anyhow::anyhow!("no key: {answer}"))
}

fn ids_of(page: &Value) -> Vec<i64> {
    list_of(page)
        .iter()
        .filter_map(|row| row["id"].as_i64())
        .collect()
}

async fn permissions_and_page(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let operator = signed_in_with_role(&app, &settings, "ops@example.com", "operator").await?;
    let (member, member_id) = signed_in_user(&app, "zhang@example.com", "张工").await?;

    // Anonymous 401, a member 403, on every route; nothing is written by the refused calls.
    let routes = [
        (Method::GET, ORGS.to_owned(), None),
        (
            Method::POST,
            "/operation/orgs".to_owned(),
            Some(json!({"name": "甲公司"})),
        ),
        (Method::PUT, org_path(2), Some(json!({"enabled": false}))),
        (
            Method::POST,
            members_path(2),
            Some(json!({"account": "zhang@example.com"})),
        ),
        (
            Method::DELETE,
            format!("{}/{member_id}", members_path(2)),
            None,
        ),
    ];
    for (method, path, body) in &routes {
        let (_, anonymous) = call(&app, method.clone(), path, body.clone(), None, &[]).await?;
        assert_error(&anonymous, 401, "账号未登录");
        let (_, refused) =
            call(&app, method.clone(), path, body.clone(), Some(&member), &[]).await?;
        assert_error(&refused, 403, "没有该操作权限");
    }
    assert_eq!(get_with(&app, ORGS, &operator).await?["data"]["total"], 0);
    assert_eq!(get_with(&app, AUDIT, &operator).await?["data"]["total"], 0);

    // Created enabled, newest first; the system's organisations (0, 1) are not listed.
    let first = new_org(&app, &operator, "  宁波紧固件有限公司 ", json!([1])).await?;
    let second = new_org(&app, &operator, "Acme Bearings", json!([])).await?;
    assert!(second > first && first > 1, "{first} {second}");
    assert_eq!(
        add_member(&app, &operator, first, "zhang@example.com").await?["data"],
        member_id
    );
    let page = get_with(&app, ORGS, &operator).await?;
    assert_eq!(page["data"]["total"], 2, "{page}");
    let list = list_of(&page);
    assert_eq!(list[0]["id"], second);
    assert_eq!(list[0]["name"], "Acme Bearings");
    assert_eq!(list[0]["businessScope"], json!([]));
    assert_eq!(list[0]["memberCount"], 0);
    assert_eq!(list[1]["name"], "宁波紧固件有限公司");
    assert_eq!(list[1]["enabled"], true);
    assert_eq!(list[1]["businessScope"], json!([1]));
    assert_eq!(list[1]["memberCount"], 1);
    assert!(list[1]["createTime"].as_i64().is_some_and(|t| t > 0));

    // Filters: keyword (case-insensitive), enabled, paging.
    assert_eq!(
        send(
            &app,
            Method::PUT,
            &org_path(second),
            Some(json!({"enabled": false})),
            &operator
        )
        .await?["data"],
        true
    );
    for (query, expected) in [
        ("keyWords=acme", vec![second]),
        ("keyWords=%E7%B4%A7%E5%9B%BA", vec![first]),
        ("keyWords=%25", vec![]),
        ("enabled=true", vec![first]),
        ("enabled=false", vec![second]),
        ("pageSize=1&pageNo=2", vec![first]),
    ] {
        let page = get_with(&app, &format!("{ORGS}?{query}"), &operator).await?;
        assert_eq!(ids_of(&page), expected, "{query}: {page}");
    }
    // The members are the user page of the organisation.
    let members = get_with(
        &app,
        &format!("/operation/users/page?orgId={first}"),
        &operator,
    )
    .await?;
    assert_eq!(ids_of(&members), vec![member_id], "{members}");

    // Validation, each refusal in the envelope and nothing written.
    let entries = get_with(&app, AUDIT, &operator).await?["data"]["total"].clone();
    let long = "长".repeat(101);
    for (body, message) in [
        (json!({}), "请求参数不正确:组织名称不能为空"),
        (json!({"name": "   "}), "请求参数不正确:组织名称不能为空"),
        (
            json!({"name": long}),
            "请求参数不正确:组织名称不能超过100个字符",
        ),
        (
            json!({"name": "a\u{7}b"}),
            "请求参数不正确:组织名称不能为空(不能包含控制字符)",
        ),
        (
            json!({"name": "乙公司", "businessScope": [1, 2]}),
            "请求参数不正确:businessScope 不正确: 2（可选 1 企业库）",
        ),
    ] {
        assert_error(&create_org(&app, &operator, body).await?, 400, message);
    }
    assert_error(
        &send(
            &app,
            Method::PUT,
            &org_path(first),
            Some(json!({})),
            &operator,
        )
        .await?,
        400,
        "请求参数不正确:name、businessScope、enabled 至少填写一项",
    );
    assert_error(
        &add_member(&app, &operator, first, " ").await?,
        400,
        "请求参数缺失:account",
    );
    let (_, bad_page) = call(
        &app,
        Method::GET,
        &format!("{ORGS}?keyWords={}", "x".repeat(101)),
        None,
        Some(&operator),
        &[],
    )
    .await?;
    assert_error(&bad_page, 400, "请求参数不正确:keyWords 过长");
    assert_eq!(
        get_with(&app, AUDIT, &operator).await?["data"]["total"],
        entries
    );
    app.stop().await;
    Ok(())
}

async fn changes_and_refusals(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let operator = signed_in_with_role(&app, &settings, "ops@example.com", "operator").await?;
    let first = new_org(&app, &operator, "甲公司", json!([])).await?;
    let second = new_org(&app, &operator, "乙公司", json!([1])).await?;

    // Names are unique whatever their case, on create and on rename.
    assert_error(
        &create_org(&app, &operator, json!({"name": "甲公司"})).await?,
        1_002_025_001,
        "组织名称已存在",
    );
    new_org(&app, &operator, "acme", json!([])).await?;
    assert_error(
        &create_org(&app, &operator, json!({"name": "ACME"})).await?,
        1_002_025_001,
        "组织名称已存在",
    );
    assert_error(
        &send(
            &app,
            Method::PUT,
            &org_path(first),
            Some(json!({"name": "乙公司"})),
            &operator,
        )
        .await?,
        1_002_025_001,
        "组织名称已存在",
    );
    // The system's organisations and unknown ones are not found.
    for id in [0, 1, 999_999] {
        assert_error(
            &send(
                &app,
                Method::PUT,
                &org_path(id),
                Some(json!({"enabled": false})),
                &operator,
            )
            .await?,
            1_002_025_000,
            "组织不存在",
        );
        assert_error(
            &add_member(&app, &operator, id, "ops@example.com").await?,
            1_002_025_000,
            "组织不存在",
        );
    }

    // A change: before and after in the audit entry; the same values again write nothing.
    let update = json!({"name": "甲科技有限公司", "businessScope": [1, 1]});
    assert_eq!(
        send(
            &app,
            Method::PUT,
            &org_path(first),
            Some(update.clone()),
            &operator
        )
        .await?["data"],
        true
    );
    assert_eq!(
        send(&app, Method::PUT, &org_path(first), Some(update), &operator).await?["data"],
        true
    );
    let updates = audit_of(&app, &operator, "org.update").await?;
    assert_eq!(updates.len(), 1, "{updates:?}");
    assert_eq!(updates[0]["targetType"], "org");
    assert_eq!(updates[0]["targetId"], first.to_string());
    assert_eq!(
        updates[0]["before"],
        json!({"name": "甲公司", "enabled": true, "businessScope": []})
    );
    assert_eq!(
        updates[0]["after"],
        json!({"name": "甲科技有限公司", "enabled": true, "businessScope": [1]})
    );
    let creations = audit_of(&app, &operator, "org.create").await?;
    assert_eq!(creations.len(), 3, "{creations:?}");
    assert_eq!(
        creations[1]["after"],
        json!({"name": "乙公司", "enabled": true, "businessScope": [1]})
    );

    // Members: an account in another organisation is refused until it leaves; removing a
    // non-member is refused; unknown accounts are not found.
    let (_, user_id) = signed_in_user(&app, "13800138001", "李工").await?;
    assert_eq!(
        add_member(&app, &operator, first, "13800138001").await?["data"],
        user_id
    );
    // Adding again changes nothing.
    assert_eq!(
        add_member(&app, &operator, first, "13800138001").await?["data"],
        user_id
    );
    assert_error(
        &add_member(&app, &operator, second, "13800138001").await?,
        1_002_025_002,
        "该用户已属于其他组织，请先将其移出",
    );
    assert_error(
        &remove_member(&app, &operator, second, user_id).await?,
        1_002_025_003,
        "该用户不是本组织的成员",
    );
    assert_error(
        &remove_member(&app, &operator, first, 999_999).await?,
        1_002_003_003,
        "用户不存在",
    );
    assert_error(
        &add_member(&app, &operator, first, "nobody@example.com").await?,
        1_002_003_003,
        "用户不存在",
    );
    assert_eq!(
        remove_member(&app, &operator, first, user_id).await?["data"],
        true
    );
    assert_eq!(
        add_member(&app, &operator, second, "13800138001").await?["data"],
        user_id
    );
    let added = audit_of(&app, &operator, "org.member.add").await?;
    assert_eq!(added.len(), 2, "{added:?}");
    assert_eq!(added[1]["targetType"], "user");
    assert_eq!(added[1]["targetId"], user_id.to_string());
    assert_eq!(added[1]["before"], json!({"orgId": 0}));
    assert_eq!(
        added[1]["after"],
        json!({"orgId": second, "orgName": "乙公司"})
    );
    let removed = audit_of(&app, &operator, "org.member.remove").await?;
    assert_eq!(removed.len(), 1);
    assert_eq!(removed[0]["before"], json!({"orgId": first}));
    assert_eq!(
        removed[0]["after"],
        json!({"orgId": 0, "orgName": "甲科技有限公司"})
    );
    app.stop().await;
    Ok(())
}

/// What a member sees: joining shows the organisation (and its enterprise scope) on the next
/// request of the same session; the API key made before joining stops; disabling the
/// organisation blocks its members and stops the organisation's keys at once; leaving brings
/// the account back to the platform.
async fn members_follow_their_organisation(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let operator = signed_in_with_role(&app, &settings, "ops@example.com", "operator").await?;
    let (session, user_id) = signed_in_user(&app, "zhang@example.com", "张工").await?;
    let own_key = api_key(&app, &session).await?;
    assert_eq!(token_code(&app, &own_key).await?, 0);
    let profile = get_with(&app, "/user/profile", &session).await?;
    assert_eq!(profile["data"]["orgId"], 0, "{profile}");

    let org = new_org(&app, &operator, "宁波紧固件有限公司", json!([1])).await?;
    assert_eq!(
        add_member(&app, &operator, org, "ZHANG@example.com").await?["data"],
        user_id
    );
    // The same session, no new sign-in: the organisation from the next request.
    assert_eq!(token_code(&app, &session).await?, 0);
    let profile = get_with(&app, "/user/profile", &session).await?;
    assert_eq!(profile["data"]["orgId"], org, "{profile}");
    assert_eq!(profile["data"]["orgName"], "宁波紧固件有限公司");
    assert_eq!(profile["data"]["orgEnable"], true);
    assert_eq!(profile["data"]["businessScope"], json!([1]));
    // The key made for the platform account stops at once; a key of the organisation works.
    assert_eq!(token_code(&app, &own_key).await?, 401);
    let org_key = api_key(&app, &session).await?;
    assert_eq!(token_code(&app, &org_key).await?, 0);

    // Disabled: the member is blocked (spec §4) and the organisation's key stops at once.
    assert_eq!(
        send(
            &app,
            Method::PUT,
            &org_path(org),
            Some(json!({"enabled": false})),
            &operator
        )
        .await?["data"],
        true
    );
    assert_eq!(token_code(&app, &org_key).await?, 401);
    let profile = get_with(&app, "/user/profile", &session).await?;
    assert_eq!(profile["data"]["orgEnable"], false, "{profile}");

    // Removed: back on the platform, same session.
    assert_eq!(
        remove_member(&app, &operator, org, user_id).await?["data"],
        true
    );
    assert_eq!(token_code(&app, &session).await?, 0);
    let profile = get_with(&app, "/user/profile", &session).await?;
    assert_eq!(profile["data"]["orgId"], 0, "{profile}");
    app.stop().await;
    Ok(())
}

/// Parallel bursts: one name created by sixteen requests at once gives one organisation; one
/// account added to four organisations at once joins exactly one of them.
async fn bursts_stay_consistent(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let first = signed_in_with_role(&app, &settings, "ops1@example.com", "operator").await?;
    let second = signed_in_with_role(&app, &settings, "ops2@example.com", "operator").await?;

    let creations = (0..16).map(|index| {
        let app = &app;
        let token = if index % 2 == 0 { &first } else { &second };
        async move { create_org(app, token, json!({"name": "同名公司"})).await }
    });
    let answers = futures_util::future::join_all(creations).await;
    let mut created = 0;
    for answer in answers {
        let answer = answer?;
        match answer["code"].as_i64() {
            Some(0) => created += 1,
            Some(1_002_025_001) => {}
            _ => panic!("unexpected answer {answer}"),
        }
    }
    assert_eq!(created, 1);
    assert_eq!(get_with(&app, ORGS, &first).await?["data"]["total"], 1);
    assert_eq!(audit_of(&app, &first, "org.create").await?.len(), 1);

    let mut orgs = Vec::new();
    for index in 0..4 {
        orgs.push(new_org(&app, &first, &format!("公司{index}"), json!([])).await?);
    }
    let (_, user_id) = signed_in_user(&app, "zhang@example.com", "张工").await?;
    let additions = orgs.iter().map(|org| {
        let app = &app;
        let token = &first;
        async move { add_member(app, token, *org, "zhang@example.com").await }
    });
    let answers = futures_util::future::join_all(additions).await;
    let mut joined = 0;
    for answer in answers {
        let answer = answer?;
        match answer["code"].as_i64() {
            Some(0) => joined += 1,
            Some(1_002_025_002) => {}
            _ => panic!("unexpected answer {answer}"),
        }
    }
    assert_eq!(joined, 1);
    let page = get_with(&app, &format!("{ORGS}?pageSize=100"), &first).await?;
    let members: i64 = list_of(&page)
        .iter()
        .filter_map(|row| row["memberCount"].as_i64())
        .sum();
    assert_eq!(members, 1, "{page}");
    let added = audit_of(&app, &first, "org.member.add").await?;
    assert_eq!(added.len(), 1, "{added:?}");
    assert_eq!(added[0]["targetId"], user_id.to_string());
    app.stop().await;
    Ok(())
}

/// An organisation's own administrators: an operator names one; it lists its organisation's
/// members (and only them), names another, removes a member (never itself), drops itself while
/// another remains but never the last one; a dropped administrator, a plain member, a platform
/// account and an administrator of a disabled organisation get 403; leaving the organisation
/// clears the flag; every change is in the audit log under its actor.
async fn organisation_admins_manage_members(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let operator = signed_in_with_role(&app, &settings, "ops@example.com", "operator").await?;
    let org = new_org(&app, &operator, "宁波紧固件有限公司", json!([1])).await?;
    let other_org = new_org(&app, &operator, "乙公司", json!([1])).await?;
    let (admin, admin_id) = signed_in_user(&app, "li@example.com", "李工").await?;
    let (member, member_id) = signed_in_user(&app, "zhang@example.com", "张工").await?;
    let (third, third_id) = signed_in_user(&app, "wang@example.com", "王工").await?;
    let (outsider, outsider_id) = signed_in_user(&app, "zhao@example.com", "赵工").await?;
    for account in ["li@example.com", "zhang@example.com", "wang@example.com"] {
        assert_eq!(add_member(&app, &operator, org, account).await?["code"], 0);
    }
    assert_eq!(
        add_member(&app, &operator, other_org, "zhao@example.com").await?["code"],
        0
    );

    // Nobody administers the organisation yet.
    for token in [&admin, &member, &outsider] {
        assert_error(
            &get_with(&app, OWN_MEMBERS, token).await?,
            403,
            "没有该操作权限",
        );
    }
    let profile = get_with(&app, "/user/profile", &admin).await?;
    assert_eq!(profile["data"]["orgAdmin"], false, "{profile}");
    // The operator names one; a member of another organisation cannot be named here.
    assert_eq!(
        set_admin(&app, &operator, &operator_member_path(org, admin_id), true).await?["data"],
        true
    );
    assert_error(
        &set_admin(
            &app,
            &operator,
            &operator_member_path(org, outsider_id),
            true,
        )
        .await?,
        1_002_025_003,
        "该用户不是本组织的成员",
    );
    assert_error(
        &set_admin(&app, &member, &operator_member_path(org, member_id), true).await?,
        403,
        "没有该操作权限",
    );
    let profile = get_with(&app, "/user/profile", &admin).await?;
    assert_eq!(profile["data"]["orgAdmin"], true, "{profile}");
    let users = get_with(
        &app,
        &format!("/operation/users/page?orgId={org}"),
        &operator,
    )
    .await?;
    let flagged: Vec<i64> = list_of(&users)
        .iter()
        .filter(|row| row["orgAdmin"] == true)
        .filter_map(|row| row["id"].as_i64())
        .collect();
    assert_eq!(flagged, vec![admin_id], "{users}");

    // The administrator lists its own organisation's members, filtered by a keyword.
    let page = get_with(&app, OWN_MEMBERS, &admin).await?;
    assert_eq!(page["data"]["total"], 3, "{page}");
    let mut ids = ids_of(&page);
    ids.sort_unstable();
    let mut expected = vec![admin_id, member_id, third_id];
    expected.sort_unstable();
    assert_eq!(ids, expected);
    assert!(!ids.contains(&outsider_id));
    let page = get_with(&app, &format!("{OWN_MEMBERS}?keyWords=ZHANG"), &admin).await?;
    assert_eq!(ids_of(&page), vec![member_id], "{page}");
    assert_eq!(list_of(&page)[0]["orgAdmin"], false);
    let oversized = get_with(&app, &format!("{OWN_MEMBERS}?pageSize=1000"), &admin).await?;
    assert_eq!(oversized["code"], 400, "{oversized}");

    // Names another administrator; removes a member, never itself nor a stranger.
    assert_eq!(
        set_admin(&app, &admin, &own_member_path(member_id), true).await?["data"],
        true
    );
    let missing = send(
        &app,
        Method::PUT,
        &format!("{}/admin", own_member_path(member_id)),
        Some(json!({})),
        &admin,
    )
    .await?;
    assert_eq!(missing["code"], 400, "{missing}");
    assert!(
        missing["msg"]
            .as_str()
            .is_some_and(|msg| msg.ends_with(":orgAdmin")),
        "{missing}"
    );
    assert_error(
        &send(
            &app,
            Method::DELETE,
            &own_member_path(admin_id),
            None,
            &admin,
        )
        .await?,
        1_002_025_004,
        "不能将自己移出组织",
    );
    assert_error(
        &send(
            &app,
            Method::DELETE,
            &own_member_path(outsider_id),
            None,
            &admin,
        )
        .await?,
        1_002_025_003,
        "该用户不是本组织的成员",
    );
    assert_error(
        &set_admin(&app, &admin, &own_member_path(outsider_id), true).await?,
        1_002_025_003,
        "该用户不是本组织的成员",
    );
    assert_eq!(
        send(
            &app,
            Method::DELETE,
            &own_member_path(third_id),
            None,
            &admin
        )
        .await?["data"],
        true
    );
    let profile = get_with(&app, "/user/profile", &third).await?;
    assert_eq!(profile["data"]["orgId"], 0, "{profile}");
    assert_error(
        &get_with(&app, OWN_MEMBERS, &third).await?,
        403,
        "没有该操作权限",
    );
    let removed = audit_of(&app, &operator, "org.member.remove").await?;
    assert_eq!(removed.len(), 1, "{removed:?}");
    assert_eq!(removed[0]["targetId"], third_id.to_string());
    assert_eq!(removed[0]["operatorId"], admin_id, "{removed:?}");

    // Drops itself while another remains; the last one cannot go (operators may drop it).
    assert_eq!(
        set_admin(&app, &admin, &own_member_path(admin_id), false).await?["data"],
        true
    );
    assert_error(
        &get_with(&app, OWN_MEMBERS, &admin).await?,
        403,
        "没有该操作权限",
    );
    assert_error(
        &set_admin(&app, &member, &own_member_path(member_id), false).await?,
        1_002_025_005,
        "组织至少需要保留一位管理员",
    );
    let named = audit_of(&app, &operator, "org.member.admin").await?;
    assert_eq!(named.len(), 3, "{named:?}");

    // Leaving the organisation clears the flag: back in, an ordinary member.
    assert_eq!(
        remove_member(&app, &operator, org, member_id).await?["data"],
        true
    );
    assert_eq!(
        add_member(&app, &operator, org, "zhang@example.com").await?["code"],
        0
    );
    assert_error(
        &get_with(&app, OWN_MEMBERS, &member).await?,
        403,
        "没有该操作权限",
    );
    let profile = get_with(&app, "/user/profile", &member).await?;
    assert_eq!(profile["data"]["orgAdmin"], false, "{profile}");

    // An administrator of a disabled organisation manages nothing.
    assert_eq!(
        set_admin(&app, &operator, &operator_member_path(org, admin_id), true).await?["data"],
        true
    );
    assert_eq!(get_with(&app, OWN_MEMBERS, &admin).await?["code"], 0);
    assert_eq!(
        send(
            &app,
            Method::PUT,
            &org_path(org),
            Some(json!({"enabled": false})),
            &operator
        )
        .await?["data"],
        true
    );
    assert_error(
        &get_with(&app, OWN_MEMBERS, &admin).await?,
        403,
        "没有该操作权限",
    );
    assert_error(
        &send(
            &app,
            Method::DELETE,
            &own_member_path(member_id),
            None,
            &admin,
        )
        .await?,
        403,
        "没有该操作权限",
    );
    app.stop().await;
    Ok(())
}

/// Two administrators removing each other, and two dropping each other, with bursts of
/// requests at once: exactly one change lands each time and the organisation keeps an
/// administrator.
async fn organisation_admin_bursts_keep_one_admin(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let operator = signed_in_with_role(&app, &settings, "ops@example.com", "operator").await?;
    let org = new_org(&app, &operator, "宁波紧固件有限公司", json!([1])).await?;
    let (first, first_id) = signed_in_user(&app, "li@example.com", "李工").await?;
    let (second, second_id) = signed_in_user(&app, "zhang@example.com", "张工").await?;
    for (account, id) in [
        ("li@example.com", first_id),
        ("zhang@example.com", second_id),
    ] {
        assert_eq!(add_member(&app, &operator, org, account).await?["code"], 0);
        assert_eq!(
            set_admin(&app, &operator, &operator_member_path(org, id), true).await?["data"],
            true
        );
    }

    for removing in [false, true] {
        let requests = (0..8).map(|index| {
            let app = &app;
            let (token, other) = if index % 2 == 0 {
                (&first, second_id)
            } else {
                (&second, first_id)
            };
            async move {
                if removing {
                    send(app, Method::DELETE, &own_member_path(other), None, token).await
                } else {
                    set_admin(app, token, &own_member_path(other), false).await
                }
            }
        });
        let answers = futures_util::future::join_all(requests).await;
        let mut landed = 0;
        for answer in answers {
            let answer = answer?;
            match answer["code"].as_i64() {
                // Repeating a drop that already landed changes nothing and says so quietly.
                Some(0) => landed += 1,
                // The other one is no longer an administrator (or, removed, no longer a member).
                Some(403) => {}
                Some(1_002_025_003) if removing => {}
                _ => panic!("unexpected answer {answer}"),
            }
        }
        let page = get_with(
            &app,
            &format!("/operation/users/page?orgId={org}"),
            &operator,
        )
        .await?;
        let admins = list_of(&page)
            .iter()
            .filter(|row| row["orgAdmin"] == true)
            .count();
        assert_eq!(admins, 1, "{page}");
        if removing {
            assert_eq!(landed, 1);
            assert_eq!(page["data"]["total"], 1, "{page}");
            assert_eq!(
                audit_of(&app, &operator, "org.member.remove").await?.len(),
                1
            );
        } else {
            // Only one side may drop the other; its repeats answer 0 without a change.
            assert!(landed >= 1, "no drop landed");
            assert_eq!(
                audit_of(&app, &operator, "org.member.admin").await?.len(),
                3
            );
            // Name the dropped one again for the removal round.
            let dropped = list_of(&page)
                .iter()
                .find(|row| row["orgAdmin"] == false)
                .and_then(|row| row["id"].as_i64())
                .ok_or_else(|| anyhow::anyhow!("no dropped administrator: {page}"))?;
            assert_eq!(
                set_admin(&app, &operator, &operator_member_path(org, dropped), true).await?
                    ["data"],
                true
            );
        }
    }
    app.stop().await;
    Ok(())
}

/// The permissions a token carries now, as every service's token check sees them.
async fn carried_permissions(app: &TestApp, token: &str) -> anyhow::Result<Vec<String>> {
    let (_, checked) = call(
        app,
        Method::GET,
        "/auth/check-token",
        None,
        Some(token),
        &[],
    )
    .await?;
    assert_eq!(checked["code"], 0, "{checked}");
    Ok(checked["data"]["permissions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|permission| permission.as_str().map(str::to_owned))
        .collect())
}

const PUBLISH: &str = "enterprise:item:publish";

/// An organisation's administrator takes publishing from a member and gives it back: the
/// member's live session carries the change from its next request (the token check and the
/// permission info alike), the member list shows it, the audit log has both steps; refusals;
/// a member who moves to another organisation may publish there.
async fn organisation_admins_decide_who_publishes(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let operator = signed_in_with_role(&app, &settings, "ops@example.com", "operator").await?;
    let (org, admin) =
        org_with_admin(&app, &operator, "宁波紧固件有限公司", "li@example.com").await?;
    let other_org = new_org(&app, &operator, "乙公司", json!([1])).await?;
    let (member, member_id) = signed_in_user(&app, "zhang@example.com", "张工").await?;
    let (_, outsider_id) = signed_in_user(&app, "zhao@example.com", "赵工").await?;
    assert_eq!(
        add_member(&app, &operator, org, "zhang@example.com").await?["code"],
        0
    );
    assert!(carried_permissions(&app, &member)
        .await?
        .iter()
        .any(|p| p == PUBLISH));
    let publish_path = |user: i64| format!("{}/publish", own_member_path(user));
    let set_publishing = |token: String, user: i64, body: Value| {
        let (app, path) = (&app, publish_path(user));
        async move { send(app, Method::PUT, &path, Some(body), &token).await }
    };

    // Refusals: not an administrator; not a member of the organisation; no flag.
    assert_error(
        &set_publishing(member.clone(), member_id, json!({"mayPublish": false})).await?,
        403,
        "没有该操作权限",
    );
    assert_error(
        &set_publishing(admin.clone(), outsider_id, json!({"mayPublish": false})).await?,
        1_002_025_003,
        "该用户不是本组织的成员",
    );
    let missing = set_publishing(admin.clone(), member_id, json!({})).await?;
    assert_eq!(missing["code"], 400, "{missing}");

    // Taken: the same session loses the permission at its next request, and keeps the rest.
    let before = carried_permissions(&app, &member).await?;
    let taken = set_publishing(admin.clone(), member_id, json!({"mayPublish": false})).await?;
    assert_eq!(taken["data"], true, "{taken}");
    let after = carried_permissions(&app, &member).await?;
    assert!(!after.iter().any(|p| p == PUBLISH), "{after:?}");
    assert_eq!(after.len() + 1, before.len(), "{before:?} → {after:?}");
    let info = get_with(&app, "/auth/get-permission-info?appType=2", &member).await?;
    assert!(
        !info["data"]["permissions"].to_string().contains(PUBLISH),
        "{info}"
    );
    let page = get_with(&app, &format!("{OWN_MEMBERS}?keyWords=zhang"), &admin).await?;
    assert_eq!(list_of(&page)[0]["mayPublish"], false, "{page}");
    // Again: nothing written.
    set_publishing(admin.clone(), member_id, json!({"mayPublish": false})).await?;
    assert_eq!(
        audit_of(&app, &operator, "org.member.publish").await?.len(),
        1
    );

    // Given back.
    set_publishing(admin.clone(), member_id, json!({"mayPublish": true})).await?;
    assert!(carried_permissions(&app, &member)
        .await?
        .iter()
        .any(|p| p == PUBLISH));
    let entries = audit_of(&app, &operator, "org.member.publish").await?;
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[1]["after"]["mayPublish"], true, "{entries:?}");
    assert_eq!(entries[1]["before"]["mayPublish"], false, "{entries:?}");

    // Taken again by a burst of eight at once: one change, one audit entry, the session without it.
    let burst = futures_util::future::join_all(
        (0..8).map(|_| set_publishing(admin.clone(), member_id, json!({"mayPublish": false}))),
    )
    .await;
    for answer in burst {
        let answer = answer?;
        assert_eq!(answer["data"], true, "{answer}");
    }
    assert_eq!(
        audit_of(&app, &operator, "org.member.publish").await?.len(),
        3
    );
    assert!(!carried_permissions(&app, &member)
        .await?
        .iter()
        .any(|p| p == PUBLISH));
    // Then the member moves: the next organisation starts from its roles.
    assert_eq!(
        remove_member(&app, &operator, org, member_id).await?["code"],
        0
    );
    assert_eq!(
        add_member(&app, &operator, other_org, "zhang@example.com").await?["code"],
        0
    );
    assert!(carried_permissions(&app, &member)
        .await?
        .iter()
        .any(|p| p == PUBLISH));
    app.stop().await;
    Ok(())
}

const INVITATIONS: &str = "/org/invitations";
const MY_INVITATIONS: &str = "/user/org-invitations";

pub(crate) async fn invite(app: &TestApp, token: &str, account: &str) -> anyhow::Result<Value> {
    send(
        app,
        Method::POST,
        INVITATIONS,
        Some(json!({ "account": account })),
        token,
    )
    .await
}

async fn answer(app: &TestApp, token: &str, id: i64, verb: &str) -> anyhow::Result<Value> {
    send(
        app,
        Method::POST,
        &format!("{MY_INVITATIONS}/{id}/{verb}"),
        None,
        token,
    )
    .await
}

/// The e-mail notices (no code) the development outbox holds for `to`, newest first, once there
/// are `count` of them (they are sent off the request): at most 5 s.
async fn notices_to(app: &TestApp, to: &str, count: usize) -> anyhow::Result<Vec<Value>> {
    for _ in 0..50 {
        let (_, outbox) = app
            .get_json(&format!("/to/api/dev/outbox?to={}", to.replace('@', "%40")))
            .await?;
        let notices: Vec<Value> = outbox["data"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|message| message["code"] == "")
            .cloned()
            .collect();
        if notices.len() >= count {
            return Ok(notices);
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    anyhow::bail!("fewer than {count} notices to {to}")
}

/// An organisation with an administrator (`li@example.com`): answers the organisation's id and
/// the administrator's session.
async fn org_with_admin(
    app: &TestApp,
    operator: &str,
    name: &str,
    email: &str,
) -> anyhow::Result<(i64, String)> {
    let org = new_org(app, operator, name, json!([1])).await?;
    let (admin, admin_id) = signed_in_user(app, email, "李工").await?;
    assert_eq!(add_member(app, operator, org, email).await?["code"], 0);
    let named = set_admin(app, operator, &operator_member_path(org, admin_id), true).await?;
    assert_eq!(named["data"], true, "{named}");
    Ok((org, admin))
}

/// Invitations: an administrator invites a platform account (again: the same invitation), not a
/// member, not another organisation's, not an unknown account; the invitee sees it with the
/// organisation's and the inviter's names, declines one, has another withdrawn, accepts a third
/// and is a member from its next request; a lapsed invitation is gone and issued again by a new
/// invitation; a disabled organisation's are gone; every step is in the audit log.
async fn organisation_invitations(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let operator = signed_in_with_role(&app, &settings, "ops@example.com", "operator").await?;
    let (org, admin) =
        org_with_admin(&app, &operator, "宁波紧固件有限公司", "li@example.com").await?;
    let other_org = new_org(&app, &operator, "乙公司", json!([1])).await?;
    let (invitee, invitee_id) = signed_in_user(&app, "zhang@example.com", "张工").await?;
    let (member, _) = signed_in_user(&app, "wang@example.com", "王工").await?;
    let (outsider, _) = signed_in_user(&app, "zhao@example.com", "赵工").await?;
    assert_eq!(
        add_member(&app, &operator, org, "wang@example.com").await?["code"],
        0
    );
    assert_eq!(
        add_member(&app, &operator, other_org, "zhao@example.com").await?["code"],
        0
    );

    // Refusals: not an administrator; a member; another organisation's; unknown; no account.
    assert_error(
        &invite(&app, &member, "zhang@example.com").await?,
        403,
        "没有该操作权限",
    );
    assert_error(
        &get_with(&app, INVITATIONS, &invitee).await?,
        403,
        "没有该操作权限",
    );
    assert_error(
        &invite(&app, &admin, "wang@example.com").await?,
        1_002_025_006,
        "该用户已是本组织成员",
    );
    assert_error(
        &invite(&app, &admin, "zhao@example.com").await?,
        1_002_025_010,
        "该用户已属于其他组织，无法邀请",
    );
    assert_error(
        &invite(&app, &admin, "nobody@example.com").await?,
        1_002_003_003,
        "用户不存在",
    );
    let missing = send(&app, Method::POST, INVITATIONS, Some(json!({})), &admin).await?;
    assert_eq!(missing["code"], 400, "{missing}");

    // Invited (twice: one invitation); both sides see it.
    let first = invite(&app, &admin, "ZHANG@example.com").await?["data"]
        .as_i64()
        .ok_or_else(|| anyhow::anyhow!("no invitation"))?;
    assert_eq!(
        invite(&app, &admin, "zhang@example.com").await?["data"],
        first
    );
    let listed = get_with(&app, INVITATIONS, &admin).await?;
    assert_eq!(listed["data"].as_array().map(Vec::len), Some(1), "{listed}");
    assert_eq!(listed["data"][0]["userId"], invitee_id);
    // The invitee is told by e-mail, once for the invitation asked for twice.
    let notices = notices_to(&app, "zhang@example.com", 1).await?;
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(
        notices[0]["subject"],
        "【工程资料库】李工邀请您加入「宁波紧固件有限公司」"
    );
    assert!(notices[0]["body"]
        .as_str()
        .is_some_and(|body| body.contains("个人中心") && body.contains("7 天内有效")));
    assert_eq!(listed["data"][0]["inviterName"], "李工");
    let mine = get_with(&app, MY_INVITATIONS, &invitee).await?;
    assert_eq!(mine["data"][0]["id"], first, "{mine}");
    assert_eq!(mine["data"][0]["orgName"], "宁波紧固件有限公司");
    let lapse = mine["data"][0]["expireTime"].as_i64().unwrap_or_default()
        - mine["data"][0]["createTime"].as_i64().unwrap_or_default();
    assert_eq!(lapse, 7 * 24 * 3600 * 1000);
    assert_eq!(
        get_with(&app, MY_INVITATIONS, &outsider).await?["data"],
        json!([])
    );
    // Someone else's invitation is not theirs to answer.
    assert_error(
        &answer(&app, &outsider, first, "accept").await?,
        1_002_025_008,
        "邀请不存在或已失效",
    );

    // Declined: gone on both sides, not to be accepted afterwards.
    assert_eq!(
        answer(&app, &invitee, first, "decline").await?["data"],
        true
    );
    assert_error(
        &answer(&app, &invitee, first, "accept").await?,
        1_002_025_008,
        "邀请不存在或已失效",
    );
    assert_eq!(
        get_with(&app, INVITATIONS, &admin).await?["data"],
        json!([])
    );
    // Invited again, withdrawn by the organisation.
    let second = invite(&app, &admin, "zhang@example.com").await?["data"]
        .as_i64()
        .ok_or_else(|| anyhow::anyhow!("no invitation"))?;
    assert_ne!(second, first);
    assert_eq!(notices_to(&app, "zhang@example.com", 2).await?.len(), 2);
    let path = format!("{INVITATIONS}/{second}");
    assert_eq!(
        send(&app, Method::DELETE, &path, None, &admin).await?["data"],
        true
    );
    assert_error(
        &send(&app, Method::DELETE, &path, None, &admin).await?,
        1_002_025_008,
        "邀请不存在或已失效",
    );
    assert_error(
        &answer(&app, &invitee, second, "accept").await?,
        1_002_025_008,
        "邀请不存在或已失效",
    );
    // Accepted: a member from the next request of the same session, an ordinary one.
    let third = invite(&app, &admin, "zhang@example.com").await?["data"]
        .as_i64()
        .ok_or_else(|| anyhow::anyhow!("no invitation"))?;
    assert_eq!(answer(&app, &invitee, third, "accept").await?["data"], true);
    let profile = get_with(&app, "/user/profile", &invitee).await?;
    assert_eq!(profile["data"]["orgId"], org, "{profile}");
    assert_eq!(profile["data"]["orgAdmin"], false, "{profile}");
    assert_eq!(
        get_with(&app, MY_INVITATIONS, &invitee).await?["data"],
        json!([])
    );
    let joined = audit_of(&app, &operator, "org.member.add").await?;
    let by_invitee: Vec<&Value> = joined
        .iter()
        .filter(|entry| entry["operatorId"] == invitee_id)
        .collect();
    assert_eq!(by_invitee.len(), 1, "{joined:?}");
    assert_eq!(by_invitee[0]["after"]["invitationId"], third);
    assert_eq!(
        audit_of(&app, &operator, "org.invitation.create")
            .await?
            .len(),
        3
    );
    assert_eq!(
        audit_of(&app, &operator, "org.invitation.decline")
            .await?
            .len(),
        1
    );
    assert_eq!(
        audit_of(&app, &operator, "org.invitation.withdraw")
            .await?
            .len(),
        1
    );

    // Lapsed after 7 days: gone; a new invitation issues the same one again.
    let (late, _) = signed_in_user(&app, "sun@example.com", "孙工").await?;
    let lapsed = invite(&app, &admin, "sun@example.com").await?["data"]
        .as_i64()
        .ok_or_else(|| anyhow::anyhow!("no invitation"))?;
    execute(
        &settings,
        &format!("UPDATE org_invitation SET created_at = '2020-01-01T00:00:00+00:00' WHERE id = {lapsed}"),
    )
    .await?;
    assert_eq!(
        get_with(&app, MY_INVITATIONS, &late).await?["data"],
        json!([])
    );
    assert_eq!(
        get_with(&app, INVITATIONS, &admin).await?["data"],
        json!([])
    );
    assert_error(
        &answer(&app, &late, lapsed, "accept").await?,
        1_002_025_008,
        "邀请不存在或已失效",
    );
    assert_eq!(
        invite(&app, &admin, "sun@example.com").await?["data"],
        lapsed
    );
    // Issued again: told again.
    assert_eq!(notices_to(&app, "sun@example.com", 2).await?.len(), 2);
    assert_eq!(
        get_with(&app, MY_INVITATIONS, &late).await?["data"][0]["id"],
        lapsed
    );

    // A disabled organisation's invitations are gone for the invitee and cannot be accepted.
    assert_eq!(
        send(
            &app,
            Method::PUT,
            &org_path(org),
            Some(json!({"enabled": false})),
            &operator
        )
        .await?["data"],
        true
    );
    assert_eq!(
        get_with(&app, MY_INVITATIONS, &late).await?["data"],
        json!([])
    );
    assert_error(
        &answer(&app, &late, lapsed, "accept").await?,
        1_002_025_008,
        "邀请不存在或已失效",
    );
    app.stop().await;
    Ok(())
}

/// Parallel bursts: sixteen invitations of one account at once are one invitation; an account
/// accepting two organisations' invitations at once (four requests each) joins exactly one;
/// eight invitations at once when 96 wait already: four land, the others are over the quota.
async fn invitation_bursts(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let operator = signed_in_with_role(&app, &settings, "ops@example.com", "operator").await?;
    let (first_org, first_admin) =
        org_with_admin(&app, &operator, "甲公司", "li@example.com").await?;
    let (second_org, second_admin) =
        org_with_admin(&app, &operator, "乙公司", "wang@example.com").await?;
    let (invitee, _) = signed_in_user(&app, "zhang@example.com", "张工").await?;

    let invitations = (0..16).map(|_| {
        let (app, token) = (&app, &first_admin);
        async move { invite(app, token, "zhang@example.com").await }
    });
    let answers = futures_util::future::join_all(invitations).await;
    let mut ids = Vec::new();
    for answer in answers {
        let answer = answer?;
        assert_eq!(answer["code"], 0, "{answer}");
        ids.push(answer["data"].clone());
    }
    ids.dedup();
    assert_eq!(ids.len(), 1, "{ids:?}");
    assert_eq!(
        audit_of(&app, &operator, "org.invitation.create")
            .await?
            .len(),
        1
    );

    let second = invite(&app, &second_admin, "zhang@example.com").await?["data"].clone();
    let accepts = [ids[0].clone(), second].into_iter().flat_map(|id| {
        let id = id.as_i64().unwrap_or_default();
        (0..4).map(move |_| id)
    });
    let answers = futures_util::future::join_all(accepts.map(|id| {
        let (app, token) = (&app, &invitee);
        async move { answer(app, token, id, "accept").await }
    }))
    .await;
    let mut joined = 0;
    for answer in answers {
        let answer = answer?;
        match answer["code"].as_i64() {
            Some(0) => joined += 1,
            Some(1_002_025_008 | 1_002_025_009) => {}
            _ => panic!("unexpected answer {answer}"),
        }
    }
    assert_eq!(joined, 1);
    let page = get_with(&app, &format!("{ORGS}?pageSize=100"), &operator).await?;
    let members: i64 = list_of(&page)
        .iter()
        .filter(|row| row["id"] == first_org || row["id"] == second_org)
        .filter_map(|row| row["memberCount"].as_i64())
        .sum();
    assert_eq!(members, 3, "{page}");

    // The quota: 96 waiting, then eight at once.
    execute(
        &settings,
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 104) \
         INSERT INTO app_user (username, password_hash, created_at, updated_at) \
         SELECT 'bulk' || i, 'x', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP FROM n",
    )
    .await?;
    // The first organisation's invitation still waits when the account joined the second one.
    let waiting = get_with(&app, INVITATIONS, &first_admin).await?["data"]
        .as_array()
        .map_or(0, Vec::len);
    for index in 1..=96 - waiting {
        let answer = invite(&app, &first_admin, &format!("bulk{index}")).await?;
        assert_eq!(answer["code"], 0, "{answer}");
    }
    let answers = futures_util::future::join_all((97..=104).map(|index| {
        let (app, token) = (&app, &first_admin);
        async move { invite(app, token, &format!("bulk{index}")).await }
    }))
    .await;
    let mut landed = 0;
    for answer in answers {
        let answer = answer?;
        match answer["code"].as_i64() {
            Some(0) => landed += 1,
            Some(1_002_025_007) => {}
            _ => panic!("unexpected answer {answer}"),
        }
    }
    assert_eq!(landed, 4);
    let listed = get_with(&app, INVITATIONS, &first_admin).await?;
    assert_eq!(listed["data"].as_array().map(Vec::len), Some(100));
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    permissions_and_page,
    changes_and_refusals,
    members_follow_their_organisation,
    bursts_stay_consistent,
    organisation_admins_manage_members,
    organisation_admin_bursts_keep_one_admin,
    organisation_admins_decide_who_publishes,
    organisation_invitations,
    invitation_bursts,
);
