//! Operators' management of a library's manufacturers (docs/operations.md "Manufacturers"):
//! every manufacturer with its items and the names merged into it, renaming one or setting its
//! website, and merging a duplicate into another. A name a manufacturer leaves (by a rename or a
//! merge) becomes an alias of the one it now means, so the next import files its records there
//! instead of bringing the duplicate back.

use kernel::{ApiError, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::audit::limited;

/// An operator renamed a manufacturer or changed its website.
pub const ACTION_MANUFACTURER_UPDATE: &str = "catalog-manufacturer.update";
/// An operator merged a manufacturer into another.
pub const ACTION_MANUFACTURER_MERGE: &str = "catalog-manufacturer.merge";
pub const TARGET_MANUFACTURER: &str = "catalog-manufacturer";

const KEYWORD_MAX: usize = 100;
const NAME_MAX: usize = 100;
const WEBSITE_MAX: usize = 300;

/// A manufacturer as the operators' list shows it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogManufacturer {
    pub id: i64,
    pub name: String,
    pub website: Option<String>,
    /// Its items, hidden ones included.
    pub item_count: i64,
    /// Of those, the ones an operator hid.
    pub hidden_count: i64,
    /// Names merged into it or renamed away from it, which the import files here.
    pub aliases: Vec<String>,
    /// In the duplicates view: the key it shares with the others of its group.
    pub duplicate_key: Option<String>,
}

/// The list's filters as the page sends them.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ManufacturerQuery {
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
    /// Part of the name or of an alias (case-insensitive), or the manufacturer's id.
    pub key_words: Option<String>,
    /// `true`: only likely duplicates (names equal but for case, punctuation and a company
    /// suffix such as Inc. or 有限公司), grouped.
    pub duplicates: Option<bool>,
}

/// The list's filters within their limits.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ManufacturerFilter {
    pub keyword: Option<String>,
    pub duplicates: bool,
}

impl ManufacturerQuery {
    pub fn filter(&self) -> ApiResult<ManufacturerFilter> {
        Ok(ManufacturerFilter {
            keyword: limited(self.key_words.as_deref(), KEYWORD_MAX, "keyWords")?,
            duplicates: self.duplicates.unwrap_or(false),
        })
    }
}

/// The body of `PUT …/catalog-manufacturers/{id}`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ManufacturerEditRequest {
    /// 1–100 characters.
    pub name: Option<String>,
    /// `http(s)://…`, at most 300 characters; empty or absent clears it.
    pub website: Option<String>,
}

/// A manufacturer's name and website, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManufacturerEdit {
    pub name: String,
    pub website: Option<String>,
}

impl ManufacturerEditRequest {
    pub fn parse(self) -> ApiResult<ManufacturerEdit> {
        let name = self.name.as_deref().map(str::trim).unwrap_or_default();
        if name.is_empty() {
            return Err(ApiError::bad_request("厂商名称不能为空"));
        }
        if name.chars().count() > NAME_MAX {
            return Err(ApiError::bad_request("厂商名称过长"));
        }
        if name.chars().any(char::is_control) {
            return Err(ApiError::bad_request("厂商名称含有控制字符"));
        }
        let website = match self.website.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(website) => Some(parse_http_url(website, WEBSITE_MAX, "网址")?),
        };
        Ok(ManufacturerEdit {
            name: name.to_owned(),
            website,
        })
    }
}

/// `value` as an `http(s)://` address of at most `max` characters; else 400 naming it `what`.
pub(crate) fn parse_http_url(value: &str, max: usize, what: &str) -> ApiResult<String> {
    if value.chars().count() > max {
        return Err(ApiError::bad_request(format!("{what}过长")));
    }
    let lower = value.to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"));
    match rest {
        Some(rest)
            if !rest.is_empty()
                && !rest.starts_with('/')
                && !value.chars().any(|c| c.is_whitespace() || c.is_control()) =>
        {
            Ok(value.to_owned())
        }
        _ => Err(ApiError::bad_request(format!(
            "{what}须以 http:// 或 https:// 开头"
        ))),
    }
}

/// The body of `POST …/catalog-manufacturers/{id}/merge`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MergeRequest {
    /// The manufacturer that keeps the items; the one in the path goes.
    pub target_id: Option<i64>,
}

impl MergeRequest {
    /// The target's id, which must differ from `source`.
    pub fn target(&self, source: i64) -> ApiResult<i64> {
        match self.target_id {
            None => Err(ApiError::bad_request("targetId 不能为空")),
            Some(target) if target == source => Err(ApiError::bad_request("不能合并到自身")),
            Some(target) => Ok(target),
        }
    }
}

/// What a rename or website change did.
#[derive(Debug, Clone, PartialEq)]
pub enum EditOutcome {
    NotFound,
    /// Another manufacturer has the name, or an alias of one is it.
    NameTaken,
    /// Nothing to change: the current state.
    Unchanged(Box<CatalogManufacturer>),
    Changed(Box<CatalogManufacturer>),
}

/// What a merge did.
#[derive(Debug, Clone, PartialEq)]
pub enum MergeOutcome {
    /// The source or the target does not exist (any more).
    NotFound,
    /// The target after the merge, with the number of items that moved to it.
    Merged {
        target: Box<CatalogManufacturer>,
        moved: i64,
    },
}

/// The result of a merge as the route answers it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MergeResult {
    /// The manufacturer that now holds the items.
    pub target: CatalogManufacturer,
    /// How many items moved to it.
    pub moved: i64,
}

/// Words that say what kind of company it is rather than which: two names that differ only in
/// these (and in case and punctuation) are likely the same manufacturer.
const COMPANY_WORDS: &[&str] = &[
    "inc",
    "incorporated",
    "corp",
    "corporation",
    "co",
    "company",
    "ltd",
    "limited",
    "llc",
    "gmbh",
    "ag",
    "sa",
    "bv",
    "nv",
    "plc",
    "kk",
    "group",
    "holdings",
    "international",
];
/// The same for Chinese names, longest first.
const COMPANY_SUFFIXES: &[&str] = &["股份有限公司", "有限责任公司", "有限公司", "集团", "公司"];

/// The key under which likely duplicates meet: lower-cased words without punctuation, company
/// words (Inc., GmbH, 有限公司 …) dropped, joined without spaces ("ST Microelectronics" and
/// "STMicroelectronics Inc." meet). A name made only of such words keeps them.
pub fn duplicate_key(name: &str) -> String {
    let lower = name.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .collect();
    let mut key: String = words
        .iter()
        .filter(|word| !COMPANY_WORDS.contains(word))
        .copied()
        .collect();
    if key.is_empty() {
        key = words.concat();
    }
    while let Some(stripped) = COMPANY_SUFFIXES
        .iter()
        .find_map(|suffix| key.strip_suffix(suffix).filter(|rest| !rest.is_empty()))
    {
        key = stripped.to_owned();
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(name: &str, website: Option<&str>) -> ApiResult<ManufacturerEdit> {
        ManufacturerEditRequest {
            name: Some(name.to_owned()),
            website: website.map(str::to_owned),
        }
        .parse()
    }

    #[test]
    fn likely_duplicates_share_a_key() {
        let key = duplicate_key("Texas Instruments");
        assert_eq!(key, "texasinstruments");
        assert_eq!(duplicate_key("TEXAS INSTRUMENTS, Inc."), key);
        assert_eq!(duplicate_key("texas-instruments"), key);
        assert_eq!(
            duplicate_key("ST Microelectronics"),
            duplicate_key("STMicroelectronics Inc.")
        );
        assert_eq!(
            duplicate_key("深圳市某某电子有限公司"),
            duplicate_key("深圳市某某电子")
        );
        assert_eq!(
            duplicate_key("圣邦微电子（北京）股份有限公司"),
            "圣邦微电子北京"
        );
        assert_ne!(duplicate_key("Microchip"), duplicate_key("Micron"));
        // A name of company words only keeps them rather than meeting every other such name.
        assert_eq!(duplicate_key("Co., Ltd."), "coltd");
        assert_eq!(duplicate_key("公司"), "公司");
    }

    #[test]
    fn a_name_is_required_and_bounded() {
        assert!(edit("  ", None).is_err());
        assert!(edit(&"名".repeat(101), None).is_err());
        assert!(edit("Bad\u{7}Name", None).is_err());
        assert_eq!(
            edit(" Texas Instruments ", Some("  ")).ok(),
            Some(ManufacturerEdit {
                name: "Texas Instruments".to_owned(),
                website: None
            })
        );
    }

    #[test]
    fn a_website_is_an_http_address() {
        assert_eq!(
            edit("TI", Some("https://www.ti.com/"))
                .ok()
                .and_then(|e| e.website),
            Some("https://www.ti.com/".to_owned())
        );
        assert!(edit("TI", Some("HTTP://TI.COM")).is_ok());
        for bad in [
            "www.ti.com",
            "javascript:alert(1)",
            "https://",
            "https:///x",
            "https://a b",
        ] {
            assert!(edit("TI", Some(bad)).is_err(), "{bad}");
        }
        assert!(edit("TI", Some(&format!("https://{}", "a".repeat(300)))).is_err());
    }

    #[test]
    fn a_merge_needs_another_target() {
        assert!(MergeRequest { target_id: None }.target(1).is_err());
        assert!(MergeRequest { target_id: Some(1) }.target(1).is_err());
        assert_eq!(MergeRequest { target_id: Some(2) }.target(1).ok(), Some(2));
    }
}
