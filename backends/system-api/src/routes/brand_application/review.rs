use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::{
    brand::{
        store::{BrandApplicationStore, BrandRefused},
        BrandApplications, BRAND_REVIEW, REMARK_MAX, REMARK_REQUIRED, STATUS_APPROVED,
        STATUS_REJECTED,
    },
    operation::{
        audit::Actor,
        text::{check_length, trimmed},
    },
    BRAND_APPLICATION_ALREADY_REVIEWED, BRAND_APPLICATION_NOT_EXISTS,
};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewBrandApplicationRequest {
    pub id: Option<i64>,
    /// 1 approve, 2 reject.
    pub status: Option<i32>,
    /// At most 500 characters; required when rejecting.
    pub review_remark: Option<String>,
}

/// Operators: approves or rejects an application in review. Permission
/// `system:brand-application:review`; unknown id 1002021000, already reviewed 1002021001.
/// Writes an audit entry `brand-application.review`.
#[utoipa::path(
    post,
    path = "/to/api/base/system/brand-application/review",
    tag = "brand-application",
    request_body = ReviewBrandApplicationRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "已审核", body = ApiResponse<bool>))
)]
pub async fn review_brand_application(
    applications: web::Data<BrandApplications>,
    user: AuthUser,
    req: HttpRequest,
    payload: web::Json<ReviewBrandApplicationRequest>,
) -> ApiResult<ApiResponse<bool>> {
    user.require_permission(BRAND_REVIEW)?;
    let payload = payload.into_inner();
    let id = payload
        .id
        .ok_or_else(|| ApiError::missing_parameter("id"))?;
    let status = payload
        .status
        .ok_or_else(|| ApiError::missing_parameter("status"))?;
    if status != STATUS_APPROVED && status != STATUS_REJECTED {
        return Err(ApiError::bad_request("status 必须为1(通过)或2(驳回)"));
    }
    let remark = trimmed(payload.review_remark.as_deref()).unwrap_or_default();
    check_length(remark, REMARK_MAX, "审核意见不能超过500个字符")?;
    if status == STATUS_REJECTED && remark.is_empty() {
        return Err(ApiError::bad_request(REMARK_REQUIRED));
    }
    match applications
        .store
        .review_application(id, status, remark, &Actor::of(&user, &req))
        .await?
    {
        Ok(()) => Ok(ApiResponse::ok(true)),
        Err(BrandRefused::NotFound) => Err(ApiError::new(BRAND_APPLICATION_NOT_EXISTS)),
        Err(BrandRefused::AlreadyReviewed) | Err(BrandRefused::PendingExists) => {
            Err(ApiError::new(BRAND_APPLICATION_ALREADY_REVIEWED))
        }
    }
}
