//! The parameters every usage-statistics route shares (`/to/stat/…`, docs/statistics.md): a
//! window of whole UTC days ending today (`days`, 1–365, default 30) and a list length
//! (`limit`, 1–100, default 20).

use chrono::{NaiveDate, Utc};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::{ApiError, ApiResult};

/// The permission of every statistics route (role `operator`; `*:*:*` holds it).
pub const STAT_PERMISSION: &str = "operation:stat:query";
/// The base of the statistics routes (spec §7): `/to/stat/<library>`, `/to/stat/system`.
pub const STAT_BASE: &str = "/to/stat";

pub const DAYS_DEFAULT: i64 = 30;
pub const DAYS_MAX: i64 = 365;
pub const LIMIT_DEFAULT: i64 = 20;
pub const LIMIT_MAX: i64 = 100;

/// The window of a daily series.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DaysQuery {
    /// Days back from today (UTC), today included: 1–365 (default 30).
    pub days: Option<i64>,
}

/// The window and length of a list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Days back from today (UTC), today included: 1–365 (default 30).
    pub days: Option<i64>,
    /// Entries: 1–100 (default 20).
    pub limit: Option<i64>,
}

impl ListQuery {
    /// The window and the number of entries asked for, each refused with its own message.
    pub fn parse(&self) -> ApiResult<(DayWindow, i64)> {
        Ok((DayWindow::parse(self.days)?, limit(self.limit)?))
    }
}

/// `days` whole UTC days ending today (today included).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DayWindow {
    pub first: NaiveDate,
    pub days: i64,
}

impl DayWindow {
    /// `days` (default 30) ending today; outside 1–365 → 400 `days 必须在1到365之间`.
    pub fn parse(days: Option<i64>) -> ApiResult<Self> {
        Self::ending(days, Utc::now().date_naive())
    }

    fn ending(days: Option<i64>, today: NaiveDate) -> ApiResult<Self> {
        let days = days.unwrap_or(DAYS_DEFAULT);
        if !(1..=DAYS_MAX).contains(&days) {
            return Err(ApiError::bad_request(format!(
                "days 必须在1到{DAYS_MAX}之间: {days}"
            )));
        }
        Ok(Self {
            first: today - chrono::Duration::days(days - 1),
            days,
        })
    }

    /// The first day as stored and compared: `YYYY-MM-DD`.
    pub fn first_day(&self) -> String {
        day_text(self.first)
    }

    /// Every day of the window, oldest first, as `YYYY-MM-DD`.
    pub fn dates(&self) -> impl Iterator<Item = String> {
        self.first
            .iter_days()
            .take(self.days as usize)
            .map(day_text)
    }

    /// Every day of the window, oldest first: the entry of `counted` (sorted by date) for that
    /// day, or `empty(date)` for a day nothing was counted on.
    pub fn every_day<T>(
        &self,
        counted: Vec<T>,
        date_of: impl Fn(&T) -> &str,
        empty: impl Fn(String) -> T,
    ) -> Vec<T> {
        let mut counted = counted.into_iter().peekable();
        self.dates()
            .map(
                |date| match counted.next_if(|entry| date_of(entry) == date) {
                    Some(entry) => entry,
                    None => empty(date),
                },
            )
            .collect()
    }
}

/// `limit` (default 20); outside 1–100 → 400 `limit 必须在1到100之间`.
fn limit(limit: Option<i64>) -> ApiResult<i64> {
    let limit = limit.unwrap_or(LIMIT_DEFAULT);
    if !(1..=LIMIT_MAX).contains(&limit) {
        return Err(ApiError::bad_request(format!(
            "limit 必须在1到{LIMIT_MAX}之间: {limit}"
        )));
    }
    Ok(limit)
}

/// `2026-11-27`.
pub fn day_text(day: NaiveDate) -> String {
    day.format("%Y-%m-%d").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_end_today_and_are_bounded() -> ApiResult<()> {
        let today =
            NaiveDate::from_ymd_opt(2026, 3, 1).ok_or_else(|| ApiError::bad_request("date"))?;
        let window = DayWindow::ending(Some(3), today)?;
        assert_eq!(window.first_day(), "2026-02-27");
        assert_eq!(
            window.dates().collect::<Vec<_>>(),
            ["2026-02-27", "2026-02-28", "2026-03-01"]
        );
        assert_eq!(DayWindow::ending(None, today)?.days, 30);
        assert_eq!(DayWindow::ending(Some(1), today)?.first_day(), "2026-03-01");
        assert!(DayWindow::ending(Some(365), today).is_ok());
        for bad in [0, -1, 366] {
            assert!(DayWindow::ending(Some(bad), today).is_err(), "{bad}");
        }
        assert_eq!(limit(None)?, 20);
        assert_eq!(limit(Some(100))?, 100);
        for bad in [0, 101] {
            assert!(limit(Some(bad)).is_err(), "{bad}");
        }
        Ok(())
    }
}
