use kernel::testing::TestEnvironment;
use serde_json::{json, Value};

use crate::demo::spawn_demo;

async fn success_and_error_envelopes(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn_demo(&environment).await?;

    let (status, body) = app.get_json("/to/api/demo/notes/count").await?;
    assert_eq!(
        (status, body),
        (200, json!({"code": 0, "data": 2, "msg": ""}))
    );

    let (status, body) = app.get_json("/to/api/demo/rejected").await?;
    assert_eq!(
        (status, body),
        (
            200,
            json!({"code": 1_099_001_000_i64, "data": null, "msg": "演示业务错误"})
        )
    );

    let (status, body) = app.get_json("/to/api/demo/locked").await?;
    assert_eq!(status, 200);
    assert_eq!(body["code"], 430);
    assert_eq!(body["msg"], "账号已锁定，请1小时后重试或联系我们");

    let (status, body) = app.get_json("/to/api/demo/broken").await?;
    assert_eq!(
        (status, body),
        (500, json!({"code": 500, "data": null, "msg": "系统异常"}))
    );

    app.stop().await;
    Ok(())
}

async fn bad_input_answers_400(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn_demo(&environment).await?;

    let (status, body) = app.get_json("/to/api/demo/repeat?count=2").await?;
    assert_eq!((status, body["data"].clone()), (200, json!("嗨嗨")));

    let (status, body) = app.get_json("/to/api/demo/repeat").await?;
    assert_eq!(
        (status, body),
        (
            200,
            json!({"code": 400, "data": null, "msg": "请求参数缺失:count"})
        )
    );

    let (status, body) = app.get_json("/to/api/demo/repeat?count=many").await?;
    assert_eq!(status, 200);
    assert_eq!(body["code"], 400);
    assert!(
        body["msg"]
            .as_str()
            .is_some_and(|m| m.starts_with("请求参数不正确:")),
        "{body}"
    );

    let (status, body) = app.get_json("/to/api/demo/items/abc").await?;
    assert_eq!(status, 200);
    assert_eq!(body["code"], 400);

    let echo = app.url("/to/api/demo/echo");
    let response = app
        .client
        .post(&echo)
        .json(&json!({"name": "螺栓"}))
        .send()
        .await?;
    let body: Value = response.json().await?;
    assert_eq!(body, json!({"code": 0, "data": "螺栓", "msg": ""}));

    let response = app
        .client
        .post(&echo)
        .header("content-type", "application/json")
        .body("{\"name\": ")
        .send()
        .await?;
    assert_eq!(response.status().as_u16(), 200);
    let body: Value = response.json().await?;
    assert_eq!(body["code"], 400);
    assert!(
        body["msg"]
            .as_str()
            .is_some_and(|m| m.starts_with("请求参数不正确:")),
        "{body}"
    );

    let response = app.client.post(&echo).json(&json!({})).send().await?;
    let body: Value = response.json().await?;
    assert_eq!(
        body,
        json!({"code": 400, "data": null, "msg": "请求参数缺失:name"})
    );

    let response = app.client.post(&echo).body("name=x").send().await?;
    let body: Value = response.json().await?;
    assert_eq!(body["code"], 400);

    app.stop().await;
    Ok(())
}

async fn unknown_routes_and_wrong_methods(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn_demo(&environment).await?;

    let (status, body) = app.get_json("/to/api/demo/nothing-here").await?;
    assert_eq!(
        (status, body),
        (
            404,
            json!({"code": 404, "data": null, "msg": "请求地址不存在:/to/api/demo/nothing-here"})
        )
    );
    let (status, body) = app.get_json("/to/api/elsewhere").await?;
    assert_eq!(
        (status, body["msg"].clone()),
        (404, json!("请求地址不存在:/to/api/elsewhere"))
    );

    let response = app
        .client
        .delete(app.url("/to/api/demo/notes/count"))
        .send()
        .await?;
    assert_eq!(response.status().as_u16(), 405);
    let body: Value = response.json().await?;
    assert_eq!(
        body,
        json!({"code": 405, "data": null, "msg": "请求方法不正确"})
    );

    app.stop().await;
    Ok(())
}

async fn request_ids_are_echoed_or_made(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn_demo(&environment).await?;
    let header = |response: &reqwest::Response| {
        response
            .headers()
            .get("x-request-id")
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned)
    };

    let response = app
        .client
        .get(app.url("/health/live"))
        .header("x-request-id", "gateway-42.a:b")
        .send()
        .await?;
    assert_eq!(header(&response).as_deref(), Some("gateway-42.a:b"));

    let first = header(&app.get("/health/live").await?).unwrap_or_default();
    let second = header(&app.get("/to/api/nowhere").await?).unwrap_or_default();
    assert_eq!(first.len(), 32, "generated ids are 32 hex digits: {first}");
    assert!(first.bytes().all(|b| b.is_ascii_hexdigit()));
    assert_ne!(first, second);

    let response = app
        .client
        .get(app.url("/health/live"))
        .header("x-request-id", "evil id\twith spaces")
        .send()
        .await?;
    let replaced = header(&response).unwrap_or_default();
    assert_eq!(replaced.len(), 32, "an unsafe id is replaced: {replaced}");

    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    success_and_error_envelopes,
    bad_input_answers_400,
    unknown_routes_and_wrong_methods,
    request_ids_are_echoed_or_made,
);
