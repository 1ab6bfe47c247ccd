//! Where a library's models come from: the library names, per item, the model a fingerprint is
//! computed from and a key of its content ([`ModelRef`]), and hands over the model when asked
//! ([`ModelSource::load`]). Models stored as item files (the components' GLB) need nothing of
//! the library but their file kind ([`FileModels`]); generated models (the parts) implement
//! the trait themselves.

use std::future::Future;

use super::store::{ShapeRepository, ShapeStore};
use crate::item::files::ItemFiles;

/// An item's model as the shape job sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelRef {
    pub item_id: i64,
    /// Changes whenever the model does (a file's SHA-256, a generator's cache key); items with
    /// the same key share one fingerprint, computed once.
    pub key: String,
    /// A file name whose extension names the format (`SOIC-8.glb`).
    pub name: String,
}

/// A model's content: a file in one of the formats `shape::load` reads, or a mesh already.
pub enum ModelContent {
    File(Vec<u8>),
    Mesh(shape::Mesh),
    /// The source cannot make a model of this content (a generator refuses the item's row):
    /// stored with the reason like a model the shape crate refuses, and not tried again until
    /// the key changes.
    Refused(String),
}

/// A library's models (docs/shape-search.md, "Wired into the libraries").
pub trait ModelSource: Send + Sync + 'static {
    /// Every item that has a model, one entry per item.
    fn models(&self) -> impl Future<Output = anyhow::Result<Vec<ModelRef>>> + Send;

    /// The content of `model` (read or generated). An error counts the model as failed for
    /// this pass; it is tried again when the library's items change. A content the source can
    /// never make is [`ModelContent::Refused`], not an error. Called on the async threads:
    /// CPU-bound work (generating a mesh) belongs on a blocking thread.
    fn load(&self, model: &ModelRef) -> impl Future<Output = anyhow::Result<ModelContent>> + Send;
}

/// The models a library stores as item files of one kind (`model-glb`), read from the blob
/// store; the key is the file's digest.
#[derive(Clone)]
pub struct FileModels {
    shapes: ShapeRepository,
    files: ItemFiles,
    kind: &'static str,
}

impl FileModels {
    pub fn new(db: &kernel::Database, files: ItemFiles, kind: &'static str) -> Self {
        Self {
            shapes: ShapeRepository::new(db),
            files,
            kind,
        }
    }
}

impl ModelSource for FileModels {
    async fn models(&self) -> anyhow::Result<Vec<ModelRef>> {
        Ok(self
            .shapes
            .model_files(self.kind)
            .await?
            .into_iter()
            .map(|file| ModelRef {
                item_id: file.item_id,
                key: file.digest,
                name: file.name,
            })
            .collect())
    }

    async fn load(&self, model: &ModelRef) -> anyhow::Result<ModelContent> {
        Ok(ModelContent::File(self.files.read(&model.key).await?))
    }
}
