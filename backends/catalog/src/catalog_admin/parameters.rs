//! Operators correct the parameters of a public item (docs/operations.md "Correcting an item's
//! parameters"): the list as a whole — a value parsed wrongly from the source, a missing one, one
//! that is not there. Like the fields' corrections it is an override of the source
//! (`item_parameter_override`): the item's parameter rows hold what the public, the comparison
//! and the parametric search see, the override the corrected list and the source's list, so a
//! re-import that changes the record keeps the correction and a list set back to the source's
//! drops it.

use std::str::FromStr;

use kernel::{ApiError, ApiResult};
use serde::{Deserialize, Serialize};
use units::Dimension;
use utoipa::ToSchema;

use crate::item::model::Parameter;

/// An operator corrected the parameters of a public item.
pub const ACTION_CATALOG_ITEM_PARAMETERS: &str = "catalog-item.parameters";

const PARAMETERS_MAX: usize = 100;
const VALUE_MAX: usize = 100;
const CONDITIONS_MAX: usize = 100;
const REASON_MAX: usize = 200;

/// One parameter as the editor shows and sends it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditableParameter {
    /// `resistance`, `voltage`, `data_size`, … (one of `ItemParameters.dimensions`).
    pub dimension: String,
    /// As written: one value, a range or a tolerance with its unit (`10kΩ`, `1.8~5.5V`,
    /// `5V ±5%`).
    pub value: String,
    /// A label naming which value it is (`Flash`) or the conditions it holds under (`Vgs=10V`).
    pub conditions: Option<String>,
}

impl From<&Parameter> for EditableParameter {
    fn from(parameter: &Parameter) -> Self {
        Self {
            dimension: parameter.dimension.clone(),
            value: parameter.original.clone(),
            conditions: parameter.conditions.clone(),
        }
    }
}

/// A dimension a parameter can have, with its names and canonical unit.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DimensionName {
    pub key: String,
    pub name: String,
    pub name_en: String,
    pub unit: String,
}

/// Every dimension, as the editor's choice of a new parameter's kind.
pub fn dimension_names() -> Vec<DimensionName> {
    Dimension::ALL
        .iter()
        .map(|dimension| DimensionName {
            key: dimension.as_str().to_owned(),
            name: dimension.name_zh().to_owned(),
            name_en: dimension.name_en().to_owned(),
            unit: dimension.canonical_unit().to_owned(),
        })
        .collect()
}

/// The parameters of an item as the operators' editor shows them.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemParameters {
    /// What the public sees, in order.
    pub list: Vec<EditableParameter>,
    /// The source's list while the parameters are corrected.
    pub original: Option<Vec<EditableParameter>>,
    /// Why the parameters were last corrected, by whom (user id) and when (epoch milliseconds).
    pub correction_reason: Option<String>,
    pub corrected_by: Option<i64>,
    pub correction_time: Option<i64>,
    pub dimensions: Vec<DimensionName>,
}

/// The body of `PUT …/catalog-items/{id}/parameters`: the whole list as wanted, and why.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParametersEditRequest {
    /// At most 100, in the order to show them; empty: the item states none.
    pub parameters: Option<Vec<EditableParameter>>,
    /// Why (1–200 characters), for the audit log and the next operator.
    pub reason: Option<String>,
}

/// A parameters correction, parsed: every value typed by its dimension.
#[derive(Debug, Clone, PartialEq)]
pub struct ParametersEdit {
    pub parameters: Vec<Parameter>,
    pub reason: String,
}

impl ParametersEditRequest {
    pub fn parse(self) -> ApiResult<ParametersEdit> {
        let rows = self
            .parameters
            .ok_or_else(|| ApiError::bad_request("参数列表不能为空"))?;
        if rows.len() > PARAMETERS_MAX {
            return Err(ApiError::bad_request(format!(
                "参数最多 {PARAMETERS_MAX} 项"
            )));
        }
        let parameters = rows
            .iter()
            .enumerate()
            .map(|(index, row)| parse_row(index + 1, row))
            .collect::<ApiResult<Vec<_>>>()?;
        let reason = self.reason.as_deref().map(str::trim).unwrap_or_default();
        if reason.is_empty() {
            return Err(ApiError::bad_request("修改原因不能为空"));
        }
        if reason.chars().count() > REASON_MAX {
            return Err(ApiError::bad_request("修改原因过长"));
        }
        Ok(ParametersEdit {
            parameters,
            reason: reason.to_owned(),
        })
    }
}

/// Row `line` (1-based, as the editor numbers it) as a typed parameter: one value of its
/// dimension, conditions written after `@` or in their own field.
fn parse_row(line: usize, row: &EditableParameter) -> ApiResult<Parameter> {
    let dimension = Dimension::from_str(row.dimension.trim()).map_err(|_| {
        ApiError::bad_request(format!("第 {line} 项: 未知的参数类型 {}", row.dimension))
    })?;
    let text = row.value.trim();
    if text.is_empty() {
        return Err(ApiError::bad_request(format!(
            "第 {line} 项: 参数值不能为空"
        )));
    }
    if text.chars().count() > VALUE_MAX || text.chars().any(char::is_control) {
        return Err(ApiError::bad_request(format!(
            "第 {line} 项: 参数值过长或含有控制字符"
        )));
    }
    let conditions = row
        .conditions
        .as_deref()
        .map(str::trim)
        .filter(|conditions| !conditions.is_empty());
    if conditions
        .is_some_and(|c| c.chars().count() > CONDITIONS_MAX || c.chars().any(char::is_control))
    {
        return Err(ApiError::bad_request(format!(
            "第 {line} 项: 条件过长或含有控制字符"
        )));
    }
    let mut values = units::parse_param(text, Some(dimension)).map_err(|error| {
        ApiError::bad_request(format!(
            "第 {line} 项: {text} 不是{}的值（{error}）",
            dimension.name_zh()
        ))
    })?;
    if values.len() != 1 {
        return Err(ApiError::bad_request(format!(
            "第 {line} 项: 每项只填一个值、一个范围或一个公差（多个值请分成多项）"
        )));
    }
    let value = values.remove(0);
    if [value.min, value.typ, value.max]
        .into_iter()
        .flatten()
        .any(|number| !number.is_finite())
    {
        return Err(ApiError::bad_request(format!(
            "第 {line} 项: {text} 超出数值范围"
        )));
    }
    if value.dimension != dimension {
        return Err(ApiError::bad_request(format!(
            "第 {line} 项: {text} 不是{}的值",
            dimension.name_zh()
        )));
    }
    Ok(Parameter {
        dimension: dimension.as_str().to_owned(),
        min: value.min,
        typ: value.typ,
        max: value.max,
        original: value.original,
        conditions: conditions.map(str::to_owned).or(value.conditions),
    })
}

/// Whether two lists say the same: the same dimensions, texts and conditions in the same order
/// (the numbers follow from the text).
pub fn same_parameters(a: &[Parameter], b: &[Parameter]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(a, b)| {
            a.dimension == b.dimension && a.original == b.original && a.conditions == b.conditions
        })
}

/// What a parameters correction did.
#[derive(Debug, Clone, PartialEq)]
pub enum ParametersOutcome {
    NotFound,
    /// The list is the item's already: nothing written.
    Unchanged(Box<ItemParameters>),
    Changed(Box<ItemParameters>),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(dimension: &str, value: &str, conditions: Option<&str>) -> EditableParameter {
        EditableParameter {
            dimension: dimension.to_owned(),
            value: value.to_owned(),
            conditions: conditions.map(str::to_owned),
        }
    }

    fn request(rows: Vec<EditableParameter>) -> ParametersEditRequest {
        ParametersEditRequest {
            parameters: Some(rows),
            reason: Some(" 规格书为 12V ".to_owned()),
        }
    }

    #[test]
    fn rows_are_typed_by_their_dimension() -> ApiResult<()> {
        let edit = request(vec![
            row("resistance", "10k", None),
            row("voltage", "1.8~5.5V", Some(" ")),
            row("data_size", "512KB", Some("Flash")),
            row("resistance", "10mΩ @ 4.5V", None),
        ])
        .parse()?;
        assert_eq!(edit.reason, "规格书为 12V");
        let [ohms, supply, flash, rds] = &edit.parameters[..] else {
            panic!("four parameters");
        };
        // A bare number takes the row's dimension.
        assert_eq!(ohms.typ, Some(10_000.0));
        assert_eq!((supply.min, supply.max), (Some(1.8), Some(5.5)));
        assert_eq!(supply.conditions, None);
        assert_eq!(flash.conditions.as_deref(), Some("Flash"));
        assert_eq!(rds.conditions.as_deref(), Some("4.5V"));
        assert_eq!(rds.typ, Some(0.01));
        Ok(())
    }

    #[test]
    fn a_row_that_is_not_one_value_of_its_dimension_is_refused() {
        let refused = |rows| request(rows).parse().is_err();
        assert!(refused(vec![row("voltage", "10kΩ", None)]));
        assert!(refused(vec![row("voltage", "3.3V, 5V", None)]));
        assert!(refused(vec![row("voltage", " ", None)]));
        assert!(refused(vec![row("colour", "red", None)]));
        assert!(refused(vec![row("voltage", &"9".repeat(101), None)]));
        assert!(refused(vec![row("voltage", "5V", Some(&"x".repeat(101)))]));
        assert!(refused(vec![row("voltage", "5V", None); 101]));
        assert!(refused(vec![row("voltage", "1e999V", None)]));
        let no_reason = ParametersEditRequest {
            parameters: Some(vec![row("voltage", "5V", None)]),
            reason: None,
        };
        assert!(no_reason.parse().is_err());
        let no_list = ParametersEditRequest {
            parameters: None,
            reason: Some("x".to_owned()),
        };
        assert!(no_list.parse().is_err());
        // None at all is a list: the item states no parameter.
        assert!(request(Vec::new()).parse().is_ok());
    }

    #[test]
    fn lists_compare_by_what_they_say() -> ApiResult<()> {
        let first = request(vec![row("voltage", "5V", None)])
            .parse()?
            .parameters;
        let again = request(vec![row("voltage", " 5V ", Some(""))])
            .parse()?
            .parameters;
        let other = request(vec![row("voltage", "12V", None)])
            .parse()?
            .parameters;
        assert!(same_parameters(&first, &again));
        assert!(!same_parameters(&first, &other));
        assert!(!same_parameters(&first, &[]));
        Ok(())
    }

    #[test]
    fn every_dimension_has_its_names() {
        let names = dimension_names();
        assert_eq!(names.len(), Dimension::ALL.len());
        assert!(names
            .iter()
            .all(|d| !d.name.is_empty() && !d.name_en.is_empty()));
    }
}
