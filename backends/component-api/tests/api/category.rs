use kernel::testing::TestEnvironment;

use crate::helpers::spawn;

async fn serves_its_category_tree(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    catalog::testing::check_library_api(&app, &component_api::LIBRARY).await?;
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(serves_its_category_tree);
