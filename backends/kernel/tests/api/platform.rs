//! Databases and configuration as the services see them.

use std::sync::Arc;

use kernel::{
    db::DatabaseLocation,
    testing::{TestBackend, TestEnvironment},
    Backend, Database, Service,
};

use crate::demo::DemoService;

/// Connecting creates what is missing (SQLite file and directory, PostgreSQL database), and
/// migrating twice is harmless.
async fn connect_creates_and_migrates_idempotently(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let location = DatabaseLocation::resolve(&environment.settings, "demo")?;
    let expected = match environment.backend {
        TestBackend::Sqlite => Backend::Sqlite,
        TestBackend::Postgres => Backend::Postgres,
    };
    let service: Arc<dyn Service> = Arc::new(DemoService);
    for _ in 0..2 {
        let db = Database::connect(&location, 2).await?;
        assert_eq!(db.backend(), expected);
        db.migrate(&service.migrations()).await?;
        db.ping().await?;
        db.close().await;
    }
    if environment.backend == TestBackend::Sqlite {
        assert!(environment.settings.data_dir.join("demo.db").is_file());
    }
    Ok(())
}

kernel::backend_tests!(connect_creates_and_migrates_idempotently);

#[tokio::test]
async fn binds_port_zero_and_reports_the_port() -> anyhow::Result<()> {
    let environment = TestEnvironment::new(TestBackend::Sqlite)
        .await?
        .ok_or_else(|| anyhow::anyhow!("SQLite is always available"))?;
    let application = kernel::Application::build(
        environment.settings.clone(),
        vec![Arc::new(DemoService)],
        None,
    )
    .await?;
    let port = application.port();
    assert_ne!(port, 0);
    let handle = application.handle();
    let server = tokio::spawn(application.run_until_stopped());
    let body: serde_json::Value = reqwest::get(format!("http://127.0.0.1:{port}/health/live"))
        .await?
        .json()
        .await?;
    assert_eq!(body["data"]["status"], "live");
    // Graceful stop: the run future finishes (after closing the pools).
    handle.stop(true).await;
    server.await??;
    Ok(())
}
