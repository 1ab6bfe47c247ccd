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
            is_known,
            store::{NewRole, RoleAdminStore, RoleChange, RoleCreation, RoleDeletion, RoleUpdate},
            OperationRoles, ROLE_UPDATE,
        },
        text::required_line,
    },
    ROLE_BUILT_IN, ROLE_CODE_EXISTS, ROLE_IN_USE, ROLE_NOT_EXISTS, ROLE_PERMISSION_NOT_HELD,
    ROLE_SUPER_ADMIN_PROTECTED,
};

const NAME_MAX: usize = 32;
const CODE_MAX: usize = 32;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateRoleRequest {
    /// 2–32 of a–z, 0–9, `_` and `-`, starting with a letter; unique.
    pub code: Option<String>,
    /// 1–32 characters.
    pub name: Option<String>,
    /// Permission strings of the catalogue (`GET …/operation/permissions`); default none.
    pub permissions: Option<Vec<String>>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateRoleRequest {
    /// A new name (1–32 characters); absent keeps it.
    pub name: Option<String>,
    /// The role's whole new set of permissions; absent keeps them.
    pub permissions: Option<Vec<String>>,
}

fn role_code(raw: Option<&str>) -> ApiResult<String> {
    let code = raw.map(str::trim).unwrap_or_default();
    if code.is_empty() {
        return Err(ApiError::missing_parameter("code"));
    }
    let mut chars = code.chars();
    let valid = code.len() >= 2
        && code.len() <= CODE_MAX
        && chars.next().is_some_and(|first| first.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-');
    if valid {
        Ok(code.to_owned())
    } else {
        Err(ApiError::bad_request(
            "角色编码为2～32位小写字母、数字、_ 或 -，以字母开头",
        ))
    }
}

fn role_name(raw: Option<&str>) -> ApiResult<String> {
    required_line(
        raw,
        NAME_MAX,
        "角色名称不能为空",
        "角色名称不能超过32个字符",
    )
}

/// The permissions sorted, without repeats; each must be in the catalogue.
fn permissions(raw: &[String]) -> ApiResult<Vec<String>> {
    let mut permissions: Vec<String> = raw.iter().map(|code| code.trim().to_owned()).collect();
    if let Some(unknown) = permissions.iter().find(|code| !is_known(code)) {
        return Err(ApiError::bad_request(format!("未知的权限: {unknown}")));
    }
    permissions.sort_unstable();
    permissions.dedup();
    Ok(permissions)
}

/// Operators: creates a role; answers its id and writes `role.create`. Permission
/// `system:role:update`, and every permission granted must be held by the operator
/// (1002026004); a code another role has 1002026001; a permission outside the catalogue 400.
#[utoipa::path(
    post,
    path = "/to/api/base/system/operation/roles",
    tag = "operation",
    request_body = CreateRoleRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "角色编号", body = ApiResponse<i64>))
)]
pub async fn create_role(
    roles: web::Data<OperationRoles>,
    user: AuthUser,
    req: HttpRequest,
    payload: web::Json<CreateRoleRequest>,
) -> ApiResult<ApiResponse<i64>> {
    user.require_permission(ROLE_UPDATE)?;
    let payload = payload.into_inner();
    let role = NewRole {
        code: role_code(payload.code.as_deref())?,
        name: role_name(payload.name.as_deref())?,
        permissions: permissions(payload.permissions.as_deref().unwrap_or_default())?,
    };
    match roles
        .store
        .create_role(&role, &user.principal.permissions, &Actor::of(&user, &req))
        .await?
    {
        RoleCreation::Created { id } => Ok(ApiResponse::ok(id)),
        RoleCreation::CodeTaken => Err(ApiError::new(ROLE_CODE_EXISTS)),
        RoleCreation::NotHeld => Err(ApiError::new(ROLE_PERMISSION_NOT_HELD)),
    }
}

/// Operators: renames a role or sets its permissions; writes `role.update` when something
/// changed. Its holders carry the new permissions from their next request. Permission
/// `system:role:update`, holding every permission the role has before and after (1002026004);
/// unknown role 1002026000; `super_admin` 1002026002.
#[utoipa::path(
    put,
    path = "/to/api/base/system/operation/roles/{id}",
    tag = "operation",
    params(("id" = i64, Path, description = "角色编号")),
    request_body = UpdateRoleRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "已更新", body = ApiResponse<bool>))
)]
pub async fn update_role(
    roles: web::Data<OperationRoles>,
    accounts: web::Data<Accounts>,
    user: AuthUser,
    req: HttpRequest,
    id: web::Path<i64>,
    payload: web::Json<UpdateRoleRequest>,
) -> ApiResult<ApiResponse<bool>> {
    user.require_permission(ROLE_UPDATE)?;
    let payload = payload.into_inner();
    let update = RoleUpdate {
        name: payload
            .name
            .as_deref()
            .map(|name| role_name(Some(name)))
            .transpose()?,
        permissions: payload
            .permissions
            .as_deref()
            .map(permissions)
            .transpose()?,
    };
    if update == RoleUpdate::default() {
        return Err(ApiError::bad_request("name、permissions 至少填写一项"));
    }
    match roles
        .store
        .update_role(
            id.into_inner(),
            &update,
            &user.principal.permissions,
            &Actor::of(&user, &req),
        )
        .await?
    {
        RoleChange::Changed { revoked } => {
            accounts.forget(&revoked).await?;
            Ok(ApiResponse::ok(true))
        }
        RoleChange::Unchanged => Ok(ApiResponse::ok(true)),
        RoleChange::NotFound => Err(ApiError::new(ROLE_NOT_EXISTS)),
        RoleChange::Protected => Err(ApiError::new(ROLE_SUPER_ADMIN_PROTECTED)),
        RoleChange::NotHeld => Err(ApiError::new(ROLE_PERMISSION_NOT_HELD)),
    }
}

/// Operators: deletes a role nobody holds; writes `role.delete`. Permission
/// `system:role:update`, holding every permission of the role (1002026004); unknown role
/// 1002026000; a built-in role 1002026003; a role accounts still hold 1002026005.
#[utoipa::path(
    delete,
    path = "/to/api/base/system/operation/roles/{id}",
    tag = "operation",
    params(("id" = i64, Path, description = "角色编号")),
    security(("bearer" = [])),
    responses((status = 200, description = "已删除", body = ApiResponse<bool>))
)]
pub async fn delete_role(
    roles: web::Data<OperationRoles>,
    user: AuthUser,
    req: HttpRequest,
    id: web::Path<i64>,
) -> ApiResult<ApiResponse<bool>> {
    user.require_permission(ROLE_UPDATE)?;
    match roles
        .store
        .delete_role(
            id.into_inner(),
            &user.principal.permissions,
            &Actor::of(&user, &req),
        )
        .await?
    {
        RoleDeletion::Deleted => Ok(ApiResponse::ok(true)),
        RoleDeletion::NotFound => Err(ApiError::new(ROLE_NOT_EXISTS)),
        RoleDeletion::Protected => Err(ApiError::new(ROLE_BUILT_IN)),
        RoleDeletion::NotHeld => Err(ApiError::new(ROLE_PERMISSION_NOT_HELD)),
        RoleDeletion::InUse { holders } => Err(ApiError::with_message(
            ROLE_IN_USE,
            format!("仍有{holders}位用户拥有该角色，请先收回"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn role_codes_are_short_lowercase_words() {
        assert_eq!(
            role_code(Some(" auditor ")).ok().as_deref(),
            Some("auditor")
        );
        assert!(role_code(Some("ops_2-team")).is_ok());
        for bad in ["", "a", "Auditor", "2ops", "审计", "a b", &"a".repeat(33)] {
            assert!(role_code(Some(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn permissions_are_known_sorted_and_unique() {
        let answer = permissions(&[
            "system:user:query".into(),
            " operation:feedback:query".into(),
            "system:user:query".into(),
        ])
        .ok();
        assert_eq!(
            answer,
            Some(vec![
                "operation:feedback:query".to_owned(),
                "system:user:query".to_owned()
            ])
        );
        assert!(permissions(&["*:*:*".into()]).is_err());
        assert!(permissions(&["system:user:drop".into()]).is_err());
    }
}
