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

kernel::backend_tests!(import_reports_counts_and_is_idempotent);
