pub mod detail;
pub mod tree;
