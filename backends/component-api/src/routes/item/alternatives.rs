use catalog::item::store::ItemStore;
use std::collections::HashMap;

use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use catalog::routes::view::ItemSummary;

use crate::{
    model::{ComponentRecord, Parameter},
    recommend::values_match,
    routes::view::{load_component, parse_id, ParameterView},
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
    pub component: ItemSummary,
    /// Higher is closer.
    pub score: u32,
    /// Why it matches, one entry per matching key (`封装相同: SOT-223-3`).
    pub reasons: Vec<String>,
    /// The reasons joined for display.
    pub reason: String,
}

/// The dimensions that are a passive's value: a resistor, capacitor or inductor is replaced only
/// by one of the same value.
const PASSIVE_VALUES: [&str; 3] = ["resistance", "capacitance", "inductance"];
/// A passive's ratings: a replacement may rate higher (a 25 V capacitor for a 16 V one), never lower.
const PASSIVE_RATINGS: [&str; 3] = ["voltage", "power", "current"];

/// Memories (a microcontroller's Flash and RAM, told apart by their conditions): a replacement
/// must hold at least as much of each it states.
const CAPACITIES: [&str; 1] = ["data_size"];

/// The single figure a rating is compared by (its typical value, else its maximum).
fn rating(parameter: &Parameter) -> Option<f64> {
    parameter.typ.or(parameter.max)
}

/// Scores `candidate` against `target`, or `None` when it cannot replace it. Matching key
/// parameters weigh most, then the package (same footprint above same package family), then the
/// pin count. A part with less of a memory the target states (Flash, RAM) cannot replace it.
/// A passive (its value a resistance, capacitance or inductance) is replaced only by
/// one of the same value whose voltage, power and current ratings are not lower.
pub fn rank(
    target: &ComponentRecord,
    target_parameters: &[Parameter],
    candidate: &ComponentRecord,
    candidate_parameters: &[Parameter],
) -> Option<(u32, Vec<String>)> {
    let (target, candidate) = (&target.kicad, &candidate.kicad);
    let passive = target_parameters
        .iter()
        .any(|p| PASSIVE_VALUES.contains(&p.dimension.as_str()));
    let mut score = 0;
    let mut reasons = Vec::new();
    for parameter in target_parameters {
        let view = ParameterView::from(parameter);
        if candidate_parameters
            .iter()
            .any(|c| values_match(parameter, c))
        {
            score += 3;
            reasons.push(format!("{}相同: {}", view.name, view.display));
            continue;
        }
        if CAPACITIES.contains(&parameter.dimension.as_str()) {
            let Some(needed) = rating(parameter) else {
                continue;
            };
            // The same memory of the candidate; one it does not state is neither more nor less.
            let largest = candidate_parameters
                .iter()
                .filter(|c| {
                    c.dimension == parameter.dimension && c.conditions == parameter.conditions
                })
                .filter_map(|c| rating(c).map(|rated| (rated, c)))
                .max_by(|a, b| a.0.total_cmp(&b.0));
            let Some((rated, larger)) = largest else {
                continue;
            };
            if rated < needed {
                return None;
            }
            score += 2;
            reasons.push(format!(
                "{}更大: {}",
                view.conditions.as_deref().unwrap_or(&view.name),
                ParameterView::from(larger).value
            ));
            continue;
        }
        if !passive {
            continue;
        }
        if PASSIVE_VALUES.contains(&parameter.dimension.as_str()) {
            return None;
        }
        if PASSIVE_RATINGS.contains(&parameter.dimension.as_str()) {
            let Some(needed) = rating(parameter) else {
                continue;
            };
            let higher = candidate_parameters
                .iter()
                .filter(|c| c.dimension == parameter.dimension)
                .find_map(|c| rating(c).filter(|rated| *rated > needed).map(|_| c))?;
            score += 2;
            reasons.push(format!(
                "{}更高: {}",
                view.name,
                ParameterView::from(higher).display
            ));
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
    (score > 0).then_some((score, reasons))
}

/// Components of the same category that share key parameters and a compatible package,
/// ranked, each with the reason (a passive's only with its value and ratings at least as high).
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
    let Some(category_id) = target.item.category_id else {
        return Ok(ApiResponse::ok(Vec::new()));
    };
    let candidates: Vec<ComponentRecord> = state
        .store
        .list_in_category(category_id, 0, CANDIDATE_LIMIT)
        .await?
        .into_iter()
        .filter(|c| c.item.id != id && c.item.source_id != target.item.source_id)
        .collect();
    let mut ids: Vec<i64> = candidates.iter().map(|c| c.item.id).collect();
    ids.push(id);
    let parameters: HashMap<i64, Vec<Parameter>> = state.store.items.parameters_of(&ids).await?;
    let none = Vec::new();
    let target_parameters = parameters.get(&id).unwrap_or(&none);
    let mut ranked: Vec<(u32, Vec<String>, &ComponentRecord)> = candidates
        .iter()
        .filter_map(|candidate| {
            let (score, reasons) = rank(
                &target,
                target_parameters,
                candidate,
                parameters.get(&candidate.item.id).unwrap_or(&none),
            )?;
            Some((score, reasons, candidate))
        })
        .collect();
    ranked.sort_by(|(a, _, ra), (b, _, rb)| {
        b.cmp(a)
            .then_with(|| ra.item.code.cmp(&rb.item.code))
            .then_with(|| ra.item.id.cmp(&rb.item.id))
    });
    ranked.truncate(size);
    let library = state.store.library();
    let alternatives = ranked
        .into_iter()
        .map(|(score, reasons, candidate)| {
            Ok(Alternative {
                component: candidate.summary(&library)?,
                score,
                reason: reasons.join("；"),
                reasons,
            })
        })
        .collect::<ApiResult<Vec<Alternative>>>()?;
    Ok(ApiResponse::ok(alternatives))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recommend::tests::record;
    use catalog::testing::parameter;

    fn capacitor(
        id: i64,
        footprint: &str,
        farads: f64,
        volts: f64,
    ) -> (ComponentRecord, Vec<Parameter>) {
        let mut component = record(id, &format!("C-{id}"));
        component.kicad.footprint_ref = Some(format!("Capacitor_SMD:{footprint}"));
        component.kicad.package = footprint.split('_').nth(1).map(str::to_owned);
        component.kicad.pin_count = 2;
        let parameters = vec![
            parameter("capacitance", farads, "cap"),
            parameter("voltage", volts, "volts"),
        ];
        (component, parameters)
    }

    #[test]
    fn a_capacitor_is_replaced_only_by_the_same_value_rated_as_high_or_higher() {
        let (target, target_parameters) = capacitor(1, "C_0603_1608Metric", 10e-6, 16.0);
        let score = |(candidate, parameters): (ComponentRecord, Vec<Parameter>)| {
            rank(&target, &target_parameters, &candidate, &parameters)
        };
        let (equal, reasons) = score(capacitor(2, "C_0603_1608Metric", 10e-6, 16.0)).unwrap();
        assert_eq!(
            reasons,
            [
                "电容相同: 10μF",
                "电压相同: 16V",
                "封装相同: Capacitor_SMD:C_0603_1608Metric",
                "引脚数相同: 2"
            ]
        );
        let (higher, reasons) = score(capacitor(3, "C_0603_1608Metric", 10e-6, 25.0)).unwrap();
        assert!(reasons.contains(&"电压更高: 25V".to_owned()), "{reasons:?}");
        assert!(equal > higher, "the same rating ranks before a higher one");
        let (other_package, _) = score(capacitor(4, "C_0805_2012Metric", 10e-6, 16.0)).unwrap();
        assert!(
            higher > other_package,
            "the same footprint ranks before another size"
        );
        // A different value or a lower rating cannot replace it, whatever else matches.
        assert_eq!(score(capacitor(5, "C_0603_1608Metric", 1.5e-6, 16.0)), None);
        assert_eq!(score(capacitor(6, "C_0603_1608Metric", 10e-6, 10.0)), None);
        let (unrated, mut parameters) = capacitor(7, "C_0603_1608Metric", 10e-6, 16.0);
        parameters.truncate(1);
        assert_eq!(
            score((unrated, parameters)),
            None,
            "an unknown rating is not a higher one"
        );
    }

    fn memory(bytes: f64, which: &str) -> Parameter {
        Parameter {
            conditions: Some(which.into()),
            ..parameter("data_size", bytes, which)
        }
    }

    #[test]
    fn a_microcontroller_is_replaced_only_by_one_with_as_much_memory() {
        let target = record(1, "STM32F401CCUx");
        let target_parameters = [memory(262_144.0, "Flash"), memory(65_536.0, "RAM")];
        let score = |candidate: ComponentRecord, parameters: &[Parameter]| {
            rank(&target, &target_parameters, &candidate, parameters)
        };
        // Same footprint, less Flash: it would not hold the firmware.
        assert_eq!(
            score(
                record(2, "STM32F401CBUx"),
                &[memory(131_072.0, "Flash"), memory(65_536.0, "RAM")]
            ),
            None
        );
        let mut other_package = record(3, "STM32F401RETx");
        other_package.kicad.footprint_ref = Some("Package_QFP:LQFP-64_10x10mm_P0.5mm".into());
        other_package.kicad.package = Some("LQFP-64".into());
        other_package.kicad.pin_count = 64;
        let (larger, reasons) = score(
            other_package,
            &[memory(524_288.0, "Flash"), memory(98_304.0, "RAM")],
        )
        .unwrap();
        assert_eq!(reasons, ["Flash更大: 512KB", "RAM更大: 96KB"]);
        // A part that states no memory is neither excluded nor credited for it.
        let (unstated, reasons) = score(record(4, "STM32F401CDUx"), &[]).unwrap();
        assert!(reasons
            .iter()
            .all(|r| r.starts_with("封装") || r.starts_with("引脚")));
        let (same, _) = score(
            record(5, "STM32F401CCYx"),
            &[memory(262_144.0, "Flash"), memory(65_536.0, "RAM")],
        )
        .unwrap();
        assert!(same > unstated && larger > 0);
    }

    #[test]
    fn other_parts_rank_by_what_they_share() {
        let target = record(1, "AMS1117-3.3");
        let target_parameters = [parameter("voltage", 3.3, "3.3V")];
        let other_voltage = record(2, "AMS1117-5.0");
        let (score, reasons) = rank(
            &target,
            &target_parameters,
            &other_voltage,
            &[parameter("voltage", 5.0, "5.0V")],
        )
        .unwrap();
        assert_eq!(score, 4);
        assert_eq!(
            reasons,
            [
                "封装相同: Package_TO_SOT_SMD:SOT-223-3_TabPin2",
                "引脚数相同: 3"
            ]
        );
        let mut unrelated = record(3, "LM7805_TO220");
        unrelated.kicad.footprint_ref = Some("Package_TO_SOT_THT:TO-220-3_Vertical".into());
        unrelated.kicad.package = Some("TO-220-3".into());
        unrelated.kicad.pin_count = 8;
        assert_eq!(rank(&target, &target_parameters, &unrelated, &[]), None);
    }
}
