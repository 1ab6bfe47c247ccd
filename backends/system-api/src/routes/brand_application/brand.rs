//! Brand pages (issue 12): an approved application creates its brand page. Anyone may read a
//! brand page (it is the brand's public face); the applicant lists theirs in the personal centre.

use actix_web::web;
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    brand::{
        store::{BrandApplicationStore, BrandRecord},
        BrandApplications, BrandCategory,
    },
    files::Files,
    BRAND_NOT_EXISTS,
};

/// A brand page.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrandView {
    pub id: i64,
    pub application_id: i64,
    pub brand_name: String,
    pub company_name: String,
    pub website: String,
    pub description: String,
    pub categories: Vec<BrandCategory>,
    /// The logo's public address ("" when the application had none).
    pub logo_url: String,
    /// Epoch milliseconds (the approval).
    pub create_time: i64,
}

impl BrandView {
    async fn of(record: BrandRecord, files: &Files) -> ApiResult<Self> {
        let links = if record.logo_file_id.is_empty() {
            Default::default()
        } else {
            files
                .links(std::slice::from_ref(&record.logo_file_id))
                .await?
        };
        Ok(Self {
            id: record.id,
            application_id: record.application_id,
            categories: record.categories(),
            logo_url: links.get(&record.logo_file_id).cloned().unwrap_or_default(),
            brand_name: record.brand_name,
            company_name: record.company_name,
            website: record.website,
            description: record.description,
            create_time: record.created_at.timestamp_millis(),
        })
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BrandIdQuery {
    pub id: i64,
}

/// One brand page; no sign-in needed. An unknown id answers 1002021004.
#[utoipa::path(
    get,
    path = "/to/api/base/system/brand/get",
    tag = "brand-application",
    params(BrandIdQuery),
    responses((status = 200, description = "品牌主页", body = ApiResponse<BrandView>))
)]
pub async fn get_brand(
    applications: web::Data<BrandApplications>,
    files: web::Data<Files>,
    query: web::Query<BrandIdQuery>,
) -> ApiResult<ApiResponse<BrandView>> {
    let record = applications
        .store
        .find_brand(query.id)
        .await?
        .ok_or_else(|| ApiError::new(BRAND_NOT_EXISTS))?;
    Ok(ApiResponse::ok(BrandView::of(record, &files).await?))
}

/// The signed-in user's brand pages (one per approved application), newest first.
#[utoipa::path(
    get,
    path = "/to/api/base/system/brand/my-list",
    tag = "brand-application",
    security(("bearer" = [])),
    responses((status = 200, description = "我的品牌", body = ApiResponse<Vec<BrandView>>))
)]
pub async fn my_brands(
    applications: web::Data<BrandApplications>,
    files: web::Data<Files>,
    user: AuthUser,
) -> ApiResult<ApiResponse<Vec<BrandView>>> {
    let records = applications.store.brands_of(user.user_id()).await?;
    let mut views = Vec::with_capacity(records.len());
    for record in records {
        views.push(BrandView::of(record, &files).await?);
    }
    Ok(ApiResponse::ok(views))
}
