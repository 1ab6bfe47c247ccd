//! Paging of list calls, shared by every service: `pageNo` from 1, `pageSize` 1–100 (default 10),
//! answered as `{list, total}` like the reference framework's `PageResult`.

use crate::{ApiError, ApiResult};
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE_SIZE_DEFAULT: i64 = 10;
pub const PAGE_SIZE_MAX: i64 = 100;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageResult<T> {
    pub list: Vec<T>,
    /// Matches over all pages.
    pub total: i64,
}

/// A validated page window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    pub offset: i64,
    pub limit: i64,
}

impl Paging {
    pub fn parse(page_no: Option<i64>, page_size: Option<i64>) -> ApiResult<Self> {
        let page_no = page_no.unwrap_or(1);
        if page_no < 1 {
            return Err(ApiError::bad_request("pageNo 必须大于0"));
        }
        let limit = page_size.unwrap_or(PAGE_SIZE_DEFAULT);
        if !(1..=PAGE_SIZE_MAX).contains(&limit) {
            return Err(ApiError::bad_request("pageSize 必须在1到100之间"));
        }
        let offset = (page_no - 1)
            .checked_mul(limit)
            .ok_or_else(|| ApiError::bad_request("pageNo 过大"))?;
        Ok(Self { offset, limit })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_start_at_one_and_are_bounded() {
        assert_eq!(
            Paging::parse(None, None).ok(),
            Some(Paging {
                offset: 0,
                limit: 10
            })
        );
        assert_eq!(
            Paging::parse(Some(3), Some(20)).ok(),
            Some(Paging {
                offset: 40,
                limit: 20
            })
        );
        assert!(Paging::parse(Some(0), None).is_err());
        assert!(Paging::parse(None, Some(0)).is_err());
        assert!(Paging::parse(None, Some(101)).is_err());
        assert!(Paging::parse(Some(i64::MAX), Some(100)).is_err());
    }
}
