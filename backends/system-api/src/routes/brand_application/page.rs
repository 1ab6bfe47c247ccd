use actix_web::web;
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::IntoParams;

use super::{file_ids_of, BrandApplicationView};
use crate::files::Files;
use crate::{
    brand::{
        store::{BrandApplicationFilter, BrandApplicationStore},
        BrandApplications, BRAND_QUERY,
    },
    operation::{
        page::{PageResult, Paging},
        text::{contains_pattern, time_of_millis, trimmed},
    },
};

const KEYWORD_MAX: usize = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct BrandApplicationPageQuery {
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
    /// 0 in review, 1 approved, 2 rejected.
    pub status: Option<i32>,
    /// Part of the company, brand or contact name.
    pub keyword: Option<String>,
    /// Created at or after (epoch milliseconds).
    pub begin_time: Option<i64>,
    /// Created before (epoch milliseconds).
    pub end_time: Option<i64>,
}

/// Operators: brand applications newest first. Permission `system:brand-application:query`.
#[utoipa::path(
    get,
    path = "/to/api/base/system/brand-application/page",
    tag = "brand-application",
    params(BrandApplicationPageQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "入驻申请分页", body = ApiResponse<PageResult<BrandApplicationView>>))
)]
pub async fn page_brand_applications(
    applications: web::Data<BrandApplications>,
    files: web::Data<Files>,
    user: AuthUser,
    query: web::Query<BrandApplicationPageQuery>,
) -> ApiResult<ApiResponse<PageResult<BrandApplicationView>>> {
    user.require_permission(BRAND_QUERY)?;
    let query = query.into_inner();
    let paging = Paging::parse(query.page_no, query.page_size)?;
    if query
        .status
        .is_some_and(|status| !(0..=2).contains(&status))
    {
        return Err(ApiError::bad_request("status 不正确"));
    }
    let keyword = trimmed(query.keyword.as_deref());
    if keyword.is_some_and(|keyword| keyword.chars().count() > KEYWORD_MAX) {
        return Err(ApiError::bad_request("keyword 过长"));
    }
    let filter = BrandApplicationFilter {
        status: query.status,
        keyword_pattern: keyword.map(contains_pattern),
        created_from: time_of_millis(query.begin_time, "beginTime")?,
        created_before: time_of_millis(query.end_time, "endTime")?,
    };
    let (records, total) = applications
        .store
        .page_applications(&filter, paging)
        .await?;
    let links = files.links(&file_ids_of(&records)).await?;
    Ok(ApiResponse::ok(PageResult {
        list: records
            .into_iter()
            .map(|record| BrandApplicationView::new(record, &links))
            .collect(),
        total,
    }))
}
