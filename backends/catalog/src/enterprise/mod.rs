//! Enterprise (private) library items (docs/enterprise-library.md): what an organisation publishes
//! into a library, reviewed by operators, read only by the organisation's members. Stored in
//! `enterprise_item`, apart from the public `item` table, so no public route can reach them.

pub mod archive;
pub mod batch;
pub mod files;
pub mod shapes;
pub mod store;

use kernel::{ApiError, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use files::{EnterpriseFile, EnterpriseFileDraft, EnterpriseFileKind};

/// The first organisation id of a private deployment: 0 is the platform, 1 the blocked placeholder.
pub const FIRST_ORG_ID: i64 = 2;
/// Submitting items into one's organisation's libraries (granted to the `member` role; an
/// organisation's administrators take it from a member).
pub const PUBLISH_PERMISSION: &str = auth::PUBLISH_PERMISSION;
/// The operators' review queue of every library.
pub const AUDIT_PERMISSION: &str = "operation:enterprise-item:audit";

const CODE_MAX: usize = 64;
const NAME_MAX: usize = 128;
const MANUFACTURER_MAX: usize = 128;
const DESCRIPTION_MAX: usize = 2000;
const PARAMETERS_MAX: usize = 50;
const PARAMETER_NAME_MAX: usize = 64;
const PARAMETER_VALUE_MAX: usize = 256;
const REMARK_MAX: usize = 500;

/// Where a submission stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum EnterpriseItemState {
    Pending,
    Approved,
    Rejected,
}

impl EnterpriseItemState {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::Rejected => "rejected",
        }
    }

    /// A `state` query parameter.
    pub fn parse(raw: &str) -> ApiResult<Self> {
        match raw {
            "pending" => Ok(Self::Pending),
            "approved" => Ok(Self::Approved),
            "rejected" => Ok(Self::Rejected),
            other => Err(ApiError::bad_request(format!(
                "state 不正确: {other}（可选 pending、approved、rejected）"
            ))),
        }
    }

    fn from_stored(stored: &str) -> anyhow::Result<Self> {
        Self::parse(stored).map_err(|_| anyhow::anyhow!("unknown stored state {stored:?}"))
    }
}

/// A named value the submitter gives the item (free text: organisations' parameters are not
/// typed against the library's dimensions yet).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct EnterpriseParameter {
    pub name: String,
    pub value: String,
}

/// The body of a submission, as sent.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseItemDraft {
    /// Part number, grade or designation, 1–64 characters.
    pub code: Option<String>,
    /// 1–128 characters.
    pub name: Option<String>,
    /// A category of this library's tree.
    pub category_id: Option<i64>,
    /// At most 128 characters.
    pub manufacturer: Option<String>,
    /// At most 2000 characters.
    pub description: Option<String>,
    /// At most 50, names unique (1–64 characters), values 1–256 characters.
    #[serde(default)]
    pub parameters: Vec<EnterpriseParameter>,
    /// At most 10: models, datasheets, drawings uploaded through the file service.
    #[serde(default)]
    pub files: Vec<EnterpriseFileDraft>,
    /// A resubmission's files kept from the item (their places in its `files`, from 0), before
    /// the new ones; kept and new at most 10. Not for a first submission.
    #[serde(default)]
    pub keep_files: Vec<usize>,
}

/// A submission whose every field is within its limits (the category is checked against the
/// tree by the route).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidDraft {
    pub code: String,
    pub name: String,
    pub category_id: i64,
    pub manufacturer: Option<String>,
    pub description: String,
    pub parameters: Vec<EnterpriseParameter>,
    /// Checked and copied by [`files::Attachments::take`].
    pub files: Vec<EnterpriseFileDraft>,
    /// Places of the item's current files to keep (a resubmission), unique.
    pub keep_files: Vec<usize>,
}

/// `raw` trimmed, required and at most `max` characters.
fn required(raw: Option<&str>, field: &str, max: usize) -> ApiResult<String> {
    let value = raw.map(str::trim).unwrap_or_default();
    if value.is_empty() {
        return Err(ApiError::bad_request(format!("{field} 不能为空")));
    }
    within(value, field, max)
}

fn within(value: &str, field: &str, max: usize) -> ApiResult<String> {
    if value.chars().count() > max {
        return Err(ApiError::bad_request(format!(
            "{field} 不能超过{max}个字符"
        )));
    }
    Ok(value.to_owned())
}

/// `raw` trimmed; empty is none.
fn optional(raw: Option<&str>, field: &str, max: usize) -> ApiResult<Option<String>> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(value) => within(value, field, max).map(Some),
    }
}

impl EnterpriseItemDraft {
    pub fn parse(self) -> ApiResult<ValidDraft> {
        let code = required(self.code.as_deref(), "code", CODE_MAX)?;
        let name = required(self.name.as_deref(), "name", NAME_MAX)?;
        let category_id = self
            .category_id
            .ok_or_else(|| ApiError::bad_request("categoryId 不能为空"))?;
        let manufacturer = optional(
            self.manufacturer.as_deref(),
            "manufacturer",
            MANUFACTURER_MAX,
        )?;
        let description = optional(self.description.as_deref(), "description", DESCRIPTION_MAX)?
            .unwrap_or_default();
        if self.parameters.len() > PARAMETERS_MAX {
            return Err(ApiError::bad_request(format!(
                "parameters 最多{PARAMETERS_MAX}项"
            )));
        }
        let mut parameters: Vec<EnterpriseParameter> = Vec::with_capacity(self.parameters.len());
        for parameter in &self.parameters {
            let name = required(Some(&parameter.name), "参数名", PARAMETER_NAME_MAX)?;
            let value = required(Some(&parameter.value), "参数值", PARAMETER_VALUE_MAX)?;
            if parameters
                .iter()
                .any(|known| known.name.to_lowercase() == name.to_lowercase())
            {
                return Err(ApiError::bad_request(format!("参数名重复: {name}")));
            }
            parameters.push(EnterpriseParameter { name, value });
        }
        if self.files.len() + self.keep_files.len() > files::FILES_MAX {
            return Err(ApiError::bad_request(format!(
                "files 最多{}个",
                files::FILES_MAX
            )));
        }
        let mut keep_files = self.keep_files.clone();
        keep_files.sort_unstable();
        keep_files.dedup();
        if keep_files.len() != self.keep_files.len() {
            return Err(ApiError::bad_request("keepFiles 不能重复"));
        }
        Ok(ValidDraft {
            code,
            name,
            category_id,
            manufacturer,
            description,
            parameters,
            files: self.files,
            keep_files: self.keep_files,
        })
    }
}

/// An operator's decision, as sent.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewRequest {
    /// `true` approves, `false` rejects.
    pub approved: Option<bool>,
    /// Required when rejecting; at most 500 characters.
    pub remark: Option<String>,
}

/// A decision within its limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    pub state: EnterpriseItemState,
    pub remark: Option<String>,
}

impl ReviewRequest {
    pub fn parse(self) -> ApiResult<Review> {
        let approved = self
            .approved
            .ok_or_else(|| ApiError::bad_request("approved 不能为空"))?;
        let remark = optional(self.remark.as_deref(), "remark", REMARK_MAX)?;
        if !approved && remark.is_none() {
            return Err(ApiError::bad_request("驳回时必须填写审核意见"));
        }
        Ok(Review {
            state: if approved {
                EnterpriseItemState::Approved
            } else {
                EnterpriseItemState::Rejected
            },
            remark,
        })
    }
}

/// An item as answered.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseItem {
    pub id: i64,
    /// The library key.
    pub library: String,
    pub org_id: i64,
    pub state: EnterpriseItemState,
    pub code: String,
    pub name: String,
    /// `None` when the category was removed from the tree since.
    pub category_id: Option<i64>,
    /// The category's Chinese name ("" when removed).
    pub category_name: String,
    pub category_name_en: String,
    pub manufacturer: Option<String>,
    pub description: String,
    pub parameters: Vec<EnterpriseParameter>,
    /// Models, datasheets and drawings, in the submitter's order.
    pub files: Vec<EnterpriseFile>,
    /// The reviewer's remark.
    pub remark: Option<String>,
    /// User id of the submitter.
    pub submitted_by: i64,
    pub reviewed_by: Option<i64>,
    /// Epoch milliseconds.
    pub create_time: i64,
    /// Epoch milliseconds; `None` while pending.
    pub review_time: Option<i64>,
    /// The organisation shows the item on its public page (seen by everyone while approved).
    pub showcased: bool,
}

/// Whether an item is shown on the organisation's public page, as sent.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ShowcaseRequest {
    /// `true` shows the (approved) item to everyone on the organisation's page, `false` hides it.
    pub showcased: Option<bool>,
}

/// An item as the organisation's public page shows it to everyone: what the organisation
/// published, without the review's internals (state, remark, who submitted and reviewed).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShowcaseItem {
    pub id: i64,
    pub library: String,
    pub org_id: i64,
    pub code: String,
    pub name: String,
    pub category_id: Option<i64>,
    pub category_name: String,
    pub category_name_en: String,
    pub manufacturer: Option<String>,
    pub description: String,
    pub parameters: Vec<EnterpriseParameter>,
    pub files: Vec<EnterpriseFile>,
    /// When it was approved (epoch milliseconds).
    pub publish_time: Option<i64>,
}

impl EnterpriseItem {
    /// Everyone may see it: approved, and shown by its organisation.
    pub fn is_public(&self) -> bool {
        self.showcased && self.state == EnterpriseItemState::Approved
    }
}

impl From<EnterpriseItem> for ShowcaseItem {
    fn from(item: EnterpriseItem) -> Self {
        Self {
            id: item.id,
            library: item.library,
            org_id: item.org_id,
            code: item.code,
            name: item.name,
            category_id: item.category_id,
            category_name: item.category_name,
            category_name_en: item.category_name_en,
            manufacturer: item.manufacturer,
            description: item.description,
            parameters: item.parameters,
            files: item.files,
            publish_time: item.review_time,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft() -> EnterpriseItemDraft {
        EnterpriseItemDraft {
            code: Some("  BRK-100 ".into()),
            name: Some("Bracket".into()),
            category_id: Some(7),
            manufacturer: Some(" ".into()),
            description: None,
            parameters: vec![EnterpriseParameter {
                name: "材质".into(),
                value: "6061-T6".into(),
            }],
            files: Vec::new(),
            keep_files: Vec::new(),
        }
    }

    #[test]
    fn a_draft_is_trimmed_and_blank_optionals_are_none() -> anyhow::Result<()> {
        let valid = draft()
            .parse()
            .map_err(|error| anyhow::anyhow!("{error}"))?;
        assert_eq!(valid.code, "BRK-100");
        assert_eq!(valid.manufacturer, None);
        assert_eq!(valid.description, "");
        assert_eq!(valid.parameters.len(), 1);
        Ok(())
    }

    #[test]
    fn limits_and_duplicates_are_refused_with_the_field() {
        let reason = |draft: EnterpriseItemDraft| draft.parse().err().map(|e| e.to_string());
        let mut missing = draft();
        missing.code = None;
        assert!(reason(missing).is_some_and(|r| r.contains("code")));
        let mut long = draft();
        long.name = Some("长".repeat(NAME_MAX + 1));
        assert!(reason(long).is_some_and(|r| r.contains("name")));
        let mut at_limit = draft();
        at_limit.name = Some("长".repeat(NAME_MAX));
        assert!(at_limit.parse().is_ok());
        let mut twice = draft();
        twice.parameters.push(EnterpriseParameter {
            name: " 材质".into(),
            value: "7075".into(),
        });
        assert!(reason(twice).is_some_and(|r| r.contains("参数名重复")));
        let mut many = draft();
        many.parameters = (0..=PARAMETERS_MAX)
            .map(|i| EnterpriseParameter {
                name: format!("p{i}"),
                value: "1".into(),
            })
            .collect();
        assert!(reason(many).is_some());
        let mut no_category = draft();
        no_category.category_id = None;
        assert!(reason(no_category).is_some_and(|r| r.contains("categoryId")));
        let mut kept_twice = draft();
        kept_twice.keep_files = vec![0, 0];
        assert!(reason(kept_twice).is_some_and(|r| r.contains("keepFiles")));
        let mut too_many = draft();
        too_many.keep_files = (0..=files::FILES_MAX).collect();
        assert!(reason(too_many).is_some_and(|r| r.contains("files")));
    }

    #[test]
    fn a_rejection_needs_a_remark() {
        let reject = ReviewRequest {
            approved: Some(false),
            remark: Some("  ".into()),
        };
        assert!(reject.parse().is_err());
        let approve = ReviewRequest {
            approved: Some(true),
            remark: None,
        };
        assert_eq!(
            approve.parse().ok(),
            Some(Review {
                state: EnterpriseItemState::Approved,
                remark: None
            })
        );
        assert!(ReviewRequest {
            approved: None,
            remark: None
        }
        .parse()
        .is_err());
    }

    #[test]
    fn states_round_trip() {
        for state in [
            EnterpriseItemState::Pending,
            EnterpriseItemState::Approved,
            EnterpriseItemState::Rejected,
        ] {
            assert_eq!(EnterpriseItemState::parse(state.as_str()).ok(), Some(state));
        }
        assert!(EnterpriseItemState::parse("done").is_err());
    }
}
