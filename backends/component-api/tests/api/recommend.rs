//! `GET /item/{id}/recommendations`: the same family and the package-compatible parts of the
//! fixture's AMS1117 and STM32F103 symbols, and bad input.

use anyhow::Context;
use kernel::testing::TestEnvironment;
use serde_json::Value;

use crate::helpers::{data, error, id_of, spawn, BASE};

const NOT_FOUND: i64 = 1_020_002_000;
const BAD_REQUEST: i64 = 400;

fn group<'a>(answer: &'a Value, key: &str) -> anyhow::Result<&'a Vec<Value>> {
    answer["groups"]
        .as_array()
        .and_then(|groups| groups.iter().find(|g| g["key"] == key))
        .and_then(|g| g["items"].as_array())
        .with_context(|| format!("no {key} group in {answer}"))
}

fn part_numbers(items: &[Value]) -> Vec<&str> {
    items
        .iter()
        .map(|item| item["component"]["partNumber"].as_str().unwrap_or_default())
        .collect()
}

fn item<'a>(items: &'a [Value], part_number: &str) -> anyhow::Result<&'a Value> {
    items
        .iter()
        .find(|i| i["component"]["partNumber"] == part_number)
        .with_context(|| format!("{part_number} not among {:?}", part_numbers(items)))
}

fn reasons(item: &Value, language: &str) -> Vec<String> {
    item["reasons"]
        .as_array()
        .map(|list| {
            list.iter()
                .map(|r| r[language].as_str().unwrap_or_default().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

async fn family_and_package_of_real_parts(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    let ams = id_of(&environment, "Regulator_Linear:AMS1117-3.3").await?;

    let answer = data(&app, &format!("{BASE}/item/{ams}/recommendations")).await?;
    assert_eq!(answer["component"]["partNumber"], "AMS1117-3.3");
    let labels: Vec<&str> = answer["groups"]
        .as_array()
        .map(|g| {
            g.iter()
                .map(|g| g["label"].as_str().unwrap_or_default())
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(labels, ["同系列", "封装兼容"]);

    let family = group(&answer, "family")?;
    let members = part_numbers(family);
    assert!(!members.contains(&"AMS1117-3.3"), "not itself: {members:?}");
    // Same symbol root and stem beat the root alone: the AMS1117s first, then their parent.
    assert_eq!(members, ["AMS1117-1.8", "AMS1117-5.0", "AP1117-15"]);
    let five = item(family, "AMS1117-5.0")?;
    assert_eq!(
        reasons(five, "zh"),
        [
            "同一符号系列: AP1117-15",
            "型号同系列: AMS1117",
            "同一厂商: Advanced Monolithic Systems",
            "电压不同: 5V（本器件 3.3V）"
        ]
    );
    assert_eq!(
        five["reasonEn"],
        "Same symbol family: AP1117-15; Same part-number series: AMS1117; \
         Same manufacturer: Advanced Monolithic Systems; Voltage differs: 5V (this part 3.3V)"
    );
    let difference = &five["differences"][0];
    assert_eq!(
        (
            &difference["key"],
            &difference["thisValue"],
            &difference["otherValue"]
        ),
        (
            &Value::from("param:voltage"),
            &Value::from("3.3V"),
            &Value::from("5V")
        )
    );
    assert!(
        five["parameters"].as_array().is_some_and(|p| !p.is_empty()),
        "key parameters listed: {five}"
    );
    let scores: Vec<i64> = family
        .iter()
        .map(|i| i["score"].as_i64().unwrap_or_default())
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");

    // Every SOT-223-3 LDO of the fixture is family already; nothing else shares the footprint
    // or the package family with three pins in the category.
    let package = group(&answer, "package")?;
    assert!(
        part_numbers(package).iter().all(|p| !members.contains(p)),
        "the family is not repeated: {:?}",
        part_numbers(package)
    );

    // A size of 1 keeps the best of each group.
    let one = data(&app, &format!("{BASE}/item/{ams}/recommendations?size=1")).await?;
    assert_eq!(part_numbers(group(&one, "family")?), ["AMS1117-1.8"]);
    // With the family cut to one, the other AMS1117s come back as drop-ins (same footprint).
    let drop_ins = group(&one, "package")?;
    assert_eq!(drop_ins.len(), 1);
    assert!(
        reasons(&drop_ins[0], "zh")[0].starts_with("封装相同，可直接替换"),
        "{}",
        drop_ins[0]
    );

    // STM32F103C8Tx: CBTx extends it (same root and stem); R8Tx and RBTx share only the stem and
    // differ in package and pin count; RBTx's 128KB flash (C8Tx: 64KB) is a differing key
    // parameter, which ranks it above R8Tx.
    let stm = id_of(&environment, "MCU_ST_STM32F1:STM32F103C8Tx").await?;
    let answer = data(&app, &format!("{BASE}/item/{stm}/recommendations")).await?;
    let family = group(&answer, "family")?;
    assert_eq!(
        part_numbers(family),
        ["STM32F103CBTx", "STM32F103RBTx", "STM32F103R8Tx"]
    );
    let r8 = item(family, "STM32F103R8Tx")?;
    assert!(
        reasons(r8, "zh").contains(&"型号同系列: STM32F103".to_owned()),
        "{r8}"
    );
    assert!(
        reasons(r8, "zh").contains(&"同一厂商: STMicroelectronics".to_owned()),
        "{r8}"
    );
    let keys: Vec<&str> = r8["differences"]
        .as_array()
        .map(|d| {
            d.iter()
                .map(|d| d["key"].as_str().unwrap_or_default())
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(keys, ["package", "pinCount"]);

    // A part of no family (the generic resistor) answers both groups, the family one empty.
    let resistor = id_of(&environment, "Device:R").await?;
    let answer = data(&app, &format!("{BASE}/item/{resistor}/recommendations")).await?;
    assert_eq!(group(&answer, "family")?.len(), 0, "{answer}");
    app.stop().await;
    Ok(())
}

async fn bad_input_is_refused(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    let ams = id_of(&environment, "Regulator_Linear:AMS1117-3.3").await?;
    for bad in [
        "abc".to_owned(),
        "0".to_owned(),
        "-4".to_owned(),
        "99999999999999999999".to_owned(),
    ] {
        let (status, code, msg) =
            error(&app, &format!("{BASE}/item/{bad}/recommendations")).await?;
        assert_eq!((status, code), (200, BAD_REQUEST), "{bad}: {msg}");
        assert!(msg.contains("id"), "{msg}");
    }
    for bad in ["size=0", "size=51", "size=many", "size=-1"] {
        let (status, code, msg) =
            error(&app, &format!("{BASE}/item/{ams}/recommendations?{bad}")).await?;
        assert_eq!((status, code), (200, BAD_REQUEST), "{bad}: {msg}");
    }
    let (status, code, msg) = error(&app, &format!("{BASE}/item/99999999/recommendations")).await?;
    assert_eq!(
        (status, code, msg.as_str()),
        (200, NOT_FOUND, "元器件不存在")
    );
    app.stop().await;
    Ok(())
}

#[test]
fn openapi_documents_recommendations() {
    use kernel::Service;
    let service = component_api::ComponentService::new(None);
    let document = serde_json::to_value(service.openapi()).unwrap_or_default();
    assert!(
        document["paths"][format!("{BASE}/item/{{id}}/recommendations")]["get"].is_object(),
        "undocumented"
    );
    assert!(document["components"]["schemas"]["Recommendations"].is_object());
}

kernel::backend_tests!(family_and_package_of_real_parts, bad_input_is_refused);
