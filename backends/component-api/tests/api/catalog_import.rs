//! The operator's "import now" (docs/operations.md "Imports",
//! `/to/api/operation/component/catalog-import`): a part dropped into the sources reaches the
//! public search, the status shows the run and its report with the rejected records' reasons,
//! the history lists it after the start's import, and only operators start it or read them.

use std::path::Path;

use kernel::testing::{TestApp, TestEnvironment};
use serde_json::Value;

use crate::catalog_items::{audit_entries, spawn_with_users_seeded};
use crate::catalog_manufacturers::catch_up;
use crate::helpers::{call, fixture_seed, ok, BASE};

const IMPORT: &str = "/to/api/operation/component/catalog-import";
const HISTORY: &str = "/to/api/operation/component/catalog-import/history";

fn copy_dir(from: &Path, to: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), target)?;
        }
    }
    Ok(())
}

/// The status once the import has left `running` (or after a minute).
async fn ended(app: &TestApp, session: &str) -> anyhow::Result<Value> {
    for _ in 0..600 {
        let status = ok(app, reqwest::Method::GET, IMPORT, session, None).await?;
        if status["state"] != "running" {
            return Ok(status);
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    anyhow::bail!("the import did not end within a minute")
}

async fn an_operator_imports_new_sources_with_progress_and_a_report(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let sources = tempfile::tempdir()?;
    copy_dir(&fixture_seed(), sources.path())?;
    let (app, service, sessions) = spawn_with_users_seeded(&environment, sources.path()).await?;
    for (session, code) in [(None, 401), (Some(sessions.member.as_str()), 403)] {
        for (method, path) in [
            (reqwest::Method::GET, IMPORT),
            (reqwest::Method::POST, IMPORT),
            (reqwest::Method::GET, HISTORY),
        ] {
            let answer = call(&app, method.clone(), path, session, None).await?;
            assert_eq!(answer["code"], code, "{method} {path}: {answer}");
        }
    }
    let operator = sessions.operator.as_str();
    let idle = ok(&app, reqwest::Method::GET, IMPORT, operator, None).await?;
    assert_eq!(idle["state"], "idle", "{idle}");
    assert_eq!(idle["sourceAvailable"], true, "{idle}");

    // A new part in the sources, as a new release of a library would bring.
    let resistor = std::fs::read_to_string(sources.path().join("fritzing/SMD_resistor_0603.fzp"))?
        .replace("lijaenargnn-ResistorModuleID", "importnow-ResistorModuleID")
        .replace("<title>", "<title>Importnowtest ");
    std::fs::write(
        sources.path().join("fritzing/Importnowtest_resistor.fzp"),
        resistor,
    )?;
    let started = ok(&app, reqwest::Method::POST, IMPORT, operator, None).await?;
    assert_eq!(started["started"], true, "{started}");
    let done = ended(&app, operator).await?;
    assert_eq!(done["state"], "done", "{done}");
    let report = &done["report"];
    assert_eq!(report["inserted"], 1, "{report}");
    assert!(
        report["unchanged"].as_u64().is_some_and(|n| n > 0),
        "{report}"
    );
    // The fixture's broken files are reported by name.
    assert!(
        report["rejected"].as_u64().is_some_and(|n| n > 0),
        "{report}"
    );
    assert!(
        report["reasons"]
            .as_array()
            .is_some_and(|reasons| reasons.iter().any(|r| r.to_string().contains("Broken"))),
        "{report}"
    );
    assert!(done["finishedTime"].as_i64() >= done["startedTime"].as_i64());

    // The search index follows the change feed (as the follower does within a second).
    catch_up(&environment, &service).await?;
    let found =
        crate::helpers::data(&app, &format!("{BASE}/search?keyWords=Importnowtest")).await?;
    assert_eq!(found["total"], 1, "{found}");

    let entries = audit_entries(&app, operator, "catalog-import.run").await?;
    assert_eq!(
        entries["total"], 1,
        "one started import, one entry: {entries}"
    );
    // The history: this run, then the start's import of the seed.
    let history = ok(
        &app,
        reqwest::Method::GET,
        &format!("{HISTORY}?pageSize=5"),
        operator,
        None,
    )
    .await?;
    assert_eq!(history["total"], 2, "{history}");
    let (run, start) = (&history["list"][0], &history["list"][1]);
    assert_eq!(
        (&run["origin"], &run["state"]),
        (&"operator".into(), &"done".into()),
        "{run}"
    );
    assert!(run["operatorId"].as_i64().is_some_and(|id| id > 0), "{run}");
    assert_eq!(
        run["report"], done["report"],
        "the report as the status showed it"
    );
    assert_eq!(
        (&start["origin"], &start["state"]),
        (&"start".into(), &"done".into()),
        "{start}"
    );
    assert!(start["operatorId"].is_null(), "{start}");
    assert!(
        start["report"]["inserted"].as_u64().is_some_and(|n| n > 0),
        "{start}"
    );
    let refused = call(
        &app,
        reqwest::Method::GET,
        &format!("{HISTORY}?pageSize=500"),
        Some(operator),
        None,
    )
    .await?;
    assert_eq!(refused["code"], 400, "{refused}");
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(an_operator_imports_new_sources_with_progress_and_a_report);
