use actix_web::web;
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::{
    brand::{
        self,
        store::{BrandApplicationStore, BrandRefused},
        BrandApplications, BrandCategory, BrandForm,
    },
    BRAND_APPLICATION_PENDING_EXISTS, BRAND_LICENCE_NOT_EXISTS, BRAND_LOGO_NOT_EXISTS,
};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateBrandApplicationRequest {
    /// Required, at most 100 characters.
    pub company_name: Option<String>,
    /// Required, at most 64 characters.
    pub brand_name: Option<String>,
    /// Required, at most 32 characters.
    pub contact_name: Option<String>,
    /// Required; the spec's phone rule.
    pub mobile: Option<String>,
    pub email: Option<String>,
    /// An http(s) address.
    pub website: Option<String>,
    /// At most 500 characters.
    pub description: Option<String>,
    /// 1–20 categories of the three libraries.
    #[schema(value_type = Option<Vec<BrandCategory>>)]
    pub categories: Option<Vec<Value>>,
    /// The uploaded business-licence image (`POST /to/api/base/file/upload`).
    #[schema(value_type = Option<String>)]
    pub licence_file_id: Option<Value>,
    /// Optional brand logo: an image the applicant uploaded (`bizCode=logo`: public by its key).
    #[schema(value_type = Option<String>)]
    pub logo_file_id: Option<Value>,
}

/// Applies for brand entry; answers the new id. Sign-in required. The licence must be a
/// jpg/png image the applicant uploaded (1002021003); a second application for the same brand
/// while one is in review answers 1002021002.
#[utoipa::path(
    post,
    path = "/to/api/base/system/brand-application/create",
    tag = "brand-application",
    request_body = CreateBrandApplicationRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "新申请的编号", body = ApiResponse<i64>))
)]
#[tracing::instrument(skip_all)]
pub async fn create_brand_application(
    applications: web::Data<BrandApplications>,
    user: AuthUser,
    payload: web::Json<CreateBrandApplicationRequest>,
) -> ApiResult<ApiResponse<i64>> {
    let payload = payload.into_inner();
    let form = BrandForm {
        company_name: payload.company_name.as_deref(),
        brand_name: payload.brand_name.as_deref(),
        contact_name: payload.contact_name.as_deref(),
        mobile: payload.mobile.as_deref(),
        email: payload.email.as_deref(),
        website: payload.website.as_deref(),
        description: payload.description.as_deref(),
        categories: payload.categories.as_deref(),
        licence_file_id: payload.licence_file_id.as_ref(),
        logo_file_id: payload.logo_file_id.as_ref(),
    };
    let application = brand::validate(&form, user.user_id())?;
    crate::operation::check_owned_images(
        &applications.files,
        user.user_id(),
        std::slice::from_ref(&application.licence_file_id),
        BRAND_LICENCE_NOT_EXISTS,
    )
    .await?;
    if !application.logo_file_id.is_empty() {
        crate::operation::check_owned_images(
            &applications.files,
            user.user_id(),
            std::slice::from_ref(&application.logo_file_id),
            BRAND_LOGO_NOT_EXISTS,
        )
        .await?;
    }
    match applications.store.insert_application(&application).await? {
        Ok(id) => Ok(ApiResponse::ok(id)),
        Err(BrandRefused::PendingExists) => Err(ApiError::new(BRAND_APPLICATION_PENDING_EXISTS)),
        Err(other) => Err(ApiError::internal(anyhow::anyhow!(
            "unexpected refusal {other:?} on insert"
        ))),
    }
}
