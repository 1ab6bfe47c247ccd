//! The all-in-one portal: every service in one process, the API docs, the health aggregate
//! and the built web front end (shell + remotes) on one address.

pub mod import;
pub mod site;

use std::sync::Arc;

use catalog::LibraryService;
use kernel::{
    error::catalog::CATALOG_ERRORS, error::enterprise::ENTERPRISE_ERRORS,
    error::global::GLOBAL_ERRORS, error::open::OPEN_ERRORS, error::shape::SHAPE_ERRORS, ErrorCode,
    Service,
};

/// The three library services, in the order the portal lists them.
pub fn library_services() -> Vec<LibraryService> {
    vec![
        part_api::library_service(),
        component_api::library_service(),
        mat_api::library_service(),
    ]
}

/// Every service the portal runs.
pub fn services() -> Vec<Arc<dyn Service>> {
    let mut services: Vec<Arc<dyn Service>> = vec![system_api::service()];
    for library in library_services() {
        services.push(service_for_library(library));
    }
    services
}

/// The service owning a library's database: the component, part and materials libraries import
/// their seeds on first start (components and parts also have tables of their own).
pub fn service_for_library(library: LibraryService) -> Arc<dyn Service> {
    match library.library().key {
        key if key == component_api::LIBRARY.key => component_api::service(),
        key if key == part_api::LIBRARY.key => part_api::service(),
        key if key == mat_api::LIBRARY.key => mat_api::service(),
        _ => Arc::new(library),
    }
}

/// The OpenAPI document of every service (or of the one named), exactly as `serve` publishes it
/// at `/to/api/docs/{service}/openapi.json` in production mode (development-only routes left
/// out), pretty-printed JSON keyed by service name. Needs no database and no listening socket.
pub fn openapi_documents(only: Option<&str>) -> anyhow::Result<Vec<(&'static str, String)>> {
    let services = services();
    if let Some(name) = only {
        anyhow::ensure!(
            services.iter().any(|service| service.name() == name),
            "no service named {name}"
        );
    }
    let docs = kernel::docs::ApiDocs::new(
        services
            .iter()
            .filter(|service| only.is_none_or(|name| service.name() == name))
            .map(|service| (service.name(), service.openapi())),
        kernel::Mode::Production,
    );
    docs.documents()
        .map(|(name, document)| Ok((name, serde_json::to_string_pretty(document)?)))
        .collect()
}

/// The global codes and every service's own table (for the uniqueness test and the docs).
pub fn error_tables() -> Vec<(&'static str, &'static [ErrorCode])> {
    let mut tables = vec![
        ("global", GLOBAL_ERRORS),
        ("shape", SHAPE_ERRORS),
        ("enterprise", ENTERPRISE_ERRORS),
        ("catalog", CATALOG_ERRORS),
        ("open", OPEN_ERRORS),
    ];
    for service in services() {
        tables.push((service.name(), service.error_codes()));
    }
    tables
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_error_code_is_defined_once_across_all_services() {
        let tables: Vec<&[ErrorCode]> = error_tables().into_iter().map(|(_, t)| t).collect();
        assert_eq!(kernel::error::duplicate_codes(&tables), Vec::<i64>::new());
        assert_eq!(tables.len(), 9);
    }

    #[test]
    fn openapi_documents_are_the_served_ones_without_development_routes() -> anyhow::Result<()> {
        let documents = openapi_documents(None)?;
        let names: Vec<&str> = documents.iter().map(|(name, _)| *name).collect();
        assert_eq!(names, ["system", "part", "component", "mat"]);
        for (name, json) in &documents {
            let document: serde_json::Value = serde_json::from_str(json)?;
            let paths = document["paths"].as_object().map(|paths| paths.len());
            assert!(paths.unwrap_or(0) > 0, "{name}: no paths");
            assert!(
                !json.contains(kernel::docs::DEV_PATH_PREFIX),
                "{name}: development route in the document"
            );
        }
        let system = openapi_documents(Some("system"))?;
        assert_eq!(system.len(), 1);
        assert_eq!(system[0], documents[0]);
        assert!(openapi_documents(Some("nope")).is_err());
        Ok(())
    }

    #[test]
    fn service_names_are_unique() {
        let mut names: Vec<&str> = services().iter().map(|s| s.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names, ["component", "mat", "part", "system"]);
    }

    /// A library with tables of its own lists the kit's migrations beside its own (symlinks):
    /// one the kit adds and a library misses leaves that library without the kit's table.
    #[test]
    fn every_library_migrates_every_kit_migration() {
        for service in services()
            .iter()
            .filter(|service| service.name() != "system")
        {
            let migrations = service.migrations();
            for (kit, own) in [
                (&catalog::SQLITE_MIGRATIONS, migrations.sqlite),
                (&catalog::POSTGRES_MIGRATIONS, migrations.postgres),
            ] {
                let missing: Vec<i64> = kit
                    .iter()
                    .map(|migration| migration.version)
                    .filter(|version| !own.iter().any(|mine| mine.version == *version))
                    .collect();
                assert_eq!(
                    missing,
                    Vec::<i64>::new(),
                    "{} lacks kit migrations",
                    service.name()
                );
            }
        }
    }
}
