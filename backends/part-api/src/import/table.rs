//! A CSV table as the importers read it: the header (trimmed: bd_warehouse writes `iso4762:dk `)
//! and the rows with their line numbers, for rejection reasons (`hex_nut_parameters.csv line 7`).

use std::path::Path;

use anyhow::Context;

#[derive(Debug, Clone)]
pub struct Table {
    /// The file name, as rejections name it.
    pub name: String,
    pub header: Vec<String>,
    pub rows: Vec<Row>,
}

#[derive(Debug, Clone)]
pub struct Row {
    /// 1-based line in the file.
    pub line: u64,
    pub cells: Vec<String>,
}

impl Row {
    /// The cell of column `index` (a short row has blank cells at its end).
    pub fn cell(&self, index: usize) -> &str {
        self.cells.get(index).map_or("", |cell| cell.trim())
    }
}

impl Table {
    /// Reads `path`; lines starting with `#` and blank lines are skipped when `comments` (FreeCAD's
    /// profiles.csv), and then the file has no header line.
    pub fn read(path: &Path, comments: bool) -> anyhow::Result<Self> {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .comment(comments.then_some(b'#'))
            .from_path(path)
            .with_context(|| format!("opening {}", path.display()))?;
        let mut rows = Vec::new();
        for record in reader.records() {
            let record = record.with_context(|| format!("reading {name}"))?;
            let line = record.position().map_or(0, |p| p.line());
            let cells: Vec<String> = record.iter().map(str::to_string).collect();
            if cells.iter().all(|c| c.trim().is_empty()) {
                continue;
            }
            rows.push(Row { line, cells });
        }
        let header = if comments || rows.is_empty() {
            Vec::new()
        } else {
            rows.remove(0)
                .cells
                .into_iter()
                .map(|h| h.trim().to_string())
                .collect()
        };
        Ok(Self { name, header, rows })
    }

    /// The row's name in a rejection: `socket_head_cap_parameters.csv line 7`.
    pub fn at(&self, row: &Row) -> String {
        format!("{} line {}", self.name, row.line)
    }
}
