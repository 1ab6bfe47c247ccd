//! The all-in-one portal: every service in one process, the API docs, the health aggregate
//! and the built web front end (shell + remotes) on one address.

pub mod import;
pub mod site;

use std::sync::Arc;

use catalog::LibraryService;
use kernel::{error::global::GLOBAL_ERRORS, ErrorCode, Service};

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

/// The service owning a library's database: the component library has tables (and
/// migrations) of its own beyond the catalog's, and imports its seed on first start.
pub fn service_for_library(library: LibraryService) -> Arc<dyn Service> {
    if library.library().key == component_api::LIBRARY.key {
        component_api::service()
    } else {
        Arc::new(library)
    }
}

/// The global codes and every service's own table (for the uniqueness test and the docs).
pub fn error_tables() -> Vec<(&'static str, &'static [ErrorCode])> {
    let mut tables = vec![("global", GLOBAL_ERRORS)];
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
        assert_eq!(tables.len(), 5);
    }

    #[test]
    fn service_names_are_unique() {
        let mut names: Vec<&str> = services().iter().map(|s| s.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names, ["component", "mat", "part", "system"]);
    }
}
