//! A library's manufacturers: the brand list and one manufacturer's page.

pub mod detail;
pub mod page;
