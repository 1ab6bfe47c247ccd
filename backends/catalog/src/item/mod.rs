//! The items every library stores (components, parts, material grades): the generic model
//! ([`model`]) and its stores ([`store`]) over the kit's tables (`migrations/*/…_item.sql`), and
//! the contents of their files in the blob store ([`files`]), and the import skeleton ([`import`]). What only one library has lives in
//! its extension table or in the item's typed `attributes` (docs/adding-a-library.md).

pub mod files;
pub mod import;
pub mod model;
pub mod store;
