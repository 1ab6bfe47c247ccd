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
        slider::SliderScene,
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
    /// A slider ticket of scene `login` (`/captcha/slider/verify`): required once the account
    /// has `lockout.captcha_after_failures` failed logins.
    pub ticket: Option<String>,
}

/// Password login by e-mail or mobile. Unknown account and wrong password answer alike
/// (1002000000); a disabled account is told so only after its password matched; after 3
/// failures every attempt needs a slider ticket (1002014010 without a valid one); 5 failures
/// within 15 minutes lock the password login of the account (430) for an hour (sign-in by
/// code and the password reset still work); repeated failures from one IP → 429.
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
    // A reservation before the work: of a burst of guesses only the allowed number is hashed.
    let attempt = guard.reserve(payload.ticket.as_deref()).await?;
    let user = match &contact {
        Contact::Email(email) => accounts.store.find_user_by_email(email.as_str()).await,
        Contact::Mobile(mobile) => accounts.store.find_user_by_mobile(mobile.as_str()).await,
    };
    let user = attempt.unless_failed(user).await?;
    let matched = match &user {
        Some(user) => {
            attempt
                .unless_failed(
                    accounts
                        .passwords
                        .verify(password.expose(), &user.password_hash)
                        .await,
                )
                .await?
        }
        None => {
            attempt
                .unless_failed(accounts.passwords.verify_decoy(password.expose()).await)
                .await?;
            false
        }
    };
    let Some(user) = user.filter(|_| matched) else {
        attempt.failed().await?;
        return Err(ApiError::new(AUTH_LOGIN_BAD_CREDENTIALS));
    };
    attempt.succeeded().await?;
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
///
/// Every attempt takes a slot of both counters *before* the password is checked (an atomic
/// increment), so a burst of parallel guesses is judged exactly like the same guesses one
/// after another: only `max_failures` of them are ever checked. A success, or an attempt that
/// ended in a server error, gives its slots back.
pub struct LoginGuard<'a> {
    accounts: &'a Accounts,
    ip_key: String,
    failures_key: String,
    lock_key: String,
}

/// The slots one login attempt holds; settle it with [`Attempt::failed`] or
/// [`Attempt::succeeded`].
#[must_use]
pub struct Attempt<'g, 'a> {
    guard: &'g LoginGuard<'a>,
    /// The failure number this attempt would be (1-based).
    failure_number: i64,
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

    /// Takes this attempt's slots: 429 when this IP has used up its failures, 430 while the
    /// account is locked or its remaining failures are all taken by attempts in flight.
    ///
    /// Once the account has `captcha_after_failures` failures, the attempt must bring a slider
    /// ticket of scene `login`, used up here; without one it answers 1002014010 and gives its
    /// slots back (the guess was not judged).
    pub async fn reserve(&self, ticket: Option<&str>) -> ApiResult<Attempt<'_, 'a>> {
        let lockout = &self.accounts.settings.lockout;
        let cache = &self.accounts.cache;
        if cache.get(&self.lock_key).await?.is_some() {
            return Err(ApiError::new(global::ACCOUNT_LOCKED));
        }
        if !cache
            .take_slot(&self.ip_key, self.window(), lockout.ip_max_failures)
            .await?
        {
            return Err(ApiError::new(global::TOO_MANY_REQUESTS));
        }
        let failure_number = cache.incr(&self.failures_key, self.window()).await?;
        if failure_number > lockout.max_failures {
            cache.release(&self.failures_key).await?;
            cache.release(&self.ip_key).await?;
            return Err(ApiError::new(global::ACCOUNT_LOCKED));
        }
        let attempt = Attempt {
            guard: self,
            failure_number,
        };
        if failure_number > lockout.captcha_after_failures {
            let checked = self
                .accounts
                .consume_ticket(ticket, SliderScene::Login)
                .await;
            attempt.unless_failed(checked).await?;
        }
        Ok(attempt)
    }

    /// Lifts the account's lock and failure count (after a password reset).
    pub async fn unlock(&self) -> ApiResult<()> {
        self.accounts.cache.delete(&self.failures_key).await?;
        self.accounts.cache.delete(&self.lock_key).await?;
        Ok(())
    }
}

impl Attempt<'_, '_> {
    /// The password was wrong (or the account unknown): the slots stay taken; the failure
    /// that reaches the limit locks the account.
    pub async fn failed(self) -> ApiResult<()> {
        let guard = self.guard;
        let lockout = &guard.accounts.settings.lockout;
        if self.failure_number == lockout.max_failures {
            let lock = Duration::from_secs(lockout.lock_minutes * 60);
            let cache = &guard.accounts.cache;
            cache.set(&guard.lock_key, "1", lock).await?;
            // The counter stays full for as long as the lock: an attempt that checked the lock
            // just before it was set still finds no slot. Only its expiry moves: deleting it, or
            // writing `max_failures` over it, dropped the increments of attempts in flight, whose
            // releases then opened slots for more guesses than allowed.
            cache.extend(&guard.failures_key, lock).await?;
            tracing::warn!("account locked after repeated failed logins");
        }
        Ok(())
    }

    /// The password matched: the account's failures start again and the IP's slot is given
    /// back (successful logins do not count against the client).
    pub async fn succeeded(self) -> ApiResult<()> {
        let cache = &self.guard.accounts.cache;
        cache.delete(&self.guard.failures_key).await?;
        cache.release(&self.guard.ip_key).await?;
        Ok(())
    }

    /// Passes `result` through; on an error (the database, a busy hashing pool) the slots are
    /// given back first: the guess was never judged.
    pub async fn unless_failed<T, E: Into<ApiError>>(&self, result: Result<T, E>) -> ApiResult<T> {
        match result {
            Ok(value) => Ok(value),
            Err(error) => {
                let cache = &self.guard.accounts.cache;
                cache.release(&self.guard.failures_key).await?;
                cache.release(&self.guard.ip_key).await?;
                Err(error.into())
            }
        }
    }
}
