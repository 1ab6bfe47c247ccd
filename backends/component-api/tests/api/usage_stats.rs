//! Usage statistics through the real HTTP API (docs/statistics.md): the component library's
//! searches and downloads are recorded by the kit's writer and read by operators under
//! `/to/stat/component`; sign-ups under `/to/stat/system`. Only `operation:stat:query` (role
//! `operator`, or `*:*:*`) reads them.

use std::sync::Arc;

use component_api::ComponentService;
use futures_util::future::join_all;
use kernel::testing::{query_encode, TestApp, TestEnvironment};
use kernel::Database;
use serde_json::Value;

use crate::helpers::{create_user, fixture_seed, id_of, set_role, sign_in, BASE};

const STAT: &str = "/to/stat/component";
const SIGNUPS: &str = "/to/stat/system/signups/daily";
const ADMIN: &str = "admin@example.com";
const OPERATOR: &str = "operator@example.com";
const MEMBER: &str = "member@example.com";

/// The system and component services with an administrator (`*:*:*`), an operator (the role
/// the migration grants the permission to) and a member.
async fn spawn_with_users(
    environment: &TestEnvironment,
) -> anyhow::Result<(TestApp, Arc<ComponentService>)> {
    let mut settings = environment.settings.clone();
    settings.accounts.password_hash.memory_kib = 1024;
    settings.accounts.password_hash.iterations = 1;
    create_user(&settings, "admin", ADMIN).await?;
    let operator = create_user(&settings, "operator", OPERATOR).await?;
    set_role(&settings, operator, "operator").await?;
    let member = create_user(&settings, "member", MEMBER).await?;
    set_role(&settings, member, "member").await?;
    let component = Arc::new(ComponentService::new(Some(fixture_seed())));
    let app = TestApp::spawn(
        settings,
        vec![system_api::service(), component.clone()],
        None,
    )
    .await?;
    Ok((app, component))
}

/// The envelope of a GET with an optional session.
async fn call(app: &TestApp, path: &str, session: Option<&str>) -> anyhow::Result<Value> {
    let mut request = app.client.get(app.url(path));
    if let Some(session) = session {
        request = request.bearer_auth(session);
    }
    Ok(request.send().await?.json().await?)
}

/// `data` of a successful statistics call.
async fn stat(app: &TestApp, path: &str, session: &str) -> anyhow::Result<Value> {
    let envelope = call(app, path, Some(session)).await?;
    anyhow::ensure!(envelope["code"] == 0, "{path}: {envelope}");
    Ok(envelope["data"].clone())
}

async fn search(app: &TestApp, query: &str, session: Option<&str>) -> anyhow::Result<Value> {
    let envelope = call(app, &format!("{BASE}/search?{query}"), session).await?;
    anyhow::ensure!(envelope["code"] == 0, "{query}: {envelope}");
    Ok(envelope["data"].clone())
}

/// The entry of `list` whose `key` is `value`.
fn entry<'a>(list: &'a Value, key: &str, value: &str) -> Option<&'a Value> {
    list.as_array()?.iter().find(|entry| entry[key] == value)
}

/// Today's entry of a daily series (its last).
fn today(series: &Value) -> Value {
    series
        .as_array()
        .and_then(|days| days.last())
        .cloned()
        .unwrap_or_default()
}

/// The user ids recorded for `query` in the component database.
async fn recorded_users(
    environment: &TestEnvironment,
    query: &str,
) -> anyhow::Result<Vec<Option<i64>>> {
    let location = kernel::db::DatabaseLocation::resolve(&environment.settings, "component")?;
    let db = Database::connect(&location, 1).await?;
    let sql = "SELECT user_id FROM usage_search WHERE query = $1 ORDER BY id";
    let users = match &db {
        Database::Sqlite(pool) => sqlx::query_scalar(sql).bind(query).fetch_all(pool).await?,
        Database::Postgres(pool) => sqlx::query_scalar(sql).bind(query).fetch_all(pool).await?,
    };
    db.close().await;
    Ok(users)
}

async fn searches_and_downloads_are_counted(environment: TestEnvironment) -> anyhow::Result<()> {
    let (app, _service) = spawn_with_users(&environment).await?;
    let operator = sign_in(&app, OPERATOR).await?;
    let member = sign_in(&app, MEMBER).await?;
    let before = today(&stat(&app, &format!("{STAT}/searches/daily"), &operator).await?);

    // One search of LM358, then its second page: counted once.
    let first = search(&app, "keyWords=LM358&pageSize=1", None).await?;
    assert_eq!(first["total"], 1, "{first}");
    search(&app, "keyWords=LM358&pageSize=1&pageNo=2", None).await?;
    // The same query typed differently is the same query.
    search(
        &app,
        &format!("keyWords={}", query_encode("  lm358 ")),
        Some(&member),
    )
    .await?;
    // A nonsense query twice, once signed in; a filter that empties a real query.
    for session in [None, Some(member.as_str())] {
        let nothing = search(&app, "keyWords=zzqxv-nonsense", session).await?;
        assert_eq!(nothing["total"], 0);
    }
    let filtered = search(&app, "keyWords=LM358&category=ldo", None).await?;
    assert_eq!(filtered["total"], 0, "{filtered}");
    // Browsing without keywords is not a search.
    search(&app, "allowEmpty=true", None).await?;

    let daily = stat(&app, &format!("{STAT}/searches/daily?days=7"), &operator).await?;
    assert_eq!(daily.as_array().map(Vec::len), Some(7), "{daily}");
    let now = today(&daily);
    assert_eq!(
        now["searches"].as_i64(),
        before["searches"].as_i64().map(|n| n + 5)
    );
    assert_eq!(
        now["zeroResult"].as_i64(),
        before["zeroResult"].as_i64().map(|n| n + 3)
    );

    let top = stat(&app, &format!("{STAT}/queries/top?limit=100"), &operator).await?;
    let lm358 = entry(&top, "query", "lm358").cloned().unwrap_or_default();
    // Two unfiltered and one filtered search; the latest (filtered) found nothing.
    assert_eq!(lm358["searches"], 3, "{top}");
    assert_eq!(lm358["lastTotal"], 0, "{top}");
    assert_eq!(top[0]["query"], "lm358", "most searched first: {top}");

    let zero = stat(&app, &format!("{STAT}/queries/zero-result"), &operator).await?;
    let nonsense = entry(&zero, "query", "zzqxv-nonsense")
        .cloned()
        .unwrap_or_default();
    assert_eq!(nonsense["searches"], 2, "{zero}");
    assert!(nonsense["lastSeen"].is_string(), "{zero}");
    // Its latest unfiltered search found something: not a catalogue gap.
    assert!(entry(&zero, "query", "lm358").is_none(), "{zero}");

    // Who searched: the member's id, or nobody.
    let users = recorded_users(&environment, "zzqxv-nonsense").await?;
    assert_eq!(users.len(), 2);
    assert_eq!(users[0], None);
    assert!(users[1].is_some_and(|id| id > 0), "{users:?}");

    // Downloads per item and format: a whole file counts, a range of it does not.
    let id = id_of(&environment, "Regulator_Linear:AMS1117-3.3").await?;
    for kind in ["symbol", "symbol", "footprint"] {
        let response = app
            .get(&format!("{BASE}/item/{id}/download/{kind}"))
            .await?;
        assert_eq!(response.status(), 200, "{kind}");
    }
    let ranged = app
        .client
        .get(app.url(&format!("{BASE}/item/{id}/download/symbol")))
        .header("Range", "bytes=0-9")
        .send()
        .await?;
    assert_eq!(ranged.status(), 206);
    let downloads = stat(&app, &format!("{STAT}/downloads/top"), &operator).await?;
    assert_eq!(downloads[0]["itemId"], id, "{downloads}");
    assert_eq!(downloads[0]["kind"], "symbol", "{downloads}");
    assert_eq!(downloads[0]["downloads"], 2, "{downloads}");
    assert_eq!(downloads[0]["partNumber"], "AMS1117-3.3", "{downloads}");
    assert!(downloads[0]["itemName"].is_string(), "{downloads}");
    assert_eq!(downloads[1]["kind"], "footprint", "{downloads}");
    assert_eq!(downloads[1]["downloads"], 1, "{downloads}");
    assert_eq!(downloads.as_array().map(Vec::len), Some(2), "{downloads}");

    // Sign-ups: the three accounts of this test, today.
    let signups = stat(&app, &format!("{SIGNUPS}?days=3"), &operator).await?;
    assert_eq!(signups.as_array().map(Vec::len), Some(3), "{signups}");
    assert_eq!(today(&signups)["signups"], 3, "{signups}");
    Ok(())
}

async fn only_operators_read_statistics_and_parameters_are_checked(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, _service) = spawn_with_users(&environment).await?;
    let member = sign_in(&app, MEMBER).await?;
    let operator = sign_in(&app, OPERATOR).await?;
    let admin = sign_in(&app, ADMIN).await?;
    let routes = [
        format!("{STAT}/searches/daily"),
        format!("{STAT}/queries/top"),
        format!("{STAT}/queries/zero-result"),
        format!("{STAT}/downloads/top"),
        SIGNUPS.to_owned(),
    ];
    for route in &routes {
        let anonymous = call(&app, route, None).await?;
        assert_eq!(anonymous["code"], 401, "{route}: {anonymous}");
        assert_eq!(anonymous["data"], Value::Null);
        let refused = call(&app, route, Some(&member)).await?;
        assert_eq!(refused["code"], 403, "{route}: {refused}");
        assert_eq!(refused["msg"], "没有该操作权限", "{route}");
        // A member's bad parameters are refused for the permission, not the parameters.
        let refused = call(&app, &format!("{route}?days=0"), Some(&member)).await?;
        assert_eq!(refused["code"], 403, "{route}: {refused}");
        for session in [&operator, &admin] {
            let answer = call(&app, route, Some(session)).await?;
            assert_eq!(answer["code"], 0, "{route}: {answer}");
            assert!(answer["data"].is_array(), "{route}: {answer}");
        }
        for (query, message) in [
            ("days=0", "请求参数不正确:days 必须在1到365之间: 0"),
            ("days=366", "请求参数不正确:days 必须在1到365之间: 366"),
            ("days=-3", "请求参数不正确:days 必须在1到365之间: -3"),
        ] {
            let bad = call(&app, &format!("{route}?{query}"), Some(&operator)).await?;
            assert_eq!(bad["code"], 400, "{route}?{query}: {bad}");
            assert_eq!(bad["msg"], message, "{route}?{query}");
            assert_eq!(bad["data"], Value::Null);
        }
        let malformed = call(&app, &format!("{route}?days=many"), Some(&operator)).await?;
        assert_eq!(malformed["code"], 400, "{route}: {malformed}");
        let year = call(&app, &format!("{route}?days=365"), Some(&operator)).await?;
        assert_eq!(year["code"], 0, "{route}: {year}");
    }
    for route in &routes[1..4] {
        for (query, message) in [
            ("limit=0", "请求参数不正确:limit 必须在1到100之间: 0"),
            ("limit=101", "请求参数不正确:limit 必须在1到100之间: 101"),
        ] {
            let bad = call(&app, &format!("{route}?{query}"), Some(&operator)).await?;
            assert_eq!(bad["code"], 400, "{route}?{query}: {bad}");
            assert_eq!(bad["msg"], message, "{route}?{query}");
        }
    }
    Ok(())
}

/// Searches at once, from many connections: after the writer has written what was queued
/// (each statistics call waits for it), each is counted exactly once.
async fn a_parallel_burst_of_searches_is_counted_once_each(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    const BURST: usize = 60;
    let (app, _service) = spawn_with_users(&environment).await?;
    let operator = sign_in(&app, OPERATOR).await?;
    let answers = join_all((0..BURST).map(|n| {
        let app = &app;
        async move {
            // Three queries; every fifth search also pages (not a new search).
            let query = format!("keyWords=zqburst{}", n % 3);
            search(app, &query, None).await?;
            if n % 5 == 0 {
                search(app, &format!("{query}&pageNo=2"), None).await?;
            }
            anyhow::Ok(())
        }
    }))
    .await;
    for answer in answers {
        answer?;
    }
    let top = stat(&app, &format!("{STAT}/queries/top?limit=10"), &operator).await?;
    for n in 0..3 {
        let counted = entry(&top, "query", &format!("zqburst{n}"))
            .map(|entry| entry["searches"].clone())
            .unwrap_or_default();
        assert_eq!(counted, (BURST / 3) as i64, "zqburst{n}: {top}");
    }
    let zero = stat(
        &app,
        &format!("{STAT}/queries/zero-result?limit=10"),
        &operator,
    )
    .await?;
    assert_eq!(zero.as_array().map(Vec::len), Some(3), "{zero}");
    let daily = stat(&app, &format!("{STAT}/searches/daily?days=1"), &operator).await?;
    assert_eq!(daily[0]["searches"], BURST as i64, "{daily}");
    assert_eq!(daily[0]["zeroResult"], BURST as i64, "{daily}");
    Ok(())
}

kernel::backend_tests!(
    searches_and_downloads_are_counted,
    only_operators_read_statistics_and_parameters_are_checked,
    a_parallel_burst_of_searches_is_counted_once_each
);

#[test]
fn openapi_documents_the_statistics_routes() -> anyhow::Result<()> {
    use kernel::Service;
    let document = serde_json::to_value(ComponentService::new(None).openapi())?;
    for path in [
        "searches/daily",
        "queries/top",
        "queries/zero-result",
        "downloads/top",
    ] {
        let route = &document["paths"][format!("{STAT}/{path}")]["get"];
        assert_eq!(route["tags"], serde_json::json!(["stat"]), "{path}");
    }
    let system = serde_json::to_value(system_api::service().openapi())?;
    assert!(system["paths"][SIGNUPS]["get"].is_object());
    Ok(())
}
