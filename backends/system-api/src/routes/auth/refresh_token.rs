use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::accounts::{Accounts, LoginAnswer};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RefreshTokenQuery {
    pub refresh_token: Option<String>,
}

/// A new access token for the refresh token (which is not rotated); the previous access
/// tokens of that session stop working at once. Unknown → 400 `无效的刷新令牌`, expired →
/// 401 `刷新令牌已过期`.
#[utoipa::path(
    post,
    path = "/to/api/base/system/auth/refresh-token",
    tag = "auth",
    params(RefreshTokenQuery),
    responses((status = 200, description = "新的访问令牌", body = ApiResponse<LoginAnswer>))
)]
#[tracing::instrument(skip_all)]
pub async fn refresh_token(
    accounts: web::Data<Accounts>,
    query: web::Query<RefreshTokenQuery>,
) -> ApiResult<ApiResponse<LoginAnswer>> {
    let refresh_token = query
        .into_inner()
        .refresh_token
        .filter(|token| !token.trim().is_empty())
        .ok_or_else(|| ApiError::missing_parameter("refreshToken"))?;
    Ok(ApiResponse::ok(
        accounts.refresh(refresh_token.trim()).await?,
    ))
}
