use std::collections::HashMap;

use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    model::{ComponentRecord, Parameter},
    recommend::values_match,
    routes::view::{load_component, parse_id, ComponentSummary, ParameterView},
    store::ComponentStore,
    ComponentState,
};

/// Candidates read from the component's category before ranking.
const CANDIDATE_LIMIT: i64 = 2000;
const SIZE_DEFAULT: usize = 10;
const SIZE_MAX: usize = 50;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AlternativesQuery {
    /// How many to answer, 1–50 (default 10).
    pub size: Option<usize>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Alternative {
    pub component: ComponentSummary,
    /// Higher is closer.
    pub score: u32,
    /// Why it matches, one entry per matching key (`封装相同: SOT-223-3`).
    pub reasons: Vec<String>,
    /// The reasons joined for display.
    pub reason: String,
}

/// Scores `candidate` against `target`: matching key parameters weigh most, then the package
/// (same footprint above same package family), then the pin count.
pub fn rank(
    target: &ComponentRecord,
    target_parameters: &[Parameter],
    candidate: &ComponentRecord,
    candidate_parameters: &[Parameter],
) -> (u32, Vec<String>) {
    let mut score = 0;
    let mut reasons = Vec::new();
    for parameter in target_parameters {
        if candidate_parameters
            .iter()
            .any(|c| values_match(parameter, c))
        {
            let view = ParameterView::from(parameter);
            score += 3;
            reasons.push(format!("{}相同: {}", view.name, view.display));
        }
    }
    if target.footprint_ref.is_some() && target.footprint_ref == candidate.footprint_ref {
        score += 3;
        reasons.push(format!(
            "封装相同: {}",
            target.footprint_ref.as_deref().unwrap_or_default()
        ));
    } else if target.package.is_some() && target.package == candidate.package {
        score += 2;
        reasons.push(format!(
            "封装兼容: {}",
            target.package.as_deref().unwrap_or_default()
        ));
    }
    if target.pin_count > 0 && target.pin_count == candidate.pin_count {
        score += 1;
        reasons.push(format!("引脚数相同: {}", target.pin_count));
    }
    (score, reasons)
}

/// Components of the same category that share key parameters and a compatible package,
/// ranked, each with the reason.
#[utoipa::path(
    get,
    path = "/item/{id}/alternatives",
    tag = "component",
    params(("id" = i64, Path, description = "元器件 id"), AlternativesQuery),
    responses((status = 200, description = "ranked alternatives (empty when the component has no category); unknown id → 元器件不存在",
        body = ApiResponse<Vec<Alternative>>))
)]
#[tracing::instrument(skip_all, fields(id = %id))]
pub async fn alternatives(
    state: web::Data<ComponentState>,
    id: web::Path<String>,
    query: web::Query<AlternativesQuery>,
) -> ApiResult<ApiResponse<Vec<Alternative>>> {
    let id = parse_id(&id)?;
    let size = query.size.unwrap_or(SIZE_DEFAULT);
    if !(1..=SIZE_MAX).contains(&size) {
        return Err(ApiError::bad_request("size 必须在1到50之间"));
    }
    let target = load_component(&state, id).await?;
    let Some(category_id) = target.category_id else {
        return Ok(ApiResponse::ok(Vec::new()));
    };
    let candidates: Vec<ComponentRecord> = state
        .store
        .list_in_category(category_id, 0, CANDIDATE_LIMIT)
        .await?
        .into_iter()
        .filter(|c| c.id != id && c.source_id != target.source_id)
        .collect();
    let mut ids: Vec<i64> = candidates.iter().map(|c| c.id).collect();
    ids.push(id);
    let parameters: HashMap<i64, Vec<Parameter>> = state.store.parameters_of(&ids).await?;
    let none = Vec::new();
    let target_parameters = parameters.get(&id).unwrap_or(&none);
    let mut ranked: Vec<Alternative> = candidates
        .iter()
        .filter_map(|candidate| {
            let (score, reasons) = rank(
                &target,
                target_parameters,
                candidate,
                parameters.get(&candidate.id).unwrap_or(&none),
            );
            (score > 0).then(|| Alternative {
                component: ComponentSummary::from(candidate),
                score,
                reason: reasons.join("；"),
                reasons,
            })
        })
        .collect();
    ranked.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then_with(|| a.component.part_number.cmp(&b.component.part_number))
            .then_with(|| a.component.id.cmp(&b.component.id))
    });
    ranked.truncate(size);
    Ok(ApiResponse::ok(ranked))
}
