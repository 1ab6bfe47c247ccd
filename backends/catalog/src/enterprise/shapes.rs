//! Shape search of one organisation's own models (docs/enterprise-library.md, "Searching the
//! organisation's models by shape"). The public shape search keeps one index per library over
//! the public `item` table, and enterprise models must never surface there; an organisation's
//! approved models are instead ranked on request, by an exact scan over their fingerprints (an
//! organisation holds hundreds or thousands of models, not the libraries' tens of thousands).
//! Fingerprints are stored with each model file when it is uploaded ([`super::files`]); a model
//! stored before that is fingerprinted from its file on first use. Decoded fingerprints are kept
//! in memory by digest, so a search reads each model once.

use std::collections::HashSet;
use std::sync::Arc;

use kernel::{ApiError, ApiResult};

use super::files::EnterpriseFileKind;
use super::EnterpriseItem;
use crate::item::files::ItemFiles;
use crate::shape_search::{KeptUploads, QueryTarget};

/// Decoded fingerprints kept (about 4 kB each).
const FINGERPRINTS_KEPT: u64 = 10_000;
/// Uploads kept for asking again (docs/shape-search.md, "Query tokens").
const UPLOADS_KEPT: u64 = 500;

/// What one ranking asks for.
#[derive(Debug, Clone, Default)]
pub struct OrgShapeQuery {
    pub min_score: f32,
    pub options: shape::Options,
    /// Only items filed in these categories, when set.
    pub categories: Option<HashSet<i64>>,
    /// Never this item ("find similar" of it).
    pub exclude: Option<i64>,
    pub limit: usize,
}

/// An item of the organisation, ranked by its most similar model.
#[derive(Debug, Clone, PartialEq)]
pub struct OrgShapeHit {
    /// Its place in the items handed to [`EnterpriseShapes::rank`].
    pub position: usize,
    /// The model file (its place in the item's `files`) that matched best.
    pub file_index: usize,
    /// 0–100.
    pub score: f32,
}

/// What [`EnterpriseShapes::rank`] found.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OrgRanking {
    /// Best first, at most `limit`.
    pub hits: Vec<OrgShapeHit>,
    /// Items compared: those the filters keep that have a fingerprinted model.
    pub searched: usize,
}

/// A library's fingerprints of enterprise models and the uploads searched with, shared by the
/// library's enterprise routes.
pub struct EnterpriseShapes {
    files: ItemFiles,
    /// By the digest they were read from (a stored fingerprint, or a model file); `None`: that
    /// content has no usable fingerprint.
    fingerprints: moka::future::Cache<String, Option<Arc<shape::Fingerprint>>>,
    uploads: KeptUploads,
}

impl EnterpriseShapes {
    pub fn new(files: ItemFiles) -> Self {
        Self {
            files,
            fingerprints: moka::future::Cache::new(FINGERPRINTS_KEPT),
            uploads: KeptUploads::new(UPLOADS_KEPT),
        }
    }

    /// The query of an earlier upload, while it is kept.
    pub async fn upload(&self, token: &str) -> Option<Arc<QueryTarget>> {
        self.uploads.get(token).await
    }

    /// The query of the upload `token`: kept from an earlier upload of the same bytes, or worked
    /// out by `compute` on a blocking thread (an unreadable upload is not kept).
    pub async fn upload_or_compute(
        &self,
        token: &str,
        compute: impl FnOnce() -> Result<QueryTarget, shape::ShapeError> + Send + 'static,
    ) -> ApiResult<Arc<QueryTarget>> {
        if let Some(kept) = self.upload(token).await {
            return Ok(kept);
        }
        let target = tokio::task::spawn_blocking(compute)
            .await
            .map_err(ApiError::internal)?
            .map_err(crate::routes::shape::refused)?;
        Ok(self.uploads.keep(token, target).await)
    }

    /// The fingerprint of model file `index` of `item`: the stored one, or — for a model stored
    /// before fingerprints were, in a format the shape crate reads — one drawn from the file.
    /// `None` for a file that is not a model or has no usable fingerprint (a STEP model whose
    /// page sent no mesh, an unreadable file). A blob store that cannot be read is an error:
    /// nothing is remembered, the next search tries again.
    pub async fn fingerprint(
        &self,
        item: &EnterpriseItem,
        index: usize,
    ) -> ApiResult<Option<Arc<shape::Fingerprint>>> {
        let Some(file) = item.files.get(index) else {
            return Ok(None);
        };
        if file.kind != EnterpriseFileKind::Model {
            return Ok(None);
        }
        if let Some(stored) = &file.shape {
            let decoded = self.cached(stored, |bytes| shape::decode(&bytes)).await?;
            if decoded.is_some() {
                return Ok(decoded);
            }
            // Another version of the fingerprint: the file may still give one of this version.
        }
        if shape::Format::from_file_name(&file.name).is_err() {
            return Ok(None);
        }
        let name = file.name.clone();
        self.cached(&file.digest, move |bytes| {
            shape::fingerprint_file(&name, &bytes)
        })
        .await
    }

    /// What `digest`'s content gives through `read` (on a blocking thread), remembered.
    async fn cached(
        &self,
        digest: &str,
        read: impl FnOnce(Vec<u8>) -> Result<shape::Fingerprint, shape::ShapeError> + Send + 'static,
    ) -> ApiResult<Option<Arc<shape::Fingerprint>>> {
        if let Some(known) = self.fingerprints.get(digest).await {
            return Ok(known);
        }
        let bytes = self.files.read(digest).await.map_err(ApiError::internal)?;
        let read = tokio::task::spawn_blocking(move || read(bytes))
            .await
            .map_err(ApiError::internal)?;
        let fingerprint = match read {
            Ok(fingerprint) => Some(Arc::new(fingerprint)),
            Err(error) => {
                tracing::info!(%error, digest, "an enterprise model without a fingerprint");
                None
            }
        };
        self.fingerprints
            .insert(digest.to_owned(), fingerprint.clone())
            .await;
        Ok(fingerprint)
    }

    /// `items` ranked against `target`, best first, each by its most similar model; items
    /// without a fingerprinted model, outside `query.categories` or `query.exclude` are left out.
    pub async fn rank(
        &self,
        items: &[EnterpriseItem],
        target: Arc<QueryTarget>,
        query: OrgShapeQuery,
    ) -> ApiResult<OrgRanking> {
        let mut entries = Vec::new();
        let mut searched = 0;
        for (position, item) in items.iter().enumerate() {
            let wanted = query.exclude != Some(item.id)
                && query.categories.as_ref().is_none_or(|allowed| {
                    item.category_id
                        .is_some_and(|category| allowed.contains(&category))
                });
            if !wanted {
                continue;
            }
            let before = entries.len();
            for index in 0..item.files.len() {
                if let Some(fingerprint) = self.fingerprint(item, index).await? {
                    entries.push(((position, index), fingerprint.as_ref().clone()));
                }
            }
            searched += usize::from(entries.len() > before);
        }
        let hits = tokio::task::spawn_blocking(move || rank_entries(entries, &target, &query))
            .await
            .map_err(ApiError::internal)?;
        Ok(OrgRanking { hits, searched })
    }
}

/// The exact ranking of `entries` (keyed by item position and file index), one hit per item.
fn rank_entries(
    entries: Vec<((usize, usize), shape::Fingerprint)>,
    target: &QueryTarget,
    query: &OrgShapeQuery,
) -> Vec<OrgShapeHit> {
    let models = entries.len();
    // Exact: an organisation's models stay far below the HNSW threshold.
    let index = shape::Index::with_ann(entries, false);
    let hits = index.query(&shape::Query {
        target: target.as_target(),
        // Every model of an item may rank before the next item's.
        limit: models,
        min_score: query.min_score,
        options: query.options,
        filter: &|_| true,
    });
    // Best first: an item's first hit is its most similar model.
    let mut ranked = HashSet::new();
    hits.into_iter()
        .filter(|hit| ranked.insert(hit.key.0))
        .take(query.limit)
        .map(|hit| OrgShapeHit {
            position: hit.key.0,
            file_index: hit.key.1,
            score: hit.score,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A box `x × y × z` as a mesh.
    fn cuboid(x: f32, y: f32, z: f32) -> shape::Mesh {
        let corners: Vec<[f32; 3]> = (0..8)
            .map(|i| {
                [
                    if i & 1 == 0 { 0.0 } else { x },
                    if i & 2 == 0 { 0.0 } else { y },
                    if i & 4 == 0 { 0.0 } else { z },
                ]
            })
            .collect();
        let faces = [
            [0, 2, 1],
            [1, 2, 3],
            [4, 5, 6],
            [5, 7, 6],
            [0, 1, 4],
            [1, 5, 4],
            [2, 6, 3],
            [3, 6, 7],
            [0, 4, 2],
            [2, 4, 6],
            [1, 3, 5],
            [3, 7, 5],
        ];
        shape::Mesh::new(corners, faces.to_vec()).expect("a box")
    }

    fn fingerprint(mesh: &shape::Mesh) -> shape::Fingerprint {
        shape::fingerprint(mesh).expect("a fingerprint")
    }

    #[test]
    fn each_item_ranks_once_by_its_best_model() {
        let rod = fingerprint(&cuboid(100.0, 10.0, 10.0));
        let plate = fingerprint(&cuboid(100.0, 100.0, 2.0));
        let cube = fingerprint(&cuboid(10.0, 10.0, 10.0));
        // Item 0 has a plate and a rod, item 1 a cube, item 2 a plate.
        let entries = vec![
            ((0, 0), plate.clone()),
            ((0, 1), rod.clone()),
            ((1, 0), cube),
            ((2, 3), plate),
        ];
        let query = OrgShapeQuery {
            limit: 10,
            ..OrgShapeQuery::default()
        };
        let hits = rank_entries(entries, &QueryTarget::Model(Box::new(rod)), &query);
        let positions: Vec<usize> = hits.iter().map(|hit| hit.position).collect();
        assert_eq!(positions.len(), 3, "{hits:?}");
        assert_eq!(hits[0].position, 0, "{hits:?}");
        assert_eq!(hits[0].file_index, 1, "the rod, not the plate: {hits:?}");
        assert!(hits[0].score > 99.0, "{hits:?}");
        assert!(hits.windows(2).all(|pair| pair[0].score >= pair[1].score));
    }

    #[test]
    fn the_minimum_score_and_the_limit_cut_the_ranking() {
        let rod = fingerprint(&cuboid(100.0, 10.0, 10.0));
        let entries = vec![
            ((0, 0), rod.clone()),
            ((1, 0), fingerprint(&cuboid(100.0, 100.0, 2.0))),
            ((2, 0), rod.clone()),
        ];
        let strict = OrgShapeQuery {
            min_score: 99.0,
            limit: 10,
            ..OrgShapeQuery::default()
        };
        let target = QueryTarget::Model(Box::new(rod));
        let kept = rank_entries(entries.clone(), &target, &strict);
        assert_eq!(
            kept.iter().map(|hit| hit.position).collect::<Vec<_>>(),
            [0, 2]
        );
        let one = OrgShapeQuery {
            limit: 1,
            ..OrgShapeQuery::default()
        };
        assert_eq!(rank_entries(entries, &target, &one).len(), 1);
        assert!(rank_entries(Vec::new(), &target, &one).is_empty());
    }
}
