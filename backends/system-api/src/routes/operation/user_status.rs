use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::{
    accounts::Accounts,
    open_platform::{keys::OpenKeyStore, OpenPlatform},
    operation::{
        audit::Actor,
        users::{
            store::{StatusChange, UserAdminStore},
            OperationUsers, STATUS_DISABLED, STATUS_ENABLED, USER_UPDATE,
        },
    },
    OPERATION_SUPER_ADMIN_PROTECTED, OPERATION_USER_SELF, USER_NOT_EXISTS,
};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateUserStatusRequest {
    /// 0 enable, 1 disable.
    pub status: Option<i32>,
}

/// Operators: enables or disables an account. Disabling ends every session and deletes every
/// personal access token of the user at once (in every process, like a logout). Permission
/// `system:user:update`; unknown user 1002003003, the caller's own account 1002024000, a super
/// administrator 1002024001. Setting the status the account already has changes nothing and
/// writes no audit entry; a change writes `user.disable` / `user.enable`.
#[utoipa::path(
    put,
    path = "/to/api/base/system/operation/users/{id}/status",
    tag = "operation",
    params(("id" = i64, Path, description = "用户编号")),
    request_body = UpdateUserStatusRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "已更新", body = ApiResponse<bool>))
)]
pub async fn update_user_status(
    users: web::Data<OperationUsers>,
    accounts: web::Data<Accounts>,
    open: web::Data<OpenPlatform>,
    user: AuthUser,
    req: HttpRequest,
    id: web::Path<i64>,
    payload: web::Json<UpdateUserStatusRequest>,
) -> ApiResult<ApiResponse<bool>> {
    user.require_permission(USER_UPDATE)?;
    let id = id.into_inner();
    let status = payload
        .status
        .ok_or_else(|| ApiError::missing_parameter("status"))?;
    if status != STATUS_ENABLED && status != STATUS_DISABLED {
        return Err(ApiError::bad_request("status 必须为0(启用)或1(禁用)"));
    }
    if id == user.user_id() {
        return Err(ApiError::new(OPERATION_USER_SELF));
    }
    match users
        .store
        .set_status(id, status, &Actor::of(&user, &req))
        .await?
    {
        StatusChange::Changed { mut revoked } => {
            if status == STATUS_DISABLED {
                // The account's API keys are refused by the key check once it is disabled; drop
                // their cached principals so that they stop now too (docs/open-platform.md).
                revoked.extend(open.keys.live_digests_created_by(id).await?);
            }
            accounts.forget(&revoked).await?;
            Ok(ApiResponse::ok(true))
        }
        StatusChange::Unchanged => Ok(ApiResponse::ok(true)),
        StatusChange::NotFound => Err(ApiError::new(USER_NOT_EXISTS)),
        StatusChange::SuperAdmin => Err(ApiError::new(OPERATION_SUPER_ADMIN_PROTECTED)),
    }
}
