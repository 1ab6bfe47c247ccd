use actix_web::web;
use auth::AuthUser;
use kernel::{ApiResponse, ApiResult};

use super::{file_ids_of, BrandApplicationView};
use crate::brand::{store::BrandApplicationStore, BrandApplications};
use crate::files::Files;

/// The signed-in applicant's applications with their review status, newest first.
#[utoipa::path(
    get,
    path = "/to/api/base/system/brand-application/my-list",
    tag = "brand-application",
    security(("bearer" = [])),
    responses((status = 200, description = "我的入驻申请", body = ApiResponse<Vec<BrandApplicationView>>))
)]
pub async fn my_brand_applications(
    applications: web::Data<BrandApplications>,
    files: web::Data<Files>,
    user: AuthUser,
) -> ApiResult<ApiResponse<Vec<BrandApplicationView>>> {
    let records = applications.store.applications_of(user.user_id()).await?;
    let links = files.links(&file_ids_of(&records)).await?;
    Ok(ApiResponse::ok(
        records
            .into_iter()
            .map(|record| BrandApplicationView::new(record, &links))
            .collect(),
    ))
}
