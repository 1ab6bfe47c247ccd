//! Operators' management of a library's public catalogue (docs/operations.md "Catalogue items"):
//! every item, hidden or not, and hiding / restoring one. A hidden item stays in the database
//! (its id keeps its URLs, a re-import does not bring it back) but every public read leaves it
//! out ([`crate::item::store::VISIBLE`]); the change feed carries the change, so the search index
//! drops or re-adds it within a second.

pub mod category;
pub mod category_store;
pub mod edit;
pub mod manufacturer;
pub mod parameters;
pub mod store;

use kernel::{ApiError, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::audit::limited;

/// An operator hid a public item.
pub const ACTION_CATALOG_ITEM_HIDE: &str = "catalog-item.hide";
/// An operator restored a hidden item.
pub const ACTION_CATALOG_ITEM_UNHIDE: &str = "catalog-item.unhide";
/// An operator merged a duplicate item into another.
pub const ACTION_CATALOG_ITEM_MERGE: &str = "catalog-item.merge";
pub const TARGET_CATALOG_ITEM: &str = "catalog-item";

const KEYWORD_MAX: usize = 100;
const REASON_MAX: usize = 200;

/// An item as the operators' list shows it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogItem {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub manufacturer_name: Option<String>,
    pub category_code: Option<String>,
    /// Where the record comes from (`kicad`, `iso-4017`, …).
    pub source: String,
    pub license: String,
    pub hidden: bool,
    pub hidden_reason: Option<String>,
    /// Epoch milliseconds.
    pub hidden_time: Option<i64>,
    /// The operator's user id.
    pub hidden_by: Option<i64>,
    /// Epoch milliseconds of the last import that changed it.
    pub update_time: i64,
    /// An operator corrected some of its fields (docs/operations.md "Correcting an item").
    pub edited: bool,
    /// The item it was merged into (hidden, its detail address shows that one).
    pub merged_into: Option<i64>,
}

/// The list's filters as the page sends them.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CatalogItemQuery {
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
    /// Part of the code or name (case-insensitive), or the item's id.
    pub key_words: Option<String>,
    /// `true`: hidden items only; `false`: visible ones only; absent: all.
    pub hidden: Option<bool>,
    /// `true`: only public items sharing their code and manufacturer with another public item,
    /// by code.
    pub duplicates: Option<bool>,
}

/// The list's filters within their limits.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CatalogFilter {
    pub keyword: Option<String>,
    pub hidden: Option<bool>,
    pub duplicates: bool,
}

impl CatalogItemQuery {
    pub fn filter(&self) -> ApiResult<CatalogFilter> {
        Ok(CatalogFilter {
            keyword: limited(self.key_words.as_deref(), KEYWORD_MAX, "keyWords")?,
            hidden: self.hidden,
            duplicates: self.duplicates.unwrap_or(false),
        })
    }
}

/// The body of `PUT …/catalog-items/{id}/hidden`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HideRequest {
    pub hidden: bool,
    /// Why (1–200 characters); required to hide, ignored to restore.
    pub reason: Option<String>,
}

/// What the operator asked, parsed: hide with a reason, or restore.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Visibility {
    Hidden { reason: String },
    Visible,
}

impl HideRequest {
    pub fn parse(self) -> ApiResult<Visibility> {
        if !self.hidden {
            return Ok(Visibility::Visible);
        }
        let reason = self.reason.as_deref().map(str::trim).unwrap_or_default();
        if reason.is_empty() {
            return Err(ApiError::bad_request("隐藏原因不能为空"));
        }
        if reason.chars().count() > REASON_MAX {
            return Err(ApiError::bad_request("隐藏原因过长"));
        }
        Ok(Visibility::Hidden {
            reason: reason.to_owned(),
        })
    }
}

/// The body of `POST …/catalog-items/{id}/merge`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemMergeRequest {
    /// The item that stays; the one in the path is hidden and its address shows this one.
    pub target_id: Option<i64>,
    /// Why (at most 200 characters; default: a duplicate of the target).
    pub reason: Option<String>,
}

/// A merge, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemMerge {
    pub target: i64,
    pub reason: String,
}

impl ItemMergeRequest {
    pub fn parse(&self, source: i64) -> ApiResult<ItemMerge> {
        let target = match self.target_id {
            None => return Err(ApiError::bad_request("targetId 不能为空")),
            Some(target) if target == source => {
                return Err(ApiError::bad_request("不能合并到自身"))
            }
            Some(target) => target,
        };
        let reason = match limited(self.reason.as_deref(), REASON_MAX, "合并原因")? {
            Some(reason) => reason,
            None => format!("与 #{target} 重复，已合并"),
        };
        Ok(ItemMerge { target, reason })
    }
}

/// What a merge did.
#[derive(Debug, Clone, PartialEq)]
pub enum ItemMergeOutcome {
    /// The source does not exist.
    NotFound,
    /// The target does not exist, is hidden or merged itself.
    TargetUnavailable,
    /// The source was already merged into the target: nothing written.
    Unchanged(Box<CatalogItem>),
    /// The source as merged.
    Merged(Box<CatalogItem>),
}

/// What a hide or restore did.
#[derive(Debug, Clone, PartialEq)]
pub enum HideOutcome {
    NotFound,
    /// Already in the asked state: nothing written, the current state.
    Unchanged(Box<CatalogItem>),
    Changed(Box<CatalogItem>),
}

impl HideOutcome {
    pub fn item(self) -> Option<CatalogItem> {
        match self {
            Self::NotFound => None,
            Self::Unchanged(item) | Self::Changed(item) => Some(*item),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(hidden: bool, reason: Option<&str>) -> HideRequest {
        HideRequest {
            hidden,
            reason: reason.map(str::to_owned),
        }
    }

    #[test]
    fn hiding_needs_a_reason_within_its_limit() {
        assert!(request(true, None).parse().is_err());
        assert!(request(true, Some("   ")).parse().is_err());
        assert!(request(true, Some(&"错".repeat(201))).parse().is_err());
        assert_eq!(
            request(true, Some(&"错".repeat(200))).parse().ok(),
            Some(Visibility::Hidden {
                reason: "错".repeat(200)
            })
        );
        assert_eq!(
            request(true, Some(" 数据错误 ")).parse().ok(),
            Some(Visibility::Hidden {
                reason: "数据错误".to_owned()
            })
        );
    }

    #[test]
    fn restoring_ignores_the_reason() {
        assert_eq!(
            request(false, Some(&"x".repeat(500))).parse().ok(),
            Some(Visibility::Visible)
        );
    }

    #[test]
    fn a_merge_needs_another_target_and_has_a_reason() {
        let request = |target: Option<i64>, reason: Option<&str>| ItemMergeRequest {
            target_id: target,
            reason: reason.map(str::to_owned),
        };
        assert!(request(None, None).parse(1).is_err());
        assert!(request(Some(1), None).parse(1).is_err());
        assert!(request(Some(2), Some(&"长".repeat(201))).parse(1).is_err());
        assert_eq!(
            request(Some(2), Some(" ")).parse(1).ok(),
            Some(ItemMerge {
                target: 2,
                reason: "与 #2 重复，已合并".to_owned()
            })
        );
        assert_eq!(
            request(Some(2), Some(" 同一型号 "))
                .parse(1)
                .ok()
                .map(|m| m.reason),
            Some("同一型号".to_owned())
        );
    }

    #[test]
    fn the_keyword_is_trimmed_and_bounded() {
        let query = |keyword: &str| CatalogItemQuery {
            page_no: None,
            page_size: None,
            key_words: Some(keyword.to_owned()),
            hidden: Some(true),
            duplicates: None,
        };
        assert_eq!(query("  ").filter().ok().and_then(|f| f.keyword), None);
        assert_eq!(
            query(" LM358 ").filter().ok().and_then(|f| f.keyword),
            Some("LM358".to_owned())
        );
        assert!(query(&"x".repeat(101)).filter().is_err());
    }
}
