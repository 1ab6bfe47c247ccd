use crate::store::KicadStore;
use catalog::item::store::ItemStore;
use std::collections::{HashMap, HashSet};

use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use catalog::routes::view::ItemSummary;

use crate::{
    items::ComponentItems,
    model::{ComponentRecord, Parameter},
    recommend::{self, Difference, Ranking, Reason, Subject},
    routes::view::{load_component, parse_id, ParameterView},
    ComponentState,
};

/// Candidates read per query before ranking (a KiCad library holds at most a few thousand).
const CANDIDATE_LIMIT: i64 = 5000;
const SIZE_DEFAULT: usize = 10;
const SIZE_MAX: usize = 50;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RecommendationsQuery {
    /// How many per group, 1–50 (default 10).
    pub size: Option<usize>,
}

/// One recommended part.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Recommendation {
    pub component: ItemSummary,
    /// Its key parameters.
    pub parameters: Vec<ParameterView>,
    /// Higher is closer.
    pub score: u32,
    pub reasons: Vec<Reason>,
    /// The Chinese reasons joined for display.
    pub reason: String,
    pub reason_en: String,
    /// Where it differs from the part itself (key parameters, package, pin count).
    pub differences: Vec<Difference>,
}

/// A group of recommendations: `family` (同系列) or `package` (封装兼容).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecommendationGroup {
    pub key: String,
    pub label: String,
    pub label_en: String,
    pub items: Vec<Recommendation>,
}

/// The part and its recommendation groups (always both, possibly empty).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Recommendations {
    pub component: ItemSummary,
    pub parameters: Vec<ParameterView>,
    pub groups: Vec<RecommendationGroup>,
}

/// The KiCad library of a symbol reference (`Regulator_Linear:AMS1117-3.3` → `Regulator_Linear`).
fn symbol_library(symbol_ref: Option<&str>) -> Option<&str> {
    symbol_ref
        .and_then(|s| s.split_once(':'))
        .map(|(library, _)| library)
}

/// What ranking knows of `record`.
fn subject<'a>(
    record: &'a ComponentRecord,
    parameters: &'a HashMap<i64, Vec<Parameter>>,
    roots: &'a HashMap<i64, String>,
    none: &'a [Parameter],
) -> Subject<'a> {
    Subject {
        record,
        parameters: parameters.get(&record.item.id).map_or(none, Vec::as_slice),
        symbol_root: roots.get(&record.item.id).map(String::as_str),
    }
}

/// The ranked candidates, best first (ties by part number, then id), at most `size`.
fn best(
    mut items: Vec<(Ranking, &ComponentRecord)>,
    size: usize,
) -> Vec<(Ranking, &ComponentRecord)> {
    items.sort_by(|(a, ra), (b, rb)| {
        b.score
            .cmp(&a.score)
            .then_with(|| ra.item.code.cmp(&rb.item.code))
            .then_with(|| ra.item.id.cmp(&rb.item.id))
    });
    items.truncate(size);
    items
}

/// The ranked candidates as the answer shows them.
fn recommended(
    items: Vec<(Ranking, &ComponentRecord)>,
    parameters: &HashMap<i64, Vec<Parameter>>,
    library: &ComponentItems,
) -> ApiResult<Vec<Recommendation>> {
    items
        .into_iter()
        .map(|(ranking, record)| {
            Ok(Recommendation {
                component: record.summary(library)?,
                parameters: parameters
                    .get(&record.item.id)
                    .map(|list| list.iter().map(ParameterView::from).collect())
                    .unwrap_or_default(),
                score: ranking.score,
                reason: ranking
                    .reasons
                    .iter()
                    .map(|r| r.zh.as_str())
                    .collect::<Vec<_>>()
                    .join("；"),
                reason_en: ranking
                    .reasons
                    .iter()
                    .map(|r| r.en.as_str())
                    .collect::<Vec<_>>()
                    .join("; "),
                reasons: ranking.reasons,
                differences: ranking.differences,
            })
        })
        .collect()
}

/// Parts of the same family (same KiCad symbol root or part-number stem, what differs shown) and
/// parts that fit the same footprint (then the same package family and pin count in the
/// category), each ranked with the reasons in Chinese and English.
#[utoipa::path(
    get,
    path = "/item/{id}/recommendations",
    tag = "component",
    params(("id" = i64, Path, description = "元器件 id"), RecommendationsQuery),
    responses((status = 200, description = "the part and two groups, `family` (同系列) and `package` (封装兼容); unknown id → 元器件不存在",
        body = ApiResponse<Recommendations>))
)]
#[tracing::instrument(skip_all, fields(id = %id))]
pub async fn recommendations(
    state: web::Data<ComponentState>,
    id: web::Path<String>,
    query: web::Query<RecommendationsQuery>,
) -> ApiResult<ApiResponse<Recommendations>> {
    let id = parse_id(&id)?;
    let size = query.size.unwrap_or(SIZE_DEFAULT);
    if !(1..=SIZE_MAX).contains(&size) {
        return Err(ApiError::bad_request("size 必须在1到50之间"));
    }
    let target = load_component(&state, id).await?;
    let store = &state.store;

    // Family candidates: the symbol library's members with the same root, and the stem's.
    let mut roots: HashMap<i64, String> = store.kicad.symbol_roots_of(&[id]).await?;
    let target_root = roots.get(&id).cloned();
    let mut family_ids: HashSet<i64> = HashSet::new();
    if let (Some(root), Some(library)) = (
        &target_root,
        symbol_library(target.kicad.symbol_ref.as_deref()),
    ) {
        for (candidate, candidate_root) in store
            .kicad
            .symbol_roots_in_library(library, CANDIDATE_LIMIT)
            .await?
        {
            if candidate_root == *root {
                family_ids.insert(candidate);
                roots.insert(candidate, candidate_root);
            }
        }
    }
    let mut records: HashMap<i64, ComponentRecord> = HashMap::new();
    if let Some(stem) = recommend::part_number_stem(&target.item.code) {
        for record in store
            .list_with_part_number_prefix(&stem, CANDIDATE_LIMIT)
            .await?
        {
            if recommend::part_number_stem(&record.item.code).as_deref() == Some(stem.as_str()) {
                family_ids.insert(record.item.id);
                records.insert(record.item.id, record);
            }
        }
    }
    family_ids.remove(&id);
    let unread: Vec<i64> = family_ids
        .iter()
        .copied()
        .filter(|candidate| !records.contains_key(candidate))
        .collect();
    for record in store.get_many(&unread).await? {
        records.insert(record.item.id, record);
    }
    let rootless: Vec<i64> = family_ids
        .iter()
        .copied()
        .filter(|candidate| !roots.contains_key(candidate))
        .collect();
    roots.extend(store.kicad.symbol_roots_of(&rootless).await?);

    // Package candidates: the same footprint, then the same package family and pin count.
    let mut package_ids: Vec<i64> = Vec::new();
    let mut package_candidates: Vec<ComponentRecord> = Vec::new();
    if let Some(footprint) = &target.kicad.footprint_ref {
        package_candidates.extend(
            store
                .list_with_footprint(footprint, target.item.category_id, CANDIDATE_LIMIT)
                .await?,
        );
    }
    if let (Some(category_id), Some(package)) = (target.item.category_id, &target.kicad.package) {
        let pin_count = target.kicad.pin_count;
        if pin_count > 0 {
            package_candidates.extend(
                store
                    .list_with_package(category_id, package, pin_count, CANDIDATE_LIMIT)
                    .await?,
            );
        }
    }
    let mut seen: HashSet<i64> = HashSet::from([id]);
    for record in package_candidates {
        let record_id = record.item.id;
        if seen.insert(record_id) {
            package_ids.push(record_id);
            records.entry(record_id).or_insert(record);
        }
    }

    let mut all_ids: Vec<i64> = records.keys().copied().collect();
    all_ids.push(id);
    let parameters = store.items.parameters_of(&all_ids).await?;
    let none: Vec<Parameter> = Vec::new();
    let this = Subject {
        record: &target,
        parameters: parameters.get(&id).unwrap_or(&none),
        symbol_root: target_root.as_deref(),
    };
    let subject_of = |record| subject(record, &parameters, &roots, &none);

    let family_ranked: Vec<(Ranking, &ComponentRecord)> = family_ids
        .iter()
        .filter_map(|candidate| records.get(candidate))
        .filter_map(|record| {
            recommend::rank_family(&this, &subject_of(record)).map(|ranking| (ranking, record))
        })
        .collect();
    let family = best(family_ranked, size);
    // What the family group shows is not repeated as merely package-compatible.
    let shown: HashSet<i64> = family.iter().map(|(_, record)| record.item.id).collect();
    let package_ranked: Vec<(Ranking, &ComponentRecord)> = package_ids
        .iter()
        .filter(|candidate| !shown.contains(candidate))
        .filter_map(|candidate| records.get(candidate))
        .filter_map(|record| {
            recommend::rank_package(&this, &subject_of(record)).map(|ranking| (ranking, record))
        })
        .collect();
    let package = best(package_ranked, size);

    let library = store.library();
    Ok(ApiResponse::ok(Recommendations {
        component: target.summary(&library)?,
        parameters: this.parameters.iter().map(ParameterView::from).collect(),
        groups: vec![
            RecommendationGroup {
                key: "family".into(),
                label: "同系列".into(),
                label_en: "Same family".into(),
                items: recommended(family, &parameters, &library)?,
            },
            RecommendationGroup {
                key: "package".into(),
                label: "封装兼容".into(),
                label_en: "Compatible package".into(),
                items: recommended(package, &parameters, &library)?,
            },
        ],
    }))
}
