//! The parts importer (docs/parts.md): the bd_warehouse dimension tables and FreeCAD's profiles
//! (`data/parts`), named by the project's glossary, into the kit's item store through the kit's
//! [`ImportRun`] (validation, one key per run, batched upserts, report, progress). Idempotent:
//! unchanged records are left alone; a bad row is rejected with its reason, never fatal.

pub mod profiles;
pub mod size;
pub mod standard_parts;
pub mod table;
pub mod variant;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Context;
use catalog::item::import::{ImportProgress, ImportRun};
use catalog::item::store::ItemRepository;
use serde::Serialize;

use crate::glossary::{Glossary, GLOSSARY_FILE};
use crate::materials::{PartMaterials, MATERIALS_FILE};
use standard_parts::{read_family, shared_standards, LengthSeries, LENGTHS_FILE};

/// Raised when the importer's output for the same files changes, so that databases seeded by an
/// older importer are re-imported on start.
const IMPORTER_REVISION: &str = "parts-bd_warehouse-freecad-importer-4";

/// The seed name in `seed_state`.
pub const PART_SEED: &str = "parts";

/// Records per upsert transaction.
const BATCH: usize = 500;

/// What one import did: the kit's report with the parts library's counters.
pub type ImportReport = catalog::item::import::ImportReport<PartCounts>;

/// The parts library's own counters of an import.
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PartCounts {
    /// Tables read (bd_warehouse families, plus profiles.csv).
    pub tables: usize,
    /// Variants read per family (`socket_head_cap`: 921, `profile`: 1171).
    pub families: BTreeMap<String, usize>,
    /// Blank or dashed cells of columns a variant does not need (not rejections).
    pub blank_cells: usize,
}

#[derive(Debug, Clone, Default)]
pub struct ImportOptions {
    /// Draw a progress bar on standard error.
    pub progress: bool,
}

/// `data/parts` of this checkout (relative to this crate's sources).
pub fn committed_seed_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/parts")
}

/// The seed to import on first start: `PORTAL_PART_SEED_DIR` (`none` turns it off), else
/// `data/parts` relative to the working directory, else the committed one.
pub fn default_seed_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PORTAL_PART_SEED_DIR") {
        return (dir != "none" && !dir.is_empty()).then(|| PathBuf::from(dir));
    }
    let cwd_relative = PathBuf::from("data/parts");
    if cwd_relative.is_dir() {
        return Some(cwd_relative);
    }
    Some(committed_seed_dir())
}

/// The files the importer reads, relative to the seed directory.
fn input_files(dir: &Path, glossary: &Glossary) -> Vec<String> {
    let mut files: Vec<String> = glossary
        .families
        .values()
        .map(|family| format!("bd_warehouse/{}", family.file))
        .collect();
    // Project-authored tables of single standards (ISO 15 bearings).
    files.extend(
        glossary
            .families
            .values()
            .flat_map(|family| family.standards.values())
            .filter_map(|standard| standard.file.clone()),
    );
    files.push(format!("bd_warehouse/{LENGTHS_FILE}"));
    files.push(profiles::PROFILES_FILE.to_string());
    files.push(GLOSSARY_FILE.to_string());
    files.push(MATERIALS_FILE.to_string());
    files.retain(|f| dir.join(f).is_file() || f == GLOSSARY_FILE || f == MATERIALS_FILE);
    files.sort();
    files.dedup();
    files
}

/// Digest of the importer's revision and the content of every file it reads.
pub fn source_digest(dir: &Path) -> anyhow::Result<String> {
    use sha2::Digest;
    let glossary = Glossary::load(dir)?;
    let mut hasher = sha2::Sha256::new();
    hasher.update(IMPORTER_REVISION.as_bytes());
    for file in input_files(dir, &glossary) {
        let bytes = std::fs::read(dir.join(&file)).with_context(|| format!("reading {file}"))?;
        hasher.update(format!("\n{file}\t{}\t", bytes.len()).as_bytes());
        hasher.update(sha2::Sha256::digest(&bytes));
    }
    Ok(hex::encode(hasher.finalize()))
}

/// Imports the seed at `dir` (its `glossary.json`, `bd_warehouse/`, `freecad/profiles.csv`).
pub async fn import_dir(
    items: &ItemRepository,
    dir: &Path,
    options: &ImportOptions,
) -> anyhow::Result<ImportReport> {
    let progress = ImportProgress::with_bar_if(options.progress, "tables");
    import_dir_observed(items, dir, progress).await
}

/// [`import_dir`] reporting to `progress`.
pub async fn import_dir_observed(
    items: &ItemRepository,
    dir: &Path,
    progress: ImportProgress,
) -> anyhow::Result<ImportReport> {
    let glossary = Glossary::load(dir)?;
    let materials = PartMaterials::load(dir)?;
    progress.plan(glossary.families.len() as u64 + 1);
    let mut run = ImportRun::<PartCounts>::new(progress);
    let tables = dir.join("bd_warehouse");
    let mut length_rejections = Vec::new();
    let lengths = LengthSeries::read(&tables.join(LENGTHS_FILE), &mut length_rejections)?;
    for rejection in length_rejections {
        run.reject(rejection);
    }
    let shared = shared_standards(&glossary);
    for (key, family) in &glossary.families {
        run.progress().set_phase(key);
        let read = read_family(dir, key, family, &lengths, &shared)?;
        for rejection in read.rejections {
            run.reject(rejection);
        }
        let extra = &mut run.report().extra;
        extra.tables += read.tables;
        extra.blank_cells += read.blank_cells;
        *extra.families.entry(key.clone()).or_default() += read.variants.len();
        store_variants(&mut run, items, &materials, read.variants).await?;
        run.progress().advance();
    }
    run.progress().set_phase("profiles");
    let read = profiles::read_profiles(dir, &glossary)?;
    for rejection in read.rejections {
        run.reject(rejection);
    }
    let extra = &mut run.report().extra;
    extra.tables += 1;
    *extra.families.entry("profile".to_string()).or_default() += read.variants.len();
    store_variants(&mut run, items, &materials, read.variants).await?;
    run.progress().advance();
    Ok(run.finish())
}

async fn store_variants(
    run: &mut ImportRun<PartCounts>,
    items: &ItemRepository,
    materials: &PartMaterials,
    variants: Vec<variant::Variant>,
) -> anyhow::Result<()> {
    let records = variants
        .into_iter()
        .map(|mut variant| {
            // What the standards make the part of, and its classes as search words (`A2-70`).
            let options =
                materials.options(&variant.attributes.family, &variant.attributes.standard);
            variant.keywords.extend(crate::materials::keywords(options));
            variant.attributes.materials = options.to_vec();
            variant.into_item()
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    for batch in records.chunks(BATCH) {
        run.store(items, batch.to_vec()).await?;
    }
    Ok(())
}
