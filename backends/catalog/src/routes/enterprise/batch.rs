//! Batch publishing: the CSV template, and a file of items submitted all or nothing.

use actix_multipart::Multipart;
use actix_web::{http::header, web, HttpResponse};
use auth::AuthUser;
use kernel::error::enterprise::{BATCH_TOO_LARGE, BATCH_UNREADABLE};
use kernel::{ApiError, ApiResponse, ApiResult};

use super::EnterpriseState;
use crate::enterprise::batch::{self, EnterpriseBatchReport};
use crate::enterprise::store::{EnterpriseStore, Submitter};
use crate::routes::shape::read_upload;
use crate::store::CategoryStore;

/// The form of `POST /items/batch` (multipart/form-data).
#[derive(Debug, utoipa::ToSchema)]
#[allow(dead_code)] // documents the form only
pub struct BatchUpload {
    /// CSV with the template's header (`编码,名称,分类,厂商,描述,参数`), UTF-8 or GB18030, ≤ 2 MB
    /// and 1000 rows.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// The batch file's template: the header row, UTF-8 with a BOM (Excel shows the Chinese).
#[utoipa::path(
    get,
    path = "/items/template",
    tag = "enterprise",
    responses((status = 200, description = "text/csv attachment `enterprise-<library>-template.csv`; not in an organisation → 1042001000",
        content_type = "text/csv"))
)]
#[tracing::instrument(skip_all)]
pub async fn batch_template(
    user: AuthUser,
    state: web::Data<EnterpriseState>,
) -> ApiResult<HttpResponse> {
    state.member_org(&user)?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!(
                "attachment; filename=\"enterprise-{}-template.csv\"",
                state.library.key
            ),
        ))
        .body(batch::template()))
}

/// Submits every row of a CSV file for review, or none: when a row is refused, nothing is
/// stored and the report names every refused row (its line, column and reason).
#[utoipa::path(
    post,
    path = "/items/batch",
    tag = "enterprise",
    request_body(content = BatchUpload, content_type = "multipart/form-data"),
    responses((status = 200, description = "{rows, imported, errors}; imported is 0 whenever errors is not empty; \
        not the template's CSV, no rows or over 1000 → 1042002000; over 2 MB → 1042002001; without enterprise:item:publish → 403",
        body = ApiResponse<EnterpriseBatchReport>))
)]
#[tracing::instrument(skip_all)]
pub async fn submit_batch(
    user: AuthUser,
    state: web::Data<EnterpriseState>,
    form: Multipart,
) -> ApiResult<ApiResponse<EnterpriseBatchReport>> {
    let org_id = state.publisher_org(&user)?;
    let (_, bytes) = read_upload(form, batch::MAX_BYTES, BATCH_TOO_LARGE).await?;
    let categories = state.categories.list().await?;
    let (drafts, errors, rows) = batch::read(&bytes, &categories)
        .map_err(|unreadable| ApiError::with_detail(BATCH_UNREADABLE, unreadable.0))?;
    if !errors.is_empty() {
        return Ok(ApiResponse::ok(EnterpriseBatchReport {
            rows,
            imported: 0,
            errors,
        }));
    }
    let submitter = Submitter {
        library: state.library.key,
        org_id,
        user_id: user.user_id(),
    };
    let imported = state.store.submit_many(submitter, &drafts).await?;
    tracing::info!(
        library = state.library.key,
        org = org_id,
        imported,
        "enterprise items submitted in a batch"
    );
    Ok(ApiResponse::ok(EnterpriseBatchReport {
        rows,
        imported,
        errors: Vec::new(),
    }))
}
