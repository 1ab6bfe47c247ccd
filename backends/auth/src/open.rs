//! The open platform's gate (docs/open-platform.md): third parties read the public libraries
//! under `/to/open/<library>/…` with an API key an account created (`opk_…`, sent as
//! `X-API-Key` or `Authorization: Bearer`). Each request is checked against the key's scope
//! (the libraries it may read) and counted against its per-minute rate and its daily quota in
//! the shared cache — Redis in production, so that every process counts the same requests —
//! and every answer carries the `RateLimit-*` headers of the IETF draft
//! (draft-ietf-httpapi-ratelimit-headers): the limit closest to running out, what is left of it
//! and the seconds until it resets, with both policies in `RateLimit-Policy`.

use std::{sync::Arc, time::Duration};

use actix_web::{
    body::{EitherBody, MessageBody},
    dev::{ServiceRequest, ServiceResponse},
    http::header::{HeaderMap, HeaderName, HeaderValue},
    middleware::Next,
    web, HttpRequest, ResponseError,
};
use chrono::{DateTime, Timelike, Utc};
use kernel::{error::open as codes, ApiError, Cache};

use crate::{token, ApiKeyGrant, Authenticator};

/// The header an API key travels in (`Authorization: Bearer opk_…` works too).
pub const API_KEY_HEADER: &str = "x-api-key";
/// How long a day's request count is kept: the usage pages show the last 30 days.
pub const USAGE_RETENTION: Duration = Duration::from_secs(35 * 24 * 3600);
const MINUTE: Duration = Duration::from_secs(60);

/// The permission an API key needs to read `library` (`open:component:read`).
pub fn read_permission(library: &str) -> String {
    format!("open:{library}:read")
}

/// Cache key of a key's request count on `day` (UTC, `YYYY-MM-DD`), in the gate's namespace.
fn day_counter(key_id: i64, day: &str) -> String {
    format!("day:{key_id}:{day}")
}

/// A key's answered requests on each of `days` (UTC, `YYYY-MM-DD`), in one cache round trip;
/// `counters` is the gates' namespace ([`usage_counters`]). The gate reads today's count this
/// way and the system service the usage pages.
pub async fn requests_on_days(
    counters: &Cache,
    key_id: i64,
    days: &[String],
) -> anyhow::Result<Vec<i64>> {
    let keys: Vec<String> = days.iter().map(|day| day_counter(key_id, day)).collect();
    Ok(counters
        .get_many(&keys)
        .await?
        .into_iter()
        .map(|count| count.and_then(|count| count.parse().ok()).unwrap_or(0))
        .collect())
}

fn minute_counter(key_id: i64, at: DateTime<Utc>) -> String {
    format!("minute:{key_id}:{}", at.timestamp().div_euclid(60))
}

/// The namespace of the gate's counters in the shared cache; the system service reads the
/// day counters from it for the usage pages.
pub fn usage_counters(shared: &Cache) -> Cache {
    shared.scoped("open")
}

/// The per-library gate, registered as `web::Data<OpenGate>` in the library's open scope, which
/// wraps its routes with [`open_gate`].
pub struct OpenGate {
    authenticator: Arc<Authenticator>,
    counters: Cache,
    permission: String,
}

/// What a request used: written as the `RateLimit-*` headers of its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Usage {
    grant: ApiKeyGrant,
    minute_used: i64,
    day_used: i64,
    minute_reset: u64,
    day_reset: u64,
}

impl Usage {
    /// The limit closest to running out: (limit, remaining, seconds until it resets).
    fn tightest(&self) -> (i64, i64, u64) {
        let minute_left = (self.grant.requests_per_minute - self.minute_used).max(0);
        let day_left = (self.grant.requests_per_day - self.day_used).max(0);
        if day_left < minute_left {
            (self.grant.requests_per_day, day_left, self.day_reset)
        } else {
            (
                self.grant.requests_per_minute,
                minute_left,
                self.minute_reset,
            )
        }
    }

    fn write(&self, headers: &mut HeaderMap) {
        let (limit, remaining, reset) = self.tightest();
        let policy = format!(
            "{};w=60, {};w=86400",
            self.grant.requests_per_minute, self.grant.requests_per_day
        );
        for (name, value) in [
            ("ratelimit-limit", limit.to_string()),
            ("ratelimit-remaining", remaining.to_string()),
            ("ratelimit-reset", reset.to_string()),
            ("ratelimit-policy", policy),
        ] {
            if let Ok(value) = HeaderValue::from_str(&value) {
                headers.insert(HeaderName::from_static(name), value);
            }
        }
    }
}

/// Seconds until the next UTC minute and the next UTC midnight (at least 1 each).
fn resets(at: DateTime<Utc>) -> (u64, u64) {
    let into_day = u64::from(at.num_seconds_from_midnight());
    let minute = 60 - into_day % 60;
    (minute, 86_400 - into_day)
}

impl OpenGate {
    /// The gate of `library` (its key: `component`, `part`, `mat`) over the service's
    /// authenticator and the shared cache.
    pub fn new(authenticator: Arc<Authenticator>, shared: &Cache, library: &str) -> Self {
        Self {
            authenticator,
            counters: usage_counters(shared),
            permission: read_permission(library),
        }
    }

    /// The API key a request carries, if any.
    fn key_of(req: &HttpRequest) -> Option<&str> {
        req.headers()
            .get(API_KEY_HEADER)
            .and_then(|value| value.to_str().ok())
            .map(str::trim)
            .filter(|key| !key.is_empty())
            .or_else(|| crate::bearer_token(req).filter(|key| token::is_open_key(key)))
    }

    /// Checks the key and counts the request: the usage to report, or the refusal (with the
    /// usage when a limit refused it).
    pub async fn admit(&self, req: &HttpRequest) -> Result<Usage, (ApiError, Option<Usage>)> {
        let key = Self::key_of(req).ok_or((ApiError::new(codes::API_KEY_REQUIRED), None))?;
        if !token::is_open_key(key) {
            return Err((ApiError::new(codes::API_KEY_INVALID), None));
        }
        let principal = self
            .authenticator
            .authenticate(key)
            .await
            .map_err(|error| (ApiError::internal(error), None))?
            .ok_or((ApiError::new(codes::API_KEY_INVALID), None))?;
        let grant = principal
            .api_key
            .ok_or((ApiError::new(codes::API_KEY_INVALID), None))?;
        if !principal.has_permission(&self.permission) {
            return Err((ApiError::new(codes::API_KEY_SCOPE), None));
        }
        self.count(grant, Utc::now())
            .await
            .map_err(|error| (ApiError::internal(error), None))?
    }

    /// Takes one request of the minute's rate, then one of the day's quota; a refused
    /// request gives back what it took, so the counts are the requests answered.
    async fn count(
        &self,
        grant: ApiKeyGrant,
        at: DateTime<Utc>,
    ) -> anyhow::Result<Result<Usage, (ApiError, Option<Usage>)>> {
        let (minute_reset, day_reset) = resets(at);
        let minute_key = minute_counter(grant.key_id, at);
        let day = at.format("%Y-%m-%d").to_string();
        let day_key = day_counter(grant.key_id, &day);
        let minute_used = self.counters.incr(&minute_key, MINUTE).await?;
        let mut usage = Usage {
            grant,
            minute_used,
            day_used: 0,
            minute_reset,
            day_reset,
        };
        if minute_used > grant.requests_per_minute {
            self.counters.release(&minute_key).await?;
            usage.minute_used = grant.requests_per_minute;
            usage.day_used = self.day_used(grant.key_id, day).await?;
            let refusal = ApiError::new(codes::RATE_LIMITED).with_retry_after(minute_reset);
            return Ok(Err((refusal, Some(usage))));
        }
        usage.day_used = self.counters.incr(&day_key, USAGE_RETENTION).await?;
        if usage.day_used > grant.requests_per_day {
            self.counters.release(&day_key).await?;
            self.counters.release(&minute_key).await?;
            usage.day_used = grant.requests_per_day;
            usage.minute_used -= 1;
            let refusal = ApiError::new(codes::QUOTA_EXHAUSTED).with_retry_after(day_reset);
            return Ok(Err((refusal, Some(usage))));
        }
        Ok(Ok(usage))
    }

    async fn day_used(&self, key_id: i64, day: String) -> anyhow::Result<i64> {
        let counts = requests_on_days(&self.counters, key_id, &[day]).await?;
        Ok(counts.first().copied().unwrap_or(0))
    }
}

/// The middleware of an open scope (`web::scope(..).wrap(from_fn(open_gate))`): admits the
/// request through the scope's [`OpenGate`] and writes the `RateLimit-*` headers on the
/// answer, a refusal included.
pub async fn open_gate<B: MessageBody + 'static>(
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    let Some(gate) = req.app_data::<web::Data<OpenGate>>().cloned() else {
        let error = ApiError::internal(anyhow::anyhow!("open scope without an OpenGate"));
        return Ok(req.error_response(error).map_into_right_body());
    };
    match gate.admit(req.request()).await {
        Ok(usage) => {
            let mut response = next.call(req).await?;
            usage.write(response.headers_mut());
            Ok(response.map_into_left_body())
        }
        Err((error, usage)) => {
            let mut response = error.error_response();
            if let Some(usage) = usage {
                usage.write(response.headers_mut());
            }
            let (request, _) = req.into_parts();
            Ok(ServiceResponse::new(request, response).map_into_right_body())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grant(per_minute: i64, per_day: i64) -> ApiKeyGrant {
        ApiKeyGrant {
            key_id: 9,
            requests_per_minute: per_minute,
            requests_per_day: per_day,
        }
    }

    #[test]
    fn resets_count_to_the_next_minute_and_midnight() {
        let at = DateTime::parse_from_rfc3339("2026-11-27T23:59:15Z")
            .map(|at| at.with_timezone(&Utc))
            .ok();
        assert_eq!(at.map(resets), Some((45, 45)));
        let at = DateTime::parse_from_rfc3339("2026-11-27T00:00:00Z")
            .map(|at| at.with_timezone(&Utc))
            .ok();
        assert_eq!(at.map(resets), Some((60, 86_400)));
    }

    #[test]
    fn headers_report_the_tightest_limit() {
        let mut usage = Usage {
            grant: grant(60, 1000),
            minute_used: 10,
            day_used: 10,
            minute_reset: 30,
            day_reset: 5000,
        };
        assert_eq!(usage.tightest(), (60, 50, 30));
        usage.day_used = 990;
        assert_eq!(usage.tightest(), (1000, 10, 5000));
        let mut headers = HeaderMap::new();
        usage.write(&mut headers);
        let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        assert_eq!(header("ratelimit-limit"), Some("1000"));
        assert_eq!(header("ratelimit-remaining"), Some("10"));
        assert_eq!(header("ratelimit-reset"), Some("5000"));
        assert_eq!(header("ratelimit-policy"), Some("60;w=60, 1000;w=86400"));
    }

    /// A parallel burst against one key: exactly the rate is admitted, the rest refused, and
    /// the day's count is the admitted requests only.
    #[tokio::test]
    async fn a_parallel_burst_admits_exactly_the_rate() -> anyhow::Result<()> {
        let shared = Cache::in_memory("test:", 1000);
        let gate = Arc::new(OpenGate::new(
            Arc::new(Authenticator::new(
                Arc::new(crate::NoTokenSource),
                None,
                Duration::from_millis(500),
            )),
            &shared,
            "component",
        ));
        // Mid-minute, so the burst cannot straddle two windows.
        let at = Utc::now().with_second(20).unwrap_or_else(Utc::now);
        let burst = (0..40).map(|_| {
            let gate = Arc::clone(&gate);
            tokio::spawn(async move { gate.count(grant(25, 1000), at).await })
        });
        let mut admitted = 0;
        let mut limited = 0;
        for outcome in futures_util::future::join_all(burst).await {
            match outcome?? {
                Ok(_) => admitted += 1,
                Err((error, Some(usage))) => {
                    assert_eq!(error.code(), codes::RATE_LIMITED.code);
                    assert_eq!(usage.tightest().1, 0);
                    limited += 1;
                }
                Err((error, None)) => anyhow::bail!("refused without usage: {}", error.message()),
            }
        }
        assert_eq!((admitted, limited), (25, 15));
        let day = at.format("%Y-%m-%d").to_string();
        assert_eq!(gate.day_used(9, day).await?, 25);
        Ok(())
    }

    #[tokio::test]
    async fn the_daily_quota_refuses_once_spent_and_gives_back_the_minute() -> anyhow::Result<()> {
        let shared = Cache::in_memory("test:", 1000);
        let gate = OpenGate::new(
            Arc::new(Authenticator::new(
                Arc::new(crate::NoTokenSource),
                None,
                Duration::from_millis(500),
            )),
            &shared,
            "mat",
        );
        let at = Utc::now().with_second(20).unwrap_or_else(Utc::now);
        for _ in 0..3 {
            assert!(gate.count(grant(60, 3), at).await?.is_ok());
        }
        let refused = gate.count(grant(60, 3), at).await?;
        let Err((error, Some(usage))) = refused else {
            anyhow::bail!("the fourth request of a quota of 3 was admitted");
        };
        assert_eq!(error.code(), codes::QUOTA_EXHAUSTED.code);
        assert_eq!((usage.minute_used, usage.day_used), (3, 3));
        let minute = shared.scoped("open").get(&minute_counter(9, at)).await?;
        assert_eq!(minute.as_deref(), Some("3"));
        Ok(())
    }
}
