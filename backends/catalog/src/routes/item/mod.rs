//! An item's routes: detail, compare (and download, with the file store).

pub mod compare;
pub mod detail;
