//! The KiCad HTTP library v1 checked with the rules KiCad applies when it reads the answers
//! (common/http_lib/http_lib_connection.cpp): status 200, JSON, every scalar a string, booleans
//! as True/False/1/0/yes/no, unique part names, `Lib:Name` symbol ids. KiCad sends
//! `Authorization: Token <personal access token>`: the tests run the system service in the same
//! application (as the portal does) and create a real token through its API.

use std::{collections::HashSet, sync::Arc};

use anyhow::{ensure, Context};
use component_api::ComponentService;
use kernel::testing::{TestApp, TestEnvironment};
use serde_json::{json, Value};

use crate::helpers::{fixture_seed, store, BASE};

const V1: &str = "/to/api/public/component/kicad-api/v1";
const KICAD_BOOLEANS: [&str; 6] = ["True", "False", "1", "0", "yes", "no"];
const SYSTEM: &str = "/to/api/base/system";
const EMAIL: &str = "kicad@example.com";
const PASSWORD: &str = "Abcdef12!";

/// The system and component services in one application (the all-in-one portal's wiring),
/// with an administrator to sign in as.
async fn spawn_with_system(environment: &TestEnvironment) -> anyhow::Result<TestApp> {
    let mut settings = environment.settings.clone();
    settings.accounts.password_hash.memory_kib = 1024;
    settings.accounts.password_hash.iterations = 1;
    system_api::admin::create_administrator(
        settings.clone(),
        system_api::admin::NewAdministrator {
            username: "kicad".to_owned(),
            email: Some(EMAIL.to_owned()),
            mobile: None,
            password: PASSWORD.to_owned(),
        },
    )
    .await?;
    let component = Arc::new(ComponentService::new(Some(fixture_seed())));
    TestApp::spawn(settings, vec![system_api::service(), component], None).await
}

/// A system API call with the session token; the envelope's `data`.
async fn system_call(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    session: Option<&str>,
    body: Option<Value>,
) -> anyhow::Result<Value> {
    let mut request = app
        .client
        .request(method, app.url(&format!("{SYSTEM}{path}")));
    if let Some(session) = session {
        request = request.bearer_auth(session);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    let answer: Value = request.send().await?.json().await?;
    ensure!(answer["code"] == 0, "{path}: {answer}");
    Ok(answer["data"].clone())
}

/// Signs in and creates a personal access token: the session, the token's id and secret.
async fn personal_token(app: &TestApp) -> anyhow::Result<(String, i64, String)> {
    let login = system_call(
        app,
        reqwest::Method::POST,
        "/auth/login",
        None,
        Some(json!({"email": EMAIL, "password": PASSWORD, "userType": 2})),
    )
    .await?;
    let session = login["accessToken"]
        .as_str()
        .context("accessToken")?
        .to_owned();
    let created = system_call(
        app,
        reqwest::Method::POST,
        "/user/access-tokens",
        Some(&session),
        Some(json!({"name": "KiCad", "expiresInDays": 30})),
    )
    .await?;
    let secret = created["secret"].as_str().context("secret")?.to_owned();
    Ok((session, created["id"].as_i64().context("id")?, secret))
}

/// GET with KiCad's headers (`Authorization` as given); the status and the JSON body.
async fn get_authorized(
    app: &TestApp,
    path: &str,
    authorization: Option<&str>,
) -> anyhow::Result<(u16, Value)> {
    let mut request = app
        .client
        .get(app.url(path))
        .header("Accept", "application/json");
    if let Some(authorization) = authorization {
        request = request.header("Authorization", authorization);
    }
    let response = request.send().await?;
    let status = response.status().as_u16();
    let body = response
        .json::<Value>()
        .await
        .with_context(|| format!("{path}: not JSON"))?;
    Ok((status, body))
}

/// GET as KiCad does, with the token of its `.kicad_httplib`.
async fn kicad_get(app: &TestApp, authorization: &str, path: &str) -> anyhow::Result<(u16, Value)> {
    get_authorized(app, path, Some(authorization)).await
}

fn is_lib_id(text: &str) -> bool {
    text.split_once(':')
        .is_some_and(|(lib, name)| !lib.is_empty() && !name.is_empty() && !name.contains(':'))
}

/// One part as KiCad reads it (listing entry or `parts/{id}.json`).
fn check_part(part: &Value, names: Option<&mut HashSet<String>>) -> anyhow::Result<()> {
    let object = part.as_object().context("a part is an object")?;
    for (key, value) in object {
        if key != "fields" {
            ensure!(value.is_string(), "{key} is not a string: {part}");
        }
    }
    let id = part["id"].as_str().context("id")?;
    ensure!(id.parse::<i64>().is_ok(), "id {id}");
    let name = part["name"].as_str().context("name")?;
    ensure!(
        !name.is_empty() && !name.contains([':', '/']),
        "name {name}"
    );
    if let Some(names) = names {
        ensure!(names.insert(name.to_owned()), "name {name} is not unique");
    }
    ensure!(
        is_lib_id(part["symbolIdStr"].as_str().context("symbolIdStr")?),
        "{part}"
    );
    for flag in ["exclude_from_bom", "exclude_from_board", "exclude_from_sim"] {
        let value = part[flag].as_str().context(flag)?;
        ensure!(KICAD_BOOLEANS.contains(&value), "{flag} = {value}");
    }
    let fields = part["fields"].as_object().context("fields is an object")?;
    for builtin in [
        "footprint",
        "datasheet",
        "value",
        "reference",
        "description",
        "keywords",
    ] {
        ensure!(fields.contains_key(builtin), "no {builtin} field: {part}");
    }
    for (key, field) in fields {
        let field = field
            .as_object()
            .with_context(|| format!("field {key} is an object"))?;
        ensure!(
            field.get("value").is_some_and(Value::is_string),
            "field {key} value"
        );
        if let Some(visible) = field.get("visible") {
            ensure!(
                visible
                    .as_str()
                    .is_some_and(|v| KICAD_BOOLEANS.contains(&v)),
                "field {key} visible = {visible}"
            );
        }
        ensure!(
            field.keys().all(|k| k == "value" || k == "visible"),
            "field {key}"
        );
    }
    let footprint = fields["footprint"]["value"].as_str().unwrap_or_default();
    ensure!(
        footprint.is_empty() || is_lib_id(footprint),
        "footprint {footprint}"
    );
    Ok(())
}

async fn every_v1_answer_reads_in_kicad(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn_with_system(&environment).await?;
    let (_, _, secret) = personal_token(&app).await?;
    let authorization = format!("Token {secret}");

    for root in [format!("{V1}/"), V1.to_owned()] {
        let (status, body) = kicad_get(&app, &authorization, &root).await?;
        assert_eq!(status, 200);
        assert!(
            body["categories"].is_string() && body["parts"].is_string(),
            "{body}"
        );
    }

    let (status, categories) =
        kicad_get(&app, &authorization, &format!("{V1}/categories.json")).await?;
    assert_eq!(status, 200);
    let categories = categories
        .as_array()
        .cloned()
        .context("categories is an array")?;
    assert!(categories.len() >= 6, "{categories:?}");
    let mut category_ids = HashSet::new();
    for category in &categories {
        let object = category.as_object().context("a category is an object")?;
        assert!(object.values().all(Value::is_string), "{category}");
        assert!(category_ids.insert(category["id"].as_str().unwrap_or_default().to_owned()));
        assert!(!category["name"].as_str().unwrap_or_default().is_empty());
    }
    assert!(
        categories
            .iter()
            .any(|c| c["name"] == "电源管理芯片/线性稳压器/低压差线性稳压器"
                && c["description"]
                    == "Power Management ICs/Linear Regulators/LDO Regulators (10)"),
        "{categories:?}"
    );

    let mut names = HashSet::new();
    let mut listed = 0;
    for category in &categories {
        let id = category["id"].as_str().unwrap_or_default();
        let (status, parts) = kicad_get(
            &app,
            &authorization,
            &format!("{V1}/parts/category/{id}.json"),
        )
        .await?;
        assert_eq!(status, 200);
        let parts = parts.as_array().cloned().context("parts is an array")?;
        assert!(!parts.is_empty(), "category {id} is listed but empty");
        for part in &parts {
            check_part(part, Some(&mut names))?;
            // The per-part answer is the listing entry (KiCad may use either).
            let part_id = part["id"].as_str().unwrap_or_default();
            let (status, single) =
                kicad_get(&app, &authorization, &format!("{V1}/parts/{part_id}.json")).await?;
            assert_eq!(status, 200);
            check_part(&single, None)?;
            assert_eq!(&single, part);
            listed += 1;
        }
    }
    // Every part with a KiCad symbol is listed; Fritzing parts (no symbol) are not.
    let store = store(&environment).await?;
    let documents = store.index_documents(0, 10_000).await?;
    let with_symbol = documents
        .iter()
        .filter(|d| d.extension.symbol_ref.is_some())
        .count();
    assert!(
        with_symbol < documents.len(),
        "the fixture has Fritzing parts"
    );
    assert_eq!(listed, with_symbol);
    let fritzing = documents
        .iter()
        .find(|d| d.item.source == "fritzing")
        .context("a Fritzing part")?;
    let (status, _) = kicad_get(
        &app,
        &authorization,
        &format!("{V1}/parts/{}.json", fritzing.item.id),
    )
    .await?;
    assert_eq!(status, 404, "not in the KiCad library");

    // KiCad parses category listings without a status check: always an array.
    for file in ["99999999.json", "abc.json", "12"] {
        let (status, body) =
            kicad_get(&app, &authorization, &format!("{V1}/parts/category/{file}")).await?;
        assert_eq!((status, body), (200, Value::Array(Vec::new())), "{file}");
    }
    let (status, body) =
        kicad_get(&app, &authorization, &format!("{V1}/parts/99999999.json")).await?;
    assert_eq!(status, 404);
    assert_eq!(body["code"], 1_020_002_000);
    let (status, body) = kicad_get(&app, &authorization, &format!("{V1}/parts/abc.json")).await?;
    assert_eq!(status, 400);
    assert_eq!(body["code"], 400);
    // The library file KiCad opens points at this server's v1 API.
    let response = app
        .get(&format!("{BASE}/kicad-api/portal.kicad_httplib"))
        .await?;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-disposition"],
        "attachment; filename=\"portal.kicad_httplib\""
    );
    let file: Value = response.json().await?;
    assert_eq!(file["source"]["type"], "REST_API");
    assert_eq!(file["source"]["api_version"], "v1");
    let root_url = file["source"]["root_url"].as_str().unwrap_or_default();
    assert_eq!(
        root_url,
        format!(
            "http://{}{BASE}/kicad-api",
            app.address.trim_start_matches("http://")
        )
    );
    let (status, _) = kicad_get(&app, &authorization, &format!("{BASE}/kicad-api/v1/")).await?;
    assert_eq!(status, 200, "root_url + /v1/ answers");
    app.stop().await;
    Ok(())
}

/// Without a live token every v1 resource answers HTTP 401 with a JSON body KiCad shows; the
/// library file stays public; a revoked token stops working.
async fn the_v1_api_needs_a_live_token(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn_with_system(&environment).await?;
    let (session, id, secret) = personal_token(&app).await?;
    let resources = [
        format!("{V1}/"),
        format!("{V1}/categories.json"),
        format!("{V1}/parts/category/1.json"),
        format!("{V1}/parts/1.json"),
    ];
    let unknown = format!("Token pat_{}", "0".repeat(64));
    for resource in &resources {
        for authorization in [None, Some("Token not-a-token"), Some(unknown.as_str())] {
            let (status, body) = get_authorized(&app, resource, authorization).await?;
            assert_eq!(status, 401, "{resource} {authorization:?}: {body}");
            assert_eq!(body["code"], 401, "{body}");
            assert_eq!(body["msg"], auth::TOKEN_REQUIRED, "{body}");
        }
    }
    let categories = format!("{V1}/categories.json");
    let with_token = format!("Token {secret}");
    assert_eq!(
        get_authorized(&app, &categories, Some(&with_token))
            .await?
            .0,
        200
    );
    // The portal's own session works too (Bearer).
    let with_session = format!("Bearer {session}");
    assert_eq!(
        get_authorized(&app, &categories, Some(&with_session))
            .await?
            .0,
        200
    );
    let response = app
        .get(&format!("{BASE}/kicad-api/portal.kicad_httplib"))
        .await?;
    assert_eq!(response.status(), 200, "the library file is public");

    system_call(
        &app,
        reqwest::Method::DELETE,
        &format!("/user/access-tokens/{id}"),
        Some(&session),
        None,
    )
    .await?;
    // One process, one authenticator: the revocation is seen at once.
    let (status, body) = get_authorized(&app, &categories, Some(&with_token)).await?;
    assert_eq!(status, 401, "{body}");
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    every_v1_answer_reads_in_kicad,
    the_v1_api_needs_a_live_token
);
