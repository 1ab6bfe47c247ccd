use actix_web::HttpRequest;
use auth::Principal;
use kernel::{error::global, ApiError, ApiResponse, ApiResult};

/// Token introspection for services deployed apart from the system service
/// (`auth::Introspection`): the principal of the bearer token — a session or a personal access
/// token (the calling service's extractor decides which kinds a route accepts) — or 401.
#[utoipa::path(
    get,
    path = "/to/api/base/system/auth/check-token",
    tag = "auth",
    security(("bearer" = [])),
    responses((status = 200, description = "令牌所属用户", body = ApiResponse<Principal>))
)]
pub async fn check_token(req: HttpRequest) -> ApiResult<ApiResponse<Principal>> {
    let user = auth::authenticate_any_token(&req)
        .await?
        .ok_or_else(|| ApiError::new(global::UNAUTHORIZED))?;
    Ok(ApiResponse::ok(user.principal.as_ref().clone()))
}
