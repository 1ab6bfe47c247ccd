//! Keyword search and suggestions over HTTP, on the fixture seed (real KiCad 6 symbols).

use std::sync::Arc;

use catalog::store::CategoryRepository;
use component_api::ComponentService;
use kernel::testing::{TestApp, TestEnvironment};
use serde_json::Value;

use crate::helpers::{data, error, fixture_seed, store, BASE};

const BAD_REQUEST: i64 = 400;

async fn spawn(environment: &TestEnvironment) -> anyhow::Result<(TestApp, Arc<ComponentService>)> {
    let service = Arc::new(ComponentService::new(Some(fixture_seed())));
    let app = TestApp::spawn(environment.settings.clone(), vec![service.clone()], None).await?;
    Ok((app, service))
}

fn part_numbers(answer: &Value) -> Vec<String> {
    answer["list"]
        .as_array()
        .map(|items| {
            items
                .iter()
                .map(|item| item["partNumber"].as_str().unwrap_or_default().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

async fn keyword_search_ranks_and_filters(environment: TestEnvironment) -> anyhow::Result<()> {
    let (app, _) = spawn(&environment).await?;

    let stm = data(&app, &format!("{BASE}/search?keyWords=stm32f10")).await?;
    assert_eq!(stm["total"], 4, "{stm}");
    assert!(part_numbers(&stm)
        .iter()
        .all(|pn| pn.starts_with("STM32F103")));

    let lm358 = data(&app, &format!("{BASE}/search?keyWords=LM358")).await?;
    assert_eq!(
        part_numbers(&lm358).first().map(String::as_str),
        Some("LM358")
    );
    assert_eq!(lm358["list"][0]["exact"], true);

    let op_amps = data(&app, &format!("{BASE}/search?keyWords=运放&pageSize=100")).await?;
    assert!(
        op_amps["total"].as_i64().unwrap_or_default() >= 5,
        "{op_amps}"
    );
    for item in op_amps["list"].as_array().cloned().unwrap_or_default() {
        assert_eq!(item["categoryCode"], "op-amp", "{item}");
    }
    let category_facet = op_amps["facets"]["categories"]
        .as_array()
        .and_then(|values| values.iter().find(|v| v["value"] == "op-amp").cloned())
        .unwrap_or_default();
    assert_eq!(category_facet["name"], "运算放大器");
    assert_eq!(category_facet["nameEn"], "Operational Amplifiers");
    assert_eq!(category_facet["count"], op_amps["total"]);
    let voltage_facet = op_amps["facets"]["parameters"]
        .as_array()
        .and_then(|values| values.iter().find(|v| v["value"] == "voltage").cloned());
    if let Some(voltage) = voltage_facet {
        assert_eq!(
            (&voltage["name"], &voltage["nameEn"]),
            (&"电压".into(), &"Voltage".into())
        );
    }

    // A manufacturer's Chinese name finds its components (the glossary, docs/search.md).
    let ti = data(
        &app,
        &format!("{BASE}/search?keyWords=德州仪器&pageSize=100"),
    )
    .await?;
    assert!(ti["total"].as_i64().unwrap_or_default() >= 1, "{ti}");
    for item in ti["list"].as_array().cloned().unwrap_or_default() {
        assert_eq!(item["manufacturerName"], "Texas Instruments", "{item}");
    }
    let ti_facet = &ti["facets"]["manufacturers"][0];
    assert_eq!(ti_facet["value"], "Texas Instruments");
    assert_eq!(ti_facet["name"], "Texas Instruments（德州仪器）");
    assert_eq!(ti_facet["nameEn"], "Texas Instruments");

    // A value in another prefix matches the stated 3.3 V; a range filter in millivolts too.
    let by_value = data(&app, &format!("{BASE}/search?notAnalyzerKeyWords=3300mV")).await?;
    assert!(
        part_numbers(&by_value).contains(&"AMS1117-3.3".to_string()),
        "{by_value}"
    );
    assert!(!part_numbers(&by_value).contains(&"AMS1117-5.0".to_string()));
    let ranged = data(
        &app,
        &format!("{BASE}/search?keyWords=AMS1117&range=voltage:3000mV..3.5V"),
    )
    .await?;
    assert_eq!(part_numbers(&ranged), ["AMS1117-3.3"], "{ranged}");

    // Browsing a category without keywords, sorted by part number, paged.
    let regulators = data(
        &app,
        &format!("{BASE}/search?category=linear-regulator&sort=partNumber&pageSize=3&pageNo=1"),
    )
    .await?;
    let names = part_numbers(&regulators);
    assert_eq!(names.len(), 3);
    let mut sorted = names.clone();
    sorted.sort_by_key(|n| n.to_lowercase());
    assert_eq!(names, sorted);
    assert!(regulators["total"].as_i64().unwrap_or_default() > 3);
    Ok(())
}

async fn category_counts_cover_subtrees(environment: TestEnvironment) -> anyhow::Result<()> {
    let (app, _) = spawn(&environment).await?;
    let counts = data(&app, &format!("{BASE}/category/counts")).await?;
    let count = |code: &str| counts[code].as_u64().unwrap_or_default();
    // The same numbers as browsing the category in the search.
    for code in ["op-amp", "linear-regulator"] {
        let browse = data(&app, &format!("{BASE}/search?category={code}&pageSize=1")).await?;
        assert_eq!(
            count(code),
            browse["total"].as_u64().unwrap_or(u64::MAX),
            "{code}"
        );
        assert!(count(code) > 0, "{code}: {counts}");
    }
    // A parent counts its subtree: the root holding op-amps counts at least as many.
    let tree = data(&app, &format!("{BASE}/category/tree")).await?;
    for root in tree.as_array().cloned().unwrap_or_default() {
        let code = root["code"].as_str().unwrap_or_default();
        let children: u64 = root["children"]
            .as_array()
            .map(|c| {
                c.iter()
                    .map(|c| count(c["code"].as_str().unwrap_or_default()))
                    .sum()
            })
            .unwrap_or_default();
        assert!(count(code) >= children, "{code}: {counts}");
    }
    Ok(())
}

async fn bad_search_input_gets_clear_errors(environment: TestEnvironment) -> anyhow::Result<()> {
    let (app, _) = spawn(&environment).await?;
    let eleven = (0..11)
        .map(|i| format!("k{i}"))
        .collect::<Vec<_>>()
        .join("|");
    let long = "x".repeat(129);
    let cases = [
        (format!("keyWords={eleven}"), "关键字最多10个"),
        ("keyWords=LM358|lm358".to_string(), "关键字不能重复"),
        (String::new(), "请输入内容再进行搜索"),
        (format!("keyWords={long}"), "关键字长度不能超过128个字符"),
        (
            "keyWords=LM358&range=weight:1kg..2kg".to_string(),
            "未知参数",
        ),
        ("keyWords=LM358&range=voltage".to_string(), "格式不正确"),
        ("keyWords=LM358&range=voltage:abc..".to_string(), "无法识别"),
        (
            "keyWords=LM358&range=voltage:5V..1V".to_string(),
            "下限大于上限",
        ),
        ("notAnalyzerKeyWords=LM358".to_string(), "不是有效的数值"),
        ("keyWords=LM358&sort=price".to_string(), "排序方式"),
        ("keyWords=LM358&pageSize=101".to_string(), "pageSize"),
    ];
    for (query, message) in cases {
        let (status, code, msg) = error(&app, &format!("{BASE}/search?{query}")).await?;
        assert_eq!((status, code), (200, BAD_REQUEST), "{query}: {msg}");
        assert!(msg.contains(message), "{query}: {msg}");
    }
    Ok(())
}

async fn suggestions(environment: TestEnvironment) -> anyhow::Result<()> {
    let (app, _) = spawn(&environment).await?;
    let stm = data(
        &app,
        &format!("{BASE}/es/keyword/suggest?keyword=stm32&size=15"),
    )
    .await?;
    let stm: Vec<String> = serde_json::from_value(stm)?;
    // The four part numbers first, then the symbols' keywords (STM32F1, STM32F103).
    assert!(stm.len() >= 4, "{stm:?}");
    assert!(
        stm[..4]
            .iter()
            .all(|s| s.starts_with("STM32F103") && s.len() > 9),
        "{stm:?}"
    );
    assert!(stm.iter().all(|s| s.starts_with("STM32")), "{stm:?}");
    let three = data(
        &app,
        &format!("{BASE}/es/keyword/suggest?keyword=ds13&size=3"),
    )
    .await?;
    assert_eq!(three.as_array().map(Vec::len), Some(3));
    let capped = data(
        &app,
        &format!("{BASE}/es/keyword/suggest?keyword=p&size=100"),
    )
    .await?;
    assert!(capped.as_array().is_some_and(|a| a.len() <= 15));
    let chinese = data(&app, &format!("{BASE}/es/keyword/suggest?keyword=运算")).await?;
    assert!(
        chinese
            .as_array()
            .is_some_and(|a| a.iter().any(|s| s == "运算放大器")),
        "{chinese}"
    );
    let empty = data(&app, &format!("{BASE}/es/keyword/suggest?keyword=")).await?;
    assert_eq!(empty, serde_json::json!([]));
    let long = "x".repeat(129);
    let (_, code, _) = error(&app, &format!("{BASE}/es/keyword/suggest?keyword={long}")).await?;
    assert_eq!(code, BAD_REQUEST);
    let (_, code, _) = error(&app, &format!("{BASE}/es/keyword/suggest?keyword=a&size=0")).await?;
    assert_eq!(code, BAD_REQUEST);
    Ok(())
}

async fn the_index_follows_store_changes(environment: TestEnvironment) -> anyhow::Result<()> {
    let (app, service) = spawn(&environment).await?;
    let path = format!("{BASE}/search?keyWords=GRM155");
    assert_eq!(data(&app, &path).await?["total"], 0);

    let store = store(&environment).await?;
    let location = kernel::db::DatabaseLocation::resolve(&environment.settings, "component")?;
    let categories = CategoryRepository::new(&kernel::Database::connect(&location, 1).await?);
    let capacitor = crate::search_index::capacitor();
    store.upsert(&[capacitor]).await?;
    // What the background follower does every few seconds, done now. The follower may have
    // applied the change first (catch_up then answers 0): the search finding it is the check.
    service.search().catch_up(&store, &categories).await?;
    let found = data(&app, &path).await?;
    assert_eq!(part_numbers(&found), ["GRM155R71C104KA88D"]);
    let by_value = data(
        &app,
        &format!("{BASE}/search?keyWords=100nF&notAnalyzerKeyWords=100nF"),
    )
    .await?;
    assert!(part_numbers(&by_value).contains(&"GRM155R71C104KA88D".to_string()));
    let suggested = data(&app, &format!("{BASE}/es/keyword/suggest?keyword=grm")).await?;
    assert_eq!(suggested, serde_json::json!(["GRM155R71C104KA88D"]));
    Ok(())
}

kernel::backend_tests!(
    keyword_search_ranks_and_filters,
    category_counts_cover_subtrees,
    bad_search_input_gets_clear_errors,
    suggestions,
    the_index_follows_store_changes
);
