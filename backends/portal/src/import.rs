//! `portal import …`: loads project data into the services' databases.

use std::sync::Arc;

use catalog::{store::SyncReport, LibraryService};
use kernel::{Cache, Service, ServiceContext, Settings};

/// Re-applies the taxonomy of each given library (upsert by code) and answers the counts.
pub async fn import_categories(
    settings: Settings,
    libraries: &[LibraryService],
) -> anyhow::Result<Vec<(&'static str, SyncReport)>> {
    let settings = Arc::new(settings);
    // Importing touches no cache entries; the in-process one avoids needing Redis here.
    let cache = Cache::in_memory(&settings.cache_prefix, 16);
    let mut reports = Vec::with_capacity(libraries.len());
    for library in libraries {
        // Connect through the service owning the database, so that its migrations (which may
        // go beyond the catalog's) are the ones checked.
        let owner = crate::service_for_library(LibraryService::new(library.library()));
        let context = ServiceContext::connect(owner.as_ref(), settings.clone(), &cache).await?;
        let report = library.import_categories(&context).await;
        context.db.close().await;
        reports.push((library.name(), report?));
    }
    Ok(reports)
}

/// `portal import components`: imports a KiCad source (default: the committed seed) into the
/// component database, with a progress bar on standard error.
pub async fn import_components(
    settings: Settings,
    source: &std::path::Path,
    progress: bool,
) -> anyhow::Result<component_api::import::ImportReport> {
    let settings = Arc::new(settings);
    let cache = Cache::in_memory(&settings.cache_prefix, 16);
    let service = component_api::ComponentService::new(None);
    let context = ServiceContext::connect(&service, settings.clone(), &cache).await?;
    // Components refer to categories: make sure the tree is there first.
    let outcome = async {
        service.library().seed(&context).await?;
        let files = component_api::open_files(&context).await?;
        let store = component_api::store::ComponentRepository::new(&context.db, files);
        let options = component_api::import::ImportOptions { progress };
        // In the library's import history, as an import at a start or by an operator is.
        let import = component_api::import::import_dir(&store, source, &options);
        catalog::item::import_history::recorded(
            &context.db,
            component_api::store::COMPONENT_SEED,
            catalog::item::import_history::ImportOrigin::Command,
            import,
        )
        .await
    }
    .await;
    context.db.close().await;
    outcome
}
