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
        let context = ServiceContext::connect(library, settings.clone(), &cache).await?;
        let report = library.import_categories(&context).await;
        context.db.close().await;
        reports.push((library.name(), report?));
    }
    Ok(reports)
}
