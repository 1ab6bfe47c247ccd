//! The operator's "rebuild now" of the component index (`/to/api/operation/component/search-index/rebuild`,
//! the kit's routes): only a signed-in user holding `component:search-index:rebuild` may start it
//! or read its progress; a rebuild runs in the background while searches keep answering, and two
//! requests at once start one rebuild.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use component_api::ComponentService;
use kernel::testing::{TestApp, TestEnvironment};
use serde_json::{json, Value};

use crate::helpers::{create_user, data, fixture_seed, ok, set_role, sign_in, BASE};

const REBUILD: &str = "/to/api/operation/component/search-index/rebuild";
const OPERATOR: &str = "operator@example.com";
const MEMBER: &str = "member@example.com";
/// Longest wait for a rebuild of the fixture seed: a bound against a hang.
const REBUILD_DEADLINE: Duration = Duration::from_secs(120);

/// The system and component services in one application, with an administrator (`*:*:*`, so
/// the rebuild permission) and a member.
async fn spawn_with_users(
    environment: &TestEnvironment,
) -> anyhow::Result<(TestApp, Arc<ComponentService>)> {
    let mut settings = environment.settings.clone();
    settings.accounts.password_hash.memory_kib = 1024;
    settings.accounts.password_hash.iterations = 1;
    create_user(&settings, "operator", OPERATOR).await?;
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

/// A call of the rebuild route; the envelope.
async fn call(
    app: &TestApp,
    method: reqwest::Method,
    session: Option<&str>,
) -> anyhow::Result<Value> {
    let mut request = app.client.request(method, app.url(REBUILD));
    if let Some(session) = session {
        request = request.bearer_auth(session);
    }
    Ok(request.send().await?.json().await?)
}

fn assert_refused(envelope: &Value, code: i64, msg: &str) {
    assert_eq!(envelope["code"], code, "{envelope}");
    assert_eq!(envelope["msg"], msg, "{envelope}");
    assert_eq!(envelope["data"], Value::Null, "{envelope}");
}

async fn only_operators_rebuild_the_index(environment: TestEnvironment) -> anyhow::Result<()> {
    let (app, _service) = spawn_with_users(&environment).await?;
    for method in [reqwest::Method::POST, reqwest::Method::GET] {
        assert_refused(&call(&app, method.clone(), None).await?, 401, "账号未登录");
        let member = sign_in(&app, MEMBER).await?;
        assert_refused(
            &call(&app, method, Some(&member)).await?,
            403,
            "没有该操作权限",
        );
    }
    let operator = sign_in(&app, OPERATOR).await?;
    let idle = call(&app, reqwest::Method::GET, Some(&operator)).await?;
    assert_eq!(idle["code"], 0, "{idle}");
    assert_eq!(idle["data"]["state"], "idle", "{idle}");
    Ok(())
}

async fn a_rebuild_runs_once_while_searches_answer(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, service) = spawn_with_users(&environment).await?;
    let operator = sign_in(&app, OPERATOR).await?;
    let lm358 = format!("{BASE}/search?keyWords=LM358&pageSize=20");
    let before = data(&app, &lm358).await?;
    assert!(before["total"].as_i64().unwrap_or_default() > 0, "{before}");
    let mut applied = service.search().subscribe();
    applied.mark_unchanged();

    // Two operators' clicks at once: one rebuild.
    let (first, second) = tokio::join!(
        call(&app, reqwest::Method::POST, Some(&operator)),
        call(&app, reqwest::Method::POST, Some(&operator)),
    );
    let answers = [first?, second?];
    for answer in &answers {
        assert_eq!(answer["code"], 0, "{answer}");
    }
    let started: Vec<bool> = answers
        .iter()
        .map(|answer| answer["data"]["started"] == true)
        .collect();
    assert_eq!(
        started.iter().filter(|started| **started).count(),
        1,
        "{answers:?}"
    );
    let refused = answers
        .iter()
        .find(|answer| answer["data"]["started"] == false)
        .context("a second rebuild")?;
    assert_eq!(refused["data"]["progress"]["state"], "running", "{refused}");
    // The started one is in the library's audit log, once.
    let audited = ok(
        &app,
        reqwest::Method::GET,
        "/to/api/operation/component/audit-log/page?action=search-index.rebuild",
        &operator,
        None,
    )
    .await?;
    assert_eq!(audited["total"], 1, "{audited}");
    assert_eq!(
        audited["list"][0]["targetType"], "search-index",
        "{audited}"
    );
    assert_eq!(audited["list"][0]["targetId"], "component", "{audited}");
    assert_eq!(audited["list"][0]["after"]["state"], "running", "{audited}");
    // Searches answer meanwhile, as before.
    assert_eq!(data(&app, &lm358).await?, before);

    // The follower publishes when the rebuilt index is committed; the progress says done.
    tokio::time::timeout(REBUILD_DEADLINE, applied.changed())
        .await
        .context("the rebuild did not commit")??;
    let progress = tokio::time::timeout(REBUILD_DEADLINE, async {
        loop {
            let answer = call(&app, reqwest::Method::GET, Some(&operator)).await?;
            if answer["data"]["state"] != "running" {
                return anyhow::Ok(answer["data"].clone());
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await
    .context("the rebuild did not end")??;
    assert_eq!(progress["state"], "done", "{progress}");
    assert_eq!(progress["error"], Value::Null, "{progress}");
    let indexed = progress["indexed"].as_i64().unwrap_or_default();
    assert!(indexed > 0, "{progress}");
    assert_eq!(progress["total"].as_i64(), Some(indexed), "{progress}");
    let started_time = progress["startedTime"].as_i64().context("startedTime")?;
    let finished_time = progress["finishedTime"].as_i64().context("finishedTime")?;
    assert!(finished_time >= started_time, "{progress}");
    assert_eq!(data(&app, &lm358).await?, before);

    // Done: the next request starts a new one.
    let again = call(&app, reqwest::Method::POST, Some(&operator)).await?;
    assert_eq!(again["data"]["started"], true, "{again}");
    Ok(())
}

kernel::backend_tests!(
    only_operators_rebuild_the_index,
    a_rebuild_runs_once_while_searches_answer
);

#[test]
fn openapi_documents_the_operator_routes() -> anyhow::Result<()> {
    use kernel::Service;
    let document = serde_json::to_value(ComponentService::new(None).openapi())?;
    let rebuild = &document["paths"][REBUILD];
    assert!(rebuild["post"].is_object(), "{rebuild}");
    assert!(rebuild["get"].is_object(), "{rebuild}");
    assert_eq!(rebuild["post"]["tags"], json!(["search-index"]));
    Ok(())
}
