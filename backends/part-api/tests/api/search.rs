//! Keyword search over the real seed: what an engineer types finds what they mean (issue 16:
//! `M6×20`, `M6x20`, `M6*20`, `GB/T 70.1 M6 20`, `内六角 M8`, `6204`, `深沟球轴承 20 47`), the
//! facets (family = category, standards body = manufacturer, standard = package, dimensions),
//! range filters in any unit, and suggestions (≤ 15, also under a parallel burst).

use kernel::testing::TestEnvironment;
use serde_json::Value;

use crate::helpers::{data, encode, search, spawn, BASE};

fn codes(hits: &Value) -> Vec<String> {
    hits["list"]
        .as_array()
        .map(|list| {
            list.iter()
                .map(|hit| hit["partNumber"].as_str().unwrap_or_default().to_string())
                .collect()
        })
        .unwrap_or_default()
}

async fn engineers_queries_find_what_they_mean(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;

    for query in ["M6×20", "M6x20", "M6*20", "GB/T 70.1 M6 20", "m6X20"] {
        let hits = search(&app, query, "").await?;
        let found = codes(&hits);
        anyhow::ensure!(
            found.first().map(String::as_str) == Some("ISO 4762 M6×20"),
            "{query}: ISO 4762 M6×20 not first: {found:?}"
        );
        anyhow::ensure!(
            hits["list"][0]["gbDesignation"] == "GB/T 70.1",
            "{query}: {hits}"
        );
    }
    // Other M6×20 screws follow (ISO 4017, …): the spelling found the size, not one record.
    let hits = search(&app, "M6x20", "").await?;
    anyhow::ensure!(
        codes(&hits).iter().any(|c| c == "ISO 4017 M6×20"),
        "M6x20: no ISO 4017 M6×20: {:?}",
        codes(&hits)
    );

    // 内六角 M8: M8 socket head cap screws first.
    let hits = search(&app, "内六角 M8", "").await?;
    let list = hits["list"].as_array().cloned().unwrap_or_default();
    anyhow::ensure!(list.len() >= 10, "内六角 M8: {}", codes(&hits).len());
    for hit in &list[..10] {
        anyhow::ensure!(
            hit["family"] == "socket_head_cap" && hit["size"] == "M8-1.25",
            "内六角 M8: {} in the first ten: {:?}",
            hit["partNumber"],
            codes(&hits)
        );
    }

    // A bearing by its designation, and by its bore and outside diameter: the issue's own
    // queries. 6204 (20×47×14) comes from the project's ISO 15 table
    // (data/parts/iso15_deep_groove_ball_bearings.csv; bd_warehouse's stops at a 10 mm bore).
    let hits = search(&app, "6204", "").await?;
    anyhow::ensure!(
        codes(&hits).first().map(String::as_str) == Some("6204"),
        "6204: {:?}",
        codes(&hits)
    );
    let hits = search(&app, "深沟球轴承 20 47", "").await?;
    let first = &hits["list"][0];
    anyhow::ensure!(
        first["partNumber"] == "6204" && first["family"] == "single_row_deep_groove_ball_bearing",
        "深沟球轴承 20 47: {:?}",
        codes(&hits)
    );
    // bd_warehouse's own deep-groove rows are found the same way.
    let hits = search(&app, "深沟球轴承 10 30", "").await?;
    anyhow::ensure!(
        hits["list"][0]["partNumber"] == "6200",
        "深沟球轴承 10 30: {:?}",
        codes(&hits)
    );
    let hits = search(&app, "轴承 20 47", "").await?;
    let found = codes(&hits);
    anyhow::ensure!(
        found.iter().take(5).any(|c| c == "NJ 204 ECP")
            && found.iter().take(5).any(|c| c == "30204 J2/Q"),
        "轴承 20 47: {found:?}"
    );

    // A structural profile by its name and by its section.
    let hits = search(&app, "IPE100", "").await?;
    anyhow::ensure!(
        codes(&hits).first().map(String::as_str) == Some("IPE100"),
        "IPE100: {:?}",
        codes(&hits)
    );

    app.stop().await;
    Ok(())
}

async fn facets_and_ranges_narrow_the_parts(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;

    // Facets of a keyword: family (category), standards body (manufacturer), standard (package),
    // the typed dimensions by their labels.
    let hits = search(&app, "M6", "").await?;
    let facets = &hits["facets"];
    let values = |facet: &str| -> Vec<String> {
        facets[facet]
            .as_array()
            .map(|list| {
                list.iter()
                    .map(|v| v["value"].as_str().unwrap_or_default().to_string())
                    .collect()
            })
            .unwrap_or_default()
    };
    anyhow::ensure!(
        values("categories")
            .iter()
            .any(|c| c == "socket-head-cap-screw"),
        "{facets}"
    );
    anyhow::ensure!(
        values("manufacturers").iter().any(|m| m == "ISO"),
        "{facets}"
    );
    anyhow::ensure!(
        values("manufacturers").iter().any(|m| m == "DIN"),
        "{facets}"
    );
    anyhow::ensure!(
        values("packages").iter().any(|p| p == "ISO 4762"),
        "{facets}"
    );
    anyhow::ensure!(values("parameters").iter().any(|p| p == "dk"), "{facets}");

    // The standard facet as a filter: only ISO 4032 nuts.
    let hits = search(&app, "M6", "&package=ISO%204032").await?;
    anyhow::ensure!(hits["list"][0]["partNumber"] == "ISO 4032 M6", "{hits}");
    // M6 is also a prefix of M60 and M64: those follow, all ISO 4032.
    anyhow::ensure!(
        hits["list"]
            .as_array()
            .is_some_and(|l| l.iter().all(|h| h["designation"] == "ISO 4032")),
        "{hits}"
    );

    // A range over a typed dimension in any unit: socket head cap screws M6 of 0.75–1 in length.
    let range = encode("l:19.05mm..1in");
    let hits = search(&app, "ISO 4762 M6", &format!("&range={range}")).await?;
    let found = codes(&hits);
    anyhow::ensure!(
        found.contains(&"ISO 4762 M6×20".to_string())
            && found.contains(&"ISO 4762 M6×25".to_string()),
        "{found:?}"
    );
    anyhow::ensure!(
        !found
            .iter()
            .any(|c| c.ends_with("×16") || c.ends_with("×30")),
        "{found:?}"
    );

    // Labels with subscripts as range keys, as the search page writes them (`d₁:6mm..0.3in`):
    // plain washers ISO 7089 whose bore d₁ lies within 6 mm … 7.62 mm are M6 (6.4) and M7 (7.4).
    let hits = search(&app, "ISO 7089", "").await?;
    let facet = hits["facets"]["parameters"]
        .as_array()
        .and_then(|list| list.iter().find(|entry| entry["value"] == "d₁").cloned())
        .ok_or_else(|| anyhow::anyhow!("no d₁ facet: {}", hits["facets"]))?;
    anyhow::ensure!(facet["dimension"] == "length", "{facet}");
    let range = encode("d₁:6mm..0.3in");
    let hits = search(&app, "ISO 7089", &format!("&range={range}")).await?;
    let mut found = codes(&hits);
    found.sort();
    anyhow::ensure!(
        found == ["ISO 7089 M6", "ISO 7089 M7"],
        "d₁ 6 mm … 0.3 in: {found:?}"
    );
    // C₀ (a bearing's static load rating, a force) with one bound and a second clause: deep-groove
    // bearings of 10 mm bore rated at least 2.3 kN — 6200 (2.36) and 6300 (3.4), not 6000 (1.96).
    let range = encode("d:10mm..10mm;C₀ >= 2.3kN");
    let hits = search(&app, "深沟球轴承", &format!("&range={range}")).await?;
    let found = codes(&hits);
    anyhow::ensure!(
        found.iter().any(|c| c == "6200") && found.iter().any(|c| c == "6300"),
        "C₀ ≥ 2.3 kN: {found:?}"
    );
    anyhow::ensure!(
        !found.iter().any(|c| c == "6000" || c == "61800"),
        "C₀ ≥ 2.3 kN: {found:?}"
    );
    // A label no item states, and a length where a force is stated: the envelope's 400 naming the
    // parameter.
    for bad in ["d₉:6mm..7mm", "C₀ >= 5mm"] {
        let path = format!("{BASE}/search?keyWords=6200&range={}", encode(bad));
        let (_, body) = app.get_json(&path).await?;
        anyhow::ensure!(
            body["code"] == 400
                && body["msg"]
                    .as_str()
                    .is_some_and(|m| m.contains('₀') || m.contains('₉')),
            "{bad}: {body}"
        );
    }

    // Browsing a family's category.
    let hits = data(
        &app,
        &format!(
            "{BASE}/search?allowEmpty=true&category=deep-groove-ball-bearing-open&pageSize=100"
        ),
    )
    .await?;
    anyhow::ensure!(
        hits["total"].as_i64().unwrap_or_default() >= 25,
        "{}",
        hits["total"]
    );

    app.stop().await;
    Ok(())
}

async fn suggestions_stay_within_fifteen_under_a_burst(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    let suggest = |keyword: &str, size: &str| {
        format!(
            "{BASE}/es/keyword/suggest?keyword={}{size}",
            encode(keyword)
        )
    };
    let list = data(&app, &suggest("ISO 47", "")).await?;
    let list = list.as_array().cloned().unwrap_or_default();
    anyhow::ensure!(!list.is_empty() && list.len() <= 15, "{list:?}");
    anyhow::ensure!(
        list.iter()
            .any(|s| s.as_str().is_some_and(|s| s.starts_with("ISO 47"))),
        "{list:?}"
    );
    let list = data(&app, &suggest("M", "&size=100")).await?;
    anyhow::ensure!(
        list.as_array().map_or(0, Vec::len) == 15,
        "size=100 gives 15: {list}"
    );

    // Forty suggestions at once: every one answered, none over fifteen.
    let calls = (0..40).map(|i| {
        let path = suggest(["M", "ISO", "62", "内六角", "IPE"][i % 5], "");
        let app = &app;
        async move { data(app, &path).await }
    });
    for answer in futures_util::future::join_all(calls).await {
        let answer = answer?;
        anyhow::ensure!(answer.as_array().is_some_and(|l| l.len() <= 15), "{answer}");
    }
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    engineers_queries_find_what_they_mean,
    facets_and_ranges_narrow_the_parts,
    suggestions_stay_within_fifteen_under_a_burst
);
