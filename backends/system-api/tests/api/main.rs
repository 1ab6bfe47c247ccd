//! The system service through its real HTTP API, on SQLite and (when configured) PostgreSQL.

mod access_tokens;
mod auth;
mod brand_application;
mod codes;
mod dict_data;
mod faults;
mod feedback;
mod files;
mod front_log;
mod helpers;
mod limits;
mod open_keys;
mod operation_dictionary;
mod operation_orgs;
mod operation_roles;
mod operation_users;
mod other_service;
mod profile;
mod providers;
mod revocation;
mod stand_ins;
mod tenant_isolation;
