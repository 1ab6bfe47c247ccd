//! Accounts: users, sessions, verification codes, the slider, lockout and WeChat login.
//! docs/accounts.md describes the behaviour; the routes live in `crate::routes::{auth,user,…}`.

pub mod codes;
pub mod model;
pub mod password;
pub mod personal_tokens;
pub mod profile;
pub mod senders;
pub mod slider;
pub mod store;
pub mod wechat;

use std::{sync::Arc, time::Duration};

use actix_web::{web, HttpRequest};
use auth::{token, ApiKeyGrant, Authenticator, OrgDirectory, OrgSource, Principal, TokenSource};
use chrono::{DateTime, Utc};
use futures_util::future::BoxFuture;
use kernel::{config::AccountsSettings, ApiError, ApiResult, Cache, Mode, ServiceContext};
use serde::Serialize;
use utoipa::ToSchema;

use crate::open_platform::keys::{OpenKeyRepository, OpenKeyStore};

use self::{
    password::PasswordHasher,
    personal_tokens::{PersonalTokenRepository, PersonalTokenStore},
    store::{AccountRepository, AccountStore, CodeUse, NewSession, UserRecord, WriteRefused},
};

/// The state every accounts route shares (one per service, shared by all workers).
pub struct Accounts {
    pub store: AccountRepository,
    pub personal_tokens: PersonalTokenRepository,
    pub authenticator: web::Data<Authenticator>,
    /// Whether an organisation is active, for the library services in this process (offered as
    /// a peer); forgotten at each change of an organisation.
    pub orgs: Arc<OrgDirectory>,
    pub passwords: PasswordHasher,
    pub settings: AccountsSettings,
    pub mode: Mode,
    /// The portal's address (`public_url`), for links in e-mail notices.
    pub public_url: Option<String>,
    /// The service's own cache namespace: slider challenges, tickets, counters, locks.
    pub cache: Cache,
    pub sms_sender: senders::CodeSender,
    pub email_sender: senders::CodeSender,
    pub wechat: wechat::WechatClient,
}

/// `{userId, accessToken, refreshToken, expiresTime}`: the answer of every login.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginAnswer {
    pub user_id: i64,
    pub access_token: String,
    pub refresh_token: String,
    /// When the access token expires (epoch milliseconds).
    pub expires_time: i64,
}

/// The tokens of a new session, handed out once.
pub struct IssuedTokens {
    pub access_token: String,
    pub refresh_token: String,
}

/// Checks access tokens, personal access tokens and open-platform API keys against the system
/// database (the last layer of the authenticator).
struct StoreTokenSource {
    store: AccountRepository,
    personal_tokens: PersonalTokenRepository,
    open_keys: OpenKeyRepository,
}

impl StoreTokenSource {
    /// A personal token's owner; its use is recorded (this runs on cache misses only, so
    /// "last used" is exact to about a minute).
    async fn resolve_personal(&self, token: &str) -> anyhow::Result<Option<Principal>> {
        let Some(record) = self
            .personal_tokens
            .find_token(&token::digest(token))
            .await?
        else {
            return Ok(None);
        };
        let now = store::now();
        if !record.is_live(now) {
            return Ok(None);
        }
        let expires_at = record.expires_at.unwrap_or_else(|| {
            DateTime::from_timestamp_millis(personal_tokens::NEVER_EXPIRES_MILLIS)
                .unwrap_or(DateTime::<Utc>::MAX_UTC)
        });
        let principal = principal_of(&self.store, record.user_id, expires_at).await?;
        if principal.is_some() {
            self.personal_tokens.touch_token(record.id, now).await?;
        }
        Ok(principal)
    }
}

impl StoreTokenSource {
    /// An API key: live while unrevoked, its creator enabled and their organisation too. Its
    /// principal holds only the read permissions of its libraries (`open:<library>:read`) and
    /// its limits; no role, so no other route accepts it.
    async fn resolve_open_key(&self, key: &str) -> anyhow::Result<Option<Principal>> {
        let Some(record) = self.open_keys.find_key(&token::digest(key)).await? else {
            return Ok(None);
        };
        if record.revoked_at.is_some() {
            return Ok(None);
        }
        let Some(user) = self.store.find_user(record.user_id).await? else {
            return Ok(None);
        };
        let org_enabled = match self.store.find_org(record.org_id).await? {
            Some(org) => org.enabled,
            None => record.org_id == 0,
        };
        if !user.is_enabled() || !org_enabled || record.org_id == 1 || user.org_id != record.org_id
        {
            return Ok(None);
        }
        self.open_keys.touch_key(record.id, store::now()).await?;
        Ok(Some(Principal {
            user_id: record.user_id,
            org_id: record.org_id,
            roles: vec![],
            permissions: record
                .scope_list()
                .iter()
                .map(|library| auth::open::read_permission(library))
                .collect(),
            expires_at: personal_tokens::NEVER_EXPIRES_MILLIS,
            api_key: Some(ApiKeyGrant {
                key_id: record.id,
                requests_per_minute: record.requests_per_minute,
                requests_per_day: record.requests_per_day,
            }),
        }))
    }
}

/// Organisations' state read from the service's own store.
struct StoreOrgSource {
    store: AccountRepository,
}

impl OrgSource for StoreOrgSource {
    fn is_active(&self, org_id: i64) -> BoxFuture<'_, anyhow::Result<bool>> {
        Box::pin(async move {
            if org_id < crate::routes::org::FIRST_ORG_ID {
                return Ok(false);
            }
            Ok(self
                .store
                .find_org(org_id)
                .await?
                .is_some_and(|org| org.enabled))
        })
    }
}

impl TokenSource for StoreTokenSource {
    fn resolve<'a>(&'a self, token: &'a str) -> BoxFuture<'a, anyhow::Result<Option<Principal>>> {
        Box::pin(async move {
            if token::is_personal(token) {
                return self.resolve_personal(token).await;
            }
            if token::is_open_key(token) {
                return self.resolve_open_key(token).await;
            }
            let Some(record) = self.store.find_access_token(&token::digest(token)).await? else {
                return Ok(None);
            };
            if record.revoked_at.is_some() || record.expires_at <= Utc::now() {
                return Ok(None);
            }
            principal_of(&self.store, record.user_id, record.expires_at).await
        })
    }
}

/// The principal of an enabled user whose token expires at `expires_at`.
async fn principal_of(
    store: &AccountRepository,
    user_id: i64,
    expires_at: DateTime<Utc>,
) -> anyhow::Result<Option<Principal>> {
    let Some(user) = store.find_user(user_id).await? else {
        return Ok(None);
    };
    if !user.is_enabled() {
        return Ok(None);
    }
    let (roles, permissions) = store.roles_and_permissions(user_id).await?;
    Ok(Some(Principal {
        user_id,
        org_id: user.org_id,
        roles,
        permissions,
        expires_at: expires_at.timestamp_millis(),
        api_key: None,
    }))
}

/// The client's address for per-IP limits (the TCP peer: a reverse proxy in front of the
/// portal applies its own limits).
pub fn client_ip(req: &HttpRequest) -> String {
    req.peer_addr()
        .map(|address| address.ip().to_string())
        .unwrap_or_else(|| "unknown".to_owned())
}

impl Accounts {
    pub fn new(context: &ServiceContext) -> anyhow::Result<Self> {
        let settings = context.settings.accounts.clone();
        // Production with the outbox senders does not start (Settings::production_problems).
        let store = AccountRepository::new(&context.db);
        let personal_tokens = PersonalTokenRepository::new(&context.db);
        let source = Arc::new(StoreTokenSource {
            store: store.clone(),
            personal_tokens: personal_tokens.clone(),
            open_keys: OpenKeyRepository::new(&context.db),
        });
        let authenticator = Arc::new(Authenticator::new(
            source,
            Some(context.shared_cache.clone()),
            Duration::from_millis(settings.token_local_cache_ms),
        ));
        authenticator.follow_revocations();
        let orgs = Arc::new(OrgDirectory::new(
            Arc::new(StoreOrgSource {
                store: store.clone(),
            }),
            Duration::from_millis(settings.token_local_cache_ms),
        ));
        Ok(Self {
            sms_sender: senders::CodeSender::from_settings("sms", &settings, &store)?,
            email_sender: senders::CodeSender::from_settings("email", &settings, &store)?,
            passwords: PasswordHasher::new(&settings.password_hash)?,
            wechat: wechat::WechatClient::new(&settings.wechat)?,
            store,
            personal_tokens,
            authenticator: web::Data::from(authenticator),
            orgs,
            mode: context.settings.mode,
            public_url: context.settings.public_url.clone(),
            cache: context.cache.scoped("accounts"),
            settings,
        })
    }

    /// Counts a request to a route that tells whether an account exists (SMS login, forgot
    /// password, code sends) against the client's hourly allowance; 429 beyond it. Every request
    /// counts, answered or not, so probing for accounts is slow from any one address.
    pub async fn throttle_probe(&self, ip: &str) -> ApiResult<()> {
        let key = format!("probe:ip:{ip}");
        let count = self.cache.incr(&key, Duration::from_secs(3600)).await?;
        if count > self.settings.lockout.ip_hourly_probes {
            return Err(ApiError::new(kernel::error::global::TOO_MANY_REQUESTS));
        }
        Ok(())
    }

    fn access_lifetime(&self) -> chrono::Duration {
        chrono::Duration::minutes(i64::try_from(self.settings.access_token_minutes).unwrap_or(30))
    }

    fn refresh_lifetime(&self) -> chrono::Duration {
        chrono::Duration::days(i64::try_from(self.settings.refresh_token_days).unwrap_or(30))
    }

    /// A new token pair for `user` (marking `code` used in the same transaction).
    pub async fn open_session(
        &self,
        user: &UserRecord,
        code: Option<&CodeUse>,
    ) -> ApiResult<Result<LoginAnswer, WriteRefused>> {
        let (tokens, session) = self.new_session()?;
        if let Err(refused) = self.store.open_session(user.id, &session, code).await? {
            return Ok(Err(refused));
        }
        self.session_opened(user.id, tokens, &session).await.map(Ok)
    }

    /// Tokens (handed out) and their digests (stored) for a new session.
    pub fn new_session(&self) -> ApiResult<(IssuedTokens, NewSession)> {
        let now = store::now();
        let tokens = IssuedTokens {
            access_token: token::new_token()?,
            refresh_token: token::new_token()?,
        };
        let session = NewSession {
            access_digest: token::digest(&tokens.access_token),
            access_expires_at: now + self.access_lifetime(),
            refresh_digest: token::digest(&tokens.refresh_token),
            refresh_expires_at: now + self.refresh_lifetime(),
        };
        Ok((tokens, session))
    }

    /// After the session is stored: warms the token caches and builds the login answer.
    pub async fn session_opened(
        &self,
        user_id: i64,
        tokens: IssuedTokens,
        session: &NewSession,
    ) -> ApiResult<LoginAnswer> {
        self.remember(user_id, &session.access_digest, session.access_expires_at)
            .await?;
        Ok(LoginAnswer {
            user_id,
            access_token: tokens.access_token,
            refresh_token: tokens.refresh_token,
            expires_time: session.access_expires_at.timestamp_millis(),
        })
    }

    /// Warms the token caches with a freshly issued access token.
    pub async fn remember(
        &self,
        user_id: i64,
        digest: &str,
        expires_at: DateTime<Utc>,
    ) -> ApiResult<()> {
        if let Some(principal) = principal_of(&self.store, user_id, expires_at).await? {
            self.authenticator.remember(digest, principal).await;
        }
        Ok(())
    }

    /// A new access token for a refresh token (the old access tokens die at once).
    pub async fn refresh(&self, refresh_token: &str) -> ApiResult<LoginAnswer> {
        let invalid =
            || ApiError::with_message(kernel::error::global::BAD_REQUEST, "无效的刷新令牌");
        if !token::is_well_formed(refresh_token) {
            return Err(invalid());
        }
        let Some(record) = self
            .store
            .find_refresh_token(&token::digest(refresh_token))
            .await?
        else {
            return Err(invalid());
        };
        if record.revoked_at.is_some() {
            return Err(invalid());
        }
        if record.expires_at <= Utc::now() {
            return Err(ApiError::with_message(
                kernel::error::global::UNAUTHORIZED,
                "刷新令牌已过期",
            ));
        }
        match self.store.find_user(record.user_id).await? {
            Some(user) if user.is_enabled() => {}
            _ => return Err(invalid()),
        }
        let access_token = token::new_token()?;
        let digest = token::digest(&access_token);
        let expires_at = store::now() + self.access_lifetime();
        let revoked = self
            .store
            .replace_access_token(&record, &digest, expires_at)
            .await?;
        self.authenticator.forget(&revoked).await?;
        self.remember(record.user_id, &digest, expires_at).await?;
        Ok(LoginAnswer {
            user_id: record.user_id,
            access_token,
            refresh_token: refresh_token.to_owned(),
            expires_time: expires_at.timestamp_millis(),
        })
    }

    /// Drops revoked access tokens from every cache.
    pub async fn forget(&self, digests: &[String]) -> ApiResult<()> {
        self.authenticator.forget(digests).await?;
        Ok(())
    }
}

/// Answers a refused transactional write with its error code.
pub fn refused(refused: WriteRefused) -> ApiError {
    use crate::{
        SMS_CODE_USED, SOCIAL_USER_AUTH_FAILURE, USER_EMAIL_EXISTS, USER_MOBILE_EXISTS,
        USER_USERNAME_EXISTS,
    };
    match refused {
        WriteRefused::CodeUsed => ApiError::new(SMS_CODE_USED),
        WriteRefused::UsernameTaken => ApiError::new(USER_USERNAME_EXISTS),
        WriteRefused::MobileTaken => ApiError::new(USER_MOBILE_EXISTS),
        WriteRefused::EmailTaken => ApiError::new(USER_EMAIL_EXISTS),
        WriteRefused::SocialUnavailable => ApiError::with_message(
            SOCIAL_USER_AUTH_FAILURE,
            "社交授权失败，原因是：该微信账号不可绑定",
        ),
    }
}
