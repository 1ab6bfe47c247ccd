//! The operator's search-index routes of a library, under `/to/api/operation/<library>/search-index`
//! (beside the other operator routes under `/to/api/operation`). Permission
//! `<library>:search-index:rebuild` (e.g. `component:search-index:rebuild`; `*:*:*` holds it).
//!
//! | path | answer |
//! |---|---|
//! | `POST /rebuild` | starts a rebuild from the store: `{started, progress}` (`started` false: one is running); a started one is audited (`search-index.rebuild`) |
//! | `GET /rebuild` | the last rebuild's progress: `{state, indexed, total, startedTime, finishedTime, error}` |

pub mod progress;
pub mod start;

use std::sync::Arc;

use actix_web::web;

use crate::audit::store::LibraryAuditRepository;
use crate::search::RebuildControl;
use crate::Library;

/// State of the operator's search-index routes.
pub struct SearchIndexState {
    pub library: &'static Library,
    pub control: Arc<dyn RebuildControl>,
    /// Where a started rebuild is recorded.
    pub audit: LibraryAuditRepository,
}

impl SearchIndexState {
    /// The permission the routes require.
    pub fn permission(&self) -> String {
        rebuild_permission(self.library)
    }
}

/// `<library>:search-index:rebuild`.
pub fn rebuild_permission(library: &Library) -> String {
    format!("{}:search-index:rebuild", library.key)
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/rebuild")
            .route(web::post().to(start::start_rebuild))
            .route(web::get().to(progress::rebuild_progress)),
    );
}
