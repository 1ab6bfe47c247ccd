//! 元器件 (Electronic Components): the component library service.
//!
//! Its category routes, store and migrations come from the `catalog` kit; this crate
//! supplies what is its own: the taxonomy, the error table and the service name.
//! Library-specific actions will live in `src/routes/<resource>/<action>.rs`.

use std::sync::Arc;

use catalog::{Library, LibraryService};
use kernel::{error_codes, Service};

/// The project's taxonomy, compiled in so that the binary is self-contained
/// (`data/categories/component.json`; a malformed file fails this crate's tests).
pub const TAXONOMY: &str = include_str!("../../../data/categories/component.json");

error_codes! {
    COMPONENT_ERRORS {
        /// Module 1_020: the component library (see docs/error-codes.md).
        CATEGORY_NOT_FOUND = (1_020_001_000, OK, "分类不存在");
    }
}

pub static LIBRARY: Library = Library {
    key: "component",
    title: "元器件",
    title_en: "Electronic Components",
    taxonomy: TAXONOMY,
    errors: COMPONENT_ERRORS,
    category_not_found: CATEGORY_NOT_FOUND,
};

pub fn library_service() -> LibraryService {
    LibraryService::new(&LIBRARY)
}

pub fn service() -> Arc<dyn Service> {
    Arc::new(library_service())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_library_definition_is_consistent() -> anyhow::Result<()> {
        super::LIBRARY.check_definition(1020)
    }
}
