//! Operators manage the category tree (docs/operations.md "Categories",
//! `/to/api/operation/component/catalog-categories`): corrections show on the public tree and in
//! search and survive the taxonomy sync, only an empty category can be hidden and then leaves
//! every public category route, and each change lands once in the audit log, bursts included.

use catalog::store::{CategoryRepository, CategoryStore};
use futures_util::future::join_all;
use kernel::testing::{TestApp, TestEnvironment};
use serde_json::{json, Value};

use crate::catalog_items::{audit_entries, spawn_with_users};
use crate::catalog_manufacturers::catch_up;
use crate::helpers::{call, ok, store, BASE};

const CATEGORIES: &str = "/to/api/operation/component/catalog-categories";
const CATEGORY_NOT_FOUND: i64 = 1_043_003_000;
const CATEGORY_NOT_EMPTY: i64 = 1_043_003_001;

/// The operators' tree.
async fn admin_tree(app: &TestApp, session: &str) -> anyhow::Result<Value> {
    ok(
        app,
        reqwest::Method::GET,
        &format!("{CATEGORIES}/tree"),
        session,
        None,
    )
    .await
}

/// Node `code` of a tree (operators' or public).
fn node<'a>(tree: &'a Value, code: &str) -> Option<&'a Value> {
    tree.as_array()?.iter().find_map(|node| {
        if node["code"] == code {
            Some(node)
        } else {
            self::node(&node["children"], code)
        }
    })
}

/// The public tree.
async fn public_tree(app: &TestApp) -> anyhow::Result<Value> {
    crate::helpers::data(app, &format!("{BASE}/category/tree")).await
}

async fn edit(app: &TestApp, session: &str, code: &str, body: Value) -> anyhow::Result<Value> {
    call(
        app,
        reqwest::Method::PUT,
        &format!("{CATEGORIES}/{code}"),
        Some(session),
        Some(&body),
    )
    .await
}

async fn set_hidden(
    app: &TestApp,
    session: &str,
    code: &str,
    hidden: bool,
) -> anyhow::Result<Value> {
    call(
        app,
        reqwest::Method::PUT,
        &format!("{CATEGORIES}/{code}/hidden"),
        Some(session),
        Some(&json!({"hidden": hidden, "reason": "暂无条目"})),
    )
    .await
}

/// The code of a leaf under `parent` with nothing in it.
fn empty_leaf(tree: &Value, parent: &str) -> anyhow::Result<String> {
    node(tree, parent)
        .and_then(|parent| parent["children"].as_array())
        .and_then(|children| {
            children.iter().find(|child| {
                child["subtreeItemCount"] == 0
                    && child["enterpriseItemCount"] == 0
                    && child["children"].as_array().is_some_and(Vec::is_empty)
            })
        })
        .and_then(|leaf| leaf["code"].as_str())
        .map(str::to_owned)
        .ok_or_else(|| anyhow::anyhow!("no empty leaf under {parent}: {tree}"))
}

async fn only_operators_manage_categories_and_bad_input_is_refused(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, _service, sessions) = spawn_with_users(&environment).await?;
    let good = json!({"name": "贴片电容", "nameEn": "MLCC", "sort": 1, "reason": "统一叫法"});
    for (session, code) in [(None, 401), (Some(sessions.member.as_str()), 403)] {
        let tree = call(
            &app,
            reqwest::Method::GET,
            &format!("{CATEGORIES}/tree"),
            session,
            None,
        )
        .await?;
        assert_eq!(tree["code"], code, "{tree}");
        let put = call(
            &app,
            reqwest::Method::PUT,
            &format!("{CATEGORIES}/mlcc"),
            session,
            Some(&good),
        )
        .await?;
        assert_eq!(put["code"], code, "{put}");
        let hide = call(
            &app,
            reqwest::Method::PUT,
            &format!("{CATEGORIES}/mlcc/hidden"),
            session,
            Some(&json!({"hidden": true, "reason": "x"})),
        )
        .await?;
        assert_eq!(hide["code"], code, "{hide}");
    }
    let operator = sessions.operator.as_str();
    for (body, message) in [
        (
            json!({"nameEn": "MLCC", "sort": 1, "reason": "r"}),
            "中文名称不能为空",
        ),
        (
            json!({"name": "电容", "sort": 1, "reason": "r"}),
            "英文名称不能为空",
        ),
        (
            json!({"name": "电容", "nameEn": "C", "reason": "r"}),
            "排序不能为空",
        ),
        (
            json!({"name": "电容", "nameEn": "C", "sort": 10000, "reason": "r"}),
            "排序须在",
        ),
        (
            json!({"name": "电容", "nameEn": "C", "sort": 1}),
            "修正原因不能为空",
        ),
        (
            json!({"name": "电".repeat(51), "nameEn": "C", "sort": 1, "reason": "r"}),
            "中文名称过长",
        ),
    ] {
        let answer = edit(&app, operator, "mlcc", body).await?;
        assert_eq!(answer["code"], 400, "{answer}");
        assert!(
            answer["msg"]
                .as_str()
                .is_some_and(|msg| msg.contains(message)),
            "{message}: {answer}"
        );
    }
    let no_reason = call(
        &app,
        reqwest::Method::PUT,
        &format!("{CATEGORIES}/mlcc/hidden"),
        Some(operator),
        Some(&json!({"hidden": true})),
    )
    .await?;
    assert_eq!(no_reason["code"], 400, "{no_reason}");
    let unknown = edit(&app, operator, "no-such-category", good).await?;
    assert_eq!(unknown["code"], CATEGORY_NOT_FOUND, "{unknown}");
    let unknown = set_hidden(&app, operator, "no-such-category", true).await?;
    assert_eq!(unknown["code"], CATEGORY_NOT_FOUND, "{unknown}");
    // Nothing was written.
    let entries = audit_entries(&app, operator, "catalog-category.update").await?;
    assert_eq!(entries["total"], 0, "{entries}");
    app.stop().await;
    Ok(())
}

async fn a_correction_shows_everywhere_and_survives_the_taxonomy_sync(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, service, sessions) = spawn_with_users(&environment).await?;
    let operator = sessions.operator.as_str();
    let record = crate::search_index::capacitor();
    store(&environment).await?.upsert(&[record]).await?;
    catch_up(&environment, &service).await?;

    let before = public_tree(&app).await?;
    let capacitor = node(&before, "capacitor").cloned().unwrap_or_default();
    let last = capacitor["children"]
        .as_array()
        .and_then(|children| children.last())
        .and_then(|child| child["code"].as_str())
        .unwrap_or_default()
        .to_owned();
    assert_ne!(last, "", "{capacitor}");
    // Moved to the front, renamed in both languages.
    let answer = edit(
        &app,
        operator,
        &last,
        json!({"name": "片式穿心电容器", "nameEn": "Feed-through capacitors", "sort": 0,
               "reason": "统一叫法"}),
    )
    .await?;
    assert_eq!(answer["code"], 0, "{answer}");
    let corrected = &answer["data"];
    assert_eq!(corrected["name"], "片式穿心电容器", "{corrected}");
    let fields: Vec<&str> = corrected["corrections"]
        .as_array()
        .map(|list| list.iter().filter_map(|c| c["field"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(fields, ["name", "nameEn", "sort"], "{corrected}");
    assert_eq!(corrected["correctionReason"], "统一叫法", "{corrected}");

    let after = public_tree(&app).await?;
    let first = &node(&after, "capacitor").cloned().unwrap_or_default()["children"][0];
    assert_eq!(first["code"], last.as_str(), "{after}");
    assert_eq!(first["name"], "片式穿心电容器", "{first}");
    assert_eq!(first["nameEn"], "Feed-through capacitors", "{first}");

    // Renaming the item's category re-indexes it: search finds it by the new name.
    let renamed = edit(
        &app,
        operator,
        "mlcc",
        json!({"name": "片式多层陶瓷电容器", "nameEn": "MLCC", "sort": 1, "reason": "国标叫法"}),
    )
    .await?;
    assert_eq!(renamed["code"], 0, "{renamed}");
    catch_up(&environment, &service).await?;
    let found = crate::helpers::data(
        &app,
        &format!("{BASE}/search?keyWords=%E7%89%87%E5%BC%8F%E5%A4%9A%E5%B1%82%E9%99%B6%E7%93%B7"),
    )
    .await?;
    assert!(
        found["list"].as_array().is_some_and(|list| list
            .iter()
            .any(|hit| hit.to_string().contains("GRM155R71C104KA88D"))),
        "{found}"
    );
    let detail = crate::helpers::data(&app, &format!("{BASE}/category/mlcc")).await?;
    assert_eq!(detail["category"]["name"], "片式多层陶瓷电容器", "{detail}");

    // The taxonomy sync applies the corrections over the file: nothing to update.
    let location = kernel::db::DatabaseLocation::resolve(&environment.settings, "component")?;
    let categories = CategoryRepository::new(&kernel::Database::connect(&location, 1).await?);
    let report = categories
        .sync(&component_api::LIBRARY.parse_taxonomy()?)
        .await?;
    assert_eq!(report.updated, 0, "{report:?}");
    let synced = public_tree(&app).await?;
    assert_eq!(
        node(&synced, "mlcc").map(|n| n["name"].clone()),
        Some(json!("片式多层陶瓷电容器"))
    );

    // Back to the file's values: no correction left.
    let original = &capacitor["children"]
        .as_array()
        .and_then(|children| children.last())
        .cloned()
        .unwrap_or_default();
    let restored = edit(
        &app,
        operator,
        &last,
        json!({"name": original["name"], "nameEn": original["nameEn"], "sort": original["sort"],
               "reason": "恢复"}),
    )
    .await?;
    assert_eq!(restored["data"]["corrections"], json!([]), "{restored}");
    assert_eq!(restored["data"]["correctionReason"], Value::Null);
    let unchanged = edit(
        &app,
        operator,
        &last,
        json!({"name": original["name"], "nameEn": original["nameEn"], "sort": original["sort"],
               "reason": "再次恢复"}),
    )
    .await?;
    assert_eq!(unchanged["code"], 0, "{unchanged}");

    let entries = audit_entries(&app, operator, "catalog-category.update").await?;
    assert_eq!(
        entries["total"], 3,
        "three changes, one unchanged: {entries}"
    );
    let mlcc_entry = entries["list"]
        .as_array()
        .and_then(|list| list.iter().find(|entry| entry["targetId"] == "mlcc"))
        .cloned()
        .unwrap_or_default();
    assert!(
        mlcc_entry.to_string().contains("片式多层陶瓷电容器")
            && mlcc_entry.to_string().contains("贴片电容"),
        "before and after: {mlcc_entry}"
    );
    app.stop().await;
    Ok(())
}

async fn only_an_empty_category_is_hidden_and_public_routes_leave_it_out(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, service, sessions) = spawn_with_users(&environment).await?;
    let operator = sessions.operator.as_str();
    store(&environment)
        .await?
        .upsert(&[crate::search_index::capacitor()])
        .await?;
    catch_up(&environment, &service).await?;

    for code in ["mlcc", "capacitor"] {
        let refused = set_hidden(&app, operator, code, true).await?;
        assert_eq!(refused["code"], CATEGORY_NOT_EMPTY, "{code}: {refused}");
        assert!(
            refused["msg"]
                .as_str()
                .is_some_and(|msg| msg.contains("个公开条目")),
            "{refused}"
        );
    }

    let tree = admin_tree(&app, operator).await?;
    let leaf = empty_leaf(&tree, "capacitor")?;
    let not_found = call(
        &app,
        reqwest::Method::GET,
        &format!("{BASE}/category/no-such-category"),
        None,
        None,
    )
    .await?["code"]
        .clone();
    let hidden = set_hidden(&app, operator, &leaf, true).await?;
    assert_eq!(hidden["code"], 0, "{hidden}");
    assert_eq!(hidden["data"]["hidden"], true, "{hidden}");
    assert_eq!(hidden["data"]["hiddenReason"], "暂无条目", "{hidden}");

    assert!(node(&public_tree(&app).await?, &leaf).is_none());
    for path in [
        format!("{BASE}/category/{leaf}"),
        format!("{BASE}/category/{leaf}/items"),
    ] {
        let answer = call(&app, reqwest::Method::GET, &path, None, None).await?;
        assert_eq!(answer["code"], not_found, "{path}: {answer}");
    }
    // The operators still see it, marked.
    let tree = admin_tree(&app, operator).await?;
    assert_eq!(
        node(&tree, &leaf).map(|n| n["hidden"].clone()),
        Some(json!(true))
    );

    let shown = set_hidden(&app, operator, &leaf, false).await?;
    assert_eq!(shown["data"]["hidden"], false, "{shown}");
    assert!(node(&public_tree(&app).await?, &leaf).is_some());
    crate::helpers::data(&app, &format!("{BASE}/category/{leaf}")).await?;

    for action in ["catalog-category.hide", "catalog-category.unhide"] {
        let entries = audit_entries(&app, operator, action).await?;
        assert_eq!(entries["total"], 1, "{action}: {entries}");
    }
    app.stop().await;
    Ok(())
}

async fn a_parallel_burst_hides_a_category_once(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, _service, sessions) = spawn_with_users(&environment).await?;
    let operator = sessions.operator.as_str();
    let leaf = empty_leaf(&admin_tree(&app, operator).await?, "resistor")?;
    let answers = join_all((0..10).map(|_| set_hidden(&app, operator, &leaf, true))).await;
    for answer in answers {
        let answer = answer?;
        assert_eq!(answer["data"]["hidden"], true, "{answer}");
    }
    let entries = audit_entries(&app, operator, "catalog-category.hide").await?;
    assert_eq!(entries["total"], 1, "one hide, one entry: {entries}");
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    only_operators_manage_categories_and_bad_input_is_refused,
    a_correction_shows_everywhere_and_survives_the_taxonomy_sync,
    only_an_empty_category_is_hidden_and_public_routes_leave_it_out,
    a_parallel_burst_hides_a_category_once
);
