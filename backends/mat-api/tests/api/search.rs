//! Keyword search over the real seed: what an engineer types finds what they mean (issue 17:
//! `1.4301`, `SUS304`, `06Cr19Ni10`, `304` find AISI 304 first; `Q235`, `45钢`, `6061-T6`, `TC4`;
//! `铝合金` lists aluminium alloys), the facets (family = category, standard = package, no
//! manufacturer), and property range filters in any unit.

use kernel::testing::{TestApp, TestEnvironment};
use serde_json::Value;

use crate::helpers::{data, encode, hits, search, spawn, BASE};

fn describe(list: &[Value]) -> Vec<String> {
    list.iter()
        .map(|hit| {
            format!(
                "{} [{}|{}]",
                hit["partNumber"].as_str().unwrap_or_default(),
                hit["grade"].as_str().unwrap_or("-"),
                hit["categoryCode"].as_str().unwrap_or("-")
            )
        })
        .collect()
}

/// The first hit of `query` is a record of `grade` (the glossary's Chinese grade).
async fn first_is_grade(app: &TestApp, query: &str, grade: &str) -> anyhow::Result<Vec<Value>> {
    let list = hits(&search(app, query, "").await?);
    anyhow::ensure!(
        list.first().is_some_and(|hit| hit["grade"] == grade),
        "{query}: no {grade} record first: {:?}",
        describe(&list)
    );
    Ok(list)
}

async fn grades_are_found_by_every_standard_s_name(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;

    // AISI 304 under its EN number, JIS, Chinese and ASTM names.
    for query in [
        "1.4301",
        "SUS304",
        "06Cr19Ni10",
        "304",
        "X5CrNi18-10",
        "S30400",
    ] {
        first_is_grade(&app, query, "06Cr19Ni10").await?;
    }
    // FreeCAD's card is the one that names 1.4301 itself.
    let list = hits(&search(&app, "1.4301", "").await?);
    anyhow::ensure!(
        list.iter()
            .any(|hit| hit["partNumber"] == "X5CrNi18-10" && hit["materialNumber"] == "1.4301"),
        "1.4301: FreeCAD's X5CrNi18-10 missing: {:?}",
        describe(&list)
    );
    // What a Chinese engineer means.
    first_is_grade(&app, "Q235", "Q235").await?;
    let list = first_is_grade(&app, "45钢", "45").await?;
    anyhow::ensure!(
        list.iter().any(|hit| hit["partNumber"] == "1C45"),
        "45钢: FreeCAD's C45 card missing: {:?}",
        describe(&list)
    );
    first_is_grade(&app, "6061-T6", "6061-T6").await?;
    first_is_grade(&app, "TC4", "TC4").await?;
    first_is_grade(&app, "316L", "022Cr17Ni12Mo2").await?;
    first_is_grade(&app, "HT200", "HT200").await?;
    first_is_grade(&app, "40Cr", "40Cr").await?;

    // 铝合金: aluminium alloys only, many of them.
    let answer = search(&app, "铝合金", "").await?;
    let list = hits(&answer);
    anyhow::ensure!(
        answer["total"].as_i64().unwrap_or_default() >= 50,
        "铝合金: {} hits",
        answer["total"]
    );
    for hit in &list {
        let code = hit["categoryCode"].as_str().unwrap_or_default();
        anyhow::ensure!(
            code.starts_with("aluminum") || code.ends_with("-aluminum"),
            "铝合金: {} in {code}",
            hit["partNumber"]
        );
    }

    app.stop().await;
    Ok(())
}

async fn facets_and_property_ranges_in_any_unit(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;

    // Family (category) and standard (package) facets; no manufacturer facet.
    let answer = search(&app, "steel", "").await?;
    let facets = &answer["facets"];
    anyhow::ensure!(
        facets.get("manufacturers").is_none(),
        "brand facet: {facets}"
    );
    let categories = facets["categories"].as_array().cloned().unwrap_or_default();
    anyhow::ensure!(
        categories
            .iter()
            .any(|c| c["value"] == "stainless-steel" && c["name"] == "不锈钢"),
        "no 不锈钢 facet: {facets}"
    );
    let packages = facets["packages"].as_array().cloned().unwrap_or_default();
    anyhow::ensure!(
        packages.iter().any(|p| p["value"] == "EN 10025"),
        "no EN 10025 standard facet: {facets}"
    );
    let answer = search(&app, "steel", "&package=EN%2010025").await?;
    for hit in hits(&answer) {
        anyhow::ensure!(hit["standard"] == "EN 10025", "package filter: {hit}");
    }

    // The same yield-strength window in MPa, GPa, ksi and psi finds the same items.
    let window = |range: &str| {
        format!(
            "{BASE}/search?allowEmpty=true&pageSize=1&facets=false&range={}",
            encode(range)
        )
    };
    let mut totals = Vec::new();
    for range in [
        "yieldStrength >= 300MPa and <= 500MPa",
        "yieldStrength: 0.3GPa..0.5GPa",
        "yieldStrength >= 300N/mm² and <= 500N/mm²",
    ] {
        totals.push(
            data(&app, &window(range)).await?["total"]
                .as_i64()
                .unwrap_or_default(),
        );
    }
    anyhow::ensure!(
        totals.iter().all(|t| *t == totals[0]) && totals[0] > 50,
        "yield windows: {totals:?}"
    );
    // 43.5 ksi ≈ 300 MPa, 72.5 ksi ≈ 500 MPa: a window of the same size in imperial units.
    let ksi = data(&app, &window("yieldStrength: 43.5ksi..72.5ksi")).await?["total"]
        .as_i64()
        .unwrap_or_default();
    let psi = data(&app, &window("yieldStrength: 43500psi..72500psi")).await?["total"]
        .as_i64()
        .unwrap_or_default();
    anyhow::ensure!(ksi == psi && ksi > 50, "ksi {ksi}, psi {psi}");

    // Density in g/cm³ and kg/m³; temperatures in °C, K and °F; conductivity; expansion.
    let pairs = [
        ("density <= 3g/cm3", "density <= 3000kg/m³"),
        ("meltingPoint >= 1000°C", "meltingPoint >= 1273.15K"),
        ("meltingPoint >= 1000°C", "meltingPoint >= 1832°F"),
        (
            "thermalConductivity >= 100W/(m·K)",
            "thermalConductivity >= 100W/mK",
        ),
        (
            "thermalExpansion <= 12µm/(m·K)",
            "thermalExpansion <= 12ppm/K",
        ),
        (
            "thermalExpansion <= 12µm/(m·K)",
            "thermalExpansion <= 0.000012m/m/K",
        ),
        (
            "electricalResistivity <= 1µΩ·m",
            "electricalResistivity <= 100µΩ·cm",
        ),
    ];
    for (a, b) in pairs {
        let ta = data(&app, &window(a)).await?["total"]
            .as_i64()
            .unwrap_or_default();
        let tb = data(&app, &window(b)).await?["total"]
            .as_i64()
            .unwrap_or_default();
        anyhow::ensure!(ta == tb && ta > 0, "{a}: {ta}, {b}: {tb}");
    }
    // Light and strong: aluminium and titanium, no steel.
    let answer = data(
        &app,
        &format!(
            "{BASE}/search?allowEmpty=true&pageSize=100&facets=false&range={}",
            encode("density <= 5g/cm3;yieldStrength >= 400MPa")
        ),
    )
    .await?;
    let list = hits(&answer);
    anyhow::ensure!(!list.is_empty(), "light and strong: nothing");
    for hit in &list {
        let code = hit["categoryCode"].as_str().unwrap_or_default();
        anyhow::ensure!(
            !code.contains("steel"),
            "light and strong: {} ({code})",
            hit["partNumber"]
        );
    }
    // A unit of another dimension is refused.
    let (_, body) = app
        .get_json(&format!(
            "{BASE}/search?allowEmpty=true&range={}",
            encode("yieldStrength >= 3g/cm3")
        ))
        .await?;
    anyhow::ensure!(body["code"] == 400, "wrong unit accepted: {body}");

    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    grades_are_found_by_every_standard_s_name,
    facets_and_property_ranges_in_any_unit
);
