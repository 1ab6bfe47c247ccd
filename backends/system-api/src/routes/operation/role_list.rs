use actix_web::web;
use auth::AuthUser;
use kernel::{ApiResponse, ApiResult};
use serde::Serialize;
use utoipa::ToSchema;

use crate::operation::roles::{
    store::{RoleAdminStore, RoleRow},
    OperationRoles, PermissionGroup, PERMISSION_CATALOGUE, ROLE_QUERY,
};

/// A role as the operators see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OperationRoleView {
    pub id: i64,
    /// `super_admin`, `member`, `operator`, or one an operator created.
    pub code: String,
    pub name: String,
    /// The permission strings it grants, sorted (`*:*:*` for `super_admin`).
    pub permissions: Vec<String>,
    /// Accounts holding it.
    pub user_count: i64,
    /// The portal's own roles (`super_admin`, `member`, `operator`): never deleted.
    pub built_in: bool,
    /// Epoch milliseconds.
    pub create_time: i64,
}

impl From<RoleRow> for OperationRoleView {
    fn from(row: RoleRow) -> Self {
        Self {
            built_in: row.is_built_in(),
            id: row.id,
            code: row.code,
            name: row.name,
            permissions: row.permissions,
            user_count: row.user_count,
            create_time: row.created_at.timestamp_millis(),
        }
    }
}

/// A permission a role may hold.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PermissionView {
    /// The string the services and the front end check (`system:user:query`).
    pub code: String,
    pub group: PermissionGroup,
}

/// Operators: every role, oldest first, with its permissions and holder count (a handful of
/// rows: not paged). Permission `system:role:query`.
#[utoipa::path(
    get,
    path = "/to/api/base/system/operation/roles",
    tag = "operation",
    security(("bearer" = [])),
    responses((status = 200, description = "角色列表", body = ApiResponse<Vec<OperationRoleView>>))
)]
pub async fn list_roles(
    roles: web::Data<OperationRoles>,
    user: AuthUser,
) -> ApiResult<ApiResponse<Vec<OperationRoleView>>> {
    user.require_permission(ROLE_QUERY)?;
    let rows = roles.store.list_roles().await?;
    Ok(ApiResponse::ok(rows.into_iter().map(Into::into).collect()))
}

/// Operators: the permission catalogue, the strings a role may grant, grouped by the area of
/// the portal they open. Permission `system:role:query`.
#[utoipa::path(
    get,
    path = "/to/api/base/system/operation/permissions",
    tag = "operation",
    security(("bearer" = [])),
    responses((status = 200, description = "权限目录", body = ApiResponse<Vec<PermissionView>>))
)]
pub async fn list_permissions(user: AuthUser) -> ApiResult<ApiResponse<Vec<PermissionView>>> {
    user.require_permission(ROLE_QUERY)?;
    Ok(ApiResponse::ok(
        PERMISSION_CATALOGUE
            .iter()
            .map(|(code, group)| PermissionView {
                code: (*code).to_owned(),
                group: *group,
            })
            .collect(),
    ))
}
