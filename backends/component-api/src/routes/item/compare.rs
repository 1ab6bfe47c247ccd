use catalog::item::store::ItemStore;
use std::collections::{BTreeMap, HashMap};

use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    routes::view::{categories, category_path, truncate, ComponentSummary, ParameterView},
    ComponentState, COMPONENT_NOT_FOUND,
};

pub const COMPARE_MIN: usize = 2;
/// The compare basket holds up to ten components (issue 12); the table compares any of them.
pub const COMPARE_MAX: usize = 10;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CompareQuery {
    /// 2–10 distinct component ids separated by commas (`12,40,41`).
    pub ids: Option<String>,
}

/// One aligned row: the same attribute or parameter of every compared component.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompareRow {
    /// `manufacturer`, `category`, `package`, `footprint`, `pinCount`, `lifecycle` or
    /// `param:<dimension>`.
    pub key: String,
    pub label: String,
    pub label_en: String,
    /// One per component, in the order asked (`null`: the component does not state it).
    pub values: Vec<Option<String>>,
    /// The values in English where they are names with an English form (the category row).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values_en: Option<Vec<Option<String>>>,
    /// Whether the values are not all the same (a value stated by some components only
    /// counts as a difference; a row none states does not).
    pub differs: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Comparison {
    pub components: Vec<ComponentSummary>,
    pub rows: Vec<CompareRow>,
}

/// Parses `ids`: 2–10 distinct positive integers.
pub fn parse_ids(raw: Option<&str>) -> ApiResult<Vec<i64>> {
    let raw = raw
        .map(str::trim)
        .filter(|raw| !raw.is_empty())
        .ok_or_else(|| ApiError::missing_parameter("ids"))?;
    let mut ids = Vec::new();
    for piece in raw.split(',') {
        let id = piece
            .trim()
            .parse::<i64>()
            .ok()
            .filter(|id| *id > 0)
            .ok_or_else(|| {
                ApiError::bad_request(format!(
                    "ids 必须为逗号分隔的正整数: {}",
                    truncate(piece, 40)
                ))
            })?;
        if ids.contains(&id) {
            return Err(ApiError::bad_request(format!("ids 重复: {id}")));
        }
        ids.push(id);
        if ids.len() > COMPARE_MAX {
            return Err(ApiError::bad_request(format!(
                "最多比较{COMPARE_MAX}个元器件"
            )));
        }
    }
    if ids.len() < COMPARE_MIN {
        return Err(ApiError::bad_request(format!(
            "至少比较{COMPARE_MIN}个元器件"
        )));
    }
    Ok(ids)
}

fn row(key: &str, label: &str, label_en: &str, values: Vec<Option<String>>) -> CompareRow {
    // A row no component states is not a difference; one stated by some only is.
    let differs = values.windows(2).any(|pair| pair[0] != pair[1]);
    CompareRow {
        key: key.to_owned(),
        label: label.to_owned(),
        label_en: label_en.to_owned(),
        values,
        values_en: None,
        differs,
    }
}

/// Side-by-side comparison of 2–10 components with their parameters aligned by dimension.
#[utoipa::path(
    get,
    path = "/item/compare",
    tag = "component",
    params(CompareQuery),
    responses((status = 200, description = "aligned rows; fewer than 2, more than 10, repeated or malformed ids → 400; unknown id → 元器件不存在",
        body = ApiResponse<Comparison>))
)]
#[tracing::instrument(skip_all)]
pub async fn compare(
    state: web::Data<ComponentState>,
    query: web::Query<CompareQuery>,
) -> ApiResult<ApiResponse<Comparison>> {
    let ids = parse_ids(query.ids.as_deref())?;
    let found = state.store.get_many(&ids).await?;
    let mut by_id: HashMap<i64, _> = found.into_iter().map(|c| (c.id, c)).collect();
    let mut components = Vec::with_capacity(ids.len());
    for id in &ids {
        let component = by_id
            .remove(id)
            .ok_or_else(|| ApiError::with_detail(COMPONENT_NOT_FOUND, id))?;
        components.push(component);
    }
    let parameters = state.store.items.parameters_of(&ids).await?;
    let records = categories(&state).await?;
    let mut rows = vec![
        row(
            "manufacturer",
            "厂商",
            "Manufacturer",
            components
                .iter()
                .map(|c| c.manufacturer_name.clone())
                .collect(),
        ),
        CompareRow {
            values_en: Some(
                components
                    .iter()
                    .map(|c| {
                        category_path(&records, c.category_id)
                            .last()
                            .map(|crumb| crumb.name_en.clone())
                    })
                    .collect(),
            ),
            ..row(
                "category",
                "分类",
                "Category",
                components
                    .iter()
                    .map(|c| {
                        category_path(&records, c.category_id)
                            .last()
                            .map(|crumb| crumb.name.clone())
                    })
                    .collect(),
            )
        },
        row(
            "package",
            "封装",
            "Package",
            components.iter().map(|c| c.package.clone()).collect(),
        ),
        row(
            "footprint",
            "PCB封装",
            "Footprint",
            components.iter().map(|c| c.footprint_ref.clone()).collect(),
        ),
        row(
            "pinCount",
            "引脚数",
            "Pin count",
            components
                .iter()
                .map(|c| Some(c.pin_count.to_string()))
                .collect(),
        ),
        row(
            "lifecycle",
            "生命周期",
            "Lifecycle",
            components.iter().map(|c| c.lifecycle.clone()).collect(),
        ),
    ];
    // Parameter rows: every dimension any component states, in first-seen order.
    let mut dimensions: BTreeMap<usize, (String, String, String)> = BTreeMap::new();
    let mut seen: Vec<String> = Vec::new();
    let views: Vec<Vec<ParameterView>> = ids
        .iter()
        .map(|id| {
            parameters
                .get(id)
                .map(|list| list.iter().map(ParameterView::from).collect())
                .unwrap_or_default()
        })
        .collect();
    for view in views.iter().flatten() {
        if !seen.contains(&view.dimension) {
            dimensions.insert(
                seen.len(),
                (
                    view.dimension.clone(),
                    view.name.clone(),
                    view.name_en.clone(),
                ),
            );
            seen.push(view.dimension.clone());
        }
    }
    for (dimension, name, name_en) in dimensions.into_values() {
        let values = views
            .iter()
            .map(|list| {
                let texts: Vec<&str> = list
                    .iter()
                    .filter(|p| p.dimension == dimension)
                    .map(|p| p.display.as_str())
                    .collect();
                (!texts.is_empty()).then(|| texts.join("; "))
            })
            .collect();
        rows.push(row(&format!("param:{dimension}"), &name, &name_en, values));
    }
    Ok(ApiResponse::ok(Comparison {
        components: components.iter().map(ComponentSummary::from).collect(),
        rows,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(raw: &[Option<&str>]) -> Vec<Option<String>> {
        raw.iter().map(|value| value.map(str::to_owned)).collect()
    }

    #[test]
    fn a_difference_is_a_value_that_is_not_the_same_everywhere() {
        assert!(!row("k", "l", "l", values(&[None, None, None])).differs);
        assert!(!row("k", "l", "l", values(&[Some("3"), Some("3")])).differs);
        assert!(row("k", "l", "l", values(&[Some("3"), None])).differs);
        assert!(row("k", "l", "l", values(&[None, Some("3")])).differs);
        assert!(row("k", "l", "l", values(&[Some("3"), Some("4")])).differs);
    }

    #[test]
    fn ids_are_two_to_ten_distinct_positive_integers() {
        assert_eq!(parse_ids(Some("3, 1,2")).unwrap(), [3, 1, 2]);
        assert!(parse_ids(None).is_err());
        assert!(parse_ids(Some("1")).is_err());
        assert_eq!(parse_ids(Some("1,2,3,4,5,6,7,8,9,10")).unwrap().len(), 10);
        assert!(parse_ids(Some("1,2,3,4,5,6,7,8,9,10,11")).is_err());
        assert!(parse_ids(Some("1,1")).is_err());
        assert!(parse_ids(Some("1,x")).is_err());
        assert!(parse_ids(Some("1,-2")).is_err());
    }
}
