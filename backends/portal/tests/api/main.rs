//! The all-in-one portal through its real HTTP API: every service, the static web site and
//! the importer, on SQLite and (when configured) PostgreSQL and Redis.

mod binary;
mod helpers;
mod import;
mod services;
mod site;
mod upload_kill;
