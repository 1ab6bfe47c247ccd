//! `GET /searches/daily?days=30`: searches per day, one entry per day of the window.

use actix_web::web;
use auth::AuthUser;
use kernel::{ApiResponse, ApiResult};

use kernel::stat::DayWindow;

use super::{DaysQuery, StatState};
use crate::usage::store::{DailySearches, UsageStore};

/// Searches (first pages of keyword searches) per UTC day and how many found nothing, oldest
/// day first; a day without searches answers zeros.
#[utoipa::path(
    get,
    path = "/searches/daily",
    tag = "stat",
    params(DaysQuery),
    responses((status = 200, description = "[{date, searches, zeroResult}]; days outside 1–365 → 400; not signed in → 401, without operation:stat:query → 403",
        body = ApiResponse<Vec<DailySearches>>))
)]
#[tracing::instrument(skip_all)]
pub async fn daily_searches(
    user: AuthUser,
    state: web::Data<StatState>,
    query: web::Query<DaysQuery>,
) -> ApiResult<ApiResponse<Vec<DailySearches>>> {
    state.ready(&user).await?;
    let window = DayWindow::parse(query.days)?;
    let counted = state
        .store
        .daily_searches(state.library.key, &window.first_day())
        .await?;
    Ok(ApiResponse::ok(every_day(&window, counted)))
}

/// Every day of `window`, the counted ones filled in.
fn every_day(window: &DayWindow, counted: Vec<DailySearches>) -> Vec<DailySearches> {
    window.every_day(
        counted,
        |entry| &entry.date,
        |date| DailySearches {
            date,
            searches: 0,
            zero_result: 0,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_without_searches_answer_zeros() -> ApiResult<()> {
        let window = DayWindow::parse(Some(3))?;
        let dates: Vec<String> = window.dates().collect();
        let counted = vec![DailySearches {
            date: dates[1].clone(),
            searches: 3,
            zero_result: 1,
        }];
        let days = every_day(&window, counted);
        assert_eq!(
            days.iter().map(|d| d.date.clone()).collect::<Vec<_>>(),
            dates
        );
        assert_eq!(
            days.iter()
                .map(|d| (d.searches, d.zero_result))
                .collect::<Vec<_>>(),
            [(0, 0), (3, 1), (0, 0)]
        );
        Ok(())
    }
}
