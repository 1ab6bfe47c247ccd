//! Brand entry (`/to/api/base/system/brand-application/...`): the applicant's create and
//! my-list (docs/shell.md), the operators' page and review.

pub mod brand;
pub mod create;
pub mod my_list;
pub mod page;
pub mod review;

use serde::Serialize;
use utoipa::ToSchema;

use std::collections::HashMap;

use crate::brand::{store::BrandApplicationRecord, BrandCategory};

/// An application as the applicant and the operators see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrandApplicationView {
    pub id: i64,
    pub company_name: String,
    pub brand_name: String,
    pub contact_name: String,
    pub mobile: String,
    pub email: String,
    pub website: String,
    pub description: String,
    pub categories: Vec<BrandCategory>,
    pub licence_file_id: String,
    /// The licence's signed content address (`/to/api/base/file/content/get/{key}?expires=&signature=`),
    /// "" when the file is gone.
    pub licence_url: String,
    /// The optional brand logo ("" when none) and its content address.
    pub logo_file_id: String,
    pub logo_url: String,
    /// The brand page an approval created (`/brand/{brandId}` in the portal; null until approved).
    pub brand_id: Option<i64>,
    /// 0 in review, 1 approved, 2 rejected.
    pub status: i32,
    /// The reviewer's remark (null while in review).
    pub review_remark: Option<String>,
    /// Epoch milliseconds.
    pub review_time: Option<i64>,
    /// Epoch milliseconds.
    pub create_time: i64,
    pub user_id: i64,
    /// The applicant's nickname, else the account name.
    pub user_name: String,
}

/// The licence ids of `records`, for one [`crate::files::Files::links`] call.
pub fn file_ids_of(records: &[BrandApplicationRecord]) -> Vec<String> {
    records
        .iter()
        .flat_map(|record| [record.licence_file_id.clone(), record.logo_file_id.clone()])
        .filter(|id| !id.is_empty())
        .collect()
}

impl BrandApplicationView {
    /// The view of `record`; `links` maps file ids to their content addresses.
    pub fn new(record: BrandApplicationRecord, links: &HashMap<String, String>) -> Self {
        let categories = record.categories();
        let user_name = record
            .user_nickname
            .filter(|name| !name.is_empty())
            .or(record.user_username)
            .unwrap_or_default();
        Self {
            id: record.id,
            company_name: record.company_name,
            brand_name: record.brand_name,
            contact_name: record.contact_name,
            mobile: record.mobile,
            email: record.email,
            website: record.website,
            description: record.description,
            categories,
            licence_url: links
                .get(&record.licence_file_id)
                .cloned()
                .unwrap_or_default(),
            licence_file_id: record.licence_file_id,
            logo_url: links.get(&record.logo_file_id).cloned().unwrap_or_default(),
            logo_file_id: record.logo_file_id,
            brand_id: record.brand_id,
            status: record.status,
            review_remark: record.reviewed_at.map(|_| record.review_remark),
            review_time: record.reviewed_at.map(|time| time.timestamp_millis()),
            create_time: record.created_at.timestamp_millis(),
            user_id: record.user_id,
            user_name,
        }
    }
}
