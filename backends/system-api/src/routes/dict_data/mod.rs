pub mod list_all_simple;
