//! The parts' models as the kit's shape search sees them (docs/shape-search.md, "Which
//! libraries"): every variant of a family with a generator, its mesh generated from its
//! dimension row by `part_geometry` at [`Detail::Coarse`] (fingerprints normalise the scale and
//! sample 1,024 surface points: the downloads' fine chords would only cost time), a profile at
//! the 1 m its detail page shows first. Nothing is stored but the fingerprints.

use catalog::item::store::{ItemRepository, ItemStore};
use catalog::shape_search::{ModelContent, ModelRef, ModelSource};
use part_geometry::{export, Detail, Shape, SUPPORTED_FAMILIES};

use crate::models::{format_length, generated_key, ModelRefusal, ModelSource as PartModel};
use crate::store::{ShapeSourceRow, VariantRepository, VariantStore};

/// The length a profile is fingerprinted at, in mm (the detail page's default, as the
/// downloads probe profiles).
pub const PROFILE_SHAPE_LENGTH_MM: f64 = 1_000.0;

/// What the key says is generated: the coarse mesh. Bump it when that mesh changes for the same
/// row (the generator's own version is in the key already), so fingerprints are computed again.
const SHAPE_MESH_KIND: &str = "shape-mesh-coarse-1";

/// The parts' generated models, one per variant whose family has a generator.
#[derive(Clone)]
pub struct GeneratedShapes {
    variants: VariantRepository,
    items: ItemRepository,
}

impl GeneratedShapes {
    pub fn new(db: &kernel::Database) -> Self {
        Self {
            variants: VariantRepository::new(db),
            items: ItemRepository::new(db),
        }
    }
}

fn is_profile(family: &str) -> bool {
    family == "profile"
}

/// The model of a variant's row: keyed like the generated downloads (row, generator, length),
/// named like its STL download.
fn model_ref(row: &ShapeSourceRow) -> ModelRef {
    let length = is_profile(&row.family).then_some(PROFILE_SHAPE_LENGTH_MM);
    let size = match length.or(row.length_mm) {
        Some(length) => format!("{}x{}", row.size, format_length(length)),
        None => row.size.clone(),
    };
    ModelRef {
        item_id: row.item_id,
        key: generated_key(&row.content_digest, SHAPE_MESH_KIND, length),
        name: export::file_name(&row.family, &row.standard, &size, "stl"),
    }
}

/// The coarse mesh of `shape`, or why the generator refuses it (CPU-bound: a blocking thread).
pub fn fingerprint_mesh(shape: &Shape) -> ModelContent {
    let mesh = match shape.model() {
        Ok(model) => model.mesh_at(Detail::Coarse),
        Err(error) => return ModelContent::Refused(error.to_string()),
    };
    let positions = mesh
        .positions
        .iter()
        .map(|point| point.map(|coordinate| coordinate as f32))
        .collect();
    match shape::Mesh::new(positions, mesh.triangles) {
        Ok(mesh) => ModelContent::Mesh(mesh),
        Err(error) => ModelContent::Refused(error.to_string()),
    }
}

impl ModelSource for GeneratedShapes {
    async fn models(&self) -> anyhow::Result<Vec<ModelRef>> {
        Ok(self
            .variants
            .shape_sources()
            .await?
            .iter()
            .filter(|row| SUPPORTED_FAMILIES.contains(&row.family.as_str()))
            .map(model_ref)
            .collect())
    }

    async fn load(&self, model: &ModelRef) -> anyhow::Result<ModelContent> {
        // Gone since `models()`: an error, so nothing is stored; the next pass drops the item.
        let item = self
            .items
            .get(model.item_id)
            .await?
            .ok_or_else(|| anyhow::anyhow!("part {} no longer exists", model.item_id))?;
        let family = item.attributes.get("family").and_then(|f| f.as_str());
        let length = family
            .is_some_and(is_profile)
            .then_some(PROFILE_SHAPE_LENGTH_MM);
        // A row the generator refuses stays refused until the row (and so the key) changes.
        let source = match PartModel::of(&item, length) {
            Ok(source) => source,
            Err(ModelRefusal::NotAvailable(reason) | ModelRefusal::Length(reason)) => {
                return Ok(ModelContent::Refused(reason))
            }
        };
        Ok(tokio::task::spawn_blocking(move || fingerprint_mesh(&source.shape)).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(family: &str, length_mm: Option<f64>) -> ShapeSourceRow {
        ShapeSourceRow {
            item_id: 7,
            family: family.to_owned(),
            standard: "iso4017".to_owned(),
            size: "M6-1".to_owned(),
            length_mm,
            content_digest: "abc".to_owned(),
        }
    }

    #[test]
    fn keys_follow_the_row_and_profiles_take_one_metre() {
        let bolt = model_ref(&row("hex_head", Some(20.0)));
        assert_eq!(bolt.name, "hex_head_iso4017_M6-1x20.stl");
        assert!(bolt.key.starts_with("abc/"), "{}", bolt.key);
        assert!(bolt.key.ends_with("/-"), "{}", bolt.key);
        let mut changed = row("hex_head", Some(20.0));
        changed.content_digest = "abd".to_owned();
        assert_ne!(model_ref(&changed).key, bolt.key);
        let profile = model_ref(&row("profile", None));
        assert!(profile.key.ends_with("/1000"), "{}", profile.key);
        assert!(profile.name.contains("x1000"), "{}", profile.name);
    }

    #[test]
    fn a_nut_gets_a_coarse_mesh() {
        let nut = Shape::from_attributes(
            "hex_nut",
            "iso4032",
            &[("d", 6.0), ("s", 10.0), ("m", 5.2)]
                .into_iter()
                .map(|(name, value)| (name.to_owned(), value))
                .collect(),
        );
        let Ok(nut) = nut else {
            panic!("an ISO 4032 M6 nut reads: {nut:?}");
        };
        assert!(matches!(fingerprint_mesh(&nut), ModelContent::Mesh(_)));
    }
}
