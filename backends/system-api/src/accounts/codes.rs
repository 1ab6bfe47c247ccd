//! Verification codes: 6 digits, stored as hashes, valid 10 minutes, single use; one send per
//! 60 s and 10 a day per mobile or e-mail, a per-IP hourly limit; checked in the order
//! not found → expired → used (server-semantics.md).

use std::time::Duration;

use auth::token;
use chrono::{FixedOffset, Offset, TimeZone, Utc};
use kernel::{error::global, ApiError, ApiResult};
use sha2::{Digest, Sha256};

use super::{
    senders::CodeMessage,
    store::{self, AccountStore, CodeUse, NewCode},
    Accounts,
};
use crate::{
    SMS_CODE_EXCEED_SEND_MAXIMUM_QUANTITY_PER_DAY, SMS_CODE_EXPIRED, SMS_CODE_NOT_FOUND,
    SMS_CODE_SEND_TOO_FAST, SMS_CODE_USED,
};

/// Scenes (spec §9): 1 login, 2 reset password, 4 register.
pub const SCENE_LOGIN: i32 = 1;
pub const SCENE_RESET: i32 = 2;
pub const SCENE_REGISTER: i32 = 4;

/// Wrong codes tried against one target within a code's lifetime before it answers 429.
const MAX_WRONG_CODES: i64 = 10;

fn code_hash(target: &str, scene: i32, code: &str) -> String {
    hex::encode(Sha256::digest(
        format!("{target}:{scene}:{code}").as_bytes(),
    ))
}

/// China Standard Time (UTC+8, no daylight saving).
fn china() -> FixedOffset {
    FixedOffset::east_opt(8 * 3600).unwrap_or(Utc.fix())
}

/// Midnight of today in China time (the limits' "day"), as UTC.
fn start_of_day() -> chrono::DateTime<Utc> {
    let china = china();
    let local = Utc::now().with_timezone(&china);
    local
        .date_naive()
        .and_hms_opt(0, 0, 0)
        .and_then(|midnight| china.from_local_datetime(&midnight).single())
        .map_or_else(Utc::now, |midnight| midnight.with_timezone(&Utc))
}

impl Accounts {
    /// Creates, stores and sends a code (the caller checked the ticket and the scene).
    ///
    /// Every limit is a reservation taken before the work (an atomic increment or claim in the
    /// cache), so parallel requests are judged exactly like serial ones; a request that is
    /// refused, or whose code could not be sent, gives back what it took.
    pub async fn send_code(
        &self,
        channel: &'static str,
        target: &str,
        scene: i32,
        ip: &str,
    ) -> ApiResult<()> {
        let limits = &self.settings.codes;
        let ip_key = format!("codes:ip:{ip}");
        let hour = Duration::from_secs(3600);
        if !self
            .cache
            .take_slot(&ip_key, hour, limits.ip_hourly_limit)
            .await?
        {
            return Err(ApiError::new(global::TOO_MANY_REQUESTS));
        }
        let sent = self
            .send_code_within_target_limits(channel, target, scene, ip)
            .await;
        if sent.is_err() {
            self.cache.release(&ip_key).await?;
        }
        sent
    }

    /// The per-target limits: one send per resend interval (a claim on the target that only
    /// one request can win), `daily_limit` a day (a counter of the day). The database's history
    /// is checked as well, so a cache that lost its entries cannot lift the limits.
    async fn send_code_within_target_limits(
        &self,
        channel: &'static str,
        target: &str,
        scene: i32,
        ip: &str,
    ) -> ApiResult<()> {
        let limits = &self.settings.codes;
        let resend_key = format!("codes:resend:{target}");
        let resend_ttl = Duration::from_secs(limits.resend_seconds);
        if limits.resend_seconds > 0 && !self.cache.claim(&resend_key, "1", resend_ttl).await? {
            return Err(ApiError::new(SMS_CODE_SEND_TOO_FAST));
        }
        let day = start_of_day();
        let day_key = format!("codes:day:{}:{target}", day.timestamp());
        let attempt = async {
            let day_window = Duration::from_secs(25 * 3600);
            if !self
                .cache
                .take_slot(&day_key, day_window, limits.daily_limit)
                .await?
            {
                return Err(ApiError::new(SMS_CODE_EXCEED_SEND_MAXIMUM_QUANTITY_PER_DAY));
            }
            let sent = self.create_and_send(channel, target, scene, ip, day).await;
            if sent.is_err() {
                self.cache.release(&day_key).await?;
            }
            sent
        };
        let sent = attempt.await;
        if limits.resend_seconds > 0 && sent.is_err() {
            // Nothing was sent: the next request may try at once.
            self.cache.delete(&resend_key).await?;
        }
        sent
    }

    async fn create_and_send(
        &self,
        channel: &'static str,
        target: &str,
        scene: i32,
        ip: &str,
        day: chrono::DateTime<Utc>,
    ) -> ApiResult<()> {
        let limits = &self.settings.codes;
        let (last, today) = self.store.code_history(target, day).await?;
        let resend = chrono::Duration::seconds(i64::try_from(limits.resend_seconds).unwrap_or(60));
        if last.is_some_and(|last| Utc::now() - last < resend) {
            return Err(ApiError::new(SMS_CODE_SEND_TOO_FAST));
        }
        if today >= limits.daily_limit {
            return Err(ApiError::new(SMS_CODE_EXCEED_SEND_MAXIMUM_QUANTITY_PER_DAY));
        }
        let code = format!("{:06}", token::random_below(1_000_000)?);
        let minutes = i64::try_from(limits.valid_minutes).unwrap_or(10);
        let id = self
            .store
            .insert_code(&NewCode {
                channel,
                target: target.to_owned(),
                scene,
                code_hash: code_hash(target, scene, &code),
                expires_at: store::now() + chrono::Duration::minutes(minutes),
                create_ip: ip.to_owned(),
            })
            .await?;
        let message = CodeMessage {
            channel,
            to: target.to_owned(),
            scene,
            code,
            valid_minutes: limits.valid_minutes,
        };
        let sender = if channel == "email" {
            &self.email_sender
        } else {
            &self.sms_sender
        };
        if let Err(error) = sender.send(&message).await {
            // Not sent: the attempt must not count against the limits.
            self.store.delete_code(id).await?;
            return Err(ApiError::internal(
                error.context("sending the verification code"),
            ));
        }
        // A new code starts the wrong-code count again: ten wrong guesses by someone else
        // cannot keep the owner from the code they just asked for (the sends themselves are
        // limited per target and day).
        self.cache.delete(&format!("codes:wrong:{target}")).await?;
        tracing::info!(channel, scene, "verification code sent");
        Ok(())
    }

    /// Finds the code the user typed; marking it used happens in the transaction of what it
    /// authorises ([`CodeUse`]). Each check takes a slot of the target's wrong-code counter
    /// first, so a burst of guesses checks no more than `MAX_WRONG_CODES` of them; a code that
    /// was found gives its slot back.
    pub async fn check_code(
        &self,
        target: &str,
        scene: i32,
        code: &str,
        ip: &str,
    ) -> ApiResult<CodeUse> {
        let failures_key = format!("codes:wrong:{target}");
        let window = Duration::from_secs(self.settings.codes.valid_minutes * 60);
        if !self
            .cache
            .take_slot(&failures_key, window, MAX_WRONG_CODES)
            .await?
        {
            return Err(ApiError::new(global::TOO_MANY_REQUESTS));
        }
        let found = self
            .store
            .find_code(target, scene, &code_hash(target, scene, code))
            .await;
        let record = match found {
            Ok(Some(record)) => record,
            Ok(None) => return Err(ApiError::new(SMS_CODE_NOT_FOUND)),
            Err(error) => {
                self.cache.release(&failures_key).await?;
                return Err(error.into());
            }
        };
        self.cache.release(&failures_key).await?;
        if record.expires_at <= Utc::now() {
            return Err(ApiError::new(SMS_CODE_EXPIRED));
        }
        if record.used_at.is_some() {
            return Err(ApiError::new(SMS_CODE_USED));
        }
        Ok(CodeUse {
            code_id: record.id,
            ip: ip.to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_bind_target_scene_and_code() {
        let base = code_hash("13800138000", 1, "123456");
        assert_ne!(base, code_hash("13800138001", 1, "123456"));
        assert_ne!(base, code_hash("13800138000", 4, "123456"));
        assert_ne!(base, code_hash("13800138000", 1, "123457"));
        assert!(!base.contains("123456"));
    }

    #[test]
    fn the_day_starts_at_midnight_china_time() {
        let start = start_of_day();
        let china = start.with_timezone(&china());
        assert_eq!(china.format("%H:%M:%S").to_string(), "00:00:00");
        assert!(Utc::now() - start < chrono::Duration::hours(24));
    }
}
