//! The front-end log: anonymous posts with size limits, the per-client rate limit, and the
//! operators' search.

use kernel::testing::{TestApp, TestEnvironment};
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;

const LOG: &str = "/tool/api/front/log";
const PAGE: &str = "/tool/api/front/log/page";

/// Posts a raw body (as the client does: JSON with `data` a JSON string).
async fn post_raw(app: &TestApp, body: String, token: Option<&str>) -> anyhow::Result<Value> {
    let mut request = app
        .client
        .post(app.url(LOG))
        .header("content-type", "application/json")
        .header("user-agent", "front-log-test")
        .body(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await?;
    assert_eq!(response.status().as_u16(), 200);
    Ok(response.json().await?)
}

async fn post_entries(
    app: &TestApp,
    entries: &[Value],
    token: Option<&str>,
) -> anyhow::Result<Value> {
    let data = Value::Array(entries.to_vec()).to_string();
    post_raw(app, json!({ "data": data }).to_string(), token).await
}

async fn page(app: &TestApp, query: &str, token: &str) -> anyhow::Result<Value> {
    let (status, body) = call_path(
        app,
        Method::GET,
        &format!("{PAGE}{query}"),
        None,
        Some(token),
    )
    .await?;
    assert_eq!(status, 200, "{body}");
    Ok(body)
}

async fn front_log_limits_and_search(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let user = signed_in(&app, "lilei@example.com", "李雷").await?;
    // An entry older than the 90-day retention: the first post deletes it.
    execute(
        &settings,
        "INSERT INTO front_log (client_ip, message, created_at, updated_at) VALUES \
         ('10.0.0.1', 'ancient', '2020-01-01T00:00:00+00:00', '2020-01-01T00:00:00+00:00')",
    )
    .await?;

    // Anonymous: two entries as the shell's error handler records them, plus unknown fields.
    let stored = post_entries(
        &app,
        &[
            json!({"message": "Cannot read properties of undefined (reading 'id')",
                   "stack": "TypeError: Cannot read\n    at PartDetail (part.js:10:5)",
                   "name": "TypeError", "url": "https://www.example.com/part/detail/1",
                   "source": "error", "time": 1_763_000_000_000_i64, "hash": "#top"}),
            json!({"message": "Loading chunk 7 failed", "name": "ChunkLoadError",
                   "url": "https://www.example.com/component", "level": -1, "code": 421,
                   "position": {"line": 3, "column": 9}}),
        ],
        None,
    )
    .await?;
    assert_eq!(stored, json!({"code": 0, "data": 2, "msg": ""}));
    // Signed in: the user is recorded; long fields are cut.
    let stored = post_entries(
        &app,
        &[json!({"message": "错".repeat(3000), "stack": "s".repeat(9000), "url": "/mat/compare", "level": "danger"})],
        Some(&user),
    )
    .await?;
    assert_eq!(stored["data"], 1, "{stored}");

    // Size limits and malformed input.
    let too_large = json!({"data": "x".repeat(70 * 1024)}).to_string();
    assert_error(
        &post_raw(&app, too_large, None).await?,
        1_002_022_000,
        "日志内容过大，请求体不能超过64KB",
    );
    let many: Vec<Value> = (0..31)
        .map(|i| json!({"message": format!("error {i}")}))
        .collect();
    assert_error(
        &post_entries(&app, &many, None).await?,
        1_002_022_001,
        "日志条数过多，一次最多30条",
    );
    assert_error(
        &post_raw(&app, "{}".to_owned(), None).await?,
        400,
        "请求参数缺失:data",
    );
    let not_json = json!({"data": "[{"}).to_string();
    assert_error(
        &post_raw(&app, not_json, None).await?,
        400,
        "请求参数不正确:data 必须是日志数组的JSON字符串",
    );
    assert_error(
        &post_raw(&app, "not json".to_owned(), None).await?,
        400,
        "请求参数不正确:data 必须是日志数组的JSON字符串",
    );
    let thirty: Vec<Value> = (0..30)
        .map(|i| json!({"message": format!("batch {i}")}))
        .collect();
    assert_eq!(post_entries(&app, &thirty, None).await?["data"], 30);

    // Search: operators only.
    let (_, anonymous) = call_path(&app, Method::GET, PAGE, None, None).await?;
    assert_error(&anonymous, 401, "账号未登录");
    assert_error(&page(&app, "", &user).await?, 403, "没有该操作权限");
    let operator = signed_in_with_role(&app, &settings, "operator@example.com", "operator").await?;
    let all = page(&app, "?pageSize=100", &operator).await?;
    assert_eq!(all["data"]["total"], 33, "{all}");
    let total = |body: &Value| body["data"]["total"].as_i64().unwrap_or(-1);

    assert_eq!(total(&page(&app, "?keyword=ancient", &operator).await?), 0);
    let found = page(&app, "?keyword=typeerror", &operator).await?;
    assert_eq!(total(&found), 1, "{found}");
    let entry = &found["data"]["list"][0];
    assert_eq!(entry["name"], "TypeError");
    assert_eq!(entry["source"], "error");
    assert_eq!(entry["clientTime"], 1_763_000_000_000_i64);
    assert_eq!(entry["extra"], r##"{"hash":"#top"}"##);
    assert_eq!(entry["level"], 0);
    assert_eq!(entry["userAgent"], "front-log-test");
    assert_eq!(entry["userId"], Value::Null);

    let chunk = page(&app, "?level=-1", &operator).await?;
    assert_eq!(total(&chunk), 1);
    assert_eq!(chunk["data"]["list"][0]["code"], "421");
    assert_eq!(
        chunk["data"]["list"][0]["position"],
        r#"{"column":9,"line":3}"#
    );
    assert_eq!(total(&page(&app, "?url=%2Fcomponent", &operator).await?), 1);
    assert_eq!(
        total(&page(&app, "?keyword=batch%201", &operator).await?),
        11,
        "batch 1, 10–19"
    );

    let signed = page(&app, "?level=1", &operator).await?;
    assert_eq!(total(&signed), 1);
    let long = &signed["data"]["list"][0];
    assert_eq!(
        long["message"].as_str().map(|m| m.chars().count()),
        Some(2000)
    );
    assert_eq!(long["stack"].as_str().map(str::len), Some(8000));
    let user_id = long["userId"].as_i64().unwrap_or_default();
    assert!(user_id > 0, "{long}");
    assert_eq!(
        total(&page(&app, &format!("?userId={user_id}"), &operator).await?),
        1
    );

    let created = long["createTime"].as_i64().unwrap_or_default();
    let window = format!(
        "?beginTime={}&endTime={}",
        created - 60_000,
        created + 60_000
    );
    assert_eq!(total(&page(&app, &window, &operator).await?), 33);
    assert_eq!(
        total(&page(&app, &format!("?endTime={}", created - 60_000), &operator).await?),
        0
    );
    assert_error(
        &page(&app, "?level=5", &operator).await?,
        400,
        "请求参数不正确:level 不正确",
    );
    app.stop().await;
    Ok(())
}

/// 20 posts a minute per client (address plus user); on Redis when configured.
async fn front_log_rate_limit(environment: TestEnvironment) -> anyhow::Result<()> {
    let environment = environment.with_test_redis().await?;
    let app = spawn_system(&environment).await?;
    let entry = [json!({"message": "boom"})];
    for attempt in 1..=20 {
        let answer = post_entries(&app, &entry, None).await?;
        assert_eq!(answer["code"], 0, "attempt {attempt}: {answer}");
    }
    let refused = post_entries(&app, &entry, None).await?;
    assert_error(&refused, 1_002_022_002, "日志上报过于频繁，请稍后再试");
    // A signed-in user from the same address has a budget of its own.
    let user = signed_in(&app, "lilei@example.com", "李雷").await?;
    let answer = post_entries(&app, &entry, Some(&user)).await?;
    assert_eq!(answer["code"], 0, "{answer}");
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(front_log_limits_and_search, front_log_rate_limit);
