use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::{
    accounts::Accounts,
    operation::{
        audit::Actor,
        orgs::{
            store::{NewOrg, OrgAdminStore, OrgChange, OrgCreation, OrgUpdate},
            OperationOrgs, BUSINESS_SCOPE_CODES, ORG_UPDATE,
        },
        text::required_line,
    },
    ORG_NAME_EXISTS, ORG_NOT_EXISTS,
};

/// Spec §5: an organisation name holds at most 100 characters.
const NAME_MAX: usize = 100;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateOrgRequest {
    /// 1–100 characters, unique (case-insensitive).
    pub name: Option<String>,
    /// Ability codes (1 = enterprise library); default none.
    pub business_scope: Option<Vec<i64>>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateOrgRequest {
    /// A new name (1–100 characters, unique); absent keeps it.
    pub name: Option<String>,
    /// The new ability codes; absent keeps them.
    pub business_scope: Option<Vec<i64>>,
    /// Enable or disable; absent keeps it.
    pub enabled: Option<bool>,
}

fn org_name(raw: Option<&str>) -> ApiResult<String> {
    required_line(
        raw,
        NAME_MAX,
        "组织名称不能为空",
        "组织名称不能超过100个字符",
    )
}

fn business_scope(codes: &[i64]) -> ApiResult<Vec<i64>> {
    match codes
        .iter()
        .find(|code| !BUSINESS_SCOPE_CODES.contains(code))
    {
        Some(code) => Err(ApiError::bad_request(format!(
            "businessScope 不正确: {code}（可选 1 企业库）"
        ))),
        None => Ok(codes.to_vec()),
    }
}

/// Operators: creates an enabled organisation; answers its id and writes `org.create`.
/// Permission `system:org:update`; a name another organisation has 1002025001.
#[utoipa::path(
    post,
    path = "/to/api/base/system/operation/orgs",
    tag = "operation",
    request_body = CreateOrgRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "组织编号", body = ApiResponse<i64>))
)]
pub async fn create_org(
    orgs: web::Data<OperationOrgs>,
    user: AuthUser,
    req: HttpRequest,
    payload: web::Json<CreateOrgRequest>,
) -> ApiResult<ApiResponse<i64>> {
    user.require_permission(ORG_UPDATE)?;
    let payload = payload.into_inner();
    let org = NewOrg {
        name: org_name(payload.name.as_deref())?,
        business_scope: business_scope(payload.business_scope.as_deref().unwrap_or_default())?,
    };
    match orgs.store.create_org(&org, &Actor::of(&user, &req)).await? {
        OrgCreation::Created { id } => Ok(ApiResponse::ok(id)),
        OrgCreation::NameTaken => Err(ApiError::new(ORG_NAME_EXISTS)),
    }
}

/// Operators: renames an organisation, sets its business scope, enables or disables it; writes
/// `org.update` when something changed. Members of a disabled organisation are blocked (spec
/// §4: no private mode, no open platform) and its API keys stop at once. Permission
/// `system:org:update`; unknown or system organisation 1002025000, a taken name 1002025001.
#[utoipa::path(
    put,
    path = "/to/api/base/system/operation/orgs/{id}",
    tag = "operation",
    params(("id" = i64, Path, description = "组织编号")),
    request_body = UpdateOrgRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "已更新", body = ApiResponse<bool>))
)]
pub async fn update_org(
    orgs: web::Data<OperationOrgs>,
    accounts: web::Data<Accounts>,
    user: AuthUser,
    req: HttpRequest,
    id: web::Path<i64>,
    payload: web::Json<UpdateOrgRequest>,
) -> ApiResult<ApiResponse<bool>> {
    user.require_permission(ORG_UPDATE)?;
    let payload = payload.into_inner();
    let update = OrgUpdate {
        name: payload
            .name
            .as_deref()
            .map(|name| org_name(Some(name)))
            .transpose()?,
        business_scope: payload
            .business_scope
            .as_deref()
            .map(business_scope)
            .transpose()?,
        enabled: payload.enabled,
    };
    if update == OrgUpdate::default() {
        return Err(ApiError::bad_request(
            "name、businessScope、enabled 至少填写一项",
        ));
    }
    let id = id.into_inner();
    match orgs
        .store
        .update_org(id, &update, &Actor::of(&user, &req))
        .await?
    {
        OrgChange::Changed { revoked } => {
            accounts.forget(&revoked).await?;
            // A disabled organisation's public page goes at once in this process.
            accounts.orgs.forget(id).await;
            Ok(ApiResponse::ok(true))
        }
        OrgChange::Unchanged => Ok(ApiResponse::ok(true)),
        OrgChange::NotFound => Err(ApiError::new(ORG_NOT_EXISTS)),
        OrgChange::NameTaken => Err(ApiError::new(ORG_NAME_EXISTS)),
    }
}
