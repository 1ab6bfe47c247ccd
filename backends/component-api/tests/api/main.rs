//! The component service through its real HTTP API, on SQLite and (when configured) PostgreSQL.

mod catalog_categories;
mod catalog_import;
mod catalog_items;
mod catalog_manufacturers;
mod category;
mod components;
mod enterprise;
mod helpers;
mod import;
mod kicad_v1;
mod on_the_kit;
mod open_platform;
mod recommend;
mod search;
mod search_follower;
mod search_index;
mod search_rebuild;
mod seed_search;
mod shape_seed;
mod usage_stats;
