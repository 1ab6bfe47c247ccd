//! Relevance on the real seed (data/components): the issue's queries over the generic E-series
//! passives next to the 6,178 KiCad symbols. SQLite only: the ranking does not depend on the
//! database, and importing the whole seed twice would double the suite's time.

use std::{path::PathBuf, sync::Arc};

use component_api::ComponentService;
use kernel::testing::{TestApp, TestBackend, TestEnvironment};
use serde_json::Value;

use crate::helpers::{data, BASE};

fn seed() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/components")
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

fn sorted(mut names: Vec<String>) -> Vec<String> {
    names.sort();
    names
}

/// The value of `dimension` a hit carries (its parameter column), canonical SI.
fn parameter(item: &Value, dimension: &str) -> Option<f64> {
    item["parameters"]
        .as_array()?
        .iter()
        .find(|p| p["dimension"] == dimension)
        .and_then(|p| p["typ"].as_f64())
}

#[tokio::test]
async fn the_issue_queries_find_the_generic_passives_first() -> anyhow::Result<()> {
    let environment = TestEnvironment::new(TestBackend::Sqlite)
        .await?
        .ok_or_else(|| anyhow::anyhow!("SQLite is always available"))?;
    let service = Arc::new(ComponentService::new(Some(seed())));
    let app = TestApp::spawn(environment.settings.clone(), vec![service], None).await?;

    // `10uF 0603` as two tags: exactly the three 10 µF 0603 MLCCs (10 V, 16 V, 25 V).
    let tags = data(&app, &format!("{BASE}/search?keyWords=10uF|0603")).await?;
    let expected = ["C0603-10uF-10V", "C0603-10uF-16V", "C0603-10uF-25V"].map(String::from);
    assert_eq!(sorted(part_numbers(&tags)), expected, "{tags}");
    assert_eq!(tags["total"], 3);
    let first = &tags["list"][0];
    assert!(
        parameter(first, "capacitance").is_some_and(|v| units::approx_eq(v, 10e-6)),
        "{first}"
    );
    assert!(parameter(first, "voltage").is_some(), "{first}");
    assert_eq!(first["package"], "0603");
    assert_eq!(first["categoryCode"], "mlcc");
    // Its drawings: the shared Device:C symbol (the record's symbol_ref, not its source id) and
    // the 0603 footprint.
    let id = first["id"].as_i64().unwrap_or_default();
    for drawing in ["symbol.svg", "footprint.svg"] {
        let response = app.get(&format!("{BASE}/item/{id}/{drawing}")).await?;
        assert_eq!(response.status(), 200, "{drawing}");
        let body = response.text().await?;
        // Errors come as an envelope with HTTP 200: the body must be the drawing.
        assert!(
            body.contains("<svg") && body.trim_end().ends_with("</svg>"),
            "{drawing}: {body:.200}"
        );
    }
    // The header's value rule: 10uF as a value keyword, 0603 as a tag; other spellings too.
    for query in [
        "notAnalyzerKeyWords=10uF&keyWords=0603",
        "keyWords=10μF|0603&notAnalyzerKeyWords=10μF",
        "keyWords=0.01mF|0603",
    ] {
        let found = data(&app, &format!("{BASE}/search?{query}")).await?;
        assert_eq!(sorted(part_numbers(&found)), expected, "{query}: {found}");
    }
    // A range filter narrows the list: rated voltage 16 V and above.
    let narrowed = data(
        &app,
        &format!("{BASE}/search?keyWords=10uF|0603&range=voltage%20>=%2016V"),
    )
    .await?;
    assert_eq!(
        sorted(part_numbers(&narrowed)),
        ["C0603-10uF-16V", "C0603-10uF-25V"],
        "{narrowed}"
    );

    // `4.7k 0805`: the 4.7 kΩ 0805 resistor first (a resistance typed without Ω).
    let resistor = data(&app, &format!("{BASE}/search?keyWords=4.7k|0805")).await?;
    assert_eq!(
        part_numbers(&resistor).first().map(String::as_str),
        Some("R0805-4K7"),
        "{resistor}"
    );
    assert!(
        !part_numbers(&resistor).contains(&"R0805-47K".to_string()),
        "47k is another value"
    );
    let rkm = data(&app, &format!("{BASE}/search?keyWords=4k7|0805")).await?;
    assert_eq!(
        part_numbers(&rkm).first().map(String::as_str),
        Some("R0805-4K7"),
        "{rkm}"
    );

    // `100nF`: the eight generic 100 nF capacitors (4 sizes × 16 V/50 V) lead.
    let hundred = data(&app, &format!("{BASE}/search?keyWords=100nF&pageSize=20")).await?;
    let list = hundred["list"].as_array().cloned().unwrap_or_default();
    assert!(list.len() >= 8, "{hundred}");
    for item in &list[..8] {
        assert!(
            parameter(item, "capacitance").is_some_and(|v| units::approx_eq(v, 100e-9)),
            "{item}"
        );
        assert!(
            item["partNumber"]
                .as_str()
                .is_some_and(|pn| pn.contains("-100nF-")),
            "{item}"
        );
    }

    // alloy-devices: a chip KiCad draws gains its flash size, core and peripherals…
    let kicad = data(&app, &format!("{BASE}/search?keyWords=STM32F401CCUx")).await?;
    assert_eq!(
        part_numbers(&kicad).first().map(String::as_str),
        Some("STM32F401CCUx"),
        "{kicad}"
    );
    let id = kicad["list"][0]["id"].as_i64().unwrap_or_default();
    let detail = data(&app, &format!("{BASE}/item/{id}")).await?;
    let flash = detail["parameters"]
        .as_array()
        .and_then(|list| list.iter().find(|p| p["dimension"] == "data_size"))
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        (flash["typ"].as_f64(), flash["conditions"].as_str()),
        (Some(262_144.0), Some("Flash")),
        "{detail}"
    );
    // The value alone for the table's value column; `display` writes the label before it (one
    // rule for labelled values, docs/components.md).
    assert_eq!(
        (
            flash["value"].as_str(),
            flash["display"].as_str(),
            flash["label"].as_str()
        ),
        (Some("256KB"), Some("Flash 256KB"), Some("Flash")),
        "{flash}"
    );
    let component = &detail["component"];
    assert_eq!(component["source"], "kicad");
    assert!(
        component["keywords"]
            .as_str()
            .is_some_and(|k| k.contains("Cortex-M4F") && k.contains("USB")),
        "{component}"
    );
    assert!(
        component["description"]
            .as_str()
            .is_some_and(|d| d.contains("Peripherals (alloy-devices): 3×UART")),
        "{component}"
    );
    // …and a chip it does not draw is a component of its own, with its maker and category.
    let alone = data(&app, &format!("{BASE}/search?keyWords=STM32G431K8")).await?;
    assert_eq!(
        part_numbers(&alone).first().map(String::as_str),
        Some("STM32G431K8"),
        "{alone}"
    );
    let id = alone["list"][0]["id"].as_i64().unwrap_or_default();
    let detail = data(&app, &format!("{BASE}/item/{id}")).await?;
    assert_eq!(detail["component"]["source"], "alloy-devices");
    assert_eq!(detail["component"]["license"], "MIT");
    assert_eq!(detail["manufacturer"]["name"], "STMicroelectronics");
    assert!(
        detail["categoryPath"]
            .as_array()
            .is_some_and(|path| !path.is_empty()),
        "{detail}"
    );
    assert_eq!(detail["files"].as_array().map(Vec::len), Some(0));
    assert_eq!(
        (&detail["symbolSvgUrl"], &detail["footprintSvgUrl"]),
        (&Value::Null, &Value::Null),
        "nothing to draw"
    );

    data_shown_to_users(&app).await
}

/// Whether a hit is a real part: a value (a parameter), a package and a footprint.
fn complete(item: &Value) -> bool {
    item["package"].as_str().is_some_and(|p| !p.is_empty())
        && item["footprintRef"].as_str().is_some_and(|f| !f.is_empty())
        && item["parameters"]
            .as_array()
            .is_some_and(|list| !list.is_empty())
}

/// Issue 12, point 7: what users read in lists and drawings.
async fn data_shown_to_users(app: &kernel::testing::TestApp) -> anyhow::Result<()> {
    const BARE: [&str; 4] = ["C", "C_Small", "C_Feedthrough", "C_Trim"];
    // 电容 and the capacitor category list: real parts first, the bare generic symbols after.
    for query in ["keyWords=电容", "category=capacitor", "keyWords=capacitor"] {
        let found = data(app, &format!("{BASE}/search?{query}&pageSize=50")).await?;
        let list = found["list"].as_array().cloned().unwrap_or_default();
        let first = list.first().cloned().unwrap_or_default();
        assert!(complete(&first), "{query}: {first}");
        let complete_count = list.iter().filter(|item| complete(item)).count();
        // Every complete part of the page comes before every bare symbol of it.
        let last_complete = list.iter().rposition(complete).unwrap_or(0);
        let first_bare = list
            .iter()
            .position(|item| BARE.contains(&item["partNumber"].as_str().unwrap_or_default()))
            .unwrap_or(list.len());
        assert!(
            last_complete < first_bare,
            "{query}: complete up to {last_complete}, bare from {first_bare} \
             ({complete_count} complete): {:?}",
            part_numbers(&found)
        );
    }

    // A WLCSP chip's package is its package, not its vendor (ST_WLCSP-64_Die441).
    let wlcsp = data(app, &format!("{BASE}/search?keyWords=STM32F412REYxP")).await?;
    let chip = &wlcsp["list"][0];
    assert_eq!(chip["partNumber"], "STM32F412REYxP", "{wlcsp}");
    assert_eq!(chip["package"], "WLCSP-64", "{chip}");
    let facets = data(app, &format!("{BASE}/search?keyWords=STM32F4&pageSize=1")).await?;
    let packages: Vec<&str> = facets["facets"]["packages"]
        .as_array()
        .map(|list| list.iter().filter_map(|p| p["value"].as_str()).collect())
        .unwrap_or_default();
    assert!(
        packages.iter().any(|p| p.starts_with("WLCSP-")),
        "{packages:?}"
    );
    assert!(!packages.contains(&"ST"), "{packages:?}");

    // One rule for labelled memory sizes, whichever source stated them: the label first.
    let chips = data(
        app,
        &format!("{BASE}/search?keyWords=STM32F412&pageSize=20"),
    )
    .await?;
    let mut memories = 0;
    for item in chips["list"].as_array().cloned().unwrap_or_default() {
        for parameter in item["parameters"].as_array().cloned().unwrap_or_default() {
            if parameter["dimension"] != "data_size" {
                continue;
            }
            memories += 1;
            let display = parameter["display"].as_str().unwrap_or_default();
            assert!(
                display.starts_with("Flash ") || display.starts_with("RAM "),
                "{display}: {item}"
            );
            assert!(!display.contains('@'), "{display}");
        }
    }
    assert!(memories > 0, "{chips}");

    // The symbol drawing of a generic part shows its value, and the bare symbol its letter once.
    let hundred = data(app, &format!("{BASE}/search?keyWords=C0603-100nF-50V")).await?;
    let id = hundred["list"][0]["id"].as_i64().unwrap_or_default();
    let svg = app
        .get(&format!("{BASE}/item/{id}/symbol.svg"))
        .await?
        .text()
        .await?;
    assert!(svg.contains(">100nF</text>"), "{svg:.600}");
    assert_eq!(svg.matches(">C</text>").count(), 1, "{svg:.600}");
    let bare = data(app, &format!("{BASE}/search?keyWords=C_Small")).await?;
    assert_eq!(bare["list"][0]["partNumber"], "C_Small", "{bare}");
    let id = bare["list"][0]["id"].as_i64().unwrap_or_default();
    let svg = app
        .get(&format!("{BASE}/item/{id}/symbol.svg"))
        .await?
        .text()
        .await?;
    assert_eq!(svg.matches(">C</text>").count(), 1, "{svg:.600}");
    Ok(())
}
