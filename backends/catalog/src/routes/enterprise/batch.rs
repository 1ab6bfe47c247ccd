//! Batch publishing: the XLSX and CSV templates, and a file of items submitted all or nothing.

use actix_multipart::Multipart;
use actix_web::{http::header, web, HttpResponse};
use auth::AuthUser;
use kernel::error::enterprise::{BATCH_TOO_LARGE, BATCH_UNREADABLE};
use kernel::{ApiError, ApiResponse, ApiResult};

use super::EnterpriseState;
use crate::enterprise::archive::{locate_rows, Archive, ARCHIVE_MAX_BYTES};
use crate::enterprise::batch::{self, EnterpriseBatchReport};
use crate::enterprise::store::{EnterpriseStore, Submitter};
use crate::routes::shape::read_form;
use crate::store::CategoryStore;

/// The form of `POST /items/batch` (multipart/form-data).
#[derive(Debug, utoipa::ToSchema)]
#[allow(dead_code)] // documents the form only
pub struct BatchUpload {
    /// An XLSX workbook or a CSV file (UTF-8 or GB18030) with the template's header
    /// (`编码,名称,分类,厂商,描述,参数[,文件]`), ≤ 2 MB and 1000 rows.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
    /// The `claim` of a ZIP uploaded through the file service (bizCode `model`, ≤ 200 MB) holding
    /// the files the rows name in `文件`.
    #[schema(rename = "filesClaim")]
    pub files_claim: Option<String>,
}

/// The template's file format.
#[derive(Debug, Clone, Copy, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TemplateFormat {
    /// The header row, UTF-8 with a BOM (Excel shows the Chinese).
    #[default]
    Csv,
    /// A workbook: the sheet 条目 (header, text columns, a drop-down of category codes), the
    /// sheet 分类 (the library's tree) and the sheet 说明 (the rules).
    Xlsx,
}

#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TemplateQuery {
    /// `csv` (default) or `xlsx`.
    #[serde(default)]
    pub format: TemplateFormat,
}

/// The batch file's template, as CSV or as an XLSX workbook listing the library's categories.
#[utoipa::path(
    get,
    path = "/items/template",
    tag = "enterprise",
    params(TemplateQuery),
    responses((status = 200, description = "attachment `enterprise-<library>-template.csv` (text/csv) or `.xlsx`; \
        not in an organisation → 1042001000",
        content(("text/csv"), ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"))))
)]
#[tracing::instrument(skip_all)]
pub async fn batch_template(
    user: AuthUser,
    state: web::Data<EnterpriseState>,
    query: web::Query<TemplateQuery>,
) -> ApiResult<HttpResponse> {
    state.member_org(&user)?;
    let (body, media_type, extension) = match query.format {
        TemplateFormat::Csv => (batch::csv_template(), "text/csv; charset=utf-8", "csv"),
        TemplateFormat::Xlsx => {
            let categories = state.categories.list().await?;
            let workbook = batch::xlsx_template(&categories)
                .map_err(|error| anyhow::anyhow!("writing the XLSX template: {error}"))?;
            (workbook, batch::XLSX_MEDIA_TYPE, "xlsx")
        }
    };
    Ok(HttpResponse::Ok()
        .content_type(media_type)
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!(
                "attachment; filename=\"enterprise-{}-template.{extension}\"",
                state.library.key
            ),
        ))
        .body(body))
}

/// Submits every row of an XLSX or CSV file for review, or none: when a row is refused, nothing is
/// stored and the report names every refused row (its line, column and reason). The files a row
/// names in `文件` come from the ZIP whose upload claim is the form's `filesClaim`.
#[utoipa::path(
    post,
    path = "/items/batch",
    tag = "enterprise",
    request_body(content = BatchUpload, content_type = "multipart/form-data"),
    responses((status = 200, description = "{rows, imported, errors}; imported is 0 whenever errors is not empty; \
        not the template's XLSX or CSV, no rows or over 1000, an unreadable ZIP or a ZIP no row names → 1042002000; \
        over 2 MB → 1042002001; a bad filesClaim → 1042001004, not a ZIP or over 200 MB → 1042001005; \
        without enterprise:item:publish → 403",
        body = ApiResponse<EnterpriseBatchReport>))
)]
#[tracing::instrument(skip_all)]
pub async fn submit_batch(
    user: AuthUser,
    state: web::Data<EnterpriseState>,
    form: Multipart,
) -> ApiResult<ApiResponse<EnterpriseBatchReport>> {
    let org_id = state.publisher_org(&user)?;
    let form = read_form(form, batch::MAX_BYTES, BATCH_TOO_LARGE).await?;
    let categories = state.categories.list().await?;
    let unreadable =
        |unreadable: batch::Unreadable| ApiError::with_detail(BATCH_UNREADABLE, unreadable.0);
    let (rows, mut errors, row_count) =
        batch::read(&form.bytes, &categories).map_err(unreadable)?;
    let archive = match form
        .field("filesClaim")
        .map(str::trim)
        .filter(|claim| !claim.is_empty())
    {
        Some(claim) => {
            if rows.iter().all(|row| row.files.is_empty()) && errors.is_empty() {
                return Err(unreadable(batch::Unreadable(
                    "上传了文件压缩包，但没有一行填写“文件”列".into(),
                )));
            }
            let (_, bytes) = state
                .attachments
                .take_archive(claim, user.user_id(), ARCHIVE_MAX_BYTES)
                .await?;
            let archive = tokio::task::spawn_blocking(move || Archive::open(bytes))
                .await
                .map_err(ApiError::internal)?
                .map_err(|bad| ApiError::with_detail(BATCH_UNREADABLE, bad.0))?;
            Some(archive)
        }
        None => None,
    };
    // Every named file is found and checked before anything is stored.
    let (located, file_errors) = locate_rows(archive.as_ref(), &rows);
    errors.extend(file_errors);
    if !errors.is_empty() {
        errors.sort_by_key(|error| error.row);
        return Ok(ApiResponse::ok(EnterpriseBatchReport {
            rows: row_count,
            imported: 0,
            errors,
        }));
    }
    let files = match &archive {
        Some(archive) => {
            state
                .attachments
                .store_from_archive(archive, located)
                .await?
        }
        None => vec![Vec::new(); rows.len()],
    };
    let stored_files: usize = files.iter().map(Vec::len).sum();
    let items: Vec<_> = rows.into_iter().map(|row| row.draft).zip(files).collect();
    let submitter = Submitter {
        library: state.library.key,
        org_id,
        user_id: user.user_id(),
    };
    let imported = state.store.submit_many(submitter, &items).await?;
    tracing::info!(
        library = state.library.key,
        org = org_id,
        imported,
        files = stored_files,
        "enterprise items submitted in a batch"
    );
    Ok(ApiResponse::ok(EnterpriseBatchReport {
        rows: row_count,
        imported,
        errors: Vec::new(),
    }))
}
