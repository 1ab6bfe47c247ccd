use catalog::item::import_history::{
    ImportHistoryRepository, ImportHistoryStore, ImportOrigin, ImportRunState,
};
use kernel::testing::TestEnvironment;

async fn import_reports_counts_and_is_idempotent(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let libraries = portal::library_services();
    let first = portal::import::import_categories(environment.settings.clone(), &libraries).await?;
    let names: Vec<&str> = first.iter().map(|(name, _)| *name).collect();
    assert_eq!(names, ["part", "component", "mat"]);
    for (name, report) in &first {
        assert!(report.total > 20, "{name} has a real taxonomy");
        assert_eq!(report.inserted, report.total, "{name}");
    }
    let second =
        portal::import::import_categories(environment.settings.clone(), &libraries[..1]).await?;
    assert_eq!(second.len(), 1);
    assert_eq!(second[0].1.unchanged, second[0].1.total);
    assert_eq!(second[0].1.inserted + second[0].1.updated, 0);
    Ok(())
}

/// `portal import components` lands in the components' import history, as a command's run.
async fn a_command_import_is_recorded_in_the_history(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../component-api/tests/fixtures/seed");
    let report =
        portal::import::import_components(environment.settings.clone(), &fixture, false).await?;
    assert!(report.stored.inserted > 0, "{report:?}");
    let location = kernel::db::DatabaseLocation::resolve(&environment.settings, "component")?;
    let db = kernel::Database::connect(&location, 1).await?;
    let (runs, total) = ImportHistoryRepository::new(&db)
        .page_runs(component_api::store::COMPONENT_SEED, 0, 10)
        .await?;
    db.close().await;
    assert_eq!(total, 1, "{runs:?}");
    assert_eq!(
        (runs[0].origin, runs[0].state, runs[0].operator_id),
        (ImportOrigin::Command, ImportRunState::Done, None)
    );
    assert_eq!(
        runs[0].report.as_ref().map(|r| r.inserted),
        Some(report.stored.inserted)
    );
    Ok(())
}

kernel::backend_tests!(
    import_reports_counts_and_is_idempotent,
    a_command_import_is_recorded_in_the_history
);
