use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::{
    accounts::Accounts,
    operation::{
        audit::Actor,
        roles::{
            store::{RoleAdminStore, UserRolesChange},
            OperationRoles, ROLE_UPDATE,
        },
    },
    ROLE_LAST_SUPER_ADMIN, ROLE_NOT_EXISTS, ROLE_PERMISSION_NOT_HELD, ROLE_SELF, USER_NOT_EXISTS,
};

/// More than every role there is would be a mistake (roles are a handful).
const ROLES_MAX: usize = 50;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserRolesRequest {
    /// The account's whole new set of roles (ids); an empty list withdraws every role.
    pub role_ids: Option<Vec<i64>>,
}

/// Operators: sets the roles of an account; writes `user.roles` (before/after codes). The
/// account's sessions carry the new permissions from their next request. Permission
/// `system:role:update`, holding every permission of each role given or withdrawn
/// (1002026004); one's own roles 1002026007; unknown account 1002003003; unknown role
/// 1002026000; withdrawing `super_admin` from its last holder 1002026006.
#[utoipa::path(
    put,
    path = "/to/api/base/system/operation/users/{id}/roles",
    tag = "operation",
    params(("id" = i64, Path, description = "用户编号")),
    request_body = UserRolesRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "已更新", body = ApiResponse<bool>))
)]
pub async fn set_user_roles(
    roles: web::Data<OperationRoles>,
    accounts: web::Data<Accounts>,
    user: AuthUser,
    req: HttpRequest,
    id: web::Path<i64>,
    payload: web::Json<UserRolesRequest>,
) -> ApiResult<ApiResponse<bool>> {
    user.require_permission(ROLE_UPDATE)?;
    let user_id = id.into_inner();
    let mut role_ids = payload
        .into_inner()
        .role_ids
        .ok_or_else(|| ApiError::missing_parameter("roleIds"))?;
    if role_ids.len() > ROLES_MAX {
        return Err(ApiError::bad_request("roleIds 过多"));
    }
    role_ids.sort_unstable();
    role_ids.dedup();
    // Nobody raises or cuts their own permissions: another role manager does it.
    if user_id == user.user_id() {
        return Err(ApiError::new(ROLE_SELF));
    }
    match roles
        .store
        .set_user_roles(
            user_id,
            &role_ids,
            &user.principal.permissions,
            &Actor::of(&user, &req),
        )
        .await?
    {
        UserRolesChange::Changed { revoked } => {
            accounts.forget(&revoked).await?;
            Ok(ApiResponse::ok(true))
        }
        UserRolesChange::Unchanged => Ok(ApiResponse::ok(true)),
        UserRolesChange::UserNotFound => Err(ApiError::new(USER_NOT_EXISTS)),
        UserRolesChange::RoleNotFound => Err(ApiError::new(ROLE_NOT_EXISTS)),
        UserRolesChange::NotHeld => Err(ApiError::new(ROLE_PERMISSION_NOT_HELD)),
        UserRolesChange::LastSuperAdmin => Err(ApiError::new(ROLE_LAST_SUPER_ADMIN)),
    }
}
