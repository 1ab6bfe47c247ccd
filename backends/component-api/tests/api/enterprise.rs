//! Enterprise (private) libraries through the real HTTP API (docs/enterprise-library.md): an
//! organisation's members submit items into the component library, operators review them, and
//! nobody outside the organisation sees them — checked by a matrix built from the service's own
//! route table, so a new enterprise route cannot be left out.

use std::collections::BTreeSet;

use calamine::Reader as _;
use futures_util::future::join_all;
use kernel::testing::{TestApp, TestEnvironment};
use serde_json::{json, Value};

use crate::helpers::{call, create_user, data, fixture_seed, ok, set_role, sign_in, BASE};

const MEMBER_BASE: &str = "/to/api/enterprise/component";
const QUEUE: &str = "/to/api/operation/component/enterprise-items";
const ORGS: &str = "/to/api/base/system/operation/orgs";
const ROLES: &str = "/to/api/base/system/operation/roles";
const USERS: &str = "/to/api/base/system/operation/users";
const AUDIT_LOG: &str = "/to/api/operation/component/audit-log/page";

const NOT_ORG_MEMBER: i64 = 1_042_001_000;
const ITEM_NOT_FOUND: i64 = 1_042_001_001;
const ALREADY_REVIEWED: i64 = 1_042_001_002;
const CATEGORY_NOT_FOUND: i64 = 1_042_001_003;
const FILE_CLAIM_INVALID: i64 = 1_042_001_004;
const FILE_NOT_ACCEPTED: i64 = 1_042_001_005;
const FILE_NOT_FOUND: i64 = 1_042_001_006;
const ITEM_UNDER_REVIEW: i64 = 1_042_001_007;
const ITEM_NOT_APPROVED: i64 = 1_042_001_008;
const ORG_NOT_EXISTS: i64 = 1_002_025_000;
const BATCH_UNREADABLE: i64 = 1_042_002_000;
const BATCH_TOO_LARGE: i64 = 1_042_002_001;
const IMAGE_UNREADABLE: i64 = 1_040_002_000;
const ITEM_WITHOUT_MODEL: i64 = 1_040_003_000;
const QUERY_EXPIRED: i64 = 1_040_004_000;

/// The sessions of everyone the matrix asks (`None`: anonymous).
struct Actors {
    admin: String,
    operator: String,
    /// A member of no organisation.
    outsider: String,
    /// Member of organisation A with `enterprise:item:publish`.
    member: String,
    /// Member of organisation A whose role lacks `enterprise:item:publish`.
    reader: String,
    /// Member of organisation B.
    other: String,
    org_a: i64,
    org_b: i64,
}

/// The envelope of a multipart POST of `bytes` as the field `file` (named `file_name`) after the
/// text `fields`.
async fn send_multipart(
    app: &TestApp,
    path: &str,
    session: Option<&str>,
    fields: &[(&str, &str)],
    file_name: &str,
    bytes: &[u8],
) -> anyhow::Result<Value> {
    send_multipart_as(
        app,
        reqwest::Method::POST,
        path,
        session,
        fields,
        file_name,
        bytes,
    )
    .await
}

/// [`send_multipart`] with another method.
async fn send_multipart_as(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    session: Option<&str>,
    fields: &[(&str, &str)],
    file_name: &str,
    bytes: &[u8],
) -> anyhow::Result<Value> {
    let boundary = "enterprisebatchboundary";
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
            )
            .as_bytes(),
        );
    }
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\n\
             Content-Type: application/octet-stream\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let mut request = app
        .client
        .request(method, app.url(path))
        .header(
            reqwest::header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(body);
    if let Some(session) = session {
        request = request.bearer_auth(session);
    }
    Ok(request.send().await?.json().await?)
}

/// The envelope of a batch file's POST.
async fn send_file(
    app: &TestApp,
    path: &str,
    session: Option<&str>,
    bytes: &[u8],
) -> anyhow::Result<Value> {
    send_multipart(app, path, session, &[], "items.csv", bytes).await
}

/// A GET that may answer a file: its text as `data` of a success envelope, else the envelope.
async fn get_file(app: &TestApp, path: &str, session: Option<&str>) -> anyhow::Result<Value> {
    let mut request = app.client.get(app.url(path));
    if let Some(session) = session {
        request = request.bearer_auth(session);
    }
    let response = request.send().await?;
    let is_csv = response
        .headers()
        .get(reqwest::header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("text/csv"));
    if is_csv {
        return Ok(json!({"code": 0, "data": response.text().await?}));
    }
    Ok(response.json().await?)
}

fn code_of(envelope: &Value) -> i64 {
    envelope["code"].as_i64().unwrap_or(-1)
}

/// The system and component services; two organisations with members, an operator, an
/// administrator, a member of no organisation, and a member whose role cannot publish.
async fn spawn_with_orgs(environment: &TestEnvironment) -> anyhow::Result<(TestApp, Actors)> {
    let mut settings = environment.settings.clone();
    settings.accounts.password_hash.memory_kib = 1024;
    settings.accounts.password_hash.iterations = 1;
    create_user(&settings, "admin", "admin@example.com").await?;
    let mut reader = 0;
    for (name, role) in [
        ("operator", "operator"),
        ("outsider", "member"),
        ("member", "member"),
        ("reader", "member"),
        ("other", "member"),
    ] {
        let id = create_user(&settings, name, &format!("{name}@example.com")).await?;
        set_role(&settings, id, role).await?;
        if name == "reader" {
            reader = id;
        }
    }
    let component = std::sync::Arc::new(component_api::ComponentService::new(Some(fixture_seed())));
    let app = TestApp::spawn(settings, vec![system_api::service(), component], None).await?;
    let admin = sign_in(&app, "admin@example.com").await?;
    let post = reqwest::Method::POST;
    let mut orgs = Vec::new();
    for (name, members) in [
        ("甲公司", ["member", "reader"].as_slice()),
        ("乙公司", ["other"].as_slice()),
    ] {
        let org = ok(
            &app,
            post.clone(),
            ORGS,
            &admin,
            Some(&json!({"name": name, "businessScope": [1]})),
        )
        .await?
        .as_i64()
        .ok_or_else(|| anyhow::anyhow!("no organisation id"))?;
        for member in members {
            ok(
                &app,
                post.clone(),
                &format!("{ORGS}/{org}/members"),
                &admin,
                Some(&json!({"account": format!("{member}@example.com")})),
            )
            .await?;
        }
        orgs.push(org);
    }
    // The reader's role holds everything a member has but publishing.
    let reader_role = ok(
        &app,
        post,
        ROLES,
        &admin,
        Some(
            &json!({"code": "reader", "name": "只读成员", "permissions": ["portal:profile:query"]}),
        ),
    )
    .await?;
    ok(
        &app,
        reqwest::Method::PUT,
        &format!("{USERS}/{reader}/roles"),
        &admin,
        Some(&json!({"roleIds": [reader_role]})),
    )
    .await?;
    let actors = Actors {
        operator: sign_in(&app, "operator@example.com").await?,
        outsider: sign_in(&app, "outsider@example.com").await?,
        member: sign_in(&app, "member@example.com").await?,
        reader: sign_in(&app, "reader@example.com").await?,
        other: sign_in(&app, "other@example.com").await?,
        admin,
        org_a: orgs[0],
        org_b: orgs[1],
    };
    Ok((app, actors))
}

/// A category id of the component tree.
async fn some_category(app: &TestApp) -> anyhow::Result<i64> {
    let tree = data(app, &format!("{BASE}/category/tree")).await?;
    tree.as_array()
        .and_then(|roots| roots.first())
        .and_then(|root| root["id"].as_i64())
        .ok_or_else(|| anyhow::anyhow!("no category in {tree}"))
}

/// The id of an item the member of organisation A submitted.
async fn submitted(
    app: &TestApp,
    actors: &Actors,
    code: &str,
    category: i64,
) -> anyhow::Result<i64> {
    let item = ok(
        app,
        reqwest::Method::POST,
        &format!("{MEMBER_BASE}/items"),
        &actors.member,
        Some(&draft(code, category)),
    )
    .await?;
    item["id"]
        .as_i64()
        .ok_or_else(|| anyhow::anyhow!("no id in {item}"))
}

fn draft(code: &str, category: i64) -> Value {
    json!({
        "code": code,
        "name": "安装支架",
        "categoryId": category,
        "manufacturer": "甲公司",
        "description": "内部标准件",
        "parameters": [{"name": "材质", "value": "6061-T6"}, {"name": "厚度", "value": "3 mm"}]
    })
}

/// A batch file (the template's header) with one valid row per code.
fn batch_file(category: i64, codes: &[&str]) -> Vec<u8> {
    let mut text = String::from("\u{feff}编码,名称,分类,厂商,描述,参数\r\n");
    for code in codes {
        text.push_str(&format!(
            "{code},批量支架,{category},甲公司,,材质=Q235;厚度=3 mm\r\n"
        ));
    }
    text.into_bytes()
}

async fn a_batch_is_imported_whole_or_not_at_all(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, actors) = spawn_with_orgs(&environment).await?;
    let category = some_category(&app).await?;
    let items = format!("{MEMBER_BASE}/items");
    let batch = format!("{items}/batch");

    let template = get_file(&app, &format!("{items}/template"), Some(&actors.member)).await?;
    assert_eq!(
        template["data"],
        "\u{feff}编码,名称,分类,厂商,描述,参数,文件\r\n"
    );

    // Categories by id are not codes: the whole file is refused, every bad row named.
    let mut bad = String::from_utf8(batch_file(category, &["B-1"]))?;
    bad.push_str("B-2,,no-such-category,,,\r\n,缺编码,no-such-category,,,\r\n");
    let report = send_file(&app, &batch, Some(&actors.member), bad.as_bytes()).await?;
    assert_eq!(report["code"], 0, "{report}");
    assert_eq!(report["data"]["imported"], 0, "{report}");
    assert_eq!(report["data"]["rows"], 3, "{report}");
    let rows: Vec<i64> = report["data"]["errors"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|error| error["row"].as_i64())
        .collect();
    assert_eq!(rows, [2, 3, 4], "{report}");
    let none = ok(&app, reqwest::Method::GET, &items, &actors.member, None).await?;
    assert_eq!(none["total"], 0, "nothing half-imported: {none}");

    // With the category's code every row goes in, pending.
    let tree = data(&app, &format!("{BASE}/category/tree")).await?;
    let code = tree[0]["code"]
        .as_str()
        .ok_or_else(|| anyhow::anyhow!("no code in {tree}"))?;
    let good = String::from_utf8(batch_file(0, &["B-1", "B-2", "B-3"]))?
        .replace(",0,", &format!(",{code},"));
    let report = send_file(&app, &batch, Some(&actors.member), good.as_bytes()).await?;
    assert_eq!(
        report["data"],
        json!({"rows": 3, "imported": 3, "errors": []}),
        "{report}"
    );
    let stored = ok(
        &app,
        reqwest::Method::GET,
        &format!("{items}?state=pending&pageSize=10"),
        &actors.member,
        None,
    )
    .await?;
    assert_eq!(stored["total"], 3, "{stored}");
    assert_eq!(
        stored["list"][0]["parameters"][0],
        json!({"name": "材质", "value": "Q235"})
    );

    // The XLSX template lists the library's tree; a workbook filled in from it (a code typed as
    // a number, a name for the category) goes in like the CSV file.
    let response = app
        .client
        .get(app.url(&format!("{items}/template?format=xlsx")))
        .bearer_auth(&actors.member)
        .send()
        .await?;
    let header = |name: reqwest::header::HeaderName| {
        response
            .headers()
            .get(name)
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(
        header(reqwest::header::CONTENT_TYPE),
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    );
    assert!(
        header(reqwest::header::CONTENT_DISPOSITION).contains("enterprise-component-template.xlsx")
    );
    let template = response.bytes().await?.to_vec();
    let mut book: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(template))?;
    let listed: Vec<String> = book
        .worksheet_range("分类")?
        .rows()
        .skip(1)
        .map(|row| row[0].to_string())
        .collect();
    assert!(listed.iter().any(|listed| listed == code), "{listed:?}");
    let name = tree[0]["name"].as_str().unwrap_or_default();
    let mut filled = rust_xlsxwriter::Workbook::new();
    let sheet = filled.add_worksheet().set_name("条目")?;
    sheet.write_row(0, 0, ["编码", "名称", "分类", "厂商", "描述", "参数"])?;
    sheet.write_number(1, 0, 4711)?;
    sheet.write_row(1, 1, ["表格条目", code])?;
    sheet.write_row(2, 0, ["X-2", "表格条目二", name, "乙公司", "", "电压=5 V"])?;
    let workbook = filled.save_to_buffer()?;
    let report = send_multipart(
        &app,
        &batch,
        Some(&actors.member),
        &[],
        "items.xlsx",
        &workbook,
    )
    .await?;
    assert_eq!(
        report["data"],
        json!({"rows": 2, "imported": 2, "errors": []}),
        "{report}"
    );
    let unknown = get_file(
        &app,
        &format!("{items}/template?format=pdf"),
        Some(&actors.member),
    )
    .await?;
    assert_eq!(code_of(&unknown), 400, "{unknown}");

    // Not the template, or too large: refused before any row.
    let wrong = send_file(&app, &batch, Some(&actors.member), b"code,name\r\nA,B\r\n").await?;
    assert_eq!(code_of(&wrong), BATCH_UNREADABLE, "{wrong}");
    let huge = vec![b'a'; 2 * 1024 * 1024 + 1];
    let large = send_file(&app, &batch, Some(&actors.member), &huge).await?;
    assert_eq!(code_of(&large), BATCH_TOO_LARGE, "{large}");
    let reader = send_file(&app, &batch, Some(&actors.reader), good.as_bytes()).await?;
    assert_eq!(code_of(&reader), 403, "{reader}");
    let after = ok(&app, reqwest::Method::GET, &items, &actors.member, None).await?;
    assert_eq!(after["total"], 5, "{after}");
    app.stop().await;
    Ok(())
}

async fn members_publish_operators_review_and_only_the_organisation_sees_it(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, actors) = spawn_with_orgs(&environment).await?;
    let category = some_category(&app).await?;
    let items = format!("{MEMBER_BASE}/items");
    let post = reqwest::Method::POST;
    let get = reqwest::Method::GET;

    let item = ok(
        &app,
        post.clone(),
        &items,
        &actors.member,
        Some(&draft("ENT-BRK-100", category)),
    )
    .await?;
    assert_eq!(item["state"], "pending");
    assert_eq!(item["orgId"], actors.org_a);
    assert_eq!(item["library"], "component");
    assert_eq!(
        item["parameters"][1],
        json!({"name": "厚度", "value": "3 mm"})
    );
    assert!(item["categoryName"]
        .as_str()
        .is_some_and(|name| !name.is_empty()));
    let id = item["id"]
        .as_i64()
        .ok_or_else(|| anyhow::anyhow!("no id"))?;

    // Bad input is refused with the field named, and nothing is stored.
    let mut blank = draft(" ", category);
    let refused = call(
        &app,
        post.clone(),
        &items,
        Some(&actors.member),
        Some(&blank),
    )
    .await?;
    assert_eq!(code_of(&refused), 400, "{refused}");
    assert!(refused["msg"]
        .as_str()
        .is_some_and(|msg| msg.contains("code")));
    blank["code"] = json!("ENT-X");
    blank["categoryId"] = json!(987_654);
    let unknown = call(
        &app,
        post.clone(),
        &items,
        Some(&actors.member),
        Some(&blank),
    )
    .await?;
    assert_eq!(code_of(&unknown), CATEGORY_NOT_FOUND, "{unknown}");
    blank["categoryId"] = json!(category);
    blank["parameters"] = json!([{"name": "材质", "value": "a"}, {"name": "材质", "value": "b"}]);
    let twice = call(
        &app,
        post.clone(),
        &items,
        Some(&actors.member),
        Some(&blank),
    )
    .await?;
    assert_eq!(code_of(&twice), 400, "{twice}");
    let mine = ok(&app, get.clone(), &items, &actors.member, None).await?;
    assert_eq!(mine["total"], 1, "{mine}");

    // The public library knows nothing of it.
    let public = data(&app, &format!("{BASE}/search?keyWords=ENT-BRK-100")).await?;
    assert_eq!(public["total"], 0, "{public}");
    let suggest = data(&app, &format!("{BASE}/es/keyword/suggest?keyword=ENT-BRK")).await?;
    assert!(!suggest.to_string().contains("ENT-BRK-100"), "{suggest}");

    // The organisation's reader sees it; the other organisation sees nothing of it.
    let read = ok(
        &app,
        get.clone(),
        &format!("{items}/{id}"),
        &actors.reader,
        None,
    )
    .await?;
    assert_eq!(read["code"], "ENT-BRK-100");
    let others = ok(&app, get.clone(), &items, &actors.other, None).await?;
    assert_eq!(others["total"], 0, "{others}");
    let keyword = ok(
        &app,
        get.clone(),
        &format!("{items}?keyword=brk-1&state=pending"),
        &actors.member,
        None,
    )
    .await?;
    assert_eq!(keyword["total"], 1, "{keyword}");
    let wrong_state = call(
        &app,
        get.clone(),
        &format!("{items}?state=done"),
        Some(&actors.member),
        None,
    )
    .await?;
    assert_eq!(code_of(&wrong_state), 400);

    // The operators' queue; a rejection needs its reason; approval is final.
    let queue = ok(
        &app,
        get.clone(),
        &format!("{QUEUE}?state=pending"),
        &actors.operator,
        None,
    )
    .await?;
    assert_eq!(queue["total"], 1, "{queue}");
    let put = reqwest::Method::PUT;
    let review = format!("{QUEUE}/{id}");
    let bare = call(
        &app,
        put.clone(),
        &review,
        Some(&actors.operator),
        Some(&json!({"approved": false})),
    )
    .await?;
    assert_eq!(code_of(&bare), 400, "{bare}");
    let approved = ok(
        &app,
        put.clone(),
        &review,
        &actors.operator,
        Some(&json!({"approved": true, "remark": "资料齐全"})),
    )
    .await?;
    assert_eq!(approved["state"], "approved");
    assert_eq!(approved["remark"], "资料齐全");
    assert!(approved["reviewTime"].as_i64().is_some());
    let again = call(
        &app,
        put,
        &review,
        Some(&actors.operator),
        Some(&json!({"approved": false, "remark": "晚了"})),
    )
    .await?;
    assert_eq!(code_of(&again), ALREADY_REVIEWED, "{again}");
    let approved_list = ok(
        &app,
        get.clone(),
        &format!("{items}?state=approved"),
        &actors.member,
        None,
    )
    .await?;
    assert_eq!(approved_list["list"][0]["id"], id, "{approved_list}");
    let public = data(&app, &format!("{BASE}/search?keyWords=ENT-BRK-100")).await?;
    assert_eq!(
        public["total"], 0,
        "an approved enterprise item stays private: {public}"
    );
    let pending = ok(
        &app,
        get,
        &format!("{QUEUE}?state=pending&orgId={}", actors.org_a),
        &actors.admin,
        None,
    )
    .await?;
    assert_eq!(pending["total"], 0, "{pending}");
    app.stop().await;
    Ok(())
}

/// An organisation's administrator takes a member's right to publish (the system service's
/// route): the member's live session is refused by the library from its next request, and
/// publishes again once it is given back.
async fn an_organisation_takes_publishing_from_a_member(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, actors) = spawn_with_orgs(&environment).await?;
    let category = some_category(&app).await?;
    let (get, put, post) = (
        reqwest::Method::GET,
        reqwest::Method::PUT,
        reqwest::Method::POST,
    );
    let member_id = ok(
        &app,
        get,
        "/to/api/base/system/user/profile",
        &actors.member,
        None,
    )
    .await?["id"]
        .as_i64()
        .ok_or_else(|| anyhow::anyhow!("no id"))?;
    ok(
        &app,
        put.clone(),
        &format!("{ORGS}/{}/members/{member_id}/admin", actors.org_a),
        &actors.admin,
        Some(&json!({"orgAdmin": true})),
    )
    .await?;
    let items = format!("{MEMBER_BASE}/items");
    let publishing = format!("/to/api/base/system/org/members/{member_id}/publish");
    ok(
        &app,
        put.clone(),
        &publishing,
        &actors.member,
        Some(&json!({"mayPublish": false})),
    )
    .await?;
    let refused = call(
        &app,
        post.clone(),
        &items,
        Some(&actors.member),
        Some(&draft("ENT-NOPUB", category)),
    )
    .await?;
    assert_eq!(code_of(&refused), 403, "{refused}");
    // Reading the organisation's library still works.
    ok(&app, reqwest::Method::GET, &items, &actors.member, None).await?;
    ok(
        &app,
        put,
        &publishing,
        &actors.member,
        Some(&json!({"mayPublish": true})),
    )
    .await?;
    let stored = ok(
        &app,
        post,
        &items,
        &actors.member,
        Some(&draft("ENT-NOPUB", category)),
    )
    .await?;
    assert_eq!(stored["state"], "pending", "{stored}");
    app.stop().await;
    Ok(())
}

/// What each actor gets from one route: the envelope code, or for lists the visible total.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    Code(i64),
    /// Success, seeing this many of organisation A's items.
    Sees(i64),
}

async fn the_isolation_matrix_covers_every_enterprise_route(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    use kernel::Service;
    use Expect::{Code, Sees};
    let (app, actors) = spawn_with_orgs(&environment).await?;
    let category = some_category(&app).await?;
    let id = submitted(&app, &actors, "ENT-MATRIX", category).await?;

    // Columns: anonymous, outsider, other organisation, reader (no publish), member, operator.
    #[rustfmt::skip]
    let matrix: Vec<(&str, String, [Expect; 6])> = vec![
        ("get", format!("{MEMBER_BASE}/items"),
            [Code(401), Code(NOT_ORG_MEMBER), Sees(0), Sees(1), Sees(1), Code(NOT_ORG_MEMBER)]),
        ("get", format!("{MEMBER_BASE}/items/{{id}}"),
            [Code(401), Code(NOT_ORG_MEMBER), Code(ITEM_NOT_FOUND), Code(0), Code(0), Code(NOT_ORG_MEMBER)]),
        // Writing goes to the caller's own organisation only (the other's lands in B).
        ("post", format!("{MEMBER_BASE}/items"),
            [Code(401), Code(NOT_ORG_MEMBER), Code(0), Code(403), Code(0), Code(NOT_ORG_MEMBER)]),
        ("get", format!("{MEMBER_BASE}/items/template"),
            [Code(401), Code(NOT_ORG_MEMBER), Code(0), Code(0), Code(0), Code(NOT_ORG_MEMBER)]),
        ("post", format!("{MEMBER_BASE}/items/batch"),
            [Code(401), Code(NOT_ORG_MEMBER), Code(0), Code(403), Code(0), Code(NOT_ORG_MEMBER)]),
        // Pending still: the member gets past every guard to learn the item has no file 0.
        ("put", format!("{MEMBER_BASE}/items/{{id}}/files/{{index}}/preview"),
            [Code(401), Code(NOT_ORG_MEMBER), Code(ITEM_NOT_FOUND), Code(403), Code(FILE_NOT_FOUND), Code(NOT_ORG_MEMBER)]),
        // Shape search ranks the caller's own organisation's approved items only (the matrix's
        // item has no model, so no one finds it); a token is no organisation's: it holds the query.
        ("post", format!("{MEMBER_BASE}/search3d"),
            [Code(401), Code(NOT_ORG_MEMBER), Code(0), Code(0), Code(0), Code(NOT_ORG_MEMBER)]),
        ("post", format!("{MEMBER_BASE}/search2d"),
            [Code(401), Code(NOT_ORG_MEMBER), Code(IMAGE_UNREADABLE), Code(IMAGE_UNREADABLE), Code(IMAGE_UNREADABLE), Code(NOT_ORG_MEMBER)]),
        ("get", format!("{MEMBER_BASE}/shape-query/{{queryToken}}"),
            [Code(401), Code(NOT_ORG_MEMBER), Code(QUERY_EXPIRED), Code(QUERY_EXPIRED), Code(QUERY_EXPIRED), Code(NOT_ORG_MEMBER)]),
        ("get", format!("{MEMBER_BASE}/items/{{id}}/similar"),
            [Code(401), Code(NOT_ORG_MEMBER), Code(ITEM_NOT_FOUND), Code(ITEM_WITHOUT_MODEL), Code(ITEM_WITHOUT_MODEL), Code(NOT_ORG_MEMBER)]),
        ("get", QUEUE.to_owned(),
            [Code(401), Code(403), Code(403), Code(403), Code(403), Code(0)]),
        ("put", format!("{QUEUE}/{{id}}"),
            [Code(401), Code(403), Code(403), Code(403), Code(403), Code(0)]),
        // Approved now: the member shows it on the organisation's public page, which everyone reads.
        ("put", format!("{MEMBER_BASE}/items/{{id}}/showcase"),
            [Code(401), Code(NOT_ORG_MEMBER), Code(ITEM_NOT_FOUND), Code(403), Code(0), Code(NOT_ORG_MEMBER)]),
        ("get", format!("{MEMBER_BASE}/showcase/{{orgId}}/items"),
            [Sees(1), Sees(1), Sees(1), Sees(1), Sees(1), Sees(1)]),
        ("get", format!("{MEMBER_BASE}/showcase/{{orgId}}/items/{{id}}/files/{{index}}"),
            [Code(FILE_NOT_FOUND), Code(FILE_NOT_FOUND), Code(FILE_NOT_FOUND), Code(FILE_NOT_FOUND), Code(FILE_NOT_FOUND), Code(FILE_NOT_FOUND)]),
        // After the approval above: the member resubmits; the other organisation finds no item.
        ("put", format!("{MEMBER_BASE}/items/{{id}}"),
            [Code(401), Code(NOT_ORG_MEMBER), Code(ITEM_NOT_FOUND), Code(403), Code(0), Code(NOT_ORG_MEMBER)]),
        // The item has no files: whoever gets past the guard learns only that.
        ("get", format!("{MEMBER_BASE}/items/{{id}}/files/{{index}}"),
            [Code(401), Code(NOT_ORG_MEMBER), Code(ITEM_NOT_FOUND), Code(FILE_NOT_FOUND), Code(FILE_NOT_FOUND), Code(NOT_ORG_MEMBER)]),
        ("get", format!("{QUEUE}/{{id}}/files/{{index}}"),
            [Code(401), Code(403), Code(403), Code(403), Code(403), Code(FILE_NOT_FOUND)]),
    ];

    // Every enterprise route the service documents has its row, and no row is stale.
    let document = serde_json::to_value(component_api::ComponentService::new(None).openapi())?;
    let documented: BTreeSet<(String, String)> = document["paths"]
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(path, _)| path.starts_with(MEMBER_BASE) || path.starts_with(QUEUE))
        .flat_map(|(path, operations)| {
            operations
                .as_object()
                .into_iter()
                .flatten()
                .map(move |(method, _)| (method.clone(), path.clone()))
        })
        .collect();
    let covered: BTreeSet<(String, String)> = matrix
        .iter()
        .map(|(method, path, _)| ((*method).to_owned(), path.clone()))
        .collect();
    assert_eq!(
        documented, covered,
        "the matrix must list every enterprise route"
    );

    let sessions = [
        None,
        Some(actors.outsider.as_str()),
        Some(actors.other.as_str()),
        Some(actors.reader.as_str()),
        Some(actors.member.as_str()),
        Some(actors.operator.as_str()),
    ];
    for (method, template, expected) in &matrix {
        let path = template
            .replace("{id}", &id.to_string())
            .replace("{orgId}", &actors.org_a.to_string())
            .replace("{index}", "0")
            .replace("{queryToken}", &"0".repeat(32));
        let method: reqwest::Method = method.to_uppercase().parse()?;
        let body = match (method.as_str(), path.starts_with(QUEUE)) {
            ("POST", _) => Some(draft("ENT-MATRIX-2", category)),
            ("PUT", true) => Some(json!({"approved": true})),
            ("PUT", false) if path.ends_with("/showcase") => Some(json!({"showcased": true})),
            ("PUT", false) => Some(draft("ENT-MATRIX", category)),
            _ => None,
        };
        for (session, expect) in sessions.iter().zip(expected) {
            let envelope = if path.ends_with("/batch") {
                send_file(
                    &app,
                    &path,
                    *session,
                    &batch_file(category, &["ENT-MATRIX-3"]),
                )
                .await?
            } else if path.ends_with("/preview")
                || path.ends_with("/search3d")
                || path.ends_with("/search2d")
            {
                send_multipart_as(&app, method.clone(), &path, *session, &[], "tetra.stl", STL)
                    .await?
            } else if path.ends_with("/template") {
                get_file(&app, &path, *session).await?
            } else {
                call(&app, method.clone(), &path, *session, body.as_ref()).await?
            };
            let got = match expect {
                Sees(_) if code_of(&envelope) == 0 => Sees(
                    envelope["data"]["list"]
                        .as_array()
                        .map(|list| {
                            list.iter()
                                .filter(|item| item["orgId"] == actors.org_a)
                                .count() as i64
                        })
                        .unwrap_or(-1),
                ),
                _ => Code(code_of(&envelope)),
            };
            assert_eq!(&got, expect, "{method} {path} as {session:?}: {envelope}");
            // Never another organisation's item in any answer but what it shows everyone.
            if *session == Some(actors.other.as_str()) && !path.contains("/showcase/") {
                assert!(
                    !envelope["data"].to_string().contains("ENT-MATRIX\""),
                    "{envelope}"
                );
            }
        }
    }
    // Resubmitted by the last rows: pending again, so off the public page.
    let shown = call(
        &app,
        reqwest::Method::GET,
        &format!("{MEMBER_BASE}/showcase/{}/items", actors.org_a),
        None,
        None,
    )
    .await?;
    assert_eq!(shown["data"]["total"], 0, "{shown}");
    let org_b_items = ok(
        &app,
        reqwest::Method::GET,
        &format!("{MEMBER_BASE}/items"),
        &actors.other,
        None,
    )
    .await?;
    assert_eq!(
        org_b_items["list"][0]["orgId"], actors.org_b,
        "{org_b_items}"
    );
    app.stop().await;
    Ok(())
}

async fn a_parallel_burst_of_reviews_decides_once(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, actors) = spawn_with_orgs(&environment).await?;
    let category = some_category(&app).await?;
    let id = submitted(&app, &actors, "ENT-BURST", category).await?;
    let path = format!("{QUEUE}/{id}");
    let decisions: Vec<Value> = (0..10)
        .map(|i| {
            if i % 2 == 0 {
                json!({"approved": true, "remark": format!("通过 {i}")})
            } else {
                json!({"approved": false, "remark": format!("驳回 {i}")})
            }
        })
        .collect();
    let answers = join_all(decisions.iter().enumerate().map(|(i, body)| {
        let session = if i % 2 == 0 {
            &actors.operator
        } else {
            &actors.admin
        };
        call(&app, reqwest::Method::PUT, &path, Some(session), Some(body))
    }))
    .await
    .into_iter()
    .collect::<anyhow::Result<Vec<_>>>()?;
    let winners: Vec<&Value> = answers
        .iter()
        .filter(|answer| code_of(answer) == 0)
        .collect();
    assert_eq!(winners.len(), 1, "{answers:?}");
    assert_eq!(
        answers
            .iter()
            .filter(|answer| code_of(answer) == ALREADY_REVIEWED)
            .count(),
        9,
        "{answers:?}"
    );
    let stored = ok(
        &app,
        reqwest::Method::GET,
        &format!("{MEMBER_BASE}/items/{id}"),
        &actors.member,
        None,
    )
    .await?;
    assert_eq!(stored["state"], winners[0]["data"]["state"]);
    assert_eq!(stored["remark"], winners[0]["data"]["remark"]);
    // One decision, one audit entry: the nine refusals wrote nothing.
    let audit = ok(&app, reqwest::Method::GET, AUDIT_LOG, &actors.admin, None).await?;
    assert_eq!(audit["total"], 1, "{audit}");
    assert_eq!(
        audit["list"][0]["after"]["remark"], stored["remark"],
        "{audit}"
    );
    app.stop().await;
    Ok(())
}

/// Every review lands in the library's audit log with its reviewer, the item's state before and
/// after, searchable like the system service's log and readable only with its permission.
async fn reviews_land_in_the_library_audit_log(environment: TestEnvironment) -> anyhow::Result<()> {
    let (app, actors) = spawn_with_orgs(&environment).await?;
    let category = some_category(&app).await?;
    let put = reqwest::Method::PUT;
    let approved = submitted(&app, &actors, "ENT-AUDIT-A", category).await?;
    let rejected = submitted(&app, &actors, "ENT-AUDIT-R", category).await?;
    ok(
        &app,
        put.clone(),
        &format!("{QUEUE}/{approved}"),
        &actors.operator,
        Some(&json!({"approved": true})),
    )
    .await?;
    ok(
        &app,
        put.clone(),
        &format!("{QUEUE}/{rejected}"),
        &actors.admin,
        Some(&json!({"approved": false, "remark": "缺少材质"})),
    )
    .await?;
    let again = call(
        &app,
        put,
        &format!("{QUEUE}/{approved}"),
        Some(&actors.admin),
        Some(&json!({"approved": false, "remark": "迟到"})),
    )
    .await?;
    assert_eq!(code_of(&again), ALREADY_REVIEWED, "{again}");

    let page = |query: &str| {
        let (app, path, session) = (&app, format!("{AUDIT_LOG}{query}"), actors.operator.clone());
        async move { ok(app, reqwest::Method::GET, &path, &session, None).await }
    };
    let all = page("").await?;
    assert_eq!(all["total"], 2, "{all}");
    // Newest first: the rejection, by the administrator, with its remark.
    let newest = &all["list"][0];
    assert_eq!(newest["action"], "enterprise-item.review", "{newest}");
    assert_eq!(newest["library"], "component", "{newest}");
    assert_eq!(newest["targetType"], "enterprise-item", "{newest}");
    assert_eq!(newest["targetId"], rejected.to_string(), "{newest}");
    assert_eq!(newest["before"], json!({"state": "pending"}), "{newest}");
    assert_eq!(newest["after"]["state"], "rejected", "{newest}");
    assert_eq!(newest["after"]["remark"], "缺少材质", "{newest}");
    assert_eq!(newest["after"]["orgId"], actors.org_a, "{newest}");
    assert!(
        newest["clientIp"].as_str().is_some_and(|ip| !ip.is_empty()),
        "{newest}"
    );
    let oldest = &all["list"][1];
    assert_eq!(oldest["after"]["state"], "approved", "{oldest}");
    assert_ne!(oldest["operatorId"], newest["operatorId"]);

    // Searched as the system's log is: a keyword, the action, the operator, a time range.
    assert_eq!(page("?keyWords=ent-audit-a").await?["total"], 1);
    assert_eq!(page("?keyWords=缺少材质").await?["total"], 1);
    assert_eq!(page("?action=enterprise-item.review").await?["total"], 2);
    assert_eq!(page("?action=user.disable").await?["total"], 0);
    let operator_id = oldest["operatorId"].as_i64().unwrap_or_default();
    assert_eq!(
        page(&format!("?operatorId={operator_id}")).await?["total"],
        1
    );
    assert_eq!(page("?endTime=1").await?["total"], 0);
    assert_eq!(
        page("?pageSize=1&pageNo=2").await?["list"][0]["targetId"],
        approved.to_string()
    );
    let bad = call(
        &app,
        reqwest::Method::GET,
        &format!("{AUDIT_LOG}?beginTime=-99999999999999999"),
        Some(&actors.operator),
        None,
    )
    .await?;
    assert_eq!(code_of(&bad), 400, "{bad}");

    // Only with system:audit-log:query.
    for (session, expected) in [
        (None, 401),
        (Some(actors.member.as_str()), 403),
        (Some(actors.other.as_str()), 403),
    ] {
        let refused = call(&app, reqwest::Method::GET, AUDIT_LOG, session, None).await?;
        assert_eq!(code_of(&refused), expected, "{session:?}: {refused}");
    }
    app.stop().await;
    Ok(())
}

async fn a_reviewed_item_is_resubmitted_once_with_kept_and_new_files(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, actors) = spawn_with_orgs(&environment).await?;
    let category = some_category(&app).await?;
    let items = format!("{MEMBER_BASE}/items");
    let claim = |file: &Value| file["claim"].as_str().unwrap_or_default().to_owned();
    let model = upload(&app, &actors.member, "支架.stl", "model", STL).await?;
    let datasheet = upload(&app, &actors.member, "支架.pdf", "datasheet", PDF).await?;
    let mut body = draft("ENT-RESUBMIT", category);
    body["files"] = json!([
        {"kind": "model", "claim": claim(&model)},
        {"kind": "datasheet", "claim": claim(&datasheet)},
    ]);
    let first = ok(
        &app,
        reqwest::Method::POST,
        &items,
        &actors.member,
        Some(&body),
    )
    .await?;
    let id = first["id"].as_i64().unwrap_or_default();
    let path = format!("{items}/{id}");
    let put = |body: Value| {
        let (app, path, member) = (&app, path.clone(), actors.member.clone());
        async move { call(app, reqwest::Method::PUT, &path, Some(&member), Some(&body)).await }
    };

    // Under review: not changed under the reviewer.
    let pending = put(draft("ENT-RESUBMIT", category)).await?;
    assert_eq!(code_of(&pending), ITEM_UNDER_REVIEW, "{pending}");
    let rejected = ok(
        &app,
        reqwest::Method::PUT,
        &format!("{QUEUE}/{id}"),
        &actors.operator,
        Some(&json!({"approved": false, "remark": "请补充图纸"})),
    )
    .await?;
    assert_eq!(rejected["state"], "rejected");

    // Bad keepFiles: a place with no file, twice the same, or on a first submission.
    let mut revised = draft("ENT-RESUBMIT", category);
    revised["name"] = json!("安装支架（补图纸）");
    revised["keepFiles"] = json!([5]);
    assert_eq!(code_of(&put(revised.clone()).await?), FILE_NOT_FOUND);
    revised["keepFiles"] = json!([1, 1]);
    assert_eq!(code_of(&put(revised.clone()).await?), 400);
    let mut fresh = draft("ENT-OTHER", category);
    fresh["keepFiles"] = json!([0]);
    let refused = call(
        &app,
        reqwest::Method::POST,
        &items,
        Some(&actors.member),
        Some(&fresh),
    )
    .await?;
    assert_eq!(code_of(&refused), 400, "{refused}");

    // Kept datasheet first, then the new drawing; pending again, the last review cleared.
    let drawing = upload(
        &app,
        &actors.member,
        "支架.dxf",
        "drawing",
        b"0\nSECTION\n0\nEOF\n",
    )
    .await?;
    revised["keepFiles"] = json!([1]);
    revised["files"] = json!([{"kind": "drawing", "claim": claim(&drawing)}]);
    let again = put(revised.clone()).await?;
    assert_eq!(code_of(&again), 0, "{again}");
    let item = &again["data"];
    assert_eq!(item["state"], "pending");
    assert_eq!(item["name"], "安装支架（补图纸）");
    assert_eq!(item["remark"], Value::Null);
    assert_eq!(item["reviewTime"], Value::Null);
    assert_eq!(
        item["createTime"], first["createTime"],
        "still the first submission's time"
    );
    let kinds: Vec<&str> = item["files"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|file| file["kind"].as_str())
        .collect();
    assert_eq!(kinds, ["datasheet", "drawing"], "{item}");
    assert_eq!(item["files"][0]["digest"], first["files"][1]["digest"]);
    let (status, _, bytes) =
        download(&app, &format!("{path}/files/0"), Some(&actors.member)).await?;
    assert_eq!((status, bytes.as_slice()), (200, PDF));

    // Approved, then ten resubmissions at once: one wins, nine find it under review.
    ok(
        &app,
        reqwest::Method::PUT,
        &format!("{QUEUE}/{id}"),
        &actors.operator,
        Some(&json!({"approved": true})),
    )
    .await?;
    let answers = join_all((0..10).map(|i| {
        let mut body = draft("ENT-RESUBMIT", category);
        body["name"] = json!(format!("第{i}版"));
        put(body)
    }))
    .await
    .into_iter()
    .collect::<anyhow::Result<Vec<_>>>()?;
    let winners: Vec<&Value> = answers
        .iter()
        .filter(|answer| code_of(answer) == 0)
        .collect();
    assert_eq!(winners.len(), 1, "{answers:?}");
    assert_eq!(
        answers
            .iter()
            .filter(|answer| code_of(answer) == ITEM_UNDER_REVIEW)
            .count(),
        9,
        "{answers:?}"
    );
    let stored = ok(&app, reqwest::Method::GET, &path, &actors.member, None).await?;
    assert_eq!(stored["name"], winners[0]["data"]["name"]);
    assert_eq!(stored["state"], "pending");
    app.stop().await;
    Ok(())
}

/// A STEP file the file service accepts (its magic bytes) and a PDF.
const STEP: &[u8] = b"ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('bracket'),'2;1');\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n";
/// A tetrahedron in ASCII STL.
const STL: &[u8] = b"solid t\n\
facet normal 0 0 -1\nouter loop\nvertex 0 0 0\nvertex 10 0 0\nvertex 0 10 0\nendloop\nendfacet\n\
facet normal 0 -1 0\nouter loop\nvertex 0 0 0\nvertex 0 0 10\nvertex 10 0 0\nendloop\nendfacet\n\
facet normal -1 0 0\nouter loop\nvertex 0 0 0\nvertex 0 10 0\nvertex 0 0 10\nendloop\nendfacet\n\
facet normal 1 1 1\nouter loop\nvertex 10 0 0\nvertex 0 0 10\nvertex 0 10 0\nendloop\nendfacet\n\
endsolid t\n";
const PDF: &[u8] = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";

/// Uploads `bytes` as `name` through the file service; answers the upload (with its `claim`).
async fn upload(
    app: &TestApp,
    session: &str,
    name: &str,
    biz_code: &str,
    bytes: &[u8],
) -> anyhow::Result<Value> {
    let envelope = send_multipart(
        app,
        "/to/api/base/file/upload",
        Some(session),
        &[("bizCode", biz_code), ("fileName", name)],
        name,
        bytes,
    )
    .await?;
    anyhow::ensure!(code_of(&envelope) == 0, "upload {name}: {envelope}");
    Ok(envelope["data"].clone())
}

/// The status, ETag and bytes of a GET.
async fn download(
    app: &TestApp,
    path: &str,
    session: Option<&str>,
) -> anyhow::Result<(u16, Option<String>, Vec<u8>)> {
    let mut request = app.client.get(app.url(path));
    if let Some(session) = session {
        request = request.bearer_auth(session);
    }
    let response = request.send().await?;
    let etag = response
        .headers()
        .get(reqwest::header::ETAG)
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned);
    Ok((
        response.status().as_u16(),
        etag,
        response.bytes().await?.to_vec(),
    ))
}

async fn an_items_files_travel_from_the_upload_to_the_review(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, actors) = spawn_with_orgs(&environment).await?;
    let category = some_category(&app).await?;
    let items = format!("{MEMBER_BASE}/items");
    let post = reqwest::Method::POST;
    let model = upload(&app, &actors.member, "支架 BRK-200.step", "model", STEP).await?;
    let datasheet = upload(&app, &actors.member, "BRK-200.pdf", "datasheet", PDF).await?;
    let claim = |file: &Value| file["claim"].as_str().unwrap_or_default().to_owned();
    assert!(!claim(&model).is_empty(), "{model}");

    // Refused before anything is stored: another user's claim, a tampered one, the wrong kind.
    let mut with_files = draft("ENT-BRK-200", category);
    let other_upload = upload(&app, &actors.other, "other.pdf", "datasheet", PDF).await?;
    let mut tampered = claim(&model);
    tampered.insert(0, 'x');
    for (files, expected) in [
        (
            json!([{"kind": "datasheet", "claim": claim(&other_upload)}]),
            FILE_CLAIM_INVALID,
        ),
        (
            json!([{"kind": "model", "claim": tampered}]),
            FILE_CLAIM_INVALID,
        ),
        (
            json!([{"kind": "model", "claim": "not-a-claim"}]),
            FILE_CLAIM_INVALID,
        ),
        (
            json!([{"kind": "datasheet", "claim": claim(&model)}]),
            FILE_NOT_ACCEPTED,
        ),
    ] {
        with_files["files"] = files;
        let refused = call(
            &app,
            post.clone(),
            &items,
            Some(&actors.member),
            Some(&with_files),
        )
        .await?;
        assert_eq!(code_of(&refused), expected, "{refused}");
    }
    with_files["files"] =
        Value::Array(vec![json!({"kind": "drawing", "claim": claim(&model)}); 11]);
    let too_many = call(
        &app,
        post.clone(),
        &items,
        Some(&actors.member),
        Some(&with_files),
    )
    .await?;
    assert_eq!(code_of(&too_many), 400, "{too_many}");
    with_files["files"] = json!([{"kind": "sketch", "claim": claim(&model)}]);
    let unknown_kind = call(
        &app,
        post.clone(),
        &items,
        Some(&actors.member),
        Some(&with_files),
    )
    .await?;
    assert_eq!(code_of(&unknown_kind), 400, "{unknown_kind}");
    let mine = ok(&app, reqwest::Method::GET, &items, &actors.member, None).await?;
    assert_eq!(mine["total"], 0, "nothing stored by a refusal: {mine}");

    with_files["files"] = json!([
        {"kind": "model", "claim": claim(&model)},
        {"kind": "datasheet", "claim": claim(&datasheet)},
    ]);
    let item = ok(&app, post, &items, &actors.member, Some(&with_files)).await?;
    let id = item["id"]
        .as_i64()
        .ok_or_else(|| anyhow::anyhow!("no id"))?;
    assert_eq!(item["files"][0]["kind"], "model", "{item}");
    assert_eq!(item["files"][0]["name"], "支架 BRK-200.step");
    assert_eq!(item["files"][0]["size"], STEP.len());
    assert_eq!(item["files"][0]["mediaType"], "model/step");
    assert_eq!(item["files"][1]["kind"], "datasheet");

    // The member deletes the upload: the item keeps its copy.
    let upload_id = model["id"].as_str().unwrap_or_default();
    let deleted = call(
        &app,
        reqwest::Method::DELETE,
        &format!("/to/api/base/file/delete?id={upload_id}"),
        Some(&actors.member),
        None,
    )
    .await?;
    assert_eq!(code_of(&deleted), 0, "{deleted}");

    let member_path = format!("{items}/{id}/files/0");
    let (status, etag, bytes) = download(&app, &member_path, Some(&actors.reader)).await?;
    assert_eq!((status, bytes.as_slice()), (200, STEP));
    assert_eq!(
        etag.as_deref(),
        item["files"][0]["digest"]
            .as_str()
            .map(|digest| format!("\"{digest}\""))
            .as_deref()
    );
    let (status, _, bytes) = download(
        &app,
        &format!("{QUEUE}/{id}/files/1"),
        Some(&actors.operator),
    )
    .await?;
    assert_eq!((status, bytes.as_slice()), (200, PDF));
    // Outside the organisation: the same answer as for a missing item; no third file.
    let foreign = call(
        &app,
        reqwest::Method::GET,
        &member_path,
        Some(&actors.other),
        None,
    )
    .await?;
    assert_eq!(code_of(&foreign), ITEM_NOT_FOUND, "{foreign}");
    let missing = call(
        &app,
        reqwest::Method::GET,
        &format!("{items}/{id}/files/2"),
        Some(&actors.member),
        None,
    )
    .await?;
    assert_eq!(code_of(&missing), FILE_NOT_FOUND, "{missing}");
    let anonymous = call(&app, reqwest::Method::GET, &member_path, None, None).await?;
    assert_eq!(code_of(&anonymous), 401, "{anonymous}");

    // A STEP model is not tessellated here: no thumbnail. An STL one gets a PNG.
    assert!(item["files"][0].get("thumbnail").is_none(), "{item}");
    let no_picture = call(
        &app,
        reqwest::Method::GET,
        &format!("{member_path}?thumbnail=true"),
        Some(&actors.member),
        None,
    )
    .await?;
    assert_eq!(code_of(&no_picture), FILE_NOT_FOUND, "{no_picture}");
    let stl = upload(&app, &actors.member, "tetra.stl", "model", STL).await?;
    with_files["code"] = json!("ENT-BRK-202");
    with_files["files"] = json!([{"kind": "model", "claim": claim(&stl)}]);
    let meshed = ok(
        &app,
        reqwest::Method::POST,
        &items,
        &actors.member,
        Some(&with_files),
    )
    .await?;
    assert!(
        meshed["files"][0]["thumbnail"]
            .as_str()
            .is_some_and(|digest| digest.len() == 64),
        "{meshed}"
    );
    let meshed_id = meshed["id"].as_i64().unwrap_or_default();
    thumbnail_is_served(&app, &actors, meshed_id).await?;

    // A claim proves an upload, not a right to it forever: a claim of a deleted upload is refused.
    with_files["code"] = json!("ENT-BRK-201");
    with_files["files"] = json!([{"kind": "model", "claim": claim(&model)}]);

    let gone = call(
        &app,
        reqwest::Method::POST,
        &items,
        Some(&actors.member),
        Some(&with_files),
    )
    .await?;
    assert_eq!(code_of(&gone), FILE_CLAIM_INVALID, "{gone}");
    app.stop().await;
    Ok(())
}

/// The PNG thumbnail of item `id`'s first file reaches its organisation's member and the
/// reviewing operator.
async fn thumbnail_is_served(app: &TestApp, actors: &Actors, id: i64) -> anyhow::Result<()> {
    for (path, session) in [
        (
            format!("{MEMBER_BASE}/items/{id}/files/0?thumbnail=true"),
            &actors.member,
        ),
        (
            format!("{QUEUE}/{id}/files/0?thumbnail=true"),
            &actors.operator,
        ),
    ] {
        let (status, _, png) = download(app, &path, Some(session)).await?;
        assert_eq!(status, 200, "{path}");
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{path}: not a PNG");
    }
    Ok(())
}

/// The page's mesh of a STEP model, sent for its thumbnail (docs/enterprise-library.md,
/// "Thumbnails of STEP models").
async fn send_preview(
    app: &TestApp,
    item: i64,
    index: usize,
    session: &str,
    name: &str,
    mesh: &[u8],
) -> anyhow::Result<Value> {
    let path = format!("{MEMBER_BASE}/items/{item}/files/{index}/preview");
    send_multipart_as(
        app,
        reqwest::Method::PUT,
        &path,
        Some(session),
        &[],
        name,
        mesh,
    )
    .await
}

async fn a_step_models_thumbnail_is_drawn_from_the_pages_mesh(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    const MODEL_UNREADABLE: i64 = 1_040_001_000;
    const MODEL_TOO_LARGE: i64 = 1_040_001_001;
    let (app, actors) = spawn_with_orgs(&environment).await?;
    let category = some_category(&app).await?;
    let items = format!("{MEMBER_BASE}/items");
    let claim = |file: &Value| file["claim"].as_str().unwrap_or_default().to_owned();
    let submit = |code: &str, files: Value| {
        let mut body = draft(code, category);
        body["files"] = files;
        body
    };
    // The id of a pending item of the member's whose one file is the model `bytes` named `name`.
    let with_model = |code: &'static str, name: &'static str, bytes: &'static [u8]| {
        let (app, actors, items) = (&app, &actors, &items);
        async move {
            let model = upload(app, &actors.member, name, "model", bytes).await?;
            let body = submit(code, json!([{"kind": "model", "claim": claim(&model)}]));
            let item = ok(
                app,
                reqwest::Method::POST,
                items,
                &actors.member,
                Some(&body),
            )
            .await?;
            anyhow::Ok(item["id"].as_i64().unwrap_or_default())
        }
    };
    let step = upload(&app, &actors.member, "支架.step", "model", STEP).await?;
    let pdf = upload(&app, &actors.member, "支架.pdf", "datasheet", PDF).await?;
    let bracket = ok(
        &app,
        reqwest::Method::POST,
        &items,
        &actors.member,
        Some(&submit(
            "ENT-PREVIEW-1",
            json!([{"kind": "model", "claim": claim(&step)}, {"kind": "datasheet", "claim": claim(&pdf)}]),
        )),
    )
    .await?;
    let id = bracket["id"].as_i64().unwrap_or_default();
    let thumbnail_of = |item: &Value| item["files"][0]["thumbnail"].as_str().map(str::to_owned);
    assert_eq!(thumbnail_of(&bracket), None, "{bracket}");

    // Refused, and nothing written: the guards, a file that is not a model, a file that is not
    // there, meshes that cannot be drawn, and one over the limit.
    let oversized = vec![b' '; 50 * 1024 * 1024 + 1];
    let refusals: [(usize, &str, &str, &[u8], i64); 8] = [
        (0, actors.reader.as_str(), "tetra.stl", STL, 403),
        (0, actors.other.as_str(), "tetra.stl", STL, ITEM_NOT_FOUND),
        (
            1,
            actors.member.as_str(),
            "tetra.stl",
            STL,
            FILE_NOT_ACCEPTED,
        ),
        (2, actors.member.as_str(), "tetra.stl", STL, FILE_NOT_FOUND),
        (
            0,
            actors.member.as_str(),
            "支架.step",
            STEP,
            MODEL_UNREADABLE,
        ),
        (
            0,
            actors.member.as_str(),
            "empty.stl",
            b"solid e\nendsolid e\n",
            MODEL_UNREADABLE,
        ),
        (
            0,
            actors.member.as_str(),
            "noise.glb",
            PDF,
            MODEL_UNREADABLE,
        ),
        (
            0,
            actors.member.as_str(),
            "huge.stl",
            &oversized,
            MODEL_TOO_LARGE,
        ),
    ];
    for (index, session, name, mesh, expected) in refusals {
        let envelope = send_preview(&app, id, index, session, name, mesh).await?;
        assert_eq!(
            code_of(&envelope),
            expected,
            "{name} at {index}: {envelope}"
        );
        let stored = ok(
            &app,
            reqwest::Method::GET,
            &format!("{items}/{id}"),
            &actors.member,
            None,
        )
        .await?;
        assert_eq!(thumbnail_of(&stored), None, "{name} at {index}: {stored}");
    }

    // The mesh draws the model's picture, read by the members and the reviewing operator.
    let drawn = send_preview(&app, id, 0, &actors.member, "支架.stl", STL).await?;
    assert_eq!(code_of(&drawn), 0, "{drawn}");
    let digest = thumbnail_of(&drawn["data"]).unwrap_or_default();
    assert_eq!(digest.len(), 64, "{drawn}");
    assert_eq!(drawn["data"]["files"][1].get("thumbnail"), None, "{drawn}");
    thumbnail_is_served(&app, &actors, id).await?;
    // The STEP file itself is untouched.
    let (_, _, model) =
        download(&app, &format!("{items}/{id}/files/0"), Some(&actors.member)).await?;
    assert_eq!(model, STEP);

    // A mesh format draws its own picture; nothing sent beside it replaces that.
    let meshed_id = with_model("ENT-PREVIEW-2", "tetra.stl", STL).await?;
    let own = send_preview(&app, meshed_id, 0, &actors.member, "other.stl", STL).await?;
    assert_eq!(code_of(&own), FILE_NOT_ACCEPTED, "{own}");

    // A burst of previews beside the review: each is stored before the decision or refused after
    // it, never written into a reviewed item; the picture is there exactly when one was stored.
    let raced_id = with_model("ENT-PREVIEW-3", "支架-2.step", STEP).await?;
    let previews =
        join_all((0..8).map(|_| send_preview(&app, raced_id, 0, &actors.member, "支架.stl", STL)));
    let (decision_path, approve) = (format!("{QUEUE}/{raced_id}"), json!({"approved": true}));
    let approval = ok(
        &app,
        reqwest::Method::PUT,
        &decision_path,
        &actors.operator,
        Some(&approve),
    );
    let (previews, approved) = futures_util::join!(previews, approval);
    let approved = approved?;
    assert_eq!(approved["state"], "approved", "{approved}");
    let mut stored = 0;
    for envelope in previews {
        let envelope = envelope?;
        match code_of(&envelope) {
            0 => stored += 1,
            ALREADY_REVIEWED => {}
            _ => panic!("a preview beside the review: {envelope}"),
        }
    }
    let decided = ok(
        &app,
        reqwest::Method::GET,
        &format!("{items}/{raced_id}"),
        &actors.member,
        None,
    )
    .await?;
    assert_eq!(decided["state"], "approved", "{decided}");
    assert_eq!(thumbnail_of(&decided).is_some(), stored > 0, "{decided}");
    let late = send_preview(&app, raced_id, 0, &actors.member, "支架.stl", STL).await?;
    assert_eq!(code_of(&late), ALREADY_REVIEWED, "{late}");

    // A resubmission keeping the model keeps its picture.
    let mut resubmission = submit("ENT-PREVIEW-1", json!([]));
    resubmission["keepFiles"] = json!([0]);
    ok(
        &app,
        reqwest::Method::PUT,
        &format!("{QUEUE}/{id}"),
        &actors.operator,
        Some(&json!({"approved": true})),
    )
    .await?;
    let resubmitted = ok(
        &app,
        reqwest::Method::PUT,
        &format!("{items}/{id}"),
        &actors.member,
        Some(&resubmission),
    )
    .await?;
    assert_eq!(thumbnail_of(&resubmitted), Some(digest), "{resubmitted}");
    app.stop().await;
    Ok(())
}

/// A box `x × y × z` in ASCII STL.
fn box_stl(x: f32, y: f32, z: f32) -> Vec<u8> {
    let corner = |i: usize| {
        format!(
            "{} {} {}",
            if i & 1 == 0 { 0.0 } else { x },
            if i & 2 == 0 { 0.0 } else { y },
            if i & 4 == 0 { 0.0 } else { z }
        )
    };
    let faces = [
        [0, 2, 1],
        [1, 2, 3],
        [4, 5, 6],
        [5, 7, 6],
        [0, 1, 4],
        [1, 5, 4],
        [2, 6, 3],
        [3, 6, 7],
        [0, 4, 2],
        [2, 4, 6],
        [1, 3, 5],
        [3, 7, 5],
    ];
    let mut text = String::from("solid box\n");
    for [a, b, c] in faces {
        text.push_str(&format!(
            "facet normal 0 0 0\nouter loop\nvertex {}\nvertex {}\nvertex {}\nendloop\nendfacet\n",
            corner(a),
            corner(b),
            corner(c)
        ));
    }
    text.push_str("endsolid box\n");
    text.into_bytes()
}

/// An organisation's approved models answer its members' shape searches (docs/enterprise-library.md,
/// "Searching the organisation's models by shape"): an uploaded mesh, a STEP model through the
/// page's mesh, a picture, "find similar" and the upload's token; pending items, other
/// organisations' items and the public library never appear.
async fn an_organisations_models_are_searched_by_shape_within_it(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, actors) = spawn_with_orgs(&environment).await?;
    let category = some_category(&app).await?;
    let items = format!("{MEMBER_BASE}/items");
    let (get, post, put) = (
        reqwest::Method::GET,
        reqwest::Method::POST,
        reqwest::Method::PUT,
    );
    let plate = box_stl(100.0, 60.0, 3.0);
    // An item of `session`'s organisation whose one file is the model `bytes` named `name`,
    // approved unless `pending`.
    let publish =
        |session: String, code: &'static str, name: &'static str, bytes: Vec<u8>, pending: bool| {
            let (app, actors, items, post, put) =
                (&app, &actors, &items, post.clone(), put.clone());
            async move {
                let model = upload(app, &session, name, "model", &bytes).await?;
                let mut body = draft(code, category);
                body["files"] = json!([{"kind": "model", "claim": model["claim"]}]);
                let item = ok(app, post, items, &session, Some(&body)).await?;
                let id = item["id"].as_i64().unwrap_or_default();
                if name.ends_with(".step") {
                    // The page's mesh of the STEP model gives its picture and fingerprint.
                    let drawn = send_preview(app, id, 0, &session, "mesh.stl", STL).await?;
                    assert_eq!(code_of(&drawn), 0, "{drawn}");
                    assert_eq!(
                        drawn["data"]["files"][0]["shape"].as_str().map(str::len),
                        Some(64),
                        "{drawn}"
                    );
                } else {
                    assert_eq!(
                        item["files"][0]["shape"].as_str().map(str::len),
                        Some(64),
                        "{item}"
                    );
                }
                if !pending {
                    let decision = json!({"approved": true});
                    ok(
                        app,
                        put,
                        &format!("{QUEUE}/{id}"),
                        &actors.operator,
                        Some(&decision),
                    )
                    .await?;
                }
                anyhow::Ok(id)
            }
        };
    let member = actors.member.clone();
    let tetra = publish(
        member.clone(),
        "SHAPE-TETRA",
        "tetra.stl",
        STL.to_vec(),
        false,
    )
    .await?;
    let stepped = publish(
        member.clone(),
        "SHAPE-STEP",
        "tetra.step",
        STEP.to_vec(),
        false,
    )
    .await?;
    let plated = publish(
        member.clone(),
        "SHAPE-PLATE",
        "plate.stl",
        plate.clone(),
        false,
    )
    .await?;
    let pending = publish(
        member.clone(),
        "SHAPE-PENDING",
        "tetra-2.stl",
        STL.to_vec(),
        true,
    )
    .await?;
    let theirs = publish(
        actors.other.clone(),
        "SHAPE-THEIRS",
        "tetra.stl",
        STL.to_vec(),
        false,
    )
    .await?;

    let search3d = |session: String, query: &'static str, name: &'static str, bytes: Vec<u8>| {
        let app = &app;
        async move {
            send_multipart(
                app,
                &format!("{MEMBER_BASE}/search3d{query}"),
                Some(&session),
                &[],
                name,
                &bytes,
            )
            .await
        }
    };
    let ids = |answer: &Value| -> Vec<i64> {
        answer["data"]["list"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|hit| hit["item"]["id"].as_i64())
            .collect()
    };
    let found = search3d(member.clone(), "", "query.stl", STL.to_vec()).await?;
    assert_eq!(code_of(&found), 0, "{found}");
    let ranked = ids(&found);
    assert_eq!(
        ranked.len(),
        3,
        "the approved three, not the pending one: {found}"
    );
    assert_eq!(ranked[2], plated, "{found}");
    assert_eq!(
        BTreeSet::from([ranked[0], ranked[1]]),
        BTreeSet::from([tetra, stepped]),
        "{found}"
    );
    assert!(
        !ranked.contains(&pending) && !ranked.contains(&theirs),
        "{found}"
    );
    assert_eq!(found["data"]["searched"], 3, "{found}");
    assert_eq!(found["data"]["total"], 3, "{found}");
    let hits = &found["data"]["list"];
    assert!(
        hits[0]["score"].as_f64().unwrap_or_default() >= 99.0,
        "{found}"
    );
    assert!(
        hits[2]["score"].as_f64() < hits[1]["score"].as_f64(),
        "{found}"
    );
    assert_eq!(hits[0]["fileIndex"], 0, "{found}");
    let thumbnail = hits[0]["thumbnailUrl"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let (status, _, png) = download(&app, &thumbnail, Some(&member)).await?;
    assert_eq!(status, 200, "{thumbnail}");
    assert!(png.starts_with(b"\x89PNG"), "{thumbnail}");

    // The other organisation finds its own model only; a member of none is refused.
    let theirs_found = search3d(actors.other.clone(), "", "query.stl", STL.to_vec()).await?;
    assert_eq!(ids(&theirs_found), [theirs], "{theirs_found}");
    let outsider = search3d(actors.outsider.clone(), "", "query.stl", STL.to_vec()).await?;
    assert_eq!(code_of(&outsider), NOT_ORG_MEMBER, "{outsider}");

    // Asked again by the token with other options, without the file.
    let token = found["data"]["queryToken"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert_eq!(token.len(), 32, "{found}");
    let again = call(
        &app,
        get.clone(),
        &format!("{MEMBER_BASE}/shape-query/{token}?minScore=99&pageSize=1"),
        Some(&member),
        None,
    )
    .await?;
    assert_eq!(code_of(&again), 0, "{again}");
    assert_eq!(again["data"]["total"], 2, "{again}");
    assert_eq!(ids(&again).len(), 1, "{again}");
    let other_category = json!(category + 100_000).to_string();
    let refused = [
        (
            format!("{MEMBER_BASE}/shape-query/{token}?minScore=101"),
            400,
        ),
        (format!("{MEMBER_BASE}/shape-query/{token}?pageSize=0"), 400),
        (
            format!("{MEMBER_BASE}/shape-query/{token}?categoryCode=no-such-{other_category}"),
            CATEGORY_NOT_FOUND,
        ),
        (format!("{MEMBER_BASE}/shape-query/not-a-token"), 400),
    ];
    for (path, expected) in refused {
        let envelope = call(&app, get.clone(), &path, Some(&member), None).await?;
        assert_eq!(code_of(&envelope), expected, "{path}: {envelope}");
    }

    // "Find similar": the tetrahedron's twin first, the item itself left out.
    let similar = call(
        &app,
        get.clone(),
        &format!("{items}/{tetra}/similar"),
        Some(&member),
        None,
    )
    .await?;
    assert_eq!(ids(&similar), [stepped, plated], "{similar}");
    assert_eq!(similar["data"]["queryToken"], Value::Null, "{similar}");
    let foreign = call(
        &app,
        get.clone(),
        &format!("{items}/{tetra}/similar"),
        Some(&actors.other),
        None,
    )
    .await?;
    assert_eq!(code_of(&foreign), ITEM_NOT_FOUND, "{foreign}");

    // A picture: the plate's own thumbnail finds the organisation's items, and only those.
    let (_, _, picture) = download(
        &app,
        &format!("{items}/{plated}/files/0?thumbnail=true"),
        Some(&member),
    )
    .await?;
    let drawn = send_multipart(
        &app,
        &format!("{MEMBER_BASE}/search2d"),
        Some(&member),
        &[],
        "plate.png",
        &picture,
    )
    .await?;
    assert_eq!(code_of(&drawn), 0, "{drawn}");
    assert_eq!(ids(&drawn).len(), 3, "{drawn}");
    let unreadable = send_multipart(
        &app,
        &format!("{MEMBER_BASE}/search2d"),
        Some(&member),
        &[],
        "plate.png",
        PDF,
    )
    .await?;
    assert_eq!(code_of(&unreadable), IMAGE_UNREADABLE, "{unreadable}");

    // A resubmission takes the item out of the search until it is approved again.
    let mut resubmission = draft("SHAPE-TETRA", category);
    resubmission["keepFiles"] = json!([0]);
    ok(
        &app,
        put.clone(),
        &format!("{items}/{tetra}"),
        &member,
        Some(&resubmission),
    )
    .await?;
    let without = search3d(member.clone(), "", "query.stl", STL.to_vec()).await?;
    assert_eq!(ids(&without).len(), 2, "{without}");
    assert!(!ids(&without).contains(&tetra), "{without}");

    // A burst of the same upload answers the same ranking each time.
    let burst =
        join_all((0..8).map(|_| search3d(member.clone(), "", "query.stl", STL.to_vec()))).await;
    for envelope in burst {
        let envelope = envelope?;
        assert_eq!(ids(&envelope), ids(&without), "{envelope}");
    }
    app.stop().await;
    Ok(())
}

/// Ten batch files at once, every other one with a refused row: each file is still all or nothing
/// (a refused file leaves no row behind, even while others commit), and every good file is whole.
async fn a_parallel_burst_of_batch_imports_keeps_each_file_whole(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, actors) = spawn_with_orgs(&environment).await?;
    let category = some_category(&app).await?;
    let items = format!("{MEMBER_BASE}/items");
    let batch = format!("{items}/batch");
    let tree = data(&app, &format!("{BASE}/category/tree")).await?;
    let category_code = tree[0]["code"]
        .as_str()
        .ok_or_else(|| anyhow::anyhow!("no code in {tree}"))?
        .to_owned();
    let files: Vec<Vec<u8>> = (0..10)
        .map(|file| {
            let codes: Vec<String> = (0..20).map(|row| format!("P{file}-{row}")).collect();
            let codes: Vec<&str> = codes.iter().map(String::as_str).collect();
            let mut text = String::from_utf8(batch_file(category, &codes))
                .unwrap_or_default()
                .replace(&format!(",{category},"), &format!(",{category_code},"));
            if file % 2 == 1 {
                text.push_str(&format!("P{file}-bad,坏行,no-such-category,,,\r\n"));
            }
            text.into_bytes()
        })
        .collect();
    let reports = join_all(
        files
            .iter()
            .map(|bytes| send_file(&app, &batch, Some(&actors.member), bytes)),
    )
    .await
    .into_iter()
    .collect::<anyhow::Result<Vec<Value>>>()?;
    for (file, report) in reports.iter().enumerate() {
        let expected = if file % 2 == 0 { 20 } else { 0 };
        assert_eq!(
            report["data"]["imported"], expected,
            "file {file}: {report}"
        );
    }
    let stored = ok(
        &app,
        reqwest::Method::GET,
        &format!("{items}?pageSize=100"),
        &actors.member,
        None,
    )
    .await?;
    assert_eq!(stored["total"], 100, "five whole files: {stored}");
    let odd_rows = stored["list"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|item| {
            item["code"]
                .as_str()
                .and_then(|code| code[1..].split('-').next()?.parse::<u32>().ok())
                .is_some_and(|file| file % 2 == 1)
        })
        .count();
    assert_eq!(odd_rows, 0, "nothing of a refused file: {stored}");
    app.stop().await;
    Ok(())
}

/// A ZIP of `(path, bytes)`, deflated as an archiver writes it.
fn zip_of(files: &[(&str, &[u8])]) -> anyhow::Result<Vec<u8>> {
    use std::io::Write as _;
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (path, bytes) in files {
        writer.start_file(*path, zip::write::SimpleFileOptions::default())?;
        writer.write_all(bytes)?;
    }
    Ok(writer.finish()?.into_inner())
}

async fn a_batch_takes_its_files_from_a_zip(environment: TestEnvironment) -> anyhow::Result<()> {
    let (app, actors) = spawn_with_orgs(&environment).await?;
    let items = format!("{MEMBER_BASE}/items");
    let batch = format!("{items}/batch");
    let tree = data(&app, &format!("{BASE}/category/tree")).await?;
    let code = tree[0]["code"].as_str().unwrap_or_default().to_owned();
    let archive = zip_of(&[
        ("models/bracket.stl", STL),
        ("docs/BRK.pdf", PDF),
        ("shared.pdf", PDF),
    ])?;
    let zip = upload(&app, &actors.member, "files.zip", "model", &archive).await?;
    let claim = zip["claim"].as_str().unwrap_or_default().to_owned();
    let table = |extra: &str| {
        format!(
            "\u{feff}编码,名称,分类,厂商,描述,参数,文件\r\n\
             Z-1,压缩包支架,{code},,,,模型=models/bracket.stl;规格书=docs/brk.pdf\r\n\
             Z-2,共享手册,{code},,,,shared.pdf\r\n\
             Z-3,共享图纸,{code},,,,图纸=shared.pdf\r\n{extra}"
        )
    };
    let send = |fields: Vec<(&'static str, String)>, text: String| {
        let app = &app;
        let batch = &batch;
        let member = actors.member.clone();
        async move {
            let fields: Vec<(&str, &str)> = fields
                .iter()
                .map(|(name, value)| (*name, value.as_str()))
                .collect();
            send_multipart(
                app,
                batch,
                Some(&member),
                &fields,
                "items.csv",
                text.as_bytes(),
            )
            .await
        }
    };

    // A file the ZIP lacks, one of the wrong kind: the whole batch refused, the rows named.
    let bad = send(
        vec![("filesClaim", claim.clone())],
        table("Z-4,缺文件,{code},,,,missing.step\r\nZ-5,错类型,{code},,,,规格书=models/bracket.stl\r\n".replace("{code}", &code).as_str()),
    )
    .await?;
    let refused: Vec<(i64, String)> = bad["data"]["errors"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|error| {
            (
                error["row"].as_i64().unwrap_or_default(),
                error["field"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        refused,
        [(5, "文件".to_owned()), (6, "文件".to_owned())],
        "{bad}"
    );
    assert_eq!(bad["data"]["imported"], 0, "{bad}");
    // Files named but no ZIP sent; a ZIP no row names; someone else's claim.
    let without = send(vec![], table("")).await?;
    assert_eq!(
        without["data"]["errors"].as_array().map(Vec::len),
        Some(3),
        "{without}"
    );
    let unnamed = send(
        vec![("filesClaim", claim.clone())],
        "\u{feff}编码,名称,分类,厂商,描述,参数\r\nZ-9,无文件,".to_owned() + &code + ",,,\r\n",
    )
    .await?;
    assert_eq!(code_of(&unnamed), BATCH_UNREADABLE, "{unnamed}");
    let others = upload(&app, &actors.other, "files.zip", "model", &archive).await?;
    let foreign = send(
        vec![(
            "filesClaim",
            others["claim"].as_str().unwrap_or_default().to_owned(),
        )],
        table(""),
    )
    .await?;
    assert_eq!(code_of(&foreign), FILE_CLAIM_INVALID, "{foreign}");
    let none = ok(&app, reqwest::Method::GET, &items, &actors.member, None).await?;
    assert_eq!(none["total"], 0, "nothing half-imported: {none}");

    let good = send(vec![("filesClaim", claim.clone())], table("")).await?;
    assert_eq!(
        good["data"],
        json!({"rows": 3, "imported": 3, "errors": []}),
        "{good}"
    );
    let stored = ok(
        &app,
        reqwest::Method::GET,
        &format!("{items}?pageSize=10"),
        &actors.member,
        None,
    )
    .await?;
    let by_code = |wanted: &str| {
        stored["list"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|item| item["code"] == wanted)
            .cloned()
            .unwrap_or_default()
    };
    let bracket = by_code("Z-1");
    assert_eq!(bracket["files"][0]["kind"], "model", "{bracket}");
    assert_eq!(bracket["files"][0]["name"], "bracket.stl");
    assert!(
        bracket["files"][0]["thumbnail"].is_string(),
        "an STL gets its picture: {bracket}"
    );
    assert_eq!(bracket["files"][1]["kind"], "datasheet");
    assert_eq!(
        bracket["files"][1]["name"], "BRK.pdf",
        "the archive's own spelling"
    );
    let id = bracket["id"].as_i64().unwrap_or_default();
    let (status, _, bytes) =
        download(&app, &format!("{items}/{id}/files/0"), Some(&actors.member)).await?;
    assert_eq!((status, bytes.as_slice()), (200, STL));
    let (manual, drawing) = (by_code("Z-2"), by_code("Z-3"));
    assert_eq!(
        manual["files"][0]["kind"], "datasheet",
        "a PDF without a kind: {manual}"
    );
    assert_eq!(drawing["files"][0]["kind"], "drawing", "{drawing}");
    assert_eq!(manual["files"][0]["digest"], drawing["files"][0]["digest"]);
    app.stop().await;
    Ok(())
}

/// The organisation's public page: an approved item its member shows is read by everyone with
/// its files, nothing of the review shows, and it leaves the page when hidden or resubmitted.
async fn an_organisation_shows_approved_items_on_its_public_page(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, actors) = spawn_with_orgs(&environment).await?;
    let category = some_category(&app).await?;
    let (get, put) = (reqwest::Method::GET, reqwest::Method::PUT);
    let model = upload(&app, &actors.member, "支架.stl", "model", STL).await?;
    let mut body = draft("ENT-SHOW", category);
    body["files"] = json!([{"kind": "model", "claim": model["claim"]}]);
    let item = ok(
        &app,
        reqwest::Method::POST,
        &format!("{MEMBER_BASE}/items"),
        &actors.member,
        Some(&body),
    )
    .await?;
    let id = item["id"].as_i64().unwrap_or_default();
    assert_eq!(item["showcased"], false, "{item}");
    let hidden_id = submitted(&app, &actors, "ENT-NOT-SHOWN", category).await?;
    let showcase = format!("{MEMBER_BASE}/items/{id}/showcase");
    let page = format!("{MEMBER_BASE}/showcase/{}/items", actors.org_a);
    let file = format!("{MEMBER_BASE}/showcase/{}/items/{id}/files/0", actors.org_a);
    let show = |shown: bool| json!({"showcased": shown});
    let public_total = || {
        let (app, page, get) = (&app, page.clone(), get.clone());
        async move {
            let envelope = call(app, get, &page, None, None).await?;
            anyhow::ensure!(code_of(&envelope) == 0, "{envelope}");
            Ok::<_, anyhow::Error>(envelope["data"].clone())
        }
    };

    // Pending: never shown, whoever asks.
    let pending = call(
        &app,
        put.clone(),
        &showcase,
        Some(&actors.member),
        Some(&show(true)),
    )
    .await?;
    assert_eq!(code_of(&pending), ITEM_NOT_APPROVED, "{pending}");
    let missing_flag = call(
        &app,
        put.clone(),
        &showcase,
        Some(&actors.member),
        Some(&json!({})),
    )
    .await?;
    assert_eq!(code_of(&missing_flag), 400, "{missing_flag}");
    for decided in [id, hidden_id] {
        ok(
            &app,
            put.clone(),
            &format!("{QUEUE}/{decided}"),
            &actors.operator,
            Some(&json!({"approved": true})),
        )
        .await?;
    }
    // Approved but not shown: the public page and its files know nothing of it.
    assert_eq!(public_total().await?["total"], 0);
    let (status, _, bytes) = download(&app, &file, None).await?;
    assert_eq!(status, 200);
    let envelope: Value = serde_json::from_slice(&bytes)?;
    assert_eq!(code_of(&envelope), ITEM_NOT_FOUND, "{envelope}");

    // Only a publishing member of the organisation shows it.
    let reader = call(
        &app,
        put.clone(),
        &showcase,
        Some(&actors.reader),
        Some(&show(true)),
    )
    .await?;
    assert_eq!(code_of(&reader), 403, "{reader}");
    let other = call(
        &app,
        put.clone(),
        &showcase,
        Some(&actors.other),
        Some(&show(true)),
    )
    .await?;
    assert_eq!(code_of(&other), ITEM_NOT_FOUND, "{other}");
    let shown = ok(
        &app,
        put.clone(),
        &showcase,
        &actors.member,
        Some(&show(true)),
    )
    .await?;
    assert_eq!(shown["showcased"], true, "{shown}");

    // Everyone reads it now, without the review's internals, and downloads its model.
    let listed = public_total().await?;
    assert_eq!(listed["total"], 1, "{listed}");
    let public = &listed["list"][0];
    assert_eq!(public["code"], "ENT-SHOW", "{public}");
    assert_eq!(public["orgId"], actors.org_a, "{public}");
    assert!(public["publishTime"].is_i64(), "{public}");
    for internal in ["state", "remark", "submittedBy", "reviewedBy", "showcased"] {
        assert!(public.get(internal).is_none(), "{internal} in {public}");
    }
    let (status, etag, bytes) = download(&app, &file, None).await?;
    assert_eq!((status, bytes.as_slice()), (200, STL), "{etag:?}");
    assert!(etag.is_some());
    let keyword = call(
        &app,
        get.clone(),
        &format!("{page}?keyword=not-there"),
        None,
        None,
    )
    .await?;
    assert_eq!(keyword["data"]["total"], 0, "{keyword}");
    // Another organisation's page, or the item under another organisation's id: nothing.
    let org_b = call(
        &app,
        get.clone(),
        &format!("{MEMBER_BASE}/showcase/{}/items", actors.org_b),
        None,
        None,
    )
    .await?;
    assert_eq!(org_b["data"]["total"], 0, "{org_b}");
    let wrong_org = format!("{MEMBER_BASE}/showcase/{}/items/{id}/files/0", actors.org_b);
    let (_, _, bytes) = download(&app, &wrong_org, Some(&actors.other)).await?;
    assert_eq!(code_of(&serde_json::from_slice(&bytes)?), ITEM_NOT_FOUND);

    // A resubmission leaves the page until it is approved again; the choice is kept.
    let mut revised = draft("ENT-SHOW", category);
    revised["keepFiles"] = json!([0]);
    ok(
        &app,
        put.clone(),
        &format!("{MEMBER_BASE}/items/{id}"),
        &actors.member,
        Some(&revised),
    )
    .await?;
    assert_eq!(public_total().await?["total"], 0);
    let (_, _, bytes) = download(&app, &file, None).await?;
    assert_eq!(code_of(&serde_json::from_slice(&bytes)?), ITEM_NOT_FOUND);
    ok(
        &app,
        put.clone(),
        &format!("{QUEUE}/{id}"),
        &actors.operator,
        Some(&json!({"approved": true})),
    )
    .await?;
    assert_eq!(public_total().await?["total"], 1);

    // Hidden again: gone for everyone.
    let hidden = ok(
        &app,
        put.clone(),
        &showcase,
        &actors.member,
        Some(&show(false)),
    )
    .await?;
    assert_eq!(hidden["showcased"], false, "{hidden}");
    assert_eq!(public_total().await?["total"], 0);

    // The page's title: an enabled organisation's name, nothing for the platform or a disabled one.
    let org = call(
        &app,
        get.clone(),
        &format!("/to/api/base/system/org/get?id={}", actors.org_a),
        None,
        None,
    )
    .await?;
    assert_eq!(
        org["data"],
        json!({"id": actors.org_a, "name": "甲公司"}),
        "{org}"
    );
    for id in [0, 1, 999_999] {
        let missing = call(
            &app,
            get.clone(),
            &format!("/to/api/base/system/org/get?id={id}"),
            None,
            None,
        )
        .await?;
        assert_eq!(code_of(&missing), ORG_NOT_EXISTS, "{id}: {missing}");
    }
    ok(
        &app,
        put.clone(),
        &format!("{ORGS}/{}", actors.org_b),
        &actors.admin,
        Some(&json!({"enabled": false})),
    )
    .await?;
    let disabled = call(
        &app,
        get.clone(),
        &format!("/to/api/base/system/org/get?id={}", actors.org_b),
        None,
        None,
    )
    .await?;
    assert_eq!(code_of(&disabled), ORG_NOT_EXISTS, "{disabled}");

    // Disabling the organisation takes its page down on the library's routes too, at once (the
    // system service forgets the organisation's state when it changes); enabled again, it is back.
    ok(
        &app,
        put.clone(),
        &showcase,
        &actors.member,
        Some(&show(true)),
    )
    .await?;
    assert_eq!(public_total().await?["total"], 1);
    let set_enabled = |enabled: bool| {
        let (app, put, admin) = (&app, put.clone(), actors.admin.clone());
        let path = format!("{ORGS}/{}", actors.org_a);
        async move { ok(app, put, &path, &admin, Some(&json!({"enabled": enabled}))).await }
    };
    set_enabled(false).await?;
    assert_eq!(public_total().await?["total"], 0);
    let (_, _, bytes) = download(&app, &file, None).await?;
    assert_eq!(code_of(&serde_json::from_slice(&bytes)?), ITEM_NOT_FOUND);
    set_enabled(true).await?;
    assert_eq!(public_total().await?["total"], 1);
    let (status, _, bytes) = download(&app, &file, None).await?;
    assert_eq!((status, bytes.as_slice()), (200, STL));
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    reviews_land_in_the_library_audit_log,
    an_organisation_shows_approved_items_on_its_public_page,
    a_reviewed_item_is_resubmitted_once_with_kept_and_new_files,
    a_batch_takes_its_files_from_a_zip,
    a_parallel_burst_of_batch_imports_keeps_each_file_whole,
    an_items_files_travel_from_the_upload_to_the_review,
    a_batch_is_imported_whole_or_not_at_all,
    members_publish_operators_review_and_only_the_organisation_sees_it,
    an_organisation_takes_publishing_from_a_member,
    the_isolation_matrix_covers_every_enterprise_route,
    a_step_models_thumbnail_is_drawn_from_the_pages_mesh,
    an_organisations_models_are_searched_by_shape_within_it,
    a_parallel_burst_of_reviews_decides_once
);
