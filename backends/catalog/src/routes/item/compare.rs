//! `GET /item/compare?ids=`: 2–10 items side by side, parameters aligned by dimension.

use std::collections::HashMap;

use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::catalog_admin::edit::lifecycle_names;
use crate::item::library::{ItemErrors, ItemLibrary};
use crate::item::model::ItemRecord;
use crate::item::store::ItemStore;
use crate::routes::view::{
    category_path, truncate, CompareRow, ItemRoutes, ItemSummary, ParameterView,
};

pub const COMPARE_MIN: usize = 2;
/// The compare basket holds up to ten items (issue 12); the table compares any of them.
pub const COMPARE_MAX: usize = 10;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CompareQuery {
    /// 2–10 distinct ids separated by commas (`12,40,41`).
    pub ids: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Comparison {
    /// The compared items in the order asked (`components` in every library: the spec's name).
    pub components: Vec<ItemSummary>,
    pub rows: Vec<CompareRow>,
}

/// Parses `ids`: 2–10 distinct positive integers; the messages name the library's items.
pub fn parse_ids(raw: Option<&str>, errors: &ItemErrors) -> ApiResult<Vec<i64>> {
    let raw = raw
        .map(str::trim)
        .filter(|raw| !raw.is_empty())
        .ok_or_else(|| ApiError::missing_parameter("ids"))?;
    let noun = errors.item_noun;
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
                "最多比较{COMPARE_MAX}个{noun}"
            )));
        }
    }
    if ids.len() < COMPARE_MIN {
        return Err(ApiError::bad_request(format!(
            "至少比较{COMPARE_MIN}个{noun}"
        )));
    }
    Ok(ids)
}

/// Side-by-side comparison of 2–10 items with their parameters aligned by dimension.
#[utoipa::path(
    get,
    path = "/item/compare",
    tag = "items",
    params(CompareQuery),
    responses((status = 200, description = "aligned rows: manufacturer, category, the library's own rows, lifecycle, one per parameter dimension; fewer than 2, more than 10, repeated or malformed ids → 400; unknown id → the library's 不存在 code",
        body = ApiResponse<Comparison>))
)]
#[tracing::instrument(skip_all, fields(library = state.library.library().key))]
pub async fn compare<L: ItemLibrary>(
    state: web::Data<ItemRoutes<L>>,
    query: web::Query<CompareQuery>,
) -> ApiResult<ApiResponse<Comparison>> {
    let errors = state.library.errors();
    let ids = parse_ids(query.ids.as_deref(), errors)?;
    let mut by_id: HashMap<i64, ItemRecord> = state
        .items
        .get_many(&ids)
        .await?
        .into_iter()
        .map(|item| (item.id, item))
        .collect();
    let mut items = Vec::with_capacity(ids.len());
    for id in &ids {
        let item = by_id
            .remove(id)
            .ok_or_else(|| ApiError::with_detail(errors.item_not_found, id))?;
        items.push(item);
    }
    let extensions = state.extensions_of(&items).await?;
    let parameters = state.items.parameters_of(&ids).await?;
    let records = state.category_records().await?;
    let category_of = |item: &ItemRecord| category_path(&records, item.category_id).pop();
    let categories: Vec<_> = items.iter().map(category_of).collect();
    let mut rows = vec![
        CompareRow::new(
            "manufacturer",
            "厂商",
            "Manufacturer",
            items.iter().map(|i| i.manufacturer_name.clone()).collect(),
        ),
        CompareRow {
            values_en: Some(
                categories
                    .iter()
                    .map(|crumb| crumb.as_ref().map(|c| c.name_en.clone()))
                    .collect(),
            ),
            ..CompareRow::new(
                "category",
                "分类",
                "Category",
                categories
                    .iter()
                    .map(|crumb| crumb.as_ref().map(|c| c.name.clone()))
                    .collect(),
            )
        },
    ];
    let with_extensions: Vec<_> = items
        .iter()
        .map(|item| (item, extensions.get(&item.id)))
        .collect();
    rows.extend(state.library.compare_rows(&with_extensions));
    // Named as the pages name them (量产, 停产 …), not the stored code.
    let lifecycle = |english: bool| -> Vec<Option<String>> {
        items
            .iter()
            .map(|item| {
                let (zh, en) = lifecycle_names(item.lifecycle.as_deref()?);
                Some(if english { en } else { zh }.to_owned())
            })
            .collect()
    };
    rows.push(CompareRow {
        values_en: Some(lifecycle(true)),
        ..CompareRow::new("lifecycle", "生命周期", "Lifecycle", lifecycle(false))
    });
    rows.extend(parameter_rows(&ids, &parameters));
    let components = items
        .iter()
        .map(|item| ItemSummary::of(state.library.as_ref(), item, extensions.get(&item.id)))
        .collect::<ApiResult<Vec<_>>>()?;
    Ok(ApiResponse::ok(Comparison { components, rows }))
}

/// One row per dimension any item states, in first-seen order; several values of one
/// dimension in one cell are joined with `; `.
fn parameter_rows(
    ids: &[i64],
    parameters: &HashMap<i64, Vec<crate::item::model::Parameter>>,
) -> Vec<CompareRow> {
    let views: Vec<Vec<ParameterView>> = ids
        .iter()
        .map(|id| {
            parameters
                .get(id)
                .map(|list| list.iter().map(ParameterView::from).collect())
                .unwrap_or_default()
        })
        .collect();
    let mut dimensions: Vec<(&str, &str, &str)> = Vec::new();
    for view in views.iter().flatten() {
        if !dimensions.iter().any(|(d, _, _)| *d == view.dimension) {
            dimensions.push((&view.dimension, &view.name, &view.name_en));
        }
    }
    dimensions
        .into_iter()
        .map(|(dimension, name, name_en)| {
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
            CompareRow::new(&format!("param:{dimension}"), name, name_en, values)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const ERRORS: ItemErrors = ItemErrors {
        item_not_found: kernel::error::global::BAD_REQUEST,
        manufacturer_not_found: kernel::error::global::BAD_REQUEST,
        file_not_available: kernel::error::global::BAD_REQUEST,
        item_noun: "材料",
    };

    #[test]
    fn ids_are_two_to_ten_distinct_positive_integers() {
        assert_eq!(parse_ids(Some("3, 1,2"), &ERRORS).unwrap(), [3, 1, 2]);
        assert!(parse_ids(None, &ERRORS).is_err());
        assert!(parse_ids(Some("1"), &ERRORS).is_err());
        assert_eq!(
            parse_ids(Some("1,2,3,4,5,6,7,8,9,10"), &ERRORS)
                .unwrap()
                .len(),
            10
        );
        let eleven = parse_ids(Some("1,2,3,4,5,6,7,8,9,10,11"), &ERRORS).unwrap_err();
        assert!(eleven.message().contains("最多比较10个材料"), "{eleven:?}");
        assert!(parse_ids(Some("1,1"), &ERRORS).is_err());
        assert!(parse_ids(Some("1,x"), &ERRORS).is_err());
        assert!(parse_ids(Some("1,-2"), &ERRORS).is_err());
    }
}
