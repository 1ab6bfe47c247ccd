//! `GET /item/{id}/recommendations`: the mating nut and washer of a screw (same thread), the
//! same part in other standards, the next sizes.

use kernel::testing::TestEnvironment;
use serde_json::Value;

use crate::helpers::{data, error_code, id_of_code, spawn, BASE};

fn group<'a>(answer: &'a Value, key: &str) -> Vec<&'a str> {
    answer["groups"]
        .as_array()
        .and_then(|groups| groups.iter().find(|g| g["key"] == key))
        .and_then(|g| g["items"].as_array())
        .map(|items| {
            items
                .iter()
                .filter_map(|i| i["partNumber"].as_str())
                .collect()
        })
        .unwrap_or_default()
}

async fn a_screw_gets_its_nuts_washers_equivalents_and_neighbours(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    let screw = id_of_code(&app, "ISO 4014 M10×50").await?;
    let answer = data(&app, &format!("{BASE}/item/{screw}/recommendations")).await?;
    anyhow::ensure!(
        answer["component"]["partNumber"] == "ISO 4014 M10×50",
        "{answer}"
    );
    let nuts = group(&answer, "nuts");
    anyhow::ensure!(nuts.contains(&"ISO 4032 M10"), "nuts: {nuts:?}");
    anyhow::ensure!(nuts.iter().all(|n| n.contains("M10")), "nuts: {nuts:?}");
    let washers = group(&answer, "washers");
    anyhow::ensure!(washers.contains(&"ISO 7089 M10"), "washers: {washers:?}");
    let others = group(&answer, "otherStandards");
    anyhow::ensure!(
        others.first() == Some(&"DIN 931 M10×50") || others.first() == Some(&"ISO 4017 M10×50"),
        "same family first: {others:?}"
    );
    anyhow::ensure!(
        others.contains(&"ISO 4017 M10×50") && others.contains(&"DIN 931 M10×50"),
        "{others:?}"
    );
    anyhow::ensure!(others.iter().all(|o| o.ends_with("M10×50")), "{others:?}");
    let next = group(&answer, "nextSizes");
    anyhow::ensure!(
        next == ["ISO 4014 M6×50", "ISO 4014 M8×50", "ISO 4014 M12×50"],
        "next sizes: {next:?}"
    );

    // A nut gets washers; a bearing its neighbours and no mating parts.
    let nut = id_of_code(&app, "ISO 4032 M10").await?;
    let answer = data(&app, &format!("{BASE}/item/{nut}/recommendations?size=3")).await?;
    let washers = group(&answer, "washers");
    anyhow::ensure!(!washers.is_empty() && washers.len() <= 3, "{washers:?}");
    anyhow::ensure!(
        group(&answer, "otherStandards").contains(&"ISO 4033 M10"),
        "{answer}"
    );
    // (bd_warehouse's deep-groove table ends at a 10 mm bore: 6200 has smaller neighbours only,
    // the two nearest by bore, both 9 mm.)
    let bearing = id_of_code(&app, "6200").await?;
    let answer = data(&app, &format!("{BASE}/item/{bearing}/recommendations")).await?;
    let keys: Vec<&str> = answer["groups"]
        .as_array()
        .map(|g| g.iter().filter_map(|g| g["key"].as_str()).collect())
        .unwrap_or_default();
    anyhow::ensure!(keys == ["otherStandards", "nextSizes"], "{keys:?}");
    anyhow::ensure!(
        {
            let mut next = group(&answer, "nextSizes");
            next.sort_unstable();
            next == ["618/9", "619/9"]
        },
        "{answer}"
    );

    // Bad input and unknown ids.
    anyhow::ensure!(
        error_code(&app, &format!("{BASE}/item/{screw}/recommendations?size=0")).await? == 400
    );
    anyhow::ensure!(error_code(&app, &format!("{BASE}/item/abc/recommendations")).await? == 400);
    anyhow::ensure!(
        error_code(&app, &format!("{BASE}/item/999999999/recommendations")).await? == 1_010_002_000
    );
    app.stop().await;
    Ok(())
}

/// Hides `codes` as an operator would (the kit's catalogue store; the route is tested in the
/// component service).
async fn hide(
    environment: &TestEnvironment,
    app: &kernel::testing::TestApp,
    codes: &[&str],
) -> anyhow::Result<()> {
    use catalog::catalog_admin::store::{CatalogAdminRepository, CatalogAdminStore};
    use catalog::catalog_admin::Visibility;
    let location = kernel::db::DatabaseLocation::resolve(&environment.settings, "part")?;
    let db = kernel::Database::connect(&location, 1).await?;
    let store = CatalogAdminRepository::new(&db);
    let actor = catalog::audit::Actor {
        user_id: 1,
        client_ip: "127.0.0.1".to_owned(),
    };
    for code in codes {
        let id = id_of_code(app, code).await?;
        let visibility = Visibility::Hidden {
            reason: "测试".to_owned(),
        };
        store
            .set_visibility("part", id, &visibility, &actor)
            .await?;
    }
    db.close().await;
    Ok(())
}

async fn hidden_parts_leave_the_recommendations_and_the_variant_table(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    let screw = id_of_code(&app, "ISO 4014 M10×50").await?;
    hide(
        &environment,
        &app,
        &[
            "ISO 4014 M8×50",
            "ISO 4032 M10",
            "DIN 931 M10×50",
            "ISO 4014 M10×45",
        ],
    )
    .await?;
    let answer = data(&app, &format!("{BASE}/item/{screw}/recommendations")).await?;
    let nuts = group(&answer, "nuts");
    anyhow::ensure!(!nuts.contains(&"ISO 4032 M10"), "nuts: {nuts:?}");
    let others = group(&answer, "otherStandards");
    anyhow::ensure!(
        others.contains(&"ISO 4017 M10×50") && !others.contains(&"DIN 931 M10×50"),
        "{others:?}"
    );
    // A hidden size is skipped, not answered as a gap.
    let next = group(&answer, "nextSizes");
    anyhow::ensure!(
        next.len() == 3 && next.contains(&"ISO 4014 M6×50") && !next.contains(&"ISO 4014 M8×50"),
        "next sizes: {next:?}"
    );
    let variants = data(&app, &format!("{BASE}/item/{screw}/variants")).await?;
    let listed = variants.to_string();
    anyhow::ensure!(
        !listed.contains("\"ISO 4014 M10×45\"") && !listed.contains("\"ISO 4014 M8×50\""),
        "{listed}"
    );
    anyhow::ensure!(listed.contains("\"ISO 4014 M10×50\""), "{listed}");
    Ok(())
}

kernel::backend_tests!(
    a_screw_gets_its_nuts_washers_equivalents_and_neighbours,
    hidden_parts_leave_the_recommendations_and_the_variant_table
);
