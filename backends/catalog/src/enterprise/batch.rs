//! Batch publishing: a file of items (the template `GET …/items/template` gives its header) read
//! into drafts, every row checked, and a report of the rows refused. All or nothing: one refused
//! row and no row is stored, so a member fixes the file and sends it again.
//!
//! Columns: `编码,名称,分类,厂商,描述,参数,文件` (`文件` may be left out). `分类` is a category's
//! code or its Chinese name in the library's tree; `参数` is `名称=值` pairs separated by `;` (or
//! `；`); `文件` names files in the ZIP sent beside the batch (`archive`). The file is an XLSX workbook
//! (its sheet `条目`, else its first sheet) or a CSV file: UTF-8 (with or without a BOM) or
//! GB18030 — what Excel writes when a Chinese Windows saves "CSV".

use std::collections::HashMap;
use std::io::Cursor;

use calamine::{Reader, Xlsx};
use rust_xlsxwriter::{
    DataValidation, DataValidationErrorStyle, Format, Formula, Workbook, XlsxError,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::archive::{declared_inflated_size, references_of, FileReference};
use super::{EnterpriseItemDraft, EnterpriseParameter, ValidDraft};
use crate::model::CategoryRecord;

/// The template's header, in order. A file whose header stops before `文件` (the template before
/// files were taken) is read too.
pub const COLUMNS: [&str; 7] = ["编码", "名称", "分类", "厂商", "描述", "参数", "文件"];
/// The columns every batch file has.
const REQUIRED_COLUMNS: usize = 6;
/// Data rows a file may hold.
pub const MAX_ROWS: usize = 1000;
/// Bytes a file may hold.
pub const MAX_BYTES: usize = 2 * 1024 * 1024;
/// What a workbook's parts may inflate to, as its archive declares: a 2 MB XLSX of 1000 rows
/// holds a few MB of XML, and a zip bomb must not reach the reader.
const MAX_XLSX_INFLATED: u128 = 64 * 1024 * 1024;
/// The sheet of items in the XLSX template (read first when a workbook has it).
const ITEMS_SHEET: &str = "条目";
/// The sheet listing the library's categories in the XLSX template.
const CATEGORIES_SHEET: &str = "分类";
/// The media type of an XLSX workbook.
pub const XLSX_MEDIA_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// The CSV template: the header, UTF-8 with a BOM so that Excel shows Chinese.
pub fn csv_template() -> Vec<u8> {
    let mut bytes = "\u{feff}".as_bytes().to_vec();
    bytes.extend_from_slice(COLUMNS.join(",").as_bytes());
    bytes.extend_from_slice(b"\r\n");
    bytes
}

/// The XLSX template: the sheet `条目` with the header (every column stored as text, so that
/// Excel keeps a code such as `0603` or `1e3` as typed) and a drop-down of the category codes,
/// the sheet `分类` with the library's tree (code, name, English name, parent's code), and the
/// sheet `说明` with the rules below.
pub fn xlsx_template(categories: &[CategoryRecord]) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    let header = Format::new().set_bold().set_background_color("#E6F4FF");
    let text = Format::new().set_num_format("@");

    let items = workbook.add_worksheet().set_name(ITEMS_SHEET)?;
    for (column, (title, width)) in COLUMNS.iter().zip([18, 24, 18, 18, 36, 48, 48]).enumerate() {
        let column = u16::try_from(column).unwrap_or(u16::MAX);
        items.set_column_width(column, width)?;
        items.set_column_format(column, &text)?;
        items.write_string_with_format(0, column, *title, &header)?;
    }
    items.set_freeze_panes(1, 0)?;
    if !categories.is_empty() {
        // A list to pick from, not a rule: a category's name is accepted too, so a typed value
        // only informs (Information style) instead of being refused by Excel.
        let last = categories.len() + 1;
        let validation = DataValidation::new()
            .allow_list_formula(Formula::new(format!("={CATEGORIES_SHEET}!$A$2:$A${last}")))
            .set_error_style(DataValidationErrorStyle::Information)
            .set_error_message("分类可填写分类编码或分类名称")?;
        let rows = u32::try_from(MAX_ROWS).unwrap_or(u32::MAX);
        items.add_data_validation(1, 2, rows, 2, &validation)?;
    }

    let tree = workbook.add_worksheet().set_name(CATEGORIES_SHEET)?;
    for (column, (title, width)) in ["分类编码", "分类名称", "English name", "上级分类编码"]
        .into_iter()
        .zip([24, 32, 32, 24])
        .enumerate()
    {
        let column = u16::try_from(column).unwrap_or(u16::MAX);
        tree.set_column_width(column, width)?;
        tree.write_string_with_format(0, column, title, &header)?;
    }
    tree.set_freeze_panes(1, 0)?;
    let codes: HashMap<i64, &str> = categories
        .iter()
        .map(|category| (category.id, category.code.as_str()))
        .collect();
    for (row, category) in (1u32..).zip(in_tree_order(categories)) {
        let indent = Format::new().set_indent(u8::try_from(category.depth.max(0)).unwrap_or(15));
        tree.write_string(row, 0, &category.code)?;
        tree.write_string_with_format(row, 1, &category.name, &indent)?;
        tree.write_string(row, 2, &category.name_en)?;
        let parent = category
            .parent_id
            .and_then(|parent| codes.get(&parent).copied())
            .unwrap_or_default();
        tree.write_string(row, 3, parent)?;
    }

    let notes = workbook.add_worksheet().set_name("说明")?;
    notes.set_column_width(0, 100)?;
    let lines = [
        format!("在「{ITEMS_SHEET}」表中每行填写一个条目，第一行表头请勿修改。"),
        "编码、名称、分类必填；编码在文件中不可重复。".to_owned(),
        format!("分类填写「{CATEGORIES_SHEET}」表中的分类编码（可从下拉列表选择），或唯一的分类名称。"),
        "参数按 名称=值 填写，多个参数以分号分隔，例如：材质=Q235;厚度=3 mm".to_owned(),
        "文件填写随表上传的 ZIP 压缩包中的文件路径，多个以分号分隔；可写明类型，例如：模型=models/支架.step;数据手册=支架.pdf;图纸=支架.dxf（不写类型时按扩展名判断，PDF 视为数据手册）；压缩包最大 200 MB，其中每个文件最大 100 MB。".to_owned(),
        format!("每个文件最多 {MAX_ROWS} 行、2 MB；任一行有误时整个文件都不会导入，请按报告修改后重新上传。"),
        "导入的条目提交审核，审核通过后企业成员可在私有模式下查看。".to_owned(),
    ];
    for (row, line) in (0u32..).zip(lines) {
        notes.write_string(row, 0, line)?;
    }

    workbook.save_to_buffer()
}

/// The categories depth first, siblings by their sort order, so the sheet reads as the tree.
fn in_tree_order(categories: &[CategoryRecord]) -> Vec<&CategoryRecord> {
    let mut children: HashMap<Option<i64>, Vec<&CategoryRecord>> = HashMap::new();
    for category in categories {
        children
            .entry(category.parent_id)
            .or_default()
            .push(category);
    }
    for siblings in children.values_mut() {
        siblings.sort_by_key(|category| (category.sort, category.id));
    }
    let known: std::collections::HashSet<i64> = categories.iter().map(|c| c.id).collect();
    // Roots, and any node whose parent is missing (kept rather than dropped).
    let mut stack: Vec<&CategoryRecord> = categories
        .iter()
        .filter(|category| {
            category
                .parent_id
                .is_none_or(|parent| !known.contains(&parent))
        })
        .collect();
    stack.sort_by_key(|category| std::cmp::Reverse((category.sort, category.id)));
    let mut ordered = Vec::with_capacity(categories.len());
    while let Some(category) = stack.pop() {
        ordered.push(category);
        if let Some(siblings) = children.get(&Some(category.id)) {
            stack.extend(siblings.iter().rev());
        }
    }
    ordered
}

/// The column naming a row's files in the batch's ZIP.
pub const FILES_COLUMN: &str = COLUMNS[6];

/// A row that passed: its line, its draft and the files it names in the batch's ZIP.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchRow {
    pub line: usize,
    pub draft: ValidDraft,
    pub files: Vec<FileReference>,
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

/// A row of the file: its line (1-based, as a spreadsheet numbers it) and its cells, trimmed,
/// without the empty cells at its end.
struct Row {
    line: usize,
    cells: Vec<String>,
}

impl Row {
    fn new(line: usize, cells: impl IntoIterator<Item = String>) -> Self {
        let mut cells: Vec<String> = cells
            .into_iter()
            .map(|cell| cell.trim().to_owned())
            .collect();
        while cells.last().is_some_and(String::is_empty) {
            cells.pop();
        }
        Row { line, cells }
    }
}

/// The file's rows, the header first: an XLSX workbook (a ZIP archive) or CSV text.
fn rows_of(bytes: &[u8]) -> Result<Vec<Row>, Unreadable> {
    if bytes.starts_with(b"PK\x03\x04") {
        xlsx_rows(bytes)
    } else {
        csv_rows(bytes)
    }
}

fn csv_rows(bytes: &[u8]) -> Result<Vec<Row>, Unreadable> {
    let text = decode(bytes)?;
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut rows = Vec::new();
    for (index, record) in reader.records().enumerate() {
        let line = index + 1;
        let record = record.map_err(|error| Unreadable(format!("第{line}行无法读取: {error}")))?;
        rows.push(Row::new(line, record.iter().map(str::to_owned)));
    }
    Ok(rows)
}

fn xlsx_rows(bytes: &[u8]) -> Result<Vec<Row>, Unreadable> {
    xlsx_rows_within(bytes, MAX_XLSX_INFLATED)
}

fn xlsx_rows_within(bytes: &[u8], max_inflated: u128) -> Result<Vec<Row>, Unreadable> {
    let not_a_workbook =
        || Unreadable("不是有效的 XLSX 文件（请使用下载的模板，或另存为 CSV）".into());
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|_| not_a_workbook())?;
    let inflated = declared_inflated_size(&mut archive).map_err(|_| not_a_workbook())?;
    if inflated > max_inflated {
        return Err(Unreadable("XLSX 文件解压后过大".into()));
    }
    let mut workbook: Xlsx<_> =
        calamine::open_workbook_from_rs(Cursor::new(bytes)).map_err(|_| not_a_workbook())?;
    let sheet = if workbook
        .sheet_names()
        .iter()
        .any(|name| name == ITEMS_SHEET)
    {
        workbook.worksheet_range(ITEMS_SHEET)
    } else {
        workbook
            .worksheet_range_at(0)
            .ok_or_else(|| Unreadable("工作簿中没有工作表".into()))?
    }
    .map_err(|error| Unreadable(format!("无法读取工作表: {error}")))?;
    let Some((first_row, first_column)) = sheet.start() else {
        return Ok(Vec::new());
    };
    // A sheet's range starts at its first non-empty cell: the cells left of it are empty ones.
    let lead = usize::try_from(first_column).unwrap_or(usize::MAX);
    let first_line = usize::try_from(first_row)
        .unwrap_or(usize::MAX)
        .saturating_add(1);
    Ok(sheet
        .rows()
        .enumerate()
        .map(|(index, cells)| {
            let cells = std::iter::repeat_n(String::new(), lead)
                .chain(cells.iter().map(ToString::to_string));
            Row::new(first_line + index, cells)
        })
        .collect())
}

/// Reads `bytes` (XLSX or CSV) into drafts against the library's `categories`: every row
/// checked, the refused ones reported. `Err` when the file itself cannot be read (format,
/// encoding, header, size).
pub fn read(
    bytes: &[u8],
    categories: &[CategoryRecord],
) -> Result<(Vec<BatchRow>, Vec<BatchRowError>, usize), Unreadable> {
    let mut table = rows_of(bytes)?.into_iter();
    let header = table
        .next()
        .ok_or_else(|| Unreadable("文件中没有数据行".into()))?;
    let columns = header.cells.len();
    if !(REQUIRED_COLUMNS..=COLUMNS.len()).contains(&columns)
        || header.cells[..] != COLUMNS[..columns]
    {
        return Err(Unreadable(format!(
            "表头应为 {}（请使用下载的模板）",
            COLUMNS.join(",")
        )));
    }
    let mut drafts = Vec::new();
    let mut errors = Vec::new();
    let mut rows = 0;
    for Row { line, cells } in table {
        if cells.is_empty() {
            continue;
        }
        rows += 1;
        if rows > MAX_ROWS {
            return Err(Unreadable(format!("最多{MAX_ROWS}行")));
        }
        let cell = |column: usize| cells.get(column).map_or("", String::as_str);
        let row_error = |field: Option<&str>, reason: String| BatchRowError {
            row: line,
            field: field.map(str::to_owned),
            reason,
        };
        if cells.len() > columns {
            errors.push(row_error(None, format!("列数多于{columns}列")));
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
        let files = match references_of(cell(6)) {
            Ok(files) => files,
            Err(reason) => {
                errors.push(row_error(Some(FILES_COLUMN), reason));
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
            // Named in `文件`, found in the batch's ZIP by the route (`archive`).
            files: Vec::new(),
            keep_files: Vec::new(),
        };
        match draft.parse() {
            Ok(valid) => {
                if drafts
                    .iter()
                    .any(|known: &BatchRow| known.draft.code == valid.code)
                {
                    errors.push(row_error(
                        Some(COLUMNS[0]),
                        format!("编码在文件中重复: {}", valid.code),
                    ));
                } else {
                    drafts.push(BatchRow {
                        line,
                        draft: valid,
                        files,
                    });
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
            hidden: false,
        };
        vec![
            record(1, "bolt", "螺栓", "Bolts"),
            record(2, "hex-bolt", "六角头螺栓", "Hex bolts"),
            record(3, "other-a", "其他", "Other"),
            record(4, "other-b", "其他", "Others"),
        ]
    }

    fn file(rows: &[&str]) -> Vec<u8> {
        let mut text = String::from_utf8(csv_template()).unwrap_or_default();
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
        assert_eq!(drafts[0].draft.category_id, 1);
        assert_eq!(drafts[0].draft.parameters[1].value, "3 mm");
        assert_eq!(drafts[1].draft.category_id, 2);
        assert_eq!(drafts[1].draft.manufacturer, None);
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
        assert_eq!(drafts[0].draft.name, "垫圈");
        assert_eq!(drafts[0].draft.manufacturer.as_deref(), Some("乙公司"));
        Ok(())
    }

    #[test]
    fn a_file_that_is_not_the_template_is_unreadable() {
        assert!(read(b"code,name\r\nA,B\r\n", &categories()).is_err());
        assert!(
            read(&csv_template(), &categories()).is_err(),
            "no data rows"
        );
        let many: Vec<String> = (0..=MAX_ROWS)
            .map(|i| format!("C-{i},名,bolt,,,"))
            .collect();
        let rows: Vec<&str> = many.iter().map(String::as_str).collect();
        assert!(read(&file(&rows), &categories()).is_err());
    }

    /// A workbook whose first sheet holds `rows` (strings, or numbers where a cell parses as one:
    /// what Excel stores when a member types `603` into a general cell).
    fn workbook(sheet: &str, rows: &[&[&str]]) -> anyhow::Result<Vec<u8>> {
        let mut workbook = Workbook::new();
        let items = workbook.add_worksheet().set_name(sheet)?;
        for (row, cells) in (0u32..).zip(rows) {
            for (column, cell) in (0u16..).zip(cells.iter()) {
                match cell.parse::<f64>() {
                    Ok(number) => items.write_number(row, column, number)?,
                    Err(_) => items.write_string(row, column, *cell)?,
                };
            }
        }
        Ok(workbook.save_to_buffer()?)
    }

    #[test]
    fn xlsx_rows_become_drafts_with_the_sheet_s_line_numbers() -> anyhow::Result<()> {
        let bytes = workbook(
            "Sheet1",
            &[
                &COLUMNS,
                &["603", "电阻", "bolt", "", "", "阻值=10 kΩ;精度=1"],
                &["", "", "", "", "", ""],
                &["X-2", "", "bolt", "", "", ""],
                &["X-3", "垫片", "其他"],
            ],
        )?;
        let (drafts, errors, rows) =
            read(&bytes, &categories()).map_err(|e| anyhow::anyhow!(e.0))?;
        assert_eq!(rows, 3, "the blank row is skipped");
        assert_eq!(drafts.len(), 1);
        assert_eq!(drafts[0].draft.code, "603", "a number cell reads as typed");
        assert_eq!(drafts[0].draft.parameters[1].value, "1");
        let found: Vec<(usize, Option<&str>)> = errors
            .iter()
            .map(|error| (error.row, error.field.as_deref()))
            .collect();
        assert_eq!(found, [(4, Some("名称")), (5, Some("分类"))]);
        Ok(())
    }

    #[test]
    fn the_xlsx_template_lists_the_tree_and_reads_back() -> anyhow::Result<()> {
        let mut tree = categories();
        // A child listed before its parent's sibling: the sheet shows it under its parent.
        tree[1].parent_id = Some(1);
        tree[1].depth = 1;
        tree.swap(1, 3);
        let bytes = xlsx_template(&tree)?;
        let mut book: Xlsx<_> = calamine::open_workbook_from_rs(Cursor::new(bytes.clone()))?;
        assert_eq!(book.sheet_names(), ["条目", "分类", "说明"]);
        let header: Vec<String> = book
            .worksheet_range(ITEMS_SHEET)?
            .rows()
            .next()
            .map(|row| row.iter().map(ToString::to_string).collect())
            .unwrap_or_default();
        assert_eq!(header, COLUMNS);
        let listed: Vec<(String, String)> = book
            .worksheet_range(CATEGORIES_SHEET)?
            .rows()
            .skip(1)
            .map(|row| (row[0].to_string(), row[3].to_string()))
            .collect();
        let expected = [
            ("bolt", ""),
            ("hex-bolt", "bolt"),
            ("other-a", ""),
            ("other-b", ""),
        ];
        assert_eq!(
            listed,
            expected.map(|(code, parent)| (code.to_owned(), parent.to_owned()))
        );
        let empty = read(&bytes, &tree).err().map(|e| e.0);
        assert_eq!(empty.as_deref(), Some("文件中没有数据行"));
        Ok(())
    }

    #[test]
    fn a_workbook_without_the_items_sheet_is_read_from_its_first() -> anyhow::Result<()> {
        let bytes = workbook("我的条目", &[&COLUMNS, &["Q-1", "挡圈", "bolt"]])?;
        let (drafts, errors, _) = read(&bytes, &categories()).map_err(|e| anyhow::anyhow!(e.0))?;
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(drafts[0].draft.name, "挡圈");
        let wrong = workbook("Sheet1", &[&["code", "name"], &["A", "B"]])?;
        assert!(read(&wrong, &categories()).is_err());
        Ok(())
    }

    #[test]
    fn broken_or_swelling_archives_are_unreadable() -> anyhow::Result<()> {
        assert!(read(b"PK\x03\x04not a workbook", &categories()).is_err());
        let bytes = workbook("Sheet1", &[&COLUMNS, &["Q-1", "挡圈", "bolt"]])?;
        let swelling = xlsx_rows_within(&bytes, 1024).err().map(|e| e.0);
        assert_eq!(swelling.as_deref(), Some("XLSX 文件解压后过大"));
        assert!(xlsx_rows_within(&bytes, MAX_XLSX_INFLATED).is_ok());
        Ok(())
    }
}
