use actix_web::web;
use auth::AuthUser;
use kernel::{ApiResponse, ApiResult};

use crate::accounts::{store::AccountStore, Accounts};

/// Ends every session of the signed-in user except this one; answers how many ended.
#[utoipa::path(
    post,
    path = "/to/api/base/system/auth/sessions/revoke-others",
    tag = "auth",
    security(("bearer" = [])),
    responses((status = 200, description = "结束的会话数", body = ApiResponse<u64>))
)]
pub async fn revoke_other_sessions(
    accounts: web::Data<Accounts>,
    user: AuthUser,
) -> ApiResult<ApiResponse<u64>> {
    let (revoked, sessions) = accounts
        .store
        .revoke_user_sessions(user.user_id(), Some(&user.token_digest))
        .await?;
    accounts.forget(&revoked).await?;
    Ok(ApiResponse::ok(sessions))
}
