use auth::{AuthUser, Principal};
use kernel::{ApiResponse, ApiResult};

/// Token introspection for services deployed apart from the system service
/// (`auth::Introspection`): the principal of the bearer token, or 401.
#[utoipa::path(
    get,
    path = "/to/api/base/system/auth/check-token",
    tag = "auth",
    security(("bearer" = [])),
    responses((status = 200, description = "令牌所属用户", body = ApiResponse<Principal>))
)]
pub async fn check_token(user: AuthUser) -> ApiResult<ApiResponse<Principal>> {
    Ok(ApiResponse::ok(user.principal.as_ref().clone()))
}
