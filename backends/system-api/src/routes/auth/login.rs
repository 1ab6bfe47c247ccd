use std::time::Duration;

use actix_web::{web, HttpRequest};
use kernel::{error::global, ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::{
    accounts::{
        client_ip,
        model::{parse_user_type, Contact, LoginPassword},
        refused,
        store::AccountStore,
        Accounts, LoginAnswer,
    },
    AUTH_LOGIN_BAD_CREDENTIALS, AUTH_LOGIN_USER_DISABLED,
};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginRequest {
    /// One of `email` and `mobile`.
    pub email: Option<String>,
    pub mobile: Option<String>,
    pub password: Option<String>,
    /// Always 2 (ordinary portal users).
    pub user_type: Option<i64>,
}

/// Password login by e-mail or mobile. Unknown account and wrong password answer alike
/// (1002000000); a disabled account is told so only after its password matched; 5 failures
/// within 15 minutes lock the account (430) for an hour; repeated failures from one IP → 429.
#[utoipa::path(
    post,
    path = "/to/api/base/system/auth/login",
    tag = "auth",
    request_body = LoginRequest,
    responses((status = 200, description = "登录成功：令牌", body = ApiResponse<LoginAnswer>))
)]
#[tracing::instrument(skip_all)]
pub async fn login(
    accounts: web::Data<Accounts>,
    req: HttpRequest,
    payload: web::Json<LoginRequest>,
) -> ApiResult<ApiResponse<LoginAnswer>> {
    let payload = payload.into_inner();
    let contact = Contact::parse(payload.email.as_deref(), payload.mobile.as_deref())?;
    let password = LoginPassword::parse(payload.password.as_deref())?;
    parse_user_type(payload.user_type, &[2])?;

    let guard = LoginGuard::new(&accounts, &client_ip(&req), contact.as_str());
    guard.check().await?;
    let user = match &contact {
        Contact::Email(email) => accounts.store.find_user_by_email(email.as_str()).await?,
        Contact::Mobile(mobile) => accounts.store.find_user_by_mobile(mobile.as_str()).await?,
    };
    let matched = match &user {
        Some(user) => {
            accounts
                .passwords
                .verify(password.expose(), &user.password_hash)
                .await?
        }
        None => {
            accounts.passwords.verify_decoy(password.expose()).await?;
            false
        }
    };
    let Some(user) = user.filter(|_| matched) else {
        guard.record_failure().await?;
        return Err(ApiError::new(AUTH_LOGIN_BAD_CREDENTIALS));
    };
    guard.record_success().await?;
    if !user.is_enabled() {
        return Err(ApiError::new(AUTH_LOGIN_USER_DISABLED));
    }
    let answer = accounts.open_session(&user, None).await?.map_err(refused)?;
    tracing::info!(user_id = user.id, "logged in");
    Ok(ApiResponse::ok(answer))
}

/// Failed-login counters in the cache (shared by every process when it is Redis): per
/// account (by the e-mail or mobile typed, whether or not it exists, so that locking reveals
/// nothing) and per client IP.
pub struct LoginGuard<'a> {
    accounts: &'a Accounts,
    ip_key: String,
    failures_key: String,
    lock_key: String,
}

impl<'a> LoginGuard<'a> {
    pub fn new(accounts: &'a Accounts, ip: &str, account: &str) -> Self {
        Self {
            accounts,
            ip_key: format!("login:ip:{ip}"),
            failures_key: format!("login:failures:{account}"),
            lock_key: format!("login:lock:{account}"),
        }
    }

    fn window(&self) -> Duration {
        Duration::from_secs(self.accounts.settings.lockout.window_minutes * 60)
    }

    /// 429 when this IP failed too often, 430 while the account is locked.
    pub async fn check(&self) -> ApiResult<()> {
        let lockout = &self.accounts.settings.lockout;
        let ip_failures = self
            .accounts
            .cache
            .get(&self.ip_key)
            .await?
            .and_then(|count| count.parse::<i64>().ok())
            .unwrap_or(0);
        if ip_failures >= lockout.ip_max_failures {
            return Err(ApiError::new(global::TOO_MANY_REQUESTS));
        }
        if self.accounts.cache.get(&self.lock_key).await?.is_some() {
            return Err(ApiError::new(global::ACCOUNT_LOCKED));
        }
        Ok(())
    }

    /// Counts a failure; the one that reaches the limit locks the account.
    pub async fn record_failure(&self) -> ApiResult<()> {
        let lockout = &self.accounts.settings.lockout;
        let cache = &self.accounts.cache;
        cache.incr(&self.ip_key, self.window()).await?;
        let failures = cache.incr(&self.failures_key, self.window()).await?;
        if failures >= lockout.max_failures {
            cache
                .set(
                    &self.lock_key,
                    "1",
                    Duration::from_secs(lockout.lock_minutes * 60),
                )
                .await?;
            cache.delete(&self.failures_key).await?;
            tracing::warn!("account locked after repeated failed logins");
        }
        Ok(())
    }

    pub async fn record_success(&self) -> ApiResult<()> {
        self.accounts.cache.delete(&self.failures_key).await?;
        Ok(())
    }

    /// Lifts the account's lock and failure count (after a password reset).
    pub async fn unlock(&self) -> ApiResult<()> {
        self.accounts.cache.delete(&self.failures_key).await?;
        self.accounts.cache.delete(&self.lock_key).await?;
        Ok(())
    }
}
