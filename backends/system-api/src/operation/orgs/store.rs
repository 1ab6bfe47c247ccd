//! The operators' organisation store: the page (with member counts) and the changes, each one
//! transaction with its audit entry. A change that alters what a signed-in person may do
//! answers the digests of the tokens whose cached principals must go (the caller drops them
//! from the caches, as a logout does): a member's sessions, personal tokens and API keys when
//! they move between organisations; the organisation's API keys when it is disabled.

use anyhow::Context;
use chrono::{DateTime, Duration, Utc};
use serde_json::{json, Value};
use sqlx::{PgPool, SqlitePool};

use super::{is_reserved, BLOCKED_ORG, PLATFORM_ORG};
use crate::{
    accounts::store::{business_scope_codes as scope_codes, now},
    operation::{
        audit::{
            Actor, AuditEntry, ACTION_ORG_CREATE, ACTION_ORG_INVITATION_CREATE,
            ACTION_ORG_INVITATION_DECLINE, ACTION_ORG_INVITATION_WITHDRAW, ACTION_ORG_MEMBER_ADD,
            ACTION_ORG_MEMBER_ADMIN, ACTION_ORG_MEMBER_PUBLISH, ACTION_ORG_MEMBER_REMOVE,
            ACTION_ORG_UPDATE, TARGET_ORG, TARGET_USER,
        },
        page::Paging,
    },
};

/// One row of the page.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OrgRow {
    pub id: i64,
    pub name: String,
    pub enabled: bool,
    /// Comma-separated codes, as stored (`OrgRecord::business_scope_codes` reads them).
    pub business_scope: String,
    pub created_at: DateTime<Utc>,
    pub member_count: i64,
}

impl OrgRow {
    pub fn business_scope_codes(&self) -> Vec<i64> {
        scope_codes(&self.business_scope)
    }

    fn state(&self) -> Value {
        org_state(&self.name, self.enabled, &self.business_scope)
    }
}

/// An organisation as its audit entries show it.
fn org_state(name: &str, enabled: bool, stored_scope: &str) -> Value {
    json!({"name": name, "enabled": enabled, "businessScope": scope_codes(stored_scope)})
}

fn scope_text(codes: &[i64]) -> String {
    let mut codes = codes.to_vec();
    codes.sort_unstable();
    codes.dedup();
    codes
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Page filters (all optional, combined with AND). The system's organisations (0 and 1) are
/// never listed.
#[derive(Debug, Clone, Default)]
pub struct OrgFilter {
    /// A `LIKE` pattern (`operation::text::contains_pattern`) over the name.
    pub keyword_pattern: Option<String>,
    pub enabled: Option<bool>,
}

/// A new organisation (validated by the route).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewOrg {
    pub name: String,
    pub business_scope: Vec<i64>,
}

/// A change of an organisation: the fields given are set, the others kept.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OrgUpdate {
    pub name: Option<String>,
    pub business_scope: Option<Vec<i64>>,
    pub enabled: Option<bool>,
}

/// What creating an organisation did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrgCreation {
    Created { id: i64 },
    NameTaken,
}

/// What changing an organisation did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrgChange {
    /// Unknown, or one of the system's organisations.
    NotFound,
    NameTaken,
    /// Nothing differed: nothing written, no audit entry.
    Unchanged,
    /// Changed; `revoked`: the digests of the organisation's API keys when it was disabled.
    Changed {
        revoked: Vec<String>,
    },
}

/// Which way a member moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Membership {
    /// Into the organisation, from the platform (an account in another organisation is refused).
    Add,
    /// Back to the platform (an account not in the organisation is refused).
    Remove,
}

/// On whose authority a member changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActingAs {
    /// An operator (the route checked `system:org:update`).
    Operator,
    /// An administrator of the organisation: checked inside the change's transaction, after
    /// the organisation is locked, so that of two administrators removing (or demoting) each
    /// other at once the second finds it is no longer one.
    OrgAdmin { user_id: i64 },
}

/// What a membership change did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MembershipChange {
    OrgNotFound,
    /// `ActingAs::OrgAdmin`: the actor no longer administers the (enabled) organisation.
    NotAdmin,
    UserNotFound,
    /// Add: the account belongs to another organisation (`org_id`); it must leave it first.
    InOtherOrg {
        org_id: i64,
    },
    /// Remove: the account is not a member.
    NotMember,
    /// Add: already a member; nothing written.
    Unchanged,
    /// Moved; `revoked`: the digests of the account's live sessions, personal tokens and API
    /// keys, whose cached principals still name the old organisation.
    Changed {
        revoked: Vec<String>,
    },
}

/// What naming or dropping an administrator did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AdminChange {
    OrgNotFound,
    /// `ActingAs::OrgAdmin`: the actor no longer administers the (enabled) organisation.
    NotAdmin,
    /// The account is not a member of the organisation.
    NotMember,
    /// `ActingAs::OrgAdmin` dropping the organisation's last administrator (operators may).
    LastAdmin,
    /// The member already had that standing: nothing written, no audit entry.
    Unchanged,
    Changed,
}

/// What giving or taking a member's right to publish did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PublishingChange {
    OrgNotFound,
    /// The actor no longer administers the (enabled) organisation.
    NotAdmin,
    /// The account is not a member of the organisation.
    NotMember,
    /// Nothing written, no audit entry.
    Unchanged,
    /// `revoked`: the digests of the member's credentials, whose cached principals carry the
    /// old permissions.
    Changed {
        revoked: Vec<String>,
    },
}

/// Why a member's flag could not be changed (each change answers it in its own terms).
enum FlagRefusal {
    OrgNotFound,
    NotAdmin,
    NotMember,
}

impl From<FlagRefusal> for AdminChange {
    fn from(refusal: FlagRefusal) -> Self {
        match refusal {
            FlagRefusal::OrgNotFound => Self::OrgNotFound,
            FlagRefusal::NotAdmin => Self::NotAdmin,
            FlagRefusal::NotMember => Self::NotMember,
        }
    }
}

impl From<FlagRefusal> for PublishingChange {
    fn from(refusal: FlagRefusal) -> Self {
        match refusal {
            FlagRefusal::OrgNotFound => Self::OrgNotFound,
            FlagRefusal::NotAdmin => Self::NotAdmin,
            FlagRefusal::NotMember => Self::NotMember,
        }
    }
}

/// How long an invitation waits for its answer after it was (re)issued.
pub const INVITATION_DAYS: i64 = 7;
/// Pending invitations one organisation may have at once: an administrator cannot flood the
/// platform's accounts with them.
pub const PENDING_INVITATIONS_MAX: i64 = 100;
const INVITATION_PENDING: i32 = 0;
const INVITATION_ACCEPTED: i32 = 1;
const INVITATION_DECLINED: i32 = 2;
const INVITATION_WITHDRAWN: i32 = 3;

/// A pending invitation, as the organisation's administrators and the invitee see it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct InvitationRow {
    pub id: i64,
    pub org_id: i64,
    pub org_name: String,
    pub user_id: i64,
    pub username: String,
    pub nickname: String,
    /// The inviting administrator's nickname, else its username.
    pub inviter_name: String,
    pub created_at: DateTime<Utc>,
}

impl InvitationRow {
    pub fn expires_at(&self) -> DateTime<Utc> {
        self.created_at + Duration::days(INVITATION_DAYS)
    }
}

/// Whose pending invitations to list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InvitationsOf {
    /// An organisation's (for its administrators).
    Org(i64),
    /// An account's (for the invitee), from enabled organisations only.
    User(i64),
}

/// What inviting an account did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Invitation {
    OrgNotFound,
    /// The inviter no longer administers the (enabled) organisation.
    NotAdmin,
    UserNotFound,
    AlreadyMember,
    /// The account belongs to another organisation; it must leave it first.
    InOtherOrg,
    /// `PENDING_INVITATIONS_MAX` invitations wait for their answers already.
    QuotaReached,
    /// The pending invitation: new, re-issued (an expired one), or the one already waiting.
    Pending {
        id: i64,
        /// Written now (new or re-issued), not the one already waiting: the invitee is told.
        issued: bool,
    },
}

/// What withdrawing an invitation, or answering one, did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InvitationOutcome {
    /// Unknown, not pending any more, expired, someone else's, or its organisation is gone
    /// or disabled.
    NotFound,
    /// Withdrawing: the actor no longer administers the organisation.
    NotAdmin,
    /// Accepting: the account belongs to another organisation now.
    InOtherOrg,
    Withdrawn,
    Declined,
    /// Accepted; `revoked`: the digests of the account's credentials whose cached principals
    /// still name the platform (as a membership change answers).
    Joined {
        revoked: Vec<String>,
    },
}

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait OrgAdminStore {
    /// Newest organisation first; answers the page and the total count.
    async fn page_orgs(
        &self,
        filter: &OrgFilter,
        paging: Paging,
    ) -> anyhow::Result<(Vec<OrgRow>, i64)>;
    /// Creates an enabled organisation.
    async fn create_org(&self, org: &NewOrg, actor: &Actor) -> anyhow::Result<OrgCreation>;
    async fn update_org(
        &self,
        id: i64,
        update: &OrgUpdate,
        actor: &Actor,
    ) -> anyhow::Result<OrgChange>;
    /// Moves `user_id` into organisation `org_id` or out of it back to the platform.
    async fn change_membership(
        &self,
        org_id: i64,
        user_id: i64,
        membership: Membership,
        acting: ActingAs,
        actor: &Actor,
    ) -> anyhow::Result<MembershipChange>;
    /// Names `user_id`, a member, an administrator of `org_id` or drops it as one.
    async fn set_org_admin(
        &self,
        org_id: i64,
        user_id: i64,
        admin: bool,
        acting: ActingAs,
        actor: &Actor,
    ) -> anyhow::Result<AdminChange>;
    /// Gives `user_id`, a member of `org_id`, the right to publish into the organisation's
    /// enterprise libraries or takes it.
    async fn set_member_publishing(
        &self,
        org_id: i64,
        user_id: i64,
        may_publish: bool,
        acting: ActingAs,
        actor: &Actor,
    ) -> anyhow::Result<PublishingChange>;
    /// The organisation `user_id` administers: enabled, the account enabled and flagged.
    async fn administered_org(&self, user_id: i64) -> anyhow::Result<Option<i64>>;
    /// `inviter`, an administrator of `org_id`, invites the platform account `user_id`.
    async fn invite(
        &self,
        org_id: i64,
        user_id: i64,
        inviter: i64,
        actor: &Actor,
    ) -> anyhow::Result<Invitation>;
    /// Pending, unexpired invitations, newest first (at most `PENDING_INVITATIONS_MAX`).
    async fn pending_invitations(&self, of: InvitationsOf) -> anyhow::Result<Vec<InvitationRow>>;
    /// An administrator of `org_id` withdraws one of its pending invitations.
    async fn withdraw_invitation(
        &self,
        org_id: i64,
        id: i64,
        acting: ActingAs,
        actor: &Actor,
    ) -> anyhow::Result<InvitationOutcome>;
    /// The invitee `user_id` accepts (joins the organisation) or declines invitation `id`.
    async fn answer_invitation(
        &self,
        user_id: i64,
        id: i64,
        accept: bool,
        actor: &Actor,
    ) -> anyhow::Result<InvitationOutcome>;
}

const SELECT_ORGS: &str = "SELECT o.id, o.name, o.enabled, o.business_scope, o.created_at, \
     (SELECT COUNT(*) FROM app_user u WHERE u.org_id = o.id) AS member_count FROM org o";

macro_rules! org_admin_store {
    ($store:ident, $pool:ty, $db:ty, $lock:expr, $lock_names:expr, $accounts:ident, $audit:ident) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }
        }

        fn push_filter(builder: &mut sqlx::QueryBuilder<'_, $db>, filter: &OrgFilter) {
            builder
                .push(" WHERE o.id NOT IN (")
                .push_bind(PLATFORM_ORG)
                .push(", ")
                .push_bind(BLOCKED_ORG)
                .push(")");
            if let Some(enabled) = filter.enabled {
                builder.push(" AND o.enabled = ").push_bind(enabled);
            }
            if let Some(pattern) = &filter.keyword_pattern {
                builder
                    .push(" AND LOWER(o.name) LIKE ")
                    .push_bind(pattern.clone())
                    .push(" ESCAPE '\\'");
            }
        }

        /// The organisation's row, locked for the change (PostgreSQL; SQLite holds the
        /// database's write lock already). `None` for unknown and system organisations.
        async fn locked_org(
            tx: &mut sqlx::Transaction<'_, $db>,
            id: i64,
        ) -> anyhow::Result<Option<OrgRow>> {
            if is_reserved(id) {
                return Ok(None);
            }
            sqlx::query_as(&format!("{SELECT_ORGS} WHERE o.id = $1{}", $lock))
                .bind(id)
                .fetch_optional(&mut **tx)
                .await
                .context("reading the organisation")
        }

        /// The first steps of changing one of a member's flags (`column` of `app_user`): the
        /// organisation locked, the actor's standing checked again under that lock, and the
        /// member's current value, its row locked too.
        async fn locked_member_flag(
            tx: &mut sqlx::Transaction<'_, $db>,
            org_id: i64,
            user_id: i64,
            column: &str,
            acting: ActingAs,
        ) -> anyhow::Result<Result<(OrgRow, bool), FlagRefusal>> {
            let Some(org) = locked_org(tx, org_id).await? else {
                return Ok(Err(FlagRefusal::OrgNotFound));
            };
            if !may_act(tx, &org, acting).await? {
                return Ok(Err(FlagRefusal::NotAdmin));
            }
            let current: Option<bool> = sqlx::query_scalar(&format!(
                "SELECT {column} FROM app_user WHERE id = $1 AND org_id = $2{}",
                $lock
            ))
            .bind(user_id)
            .bind(org_id)
            .fetch_optional(&mut **tx)
            .await
            .context("reading the member")?;
            Ok(current.map(|current| (org, current)).ok_or(FlagRefusal::NotMember))
        }

        /// Stores a member's flag (`column` of `app_user`) and its audit entry.
        async fn store_member_flag(
            tx: &mut sqlx::Transaction<'_, $db>,
            user_id: i64,
            column: &str,
            value: bool,
            entry: &AuditEntry<'_>,
        ) -> anyhow::Result<()> {
            sqlx::query(&format!(
                "UPDATE app_user SET {column} = $2, updated_at = $3 WHERE id = $1"
            ))
            .bind(user_id)
            .bind(value)
            .bind(now())
            .execute(&mut **tx)
            .await
            .with_context(|| format!("storing the member's {column}"))?;
            crate::operation::audit::store::$audit::record(&mut **tx, entry).await
        }

        /// Whether another organisation has `name` (whatever its case). The names are locked
        /// first (PostgreSQL), so that two operators cannot both find "Acme" and "ACME" free.
        async fn name_taken(
            tx: &mut sqlx::Transaction<'_, $db>,
            name: &str,
            except: i64,
        ) -> anyhow::Result<bool> {
            if !$lock_names.is_empty() {
                sqlx::query($lock_names)
                    .execute(&mut **tx)
                    .await
                    .context("locking the organisation names")?;
            }
            let found: Option<i64> =
                sqlx::query_scalar("SELECT id FROM org WHERE LOWER(name) = LOWER($1) AND id <> $2")
                    .bind(name)
                    .bind(except)
                    .fetch_optional(&mut **tx)
                    .await
                    .context("looking for the organisation name")?;
            Ok(found.is_some())
        }

        /// Whether `acting` may change the locked organisation's members: an operator always,
        /// an organisation administrator while it is one of this enabled organisation.
        async fn may_act(
            tx: &mut sqlx::Transaction<'_, $db>,
            org: &OrgRow,
            acting: ActingAs,
        ) -> anyhow::Result<bool> {
            let ActingAs::OrgAdmin { user_id } = acting else {
                return Ok(true);
            };
            if !org.enabled {
                return Ok(false);
            }
            let admin: Option<bool> = sqlx::query_scalar(
                "SELECT org_admin FROM app_user WHERE id = $1 AND org_id = $2 AND status = 0",
            )
            .bind(user_id)
            .bind(org.id)
            .fetch_optional(&mut **tx)
            .await
            .context("reading the acting administrator")?;
            Ok(admin == Some(true))
        }

        /// Moves the account into organisation `target` (the platform: 0), clearing its
        /// administrator flag; answers the digests of its credentials, whose cached principals
        /// still name the old organisation.
        async fn move_member(
            tx: &mut sqlx::Transaction<'_, $db>,
            user_id: i64,
            target: i64,
            now: DateTime<Utc>,
        ) -> anyhow::Result<Vec<String>> {
            // An administrator of one organisation is none of the next; what one organisation
            // took away does not follow the account into the next.
            sqlx::query(
                "UPDATE app_user SET org_id = $2, org_admin = FALSE, org_may_publish = TRUE, \
                 updated_at = $3 WHERE id = $1",
            )
            .bind(user_id)
            .bind(target)
            .bind(now)
            .execute(&mut **tx)
            .await
            .context("storing the account's organisation")?;
            crate::accounts::store::$accounts::credential_digests(
                tx,
                "user_id = $1",
                user_id,
                now,
                &["personal_access_token", "open_api_key"],
            )
            .await
        }

        /// The account's organisation, its row locked for the change.
        async fn locked_account_org(
            tx: &mut sqlx::Transaction<'_, $db>,
            user_id: i64,
        ) -> anyhow::Result<Option<i64>> {
            sqlx::query_scalar(&format!("SELECT org_id FROM app_user WHERE id = $1{}", $lock))
                .bind(user_id)
                .fetch_optional(&mut **tx)
                .await
                .context("reading the account")
        }

        /// Closes a pending invitation with `status`.
        async fn decide(
            tx: &mut sqlx::Transaction<'_, $db>,
            id: i64,
            status: i32,
            now: DateTime<Utc>,
        ) -> anyhow::Result<()> {
            sqlx::query("UPDATE org_invitation SET status = $2, decided_at = $3 WHERE id = $1")
                .bind(id)
                .bind(status)
                .bind(now)
                .execute(&mut **tx)
                .await
                .context("closing the invitation")
                .map(drop)
        }

        impl OrgAdminStore for $store {
            async fn page_orgs(
                &self,
                filter: &OrgFilter,
                paging: Paging,
            ) -> anyhow::Result<(Vec<OrgRow>, i64)> {
                let mut count = sqlx::QueryBuilder::<$db>::new("SELECT COUNT(*) FROM org o");
                push_filter(&mut count, filter);
                let total: i64 = count
                    .build_query_scalar()
                    .fetch_one(&self.pool)
                    .await
                    .context("counting organisations")?;
                let mut list = sqlx::QueryBuilder::<$db>::new(SELECT_ORGS);
                push_filter(&mut list, filter);
                list.push(" ORDER BY o.id DESC LIMIT ")
                    .push_bind(paging.limit)
                    .push(" OFFSET ")
                    .push_bind(paging.offset);
                let rows = list
                    .build_query_as()
                    .fetch_all(&self.pool)
                    .await
                    .context("listing organisations")?;
                Ok((rows, total))
            }

            async fn create_org(&self, org: &NewOrg, actor: &Actor) -> anyhow::Result<OrgCreation> {
                let now = now();
                let mut tx = crate::accounts::store::$accounts::begin_write(&self.pool).await?;
                if name_taken(&mut tx, &org.name, -1).await? {
                    return Ok(OrgCreation::NameTaken);
                }
                let scope = scope_text(&org.business_scope);
                let inserted = sqlx::query_scalar(
                    "INSERT INTO org (name, enabled, business_scope, created_at, updated_at) \
                     VALUES ($1, $2, $3, $4, $4) RETURNING id",
                )
                .bind(&org.name)
                .bind(true)
                .bind(&scope)
                .bind(now)
                .fetch_one(&mut *tx)
                .await;
                let id: i64 = match inserted {
                    Ok(id) => id,
                    // Another operator created the same name between the check and the insert.
                    Err(error) if crate::accounts::store::is_unique_violation(&error) => return Ok(OrgCreation::NameTaken),
                    Err(error) => return Err(error).context("storing the organisation"),
                };
                let entry = AuditEntry {
                    actor,
                    action: ACTION_ORG_CREATE,
                    target_type: TARGET_ORG,
                    target_id: id.to_string(),
                    before: json!({}),
                    after: org_state(&org.name, true, &scope),
                };
                crate::operation::audit::store::$audit::record(&mut *tx, &entry).await?;
                tx.commit().await.context("committing the new organisation")?;
                Ok(OrgCreation::Created { id })
            }

            async fn update_org(
                &self,
                id: i64,
                update: &OrgUpdate,
                actor: &Actor,
            ) -> anyhow::Result<OrgChange> {
                let now = now();
                let mut tx = crate::accounts::store::$accounts::begin_write(&self.pool).await?;
                let Some(current) = locked_org(&mut tx, id).await? else {
                    return Ok(OrgChange::NotFound);
                };
                let name = update.name.clone().unwrap_or_else(|| current.name.clone());
                let scope = update
                    .business_scope
                    .as_deref()
                    .map(scope_text)
                    .unwrap_or_else(|| scope_text(&current.business_scope_codes()));
                let enabled = update.enabled.unwrap_or(current.enabled);
                if name == current.name
                    && scope == scope_text(&current.business_scope_codes())
                    && enabled == current.enabled
                {
                    return Ok(OrgChange::Unchanged);
                }
                if name != current.name && name_taken(&mut tx, &name, id).await? {
                    return Ok(OrgChange::NameTaken);
                }
                let updated = sqlx::query(
                    "UPDATE org SET name = $2, business_scope = $3, enabled = $4, updated_at = $5 \
                     WHERE id = $1",
                )
                .bind(id)
                .bind(&name)
                .bind(&scope)
                .bind(enabled)
                .bind(now)
                .execute(&mut *tx)
                .await;
                match updated {
                    Ok(_) => {}
                    Err(error) if crate::accounts::store::is_unique_violation(&error) => return Ok(OrgChange::NameTaken),
                    Err(error) => return Err(error).context("storing the organisation"),
                }
                // A disabled organisation's API keys are refused from their next look-up; the
                // caller drops their cached principals so that they stop now.
                let revoked: Vec<String> = if current.enabled && !enabled {
                    sqlx::query_scalar(
                        "SELECT token_hash FROM open_api_key WHERE org_id = $1 AND revoked_at IS NULL",
                    )
                    .bind(id)
                    .fetch_all(&mut *tx)
                    .await
                    .context("listing the organisation's API keys")?
                } else {
                    Vec::new()
                };
                let entry = AuditEntry {
                    actor,
                    action: ACTION_ORG_UPDATE,
                    target_type: TARGET_ORG,
                    target_id: id.to_string(),
                    before: current.state(),
                    after: org_state(&name, enabled, &scope),
                };
                crate::operation::audit::store::$audit::record(&mut *tx, &entry).await?;
                tx.commit().await.context("committing the organisation change")?;
                Ok(OrgChange::Changed { revoked })
            }

            async fn change_membership(
                &self,
                org_id: i64,
                user_id: i64,
                membership: Membership,
                acting: ActingAs,
                actor: &Actor,
            ) -> anyhow::Result<MembershipChange> {
                let now = now();
                let mut tx = crate::accounts::store::$accounts::begin_write(&self.pool).await?;
                let Some(org) = locked_org(&mut tx, org_id).await? else {
                    return Ok(MembershipChange::OrgNotFound);
                };
                if !may_act(&mut tx, &org, acting).await? {
                    return Ok(MembershipChange::NotAdmin);
                }
                let Some(current) = locked_account_org(&mut tx, user_id).await? else {
                    return Ok(MembershipChange::UserNotFound);
                };
                let (target, action) = match membership {
                    Membership::Add if current == org_id => return Ok(MembershipChange::Unchanged),
                    Membership::Add if current != PLATFORM_ORG => {
                        return Ok(MembershipChange::InOtherOrg { org_id: current })
                    }
                    Membership::Add => (org_id, ACTION_ORG_MEMBER_ADD),
                    Membership::Remove if current != org_id => {
                        return Ok(MembershipChange::NotMember)
                    }
                    Membership::Remove => (PLATFORM_ORG, ACTION_ORG_MEMBER_REMOVE),
                };
                // Every principal cached for this account names the old organisation.
                let revoked = move_member(&mut tx, user_id, target, now).await?;
                let entry = AuditEntry {
                    actor,
                    action,
                    target_type: TARGET_USER,
                    target_id: user_id.to_string(),
                    before: json!({"orgId": current}),
                    after: json!({"orgId": target, "orgName": org.name}),
                };
                crate::operation::audit::store::$audit::record(&mut *tx, &entry).await?;
                tx.commit().await.context("committing the membership change")?;
                Ok(MembershipChange::Changed { revoked })
            }

            async fn set_org_admin(
                &self,
                org_id: i64,
                user_id: i64,
                admin: bool,
                acting: ActingAs,
                actor: &Actor,
            ) -> anyhow::Result<AdminChange> {
                let mut tx = crate::accounts::store::$accounts::begin_write(&self.pool).await?;
                let (org, current) = match locked_member_flag(&mut tx, org_id, user_id, "org_admin", acting).await? {
                    Ok(found) => found,
                    Err(refusal) => return Ok(refusal.into()),
                };
                if current == admin {
                    return Ok(AdminChange::Unchanged);
                }
                if !admin && matches!(acting, ActingAs::OrgAdmin { .. }) {
                    let others: i64 = sqlx::query_scalar(
                        "SELECT COUNT(*) FROM app_user WHERE org_id = $1 AND org_admin \
                         AND status = 0 AND id <> $2",
                    )
                    .bind(org_id)
                    .bind(user_id)
                    .fetch_one(&mut *tx)
                    .await
                    .context("counting the administrators")?;
                    if others == 0 {
                        return Ok(AdminChange::LastAdmin);
                    }
                }
                let entry = AuditEntry {
                    actor,
                    action: ACTION_ORG_MEMBER_ADMIN,
                    target_type: TARGET_USER,
                    target_id: user_id.to_string(),
                    before: json!({"orgId": org_id, "orgAdmin": current}),
                    after: json!({"orgId": org_id, "orgName": org.name, "orgAdmin": admin}),
                };
                store_member_flag(&mut tx, user_id, "org_admin", admin, &entry).await?;
                tx.commit().await.context("committing the administrator change")?;
                Ok(AdminChange::Changed)
            }

            async fn set_member_publishing(
                &self,
                org_id: i64,
                user_id: i64,
                may_publish: bool,
                acting: ActingAs,
                actor: &Actor,
            ) -> anyhow::Result<PublishingChange> {
                let mut tx = crate::accounts::store::$accounts::begin_write(&self.pool).await?;
                let column = "org_may_publish";
                let (org, current) = match locked_member_flag(&mut tx, org_id, user_id, column, acting).await? {
                    Ok(found) => found,
                    Err(refusal) => return Ok(refusal.into()),
                };
                if current == may_publish {
                    return Ok(PublishingChange::Unchanged);
                }
                let entry = AuditEntry {
                    actor,
                    action: ACTION_ORG_MEMBER_PUBLISH,
                    target_type: TARGET_USER,
                    target_id: user_id.to_string(),
                    before: json!({"orgId": org_id, "mayPublish": current}),
                    after: json!({"orgId": org_id, "orgName": org.name, "mayPublish": may_publish}),
                };
                store_member_flag(&mut tx, user_id, column, may_publish, &entry).await?;
                // Sessions and personal tokens carry the permissions; API keys only their scopes.
                let revoked = crate::accounts::store::$accounts::credential_digests(
                    &mut tx,
                    "user_id = $1",
                    user_id,
                    now(),
                    &["personal_access_token"],
                )
                .await?;
                tx.commit().await.context("committing the right to publish")?;
                Ok(PublishingChange::Changed { revoked })
            }

            async fn administered_org(&self, user_id: i64) -> anyhow::Result<Option<i64>> {
                sqlx::query_scalar(
                    "SELECT u.org_id FROM app_user u JOIN org o ON o.id = u.org_id \
                     WHERE u.id = $1 AND u.org_admin AND u.status = 0 AND o.enabled \
                     AND u.org_id NOT IN ($2, $3)",
                )
                .bind(user_id)
                .bind(PLATFORM_ORG)
                .bind(BLOCKED_ORG)
                .fetch_optional(&self.pool)
                .await
                .context("reading the administered organisation")
            }

            async fn invite(
                &self,
                org_id: i64,
                user_id: i64,
                inviter: i64,
                actor: &Actor,
            ) -> anyhow::Result<Invitation> {
                let now = now();
                let cutoff = now - Duration::days(INVITATION_DAYS);
                let mut tx = crate::accounts::store::$accounts::begin_write(&self.pool).await?;
                let Some(org) = locked_org(&mut tx, org_id).await? else {
                    return Ok(Invitation::OrgNotFound);
                };
                if !may_act(&mut tx, &org, ActingAs::OrgAdmin { user_id: inviter }).await? {
                    return Ok(Invitation::NotAdmin);
                }
                match locked_account_org(&mut tx, user_id).await? {
                    None => return Ok(Invitation::UserNotFound),
                    Some(current) if current == org_id => return Ok(Invitation::AlreadyMember),
                    Some(current) if current != PLATFORM_ORG => return Ok(Invitation::InOtherOrg),
                    Some(_) => {}
                }
                // Every writer of an organisation's invitations holds its row: no other lock.
                let existing: Option<(i64, DateTime<Utc>)> = sqlx::query_as(
                    "SELECT id, created_at FROM org_invitation \
                     WHERE org_id = $1 AND user_id = $2 AND status = $3",
                )
                .bind(org_id)
                .bind(user_id)
                .bind(INVITATION_PENDING)
                .fetch_optional(&mut *tx)
                .await
                .context("reading the pending invitation")?;
                if let Some((id, created_at)) = existing {
                    if created_at > cutoff {
                        return Ok(Invitation::Pending { id, issued: false });
                    }
                }
                let pending: i64 = sqlx::query_scalar(
                    "SELECT COUNT(*) FROM org_invitation \
                     WHERE org_id = $1 AND status = $2 AND created_at > $3",
                )
                .bind(org_id)
                .bind(INVITATION_PENDING)
                .bind(cutoff)
                .fetch_one(&mut *tx)
                .await
                .context("counting the pending invitations")?;
                if pending >= PENDING_INVITATIONS_MAX {
                    return Ok(Invitation::QuotaReached);
                }
                let id = match existing {
                    // An expired one is issued again (the unique index holds one pending).
                    Some((id, _)) => {
                        sqlx::query(
                            "UPDATE org_invitation SET created_at = $2, inviter_id = $3 WHERE id = $1",
                        )
                        .bind(id)
                        .bind(now)
                        .bind(inviter)
                        .execute(&mut *tx)
                        .await
                        .context("issuing the invitation again")?;
                        id
                    }
                    None => sqlx::query_scalar(
                        "INSERT INTO org_invitation (org_id, user_id, inviter_id, status, created_at) \
                         VALUES ($1, $2, $3, $4, $5) RETURNING id",
                    )
                    .bind(org_id)
                    .bind(user_id)
                    .bind(inviter)
                    .bind(INVITATION_PENDING)
                    .bind(now)
                    .fetch_one(&mut *tx)
                    .await
                    .context("storing the invitation")?,
                };
                let entry = AuditEntry {
                    actor,
                    action: ACTION_ORG_INVITATION_CREATE,
                    target_type: TARGET_USER,
                    target_id: user_id.to_string(),
                    before: json!({}),
                    after: json!({"orgId": org_id, "orgName": org.name, "invitationId": id}),
                };
                crate::operation::audit::store::$audit::record(&mut *tx, &entry).await?;
                tx.commit().await.context("committing the invitation")?;
                Ok(Invitation::Pending { id, issued: true })
            }

            async fn pending_invitations(
                &self,
                of: InvitationsOf,
            ) -> anyhow::Result<Vec<InvitationRow>> {
                let cutoff = now() - Duration::days(INVITATION_DAYS);
                let (condition, bound) = match of {
                    InvitationsOf::Org(id) => ("v.org_id = $1", id),
                    InvitationsOf::User(id) => ("v.user_id = $1 AND o.enabled", id),
                };
                sqlx::query_as(&format!(
                    "SELECT v.id, v.org_id, o.name AS org_name, v.user_id, u.username, u.nickname, \
                     COALESCE(NULLIF(i.nickname, ''), i.username) AS inviter_name, v.created_at \
                     FROM org_invitation v JOIN org o ON o.id = v.org_id \
                     JOIN app_user u ON u.id = v.user_id JOIN app_user i ON i.id = v.inviter_id \
                     WHERE {condition} AND v.status = $2 AND v.created_at > $3 \
                     ORDER BY v.id DESC LIMIT $4"
                ))
                .bind(bound)
                .bind(INVITATION_PENDING)
                .bind(cutoff)
                .bind(PENDING_INVITATIONS_MAX)
                .fetch_all(&self.pool)
                .await
                .context("listing the pending invitations")
            }

            async fn withdraw_invitation(
                &self,
                org_id: i64,
                id: i64,
                acting: ActingAs,
                actor: &Actor,
            ) -> anyhow::Result<InvitationOutcome> {
                let now = now();
                let mut tx = crate::accounts::store::$accounts::begin_write(&self.pool).await?;
                let Some(org) = locked_org(&mut tx, org_id).await? else {
                    return Ok(InvitationOutcome::NotFound);
                };
                if !may_act(&mut tx, &org, acting).await? {
                    return Ok(InvitationOutcome::NotAdmin);
                }
                let invitee: Option<i64> = sqlx::query_scalar(
                    "SELECT user_id FROM org_invitation WHERE id = $1 AND org_id = $2 AND status = $3",
                )
                .bind(id)
                .bind(org_id)
                .bind(INVITATION_PENDING)
                .fetch_optional(&mut *tx)
                .await
                .context("reading the invitation")?;
                let Some(invitee) = invitee else {
                    return Ok(InvitationOutcome::NotFound);
                };
                decide(&mut tx, id, INVITATION_WITHDRAWN, now).await?;
                let entry = AuditEntry {
                    actor,
                    action: ACTION_ORG_INVITATION_WITHDRAW,
                    target_type: TARGET_USER,
                    target_id: invitee.to_string(),
                    before: json!({"orgId": org_id, "invitationId": id}),
                    after: json!({}),
                };
                crate::operation::audit::store::$audit::record(&mut *tx, &entry).await?;
                tx.commit().await.context("committing the withdrawal")?;
                Ok(InvitationOutcome::Withdrawn)
            }

            async fn answer_invitation(
                &self,
                user_id: i64,
                id: i64,
                accept: bool,
                actor: &Actor,
            ) -> anyhow::Result<InvitationOutcome> {
                let now = now();
                let cutoff = now - Duration::days(INVITATION_DAYS);
                let mut tx = crate::accounts::store::$accounts::begin_write(&self.pool).await?;
                // The organisation first, then the invitation under its lock (the order every
                // writer of an organisation's invitations keeps: no deadlock with a withdrawal).
                let org_id: Option<i64> = sqlx::query_scalar(
                    "SELECT org_id FROM org_invitation WHERE id = $1 AND user_id = $2",
                )
                .bind(id)
                .bind(user_id)
                .fetch_optional(&mut *tx)
                .await
                .context("reading the invitation")?;
                let Some(org_id) = org_id else {
                    return Ok(InvitationOutcome::NotFound);
                };
                let Some(org) = locked_org(&mut tx, org_id).await? else {
                    return Ok(InvitationOutcome::NotFound);
                };
                let pending: Option<i64> = sqlx::query_scalar(
                    "SELECT id FROM org_invitation WHERE id = $1 AND status = $2 AND created_at > $3",
                )
                .bind(id)
                .bind(INVITATION_PENDING)
                .bind(cutoff)
                .fetch_optional(&mut *tx)
                .await
                .context("reading the invitation")?;
                if pending.is_none() || !org.enabled {
                    return Ok(InvitationOutcome::NotFound);
                }
                if !accept {
                    decide(&mut tx, id, INVITATION_DECLINED, now).await?;
                    let entry = AuditEntry {
                        actor,
                        action: ACTION_ORG_INVITATION_DECLINE,
                        target_type: TARGET_USER,
                        target_id: user_id.to_string(),
                        before: json!({"orgId": org_id, "invitationId": id}),
                        after: json!({}),
                    };
                    crate::operation::audit::store::$audit::record(&mut *tx, &entry).await?;
                    tx.commit().await.context("committing the answer")?;
                    return Ok(InvitationOutcome::Declined);
                }
                let revoked = match locked_account_org(&mut tx, user_id).await? {
                    None => return Ok(InvitationOutcome::NotFound),
                    // Joined meanwhile (an operator added the account): the invitation is done.
                    Some(current) if current == org_id => Vec::new(),
                    Some(current) if current != PLATFORM_ORG => {
                        return Ok(InvitationOutcome::InOtherOrg)
                    }
                    Some(_) => {
                        let revoked = move_member(&mut tx, user_id, org_id, now).await?;
                        let entry = AuditEntry {
                            actor,
                            action: ACTION_ORG_MEMBER_ADD,
                            target_type: TARGET_USER,
                            target_id: user_id.to_string(),
                            before: json!({"orgId": PLATFORM_ORG}),
                            after: json!({"orgId": org_id, "orgName": org.name, "invitationId": id}),
                        };
                        crate::operation::audit::store::$audit::record(&mut *tx, &entry).await?;
                        revoked
                    }
                };
                decide(&mut tx, id, INVITATION_ACCEPTED, now).await?;
                tx.commit().await.context("committing the answer")?;
                Ok(InvitationOutcome::Joined { revoked })
            }
        }
    };
}

mod sqlite_impl {
    use super::*;
    // SQLite: `begin_write` already holds the database's write lock.
    org_admin_store!(
        SqliteOrgAdminStore,
        SqlitePool,
        sqlx::Sqlite,
        "",
        "",
        sqlite_impl,
        sqlite_impl
    );
}
mod postgres_impl {
    use super::*;
    org_admin_store!(
        PgOrgAdminStore,
        PgPool,
        sqlx::Postgres,
        " FOR UPDATE",
        // A transaction-scoped advisory lock: a table lock would deadlock with `begin_write`'s
        // `UPDATE org … WHERE 0 = 1`, which every writing transaction opens with.
        "SELECT pg_advisory_xact_lock(hashtext('org.name'))",
        postgres_impl,
        postgres_impl
    );
}
pub use postgres_impl::PgOrgAdminStore;
pub use sqlite_impl::SqliteOrgAdminStore;

kernel::repository! {
    /// The operators' organisation store of the system database, whichever backend it is.
    #[derive(Clone)]
    pub enum OrgAdminRepository: OrgAdminStore {
        Sqlite(SqliteOrgAdminStore),
        Postgres(PgOrgAdminStore),
    }
    async fn page_orgs(&self, filter: &OrgFilter, paging: Paging) -> anyhow::Result<(Vec<OrgRow>, i64)>;
    async fn create_org(&self, org: &NewOrg, actor: &Actor) -> anyhow::Result<OrgCreation>;
    async fn update_org(&self, id: i64, update: &OrgUpdate, actor: &Actor) -> anyhow::Result<OrgChange>;
    async fn change_membership(&self, org_id: i64, user_id: i64, membership: Membership, acting: ActingAs, actor: &Actor) -> anyhow::Result<MembershipChange>;
    async fn set_org_admin(&self, org_id: i64, user_id: i64, admin: bool, acting: ActingAs, actor: &Actor) -> anyhow::Result<AdminChange>;
    async fn set_member_publishing(&self, org_id: i64, user_id: i64, may_publish: bool, acting: ActingAs, actor: &Actor) -> anyhow::Result<PublishingChange>;
    async fn administered_org(&self, user_id: i64) -> anyhow::Result<Option<i64>>;
    async fn invite(&self, org_id: i64, user_id: i64, inviter: i64, actor: &Actor) -> anyhow::Result<Invitation>;
    async fn pending_invitations(&self, of: InvitationsOf) -> anyhow::Result<Vec<InvitationRow>>;
    async fn withdraw_invitation(&self, org_id: i64, id: i64, acting: ActingAs, actor: &Actor) -> anyhow::Result<InvitationOutcome>;
    async fn answer_invitation(&self, user_id: i64, id: i64, accept: bool, actor: &Actor) -> anyhow::Result<InvitationOutcome>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scope_is_stored_sorted_without_repeats_and_read_back() {
        assert_eq!(scope_text(&[1, 1]), "1");
        assert_eq!(scope_text(&[]), "");
        assert_eq!(scope_codes("1"), vec![1]);
        assert_eq!(scope_codes(""), Vec::<i64>::new());
        assert_eq!(scope_codes(" 1, x"), vec![1]);
    }
}
