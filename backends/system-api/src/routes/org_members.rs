//! An organisation's own administrators manage its members from the personal centre
//! (docs/operations.md "An organisation's administrators"): the member list, removing a
//! member, naming and dropping administrators, and who of them may publish into the
//! organisation's enterprise libraries. The organisation is the one the caller
//! administers now, read from the database on every request (not from the cached principal),
//! so that a dropped administrator loses these routes at once. Adding members stays with the
//! operators: joining an organisation needs the account holder's consent.

use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::{error::global, ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    accounts::{store::now, Accounts},
    operation::{
        audit::Actor,
        orgs::{
            store::{ActingAs, Membership, OrgAdminStore, PublishingChange},
            OperationOrgs,
        },
        page::{PageResult, Paging},
        text::{contains_pattern, trimmed},
        users::{
            store::{UserAdminStore, UserFilter, UserRow},
            OperationUsers,
        },
    },
    routes::operation::org_members::{change, set_admin, OrgAdminRequest},
    ORG_MEMBER_NOT_EXISTS, ORG_MEMBER_SELF, ORG_NOT_EXISTS,
};

const KEYWORD_MAX: usize = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OrgMemberPageQuery {
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
    /// Part of the username, nickname, e-mail or mobile (case-insensitive).
    pub key_words: Option<String>,
}

/// A member as the organisation's administrators see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrgMemberView {
    pub id: i64,
    pub username: String,
    pub nickname: String,
    pub email: Option<String>,
    pub mobile: Option<String>,
    /// 0 enabled, 1 disabled (by an operator).
    pub status: i32,
    pub org_admin: bool,
    /// May publish into the organisation's enterprise libraries (given by default; the
    /// administrators take it away).
    pub may_publish: bool,
    /// When the account was created (epoch milliseconds).
    pub create_time: i64,
    /// The last sign-in (epoch milliseconds); left out when the member never signed in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_login_time: Option<i64>,
}

impl From<UserRow> for OrgMemberView {
    fn from(row: UserRow) -> Self {
        Self {
            id: row.id,
            username: row.username,
            nickname: row.nickname,
            email: row.email,
            mobile: row.mobile,
            status: row.status,
            org_admin: row.org_admin,
            may_publish: row.org_may_publish,
            create_time: row.created_at.timestamp_millis(),
            last_login_time: row.last_login_at.map(|at| at.timestamp_millis()),
        }
    }
}

/// The organisation the caller administers; 403 when none (not an administrator, or its
/// organisation is disabled).
pub(crate) async fn administered(orgs: &OperationOrgs, user: &AuthUser) -> ApiResult<i64> {
    orgs.store
        .administered_org(user.user_id())
        .await?
        .ok_or_else(|| ApiError::new(global::FORBIDDEN))
}

/// Organisation administrators: the members of their organisation, newest first.
/// Not an administrator of an enabled organisation → 403.
#[utoipa::path(
    get,
    path = "/to/api/base/system/org/members/page",
    tag = "org",
    params(OrgMemberPageQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "本组织成员分页", body = ApiResponse<PageResult<OrgMemberView>>))
)]
pub async fn page_org_members(
    orgs: web::Data<OperationOrgs>,
    users: web::Data<OperationUsers>,
    user: AuthUser,
    query: web::Query<OrgMemberPageQuery>,
) -> ApiResult<ApiResponse<PageResult<OrgMemberView>>> {
    let org_id = administered(&orgs, &user).await?;
    let query = query.into_inner();
    let paging = Paging::parse(query.page_no, query.page_size)?;
    let keyword = trimmed(query.key_words.as_deref());
    if keyword.is_some_and(|keyword| keyword.chars().count() > KEYWORD_MAX) {
        return Err(ApiError::bad_request("keyWords 过长"));
    }
    let filter = UserFilter {
        keyword_pattern: keyword.map(contains_pattern),
        status: None,
        org_id: Some(org_id),
    };
    let (rows, total) = users.store.page_users(&filter, paging, now()).await?;
    Ok(ApiResponse::ok(PageResult {
        list: rows.into_iter().map(OrgMemberView::from).collect(),
        total,
    }))
}

/// Organisation administrators: moves a member of their organisation back to the platform
/// (its sessions carry that from their next request; its API keys stop); writes
/// `org.member.remove`. Not an administrator → 403; the caller itself 1002025004; an account
/// not in the organisation 1002025003.
#[utoipa::path(
    delete,
    path = "/to/api/base/system/org/members/{userId}",
    tag = "org",
    params(("userId" = i64, Path, description = "用户编号")),
    security(("bearer" = [])),
    responses((status = 200, description = "已移出", body = ApiResponse<bool>))
)]
pub async fn remove_own_org_member(
    orgs: web::Data<OperationOrgs>,
    accounts: web::Data<Accounts>,
    user: AuthUser,
    req: HttpRequest,
    member: web::Path<i64>,
) -> ApiResult<ApiResponse<bool>> {
    let org_id = administered(&orgs, &user).await?;
    let member = member.into_inner();
    if member == user.user_id() {
        return Err(ApiError::new(ORG_MEMBER_SELF));
    }
    let acting = ActingAs::OrgAdmin {
        user_id: user.user_id(),
    };
    change(
        &orgs,
        &accounts,
        &Actor::of(&user, &req),
        org_id,
        member,
        Membership::Remove,
        acting,
    )
    .await?;
    Ok(ApiResponse::ok(true))
}

/// Organisation administrators: names a member of their organisation an administrator or
/// drops it as one (themselves too); writes `org.member.admin`. Not an administrator → 403;
/// an account not in the organisation 1002025003; dropping the last administrator 1002025005.
#[utoipa::path(
    put,
    path = "/to/api/base/system/org/members/{userId}/admin",
    tag = "org",
    params(("userId" = i64, Path, description = "用户编号")),
    request_body = OrgAdminRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "已设置", body = ApiResponse<bool>))
)]
pub async fn set_own_org_admin(
    orgs: web::Data<OperationOrgs>,
    user: AuthUser,
    req: HttpRequest,
    member: web::Path<i64>,
    payload: web::Json<OrgAdminRequest>,
) -> ApiResult<ApiResponse<bool>> {
    let org_id = administered(&orgs, &user).await?;
    let admin = payload.flag()?;
    let acting = ActingAs::OrgAdmin {
        user_id: user.user_id(),
    };
    set_admin(
        &orgs,
        &Actor::of(&user, &req),
        org_id,
        member.into_inner(),
        admin,
        acting,
    )
    .await?;
    Ok(ApiResponse::ok(true))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrgPublishRequest {
    /// Whether the member may publish into the organisation's enterprise libraries.
    pub may_publish: Option<bool>,
}

/// Organisation administrators: gives a member of their organisation the right to publish into
/// its enterprise libraries (`enterprise:item:publish`, which the member's roles grant) or takes
/// it (themselves too); writes `org.member.publish`. The member's sessions and personal tokens
/// carry the change from their next request. Not an administrator → 403; an account not in the
/// organisation 1002025003.
#[utoipa::path(
    put,
    path = "/to/api/base/system/org/members/{userId}/publish",
    tag = "org",
    params(("userId" = i64, Path, description = "用户编号")),
    request_body = OrgPublishRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "已设置", body = ApiResponse<bool>))
)]
pub async fn set_member_publishing(
    orgs: web::Data<OperationOrgs>,
    accounts: web::Data<Accounts>,
    user: AuthUser,
    req: HttpRequest,
    member: web::Path<i64>,
    payload: web::Json<OrgPublishRequest>,
) -> ApiResult<ApiResponse<bool>> {
    let org_id = administered(&orgs, &user).await?;
    let may_publish = payload
        .may_publish
        .ok_or_else(|| ApiError::missing_parameter("mayPublish"))?;
    let acting = ActingAs::OrgAdmin {
        user_id: user.user_id(),
    };
    match orgs
        .store
        .set_member_publishing(
            org_id,
            member.into_inner(),
            may_publish,
            acting,
            &Actor::of(&user, &req),
        )
        .await?
    {
        PublishingChange::Changed { revoked } => accounts.forget(&revoked).await?,
        PublishingChange::Unchanged => {}
        PublishingChange::OrgNotFound => return Err(ApiError::new(ORG_NOT_EXISTS)),
        PublishingChange::NotAdmin => return Err(ApiError::new(global::FORBIDDEN)),
        PublishingChange::NotMember => return Err(ApiError::new(ORG_MEMBER_NOT_EXISTS)),
    }
    Ok(ApiResponse::ok(true))
}
