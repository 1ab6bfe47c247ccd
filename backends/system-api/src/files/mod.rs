//! Files (`/to/api/base/file/*`, docs/files.md): uploaded files and the big-file upload
//! sessions, their rules (categories, names, sizes, types) and their store. The bytes live
//! in the blob store of the `storage` crate.

pub mod model;
pub mod service;
pub mod store;

pub use model::{Category, FileInfo, FileName, FileRecord};
pub use service::Files;
pub use store::{owned_by, FileRepository, FileStore};

/// Base path of the file routes (spec §7: `/base/file/...` under the API base).
pub const FILE_API_BASE: &str = "/to/api/base/file";
