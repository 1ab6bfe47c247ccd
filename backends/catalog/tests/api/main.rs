//! The catalog kit with a small fixture taxonomy: its stores and its routes, on SQLite and
//! (when configured) PostgreSQL.

mod files;
mod follower;
mod import;
mod item_library;
mod item_routes;
mod items;
mod routes;
mod shape;
mod store;

use catalog::Library;
use kernel::error_codes;

error_codes! {
    DEMO_ERRORS {
        DEMO_CATEGORY_NOT_FOUND = (1_099_001_000, OK, "分类不存在");
        DEMO_ITEM_NOT_FOUND = (1_099_002_000, OK, "演示条目不存在");
        DEMO_MANUFACTURER_NOT_FOUND = (1_099_003_000, OK, "厂商不存在");
        DEMO_FILE_NOT_AVAILABLE = (1_099_004_000, OK, "该演示条目没有此文件");
    }
}

pub static DEMO: Library = Library {
    key: "demo",
    title: "演示",
    title_en: "Demo",
    taxonomy: include_str!("../fixtures/mini.json"),
    errors: DEMO_ERRORS,
    category_not_found: DEMO_CATEGORY_NOT_FOUND,
};

#[test]
fn a_library_definition_is_checked_against_its_module() -> anyhow::Result<()> {
    DEMO.check_definition(1099)?;
    let wrong_module = DEMO.check_definition(1010);
    assert!(
        wrong_module.is_err(),
        "codes of module 1099 must not pass as module 1010"
    );
    Ok(())
}
