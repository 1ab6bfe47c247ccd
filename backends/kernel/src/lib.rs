//! The shared service kit every backend builds on.
//!
//! A service (system, part, component, mat) is described by a [`Service`] implementation; the
//! [`Application`] runs one or several of them in one actix server with the common middleware,
//! health checks and API documentation.

pub mod app;
pub mod cache;
pub mod config;
pub mod db;
pub mod docs;
pub mod envelope;
pub mod error;
pub mod extract;
pub mod health;
pub mod paging;
pub mod repository;
pub mod security;
pub mod service;
pub mod stat;
pub mod telemetry;
#[cfg(feature = "testing")]
pub mod testing;
pub mod workers;

pub use app::{Application, SiteMount, SocketOptions};
pub use cache::Cache;
pub use config::{Mode, Settings};
pub use db::{Backend, Database, Migrations};
pub use envelope::ApiResponse;
pub use error::{ApiError, ApiResult, ErrorCode};
pub use service::{Peers, Service, ServiceContext};
pub use workers::WorkerPool;
