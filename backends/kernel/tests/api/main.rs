//! The kernel through a real HTTP server running a small demo service, on SQLite and (when
//! configured) PostgreSQL and Redis.

mod cache;
mod demo;
mod envelope;
mod health;
mod migration_trees;
mod nodelay;
mod platform;
