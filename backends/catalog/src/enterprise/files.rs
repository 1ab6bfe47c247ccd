//! The files of enterprise items (docs/enterprise-library.md, "Files"): a member uploads a model,
//! datasheet or drawing through the file service's (big-file) upload and sends the upload's
//! `claim` with the item; the library checks the claim (signed by the file service, the caller's
//! own, unexpired), the file's type against its kind and its size, and copies the bytes into its
//! content-addressed item store. The item then keeps its files whatever becomes of the upload.

use std::collections::HashMap;
use std::path::Path;

use kernel::error::enterprise::{BATCH_UNREADABLE, FILE_CLAIM_INVALID, FILE_NOT_ACCEPTED};
use kernel::{ApiError, ApiResult};
use serde::{Deserialize, Serialize};
use storage::claims::{FileClaim, FileClaims};
use utoipa::ToSchema;

use super::archive::{Archive, Located};
use crate::item::files::ItemFiles;

/// At most this many files per item.
pub const FILES_MAX: usize = 10;
/// The largest file an item takes (the copy is read whole).
pub const FILE_MAX_BYTES: u64 = 100 * 1024 * 1024;

/// What a file of an item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum EnterpriseFileKind {
    /// A 3D model: STEP, STL, GLB, VRML, IGES, Parasolid, SolidWorks, or a ZIP of them.
    Model,
    /// A datasheet: PDF.
    Datasheet,
    /// A drawing: PDF, DXF, DWG, SVG, PNG or JPEG.
    Drawing,
}

impl EnterpriseFileKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Model => "model",
            Self::Datasheet => "datasheet",
            Self::Drawing => "drawing",
        }
    }

    /// The extensions a file of this kind may have (lower case).
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            Self::Model => &[
                "step", "stp", "stl", "glb", "wrl", "igs", "iges", "x_t", "sldprt", "zip",
            ],
            Self::Datasheet => &["pdf"],
            Self::Drawing => &["pdf", "dxf", "dwg", "svg", "png", "jpg", "jpeg"],
        }
    }
}

/// A file to attach, as sent: its kind and the `claim` the upload answered.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, ToSchema)]
pub struct EnterpriseFileDraft {
    pub kind: EnterpriseFileKind,
    /// The `claim` of the file service's upload answer (valid 24 hours, the uploader's only).
    pub claim: String,
}

/// A file of an item, as stored and answered. Downloaded from
/// `…/items/{id}/files/{index}` (its place in the item's list, from 0).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseFile {
    pub kind: EnterpriseFileKind,
    pub name: String,
    pub media_type: String,
    /// Bytes.
    pub size: i64,
    /// SHA-256 of the content, hex (the download's ETag).
    pub digest: String,
    /// SHA-256 of a 256 × 256 PNG of the model (STL, GLB, OBJ or VRML; `…/files/{index}?thumbnail=true`);
    /// absent for other files and for a model that could not be read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail: Option<String>,
    /// SHA-256 of the model's stored shape fingerprint (`shape::encode`), drawn from the same
    /// mesh as the thumbnail: what the organisation's model search compares
    /// (docs/enterprise-library.md, "Searching the organisation's models by shape").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shape: Option<String>,
}

impl EnterpriseFile {
    /// The kit's file row of this file's thumbnail, for [`ItemFiles::respond`].
    pub fn thumbnail_file(&self, index: usize) -> Option<crate::item::model::ItemFile> {
        let digest = self.thumbnail.clone()?;
        Some(crate::item::model::ItemFile {
            id: i64::try_from(index).unwrap_or_default(),
            kind: "thumbnail".to_owned(),
            name: format!("{}.png", self.name),
            media_type: "image/png".to_owned(),
            size: 0,
            digest,
        })
    }

    /// The kit's file row of this file, for [`ItemFiles::respond`].
    pub fn as_item_file(&self, index: usize) -> crate::item::model::ItemFile {
        crate::item::model::ItemFile {
            id: i64::try_from(index).unwrap_or_default(),
            kind: self.kind.as_str().to_owned(),
            name: self.name.clone(),
            media_type: self.media_type.clone(),
            size: self.size,
            digest: self.digest.clone(),
        }
    }
}

/// The lower-case extension of `name` ("" when it has none).
pub(crate) fn extension(name: &str) -> String {
    Path::new(name)
        .extension()
        .and_then(|extension| extension.to_str())
        .unwrap_or_default()
        .to_lowercase()
}

/// Where the library keeps items' files, and the deployment's claim key.
#[derive(Clone)]
pub struct Attachments {
    files: ItemFiles,
    claims: FileClaims,
}

impl Attachments {
    pub fn new(files: ItemFiles, claims: FileClaims) -> Self {
        Self { files, claims }
    }

    /// The library's `files` and the claims of the `[files]` configuration the file service
    /// uses (the content secret: `files.part_secret`, or the one in the data directory).
    pub async fn open(context: &kernel::ServiceContext, files: ItemFiles) -> anyhow::Result<Self> {
        let settings = storage::FilesSettings::load()?;
        let claims = FileClaims::open(&settings, &context.settings.data_dir).await?;
        Ok(Self::new(files, claims))
    }

    pub fn files(&self) -> &ItemFiles {
        &self.files
    }

    /// Checks every draft (each claim the caller's, unexpired; the type fits the kind; at most
    /// [`FILE_MAX_BYTES`]) before copying any, then copies the bytes into the item store, in the
    /// order sent, with a thumbnail of each model the shape crate reads.
    pub async fn take(
        &self,
        drafts: &[EnterpriseFileDraft],
        user_id: i64,
    ) -> ApiResult<Vec<EnterpriseFile>> {
        let now = chrono::Utc::now().timestamp();
        let mut accepted = Vec::with_capacity(drafts.len());
        for draft in drafts {
            let claim = self.verified(&draft.claim, user_id, now)?;
            let extension = extension(&claim.name);
            if !draft.kind.extensions().contains(&extension.as_str()) {
                return Err(ApiError::with_detail(
                    FILE_NOT_ACCEPTED,
                    format!(
                        "{} 不能作为{}（可用 {}）",
                        claim.name,
                        draft.kind.as_str(),
                        draft.kind.extensions().join("、")
                    ),
                ));
            }
            within_limit(&claim, FILE_MAX_BYTES)?;
            accepted.push((draft.kind, claim, extension));
        }
        let mut files = Vec::with_capacity(accepted.len());
        for (kind, claim, extension) in accepted {
            let bytes = self.read_claimed(&claim).await?;
            files.push(self.store(kind, &claim.name, &extension, bytes).await?);
        }
        Ok(files)
    }

    /// The bytes of a ZIP the caller uploaded (`claim`: theirs, unexpired, a `.zip` of at most
    /// `max_bytes`), for a batch's files.
    pub async fn take_archive(
        &self,
        claim: &str,
        user_id: i64,
        max_bytes: u64,
    ) -> ApiResult<(String, Vec<u8>)> {
        let claim = self.verified(claim, user_id, chrono::Utc::now().timestamp())?;
        if extension(&claim.name) != "zip" {
            return Err(ApiError::with_detail(
                FILE_NOT_ACCEPTED,
                format!("{} 不是 ZIP 压缩包", claim.name),
            ));
        }
        within_limit(&claim, max_bytes)?;
        let bytes = self.read_claimed(&claim).await?;
        Ok((claim.name, bytes))
    }

    /// The claim `raw`, signed by the file service, unexpired at `now` and `user_id`'s own.
    fn verified(&self, raw: &str, user_id: i64, now: i64) -> ApiResult<FileClaim> {
        self.claims
            .verify(raw, now)
            .ok()
            .filter(|claim| claim.owner == user_id)
            .ok_or_else(|| ApiError::new(FILE_CLAIM_INVALID))
    }

    /// The claimed upload's bytes; an upload deleted since answers as a bad claim.
    async fn read_claimed(&self, claim: &FileClaim) -> ApiResult<Vec<u8>> {
        self.files
            .read_upload(&claim.key)
            .await
            .map_err(ApiError::internal)?
            .ok_or_else(|| ApiError::new(FILE_CLAIM_INVALID))
    }

    /// Copies a checked file's `bytes` into the item store, with a thumbnail when it is a model
    /// the shape crate reads.
    pub async fn store(
        &self,
        kind: EnterpriseFileKind,
        name: &str,
        extension: &str,
        bytes: Vec<u8>,
    ) -> ApiResult<EnterpriseFile> {
        // The picture and the fingerprint are drawn from the bytes in hand, not read back after
        // the copy.
        let (bytes, views) = if kind == EnterpriseFileKind::Model {
            self.model_views(name, bytes).await?
        } else {
            (bytes, ModelViews::default())
        };
        let media_type = storage::media_type_of_extension(extension);
        let stored = self
            .files
            .put(kind.as_str(), name, media_type, bytes)
            .await
            .map_err(ApiError::internal)?;
        Ok(EnterpriseFile {
            kind,
            name: stored.name,
            media_type: stored.media_type,
            size: stored.size,
            digest: stored.digest,
            thumbnail: views.thumbnail,
            shape: views.shape,
        })
    }

    /// The files [`super::archive::locate_rows`] found for each row, inflated from `archive` and
    /// stored as [`Self::store`] stores an upload; a file several rows name is read and stored once.
    pub async fn store_from_archive(
        &self,
        archive: &Archive,
        located: Vec<Vec<Located>>,
    ) -> ApiResult<Vec<Vec<EnterpriseFile>>> {
        let mut stored: HashMap<(usize, EnterpriseFileKind), EnterpriseFile> = HashMap::new();
        let mut rows = Vec::with_capacity(located.len());
        for files in located {
            let mut attached = Vec::with_capacity(files.len());
            for found in files {
                let key = (found.index, found.kind);
                if let Some(file) = stored.get(&key) {
                    attached.push(file.clone());
                    continue;
                }
                let bytes = archive.extract(found.index).await.map_err(|error| {
                    ApiError::with_detail(BATCH_UNREADABLE, format!("{}: {error}", found.name))
                })?;
                let file = self
                    .store(found.kind, &found.name, &found.extension, bytes)
                    .await?;
                stored.insert(key, file.clone());
                attached.push(file);
            }
            rows.push(attached);
        }
        Ok(rows)
    }

    /// The model's `bytes` back, with the digests of a stored PNG thumbnail and shape fingerprint
    /// of it when its format is one the shape crate reads (STEP and the CAD programs' own formats
    /// are not tessellated here: the page sends a mesh of them, [`Self::preview_views`]). A model
    /// that cannot be read keeps its place without them: the file is what the member sent.
    async fn model_views(&self, name: &str, bytes: Vec<u8>) -> ApiResult<(Vec<u8>, ModelViews)> {
        let Ok(format) = shape::Format::from_file_name(name) else {
            return Ok((bytes, ModelViews::default()));
        };
        let (bytes, drawn) = draw_model(format, bytes).await?;
        let drawn = match drawn {
            Ok(drawn) => drawn,
            Err(error) => {
                tracing::info!(%error, name, "no thumbnail of an enterprise model");
                return Ok((bytes, ModelViews::default()));
            }
        };
        match self.store_views(name, drawn).await {
            Ok(views) => Ok((bytes, views)),
            Err(error) => {
                tracing::warn!(%error, name, "storing a model's thumbnail and fingerprint");
                Ok((bytes, ModelViews::default()))
            }
        }
    }

    /// The digests of a stored PNG thumbnail and shape fingerprint drawn from `mesh` (named
    /// `name`: STL, OBJ, GLB or VRML), a tessellation of a model the server does not read itself
    /// (a STEP file, done by the member's page). Unlike a model's own picture, a mesh that cannot
    /// be drawn is refused: it was sent for nothing else.
    pub async fn preview_views(&self, name: &str, mesh: Vec<u8>) -> ApiResult<ModelViews> {
        let format = shape::Format::from_file_name(name).map_err(crate::routes::shape::refused)?;
        let (_, drawn) = draw_model(format, mesh).await?;
        let drawn = drawn.map_err(crate::routes::shape::refused)?;
        self.store_views(name, drawn)
            .await
            .map_err(ApiError::internal)
    }

    async fn store_views(&self, name: &str, drawn: DrawnModel) -> anyhow::Result<ModelViews> {
        let thumbnail = self
            .files
            .put("thumbnail", name, "image/png", drawn.png)
            .await?;
        let shape = self
            .files
            .put(
                "shape",
                &format!("{name}.shf"),
                "application/octet-stream",
                drawn.fingerprint,
            )
            .await?;
        Ok(ModelViews {
            thumbnail: Some(thumbnail.digest),
            shape: Some(shape.digest),
        })
    }
}

/// What the server drew from a model: digests of its stored thumbnail and shape fingerprint.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ModelViews {
    pub thumbnail: Option<String>,
    pub shape: Option<String>,
}

/// A model's [`THUMBNAIL_SIDE`] PNG and its encoded shape fingerprint.
struct DrawnModel {
    png: Vec<u8>,
    fingerprint: Vec<u8>,
}

/// `bytes` back, with a [`THUMBNAIL_SIDE`] PNG and the shape fingerprint of the mesh they hold,
/// or why there are none. Parsing, fingerprinting and rasterising a large mesh is CPU work: off
/// the server's threads. The task hands the bytes back, so the model is not copied for it.
async fn draw_model(
    format: shape::Format,
    bytes: Vec<u8>,
) -> ApiResult<(Vec<u8>, Result<DrawnModel, shape::ShapeError>)> {
    tokio::task::spawn_blocking(move || {
        let drawn = shape::load(&bytes, format).and_then(|mesh| {
            Ok(DrawnModel {
                png: shape::thumbnail_png(&mesh, THUMBNAIL_SIDE)?,
                fingerprint: shape::encode(&shape::fingerprint(&mesh)?),
            })
        });
        (bytes, drawn)
    })
    .await
    // Only a panic in the renderer gets here, and the bytes went with it: the request fails
    // whole rather than store a model it no longer has.
    .map_err(ApiError::internal)
}

/// A claimed file of at most `max_bytes`.
fn within_limit(claim: &FileClaim, max_bytes: u64) -> ApiResult<()> {
    if claim.size > max_bytes {
        return Err(ApiError::with_detail(
            FILE_NOT_ACCEPTED,
            format!("{} 超过 {} MB", claim.name, max_bytes / 1024 / 1024),
        ));
    }
    Ok(())
}

/// Pixels of a thumbnail's side.
const THUMBNAIL_SIDE: u32 = 256;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ascii_stl_prism_renders() -> anyhow::Result<()> {
        let facets = [
            ["0 0 0", "40 0 0", "0 30 0"],
            ["0 0 10", "0 30 10", "40 0 10"],
            ["0 0 0", "0 0 10", "40 0 10"],
            ["0 0 0", "40 0 10", "40 0 0"],
            ["0 0 0", "0 30 0", "0 30 10"],
            ["0 0 0", "0 30 10", "0 0 10"],
            ["40 0 0", "40 0 10", "0 30 10"],
            ["40 0 0", "0 30 10", "0 30 0"],
        ];
        let mut text = String::from("solid bracket\n");
        for [a, b, c] in facets {
            text.push_str(&format!("facet normal 0 0 0\nouter loop\nvertex {a}\nvertex {b}\nvertex {c}\nendloop\nendfacet\n"));
        }
        text.push_str("endsolid bracket\n");
        let format = shape::Format::from_file_name("L形支架.stl")?;
        let mesh = shape::load(text.as_bytes(), format)?;
        let png = shape::thumbnail_png(&mesh, THUMBNAIL_SIDE)?;
        assert!(png.starts_with(b"\x89PNG"));
        Ok(())
    }

    #[test]
    fn extensions_are_read_in_lower_case() {
        assert_eq!(extension("支架.STEP"), "step");
        assert_eq!(extension("a.tar.gz"), "gz");
        assert_eq!(extension("README"), "");
        assert!(EnterpriseFileKind::Model.extensions().contains(&"step"));
        assert!(!EnterpriseFileKind::Datasheet.extensions().contains(&"step"));
    }
}
