pub mod detail;
pub mod page;
