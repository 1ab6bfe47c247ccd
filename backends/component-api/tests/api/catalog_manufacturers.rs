//! Operators rename and merge manufacturers (docs/operations.md "Manufacturers",
//! `/to/api/operation/component/catalog-manufacturers`): the public routes and the search index
//! show the result, the next import files records of an old name under the manufacturer it now
//! means, and each change lands once in the library's audit log, bursts included.

use anyhow::Context;
use catalog::store::CategoryRepository;
use component_api::model::{InferredManufacturer, NewComponent};
use component_api::store::ComponentRepository;
use futures_util::future::join_all;
use kernel::testing::{TestApp, TestEnvironment};
use serde_json::{json, Value};

use crate::catalog_items::{audit_entries, correct, public_detail, spawn_with_users, CATALOG};
use crate::helpers::{call, id_of, ok, store, BASE};

const MANUFACTURERS: &str = "/to/api/operation/component/catalog-manufacturers";
const MANUFACTURER_NOT_FOUND: i64 = 1_043_002_000;
const MANUFACTURER_NAME_TAKEN: i64 = 1_043_002_001;

/// A test capacitor `n` made by `manufacturer`.
fn capacitor_by(n: u32, manufacturer: &str) -> NewComponent {
    let mut capacitor = crate::search_index::capacitor();
    capacitor.source_id = format!("test:cap-{n}");
    capacitor.part_number = format!("TESTCAP{n}");
    capacitor.name = capacitor.part_number.clone();
    capacitor.manufacturer = Some(InferredManufacturer {
        name: manufacturer.to_owned(),
        website: None,
        method: "library",
    });
    capacitor
}

/// The manufacturer (`{id, name}`) the public detail of item `id` shows.
async fn manufacturer_of(app: &TestApp, id: i64) -> anyhow::Result<Value> {
    Ok(public_detail(app, id).await?["manufacturer"].clone())
}

/// The operators' list filtered by `query`.
async fn listed(app: &TestApp, session: &str, query: &str) -> anyhow::Result<Value> {
    ok(
        app,
        reqwest::Method::GET,
        &format!("{MANUFACTURERS}/page?{query}"),
        session,
        None,
    )
    .await
}

async fn edit(app: &TestApp, session: &str, id: i64, body: Value) -> anyhow::Result<Value> {
    call(
        app,
        reqwest::Method::PUT,
        &format!("{MANUFACTURERS}/{id}"),
        Some(session),
        Some(&body),
    )
    .await
}

async fn merge(app: &TestApp, session: &str, id: i64, target: i64) -> anyhow::Result<Value> {
    call(
        app,
        reqwest::Method::POST,
        &format!("{MANUFACTURERS}/{id}/merge"),
        Some(session),
        Some(&json!({"targetId": target})),
    )
    .await
}

/// Imports `records` and brings the search index up to date, as the follower does within a
/// second. Answers the item ids.
async fn import(
    environment: &TestEnvironment,
    service: &component_api::ComponentService,
    records: &[NewComponent],
) -> anyhow::Result<Vec<i64>> {
    let store: ComponentRepository = store(environment).await?;
    store.upsert(records).await?;
    catch_up(environment, service).await?;
    let mut ids = Vec::new();
    for record in records {
        ids.push(id_of(environment, &record.source_id).await?);
    }
    Ok(ids)
}

/// Brings the search index up to date, as the follower does within a second.
pub(crate) async fn catch_up(
    environment: &TestEnvironment,
    service: &component_api::ComponentService,
) -> anyhow::Result<()> {
    let location = kernel::db::DatabaseLocation::resolve(&environment.settings, "component")?;
    let categories = CategoryRepository::new(&kernel::Database::connect(&location, 1).await?);
    service
        .search()
        .catch_up(&store(environment).await?, &categories)
        .await?;
    Ok(())
}

async fn only_operators_manage_manufacturers_and_bad_input_is_refused(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, service, sessions) = spawn_with_users(&environment).await?;
    let [id] = import(&environment, &service, &[capacitor_by(1, "Murata")]).await?[..] else {
        anyhow::bail!("one item");
    };
    let maker = manufacturer_of(&app, id).await?["id"]
        .as_i64()
        .context("manufacturer id")?;
    let page = format!("{MANUFACTURERS}/page");
    let rename = json!({"name": "Murata Manufacturing"});
    for (session, code) in [(None, 401), (Some(sessions.member.as_str()), 403)] {
        let get = call(&app, reqwest::Method::GET, &page, session, None).await?;
        assert_eq!(get["code"], code, "{get}");
        let put = call(
            &app,
            reqwest::Method::PUT,
            &format!("{MANUFACTURERS}/{maker}"),
            session,
            Some(&rename),
        )
        .await?;
        assert_eq!(put["code"], code, "{put}");
        let post = call(
            &app,
            reqwest::Method::POST,
            &format!("{MANUFACTURERS}/{maker}/merge"),
            session,
            Some(&json!({"targetId": 1})),
        )
        .await?;
        assert_eq!(post["code"], code, "{post}");
    }

    for (body, msg) in [
        (json!({}), "厂商名称不能为空"),
        (json!({"name": "  "}), "厂商名称不能为空"),
        (json!({"name": "名".repeat(101)}), "厂商名称过长"),
        (
            json!({"name": "Murata", "website": "www.murata.com"}),
            "网址须以 http:// 或 https:// 开头",
        ),
    ] {
        let refused = edit(&app, &sessions.operator, maker, body).await?;
        assert_eq!(refused["code"], 400, "{refused}");
        assert_eq!(refused["msg"], format!("请求参数不正确:{msg}"), "{refused}");
    }
    let missing = edit(&app, &sessions.operator, 987_654_321, rename).await?;
    assert_eq!(missing["code"], MANUFACTURER_NOT_FOUND, "{missing}");
    let to_itself = merge(&app, &sessions.operator, maker, maker).await?;
    assert_eq!(to_itself["code"], 400, "{to_itself}");
    let to_nothing = merge(&app, &sessions.operator, maker, 987_654_321).await?;
    assert_eq!(to_nothing["code"], MANUFACTURER_NOT_FOUND, "{to_nothing}");
    let too_long = call(
        &app,
        reqwest::Method::GET,
        &format!("{page}?keyWords={}", "x".repeat(101)),
        Some(&sessions.operator),
        None,
    )
    .await?;
    assert_eq!(too_long["code"], 400, "{too_long}");
    // Nothing of that was written.
    let murata = listed(&app, &sessions.operator, "keyWords=murata").await?;
    assert_eq!(murata["total"], 1, "{murata}");
    assert_eq!(murata["list"][0]["name"], "Murata");
    assert_eq!(murata["list"][0]["itemCount"], 1);
    assert_eq!(murata["list"][0]["aliases"], json!([]));
    assert_eq!(manufacturer_of(&app, id).await?["name"], "Murata");
    app.stop().await;
    Ok(())
}

async fn a_renamed_manufacturer_keeps_its_items_through_a_reimport(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, service, sessions) = spawn_with_users(&environment).await?;
    let mut record = capacitor_by(1, "murata mfg");
    let [id] = import(&environment, &service, std::slice::from_ref(&record)).await?[..] else {
        anyhow::bail!("one item");
    };
    let maker = manufacturer_of(&app, id).await?["id"]
        .as_i64()
        .context("manufacturer id")?;
    let renamed = ok(
        &app,
        reqwest::Method::PUT,
        &format!("{MANUFACTURERS}/{maker}"),
        &sessions.operator,
        Some(&json!({"name": " Murata Manufacturing ", "website": "https://www.murata.com/"})),
    )
    .await?;
    assert_eq!(renamed["name"], "Murata Manufacturing", "{renamed}");
    assert_eq!(renamed["website"], "https://www.murata.com/");
    assert_eq!(renamed["aliases"], json!(["murata mfg"]));
    assert_eq!(renamed["itemCount"], 1);
    assert_eq!(
        manufacturer_of(&app, id).await?["name"],
        "Murata Manufacturing"
    );
    // The search index follows the change feed to the new name.
    catch_up(&environment, &service).await?;
    let found = ok(
        &app,
        reqwest::Method::GET,
        &format!("{BASE}/search?keyWords=TESTCAP1"),
        &sessions.member,
        None,
    )
    .await?;
    let text = found.to_string();
    assert!(
        text.contains("Murata Manufacturing") && !text.contains("murata mfg"),
        "{found}"
    );
    // The alias is found by the list's keyword.
    let by_alias = listed(&app, &sessions.operator, "keyWords=mfg").await?;
    assert_eq!(by_alias["list"][0]["id"], maker, "{by_alias}");

    // The source still says "murata mfg": a changed record and a new one land on the renamed
    // manufacturer, and no duplicate comes back.
    record.description = "Murata MLCC 0.1uF 16V X7R 0402 (revised)".into();
    let [_, new_id] = import(
        &environment,
        &service,
        &[record, capacitor_by(2, "murata mfg")],
    )
    .await?[..] else {
        anyhow::bail!("two items");
    };
    assert_eq!(manufacturer_of(&app, id).await?["id"], maker);
    assert_eq!(manufacturer_of(&app, new_id).await?["id"], maker);
    let all = listed(&app, &sessions.operator, "keyWords=murata").await?;
    assert_eq!(all["total"], 1, "{all}");
    assert_eq!(all["list"][0]["itemCount"], 2, "{all}");

    // Renaming back to the alias makes it the name again; the name it leaves is the alias.
    let back = ok(
        &app,
        reqwest::Method::PUT,
        &format!("{MANUFACTURERS}/{maker}"),
        &sessions.operator,
        Some(&json!({"name": "murata mfg", "website": "https://www.murata.com/"})),
    )
    .await?;
    assert_eq!(back["aliases"], json!(["Murata Manufacturing"]), "{back}");
    // The same again changes nothing and writes no entry.
    let again = edit(
        &app,
        &sessions.operator,
        maker,
        json!({"name": "murata mfg", "website": "https://www.murata.com/"}),
    )
    .await?;
    assert_eq!(again["code"], 0, "{again}");
    let entries = audit_entries(&app, &sessions.operator, "catalog-manufacturer.update").await?;
    assert_eq!(entries["total"], 2, "{entries}");
    let first = &entries["list"][1];
    assert_eq!(first["targetType"], "catalog-manufacturer");
    assert_eq!(first["targetId"], maker.to_string());
    assert_eq!(first["before"]["name"], "murata mfg", "{first}");
    assert_eq!(first["after"]["name"], "Murata Manufacturing", "{first}");
    app.stop().await;
    Ok(())
}

async fn merging_a_duplicate_moves_its_items_and_its_name(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, service, sessions) = spawn_with_users(&environment).await?;
    let records = [
        capacitor_by(1, "Murata"),
        capacitor_by(2, "MURATA, Inc."),
        capacitor_by(3, "Samsung Electro-Mechanics"),
    ];
    let [kept_item, duplicate_item, other_item] =
        import(&environment, &service, &records).await?[..]
    else {
        anyhow::bail!("three items");
    };
    let kept = manufacturer_of(&app, kept_item).await?["id"]
        .as_i64()
        .context("id")?;
    let duplicate = manufacturer_of(&app, duplicate_item).await?["id"]
        .as_i64()
        .context("id")?;
    let other = manufacturer_of(&app, other_item).await?["id"]
        .as_i64()
        .context("id")?;

    // The duplicates view groups the two names and leaves the rest (the fixture's makers
    // included) out unless they have a twin.
    let duplicates = listed(&app, &sessions.operator, "duplicates=true&keyWords=murata").await?;
    assert_eq!(duplicates["total"], 2, "{duplicates}");
    let ids: Vec<&Value> = duplicates["list"]
        .as_array()
        .context("list")?
        .iter()
        .map(|m| &m["id"])
        .collect();
    assert_eq!(ids, [&json!(kept), &json!(duplicate)], "{duplicates}");
    assert_eq!(duplicates["list"][0]["duplicateKey"], "murata");
    assert_eq!(duplicates["list"][1]["duplicateKey"], "murata");
    let samsung = listed(&app, &sessions.operator, "duplicates=true&keyWords=samsung").await?;
    assert_eq!(samsung["total"], 0, "{samsung}");

    let merged = ok(
        &app,
        reqwest::Method::POST,
        &format!("{MANUFACTURERS}/{duplicate}/merge"),
        &sessions.operator,
        Some(&json!({"targetId": kept})),
    )
    .await?;
    assert_eq!(merged["moved"], 1, "{merged}");
    assert_eq!(merged["target"]["id"], kept);
    assert_eq!(merged["target"]["itemCount"], 2);
    assert_eq!(merged["target"]["aliases"], json!(["MURATA, Inc."]));
    assert_eq!(
        manufacturer_of(&app, duplicate_item).await?["name"],
        "Murata"
    );
    let gone = edit(&app, &sessions.operator, duplicate, json!({"name": "x"})).await?;
    assert_eq!(gone["code"], MANUFACTURER_NOT_FOUND, "{gone}");
    let public_page = call(
        &app,
        reqwest::Method::GET,
        &format!("{BASE}/manufacturer/{duplicate}"),
        None,
        None,
    )
    .await?;
    // Its old public page shows the manufacturer that kept its items.
    assert_eq!(public_page["code"], 0, "{public_page}");
    assert_eq!(
        public_page["data"]["manufacturer"]["id"], kept,
        "{public_page}"
    );
    let none_left = listed(&app, &sessions.operator, "duplicates=true&keyWords=murata").await?;
    assert_eq!(none_left["total"], 0, "{none_left}");
    catch_up(&environment, &service).await?;
    let found = ok(
        &app,
        reqwest::Method::GET,
        &format!("{BASE}/search?keyWords=TESTCAP2"),
        &sessions.member,
        None,
    )
    .await?;
    assert!(!found.to_string().contains("MURATA, Inc."), "{found}");

    // The merged name is taken: renaming another manufacturer to it means merging instead.
    for taken in ["MURATA, Inc.", "Murata"] {
        let refused = edit(&app, &sessions.operator, other, json!({"name": taken})).await?;
        assert_eq!(refused["code"], MANUFACTURER_NAME_TAKEN, "{refused}");
    }
    // Merging the target away carries the aliases along.
    let onward = ok(
        &app,
        reqwest::Method::POST,
        &format!("{MANUFACTURERS}/{kept}/merge"),
        &sessions.operator,
        Some(&json!({"targetId": other})),
    )
    .await?;
    assert_eq!(onward["moved"], 2, "{onward}");
    assert_eq!(
        onward["target"]["aliases"],
        json!(["MURATA, Inc.", "Murata"]),
        "{onward}"
    );
    // Both old pages now show the last target.
    for gone in [duplicate, kept] {
        let page = crate::helpers::data(&app, &format!("{BASE}/manufacturer/{gone}")).await?;
        assert_eq!(page["manufacturer"]["id"], other, "{gone}: {page}");
    }
    // A re-import under either old name lands on the last target.
    let mut revised = capacitor_by(2, "MURATA, Inc.");
    revised.description = "revised".into();
    import(&environment, &service, &[revised]).await?;
    assert_eq!(manufacturer_of(&app, duplicate_item).await?["id"], other);

    let entries = audit_entries(&app, &sessions.operator, "catalog-manufacturer.merge").await?;
    assert_eq!(entries["total"], 2, "{entries}");
    let first = &entries["list"][1];
    assert_eq!(first["targetId"], duplicate.to_string(), "{first}");
    assert_eq!(first["before"]["source"]["name"], "MURATA, Inc.", "{first}");
    assert_eq!(first["after"]["moved"], 1, "{first}");
    app.stop().await;
    Ok(())
}

async fn a_parallel_burst_of_merges_and_renames_changes_once(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, service, sessions) = spawn_with_users(&environment).await?;
    let records = [
        capacitor_by(1, "Maker A"),
        capacitor_by(2, "Maker B"),
        capacitor_by(3, "Maker C"),
        capacitor_by(4, "Maker D"),
    ];
    let items = import(&environment, &service, &records).await?;
    let mut makers = Vec::new();
    for item in &items {
        makers.push(
            manufacturer_of(&app, *item).await?["id"]
                .as_i64()
                .context("id")?,
        );
    }
    let [a, b, c, d] = makers[..] else {
        anyhow::bail!("four makers");
    };

    // A into B and B into A, five of each at once: one merge happens, the rest find a side gone.
    let answers = join_all((0..10).map(|n| {
        let (source, target) = if n % 2 == 0 { (a, b) } else { (b, a) };
        merge(&app, &sessions.operator, source, target)
    }))
    .await;
    let mut merged = 0;
    for answer in answers {
        let answer = answer?;
        match answer["code"].as_i64() {
            Some(0) => merged += 1,
            Some(MANUFACTURER_NOT_FOUND) => {}
            _ => anyhow::bail!("unexpected answer: {answer}"),
        }
    }
    assert_eq!(merged, 1, "exactly one merge");
    let entries = audit_entries(&app, &sessions.operator, "catalog-manufacturer.merge").await?;
    assert_eq!(entries["total"], 1, "{entries}");
    let survivor = manufacturer_of(&app, items[0]).await?;
    assert_eq!(manufacturer_of(&app, items[1]).await?, survivor);

    // C and D both renamed to one name, five requests each at once: one of them gets it.
    let answers = join_all((0..10).map(|n| {
        let id = if n % 2 == 0 { c } else { d };
        edit(&app, &sessions.operator, id, json!({"name": "Maker CD"}))
    }))
    .await;
    let mut renamed = std::collections::BTreeSet::new();
    for answer in answers {
        let answer = answer?;
        match answer["code"].as_i64() {
            Some(0) => {
                renamed.insert(answer["data"]["id"].as_i64().context("id")?);
            }
            Some(MANUFACTURER_NAME_TAKEN) => {}
            _ => anyhow::bail!("unexpected answer: {answer}"),
        }
    }
    assert_eq!(
        renamed.len(),
        1,
        "one manufacturer has the name: {renamed:?}"
    );
    let entries = audit_entries(&app, &sessions.operator, "catalog-manufacturer.update").await?;
    assert_eq!(entries["total"], 1, "one rename, one entry: {entries}");
    app.stop().await;
    Ok(())
}

/// An item's manufacturer corrected to another: the public detail shows it, the correction keeps
/// the source's through a re-import, follows the manufacturer into a merge, and `null` clears it.
async fn an_items_manufacturer_is_corrected_through_reimports_and_merges(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, service, sessions) = spawn_with_users(&environment).await?;
    let mut records = [
        capacitor_by(1, "Murata"),
        capacitor_by(2, "Samsung Electro-Mechanics"),
        capacitor_by(3, "Samsung"),
    ];
    let ids = import(&environment, &service, &records).await?;
    let id = ids[0];
    let maker_of = |index: usize| {
        let app = &app;
        let ids = &ids;
        async move {
            manufacturer_of(app, ids[index]).await?["id"]
                .as_i64()
                .context("manufacturer id")
        }
    };
    let (murata, semco, samsung) = (maker_of(0).await?, maker_of(1).await?, maker_of(2).await?);
    let operator = sessions.operator.as_str();

    let unknown = correct(&app, operator, id, json!({"manufacturerId": 987_654_321})).await?;
    assert_eq!(unknown["msg"], "请求参数不正确:厂商不存在", "{unknown}");
    let corrected = correct(&app, operator, id, json!({"manufacturerId": semco})).await?;
    assert_eq!(corrected["code"], 0, "{corrected}");
    let detail = &corrected["data"];
    assert_eq!(detail["manufacturerId"], semco, "{detail}");
    assert_eq!(
        detail["item"]["manufacturerName"],
        "Samsung Electro-Mechanics"
    );
    assert_eq!(
        detail["corrections"],
        json!([{"field": "manufacturerId", "original": "Murata"}]),
        "the source's manufacturer by name"
    );
    catch_up(&environment, &service).await?;
    assert_eq!(
        manufacturer_of(&app, id).await?["name"],
        "Samsung Electro-Mechanics"
    );

    // The source revises the record: the correction stays.
    records[0].description = "revised".into();
    import(&environment, &service, &records[..1]).await?;
    assert_eq!(manufacturer_of(&app, id).await?["id"], semco);
    assert_eq!(
        public_detail(&app, id).await?["component"]["description"],
        "revised"
    );

    // Merged into Samsung, the correction names Samsung; a re-import keeps it (no dangling id).
    let merged = merge(&app, operator, semco, samsung).await?;
    assert_eq!(merged["code"], 0, "{merged}");
    records[0].description = "revised again".into();
    import(&environment, &service, &records[..1]).await?;
    assert_eq!(manufacturer_of(&app, id).await?["id"], samsung);
    let detail = ok(
        &app,
        reqwest::Method::GET,
        &format!("{CATALOG}/{id}"),
        operator,
        None,
    )
    .await?;
    assert_eq!(detail["manufacturerId"], samsung, "{detail}");
    assert_eq!(detail["corrections"][0]["original"], "Murata", "{detail}");

    // Merging the source's manufacturer into the corrected one leaves nothing to correct.
    let merged = merge(&app, operator, murata, samsung).await?;
    assert_eq!(merged["code"], 0, "{merged}");
    let detail = ok(
        &app,
        reqwest::Method::GET,
        &format!("{CATALOG}/{id}"),
        operator,
        None,
    )
    .await?;
    assert_eq!(detail["corrections"], json!([]), "{detail}");
    assert_eq!(detail["item"]["edited"], false, "{detail}");

    // Null: no manufacturer; absent (the other corrections' bodies): left as it is.
    let cleared = correct(&app, operator, id, json!({"manufacturerId": null})).await?;
    assert_eq!(cleared["data"]["manufacturerId"], Value::Null, "{cleared}");
    assert_eq!(manufacturer_of(&app, id).await?, Value::Null);
    let renamed = correct(&app, operator, id, json!({"name": "TESTCAP1-R"})).await?;
    assert_eq!(renamed["data"]["manufacturerId"], Value::Null, "{renamed}");
    let audit = audit_entries(&app, operator, "catalog-item.update").await?;
    assert_eq!(
        audit["list"][2]["after"]["fields"]["manufacturerId"], semco,
        "{audit}"
    );
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    an_items_manufacturer_is_corrected_through_reimports_and_merges,
    only_operators_manage_manufacturers_and_bad_input_is_refused,
    a_renamed_manufacturer_keeps_its_items_through_a_reimport,
    merging_a_duplicate_moves_its_items_and_its_name,
    a_parallel_burst_of_merges_and_renames_changes_once
);
