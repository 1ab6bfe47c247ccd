use std::sync::Arc;

use kernel::testing::{TestApp, TestEnvironment};
use part_api::PartService;

async fn serves_its_category_tree(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = TestApp::spawn(
        environment.settings.clone(),
        vec![Arc::new(PartService::new(None))],
        None,
    )
    .await?;
    catalog::testing::check_library_api(&app, &part_api::LIBRARY).await?;
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(serves_its_category_tree);
