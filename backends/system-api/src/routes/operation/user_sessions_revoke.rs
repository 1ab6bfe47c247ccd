use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};

use crate::{
    accounts::Accounts,
    operation::{
        audit::Actor,
        users::{
            store::{SessionReset, UserAdminStore},
            OperationUsers, USER_UPDATE,
        },
    },
    OPERATION_SUPER_ADMIN_PROTECTED, OPERATION_USER_SELF, USER_NOT_EXISTS,
};

/// Operators: ends every session of an account (it must sign in again; its personal access
/// tokens keep working). Answers how many sessions ended and writes `user.sessions.revoke`.
/// Permission `system:user:update`; unknown user 1002003003, the caller's own account
/// 1002024000, a super administrator 1002024001.
#[utoipa::path(
    post,
    path = "/to/api/base/system/operation/users/{id}/sessions/revoke",
    tag = "operation",
    params(("id" = i64, Path, description = "用户编号")),
    security(("bearer" = [])),
    responses((status = 200, description = "结束的会话数", body = ApiResponse<u64>))
)]
pub async fn revoke_user_sessions(
    users: web::Data<OperationUsers>,
    accounts: web::Data<Accounts>,
    user: AuthUser,
    req: HttpRequest,
    id: web::Path<i64>,
) -> ApiResult<ApiResponse<u64>> {
    user.require_permission(USER_UPDATE)?;
    let id = id.into_inner();
    if id == user.user_id() {
        return Err(ApiError::new(OPERATION_USER_SELF));
    }
    match users
        .store
        .reset_sessions(id, &Actor::of(&user, &req))
        .await?
    {
        SessionReset::Revoked { revoked, sessions } => {
            accounts.forget(&revoked).await?;
            Ok(ApiResponse::ok(sessions))
        }
        SessionReset::NotFound => Err(ApiError::new(USER_NOT_EXISTS)),
        SessionReset::SuperAdmin => Err(ApiError::new(OPERATION_SUPER_ADMIN_PROTECTED)),
    }
}
