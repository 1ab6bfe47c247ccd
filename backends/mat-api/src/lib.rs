//! 材料 (Materials): the mat library service.
//!
//! Its category routes, store and migrations come from the `catalog` kit; this crate
//! supplies what is its own: the taxonomy, the error table and the service name.
//! Library-specific actions will live in `src/routes/<resource>/<action>.rs`.

use std::sync::Arc;

use catalog::{Library, LibraryService};
use kernel::{error_codes, Service};

/// The project's taxonomy, compiled in so that the binary is self-contained
/// (`data/categories/mat.json`; a malformed file fails this crate's tests).
pub const TAXONOMY: &str = include_str!("../../../data/categories/mat.json");

error_codes! {
    MAT_ERRORS {
        /// Module 1_030: the mat library (see docs/error-codes.md).
        CATEGORY_NOT_FOUND = (1_030_001_000, OK, "分类不存在");
    }
}

pub static LIBRARY: Library = Library {
    key: "mat",
    title: "材料",
    title_en: "Materials",
    taxonomy: TAXONOMY,
    errors: MAT_ERRORS,
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
        super::LIBRARY.check_definition(1030)
    }
}
