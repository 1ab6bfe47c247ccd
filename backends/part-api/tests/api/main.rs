//! The part service through its real HTTP API, on SQLite and (when configured) PostgreSQL,
//! seeded from the committed `data/parts` (the real bd_warehouse tables and FreeCAD profiles).

mod category;
mod helpers;
mod import;
mod items;
mod materials;
mod models;
mod recommendations;
mod search;
mod shape;
mod suggest;
mod variants;
