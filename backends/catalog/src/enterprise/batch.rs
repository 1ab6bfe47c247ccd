//! Batch publishing: a CSV file of items (the template `GET …/items/template` gives its header)
//! read into drafts, every row checked, and a report of the rows refused. All or nothing: one
//! refused row and no row is stored, so a member fixes the file and sends it again.
//!
//! Columns: `编码,名称,分类,厂商,描述,参数`. `分类` is a category's code or its Chinese name in the
//! library's tree; `参数` is `名称=值` pairs separated by `;` (or `；`). UTF-8 (with or without a
//! BOM) and GB18030 — what Excel writes when a Chinese Windows saves "CSV" — are both read.

use serde::Serialize;
use utoipa::ToSchema;

use super::{EnterpriseItemDraft, EnterpriseParameter, ValidDraft};
use crate::model::CategoryRecord;

/// The template's header, in order.
pub const COLUMNS: [&str; 6] = ["编码", "名称", "分类", "厂商", "描述", "参数"];
/// Data rows a file may hold.
pub const MAX_ROWS: usize = 1000;
/// Bytes a file may hold.
pub const MAX_BYTES: usize = 2 * 1024 * 1024;

/// The template a member downloads: the header, UTF-8 with a BOM so that Excel shows Chinese.
pub fn template() -> Vec<u8> {
    let mut bytes = "\u{feff}".as_bytes().to_vec();
    bytes.extend_from_slice(COLUMNS.join(",").as_bytes());
    bytes.extend_from_slice(b"\r\n");
    bytes
}

/// A refused row: its line in the file (the header is line 1), the column and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchRowError {
    pub row: usize,
    /// The column's header; `None` when the whole row is at fault.
    pub field: Option<String>,
    pub reason: String,
}

/// What became of a file.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseBatchReport {
    /// Data rows read.
    pub rows: usize,
    /// Items stored (0 whenever `errors` is not empty).
    pub imported: usize,
    pub errors: Vec<BatchRowError>,
}

/// Why a file could not be read at all (answered as a bad request).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable(pub String);

/// The file's text: UTF-8 (a BOM is dropped), else GB18030.
fn decode(bytes: &[u8]) -> Result<String, Unreadable> {
    let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(text.to_owned());
    }
    let (text, _, malformed) = encoding_rs::GB18030.decode(bytes);
    if malformed {
        return Err(Unreadable(
            "文件编码无法识别（请保存为 UTF-8 或 GBK 编码的 CSV）".into(),
        ));
    }
    Ok(text.into_owned())
}

/// Resolves the `分类` column: a code, else a Chinese (or English) name naming one category.
fn category_of(categories: &[CategoryRecord], raw: &str) -> Result<i64, String> {
    let wanted = raw.trim();
    if wanted.is_empty() {
        return Err("分类不能为空".into());
    }
    if let Some(category) = categories.iter().find(|category| category.code == wanted) {
        return Ok(category.id);
    }
    let named: Vec<&CategoryRecord> = categories
        .iter()
        .filter(|category| category.name == wanted || category.name_en.eq_ignore_ascii_case(wanted))
        .collect();
    match named.as_slice() {
        [one] => Ok(one.id),
        [] => Err(format!("分类不存在: {wanted}")),
        several => Err(format!(
            "分类名称不唯一: {wanted}（请填写分类编码: {}）",
            several
                .iter()
                .map(|category| category.code.as_str())
                .collect::<Vec<_>>()
                .join("、")
        )),
    }
}

/// `名称=值;名称=值` → parameters (checked later with the draft's limits).
fn parameters_of(raw: &str) -> Result<Vec<EnterpriseParameter>, String> {
    raw.split([';', '；'])
        .map(str::trim)
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair
                .split_once(['=', '＝'])
                .ok_or_else(|| format!("参数应为 名称=值: {pair}"))?;
            Ok(EnterpriseParameter {
                name: name.trim().to_owned(),
                value: value.trim().to_owned(),
            })
        })
        .collect()
}

/// Reads `bytes` into drafts against the library's `categories`: every row checked, the refused
/// ones reported. `Err` when the file itself cannot be read (encoding, header, size).
pub fn read(
    bytes: &[u8],
    categories: &[CategoryRecord],
) -> Result<(Vec<ValidDraft>, Vec<BatchRowError>, usize), Unreadable> {
    let text = decode(bytes)?;
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(true)
        .from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .map_err(|error| Unreadable(format!("无法读取表头: {error}")))?
        .iter()
        .map(|cell| cell.trim().to_owned())
        .collect();
    if header.iter().map(String::as_str).ne(COLUMNS) {
        return Err(Unreadable(format!(
            "表头应为 {}（请使用下载的模板）",
            COLUMNS.join(",")
        )));
    }
    let mut drafts = Vec::new();
    let mut errors = Vec::new();
    let mut rows = 0;
    for (index, record) in reader.records().enumerate() {
        let line = index + 2;
        let record = record.map_err(|error| Unreadable(format!("第{line}行无法读取: {error}")))?;
        if record.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        rows += 1;
        if rows > MAX_ROWS {
            return Err(Unreadable(format!("最多{MAX_ROWS}行")));
        }
        let cell = |column: usize| record.get(column).unwrap_or_default().trim();
        let row_error = |field: Option<&str>, reason: String| BatchRowError {
            row: line,
            field: field.map(str::to_owned),
            reason,
        };
        if record.len() > COLUMNS.len() {
            errors.push(row_error(None, format!("列数多于{}列", COLUMNS.len())));
            continue;
        }
        let category_id = match category_of(categories, cell(2)) {
            Ok(id) => id,
            Err(reason) => {
                errors.push(row_error(Some(COLUMNS[2]), reason));
                continue;
            }
        };
        let parameters = match parameters_of(cell(5)) {
            Ok(parameters) => parameters,
            Err(reason) => {
                errors.push(row_error(Some(COLUMNS[5]), reason));
                continue;
            }
        };
        let draft = EnterpriseItemDraft {
            code: Some(cell(0).to_owned()),
            name: Some(cell(1).to_owned()),
            category_id: Some(category_id),
            manufacturer: Some(cell(3).to_owned()),
            description: Some(cell(4).to_owned()),
            parameters,
            // A ZIP of files beside the CSV is not read yet (docs/enterprise-library.md).
            files: Vec::new(),
        };
        match draft.parse() {
            Ok(valid) => {
                if drafts
                    .iter()
                    .any(|known: &ValidDraft| known.code == valid.code)
                {
                    errors.push(row_error(
                        Some(COLUMNS[0]),
                        format!("编码在文件中重复: {}", valid.code),
                    ));
                } else {
                    drafts.push(valid);
                }
            }
            Err(error) => {
                let (field, reason) = describe(error.message());
                errors.push(row_error(field, reason));
            }
        }
    }
    if rows == 0 {
        return Err(Unreadable("文件中没有数据行".into()));
    }
    Ok((drafts, errors, rows))
}

/// The column a draft's refusal names and its reason in the file's terms: the message
/// `请求参数不正确:code 不能为空` becomes (`编码`, `编码 不能为空`).
fn describe(message: &str) -> (Option<&'static str>, String) {
    let detail = message
        .split_once(':')
        .map_or(message, |(_, detail)| detail);
    let column = [
        ("code", COLUMNS[0]),
        ("name", COLUMNS[1]),
        ("manufacturer", COLUMNS[3]),
        ("description", COLUMNS[4]),
        ("parameters", COLUMNS[5]),
        ("参数", COLUMNS[5]),
    ]
    .into_iter()
    .find(|(prefix, _)| detail.starts_with(prefix));
    match column {
        Some((prefix, column)) if prefix.is_ascii() => {
            (Some(column), format!("{column}{}", &detail[prefix.len()..]))
        }
        Some((_, column)) => (Some(column), detail.to_owned()),
        None => (None, detail.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn categories() -> Vec<CategoryRecord> {
        let record = |id: i64, code: &str, name: &str, name_en: &str| CategoryRecord {
            id,
            code: code.into(),
            parent_id: None,
            name: name.into(),
            name_en: name_en.into(),
            sort: 0,
            depth: 0,
            path: format!("/{id}/"),
        };
        vec![
            record(1, "bolt", "螺栓", "Bolts"),
            record(2, "hex-bolt", "六角头螺栓", "Hex bolts"),
            record(3, "other-a", "其他", "Other"),
            record(4, "other-b", "其他", "Others"),
        ]
    }

    fn file(rows: &[&str]) -> Vec<u8> {
        let mut text = String::from_utf8(template()).unwrap_or_default();
        for row in rows {
            text.push_str(row);
            text.push_str("\r\n");
        }
        text.into_bytes()
    }

    #[test]
    fn rows_become_drafts_by_category_code_or_name() -> anyhow::Result<()> {
        let bytes = file(&[
            "BRK-1,支架,bolt,甲公司,,材质=Q235;厚度=3 mm",
            "BRK-2,支架二,六角头螺栓,,说明,",
            ",,,,,",
        ]);
        let (drafts, errors, rows) =
            read(&bytes, &categories()).map_err(|e| anyhow::anyhow!(e.0))?;
        assert_eq!(errors, Vec::new());
        assert_eq!(rows, 2, "a blank row is skipped");
        assert_eq!(drafts[0].category_id, 1);
        assert_eq!(drafts[0].parameters[1].value, "3 mm");
        assert_eq!(drafts[1].category_id, 2);
        assert_eq!(drafts[1].manufacturer, None);
        Ok(())
    }

    #[test]
    fn every_refused_row_is_reported_with_its_line_and_column() -> anyhow::Result<()> {
        let bytes = file(&[
            "A-1,好的,bolt,,,",
            ",没有编码,bolt,,,",
            "A-3,未知分类,nuts,,,",
            "A-4,重名分类,其他,,,",
            "A-5,坏参数,bolt,,,材质",
            "A-1,重复编码,bolt,,,",
            "A-7,重复参数,bolt,,,a=1;A=2",
        ]);
        let (drafts, errors, rows) =
            read(&bytes, &categories()).map_err(|e| anyhow::anyhow!(e.0))?;
        assert_eq!(rows, 7);
        assert_eq!(drafts.len(), 1);
        let found: Vec<(usize, Option<&str>)> = errors
            .iter()
            .map(|error| (error.row, error.field.as_deref()))
            .collect();
        assert_eq!(
            found,
            [
                (3, Some("编码")),
                (4, Some("分类")),
                (5, Some("分类")),
                (6, Some("参数")),
                (7, Some("编码")),
                (8, Some("参数")),
            ]
        );
        assert!(errors[2].reason.contains("other-a"), "{:?}", errors[2]);
        assert_eq!(errors[0].reason, "编码 不能为空");
        Ok(())
    }

    #[test]
    fn excel_gbk_files_are_read() -> anyhow::Result<()> {
        let text = "编码,名称,分类,厂商,描述,参数\r\nG-1,垫圈,bolt,乙公司,,材质=65Mn\r\n";
        let (gbk, _, malformed) = encoding_rs::GB18030.encode(text);
        assert!(!malformed);
        let (drafts, errors, _) = read(&gbk, &categories()).map_err(|e| anyhow::anyhow!(e.0))?;
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(drafts[0].name, "垫圈");
        assert_eq!(drafts[0].manufacturer.as_deref(), Some("乙公司"));
        Ok(())
    }

    #[test]
    fn a_file_that_is_not_the_template_is_unreadable() {
        assert!(read(b"code,name\r\nA,B\r\n", &categories()).is_err());
        assert!(read(&template(), &categories()).is_err(), "no data rows");
        let many: Vec<String> = (0..=MAX_ROWS)
            .map(|i| format!("C-{i},名,bolt,,,"))
            .collect();
        let rows: Vec<&str> = many.iter().map(String::as_str).collect();
        assert!(read(&file(&rows), &categories()).is_err());
    }
}
