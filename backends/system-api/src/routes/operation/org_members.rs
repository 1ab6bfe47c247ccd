use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::{error::global, ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::{
    accounts::{
        model::{Email, Mobile},
        store::{AccountStore, UserRecord},
        Accounts,
    },
    operation::{
        audit::Actor,
        orgs::{
            store::{ActingAs, AdminChange, Membership, MembershipChange, OrgAdminStore},
            OperationOrgs, ORG_UPDATE,
        },
        text::trimmed,
    },
    ORG_LAST_ADMIN, ORG_MEMBER_IN_OTHER_ORG, ORG_MEMBER_NOT_EXISTS, ORG_NOT_EXISTS,
    USER_NOT_EXISTS,
};

const ACCOUNT_MAX: usize = 64;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddOrgMemberRequest {
    /// The account's username, e-mail or mobile.
    pub account: Option<String>,
}

/// Operators: adds an account (named by its username, e-mail or mobile) to an organisation;
/// answers its user id and writes `org.member.add`. The account's sessions keep going and
/// carry the organisation from their next request (its cached principals are dropped).
/// Permission `system:org:update`; unknown or system organisation 1002025000, unknown account
/// 1002003003, an account in another organisation 1002025002 (it leaves that one first).
#[utoipa::path(
    post,
    path = "/to/api/base/system/operation/orgs/{id}/members",
    tag = "operation",
    params(("id" = i64, Path, description = "组织编号")),
    request_body = AddOrgMemberRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "成员的用户编号", body = ApiResponse<i64>))
)]
pub async fn add_org_member(
    orgs: web::Data<OperationOrgs>,
    accounts: web::Data<Accounts>,
    user: AuthUser,
    req: HttpRequest,
    id: web::Path<i64>,
    payload: web::Json<AddOrgMemberRequest>,
) -> ApiResult<ApiResponse<i64>> {
    user.require_permission(ORG_UPDATE)?;
    let member = find_account(&accounts, payload.account.as_deref()).await?;
    change(
        &orgs,
        &accounts,
        &Actor::of(&user, &req),
        id.into_inner(),
        member.id,
        Membership::Add,
        ActingAs::Operator,
    )
    .await?;
    Ok(ApiResponse::ok(member.id))
}

/// The account named by its username, e-mail or mobile (normalised as sign-in does);
/// 1002003003 when there is none.
pub(crate) async fn find_account(
    accounts: &Accounts,
    account: Option<&str>,
) -> ApiResult<UserRecord> {
    let account = trimmed(account).ok_or_else(|| ApiError::missing_parameter("account"))?;
    if account.chars().count() > ACCOUNT_MAX {
        return Err(ApiError::bad_request("account 过长"));
    }
    let found = match accounts.store.find_user_by_username(account).await? {
        Some(found) => Some(found),
        None => match (Email::parse(account), Mobile::parse(account)) {
            (Ok(email), _) => accounts.store.find_user_by_email(email.as_str()).await?,
            (_, Ok(mobile)) => accounts.store.find_user_by_mobile(mobile.as_str()).await?,
            _ => None,
        },
    };
    found.ok_or_else(|| ApiError::new(USER_NOT_EXISTS))
}

/// Operators: moves a member back to the platform (no organisation); writes
/// `org.member.remove`. Permission `system:org:update`; unknown or system organisation
/// 1002025000, unknown account 1002003003, an account not in the organisation 1002025003.
#[utoipa::path(
    delete,
    path = "/to/api/base/system/operation/orgs/{id}/members/{userId}",
    tag = "operation",
    params(
        ("id" = i64, Path, description = "组织编号"),
        ("userId" = i64, Path, description = "用户编号"),
    ),
    security(("bearer" = [])),
    responses((status = 200, description = "已移出", body = ApiResponse<bool>))
)]
pub async fn remove_org_member(
    orgs: web::Data<OperationOrgs>,
    accounts: web::Data<Accounts>,
    user: AuthUser,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
) -> ApiResult<ApiResponse<bool>> {
    user.require_permission(ORG_UPDATE)?;
    let (org_id, user_id) = path.into_inner();
    change(
        &orgs,
        &accounts,
        &Actor::of(&user, &req),
        org_id,
        user_id,
        Membership::Remove,
        ActingAs::Operator,
    )
    .await?;
    Ok(ApiResponse::ok(true))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrgAdminRequest {
    /// Whether the member administers the organisation.
    pub org_admin: Option<bool>,
}

impl OrgAdminRequest {
    pub(crate) fn flag(&self) -> ApiResult<bool> {
        self.org_admin
            .ok_or_else(|| ApiError::missing_parameter("orgAdmin"))
    }
}

/// Operators: names a member an administrator of its organisation (who then manages the
/// members in the personal centre) or drops it as one; writes `org.member.admin`. Operators
/// may drop the last administrator. Permission `system:org:update`; unknown or system
/// organisation 1002025000, an account not in the organisation 1002025003.
#[utoipa::path(
    put,
    path = "/to/api/base/system/operation/orgs/{id}/members/{userId}/admin",
    tag = "operation",
    params(
        ("id" = i64, Path, description = "组织编号"),
        ("userId" = i64, Path, description = "用户编号"),
    ),
    request_body = OrgAdminRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "已设置", body = ApiResponse<bool>))
)]
pub async fn set_org_member_admin(
    orgs: web::Data<OperationOrgs>,
    user: AuthUser,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    payload: web::Json<OrgAdminRequest>,
) -> ApiResult<ApiResponse<bool>> {
    user.require_permission(ORG_UPDATE)?;
    let (org_id, user_id) = path.into_inner();
    let admin = payload.flag()?;
    set_admin(
        &orgs,
        &Actor::of(&user, &req),
        org_id,
        user_id,
        admin,
        ActingAs::Operator,
    )
    .await?;
    Ok(ApiResponse::ok(true))
}

/// Names or drops an administrator on `acting`'s authority; the refusals as error codes.
pub(crate) async fn set_admin(
    orgs: &OperationOrgs,
    actor: &Actor,
    org_id: i64,
    user_id: i64,
    admin: bool,
    acting: ActingAs,
) -> ApiResult<()> {
    match orgs
        .store
        .set_org_admin(org_id, user_id, admin, acting, actor)
        .await?
    {
        AdminChange::Changed | AdminChange::Unchanged => Ok(()),
        AdminChange::OrgNotFound => Err(ApiError::new(ORG_NOT_EXISTS)),
        AdminChange::NotAdmin => Err(ApiError::new(global::FORBIDDEN)),
        AdminChange::NotMember => Err(ApiError::new(ORG_MEMBER_NOT_EXISTS)),
        AdminChange::LastAdmin => Err(ApiError::new(ORG_LAST_ADMIN)),
    }
}

/// Moves a member on `acting`'s authority; the refusals as error codes.
pub(crate) async fn change(
    orgs: &OperationOrgs,
    accounts: &Accounts,
    actor: &Actor,
    org_id: i64,
    user_id: i64,
    membership: Membership,
    acting: ActingAs,
) -> ApiResult<()> {
    match orgs
        .store
        .change_membership(org_id, user_id, membership, acting, actor)
        .await?
    {
        MembershipChange::Changed { revoked } => accounts.forget(&revoked).await,
        MembershipChange::Unchanged => Ok(()),
        MembershipChange::OrgNotFound => Err(ApiError::new(ORG_NOT_EXISTS)),
        MembershipChange::NotAdmin => Err(ApiError::new(global::FORBIDDEN)),
        MembershipChange::UserNotFound => Err(ApiError::new(USER_NOT_EXISTS)),
        MembershipChange::InOtherOrg { .. } => Err(ApiError::new(ORG_MEMBER_IN_OTHER_ORG)),
        MembershipChange::NotMember => Err(ApiError::new(ORG_MEMBER_NOT_EXISTS)),
    }
}
