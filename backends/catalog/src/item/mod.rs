//! The items every library stores (components, parts, material grades): the generic model
//! ([`model`]) and its stores ([`store`]) over the kit's tables (`migrations/*/…_item.sql`), the
//! contents of their files in the blob store ([`files`]), the import pipeline ([`import`]), how a
//! parameter is written for users ([`display`]) and what a library implements to serve its items
//! through the kit's routes ([`library`]). What only one library has lives in its extension table
//! or in the item's typed `attributes` (docs/adding-a-library.md).

pub mod display;
pub mod files;
pub mod import;
pub mod import_control;
pub mod import_history;
pub mod library;
pub mod model;
pub mod store;
