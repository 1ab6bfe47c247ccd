//! The operations platform's roles and permissions (docs/operations.md "Roles and
//! permissions") through the HTTP API: who may read and change them, the catalogue covering
//! every permission the migrations grant, creating, changing and deleting roles, setting an
//! account's roles (its live session follows at once), the escalation rule (nobody grants or
//! withdraws what they do not hold), the protected roles, parallel bursts, and the audit entries.

use kernel::testing::{TestApp, TestEnvironment};
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;

const ROLES: &str = "/operation/roles";
const PERMISSIONS: &str = "/operation/permissions";
const AUDIT: &str = "/operation/audit-log/page";

fn role_path(id: i64) -> String {
    format!("/operation/roles/{id}")
}

fn user_roles_path(id: i64) -> String {
    format!("/operation/users/{id}/roles")
}

async fn create_role(app: &TestApp, token: &str, body: Value) -> anyhow::Result<Value> {
    send(app, Method::POST, ROLES, Some(body), token).await
}

async fn set_roles(app: &TestApp, token: &str, user: i64, ids: &[i64]) -> anyhow::Result<Value> {
    send(
        app,
        Method::PUT,
        &user_roles_path(user),
        Some(json!({ "roleIds": ids })),
        token,
    )
    .await
}

/// The roles, by code.
async fn roles(app: &TestApp, token: &str) -> anyhow::Result<Vec<Value>> {
    let answer = get_with(app, ROLES, token).await?;
    answer["data"]
        .as_array()
        .cloned()
        .ok_or_else(|| anyhow::anyhow!("no roles: {answer}"))
}

async fn role_id(app: &TestApp, token: &str, code: &str) -> anyhow::Result<i64> {
    roles(app, token)
        .await?
        .iter()
        .find(|role| role["code"] == code)
        .and_then(|role| role["id"].as_i64())
        .ok_or_else(|| anyhow::anyhow!("no role {code}"))
}

/// The answer code of `GET path` with `token` (0 allowed, 403 refused).
async fn code_of(app: &TestApp, path: &str, token: &str) -> anyhow::Result<i64> {
    let (_, body) = call(app, Method::GET, path, None, Some(token), &[]).await?;
    body["code"]
        .as_i64()
        .ok_or_else(|| anyhow::anyhow!("no code: {body}"))
}

async fn admin(app: &TestApp, settings: &kernel::config::Settings) -> anyhow::Result<String> {
    create_admin(settings, "root@example.com").await?;
    token_of(&login_email(app, "root@example.com", PASSWORD).await?)
}

async fn who_reads_and_the_catalogue(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let root = admin(&app, &settings).await?;
    let operator = signed_in_with_role(&app, &settings, "ops@example.com", "operator").await?;
    let (member, member_id) = signed_in_user(&app, "zhang@example.com", "张工").await?;

    // Anonymous 401, a member 403 on every route; the operator reads but changes nothing.
    let changes = [
        (
            Method::POST,
            ROLES.to_owned(),
            Some(json!({"code": "auditor", "name": "审计"})),
        ),
        (Method::PUT, role_path(2), Some(json!({"name": "x"}))),
        (Method::DELETE, role_path(3), None),
        (
            Method::PUT,
            user_roles_path(member_id),
            Some(json!({"roleIds": [2]})),
        ),
    ];
    let reads = [
        (Method::GET, ROLES.to_owned(), None),
        (Method::GET, PERMISSIONS.to_owned(), None),
    ];
    for (method, path, body) in changes.iter().chain(reads.iter()) {
        let (_, anonymous) = call(&app, method.clone(), path, body.clone(), None, &[]).await?;
        assert_error(&anonymous, 401, "账号未登录");
        let (_, refused) =
            call(&app, method.clone(), path, body.clone(), Some(&member), &[]).await?;
        assert_error(&refused, 403, "没有该操作权限");
    }
    for (method, path, body) in &changes {
        let (_, refused) = call(
            &app,
            method.clone(),
            path,
            body.clone(),
            Some(&operator),
            &[],
        )
        .await?;
        assert_error(&refused, 403, "没有该操作权限");
    }
    assert!(roles(&app, &root).await?.len() == 3);

    // The operator's list: the three built-in roles with their holders.
    let listed = roles(&app, &operator).await?;
    let codes: Vec<&str> = listed.iter().filter_map(|r| r["code"].as_str()).collect();
    assert_eq!(codes, ["super_admin", "member", "operator"]);
    assert!(listed.iter().all(|role| role["builtIn"] == true));
    assert_eq!(listed[0]["permissions"], json!(["*:*:*"]));
    assert_eq!(listed[0]["userCount"], 1);
    // Every registered account is a member (the administrator the command line made is not).
    assert_eq!(listed[1]["userCount"], 2);
    assert_eq!(listed[2]["userCount"], 1);

    // Every permission the migrations grant is in the catalogue, and nothing else is there
    // twice: a role can be edited without losing what it holds.
    let catalogue = get_with(&app, PERMISSIONS, &operator).await?;
    let known: Vec<&str> = catalogue["data"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|entry| entry["code"].as_str())
        .collect();
    for role in &listed[1..] {
        for permission in role["permissions"].as_array().into_iter().flatten() {
            let permission = permission.as_str().unwrap_or_default();
            assert!(
                known.contains(&permission),
                "{permission} not in the catalogue"
            );
        }
    }
    assert!(known.contains(&"system:role:update"));
    let groups: Vec<&str> = catalogue["data"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|entry| entry["group"].as_str())
        .collect();
    assert!(
        groups.contains(&"portal") && groups.contains(&"operation") && groups.contains(&"library")
    );
    app.stop().await;
    Ok(())
}

async fn roles_change_what_holders_may_do(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let root = admin(&app, &settings).await?;
    let (member, member_id) = signed_in_user(&app, "zhang@example.com", "张工").await?;
    let member_role = role_id(&app, &root, "member").await?;

    // Refusals, nothing stored.
    for (body, code) in [
        (json!({"name": "审计"}), 400),
        (json!({"code": "Auditor", "name": "审计"}), 400),
        (json!({"code": "auditor"}), 400),
        (json!({"code": "auditor", "name": " "}), 400),
        (
            json!({"code": "auditor", "name": "审计", "permissions": ["*:*:*"]}),
            400,
        ),
        (
            json!({"code": "auditor", "name": "审计", "permissions": ["system:user:drop"]}),
            400,
        ),
        (json!({"code": "member", "name": "成员"}), 1_002_026_001),
    ] {
        let answer = create_role(&app, &root, body.clone()).await?;
        assert_eq!(answer["code"], code, "{body}: {answer}");
    }
    assert_eq!(roles(&app, &root).await?.len(), 3);

    // A new role, given to the member: their live session reads the audit log at once.
    let created = create_role(
        &app,
        &root,
        json!({"code": "auditor", "name": "审计员",
               "permissions": ["system:audit-log:query", "operation:feedback:query", "system:audit-log:query"]}),
    )
    .await?;
    let auditor = created["data"]
        .as_i64()
        .ok_or_else(|| anyhow::anyhow!("no role id"))?;
    assert_eq!(code_of(&app, AUDIT, &member).await?, 403);
    let answer = set_roles(&app, &root, member_id, &[member_role, auditor]).await?;
    assert_eq!(answer["code"], 0, "{answer}");
    assert_eq!(code_of(&app, AUDIT, &member).await?, 0);
    let listed = roles(&app, &root).await?;
    let role = listed
        .iter()
        .find(|role| role["code"] == "auditor")
        .ok_or_else(|| anyhow::anyhow!("no auditor"))?;
    assert_eq!(
        role["permissions"],
        json!(["operation:feedback:query", "system:audit-log:query"])
    );
    assert_eq!(
        (role["userCount"].as_i64(), role["builtIn"].as_bool()),
        (Some(1), Some(false))
    );
    let users = get_with(&app, "/operation/users/page?keyWords=zhang", &root).await?;
    assert_eq!(list_of(&users)[0]["roles"], json!(["auditor", "member"]));
    // The same roles again: nothing written.
    set_roles(&app, &root, member_id, &[auditor, member_role, auditor]).await?;

    // Narrowing the role takes the permission away from the live session at once.
    let answer = send(
        &app,
        Method::PUT,
        &role_path(auditor),
        Some(json!({"name": "反馈查看", "permissions": ["operation:feedback:query"]})),
        &root,
    )
    .await?;
    assert_eq!(answer["code"], 0, "{answer}");
    assert_eq!(code_of(&app, AUDIT, &member).await?, 403);

    // A role held cannot go; withdrawn, it can; then it is unknown.
    let in_use = send(&app, Method::DELETE, &role_path(auditor), None, &root).await?;
    assert_eq!(in_use["code"], 1_002_026_005, "{in_use}");
    set_roles(&app, &root, member_id, &[member_role]).await?;
    let deleted = send(&app, Method::DELETE, &role_path(auditor), None, &root).await?;
    assert_eq!(deleted["code"], 0, "{deleted}");
    let again = send(&app, Method::DELETE, &role_path(auditor), None, &root).await?;
    assert_eq!(again["code"], 1_002_026_000);

    // Protected: built-in roles stay, super_admin is not edited, nobody edits their own roles,
    // unknown accounts and roles are named.
    let super_admin = role_id(&app, &root, "super_admin").await?;
    let root_id = list_of(&get_with(&app, "/operation/users/page?keyWords=root", &root).await?)[0]
        ["id"]
        .as_i64()
        .ok_or_else(|| anyhow::anyhow!("no root id"))?;
    for (method, path, body, code) in [
        (Method::DELETE, role_path(member_role), None, 1_002_026_003),
        (Method::DELETE, role_path(super_admin), None, 1_002_026_003),
        (
            Method::PUT,
            role_path(super_admin),
            Some(json!({"permissions": []})),
            1_002_026_002,
        ),
        (Method::PUT, role_path(member_role), Some(json!({})), 400),
        (
            Method::PUT,
            role_path(9_999),
            Some(json!({"name": "x"})),
            1_002_026_000,
        ),
        (
            Method::PUT,
            user_roles_path(root_id),
            Some(json!({"roleIds": [member_role]})),
            1_002_026_007,
        ),
        (
            Method::PUT,
            user_roles_path(9_999),
            Some(json!({"roleIds": [member_role]})),
            1_002_003_003,
        ),
        (
            Method::PUT,
            user_roles_path(member_id),
            Some(json!({"roleIds": [member_role, 9_999]})),
            1_002_026_000,
        ),
        (
            Method::PUT,
            user_roles_path(member_id),
            Some(json!({})),
            400,
        ),
    ] {
        let answer = send(&app, method, &path, body, &root).await?;
        assert_eq!(answer["code"], code, "{path}: {answer}");
    }

    // Every change is in the audit log with its before and after.
    let created = audit_of(&app, &root, "role.create").await?;
    assert_eq!(created.len(), 1);
    assert_eq!(created[0]["after"]["code"], "auditor");
    let updated = audit_of(&app, &root, "role.update").await?;
    assert_eq!(updated.len(), 1);
    assert_eq!(updated[0]["before"]["name"], "审计员");
    assert_eq!(
        updated[0]["after"]["permissions"],
        json!(["operation:feedback:query"])
    );
    assert_eq!(audit_of(&app, &root, "role.delete").await?.len(), 1);
    let given = audit_of(&app, &root, "user.roles").await?;
    assert_eq!(given.len(), 2, "{given:?}");
    assert_eq!(given[0]["before"]["roles"], json!(["member"]));
    assert_eq!(given[0]["after"]["roles"], json!(["auditor", "member"]));
    assert_eq!(given[1]["targetId"], member_id.to_string());
    app.stop().await;
    Ok(())
}

async fn nobody_grants_what_they_do_not_hold(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let root = admin(&app, &settings).await?;
    let (manager, manager_id) = signed_in_user(&app, "li@example.com", "李工").await?;
    let (_, member_id) = signed_in_user(&app, "zhang@example.com", "张工").await?;
    let member_role = role_id(&app, &root, "member").await?;
    let operator_role = role_id(&app, &root, "operator").await?;
    let super_admin = role_id(&app, &root, "super_admin").await?;
    let managers = create_role(
        &app,
        &root,
        json!({"code": "role-manager", "name": "角色管理员",
               "permissions": ["system:role:query", "system:role:update", "system:user:query",
                               "portal:profile:query", "portal:profile:update",
                               "portal:feedback:create", "open:key:manage"]}),
    )
    .await?["data"]
        .as_i64()
        .ok_or_else(|| anyhow::anyhow!("no role id"))?;
    let answer = set_roles(&app, &root, manager_id, &[member_role, managers]).await?;
    assert_eq!(answer["code"], 0, "{answer}");

    // Within their own permissions the manager creates and gives roles …
    let readers = create_role(
        &app,
        &manager,
        json!({"code": "user-reader", "name": "用户查看", "permissions": ["system:user:query"]}),
    )
    .await?;
    assert_eq!(readers["code"], 0, "{readers}");
    let readers = readers["data"]
        .as_i64()
        .ok_or_else(|| anyhow::anyhow!("no role id"))?;
    let given = set_roles(&app, &manager, member_id, &[member_role, readers]).await?;
    assert_eq!(given["code"], 0, "{given}");
    // … and no further: a wider role, widening one, giving or withdrawing the operator or
    // super_admin roles, or deleting a role that holds more.
    let refusals = [
        (
            Method::POST,
            ROLES.to_owned(),
            json!({"code": "org-admin", "name": "组织", "permissions": ["system:org:update"]}),
        ),
        (
            Method::PUT,
            role_path(readers),
            json!({"permissions": ["system:user:query", "system:user:update"]}),
        ),
        (
            Method::PUT,
            role_path(operator_role),
            json!({"permissions": []}),
        ),
        (
            Method::PUT,
            user_roles_path(member_id),
            json!({"roleIds": [member_role, readers, operator_role]}),
        ),
        (
            Method::PUT,
            user_roles_path(member_id),
            json!({"roleIds": [member_role, super_admin]}),
        ),
    ];
    for (method, path, body) in refusals {
        let answer = send(&app, method, &path, Some(body.clone()), &manager).await?;
        assert_eq!(answer["code"], 1_002_026_004, "{path} {body}: {answer}");
    }
    let ops = signed_in_with_role(&app, &settings, "ops@example.com", "operator").await?;
    let ops_id = list_of(&get_with(&app, "/operation/users/page?keyWords=ops", &root).await?)[0]
        ["id"]
        .as_i64()
        .ok_or_else(|| anyhow::anyhow!("no ops id"))?;
    let withdraw = set_roles(&app, &manager, ops_id, &[member_role]).await?;
    assert_eq!(withdraw["code"], 1_002_026_004, "{withdraw}");
    assert_eq!(code_of(&app, "/operation/orgs/page", &ops).await?, 0);
    let listed = roles(&app, &root).await?;
    assert!(listed.iter().all(|role| role["code"] != "org-admin"));
    app.stop().await;
    Ok(())
}

async fn bursts_stay_consistent(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let first = signed_in_with_role(&app, &settings, "a@example.com", "super_admin").await?;
    let second = signed_in_with_role(&app, &settings, "b@example.com", "super_admin").await?;
    let member_role = role_id(&app, &first, "member").await?;
    let page = get_with(&app, "/operation/users/page?pageSize=100", &first).await?;
    let id_of = |email: &str| {
        list_of(&page)
            .iter()
            .find(|user| user["email"] == email)
            .and_then(|user| user["id"].as_i64())
            .ok_or_else(|| anyhow::anyhow!("no user {email}"))
    };
    let (a, b) = (id_of("a@example.com")?, id_of("b@example.com")?);

    // Two super admins withdraw each other's role at once: one stays.
    let only_member = [member_role];
    let (one, other) = futures_util::join!(
        set_roles(&app, &first, b, &only_member),
        set_roles(&app, &second, a, &only_member),
    );
    let codes = [one?["code"].as_i64(), other?["code"].as_i64()];
    assert_eq!(
        codes.iter().filter(|code| **code == Some(0)).count(),
        1,
        "{codes:?}"
    );
    let listed = roles(&app, if codes[0] == Some(0) { &first } else { &second }).await?;
    assert_eq!(listed[0]["code"], "super_admin");
    assert_eq!(listed[0]["userCount"], 1, "{listed:?}");

    // Ten deletions of one role at once: one deletes it, one audit entry.
    let root = if codes[0] == Some(0) { first } else { second };
    let spare = create_role(&app, &root, json!({"code": "spare", "name": "备用"})).await?["data"]
        .as_i64()
        .ok_or_else(|| anyhow::anyhow!("no role id"))?;
    let path = role_path(spare);
    let deletions = (0..10).map(|_| send(&app, Method::DELETE, &path, None, &root));
    let mut deleted = 0;
    for answer in futures_util::future::join_all(deletions).await {
        let answer = answer?;
        match answer["code"].as_i64() {
            Some(0) => deleted += 1,
            Some(1_002_026_000) => {}
            _ => panic!("unexpected answer {answer}"),
        }
    }
    assert_eq!(deleted, 1);
    assert_eq!(audit_of(&app, &root, "role.delete").await?.len(), 1);
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    who_reads_and_the_catalogue,
    roles_change_what_holders_may_do,
    nobody_grants_what_they_do_not_hold,
    bursts_stay_consistent,
);
