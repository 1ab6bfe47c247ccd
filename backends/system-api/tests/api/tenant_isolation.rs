//! The tenant-isolation matrix of the system service (issue 19): every route that reads or
//! writes an organisation's data — its members, invitations, API keys and the operators' views
//! of them — called by each kind of caller, with the answer each must get. The rows are checked
//! against the service's OpenAPI document, so a new organisation route without its row fails
//! here. The other organisation's administrator never sees a byte of the first organisation's
//! data (its names all carry the marker 甲).

use std::collections::BTreeSet;

use kernel::testing::TestEnvironment;
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::operation_orgs::{add_member, invite, new_org, operator_member_path, set_admin};

/// What one caller gets from one route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// The envelope code (0 success; 401 no session; 403 no permission; a refusal's code).
    Code(i64),
    /// Success with this many rows (`data.list` or `data` as a list).
    Rows(usize),
}

const FORBIDDEN: i64 = 403;
const UNAUTHORISED: i64 = 401;
const MEMBER_NOT_EXISTS: i64 = 1_002_025_003;
const INVITATION_NOT_EXISTS: i64 = 1_002_025_008;
const KEY_NOT_EXISTS: i64 = 1_002_030_000;

/// The routes that touch an organisation's data, by documented path prefix (under the
/// service's base).
const ORGANISATION_PREFIXES: [&str; 5] = [
    "/org/",
    "/user/org-invitations",
    "/open/api-keys",
    "/operation/orgs",
    "/operation/open-keys",
];

/// The marker every name of organisation A carries.
const MARKER: &str = "甲";

struct Row {
    method: Method,
    /// The documented path, under the service's base.
    template: &'static str,
    /// What is requested: the template filled in.
    path: String,
    body: Option<Value>,
    /// Anonymous, no organisation, the other organisation's administrator, A's member, A's
    /// administrator, an operator (no organisation).
    expected: [Expect; 6],
    /// Shown to everyone (the organisation's public face): not checked for the marker.
    public: bool,
}

fn row(
    method: Method,
    template: &'static str,
    path: String,
    body: Option<Value>,
    expected: [Expect; 6],
) -> Row {
    Row {
        method,
        template,
        path,
        body,
        expected,
        public: false,
    }
}

fn id_of(answer: Value, pointer: &str) -> anyhow::Result<i64> {
    answer
        .pointer(pointer)
        .and_then(Value::as_i64)
        .ok_or_else(|| anyhow::anyhow!("no {pointer} in {answer}"))
}

fn rows_of(answer: &Value) -> Option<usize> {
    answer["data"]["list"]
        .as_array()
        .or_else(|| answer["data"].as_array())
        .map(Vec::len)
}

async fn every_organisation_route_keeps_its_tenant(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    use Expect::{Code, Rows};
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let operator = signed_in_with_role(&app, &settings, "ops@example.com", "operator").await?;
    let org_a = new_org(&app, &operator, "甲矩阵公司", json!([1])).await?;
    let org_b = new_org(&app, &operator, "乙矩阵公司", json!([1])).await?;
    let (admin_a, admin_a_id) = signed_in_user(&app, "li@example.com", "甲管理员").await?;
    let (member_a, _) = signed_in_user(&app, "zhang@example.com", "甲成员").await?;
    let (_, leaver_id) = signed_in_user(&app, "wang@example.com", "甲待移出").await?;
    let (admin_b, admin_b_id) = signed_in_user(&app, "zhao@example.com", "乙管理员").await?;
    let (outsider, _) = signed_in_user(&app, "sun@example.com", "散户").await?;
    signed_in_user(&app, "qian@example.com", "受邀者").await?;
    let (_, newcomer_id) = signed_in_user(&app, "zhou@example.com", "新人").await?;
    for (org, account) in [
        (org_a, "li@example.com"),
        (org_a, "zhang@example.com"),
        (org_a, "wang@example.com"),
        (org_b, "zhao@example.com"),
    ] {
        let added = add_member(&app, &operator, org, account).await?;
        assert_eq!(added["code"], 0, "{added}");
    }
    for (org, user) in [(org_a, admin_a_id), (org_b, admin_b_id)] {
        let named = set_admin(&app, &operator, &operator_member_path(org, user), true).await?;
        assert_eq!(named["data"], true, "{named}");
    }
    let invited = |answer: Value| id_of(answer, "/data");
    // A waits for 受邀者 (withdrawn by a row) and for 散户 (accepted by the last row); B waits
    // for 散户 too (declined by a row).
    let withdrawn = invited(invite(&app, &admin_a, "qian@example.com").await?)?;
    let accepted = invited(invite(&app, &admin_a, "sun@example.com").await?)?;
    let declined = invited(invite(&app, &admin_b, "sun@example.com").await?)?;
    let key_a = id_of(
        send(
            &app,
            Method::POST,
            "/open/api-keys",
            Some(json!({"name": "甲密钥", "scopes": ["component"]})),
            &admin_a,
        )
        .await?,
        "/data/id",
    )?;

    let operator_only = |success: Expect| {
        [
            Code(UNAUTHORISED),
            Code(FORBIDDEN),
            Code(FORBIDDEN),
            Code(FORBIDDEN),
            Code(FORBIDDEN),
            success,
        ]
    };
    let get = Method::GET;
    let post = Method::POST;
    let put = Method::PUT;
    let delete = Method::DELETE;
    #[rustfmt::skip]
    let matrix = vec![
        Row {
            public: true,
            ..row(get.clone(), "/org/get", format!("/org/get?id={org_a}"), None,
                [Code(0), Code(0), Code(0), Code(0), Code(0), Code(0)])
        },
        // Each administrator lists its own organisation only; a member is no administrator.
        row(get.clone(), "/org/members/page", "/org/members/page".into(), None,
            [Code(UNAUTHORISED), Code(FORBIDDEN), Rows(1), Code(FORBIDDEN), Rows(3), Code(FORBIDDEN)]),
        row(put.clone(), "/org/members/{userId}/admin", format!("/org/members/{leaver_id}/admin"),
            Some(json!({"orgAdmin": false})),
            [Code(UNAUTHORISED), Code(FORBIDDEN), Code(MEMBER_NOT_EXISTS), Code(FORBIDDEN), Code(0), Code(FORBIDDEN)]),
        row(put.clone(), "/org/members/{userId}/publish", format!("/org/members/{leaver_id}/publish"),
            Some(json!({"mayPublish": false})),
            [Code(UNAUTHORISED), Code(FORBIDDEN), Code(MEMBER_NOT_EXISTS), Code(FORBIDDEN), Code(0), Code(FORBIDDEN)]),
        row(delete.clone(), "/org/members/{userId}", format!("/org/members/{leaver_id}"), None,
            [Code(UNAUTHORISED), Code(FORBIDDEN), Code(MEMBER_NOT_EXISTS), Code(FORBIDDEN), Code(0), Code(FORBIDDEN)]),
        // Inviting the same account: each organisation its own invitation.
        row(post.clone(), "/org/invitations", "/org/invitations".into(),
            Some(json!({"account": "qian@example.com"})),
            [Code(UNAUTHORISED), Code(FORBIDDEN), Code(0), Code(FORBIDDEN), Code(0), Code(FORBIDDEN)]),
        row(get.clone(), "/org/invitations", "/org/invitations".into(), None,
            [Code(UNAUTHORISED), Code(FORBIDDEN), Rows(2), Code(FORBIDDEN), Rows(2), Code(FORBIDDEN)]),
        row(delete.clone(), "/org/invitations/{id}", format!("/org/invitations/{withdrawn}"), None,
            [Code(UNAUTHORISED), Code(FORBIDDEN), Code(INVITATION_NOT_EXISTS), Code(FORBIDDEN), Code(0), Code(FORBIDDEN)]),
        // Everyone sees the invitations addressed to them, no one else's.
        row(get.clone(), "/user/org-invitations", "/user/org-invitations".into(), None,
            [Code(UNAUTHORISED), Rows(2), Rows(0), Rows(0), Rows(0), Rows(0)]),
        row(post.clone(), "/user/org-invitations/{id}/decline",
            format!("/user/org-invitations/{declined}/decline"), None,
            [Code(UNAUTHORISED), Code(0), Code(INVITATION_NOT_EXISTS), Code(INVITATION_NOT_EXISTS), Code(INVITATION_NOT_EXISTS), Code(INVITATION_NOT_EXISTS)]),
        // API keys: an organisation's are shared by its members; another's do not exist.
        row(get.clone(), "/open/api-keys", "/open/api-keys".into(), None,
            [Code(UNAUTHORISED), Rows(0), Rows(0), Rows(1), Rows(1), Rows(0)]),
        row(post.clone(), "/open/api-keys", "/open/api-keys".into(),
            Some(json!({"name": "矩阵密钥", "scopes": ["mat"]})),
            [Code(UNAUTHORISED), Code(0), Code(0), Code(0), Code(0), Code(0)]),
        row(put.clone(), "/operation/open-keys/{id}/limits", format!("/operation/open-keys/{key_a}/limits"),
            Some(json!({"requestsPerMinute": 120, "requestsPerDay": 5000})),
            operator_only(Code(0))),
        row(get.clone(), "/operation/open-keys/page", "/operation/open-keys/page".into(), None,
            operator_only(Rows(6))),
        row(delete.clone(), "/open/api-keys/{id}", format!("/open/api-keys/{key_a}"), None,
            [Code(UNAUTHORISED), Code(KEY_NOT_EXISTS), Code(KEY_NOT_EXISTS), Code(0), Code(KEY_NOT_EXISTS), Code(KEY_NOT_EXISTS)]),
        row(post.clone(), "/operation/open-keys/{id}/revoke", format!("/operation/open-keys/{key_a}/revoke"), None,
            operator_only(Code(KEY_NOT_EXISTS))),
        // The operators' organisation pages.
        row(get.clone(), "/operation/orgs/page", "/operation/orgs/page".into(), None,
            operator_only(Rows(2))),
        row(post.clone(), "/operation/orgs", "/operation/orgs".into(),
            Some(json!({"name": "丙矩阵公司", "businessScope": []})),
            operator_only(Code(0))),
        row(put.clone(), "/operation/orgs/{id}", format!("/operation/orgs/{org_a}"),
            Some(json!({"businessScope": [1]})),
            operator_only(Code(0))),
        row(post.clone(), "/operation/orgs/{id}/members", format!("/operation/orgs/{org_a}/members"),
            Some(json!({"account": "zhou@example.com"})),
            operator_only(Code(0))),
        row(put.clone(), "/operation/orgs/{id}/members/{userId}/admin",
            format!("/operation/orgs/{org_a}/members/{newcomer_id}/admin"),
            Some(json!({"orgAdmin": true})),
            operator_only(Code(0))),
        row(delete.clone(), "/operation/orgs/{id}/members/{userId}",
            format!("/operation/orgs/{org_a}/members/{newcomer_id}"), None,
            operator_only(Code(0))),
        // Last: 散户 joins A, and every other caller finds the invitation gone.
        row(post.clone(), "/user/org-invitations/{id}/accept",
            format!("/user/org-invitations/{accepted}/accept"), None,
            [Code(UNAUTHORISED), Code(0), Code(INVITATION_NOT_EXISTS), Code(INVITATION_NOT_EXISTS), Code(INVITATION_NOT_EXISTS), Code(INVITATION_NOT_EXISTS)]),
    ];

    // Every organisation route the service documents has its row, and no row is stale.
    let document = serde_json::to_value(kernel::Service::openapi(system_api::service().as_ref()))?;
    let documented: BTreeSet<(String, String)> = document["paths"]
        .as_object()
        .into_iter()
        .flatten()
        .filter_map(|(path, operations)| Some((path.strip_prefix(BASE)?, operations)))
        .filter(|(path, _)| {
            ORGANISATION_PREFIXES
                .iter()
                .any(|prefix| path.starts_with(prefix))
        })
        .flat_map(|(path, operations)| {
            operations
                .as_object()
                .into_iter()
                .flatten()
                .map(move |(method, _)| (method.to_uppercase(), path.to_owned()))
        })
        .collect();
    let covered: BTreeSet<(String, String)> = matrix
        .iter()
        .map(|row| (row.method.to_string(), row.template.to_owned()))
        .collect();
    assert_eq!(
        documented, covered,
        "the matrix must list every organisation route"
    );

    let callers = [
        None,
        Some(outsider.as_str()),
        Some(admin_b.as_str()),
        Some(member_a.as_str()),
        Some(admin_a.as_str()),
        Some(operator.as_str()),
    ];
    for row in &matrix {
        for (column, (caller, expect)) in callers.iter().zip(row.expected).enumerate() {
            let (http, answer) = call(
                &app,
                row.method.clone(),
                &row.path,
                row.body.clone(),
                *caller,
                &[],
            )
            .await?;
            assert!(http == 200 || http == 400, "{http}: {answer}");
            let got = match (expect, answer["code"].as_i64()) {
                (Rows(_), Some(0)) => Rows(rows_of(&answer).unwrap_or(usize::MAX)),
                (_, code) => Code(code.unwrap_or(-1)),
            };
            assert_eq!(
                got, expect,
                "{} {} as caller {column}: {answer}",
                row.method, row.path
            );
            if column == 2 && !row.public {
                assert!(
                    !answer.to_string().contains(MARKER),
                    "{} {} shows A's data to B's administrator: {answer}",
                    row.method,
                    row.path
                );
            }
        }
    }

    // What the rows did: B's invitation answered, A's withdrawn and accepted, 待移出 gone, 散户 in.
    let members = get_with(&app, "/org/members/page", &admin_a).await?;
    let mut names: Vec<String> = list_of(&members)
        .iter()
        .filter_map(|member| member["nickname"].as_str().map(str::to_owned))
        .collect();
    names.sort();
    assert_eq!(names, ["散户", "甲成员", "甲管理员"], "{members}");
    assert_eq!(
        get_with(&app, "/org/invitations", &admin_b).await?["data"]
            .as_array()
            .map(Vec::len),
        Some(1),
        "B's invitation of 受邀者 waits; its invitation of 散户 was declined"
    );
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(every_organisation_route_keeps_its_tenant);
