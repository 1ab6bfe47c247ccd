//! `GET /item/{id}/variants`: the variant table of a part — every size × length of its family
//! and standard, ordered, and nothing of another standard or family.

use kernel::testing::TestEnvironment;
use serde_json::Value;

use crate::helpers::{data, error_code, id_of_code, spawn, BASE};

fn part_numbers(answer: &Value) -> Vec<&str> {
    answer["variants"]
        .as_array()
        .map(|rows| {
            rows.iter()
                .filter_map(|row| row["partNumber"].as_str())
                .collect()
        })
        .unwrap_or_default()
}

async fn a_part_lists_the_variants_of_its_family_and_standard(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    let screw = id_of_code(&app, "ISO 4762 M6×20").await?;
    let answer = data(&app, &format!("{BASE}/item/{screw}/variants")).await?;
    anyhow::ensure!(
        answer["component"]["id"] == screw,
        "{}",
        answer["component"]
    );
    let numbers = part_numbers(&answer);
    // docs/parts.md: ISO 4762 has 275 variants in the committed seed.
    anyhow::ensure!(numbers.len() == 275, "{} variants", numbers.len());
    anyhow::ensure!(
        numbers.iter().all(|n| n.starts_with("ISO 4762 M")),
        "{numbers:?}"
    );
    anyhow::ensure!(numbers.contains(&"ISO 4762 M6×20"), "{numbers:?}");
    // Smallest size first, lengths ascending within a size.
    let rows = answer["variants"].as_array().cloned().unwrap_or_default();
    let keys: Vec<(f64, f64)> = rows
        .iter()
        .map(|row| {
            (
                row["diameterMm"].as_f64().unwrap_or(f64::NAN),
                row["lengthMm"].as_f64().unwrap_or(f64::NAN),
            )
        })
        .collect();
    anyhow::ensure!(
        keys.windows(2)
            .all(|pair| pair[0].0 < pair[1].0 || (pair[0].0 == pair[1].0 && pair[0].1 < pair[1].1)),
        "not ordered by diameter, then length: {keys:?}"
    );
    let m6: Vec<&str> = numbers
        .iter()
        .copied()
        .filter(|n| n.starts_with("ISO 4762 M6×"))
        .collect();
    anyhow::ensure!(m6.first() == Some(&"ISO 4762 M6×8"), "{m6:?}");

    // A profile series: IPE100 among the IPE profiles (FreeCAD's series starts at IPE100), in the
    // series' order, no length.
    let profile = id_of_code(&app, "IPE100").await?;
    let answer = data(&app, &format!("{BASE}/item/{profile}/variants")).await?;
    let numbers = part_numbers(&answer);
    anyhow::ensure!(numbers.iter().all(|n| n.starts_with("IPE")), "{numbers:?}");
    let at = |code: &str| numbers.iter().position(|n| *n == code);
    anyhow::ensure!(
        matches!((at("IPE100"), at("IPE120"), at("IPE140")), (Some(a), Some(b), Some(c)) if a < b && b < c),
        "{numbers:?}"
    );
    anyhow::ensure!(
        answer["variants"]
            .as_array()
            .is_some_and(|rows| rows.iter().all(|row| row["lengthMm"].is_null())),
        "{answer}"
    );

    // Bad input and unknown ids.
    anyhow::ensure!(error_code(&app, &format!("{BASE}/item/abc/variants")).await? == 400);
    anyhow::ensure!(
        error_code(&app, &format!("{BASE}/item/999999999/variants")).await? == 1_010_002_000
    );
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(a_part_lists_the_variants_of_its_family_and_standard);
