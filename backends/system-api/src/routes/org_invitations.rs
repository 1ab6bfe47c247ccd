//! Invitations into an organisation (docs/operations.md "Invitations"): an organisation's
//! administrator invites a platform account by its username, e-mail or mobile; the account
//! joins only when its holder accepts in the personal centre. Administrators list and withdraw
//! their organisation's pending invitations; the invitee lists, accepts and declines its own.
//! An invitee with an e-mail address is told by e-mail when an invitation is issued.

use actix_web::{web, HttpRequest};
use anyhow::Context as _;
use auth::AuthUser;
use kernel::{error::global, ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    accounts::{senders::Notice, store::UserRecord, Accounts},
    operation::{
        audit::Actor,
        orgs::{
            store::{
                ActingAs, Invitation, InvitationOutcome, InvitationRow, InvitationsOf,
                OrgAdminStore, INVITATION_DAYS,
            },
            OperationOrgs,
        },
    },
    routes::{operation::org_members::find_account, org_members::administered},
    ORG_INVITATIONS_FULL, ORG_INVITATION_NOT_EXISTS, ORG_INVITED_IN_OTHER_ORG,
    ORG_INVITEE_IN_OTHER_ORG, ORG_MEMBER_EXISTS, ORG_NOT_EXISTS, USER_NOT_EXISTS,
};

/// A pending invitation (the administrators' list and the invitee's alike).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrgInvitationView {
    pub id: i64,
    pub org_id: i64,
    pub org_name: String,
    /// The invitee.
    pub user_id: i64,
    pub username: String,
    pub nickname: String,
    /// The inviting administrator's nickname, else its username.
    pub inviter_name: String,
    /// When it was (re)issued (epoch milliseconds).
    pub create_time: i64,
    /// When it lapses unanswered (epoch milliseconds).
    pub expire_time: i64,
}

impl From<InvitationRow> for OrgInvitationView {
    fn from(row: InvitationRow) -> Self {
        Self {
            expire_time: row.expires_at().timestamp_millis(),
            id: row.id,
            org_id: row.org_id,
            org_name: row.org_name,
            user_id: row.user_id,
            username: row.username,
            nickname: row.nickname,
            inviter_name: row.inviter_name,
            create_time: row.created_at.timestamp_millis(),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteRequest {
    /// The invitee's username, e-mail or mobile.
    pub account: Option<String>,
}

/// Organisation administrators: invites a platform account into their organisation (or answers
/// the invitation already waiting for it); writes `org.invitation.create`. The account joins
/// when its holder accepts; an invitation issued now is sent to the account's e-mail address, if
/// any. Not an administrator → 403; unknown account 1002003003; already a
/// member 1002025006; in another organisation 1002025010; 100 invitations waiting already
/// 1002025007.
#[utoipa::path(
    post,
    path = "/to/api/base/system/org/invitations",
    tag = "org",
    request_body = InviteRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "邀请编号", body = ApiResponse<i64>))
)]
pub async fn invite(
    orgs: web::Data<OperationOrgs>,
    accounts: web::Data<Accounts>,
    user: AuthUser,
    req: HttpRequest,
    payload: web::Json<InviteRequest>,
) -> ApiResult<ApiResponse<i64>> {
    let org_id = administered(&orgs, &user).await?;
    let invitee = find_account(&accounts, payload.account.as_deref()).await?;
    match orgs
        .store
        .invite(org_id, invitee.id, user.user_id(), &Actor::of(&user, &req))
        .await?
    {
        Invitation::Pending { id, issued } => {
            if issued {
                // The invitation stands whether or not its notice goes out.
                if let Err(error) = notify_invitee(&orgs, accounts, invitee, id).await {
                    tracing::warn!(invitation = id, error = %format!("{error:#}"), "invitation notice not sent");
                }
            }
            Ok(ApiResponse::ok(id))
        }
        Invitation::OrgNotFound => Err(ApiError::new(ORG_NOT_EXISTS)),
        Invitation::NotAdmin => Err(ApiError::new(global::FORBIDDEN)),
        Invitation::UserNotFound => Err(ApiError::new(USER_NOT_EXISTS)),
        Invitation::AlreadyMember => Err(ApiError::new(ORG_MEMBER_EXISTS)),
        Invitation::InOtherOrg => Err(ApiError::new(ORG_INVITED_IN_OTHER_ORG)),
        Invitation::QuotaReached => Err(ApiError::new(ORG_INVITATIONS_FULL)),
    }
}

/// Tells the invitee by e-mail (when the account has an address) who invited it into which
/// organisation. The invitation is read now, as issued; the sending runs off the request: a slow
/// or failing mail relay neither delays nor fails the invitation, which waits in the personal
/// centre either way.
async fn notify_invitee(
    orgs: &OperationOrgs,
    accounts: web::Data<Accounts>,
    invitee: UserRecord,
    id: i64,
) -> anyhow::Result<()> {
    let Some(email) = invitee.email else {
        return Ok(());
    };
    let row = orgs
        .store
        .pending_invitations(InvitationsOf::User(invitee.id))
        .await?
        .into_iter()
        .find(|row| row.id == id)
        .context("the invitation just issued is not pending")?;
    let notice = invitation_notice(&row, email, accounts.public_url.as_deref());
    actix_web::rt::spawn(async move {
        if let Err(error) = accounts.email_sender.notify(&notice).await {
            tracing::warn!(invitation = id, error = %format!("{error:#}"), "invitation notice not sent");
        }
    });
    Ok(())
}

/// The e-mail telling an invitee of an invitation, in Chinese and English, with a link to the
/// personal centre (where it is accepted or declined) when the portal's address is configured.
pub fn invitation_notice(row: &InvitationRow, to: String, public_url: Option<&str>) -> Notice {
    let link = public_url.map(|url| format!("{}/user", url.trim_end_matches('/')));
    let (where_zh, where_en) = match &link {
        Some(link) => (format!("（{link}）"), format!(" ({link})")),
        None => (String::new(), String::new()),
    };
    let (inviter, org) = (&row.inviter_name, &row.org_name);
    Notice {
        to,
        subject: format!("【工程资料库】{inviter}邀请您加入「{org}」"),
        body: format!(
            "{inviter}邀请您加入组织「{org}」。请登录后在个人中心{where_zh}接受或拒绝，邀请 \
             {INVITATION_DAYS} 天内有效。如不认识对方，请忽略。\n{inviter} invited you to join {org}. \
             Sign in and accept or decline it in your personal centre{where_en}; the invitation \
             lapses in {INVITATION_DAYS} days."
        ),
    }
}

fn views(rows: Vec<InvitationRow>) -> Vec<OrgInvitationView> {
    rows.into_iter().map(OrgInvitationView::from).collect()
}

/// Organisation administrators: their organisation's invitations waiting for an answer,
/// newest first. Not an administrator → 403.
#[utoipa::path(
    get,
    path = "/to/api/base/system/org/invitations",
    tag = "org",
    security(("bearer" = [])),
    responses((status = 200, description = "待接受的邀请", body = ApiResponse<Vec<OrgInvitationView>>))
)]
pub async fn list_org_invitations(
    orgs: web::Data<OperationOrgs>,
    user: AuthUser,
) -> ApiResult<ApiResponse<Vec<OrgInvitationView>>> {
    let org_id = administered(&orgs, &user).await?;
    let rows = orgs
        .store
        .pending_invitations(InvitationsOf::Org(org_id))
        .await?;
    Ok(ApiResponse::ok(views(rows)))
}

/// Organisation administrators: withdraws one of their organisation's pending invitations;
/// writes `org.invitation.withdraw`. Not an administrator → 403; not pending (answered,
/// withdrawn, lapsed) or another organisation's 1002025008.
#[utoipa::path(
    delete,
    path = "/to/api/base/system/org/invitations/{id}",
    tag = "org",
    params(("id" = i64, Path, description = "邀请编号")),
    security(("bearer" = [])),
    responses((status = 200, description = "已撤销", body = ApiResponse<bool>))
)]
pub async fn withdraw_invitation(
    orgs: web::Data<OperationOrgs>,
    user: AuthUser,
    req: HttpRequest,
    id: web::Path<i64>,
) -> ApiResult<ApiResponse<bool>> {
    let org_id = administered(&orgs, &user).await?;
    let acting = ActingAs::OrgAdmin {
        user_id: user.user_id(),
    };
    let outcome = orgs
        .store
        .withdraw_invitation(org_id, id.into_inner(), acting, &Actor::of(&user, &req))
        .await?;
    answered(outcome)
}

/// Signed-in users: the invitations waiting for their answer (from enabled organisations),
/// newest first.
#[utoipa::path(
    get,
    path = "/to/api/base/system/user/org-invitations",
    tag = "org",
    security(("bearer" = [])),
    responses((status = 200, description = "我收到的邀请", body = ApiResponse<Vec<OrgInvitationView>>))
)]
pub async fn list_my_invitations(
    orgs: web::Data<OperationOrgs>,
    user: AuthUser,
) -> ApiResult<ApiResponse<Vec<OrgInvitationView>>> {
    let rows = orgs
        .store
        .pending_invitations(InvitationsOf::User(user.user_id()))
        .await?;
    Ok(ApiResponse::ok(views(rows)))
}

/// Signed-in users: accepts an invitation: the account joins the organisation (its sessions
/// carry it from their next request, its API keys made on the platform stop) and
/// `org.member.add` is written under its own name. Not pending, lapsed, someone else's or the
/// organisation disabled 1002025008; the account in another organisation 1002025009.
#[utoipa::path(
    post,
    path = "/to/api/base/system/user/org-invitations/{id}/accept",
    tag = "org",
    params(("id" = i64, Path, description = "邀请编号")),
    security(("bearer" = [])),
    responses((status = 200, description = "已加入", body = ApiResponse<bool>))
)]
pub async fn accept_invitation(
    orgs: web::Data<OperationOrgs>,
    accounts: web::Data<Accounts>,
    user: AuthUser,
    req: HttpRequest,
    id: web::Path<i64>,
) -> ApiResult<ApiResponse<bool>> {
    let outcome = answer(&orgs, &user, &req, id.into_inner(), true).await?;
    if let InvitationOutcome::Joined { revoked } = &outcome {
        accounts.forget(revoked).await?;
    }
    answered(outcome)
}

/// Signed-in users: declines an invitation; writes `org.invitation.decline`. Not pending,
/// lapsed or someone else's 1002025008.
#[utoipa::path(
    post,
    path = "/to/api/base/system/user/org-invitations/{id}/decline",
    tag = "org",
    params(("id" = i64, Path, description = "邀请编号")),
    security(("bearer" = [])),
    responses((status = 200, description = "已拒绝", body = ApiResponse<bool>))
)]
pub async fn decline_invitation(
    orgs: web::Data<OperationOrgs>,
    user: AuthUser,
    req: HttpRequest,
    id: web::Path<i64>,
) -> ApiResult<ApiResponse<bool>> {
    let outcome = answer(&orgs, &user, &req, id.into_inner(), false).await?;
    answered(outcome)
}

/// The signed-in user's answer to invitation `id`.
async fn answer(
    orgs: &OperationOrgs,
    user: &AuthUser,
    req: &HttpRequest,
    id: i64,
    accept: bool,
) -> anyhow::Result<InvitationOutcome> {
    orgs.store
        .answer_invitation(user.user_id(), id, accept, &Actor::of(user, req))
        .await
}

/// The answer of a withdrawal, an acceptance or a refusal (an acceptance's caller has dropped
/// the joined member's cached principals, as a membership change does).
fn answered(outcome: InvitationOutcome) -> ApiResult<ApiResponse<bool>> {
    match outcome {
        InvitationOutcome::Withdrawn
        | InvitationOutcome::Declined
        | InvitationOutcome::Joined { .. } => Ok(ApiResponse::ok(true)),
        InvitationOutcome::NotFound => Err(ApiError::new(ORG_INVITATION_NOT_EXISTS)),
        InvitationOutcome::NotAdmin => Err(ApiError::new(global::FORBIDDEN)),
        InvitationOutcome::InOtherOrg => Err(ApiError::new(ORG_INVITEE_IN_OTHER_ORG)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row() -> InvitationRow {
        InvitationRow {
            id: 3,
            org_id: 2,
            org_name: "宁波紧固件有限公司".to_owned(),
            user_id: 9,
            username: "zhang".to_owned(),
            nickname: "张工".to_owned(),
            inviter_name: "李工".to_owned(),
            created_at: chrono::Utc::now(),
        }
    }

    #[test]
    fn the_notice_names_the_inviter_the_organisation_and_where_to_answer() {
        let notice = invitation_notice(
            &row(),
            "zhang@example.com".to_owned(),
            Some("https://portal.example.com/"),
        );
        assert_eq!(notice.to, "zhang@example.com");
        assert_eq!(
            notice.subject,
            "【工程资料库】李工邀请您加入「宁波紧固件有限公司」"
        );
        assert!(
            notice.body.starts_with(
                "李工邀请您加入组织「宁波紧固件有限公司」。请登录后在个人中心（https://portal.example.com/user）接受或拒绝，邀请 7 天内有效。"
            ),
            "{}",
            notice.body
        );
        assert!(notice
            .body
            .contains("(https://portal.example.com/user); the invitation lapses in 7 days."));
    }

    #[test]
    fn without_the_portal_address_the_notice_has_no_link() {
        let notice = invitation_notice(&row(), "zhang@example.com".to_owned(), None);
        assert!(!notice.body.contains("http"), "{}", notice.body);
        assert!(
            notice.body.contains("个人中心接受或拒绝"),
            "{}",
            notice.body
        );
    }
}
