//! An item's routes: detail, compare and file download.

pub mod compare;
pub mod detail;
pub mod download;
