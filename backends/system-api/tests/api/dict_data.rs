use kernel::testing::TestEnvironment;
use serde_json::{json, Value};

use crate::helpers::spawn_system;

const LIST: &str = "/to/api/base/system/dict-data/list-all-simple";

async fn system_config_holds_the_token_lifetimes(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn_system(&environment).await?;
    let (status, body) = app
        .get_json(&format!("{LIST}?dictType=system_config"))
        .await?;
    assert_eq!(status, 200);
    assert_eq!(
        body,
        json!({
            "code": 0,
            "msg": "",
            "data": [
                {"dictType": "system_config", "value": "30", "label": "token_expire_time",
                 "colorType": "", "cssClass": ""},
                {"dictType": "system_config", "value": "1440", "label": "from_expire_time",
                 "colorType": "", "cssClass": ""},
                {"dictType": "system_config", "value": "", "label": "redirect_allow_hosts",
                 "colorType": "", "cssClass": ""}
            ]
        })
    );
    app.stop().await;
    Ok(())
}

async fn type_filter_is_optional_and_unknown_types_are_empty(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn_system(&environment).await?;
    let (_, all) = app.get_json(LIST).await?;
    assert_eq!(all["code"], 0);
    let entries = all["data"].as_array().map(Vec::len).unwrap_or_default();
    assert!(entries >= 2, "all types include system_config: {all}");

    let (status, unknown) = app
        .get_json(&format!("{LIST}?dictType=no_such_type"))
        .await?;
    assert_eq!(status, 200);
    assert_eq!(unknown, json!({"code": 0, "data": [], "msg": ""}));

    let (status, bad) = app.get_json(&format!("{LIST}?dictType=bad%20type")).await?;
    assert_eq!(status, 200);
    assert_eq!(bad["code"], 400);
    assert_eq!(bad["msg"], "请求参数不正确:dictType 格式不正确");
    assert_eq!(bad["data"], Value::Null);
    app.stop().await;
    Ok(())
}

async fn documents_its_routes(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn_system(&environment).await?;
    let (status, document) = app.get_json("/to/api/docs/system/openapi.json").await?;
    assert_eq!(status, 200);
    assert!(document["paths"][LIST]["get"].is_object(), "{document}");
    for (path, method) in [
        ("/auth/login", "post"),
        ("/auth/refresh-token", "post"),
        ("/auth/get-permission-info", "get"),
        ("/auth/send-sms-code", "post"),
        ("/auth/social-login", "post"),
        ("/auth/wx-binding", "post"),
        ("/user/register", "post"),
        ("/user/update-password", "put"),
        ("/user/profile", "put"),
        ("/captcha/slider/verify", "post"),
    ] {
        let full = format!("/to/api/base/system{path}");
        assert!(
            document["paths"][&full][method].is_object(),
            "{full} {method}"
        );
    }
    assert!(document["paths"]["/to/api/dev/outbox"]["get"].is_object());
    assert_eq!(
        document["components"]["securitySchemes"]["bearer"]["scheme"],
        "bearer"
    );
    let (status, ready) = app.get_json("/health/ready").await?;
    assert_eq!(status, 200);
    assert_eq!(ready["data"]["checks"]["database:system"], "ok");
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    system_config_holds_the_token_lifetimes,
    type_filter_is_optional_and_unknown_types_are_empty,
    documents_its_routes,
);
