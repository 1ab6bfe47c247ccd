//! The ZIP of files beside a batch file (docs/enterprise-library.md, "Batch publishing"): the
//! batch's `文件` column names paths inside it, each found, checked against its kind and size, and
//! read out only once every row of the batch has passed.

use std::collections::HashMap;
use std::io::{Cursor, Read};
use std::sync::Arc;

use super::batch::{BatchRow, BatchRowError, FILES_COLUMN};
use super::files::{extension, EnterpriseFileKind, FILES_MAX, FILE_MAX_BYTES};

/// The largest ZIP a batch takes (it is read whole, as an item's file is).
pub const ARCHIVE_MAX_BYTES: u64 = 200 * 1024 * 1024;

/// A file a row names: its kind when the row said it (`模型=`, `数据手册=`, `图纸=`), and its path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileReference {
    pub kind: Option<EnterpriseFileKind>,
    pub path: String,
}

/// Reads the `文件` column: `路径` or `类型=路径` entries separated by `;` (or `；`), the type one of
/// 模型/model, 数据手册 (or 规格书)/datasheet, 图纸/drawing. At most [`FILES_MAX`].
pub fn references_of(raw: &str) -> Result<Vec<FileReference>, String> {
    let references = raw
        .split([';', '；'])
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
        .map(|entry| match entry.split_once(['=', '＝']) {
            Some((kind, path)) => {
                let kind = kind_named(kind.trim()).ok_or_else(|| {
                    format!("文件类型应为 模型、数据手册 或 图纸: {}", kind.trim())
                })?;
                Ok(FileReference {
                    kind: Some(kind),
                    path: path.trim().to_owned(),
                })
            }
            None => Ok(FileReference {
                kind: None,
                path: entry.to_owned(),
            }),
        })
        .collect::<Result<Vec<_>, String>>()?;
    if references.len() > FILES_MAX {
        return Err(format!("每个条目最多 {FILES_MAX} 个文件"));
    }
    if let Some(empty) = references
        .iter()
        .find(|reference| reference.path.is_empty())
    {
        let kind = empty.kind.map_or("", EnterpriseFileKind::as_str);
        return Err(format!("文件路径不能为空: {kind}"));
    }
    Ok(references)
}

fn kind_named(name: &str) -> Option<EnterpriseFileKind> {
    match name.to_lowercase().as_str() {
        "模型" | "model" => Some(EnterpriseFileKind::Model),
        "规格书" | "数据手册" | "datasheet" => Some(EnterpriseFileKind::Datasheet),
        "图纸" | "drawing" => Some(EnterpriseFileKind::Drawing),
        _ => None,
    }
}

/// The kind of a file named without one: by its extension, a PDF being a datasheet.
fn kind_of_extension(extension: &str) -> Option<EnterpriseFileKind> {
    [
        EnterpriseFileKind::Model,
        EnterpriseFileKind::Datasheet,
        EnterpriseFileKind::Drawing,
    ]
    .into_iter()
    .find(|kind| kind.extensions().contains(&extension))
}

/// A file found in the archive for a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    pub kind: EnterpriseFileKind,
    /// The entry's index in the archive.
    pub index: usize,
    /// The file's name (the last part of its path), as the item will show it.
    pub name: String,
    pub extension: String,
}

/// Why a ZIP cannot be read at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadArchive(pub String);

/// The archive's bytes, shared with the threads that inflate its entries.
type SharedZip = zip::ZipArchive<Cursor<Arc<[u8]>>>;

/// What the sizes in a ZIP's central directory add up to (a streamed archive's local headers
/// carry none): checked before anything is inflated, against archives that swell to gigabytes.
pub fn declared_inflated_size<R: Read + std::io::Seek>(
    zip: &mut zip::ZipArchive<R>,
) -> zip::result::ZipResult<u128> {
    let mut inflated = 0u128;
    for index in 0..zip.len() {
        inflated = inflated.saturating_add(u128::from(zip.by_index_raw(index)?.size()));
    }
    Ok(inflated)
}

/// A ZIP's directory: where each file is, and what it declares it inflates to.
pub struct Archive {
    /// Parsed once; a clone shares the directory and the bytes.
    zip: SharedZip,
    /// Normalised path (`/` separators, no leading `./` or `/`) → (index, declared size).
    by_path: HashMap<String, (usize, u64)>,
    /// Lower-case path → paths, for a name whose case differs (Windows users do not see it).
    by_folded_path: HashMap<String, Vec<String>>,
    /// Lower-case file name → paths, for a row that names the file without its folder.
    by_file_name: HashMap<String, Vec<String>>,
}

fn normalise(path: &str) -> String {
    let path = path.replace('\\', "/");
    let mut path = path.as_str();
    loop {
        if let Some(rest) = path.strip_prefix("./") {
            path = rest;
        } else if let Some(rest) = path.strip_prefix('/') {
            path = rest;
        } else {
            break;
        }
    }
    path.to_owned()
}

fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

impl Archive {
    /// Reads the archive's central directory (nothing is inflated).
    pub fn open(bytes: Vec<u8>) -> Result<Self, BadArchive> {
        let bytes: Arc<[u8]> = bytes.into();
        let mut zip = zip::ZipArchive::new(Cursor::new(bytes))
            .map_err(|error| BadArchive(format!("文件压缩包无法读取: {error}")))?;
        let mut by_path = HashMap::new();
        let mut by_folded_path: HashMap<String, Vec<String>> = HashMap::new();
        let mut by_file_name: HashMap<String, Vec<String>> = HashMap::new();
        for index in 0..zip.len() {
            let entry = zip
                .by_index_raw(index)
                .map_err(|error| BadArchive(format!("文件压缩包无法读取: {error}")))?;
            if entry.is_dir() {
                continue;
            }
            let path = normalise(&String::from_utf8_lossy(entry.name_raw()));
            // macOS's archiver adds resource forks beside every file: never an item's file.
            if path.starts_with("__MACOSX/") || path.is_empty() {
                continue;
            }
            by_folded_path
                .entry(path.to_lowercase())
                .or_default()
                .push(path.clone());
            by_file_name
                .entry(file_name(&path).to_lowercase())
                .or_default()
                .push(path.clone());
            by_path.insert(path, (index, entry.size()));
        }
        Ok(Self {
            zip,
            by_path,
            by_folded_path,
            by_file_name,
        })
    }

    /// Finds what `reference` names: the path as written, else the path in another case, else
    /// a file name only one file of the archive has; then checks its kind and declared size.
    pub fn locate(&self, reference: &FileReference) -> Result<Located, String> {
        let wanted = normalise(&reference.path);
        let one_of = |paths: Option<&Vec<String>>| match paths.map(Vec::as_slice) {
            Some([one]) => Ok(Some(one.clone())),
            Some([_, _, ..]) => Err(format!(
                "压缩包中有多个文件名为 {}，请写出完整路径",
                reference.path
            )),
            _ => Ok(None),
        };
        let path = if self.by_path.contains_key(&wanted) {
            wanted
        } else if let Some(path) = one_of(self.by_folded_path.get(&wanted.to_lowercase()))? {
            path
        } else if let Some(path) = one_of(self.by_file_name.get(&wanted.to_lowercase()))? {
            path
        } else {
            return Err(format!("压缩包中没有文件: {}", reference.path));
        };
        let (index, size) = self.by_path[&path];
        let name = file_name(&path).to_owned();
        let extension = extension(&name);
        let kind = match reference.kind {
            Some(kind) => kind,
            None => kind_of_extension(&extension)
                .ok_or_else(|| format!("{name} 的类型不能作为条目文件"))?,
        };
        if !kind.extensions().contains(&extension.as_str()) {
            return Err(format!(
                "{name} 不能作为{}（可用 {}）",
                kind.as_str(),
                kind.extensions().join("、")
            ));
        }
        if size > FILE_MAX_BYTES {
            return Err(format!("{name} 超过 {} MB", FILE_MAX_BYTES / 1024 / 1024));
        }
        if size == 0 {
            return Err(format!("{name} 是空文件"));
        }
        Ok(Located {
            kind,
            index,
            name,
            extension,
        })
    }

    /// The bytes of entry `index`, inflated off the server's threads; at most
    /// [`FILE_MAX_BYTES`], whatever the entry declared.
    pub async fn extract(&self, index: usize) -> anyhow::Result<Vec<u8>> {
        let mut zip = self.zip.clone();
        tokio::task::spawn_blocking(move || {
            let entry = zip.by_index(index)?;
            let mut out = Vec::new();
            entry.take(FILE_MAX_BYTES + 1).read_to_end(&mut out)?;
            anyhow::ensure!(
                u64::try_from(out.len()).unwrap_or(u64::MAX) <= FILE_MAX_BYTES,
                "entry {index} inflates past its limit"
            );
            Ok(out)
        })
        .await?
    }
}

/// Every row's files, found in the batch's `archive` and checked, in the rows' order; a file that
/// cannot be found or taken, or files named when no archive was sent, is a row error in `文件`.
pub fn locate_rows(
    archive: Option<&Archive>,
    rows: &[BatchRow],
) -> (Vec<Vec<Located>>, Vec<BatchRowError>) {
    let mut errors = Vec::new();
    let located = rows
        .iter()
        .map(|row| {
            let mut refuse = |reason: String| {
                errors.push(BatchRowError {
                    row: row.line,
                    field: Some(FILES_COLUMN.to_owned()),
                    reason,
                });
            };
            let Some(archive) = archive else {
                if !row.files.is_empty() {
                    refuse("填写了文件，请同时上传文件压缩包 (ZIP)".to_owned());
                }
                return Vec::new();
            };
            row.files
                .iter()
                .filter_map(|reference| archive.locate(reference).map_err(&mut refuse).ok())
                .collect()
        })
        .collect();
    (located, errors)
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    fn zip_of(files: &[(&str, &[u8])]) -> anyhow::Result<Vec<u8>> {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for (path, bytes) in files {
            writer.start_file(*path, zip::write::SimpleFileOptions::default())?;
            writer.write_all(bytes)?;
        }
        Ok(writer.finish()?.into_inner())
    }

    fn reference(raw: &str) -> FileReference {
        references_of(raw).unwrap_or_default().remove(0)
    }

    #[test]
    fn the_column_reads_kinds_and_paths() {
        let references =
            references_of("模型=models/a.step；datasheet = a.pdf; b.dxf;").unwrap_or_default();
        assert_eq!(
            references,
            [
                FileReference {
                    kind: Some(EnterpriseFileKind::Model),
                    path: "models/a.step".into()
                },
                FileReference {
                    kind: Some(EnterpriseFileKind::Datasheet),
                    path: "a.pdf".into()
                },
                FileReference {
                    kind: None,
                    path: "b.dxf".into()
                },
            ]
        );
        assert!(references_of("照片=a.png").is_err());
        assert!(references_of("模型=").is_err());
        let many = ["a.pdf"; FILES_MAX + 1].join(";");
        assert!(references_of(&many).is_err());
        assert_eq!(references_of("").map(|r| r.len()), Ok(0));
    }

    #[tokio::test]
    async fn files_are_found_by_path_case_or_unique_name() -> anyhow::Result<()> {
        let bytes = zip_of(&[
            ("Models/Bracket.STEP", b"ISO-10303-21;"),
            ("docs/a.pdf", b"%PDF-1.4"),
            ("other/a.pdf", b"%PDF-1.4 other"),
            ("__MACOSX/Models/._Bracket.STEP", b"fork"),
            ("empty.pdf", b""),
        ])?;
        let archive = Archive::open(bytes).map_err(|e| anyhow::anyhow!(e.0))?;
        let step = archive
            .locate(&reference("models/bracket.step"))
            .map_err(anyhow::Error::msg)?;
        assert_eq!(
            (step.kind, step.name.as_str()),
            (EnterpriseFileKind::Model, "Bracket.STEP")
        );
        let by_name = archive
            .locate(&reference("bracket.step"))
            .map_err(anyhow::Error::msg)?;
        assert_eq!(by_name.index, step.index);
        assert_eq!(archive.extract(step.index).await?, b"ISO-10303-21;");
        let pdf = archive
            .locate(&reference("图纸=docs\\a.pdf"))
            .map_err(anyhow::Error::msg)?;
        assert_eq!(pdf.kind, EnterpriseFileKind::Drawing);
        let ambiguous = archive.locate(&reference("a.pdf"));
        assert!(ambiguous.is_err_and(|reason| reason.contains("多个")));
        assert!(archive
            .locate(&reference("missing.step"))
            .is_err_and(|r| r.contains("没有文件")));
        assert!(
            archive
                .locate(&reference("规格书=Models/Bracket.STEP"))
                .is_err(),
            "a STEP is no datasheet"
        );
        assert!(archive
            .locate(&reference("empty.pdf"))
            .is_err_and(|r| r.contains("空文件")));
        assert!(
            archive.locate(&reference("._Bracket.STEP")).is_err(),
            "resource forks are skipped"
        );
        assert!(Archive::open(b"PK\x03\x04 broken".to_vec()).is_err());
        Ok(())
    }
}
