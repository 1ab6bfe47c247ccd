use actix_web::{web, HttpRequest};
use auth::{bearer_token, token};
use kernel::{ApiResponse, ApiResult};

use crate::accounts::{store::AccountStore, Accounts};

/// Ends the session of the bearer token (its access and refresh tokens); always `true`, also
/// without a token or with a dead one.
#[utoipa::path(
    post,
    path = "/to/api/base/system/auth/logout",
    tag = "auth",
    responses((status = 200, description = "已退出", body = ApiResponse<bool>))
)]
#[tracing::instrument(skip_all)]
pub async fn logout(
    accounts: web::Data<Accounts>,
    req: HttpRequest,
) -> ApiResult<ApiResponse<bool>> {
    if let Some(token) = bearer_token(&req).filter(|token| token::is_well_formed(token)) {
        let revoked = accounts.store.revoke_session(&token::digest(token)).await?;
        accounts.forget(&revoked).await?;
    }
    Ok(ApiResponse::ok(true))
}
