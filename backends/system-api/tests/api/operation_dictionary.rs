//! The operations platform's dictionary (docs/operations.md "Dictionary") through the HTTP API:
//! who may read and change it, values checked by what the entry means, the public
//! `list-all-simple` answering the new value, a parallel burst forming one audit chain.

use kernel::testing::{TestApp, TestEnvironment};
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;

const ENTRIES: &str = "/operation/dict-data";

fn entry_path(id: i64) -> String {
    format!("/operation/dict-data/{id}")
}

async fn set_value(app: &TestApp, token: &str, id: i64, value: Value) -> anyhow::Result<Value> {
    send(
        app,
        Method::PUT,
        &entry_path(id),
        Some(json!({ "value": value })),
        token,
    )
    .await
}

/// The system_config entries, by label: (id, value).
async fn settings_of(app: &TestApp, token: &str) -> anyhow::Result<Vec<(String, i64, String)>> {
    let answer = get_with(app, &format!("{ENTRIES}?dictType=system_config"), token).await?;
    Ok(answer["data"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|entry| {
            (
                entry["label"].as_str().unwrap_or_default().to_owned(),
                entry["id"].as_i64().unwrap_or_default(),
                entry["value"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect())
}

async fn id_of(app: &TestApp, token: &str, label: &str) -> anyhow::Result<i64> {
    settings_of(app, token)
        .await?
        .into_iter()
        .find(|(found, _, _)| found == label)
        .map(|(_, id, _)| id)
        .ok_or_else(|| anyhow::anyhow!("no entry {label}"))
}

/// The audit entries of `dict.update`, oldest first.
async fn audit_entries(app: &TestApp, token: &str) -> anyhow::Result<Vec<Value>> {
    audit_of(app, token, "dict.update").await
}

async fn admin(app: &TestApp, settings: &kernel::config::Settings) -> anyhow::Result<String> {
    create_admin(settings, "root@example.com").await?;
    token_of(&login_email(app, "root@example.com", PASSWORD).await?)
}

async fn who_reads_and_changes(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let root = admin(&app, &settings).await?;
    let operator = signed_in_with_role(&app, &settings, "ops@example.com", "operator").await?;
    let member = signed_in(&app, "zhang@example.com", "张工").await?;

    for (method, path, body) in [
        (Method::GET, ENTRIES.to_owned(), None),
        (Method::PUT, entry_path(1), Some(json!({"value": "60"}))),
    ] {
        let (_, anonymous) = call(&app, method.clone(), &path, body.clone(), None, &[]).await?;
        assert_error(&anonymous, 401, "账号未登录");
        let (_, refused) = call(
            &app,
            method.clone(),
            &path,
            body.clone(),
            Some(&member),
            &[],
        )
        .await?;
        assert_error(&refused, 403, "没有该操作权限");
    }
    // The operator reads every entry with its meaning, and changes nothing.
    let all = get_with(&app, ENTRIES, &operator).await?;
    let labels: Vec<&str> = all["data"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|entry| entry["label"].as_str())
        .collect();
    assert_eq!(
        labels,
        [
            "token_expire_time",
            "from_expire_time",
            "redirect_allow_hosts"
        ]
    );
    assert_eq!(all["data"][0]["remark"], "访问令牌有效期（分钟）");
    assert_eq!(all["data"][0]["status"], 0);
    let token_expiry = id_of(&app, &operator, "token_expire_time").await?;
    let (_, refused) = call(
        &app,
        Method::PUT,
        &entry_path(token_expiry),
        Some(json!({"value": "60"})),
        Some(&operator),
        &[],
    )
    .await?;
    assert_error(&refused, 403, "没有该操作权限");
    assert!(settings_of(&app, &operator).await?.len() == 3);
    let none = get_with(&app, &format!("{ENTRIES}?dictType=nothing"), &operator).await?;
    assert_eq!(none["data"], json!([]));
    let (_, bad) = call(
        &app,
        Method::GET,
        &format!("{ENTRIES}?dictType=a-b"),
        None,
        Some(&operator),
        &[],
    )
    .await?;
    assert_eq!(bad["code"], 400);

    // The super admin changes values; refusals name the reason and store nothing.
    let hosts = id_of(&app, &root, "redirect_allow_hosts").await?;
    for (id, value, reason) in [
        (token_expiry, json!("4"), "5～10080"),
        (token_expiry, json!("30.5"), "整数"),
        (
            hosts,
            json!("https://partner.example"),
            "https://partner.example",
        ),
    ] {
        let answer = set_value(&app, &root, id, value).await?;
        assert_eq!(answer["code"], 400, "{answer}");
        assert!(
            answer["msg"].as_str().unwrap_or_default().contains(reason),
            "{answer}"
        );
    }
    let (_, missing) = call(
        &app,
        Method::PUT,
        &entry_path(token_expiry),
        Some(json!({})),
        Some(&root),
        &[],
    )
    .await?;
    assert_eq!(missing["code"], 400);
    let unknown = set_value(&app, &root, 9_999, json!("1")).await?;
    assert_eq!(unknown["code"], 1_002_007_001);
    assert!(audit_entries(&app, &root).await?.is_empty());

    assert_eq!(
        set_value(&app, &root, token_expiry, json!(" 60 ")).await?["code"],
        0
    );
    let hosts_answer =
        set_value(&app, &root, hosts, json!("ERP.example.com，*.open.example")).await?;
    assert_eq!(hosts_answer["code"], 0, "{hosts_answer}");
    // The same value again writes nothing.
    assert_eq!(
        set_value(&app, &root, token_expiry, json!("60")).await?["code"],
        0
    );
    // What every client reads after signing in.
    let public = call(
        &app,
        Method::GET,
        "/dict-data/list-all-simple?dictType=system_config",
        None,
        None,
        &[],
    )
    .await?
    .1;
    let values: Vec<(&str, &str)> = public["data"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|entry| Some((entry["label"].as_str()?, entry["value"].as_str()?)))
        .collect();
    assert_eq!(
        values,
        [
            ("token_expire_time", "60"),
            ("from_expire_time", "1440"),
            ("redirect_allow_hosts", "erp.example.com, *.open.example"),
        ]
    );
    let entries = audit_entries(&app, &root).await?;
    assert_eq!(entries.len(), 2, "{entries:?}");
    assert_eq!(entries[0]["before"]["value"], "30");
    assert_eq!(entries[0]["after"]["value"], "60");
    assert_eq!(entries[0]["after"]["label"], "token_expire_time");
    assert_eq!(entries[1]["targetType"], "dict-data");
    app.stop().await;
    Ok(())
}

async fn a_burst_forms_one_chain(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let root = admin(&app, &settings).await?;
    let from_expiry = id_of(&app, &root, "from_expire_time").await?;
    let changes =
        (10..20).map(|minutes| set_value(&app, &root, from_expiry, json!(minutes.to_string())));
    for answer in futures_util::future::join_all(changes).await {
        assert_eq!(answer?["code"], 0);
    }
    // Ten changes, each starting from the value the previous one left.
    let entries = audit_entries(&app, &root).await?;
    assert_eq!(entries.len(), 10, "{entries:?}");
    let mut previous = "1440".to_owned();
    for entry in &entries {
        assert_eq!(entry["before"]["value"], previous.as_str(), "{entries:?}");
        previous = entry["after"]["value"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
    }
    let stored = settings_of(&app, &root).await?;
    assert!(stored.contains(&("from_expire_time".to_owned(), from_expiry, previous)));
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(who_reads_and_changes, a_burst_forms_one_chain);
