//! Operators correct a public item (docs/operations.md "Correcting an item"): its name,
//! description, category, manufacturer, document link and lifecycle. A correction is kept as an override of the
//! source's value (`item_override`): the item row holds what the public sees, the override the
//! corrected fields and what the source said, so a re-import that changes the record updates the
//! other fields and keeps the correction, and setting a field back to the source's value drops
//! its override.

use kernel::{ApiError, ApiResult};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::manufacturer::parse_http_url;
use super::CatalogItem;

/// An operator corrected a public item.
pub const ACTION_CATALOG_ITEM_UPDATE: &str = "catalog-item.update";

const NAME_MAX: usize = 200;
const DESCRIPTION_MAX: usize = 4000;
const URL_MAX: usize = 500;
const REASON_MAX: usize = 200;
/// The lifecycle states the libraries show (none: not stated by the source).
pub const LIFECYCLES: [&str; 3] = ["active", "nrnd", "obsolete"];

/// The Chinese and English names of a lifecycle state, as the pages show them (the API keeps the
/// code); a state outside [`LIFECYCLES`] is its own name.
pub fn lifecycle_names(state: &str) -> (&str, &str) {
    match state {
        "active" => ("量产", "Active"),
        "nrnd" => ("不推荐用于新设计", "Not for new designs"),
        "obsolete" => ("停产", "Obsolete"),
        other => (other, other),
    }
}

/// The fields of an item an operator may correct, as the item row holds them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ItemFields {
    pub name: String,
    pub description: String,
    pub category_id: Option<i64>,
    pub document_url: Option<String>,
    pub lifecycle: Option<String>,
    pub manufacturer_id: Option<i64>,
}

/// Field name (as [`ItemFields`] serialises it) → value: the corrected fields of an override, or
/// the source's values of those fields.
pub type FieldValues = Map<String, Value>;

impl ItemFields {
    /// These fields with `values` in place of theirs.
    pub fn with(&self, values: &FieldValues) -> anyhow::Result<Self> {
        let mut object = match serde_json::to_value(self)? {
            Value::Object(object) => object,
            _ => anyhow::bail!("item fields are not an object"),
        };
        for (field, value) in values {
            object.insert(field.clone(), value.clone());
        }
        Ok(serde_json::from_value(Value::Object(object))?)
    }

    /// Every field by name.
    pub fn values(&self) -> anyhow::Result<FieldValues> {
        match serde_json::to_value(self)? {
            Value::Object(object) => Ok(object),
            _ => anyhow::bail!("item fields are not an object"),
        }
    }

    /// The fields of `self` that differ from `other`, with `self`'s values.
    pub fn differing_from(&self, other: &Self) -> anyhow::Result<FieldValues> {
        let theirs = other.values()?;
        Ok(self
            .values()?
            .into_iter()
            .filter(|(field, value)| theirs.get(field) != Some(value))
            .collect())
    }
}

/// The override a correction leaves: what the public sees instead of the source, given `current`
/// (the item row, corrections applied), `original` (the source's values of the corrected fields)
/// and `wanted` (the operator's values of every field). Answers the corrected fields and the
/// source's values of them: a field set back to the source's value has no override.
pub fn override_for(
    current: &ItemFields,
    original: &FieldValues,
    wanted: &ItemFields,
) -> anyhow::Result<(FieldValues, FieldValues)> {
    let source = current.with(original)?;
    let corrected = wanted.differing_from(&source)?;
    let source_values = source.values()?;
    let original = corrected
        .keys()
        .map(|field| {
            (
                field.clone(),
                source_values.get(field).cloned().unwrap_or(Value::Null),
            )
        })
        .collect();
    Ok((corrected, original))
}

/// The item as the operators' editor shows it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogItemDetail {
    pub item: CatalogItem,
    pub description: String,
    pub category_code: Option<String>,
    pub document_url: Option<String>,
    pub lifecycle: Option<String>,
    /// The manufacturer (its name is `item.manufacturerName`).
    pub manufacturer_id: Option<i64>,
    /// The corrected fields (`name`, `description`, `categoryCode`, `documentUrl`, `lifecycle`,
    /// `manufacturerId`) with what the source says of each.
    pub corrections: Vec<Correction>,
    /// Why the last correction was made, by whom (user id) and when (epoch milliseconds).
    pub correction_reason: Option<String>,
    pub corrected_by: Option<i64>,
    pub correction_time: Option<i64>,
}

/// One corrected field and the source's value of it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Correction {
    pub field: String,
    /// The source's value (a category as its code, a manufacturer as its name; every field is
    /// text or none).
    #[schema(value_type = Option<String>)]
    pub original: Value,
}

/// The body of `PUT …/catalog-items/{id}`: every correctable field as the operator wants it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemEditRequest {
    /// 1–200 characters.
    pub name: Option<String>,
    /// At most 4000 characters.
    pub description: Option<String>,
    /// A category of the library; empty: none.
    pub category_code: Option<String>,
    /// Datasheet or standard: `http(s)://…`, at most 500 characters; empty: none.
    pub document_url: Option<String>,
    /// `active`, `nrnd`, `obsolete`; empty: not stated.
    pub lifecycle: Option<String>,
    /// A manufacturer of the library by id; `null`: none; absent: left as it is.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>)]
    pub manufacturer_id: Option<Option<i64>>,
    /// Why (1–200 characters), for the audit log and the next operator.
    pub reason: Option<String>,
}

/// A field that is present, `null` included (`Some(None)`); an absent one stays `None`.
fn present<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Option<i64>>, D::Error> {
    Option::<i64>::deserialize(deserializer).map(Some)
}

/// A correction, parsed: the wanted fields with the category as its code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemEdit {
    pub name: String,
    pub description: String,
    pub category_code: Option<String>,
    pub document_url: Option<String>,
    pub lifecycle: Option<String>,
    /// `None`: as it is; `Some(None)`: no manufacturer.
    pub manufacturer_id: Option<Option<i64>>,
    pub reason: String,
}

fn blank_is_none(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|value| !value.is_empty())
}

impl ItemEditRequest {
    pub fn parse(self) -> ApiResult<ItemEdit> {
        let name = self.name.as_deref().map(str::trim).unwrap_or_default();
        if name.is_empty() {
            return Err(ApiError::bad_request("名称不能为空"));
        }
        if name.chars().count() > NAME_MAX || name.chars().any(char::is_control) {
            return Err(ApiError::bad_request("名称过长或含有控制字符"));
        }
        let description = self
            .description
            .as_deref()
            .map(str::trim)
            .unwrap_or_default();
        if description.chars().count() > DESCRIPTION_MAX {
            return Err(ApiError::bad_request("描述过长"));
        }
        let document_url = blank_is_none(self.document_url.as_deref())
            .map(|url| parse_http_url(url, URL_MAX, "文档链接"))
            .transpose()?;
        let lifecycle = match blank_is_none(self.lifecycle.as_deref()) {
            Some(state) if LIFECYCLES.contains(&state) => Some(state.to_owned()),
            Some(_) => {
                return Err(ApiError::bad_request(
                    "生命周期须为 active、nrnd 或 obsolete",
                ))
            }
            None => None,
        };
        if let Some(Some(id)) = self.manufacturer_id {
            if id < 1 {
                return Err(ApiError::bad_request("厂商不存在"));
            }
        }
        let reason = self.reason.as_deref().map(str::trim).unwrap_or_default();
        if reason.is_empty() {
            return Err(ApiError::bad_request("修改原因不能为空"));
        }
        if reason.chars().count() > REASON_MAX {
            return Err(ApiError::bad_request("修改原因过长"));
        }
        Ok(ItemEdit {
            name: name.to_owned(),
            description: description.to_owned(),
            category_code: blank_is_none(self.category_code.as_deref()).map(str::to_owned),
            document_url,
            lifecycle,
            manufacturer_id: self.manufacturer_id,
            reason: reason.to_owned(),
        })
    }
}

/// What a correction did.
#[derive(Debug, Clone, PartialEq)]
pub enum EditItemOutcome {
    NotFound,
    /// The category code is not in the library's tree.
    UnknownCategory,
    /// No manufacturer of the library has the id.
    UnknownManufacturer,
    /// Nothing differs from the item as it is: nothing written.
    Unchanged(Box<CatalogItemDetail>),
    Changed(Box<CatalogItemDetail>),
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn every_lifecycle_state_has_its_names() {
        for state in LIFECYCLES {
            let (zh, en) = lifecycle_names(state);
            assert_ne!(zh, state);
            assert_ne!(en, state);
        }
        assert_eq!(lifecycle_names("eol"), ("eol", "eol"));
    }

    fn fields(name: &str, category: Option<i64>) -> ItemFields {
        ItemFields {
            name: name.to_owned(),
            description: "desc".to_owned(),
            category_id: category,
            document_url: None,
            lifecycle: None,
            manufacturer_id: Some(9),
        }
    }

    fn request(name: &str) -> ItemEditRequest {
        ItemEditRequest {
            name: Some(name.to_owned()),
            description: Some(" 说明 ".to_owned()),
            category_code: Some(" ".to_owned()),
            document_url: Some(String::new()),
            lifecycle: Some("obsolete".to_owned()),
            manufacturer_id: None,
            reason: Some(" 型号写错 ".to_owned()),
        }
    }

    #[test]
    fn a_correction_keeps_only_what_differs_from_the_source() -> anyhow::Result<()> {
        let source = fields("LM358", Some(3));
        // First correction: the name and the category.
        let wanted = fields("LM358DR", Some(4));
        let (corrected, original) = override_for(&source, &FieldValues::new(), &wanted)?;
        assert_eq!(
            Value::Object(corrected.clone()),
            json!({"name": "LM358DR", "categoryId": 4})
        );
        assert_eq!(
            Value::Object(original.clone()),
            json!({"name": "LM358", "categoryId": 3})
        );
        // Then the name goes back to the source's: only the category stays corrected.
        let current = source.with(&corrected)?;
        let back = fields("LM358", Some(4));
        let (corrected, original) = override_for(&current, &original, &back)?;
        assert_eq!(Value::Object(corrected), json!({"categoryId": 4}));
        assert_eq!(Value::Object(original), json!({"categoryId": 3}));
        Ok(())
    }

    #[test]
    fn overrides_apply_over_new_source_values() -> anyhow::Result<()> {
        let revised_source = ItemFields {
            description: "revised".to_owned(),
            ..fields("LM358", Some(3))
        };
        let corrected: FieldValues = [("name".to_owned(), json!("LM358DR"))]
            .into_iter()
            .collect();
        let shown = revised_source.with(&corrected)?;
        assert_eq!(shown.name, "LM358DR");
        assert_eq!(shown.description, "revised");
        Ok(())
    }

    #[test]
    fn an_absent_manufacturer_is_kept_and_null_is_none() -> anyhow::Result<()> {
        let parse = |body: Value| -> anyhow::Result<Option<Option<i64>>> {
            let request: ItemEditRequest = serde_json::from_value(body)?;
            Ok(request.manufacturer_id)
        };
        assert_eq!(parse(json!({"name": "x"}))?, None);
        assert_eq!(parse(json!({"manufacturerId": null}))?, Some(None));
        assert_eq!(parse(json!({"manufacturerId": 12}))?, Some(Some(12)));
        Ok(())
    }

    #[test]
    fn a_request_is_parsed_within_its_limits() {
        let parsed = request(" LM358DR ").parse().ok();
        assert_eq!(
            parsed,
            Some(ItemEdit {
                name: "LM358DR".to_owned(),
                description: "说明".to_owned(),
                category_code: None,
                document_url: None,
                lifecycle: Some("obsolete".to_owned()),
                manufacturer_id: None,
                reason: "型号写错".to_owned(),
            })
        );
        let bad_manufacturer = ItemEditRequest {
            manufacturer_id: Some(Some(0)),
            ..request("LM358")
        };
        assert!(bad_manufacturer.parse().is_err());
        assert!(request(" ").parse().is_err());
        assert!(request(&"x".repeat(201)).parse().is_err());
        let bad_lifecycle = ItemEditRequest {
            lifecycle: Some("dead".to_owned()),
            ..request("LM358")
        };
        assert!(bad_lifecycle.parse().is_err());
        let bad_url = ItemEditRequest {
            document_url: Some("ftp://x".to_owned()),
            ..request("LM358")
        };
        assert!(bad_url.parse().is_err());
        let no_reason = ItemEditRequest {
            reason: None,
            ..request("LM358")
        };
        assert!(no_reason.parse().is_err());
    }
}
