//! The mat service through its real HTTP API, on SQLite and (when configured) PostgreSQL.

mod category;
mod suggest;
