//! `GET /signups/daily?days=30`: users registered per day.

use actix_web::web;
use auth::AuthUser;
use kernel::stat::{DayWindow, DaysQuery, STAT_PERMISSION};
use kernel::{ApiResponse, ApiResult};

use crate::operation::signups::{DailySignups, SignupRepository, SignupStore};

/// Accounts created per UTC day (registrations, sign-ins that create an account, accounts an
/// administrator creates), oldest day first; a day without any answers 0.
#[utoipa::path(
    get,
    path = "/to/stat/system/signups/daily",
    tag = "stat",
    params(DaysQuery),
    responses((status = 200, description = "[{date, signups}]; days outside 1–365 → 400; not signed in → 401, without operation:stat:query → 403",
        body = ApiResponse<Vec<DailySignups>>))
)]
#[tracing::instrument(skip_all)]
pub async fn daily_signups(
    user: AuthUser,
    store: web::Data<SignupRepository>,
    query: web::Query<DaysQuery>,
) -> ApiResult<ApiResponse<Vec<DailySignups>>> {
    user.require_permission(STAT_PERMISSION)?;
    let window = DayWindow::parse(query.days)?;
    let counted = store.daily_signups(&window.first_day()).await?;
    Ok(ApiResponse::ok(every_day(&window, counted)))
}

/// Every day of `window`, the counted ones filled in.
fn every_day(window: &DayWindow, counted: Vec<DailySignups>) -> Vec<DailySignups> {
    window.every_day(
        counted,
        |entry| &entry.date,
        |date| DailySignups { date, signups: 0 },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_without_sign_ups_answer_zero() -> ApiResult<()> {
        let window = DayWindow::parse(Some(2))?;
        let dates: Vec<String> = window.dates().collect();
        let counted = vec![DailySignups {
            date: dates[0].clone(),
            signups: 2,
        }];
        let days = every_day(&window, counted);
        assert_eq!(
            days,
            [
                DailySignups {
                    date: dates[0].clone(),
                    signups: 2
                },
                DailySignups {
                    date: dates[1].clone(),
                    signups: 0
                }
            ]
        );
        Ok(())
    }
}
