use std::{path::Path, sync::Arc};

use kernel::testing::{TestApp, TestEnvironment};

/// A built-looking web root: the shell and two remotes (mfe-mat deliberately missing).
pub fn write_web_root(root: &Path) -> anyhow::Result<()> {
    let shell = root.join("shell/dist");
    std::fs::create_dir_all(shell.join("static"))?;
    std::fs::write(
        shell.join("index.html"),
        "<!doctype html><html lang=\"zh-CN\"><head><title>门户</title></head><body><div id=\"root\"></div>门户</body></html>",
    )?;
    std::fs::write(
        shell.join("portal-config.json"),
        r#"{"company":{"companyName":"</script><b>门户"}}"#,
    )?;
    std::fs::write(
        shell.join("static/main.0123abcd.js"),
        "console.log('shell');",
    )?;
    std::fs::write(shell.join("remoteEntry.js"), "var shell;")?;
    for remote in ["mfe-part", "mfe-auth", "mfe-component"] {
        let dist = root.join(remote).join("dist");
        std::fs::create_dir_all(&dist)?;
        // mfe-part's manifest stays minimal (no metaData): the portal then preloads no entry for it.
        let manifest = if remote == "mfe-part" {
            format!("{{\"name\":\"{remote}\"}}")
        } else {
            format!(
                "{{\"name\":\"{remote}\",\"metaData\":{{\"remoteEntry\":{{\"name\":\"remoteEntry.js\",\"path\":\"\",\"type\":\"global\"}}}}}}"
            )
        };
        std::fs::write(dist.join("mf-manifest.json"), manifest)?;
        std::fs::write(dist.join("remoteEntry.js"), "var remote;")?;
        std::fs::write(dist.join("123.89abcdef01.js"), "var chunk;")?;
    }
    Ok(())
}

/// The portal as `portal serve` builds it, on the environment's backends.
pub async fn spawn_portal(environment: &TestEnvironment) -> anyhow::Result<TestApp> {
    spawn_portal_with(environment, portal::services()).await
}

/// The portal with every service and route, the libraries with their category trees but without
/// their seeded items: for the tests of what reads no item (the site's files, the routing).
/// Seeding the three libraries costs about a minute of CPU per test (docs/testing.md).
pub async fn spawn_portal_without_items(environment: &TestEnvironment) -> anyhow::Result<TestApp> {
    spawn_portal_with(environment, services_without_items()?).await
}

/// Every service of the portal, the libraries without their seeds.
pub fn services_without_items() -> anyhow::Result<Vec<Arc<dyn kernel::Service>>> {
    let services: Vec<Arc<dyn kernel::Service>> = vec![
        system_api::service(),
        Arc::new(part_api::PartService::new(None)),
        Arc::new(component_api::ComponentService::new(None)),
        Arc::new(mat_api::MatService::new(None)),
    ];
    let names = |services: &[Arc<dyn kernel::Service>]| {
        services
            .iter()
            .map(|service| service.name())
            .collect::<Vec<_>>()
    };
    anyhow::ensure!(
        names(&services) == names(&portal::services()),
        "the portal's services changed: list them here too"
    );
    Ok(services)
}

async fn spawn_portal_with(
    environment: &TestEnvironment,
    services: Vec<Arc<dyn kernel::Service>>,
) -> anyhow::Result<TestApp> {
    let mut settings = environment.settings.clone();
    // These tests do not search by shape; fingerprinting every model of every library would
    // only take the CPU the other tests run on.
    settings.search.shape_fingerprints = false;
    let site = portal::site::mount(&settings);
    TestApp::spawn(settings, services, Some(site)).await
}
