pub mod detail;
pub mod items;
pub mod tree;
