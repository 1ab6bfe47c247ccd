//! `portal import components`: reads KiCad symbol libraries (with the footprints they name),
//! Fritzing parts, the generic passives and alloy-devices chip descriptions into the store. Idempotent (key: source + source id; unchanged records are skipped), and a
//! bad record is counted and reported, never fatal.

pub mod alloy;
pub mod category;
pub mod fritzing;
pub mod generic;
pub mod glob;
pub mod kicad;
pub mod manufacturer;
pub mod params;

use std::path::{Path, PathBuf};

use anyhow::Context;
use catalog::item::files::RunFiles;
use catalog::item::import::{ImportProgress, ImportRun, Rejection};
use serde::Serialize;

use crate::store::ComponentRepository;

pub use catalog::item::import::REPORTED_REASONS;

/// Raised when the importer's output for the same files changes, so that databases seeded by
/// an older importer are re-imported on start.
const IMPORTER_REVISION: &str = "kicad-fritzing-generic-alloy-importer-7";

#[derive(Debug, Clone, Default)]
pub struct ImportOptions {
    /// Draw a progress bar on standard error.
    pub progress: bool,
}

/// What one import did: the kit's report ([`catalog::item::import::ImportReport`]) with the
/// components library's counters, read as fields of the report (`report.uncategorised`).
pub type ImportReport = catalog::item::import::ImportReport<ComponentCounts>;

/// The components library's own counters of an import.
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ComponentCounts {
    /// Sources read: KiCad symbol libraries, plus one each for Fritzing, the generic passives
    /// and alloy-devices when present.
    pub libraries: usize,
    pub uncategorised: usize,
    pub without_manufacturer: usize,
    /// Components whose footprint is not in the source.
    pub missing_footprints: usize,
}

/// The KiCad directories of a source: the seed layout (`<dir>/kicad/symbols`), a KiCad share
/// directory (`<dir>/symbols`) or the fetch script's cache (`<dir>/root/usr/share/kicad`).
#[derive(Debug, Clone)]
pub struct KicadDirs {
    pub symbols: PathBuf,
    pub footprints: PathBuf,
    /// GLB models (`<Lib>.3dshapes/<Name>.glb`), converted by backends/mesh.
    pub models: PathBuf,
    /// Fritzing part definitions (`*.fzp`), when the source has them: `<dir>/fritzing` in the
    /// seed, `usr/share/fritzing/parts/core` in the fetch script's cache.
    pub fritzing: Option<PathBuf>,
    /// The generic passives' definition (`<dir>/generic/passives.json`), when the source has it.
    pub generic: Option<PathBuf>,
    /// alloy-devices chip descriptions (`<vendor>/<part>.yaml`), when the source has them:
    /// `<dir>/alloy-devices` in the seed, the unpacked wheel's `alloy_devices/data/chips` in the
    /// fetch script's cache.
    pub alloy: Option<PathBuf>,
}

impl KicadDirs {
    pub fn locate(dir: &Path) -> anyhow::Result<Self> {
        let candidates = [
            dir.join("kicad"),
            dir.to_path_buf(),
            dir.join("root/usr/share/kicad"),
            dir.join("usr/share/kicad"),
        ];
        candidates
            .into_iter()
            .find(|base| base.join("symbols").is_dir())
            .map(|base| KicadDirs {
                symbols: base.join("symbols"),
                footprints: base.join("footprints"),
                models: base.join("3dmodels"),
                fritzing: [
                    dir.join("fritzing"),
                    dir.join("root/usr/share/fritzing/parts/core"),
                    dir.join("usr/share/fritzing/parts/core"),
                ]
                .into_iter()
                .find(|candidate| has_files_with(candidate, "fzp")),
                generic: Some(dir.join("generic").join(generic::DEFINITION_FILE))
                    .filter(|path| path.is_file()),
                alloy: [
                    dir.join("alloy-devices"),
                    dir.join("alloy-devices/alloy_devices/data/chips"),
                ]
                .into_iter()
                .find(|candidate| candidate.join("st").is_dir() || has_vendor_dirs(candidate)),
            })
            .with_context(|| {
                format!(
                    "{}: no KiCad symbols directory (expected kicad/symbols, symbols or root/usr/share/kicad/symbols)",
                    dir.display()
                )
            })
    }

    /// The `.kicad_sym` files, sorted by name (the import order is deterministic).
    pub fn symbol_libraries(&self) -> anyhow::Result<Vec<PathBuf>> {
        files_with(&self.symbols, "kicad_sym")
    }

    /// The `.fzp` files, sorted by name.
    pub fn fritzing_parts(&self) -> anyhow::Result<Vec<PathBuf>> {
        self.fritzing
            .as_deref()
            .map_or_else(|| Ok(Vec::new()), |dir| files_with(dir, "fzp"))
    }
}

/// Whether `dir` holds `<vendor>/*.yaml` chip descriptions.
fn has_vendor_dirs(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .any(|path| has_files_with(&path, "yaml"))
    })
}

fn has_files_with(dir: &Path, extension: &str) -> bool {
    files_with(dir, extension).is_ok_and(|files| !files.is_empty())
}

/// The files of `dir` with `extension`, sorted.
fn files_with(dir: &Path, extension: &str) -> anyhow::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == extension))
        .collect();
    files.sort();
    Ok(files)
}

/// A cheap digest of a source directory: the importer revision and every file's relative
/// path and size (reading 30 MB to hash it would slow every start).
pub fn source_digest(dir: &Path) -> anyhow::Result<String> {
    use sha2::Digest;
    let dirs = KicadDirs::locate(dir)?;
    let mut entries = Vec::new();
    for root in [&dirs.symbols, &dirs.footprints, &dirs.models] {
        collect_files(root, root, &mut entries)?;
    }
    for path in dirs.fritzing_parts()? {
        let size = std::fs::metadata(&path)?.len();
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        entries.push((format!("fritzing/{}", name.unwrap_or_default()), size));
    }
    if let Some(path) = &dirs.generic {
        let size = std::fs::metadata(path)?.len();
        entries.push((format!("generic/{}", generic::DEFINITION_FILE), size));
    }
    if let Some(dir) = &dirs.alloy {
        let mut chips = Vec::new();
        collect_files(dir, dir, &mut chips)?;
        entries.extend(
            chips
                .into_iter()
                .map(|(path, size)| (format!("alloy-devices/{path}"), size)),
        );
    }
    entries.sort();
    let mut hasher = sha2::Sha256::new();
    hasher.update(IMPORTER_REVISION.as_bytes());
    for (path, size) in entries {
        hasher.update(format!("\n{path}\t{size}").as_bytes());
    }
    Ok(hex::encode(hasher.finalize()))
}

fn collect_files(root: &Path, dir: &Path, out: &mut Vec<(String, u64)>) -> anyhow::Result<()> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(()); // a source without footprints is still a source
    };
    for entry in entries {
        let entry = entry?;
        let path = entry.path();
        let metadata = std::fs::metadata(&path)?;
        if metadata.is_dir() {
            collect_files(root, &path, out)?;
        } else {
            let relative = path.strip_prefix(root).unwrap_or(&path);
            out.push((relative.to_string_lossy().into_owned(), metadata.len()));
        }
    }
    Ok(())
}

/// Imports every symbol library of `dir` (see [`KicadDirs::locate`]), one transaction per
/// library file.
pub async fn import_dir(
    store: &ComponentRepository,
    dir: &Path,
    options: &ImportOptions,
) -> anyhow::Result<ImportReport> {
    let progress = ImportProgress::with_bar_if(options.progress, "libraries");
    import_dir_observed(store, dir, progress).await
}

/// [`import_dir`] reporting to `progress` (one step per symbol library, then one per other
/// source).
pub async fn import_dir_observed(
    store: &ComponentRepository,
    dir: &Path,
    progress: ImportProgress,
) -> anyhow::Result<ImportReport> {
    let dirs = KicadDirs::locate(dir)?;
    let files = dirs.symbol_libraries()?;
    let taxonomy = crate::LIBRARY.parse_taxonomy()?;
    let matcher = category::CategoryMatcher::new(&taxonomy);
    let mut footprints = kicad::FootprintSource::new(dirs.footprints.clone());
    let mut run = ImportRun::<ComponentCounts>::new(progress);
    let mut run_files = RunFiles::default();
    run.report().libraries = files.len();
    // Chip descriptions first: they enrich the KiCad symbols of the same chips.
    let (chips, unreadable) = dirs
        .alloy
        .as_deref()
        .map(alloy::read_dir)
        .unwrap_or_default();
    for reason in unreadable {
        reject(&mut run, reason);
    }
    let finder = alloy::ChipFinder::new(&chips);
    let mut chip_described = vec![false; chips.len()];
    let parts = dirs.fritzing_parts()?;
    let other_sources = [!parts.is_empty(), dirs.generic.is_some(), !chips.is_empty()];
    run.progress()
        .plan(files.len() as u64 + other_sources.iter().filter(|s| **s).count() as u64);
    for path in &files {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        run.progress().set_phase(&name);
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) => {
                run.reject(Rejection::new(name, error.to_string()));
                run.progress().advance();
                continue;
            }
        };
        let mut read = kicad::read_library(path, &text, &matcher, &mut footprints);
        for component in &mut read.components {
            if let Some(index) = finder.find(&component.part_number) {
                chips[index].enrich(component);
                chip_described[index] = true;
            }
        }
        for reason in read.rejected {
            reject(&mut run, reason);
        }
        run.report().missing_footprints += read.missing_footprints;
        store_components(store, &mut run, &mut run_files, &read.components)
            .await
            .with_context(|| format!("storing library {name}"))?;
        run.progress().advance();
    }
    // Fritzing parts, a few hundred per transaction.
    if !parts.is_empty() {
        run.report().libraries += 1;
        run.progress().set_phase("Fritzing");
        for chunk in parts.chunks(200) {
            let mut components = Vec::with_capacity(chunk.len());
            for path in chunk {
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let read = std::fs::read_to_string(path)
                    .map_err(|error| error.to_string())
                    .and_then(|text| fritzing::read_part(&text, &matcher));
                match read {
                    Ok(component) => components.push(component),
                    Err(reason) => run.reject(Rejection::new(format!("fritzing/{name}"), reason)),
                }
            }
            store_components(store, &mut run, &mut run_files, &components)
                .await
                .context("storing Fritzing parts")?;
        }
        run.progress().advance();
    }
    // Generic passives: computed from the definition with the source's own KiCad files.
    if let Some(definition) = &dirs.generic {
        run.progress().set_phase("generic");
        run.report().libraries += 1;
        let generated = generic::generate(definition, &dirs.symbols, &matcher, &mut footprints);
        for reason in generated.rejected {
            reject(&mut run, reason);
        }
        run.report().missing_footprints += generated.missing_footprints;
        for chunk in generated.components.chunks(500) {
            store_components(store, &mut run, &mut run_files, chunk)
                .await
                .context("storing generic passives")?;
        }
        run.progress().advance();
    }
    // The chips no KiCad symbol describes, as components of their own.
    if !chips.is_empty() {
        run.progress().set_phase("alloy-devices");
        run.report().libraries += 1;
        let components: Vec<_> = chips
            .iter()
            .zip(&chip_described)
            .filter(|(_, described)| !**described)
            .map(|(chip, _)| chip.component(&matcher))
            .collect();
        store_components(store, &mut run, &mut run_files, &components)
            .await
            .context("storing alloy-devices chips")?;
        run.progress().advance();
    }
    Ok(run.finish())
}

/// Stores one transaction's worth of components through the kit's run (which validates them
/// and refuses a key already stored in this import) and counts the library's own figures.
async fn store_components(
    store: &ComponentRepository,
    run: &mut ImportRun<ComponentCounts>,
    run_files: &mut RunFiles,
    components: &[crate::model::NewComponent],
) -> anyhow::Result<()> {
    let counts = run.report();
    counts.uncategorised += components
        .iter()
        .filter(|c| c.category_code.is_none())
        .count();
    counts.without_manufacturer += components
        .iter()
        .filter(|c| c.manufacturer.is_none())
        .count();
    let mut items = Vec::with_capacity(components.len());
    for component in components {
        items.push(store.new_item(component, run_files).await?);
    }
    // The batch's files reach the disk before the rows that refer to them are committed.
    store.files.sync_run(run_files).await?;
    run.store(&store.items, items).await?;
    Ok(())
}

/// A rejection as the readers word it (`<record>: <reason>`).
fn reject(run: &mut ImportRun<ComponentCounts>, reason: String) {
    let rejection = match reason.split_once(": ") {
        Some((record, why)) => Rejection::new(record, why),
        None => Rejection::new("", reason),
    };
    run.reject(rejection);
}
