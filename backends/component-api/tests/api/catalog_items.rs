//! Operators hide a public item and restore it (docs/operations.md "Catalogue items",
//! `/to/api/operation/component/catalog-items`): a hidden item leaves every public route — checked
//! by a table built from the service's own route table, so a new public route cannot be left out —
//! survives a re-import hidden, and each change lands once in the library's audit log.

use std::collections::BTreeSet;
use std::sync::Arc;

use anyhow::Context;
use catalog::store::CategoryRepository;
use component_api::ComponentService;
use futures_util::future::join_all;
use kernel::testing::{TestApp, TestEnvironment};
use serde_json::{json, Value};

use crate::helpers::{call, create_user, fixture_seed, id_of, ok, set_role, sign_in, store, BASE};

pub(crate) const CATALOG: &str = "/to/api/operation/component/catalog-items";
const AUDIT_LOG: &str = "/to/api/operation/component/audit-log/page";
const ACCESS_TOKENS: &str = "/to/api/base/system/user/access-tokens";
const CATALOG_ITEM_NOT_FOUND: i64 = 1_043_001_000;
const OPERATOR: &str = "operator@example.com";
const MEMBER: &str = "member@example.com";
const AMS1117: &str = "Regulator_Linear:AMS1117-3.3";

pub(crate) struct Sessions {
    pub(crate) operator: String,
    pub(crate) member: String,
}

/// The system and component services in one application, with an operator (role `operator`,
/// which holds `component:catalog:manage`) and a member.
pub(crate) async fn spawn_with_users(
    environment: &TestEnvironment,
) -> anyhow::Result<(TestApp, Arc<ComponentService>, Sessions)> {
    spawn_with_users_seeded(environment, &fixture_seed()).await
}

/// [`spawn_with_users`] with the component seed at `seed`.
pub(crate) async fn spawn_with_users_seeded(
    environment: &TestEnvironment,
    seed: &std::path::Path,
) -> anyhow::Result<(TestApp, Arc<ComponentService>, Sessions)> {
    let mut settings = environment.settings.clone();
    settings.accounts.password_hash.memory_kib = 1024;
    settings.accounts.password_hash.iterations = 1;
    for (name, role) in [("operator", "operator"), ("member", "member")] {
        let id = create_user(&settings, name, &format!("{name}@example.com")).await?;
        set_role(&settings, id, role).await?;
    }
    let component = Arc::new(ComponentService::new(Some(seed.to_path_buf())));
    let app = TestApp::spawn(
        settings,
        vec![system_api::service(), component.clone()],
        None,
    )
    .await?;
    let sessions = Sessions {
        operator: sign_in(&app, OPERATOR).await?,
        member: sign_in(&app, MEMBER).await?,
    };
    Ok((app, component, sessions))
}

async fn set_hidden(app: &TestApp, session: &str, id: i64, body: Value) -> anyhow::Result<Value> {
    call(
        app,
        reqwest::Method::PUT,
        &format!("{CATALOG}/{id}/hidden"),
        Some(session),
        Some(&body),
    )
    .await
}

/// A public GET as a browser or KiCad sends it: the HTTP status and the body as text.
async fn public_get(
    app: &TestApp,
    path: &str,
    authorization: &str,
) -> anyhow::Result<(u16, String)> {
    let response = app
        .client
        .get(app.url(path))
        .header("Authorization", authorization)
        .send()
        .await?;
    Ok((response.status().as_u16(), response.text().await?))
}

/// Whether an answer refuses: an error status, or an envelope with a non-zero code (a picture or
/// a file served with 200 is no refusal).
fn refused(status: u16, body: &str) -> bool {
    status != 200
        || serde_json::from_str::<Value>(body)
            .ok()
            .is_some_and(|envelope| envelope["code"].as_i64().is_some_and(|code| code != 0))
}

/// What a public route must answer while the item is hidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Hidden {
    /// A route of the item itself: refused.
    Refused,
    /// A list or count: answers, without the item.
    Absent,
    /// A route that shows no item (the category tree, the KiCad library's description).
    NoItems,
}

async fn only_operators_manage_the_catalogue(environment: TestEnvironment) -> anyhow::Result<()> {
    let (app, _service, sessions) = spawn_with_users(&environment).await?;
    let id = id_of(&environment, AMS1117).await?;
    let page = format!("{CATALOG}/page");
    let get = reqwest::Method::GET;
    let anonymous = call(&app, get.clone(), &page, None, None).await?;
    assert_eq!(anonymous["code"], 401, "{anonymous}");
    let member = call(&app, get.clone(), &page, Some(&sessions.member), None).await?;
    assert_eq!(member["code"], 403, "{member}");
    let hide = json!({"hidden": true, "reason": "数据有误"});
    let member_hide = set_hidden(&app, &sessions.member, id, hide.clone()).await?;
    assert_eq!(member_hide["code"], 403, "{member_hide}");

    let listed = ok(
        &app,
        get.clone(),
        &format!("{page}?keyWords=ams1117-3.3"),
        &sessions.operator,
        None,
    )
    .await?;
    assert_eq!(listed["total"], 1, "{listed}");
    assert_eq!(listed["list"][0]["id"], id);
    assert_eq!(listed["list"][0]["code"], "AMS1117-3.3");
    assert_eq!(listed["list"][0]["hidden"], false);
    assert_eq!(listed["list"][0]["categoryCode"], "ldo");
    let by_id = ok(
        &app,
        get.clone(),
        &format!("{page}?keyWords={id}"),
        &sessions.operator,
        None,
    )
    .await?;
    assert!(by_id["list"]
        .as_array()
        .is_some_and(|list| list.iter().any(|item| item["id"] == id)));

    // Bad input: a clear error, nothing written.
    for (body, msg) in [
        (json!({"hidden": true}), "隐藏原因不能为空"),
        (json!({"hidden": true, "reason": "  "}), "隐藏原因不能为空"),
        (
            json!({"hidden": true, "reason": "长".repeat(201)}),
            "隐藏原因过长",
        ),
    ] {
        let refused = set_hidden(&app, &sessions.operator, id, body).await?;
        assert_eq!(refused["code"], 400, "{refused}");
        assert_eq!(refused["msg"], format!("请求参数不正确:{msg}"), "{refused}");
    }
    let missing = set_hidden(&app, &sessions.operator, 987_654_321, hide).await?;
    assert_eq!(missing["code"], CATALOG_ITEM_NOT_FOUND, "{missing}");
    let too_long = call(
        &app,
        get.clone(),
        &format!("{page}?keyWords={}", "x".repeat(101)),
        Some(&sessions.operator),
        None,
    )
    .await?;
    assert_eq!(too_long["code"], 400, "{too_long}");
    let hidden_only = ok(
        &app,
        get,
        &format!("{page}?hidden=true"),
        &sessions.operator,
        None,
    )
    .await?;
    assert_eq!(hidden_only["total"], 0, "nothing was hidden: {hidden_only}");
    app.stop().await;
    Ok(())
}

async fn a_hidden_item_leaves_every_public_route_until_restored(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    use Hidden::{Absent, NoItems, Refused};
    let (app, service, sessions) = spawn_with_users(&environment).await?;
    let id = id_of(&environment, AMS1117).await?;
    let get = reqwest::Method::GET;
    let detail = ok(
        &app,
        get.clone(),
        &format!("{BASE}/item/{id}"),
        &sessions.member,
        None,
    )
    .await?;
    let code = detail["component"]["partNumber"]
        .as_str()
        .context("partNumber")?
        .to_owned();
    let manufacturer = detail["manufacturer"]["id"]
        .as_i64()
        .context("manufacturer")?;
    let manufacturer_name = detail["manufacturer"]["name"]
        .as_str()
        .context("manufacturer name")?
        .to_owned();
    let category_id = detail["component"]["categoryId"]
        .as_i64()
        .context("categoryId")?;
    // A visible neighbour for compare: another regulator of the fixture.
    let other = id_of(&environment, "Regulator_Linear:AMS1117-5.0").await?;
    let created = ok(
        &app,
        reqwest::Method::POST,
        ACCESS_TOKENS,
        &sessions.member,
        Some(&json!({"name": "KiCad", "expiresInDays": 30})),
    )
    .await?;
    let kicad = format!("Token {}", created["secret"].as_str().context("secret")?);

    #[rustfmt::skip]
    let table: Vec<(&str, String, Hidden)> = vec![
        ("/category/counts", String::new(), Absent),
        ("/category/tree", String::new(), NoItems),
        ("/category/{code}", "/category/ldo".into(), NoItems),
        ("/category/{code}/items", "/category/ldo/items?pageSize=100".into(), Absent),
        ("/es/keyword/suggest", format!("/es/keyword/suggest?keyword={code}"), Absent),
        ("/item/compare", format!("/item/compare?ids={id},{other}"), Refused),
        ("/item/{id}", format!("/item/{id}"), Refused),
        ("/item/{id}/alternatives", format!("/item/{id}/alternatives"), Refused),
        ("/item/{id}/download/{kind}", format!("/item/{id}/download/symbol"), Refused),
        ("/item/{id}/footprint.svg", format!("/item/{id}/footprint.svg"), Refused),
        ("/item/{id}/recommendations", format!("/item/{id}/recommendations"), Refused),
        ("/item/{id}/similar", format!("/item/{id}/similar"), Refused),
        ("/item/{id}/symbol.svg", format!("/item/{id}/symbol.svg"), Refused),
        ("/item/{id}/thumbnail.png", format!("/item/{id}/thumbnail.png"), Refused),
        ("/kicad-api/portal.kicad_httplib", String::new(), NoItems),
        ("/kicad-api/v1/", String::new(), NoItems),
        ("/kicad-api/v1/categories.json", String::new(), NoItems),
        ("/kicad-api/v1/parts/category/{file}", format!("/kicad-api/v1/parts/category/{category_id}.json"), Absent),
        ("/kicad-api/v1/parts/{file}", format!("/kicad-api/v1/parts/{id}.json"), Refused),
        ("/manufacturer/page", format!("/manufacturer/page?keyWords={manufacturer_name}"), Absent),
        ("/manufacturer/{id}", format!("/manufacturer/{manufacturer}?pageSize=100"), Absent),
        ("/search", format!("/search?keyWords={code}"), Absent),
        ("/search3d/status", String::new(), NoItems),
        // Needs an earlier upload's token; its answers go through the same lookup as search3d.
        ("/shape-query/{queryToken}", String::new(), NoItems),
    ];

    // Every public GET route the service documents has its row, and no row is stale.
    let document = serde_json::to_value(kernel::Service::openapi(&*service))?;
    let documented: BTreeSet<String> = document["paths"]
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(path, operations)| path.starts_with(BASE) && operations.get("get").is_some())
        .map(|(path, _)| path[BASE.len()..].to_owned())
        .collect();
    let covered: BTreeSet<String> = table
        .iter()
        .map(|(route, _, _)| (*route).to_owned())
        .collect();
    assert_eq!(
        documented, covered,
        "the table must list every public GET route"
    );

    let counts_before = ok(
        &app,
        get.clone(),
        &format!("{BASE}/category/counts"),
        &sessions.member,
        None,
    )
    .await?;
    let makers_before = ok(
        &app,
        get.clone(),
        &format!("{BASE}/manufacturer/{manufacturer}"),
        &sessions.member,
        None,
    )
    .await?;
    // Before hiding, every row with a path shows the item (or answers for it).
    for (route, path, expect) in &table {
        if path.is_empty() || *expect == NoItems || *route == "/category/counts" {
            continue;
        }
        let (status, body) = public_get(&app, &format!("{BASE}{path}"), &kicad).await?;
        assert!(
            !refused(status, &body),
            "{path} before hiding: {status} {body}"
        );
        if *expect == Absent && *route != "/manufacturer/page" {
            assert!(
                body.contains(&format!("\"{code}\"")) || body.contains(&format!("\"id\":\"{id}\"")),
                "{path} should show {code} before hiding: {body}"
            );
        }
    }

    let hidden = ok(
        &app,
        reqwest::Method::PUT,
        &format!("{CATALOG}/{id}/hidden"),
        &sessions.operator,
        Some(&json!({"hidden": true, "reason": "数据有误，待核实"})),
    )
    .await?;
    assert_eq!(hidden["hidden"], true, "{hidden}");
    assert_eq!(hidden["hiddenReason"], "数据有误，待核实");
    assert!(hidden["hiddenTime"].as_i64().is_some(), "{hidden}");
    assert!(hidden["hiddenBy"].as_i64().is_some(), "{hidden}");
    let location = kernel::db::DatabaseLocation::resolve(&environment.settings, "component")?;
    let categories = CategoryRepository::new(&kernel::Database::connect(&location, 1).await?);
    let store = store(&environment).await?;
    // What the background follower does within a second, done now.
    service.search().catch_up(&store, &categories).await?;

    for (route, path, expect) in &table {
        if path.is_empty() || *expect == NoItems {
            continue;
        }
        let (status, body) = public_get(&app, &format!("{BASE}{path}"), &kicad).await?;
        match expect {
            Refused => assert!(
                refused(status, &body),
                "{path} while hidden: {status} {body}"
            ),
            Absent => {
                assert!(
                    !refused(status, &body),
                    "{path} while hidden: {status} {body}"
                );
                assert!(
                    !body.contains(&format!("\"{code}\""))
                        && !body.contains(&format!("\"id\":\"{id}\"")),
                    "{route} shows the hidden item: {body}"
                );
            }
            NoItems => {}
        }
    }
    let counts = ok(
        &app,
        get.clone(),
        &format!("{BASE}/category/counts"),
        &sessions.member,
        None,
    )
    .await?;
    assert_eq!(
        counts["ldo"].as_i64().unwrap_or_default(),
        counts_before["ldo"].as_i64().unwrap_or_default() - 1,
        "{counts} after {counts_before}"
    );
    let makers = ok(
        &app,
        get.clone(),
        &format!("{BASE}/manufacturer/{manufacturer}"),
        &sessions.member,
        None,
    )
    .await?;
    assert_eq!(
        makers["components"]["total"].as_i64().unwrap_or_default(),
        makers_before["components"]["total"]
            .as_i64()
            .unwrap_or_default()
            - 1,
        "{makers}"
    );
    // The operators still find it, marked.
    let listed = ok(
        &app,
        get.clone(),
        &format!("{CATALOG}/page?hidden=true"),
        &sessions.operator,
        None,
    )
    .await?;
    assert_eq!(listed["total"], 1, "{listed}");
    assert_eq!(listed["list"][0]["id"], id);

    let restored = ok(
        &app,
        reqwest::Method::PUT,
        &format!("{CATALOG}/{id}/hidden"),
        &sessions.operator,
        Some(&json!({"hidden": false})),
    )
    .await?;
    assert_eq!(restored["hidden"], false, "{restored}");
    assert_eq!(restored["hiddenReason"], Value::Null, "{restored}");
    service.search().catch_up(&store, &categories).await?;
    let found = ok(
        &app,
        get.clone(),
        &format!("{BASE}/search?keyWords={code}"),
        &sessions.member,
        None,
    )
    .await?;
    assert!(
        found.to_string().contains(&format!("\"{code}\"")),
        "{found}"
    );
    ok(
        &app,
        get.clone(),
        &format!("{BASE}/item/{id}"),
        &sessions.member,
        None,
    )
    .await?;
    let counts_after = ok(
        &app,
        get,
        &format!("{BASE}/category/counts"),
        &sessions.member,
        None,
    )
    .await?;
    assert_eq!(counts_after["ldo"], counts_before["ldo"], "{counts_after}");
    app.stop().await;
    Ok(())
}

async fn a_reimport_keeps_a_hidden_item_hidden(environment: TestEnvironment) -> anyhow::Result<()> {
    let (app, _service, sessions) = spawn_with_users(&environment).await?;
    let store = store(&environment).await?;
    let mut capacitor = crate::search_index::capacitor();
    store.upsert(std::slice::from_ref(&capacitor)).await?;
    let id = id_of(&environment, &capacitor.source_id).await?;
    let hidden = set_hidden(
        &app,
        &sessions.operator,
        id,
        json!({"hidden": true, "reason": "重复条目"}),
    )
    .await?;
    assert_eq!(hidden["data"]["hidden"], true, "{hidden}");
    // The source changes the record: the import updates it, the operator's decision stays.
    capacitor.description = "Murata MLCC 0.1uF 16V X7R 0402 (revised)".into();
    let report = store.upsert(std::slice::from_ref(&capacitor)).await?;
    assert_eq!(report.updated, 1, "{report:?}");
    let detail = call(
        &app,
        reqwest::Method::GET,
        &format!("{BASE}/item/{id}"),
        None,
        None,
    )
    .await?;
    assert_eq!(detail["code"], 1_020_002_000, "{detail}");
    let listed = ok(
        &app,
        reqwest::Method::GET,
        &format!("{CATALOG}/page?keyWords={id}&hidden=true"),
        &sessions.operator,
        None,
    )
    .await?;
    assert_eq!(listed["total"], 1, "{listed}");
    assert_eq!(listed["list"][0]["hiddenReason"], "重复条目");
    app.stop().await;
    Ok(())
}

/// Entries of the library's audit log with `action`.
pub(crate) async fn audit_entries(
    app: &TestApp,
    session: &str,
    action: &str,
) -> anyhow::Result<Value> {
    ok(
        app,
        reqwest::Method::GET,
        &format!("{AUDIT_LOG}?action={action}"),
        session,
        None,
    )
    .await
}

async fn a_parallel_burst_of_hides_changes_once(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, _service, sessions) = spawn_with_users(&environment).await?;
    let id = id_of(&environment, AMS1117).await?;
    for (body, action) in [
        (
            json!({"hidden": true, "reason": "来源许可有争议"}),
            "catalog-item.hide",
        ),
        (json!({"hidden": false}), "catalog-item.unhide"),
    ] {
        let answers =
            join_all((0..10).map(|_| set_hidden(&app, &sessions.operator, id, body.clone()))).await;
        for answer in answers {
            let answer = answer?;
            assert_eq!(answer["code"], 0, "{answer}");
            assert_eq!(answer["data"]["hidden"], body["hidden"], "{answer}");
        }
        let entries = audit_entries(&app, &sessions.operator, action).await?;
        assert_eq!(entries["total"], 1, "one change, one entry: {entries}");
        let entry = &entries["list"][0];
        assert_eq!(entry["targetType"], "catalog-item");
        assert_eq!(entry["targetId"], id.to_string());
        assert_eq!(entry["after"]["hidden"], body["hidden"], "{entry}");
        assert_eq!(
            entry["before"]["hidden"],
            !body["hidden"].as_bool().unwrap_or_default()
        );
    }
    app.stop().await;
    Ok(())
}

/// `PUT …/catalog-items/{id}` with `fields` over the item's current values.
pub(crate) async fn correct(
    app: &TestApp,
    session: &str,
    id: i64,
    fields: Value,
) -> anyhow::Result<Value> {
    let detail = ok(
        app,
        reqwest::Method::GET,
        &format!("{CATALOG}/{id}"),
        session,
        None,
    )
    .await?;
    let mut body = json!({
        "name": detail["item"]["name"],
        "description": detail["description"],
        "categoryCode": detail["categoryCode"],
        "documentUrl": detail["documentUrl"],
        "lifecycle": detail["lifecycle"],
        "reason": "型号与手册不符",
    });
    if let (Some(body), Some(fields)) = (body.as_object_mut(), fields.as_object()) {
        body.extend(fields.clone());
    }
    call(
        app,
        reqwest::Method::PUT,
        &format!("{CATALOG}/{id}"),
        Some(session),
        Some(&body),
    )
    .await
}

/// The public detail of item `id`, as anyone reads it.
pub(crate) async fn public_detail(app: &TestApp, id: i64) -> anyhow::Result<Value> {
    let detail = call(
        app,
        reqwest::Method::GET,
        &format!("{BASE}/item/{id}"),
        None,
        None,
    )
    .await?;
    anyhow::ensure!(detail["code"] == 0, "{detail}");
    Ok(detail["data"].clone())
}

/// The public detail's component.
async fn public_component(app: &TestApp, id: i64) -> anyhow::Result<Value> {
    Ok(public_detail(app, id).await?["component"].clone())
}

async fn a_corrected_item_keeps_its_correction_through_a_reimport(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, service, sessions) = spawn_with_users(&environment).await?;
    let store = store(&environment).await?;
    let mut capacitor = crate::search_index::capacitor();
    store.upsert(std::slice::from_ref(&capacitor)).await?;
    let id = id_of(&environment, &capacitor.source_id).await?;
    let detail = ok(
        &app,
        reqwest::Method::GET,
        &format!("{CATALOG}/{id}"),
        &sessions.operator,
        None,
    )
    .await?;
    assert_eq!(detail["item"]["edited"], false, "{detail}");
    assert_eq!(detail["categoryCode"], "mlcc");
    assert_eq!(detail["corrections"], json!([]));

    let corrected = correct(
        &app,
        &sessions.operator,
        id,
        json!({"name": "GRM155R71C104KA88J", "categoryCode": "ldo", "lifecycle": "obsolete",
               "documentUrl": "https://www.murata.com/grm155"}),
    )
    .await?;
    assert_eq!(corrected["code"], 0, "{corrected}");
    let corrected = &corrected["data"];
    assert_eq!(corrected["item"]["edited"], true, "{corrected}");
    assert_eq!(corrected["item"]["name"], "GRM155R71C104KA88J");
    assert_eq!(corrected["correctionReason"], "型号与手册不符");
    let mut originals: Vec<(String, Value)> = corrected["corrections"]
        .as_array()
        .context("corrections")?
        .iter()
        .map(|c| {
            (
                c["field"].as_str().unwrap_or_default().to_owned(),
                c["original"].clone(),
            )
        })
        .collect();
    originals.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        originals,
        [
            ("categoryCode".to_owned(), json!("mlcc")),
            ("documentUrl".to_owned(), Value::Null),
            ("lifecycle".to_owned(), Value::Null),
            ("name".to_owned(), json!("GRM155R71C104KA88D")),
        ],
        "{corrected}"
    );
    let public = public_component(&app, id).await?;
    assert_eq!(public["name"], "GRM155R71C104KA88J", "{public}");
    assert_eq!(public["categoryCode"], "ldo");
    assert_eq!(public["lifecycle"], "obsolete");
    assert_eq!(public["datasheet"], "https://www.murata.com/grm155");
    // The search index follows the change feed.
    let location = kernel::db::DatabaseLocation::resolve(&environment.settings, "component")?;
    let categories = CategoryRepository::new(&kernel::Database::connect(&location, 1).await?);
    service.search().catch_up(&store, &categories).await?;
    let found = ok(
        &app,
        reqwest::Method::GET,
        &format!("{BASE}/search?keyWords=GRM155R71C104KA88J"),
        &sessions.member,
        None,
    )
    .await?;
    assert!(found.to_string().contains("GRM155R71C104KA88J"), "{found}");

    // The source changes its description and its name: the description follows, the corrected
    // name stays, and the correction now remembers the source's new name.
    capacitor.description = "Murata MLCC 0.1uF 16V X7R 0402 (revised)".into();
    capacitor.name = "GRM155R71C104KA88D#".into();
    let report = store.upsert(std::slice::from_ref(&capacitor)).await?;
    assert_eq!(report.updated, 1, "{report:?}");
    let public = public_component(&app, id).await?;
    assert_eq!(public["name"], "GRM155R71C104KA88J", "{public}");
    assert_eq!(
        public["description"],
        "Murata MLCC 0.1uF 16V X7R 0402 (revised)"
    );
    assert_eq!(public["categoryCode"], "ldo");
    let detail = ok(
        &app,
        reqwest::Method::GET,
        &format!("{CATALOG}/{id}"),
        &sessions.operator,
        None,
    )
    .await?;
    let name = detail["corrections"]
        .as_array()
        .and_then(|all| all.iter().find(|c| c["field"] == "name"))
        .context("the name's correction")?;
    assert_eq!(name["original"], "GRM155R71C104KA88D#", "{detail}");

    // Set back to the source's values, the fields are no longer corrected.
    let back = correct(
        &app,
        &sessions.operator,
        id,
        json!({"name": "GRM155R71C104KA88D#", "categoryCode": "mlcc", "lifecycle": "",
               "documentUrl": ""}),
    )
    .await?;
    assert_eq!(back["data"]["corrections"], json!([]), "{back}");
    assert_eq!(back["data"]["item"]["edited"], false, "{back}");
    let entries = audit_entries(&app, &sessions.operator, "catalog-item.update").await?;
    assert_eq!(entries["total"], 2, "{entries}");
    let first = &entries["list"][1];
    assert_eq!(
        first["before"]["fields"]["name"], "GRM155R71C104KA88D",
        "{first}"
    );
    assert_eq!(
        first["after"]["fields"]["name"], "GRM155R71C104KA88J",
        "{first}"
    );
    assert_eq!(first["after"]["reason"], "型号与手册不符", "{first}");
    app.stop().await;
    Ok(())
}

async fn a_correction_refuses_bad_input_and_a_burst_writes_once(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, _service, sessions) = spawn_with_users(&environment).await?;
    let id = id_of(&environment, AMS1117).await?;
    let before = public_component(&app, id).await?;
    let member = correct(&app, &sessions.member, id, json!({})).await;
    // The member cannot even read the editor's detail.
    assert!(member.is_err(), "{member:?}");
    let member_put = call(
        &app,
        reqwest::Method::PUT,
        &format!("{CATALOG}/{id}"),
        Some(&sessions.member),
        Some(&json!({"name": "x", "reason": "y"})),
    )
    .await?;
    assert_eq!(member_put["code"], 403, "{member_put}");
    for (fields, msg) in [
        (json!({"name": " "}), "名称不能为空"),
        (json!({"reason": ""}), "修改原因不能为空"),
        (json!({"categoryCode": "no-such-category"}), "分类不存在"),
        (
            json!({"lifecycle": "dead"}),
            "生命周期须为 active、nrnd 或 obsolete",
        ),
        (
            json!({"documentUrl": "www.ams.com"}),
            "文档链接须以 http:// 或 https:// 开头",
        ),
    ] {
        let refused = correct(&app, &sessions.operator, id, fields).await?;
        assert_eq!(refused["code"], 400, "{refused}");
        assert_eq!(refused["msg"], format!("请求参数不正确:{msg}"), "{refused}");
    }
    let missing = call(
        &app,
        reqwest::Method::PUT,
        &format!("{CATALOG}/987654321"),
        Some(&sessions.operator),
        Some(&json!({"name": "x", "reason": "y"})),
    )
    .await?;
    assert_eq!(missing["code"], CATALOG_ITEM_NOT_FOUND, "{missing}");
    assert_eq!(public_component(&app, id).await?, before, "nothing written");

    // Ten identical corrections at once: one change, one entry.
    let answers = join_all(
        (0..10).map(|_| correct(&app, &sessions.operator, id, json!({"lifecycle": "nrnd"}))),
    )
    .await;
    for answer in answers {
        let answer = answer?;
        assert_eq!(answer["code"], 0, "{answer}");
        assert_eq!(answer["data"]["lifecycle"], "nrnd", "{answer}");
    }
    let entries = audit_entries(&app, &sessions.operator, "catalog-item.update").await?;
    assert_eq!(entries["total"], 1, "{entries}");
    app.stop().await;
    Ok(())
}

async fn put_parameters(
    app: &TestApp,
    session: &str,
    id: i64,
    body: Value,
) -> anyhow::Result<Value> {
    call(
        app,
        reqwest::Method::PUT,
        &format!("{CATALOG}/{id}/parameters"),
        Some(session),
        Some(&body),
    )
    .await
}

/// The parameters as written, `[(dimension, value, conditions)]`.
fn written(parameters: &Value) -> Vec<(String, String, Option<String>)> {
    parameters
        .as_array()
        .map(|list| {
            list.iter()
                .map(|p| {
                    (
                        p["dimension"].as_str().unwrap_or_default().to_owned(),
                        p["value"]
                            .as_str()
                            .or(p["original"].as_str())
                            .unwrap_or_default()
                            .to_owned(),
                        p["conditions"].as_str().map(str::to_owned),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

fn row(dimension: &str, value: &str, conditions: Option<&str>) -> (String, String, Option<String>) {
    (
        dimension.to_owned(),
        value.to_owned(),
        conditions.map(str::to_owned),
    )
}

async fn corrected_parameters_reach_the_public_and_outlive_a_reimport(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, service, sessions) = spawn_with_users(&environment).await?;
    let store = store(&environment).await?;
    let mut capacitor = crate::search_index::capacitor();
    store.upsert(std::slice::from_ref(&capacitor)).await?;
    let id = id_of(&environment, &capacitor.source_id).await?;
    let path = format!("{CATALOG}/{id}/parameters");
    let before = ok(&app, reqwest::Method::GET, &path, &sessions.operator, None).await?;
    assert_eq!(
        written(&before["list"]),
        [row("capacitance", "0.1uF", None)]
    );
    assert_eq!(before["original"], Value::Null, "{before}");
    assert!(
        before["dimensions"].as_array().is_some_and(|all| all
            .iter()
            .any(|d| d["key"] == "voltage" && d["name"] == "电压")),
        "{before}"
    );

    // The source's capacitance was wrong and its voltage missing.
    let body = json!({"parameters": [
        {"dimension": "capacitance", "value": "220nF"},
        {"dimension": "voltage", "value": "16V", "conditions": "额定"},
    ], "reason": "以规格书为准"});
    let corrected = put_parameters(&app, &sessions.operator, id, body.clone()).await?;
    assert_eq!(corrected["code"], 0, "{corrected}");
    let corrected = &corrected["data"];
    assert_eq!(
        written(&corrected["list"]),
        [
            row("capacitance", "220nF", None),
            row("voltage", "16V", Some("额定"))
        ]
    );
    assert_eq!(
        written(&corrected["original"]),
        [row("capacitance", "0.1uF", None)]
    );
    assert_eq!(corrected["correctionReason"], "以规格书为准");
    let listed = ok(
        &app,
        reqwest::Method::GET,
        &format!("{CATALOG}/{id}"),
        &sessions.operator,
        None,
    )
    .await?;
    assert_eq!(listed["item"]["edited"], true, "{listed}");
    // The public detail and, through the change feed, the search answer the corrected values.
    let public = public_detail(&app, id).await?;
    assert_eq!(
        written(&public["parameters"]),
        [
            row("capacitance", "220nF", None),
            row("voltage", "16V", Some("额定"))
        ],
        "{public}"
    );
    let typ = public["parameters"][0]["typ"].as_f64().unwrap_or_default();
    assert!(units::approx_eq(typ, 220e-9), "{public}");
    let location = kernel::db::DatabaseLocation::resolve(&environment.settings, "component")?;
    let categories = CategoryRepository::new(&kernel::Database::connect(&location, 1).await?);
    service.search().catch_up(&store, &categories).await?;
    let found = ok(
        &app,
        reqwest::Method::GET,
        &format!("{BASE}/search?keyWords=220nF"),
        &sessions.member,
        None,
    )
    .await?;
    assert!(found.to_string().contains("GRM155R71C104KA88D"), "{found}");

    // The same list again writes nothing.
    let again = put_parameters(&app, &sessions.operator, id, body).await?;
    assert_eq!(again["code"], 0, "{again}");

    // The source changes (a new description and capacitance): the correction stays and now
    // remembers the source's new list.
    capacitor.description = "Murata MLCC 0.1uF 16V X7R 0402 (revised)".into();
    capacitor.parameters[0].original = "100nF".into();
    let report = store.upsert(std::slice::from_ref(&capacitor)).await?;
    assert_eq!(report.updated, 1, "{report:?}");
    let after = ok(&app, reqwest::Method::GET, &path, &sessions.operator, None).await?;
    assert_eq!(
        written(&after["list"]),
        [
            row("capacitance", "220nF", None),
            row("voltage", "16V", Some("额定"))
        ],
        "{after}"
    );
    assert_eq!(
        written(&after["original"]),
        [row("capacitance", "100nF", None)]
    );
    let public = public_detail(&app, id).await?;
    assert_eq!(public["component"]["description"], capacitor.description);
    assert_eq!(written(&public["parameters"]).len(), 2, "{public}");

    // Set to the source's list, the parameters are no longer corrected.
    let back = put_parameters(
        &app,
        &sessions.operator,
        id,
        json!({"parameters": [{"dimension": "capacitance", "value": "100nF"}],
               "reason": "恢复来源值"}),
    )
    .await?;
    assert_eq!(back["data"]["original"], Value::Null, "{back}");
    let listed = ok(
        &app,
        reqwest::Method::GET,
        &format!("{CATALOG}/{id}"),
        &sessions.operator,
        None,
    )
    .await?;
    assert_eq!(listed["item"]["edited"], false, "{listed}");
    let entries = audit_entries(&app, &sessions.operator, "catalog-item.parameters").await?;
    assert_eq!(entries["total"], 2, "{entries}");
    let first = &entries["list"][1];
    assert_eq!(
        written(&first["before"]["parameters"]),
        [row("capacitance", "0.1uF", None)],
        "{first}"
    );
    assert_eq!(first["after"]["reason"], "以规格书为准", "{first}");
    app.stop().await;
    Ok(())
}

async fn a_parameters_correction_refuses_bad_input_and_a_burst_writes_once(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, _service, sessions) = spawn_with_users(&environment).await?;
    let id = id_of(&environment, AMS1117).await?;
    let before = public_detail(&app, id).await?;
    let member = put_parameters(
        &app,
        &sessions.member,
        id,
        json!({"parameters": [], "reason": "x"}),
    )
    .await?;
    assert_eq!(member["code"], 403, "{member}");
    for (body, msg) in [
        (
            json!({"parameters": [{"dimension": "voltage", "value": "5V"}]}),
            "修改原因不能为空",
        ),
        (json!({"reason": "x"}), "参数列表不能为空"),
        (
            json!({"parameters": [{"dimension": "voltage", "value": "5V"},
                                  {"dimension": "voltage", "value": "10kΩ"}], "reason": "x"}),
            "第 2 项: 10kΩ 不是电压的值",
        ),
        (
            json!({"parameters": [{"dimension": "colour", "value": "red"}], "reason": "x"}),
            "第 1 项: 未知的参数类型 colour",
        ),
    ] {
        let refused = put_parameters(&app, &sessions.operator, id, body).await?;
        assert_eq!(refused["code"], 400, "{refused}");
        assert!(
            refused["msg"].as_str().is_some_and(|m| m.contains(msg)),
            "{refused}"
        );
    }
    let missing = put_parameters(
        &app,
        &sessions.operator,
        987_654_321,
        json!({"parameters": [], "reason": "x"}),
    )
    .await?;
    assert_eq!(missing["code"], CATALOG_ITEM_NOT_FOUND, "{missing}");
    assert_eq!(public_detail(&app, id).await?, before, "nothing written");

    // Ten identical corrections at once: one change, one entry.
    let body = json!({"parameters": [{"dimension": "voltage", "value": "3.3V", "conditions": "输出"}],
                      "reason": "输出电压"});
    let answers =
        join_all((0..10).map(|_| put_parameters(&app, &sessions.operator, id, body.clone()))).await;
    for answer in answers {
        let answer = answer?;
        assert_eq!(answer["code"], 0, "{answer}");
        assert_eq!(
            written(&answer["data"]["list"]),
            [row("voltage", "3.3V", Some("输出"))],
            "{answer}"
        );
    }
    let entries = audit_entries(&app, &sessions.operator, "catalog-item.parameters").await?;
    assert_eq!(entries["total"], 1, "{entries}");
    app.stop().await;
    Ok(())
}

/// A test capacitor `n`, all of them with one part number (duplicates of each other).
fn duplicate(n: u32) -> component_api::model::NewComponent {
    let mut capacitor = crate::search_index::capacitor();
    capacitor.source_id = format!("test:duplicate-{n}");
    capacitor
}

async fn merge_into(app: &TestApp, session: &str, id: i64, target: i64) -> anyhow::Result<Value> {
    call(
        app,
        reqwest::Method::POST,
        &format!("{CATALOG}/{id}/merge"),
        Some(session),
        Some(&json!({"targetId": target, "reason": "同一型号的重复记录"})),
    )
    .await
}

async fn a_merged_duplicate_leads_to_the_item_it_went_into(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, _service, sessions) = spawn_with_users(&environment).await?;
    let store = store(&environment).await?;
    // The third writes the part number in lower case with a separator: still a likely duplicate.
    // One of another manufacturer, or a code that differs by more than separators, is not.
    let mut written_otherwise = duplicate(3);
    written_otherwise.part_number = "grm155-r71c104ka88d".into();
    let mut other_maker = duplicate(4);
    other_maker.manufacturer = Some(component_api::model::InferredManufacturer {
        name: "Samsung Electro-Mechanics".into(),
        website: None,
        method: "library",
    });
    let mut other_code = duplicate(5);
    other_code.part_number = "GRM155R71C104KA88J".into();
    let records = [
        duplicate(1),
        duplicate(2),
        written_otherwise,
        other_maker,
        other_code,
    ];
    store.upsert(&records).await?;
    let mut ids = Vec::new();
    for record in &records {
        ids.push(id_of(&environment, &record.source_id).await?);
    }
    let [kept, twin, third, ..] = ids[..] else {
        anyhow::bail!("five items");
    };
    let listed = ok(
        &app,
        reqwest::Method::GET,
        &format!("{CATALOG}/page?duplicates=true&keyWords=GRM155"),
        &sessions.operator,
        None,
    )
    .await?;
    assert_eq!(listed["total"], 3, "{listed}");
    let listed_ids: Vec<&Value> = listed["list"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|item| &item["id"])
        .collect();
    assert_eq!(
        listed_ids,
        [&json!(kept), &json!(twin), &json!(third)],
        "by the code's key, then id: {listed}"
    );

    // Refused: itself, a missing or hidden target, a missing duplicate.
    let itself = merge_into(&app, &sessions.operator, twin, twin).await?;
    assert_eq!(itself["code"], 400, "{itself}");
    let nowhere = merge_into(&app, &sessions.operator, twin, 987_654_321).await?;
    assert_eq!(
        nowhere["msg"], "请求参数不正确:合并目标不存在或不是公开条目",
        "{nowhere}"
    );
    let missing = merge_into(&app, &sessions.operator, 987_654_321, kept).await?;
    assert_eq!(missing["code"], CATALOG_ITEM_NOT_FOUND, "{missing}");
    let member = merge_into(&app, &sessions.member, twin, kept).await?;
    assert_eq!(member["code"], 403, "{member}");

    let merged = merge_into(&app, &sessions.operator, twin, kept).await?;
    assert_eq!(merged["code"], 0, "{merged}");
    assert_eq!(merged["data"]["hidden"], true);
    assert_eq!(merged["data"]["mergedInto"], kept);
    assert_eq!(merged["data"]["hiddenReason"], "同一型号的重复记录");
    // The duplicate's address shows the item it went into; a hidden item is no target.
    assert_eq!(public_component(&app, twin).await?["id"], kept);
    let into_hidden = merge_into(&app, &sessions.operator, third, twin).await?;
    assert_eq!(into_hidden["code"], 400, "{into_hidden}");
    let left = ok(
        &app,
        reqwest::Method::GET,
        &format!("{CATALOG}/page?duplicates=true&keyWords=GRM155"),
        &sessions.operator,
        None,
    )
    .await?;
    assert_eq!(left["total"], 2, "{left}");

    // Merging the kept one onward takes the earlier duplicate's address along.
    ok(
        &app,
        reqwest::Method::POST,
        &format!("{CATALOG}/{kept}/merge"),
        &sessions.operator,
        Some(&json!({"targetId": third})),
    )
    .await?;
    assert_eq!(public_component(&app, twin).await?["id"], third);
    assert_eq!(public_component(&app, kept).await?["id"], third);
    // Restored, a duplicate is itself again.
    let restored = ok(
        &app,
        reqwest::Method::PUT,
        &format!("{CATALOG}/{twin}/hidden"),
        &sessions.operator,
        Some(&json!({"hidden": false})),
    )
    .await?;
    assert_eq!(restored["mergedInto"], Value::Null, "{restored}");
    assert_eq!(public_component(&app, twin).await?["id"], twin);

    // Five identical merges at once: one entry.
    let answers = join_all((0..5).map(|_| merge_into(&app, &sessions.operator, twin, third))).await;
    for answer in answers {
        let answer = answer?;
        assert_eq!(answer["data"]["mergedInto"], third, "{answer}");
    }
    let entries = audit_entries(&app, &sessions.operator, "catalog-item.merge").await?;
    assert_eq!(entries["total"], 3, "{entries}");
    let last = &entries["list"][0];
    assert_eq!(last["targetId"], twin.to_string(), "{last}");
    assert_eq!(last["after"]["mergedInto"], third, "{last}");
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    only_operators_manage_the_catalogue,
    a_hidden_item_leaves_every_public_route_until_restored,
    a_reimport_keeps_a_hidden_item_hidden,
    a_parallel_burst_of_hides_changes_once,
    a_corrected_item_keeps_its_correction_through_a_reimport,
    a_correction_refuses_bad_input_and_a_burst_writes_once,
    corrected_parameters_reach_the_public_and_outlive_a_reimport,
    a_parameters_correction_refuses_bad_input_and_a_burst_writes_once,
    a_merged_duplicate_leads_to_the_item_it_went_into
);
