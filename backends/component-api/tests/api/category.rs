use kernel::testing::{TestApp, TestEnvironment};

async fn serves_its_category_tree(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = TestApp::spawn(
        environment.settings.clone(),
        vec![component_api::service()],
        None,
    )
    .await?;
    catalog::testing::check_library_api(&app, &component_api::LIBRARY).await?;
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(serves_its_category_tree);
