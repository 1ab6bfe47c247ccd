//! What `mat-cae` computes, fed from the library's items (docs/materials.md, "Selection and CAE
//! export"): a stored material as [`mat_cae::Material`], the pool of every material the ranking
//! runs over (cached until the item change feed moves), and a recommendation — constraints,
//! objective, family filter, ranking and chart — as the routes answer it.

use std::collections::BTreeMap;
use std::sync::Arc;

use catalog::item::model::ItemRecord;
use catalog::item::store::{ItemRepository, ItemStore};
use kernel::ApiError;
use mat_cae::select::{self, Constraint, Exclusion, Fit, Index, Objective};
use mat_cae::{Material, Property, PropertyValue, Taxonomy};
use serde::{Deserialize, Serialize};
use tokio::sync::Mutex;
use utoipa::ToSchema;

use crate::import::record::{quantity, MaterialAttributes};
use crate::RECOMMEND_INVALID;

/// The stored material as `mat-cae` takes it. Each contract property takes its first stated
/// value (the source's order: the unconditioned or first condition); a lone upper or lower bound
/// (`280 max`) is no value and is left out. Temperatures move from °C to K
/// ([`crate::import::record::Property::contract_si`]).
pub fn material_of(item: &ItemRecord) -> Material {
    let attributes = item
        .attributes_as::<MaterialAttributes>()
        .unwrap_or_default();
    let mut properties = BTreeMap::new();
    for stored in &attributes.properties {
        let Ok(property) = stored.key.parse::<Property>() else {
            continue;
        };
        if properties.contains_key(property.key()) {
            continue;
        }
        let value = match stored.contract_si() {
            (Some(min), typ, Some(max)) => {
                let range = PropertyValue::range(min, max);
                match typ.filter(|t| *t >= range.min && *t <= range.max) {
                    Some(typical) => range.with_typical(typical),
                    None => range,
                }
            }
            (_, Some(typ), _) => PropertyValue::value(typ),
            _ => continue,
        };
        properties.insert(property.key().to_owned(), value);
    }
    let name = if attributes.designation.trim().is_empty() {
        item.name.clone()
    } else {
        attributes.designation.clone()
    };
    Material {
        name,
        grade: attributes.grade.clone(),
        standard: attributes.standard.clone(),
        family: item.category_code.clone(),
        properties,
        plastic: Vec::new(),
    }
}

/// One material of the pool: the item's identity and its `mat-cae` form.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub material: Material,
}

/// Every material, loaded once and reloaded when the item change feed has moved (an import, an
/// organisation's upload): 1,912 materials are read in about a tenth of a second, which a
/// recommendation should not pay each time.
#[derive(Default)]
pub struct MaterialPool {
    loaded: Mutex<Option<(i64, Arc<Vec<Candidate>>)>>,
}

const PAGE: i64 = 1000;

impl MaterialPool {
    pub async fn candidates(&self, items: &ItemRepository) -> anyhow::Result<Arc<Vec<Candidate>>> {
        let mut loaded = self.loaded.lock().await;
        if let Some((seq, candidates)) = loaded.as_ref() {
            if items.changes_since(*seq, 1).await?.is_empty() {
                return Ok(Arc::clone(candidates));
            }
        }
        // The feed's position first: a change landing while reading is seen next time.
        let mut seq = 0;
        loop {
            let changes = items.changes_since(seq, 10_000).await?;
            match changes.last() {
                Some(last) => seq = last.seq,
                None => break,
            }
        }
        let mut candidates = Vec::new();
        let mut after = 0;
        loop {
            let page = items.index_documents(after, PAGE).await?;
            let Some(last) = page.last() else { break };
            after = last.item.id;
            for document in page {
                let material = material_of(&document.item);
                // A stored value that `mat-cae` rejects (never seen; the importer checks) keeps
                // the material out of the ranking rather than failing every request.
                if material.validate().is_ok() {
                    candidates.push(Candidate {
                        id: document.item.id,
                        code: document.item.code,
                        name: document.item.name,
                        material,
                    });
                }
            }
        }
        let candidates = Arc::new(candidates);
        *loaded = Some((seq, Arc::clone(&candidates)));
        Ok(candidates)
    }
}

/// A bound: a number in the contract's SI unit (K for temperatures), or a text with a unit the
/// way search ranges take it (`300 MPa`, `3 g/cm3`, `150 °C`).
#[derive(Debug, Clone, PartialEq, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum BoundInput {
    Si(f64),
    Text(String),
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConstraintInput {
    /// A contract property key (`yieldStrength`, `density`, …).
    pub property: String,
    #[serde(default)]
    pub min: Option<BoundInput>,
    #[serde(default)]
    pub max: Option<BoundInput>,
}

/// `{"kind":"index","index":"stiffBeam"}`, `{"kind":"maximise","property":"yieldStrength"}` or
/// `{"kind":"minimise","property":"density"}`.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ObjectiveInput {
    /// `index`, `maximise` or `minimise`.
    pub kind: String,
    /// With `index`: one of the performance indices (`GET`-free list in docs/materials.md).
    #[serde(default)]
    pub index: Option<String>,
    /// With `maximise` / `minimise`: a contract property key.
    #[serde(default)]
    pub property: Option<String>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartAxesInput {
    pub x: String,
    pub y: String,
}

/// `POST /recommend`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecommendRequest {
    #[serde(default)]
    pub constraints: Vec<ConstraintInput>,
    pub objective: ObjectiveInput,
    /// Category codes (`aluminium-alloy`); a material within any of them is a candidate.
    #[serde(default)]
    pub families: Vec<String>,
    /// The chart's axes; default: the objective's (an index's two properties, else density
    /// against the property).
    #[serde(default)]
    pub chart: Option<ChartAxesInput>,
    /// Ranked materials to list, 1–100 (default 20).
    #[serde(default)]
    pub limit: Option<usize>,
}

/// A request with its words checked: what `mat-cae` takes.
#[derive(Debug, Clone)]
pub struct Selection {
    pub constraints: Vec<Constraint>,
    pub objective: Objective,
    pub families: Vec<String>,
    pub axes: (Property, Property),
    pub limit: usize,
}

const DEFAULT_LIMIT: usize = 20;
pub const MAX_LIMIT: usize = 100;
const MAX_CONSTRAINTS: usize = 15;

fn invalid(detail: impl std::fmt::Display) -> ApiError {
    ApiError::with_detail(RECOMMEND_INVALID, detail)
}

fn property(key: &str) -> Result<Property, ApiError> {
    key.parse::<Property>().map_err(|_| {
        invalid(format!(
            "未知属性 `{}` (应为 {})",
            catalog::routes::view::truncate(key, 40),
            Property::ALL.map(Property::key).join(", ")
        ))
    })
}

pub fn index_key(index: Index) -> String {
    serde_json::to_value(index)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

fn index(key: &str) -> Result<Index, ApiError> {
    Index::ALL
        .into_iter()
        .find(|index| index_key(*index) == key)
        .ok_or_else(|| {
            invalid(format!(
                "未知性能指数 `{}` (应为 {})",
                catalog::routes::view::truncate(key, 40),
                Index::ALL.map(index_key).join(", ")
            ))
        })
}

/// A bound in the contract's SI: numbers as they are, texts read in the property's dimension.
fn bound(property: Property, input: &BoundInput) -> Result<f64, ApiError> {
    let value = match input {
        BoundInput::Si(value) => *value,
        BoundInput::Text(text) => {
            let parsed = quantity(property.key(), text.trim()).map_err(|_| {
                invalid(format!(
                    "{}: `{}` 不是带单位的数值",
                    property.key(),
                    catalog::routes::view::truncate(text, 40)
                ))
            })?;
            // The units crate reads temperatures in °C; the contract states them in K.
            if matches!(property, Property::MeltingPoint | Property::GlassTransition) {
                parsed + 273.15
            } else {
                parsed
            }
        }
    };
    if value.is_finite() {
        Ok(value)
    } else {
        Err(invalid(format!("{}: 数值无效", property.key())))
    }
}

pub fn objective(input: &ObjectiveInput) -> Result<Objective, ApiError> {
    let property_of = || {
        input
            .property
            .as_deref()
            .ok_or_else(|| invalid("objective: 缺少 property"))
            .and_then(property)
    };
    match input.kind.as_str() {
        "index" => Ok(Objective::Index {
            index: index(
                input
                    .index
                    .as_deref()
                    .ok_or_else(|| invalid("objective: 缺少 index"))?,
            )?,
        }),
        "maximise" => Ok(Objective::Maximise {
            property: property_of()?,
        }),
        "minimise" => Ok(Objective::Minimise {
            property: property_of()?,
        }),
        other => Err(invalid(format!(
            "objective.kind `{}` 应为 index、maximise 或 minimise",
            catalog::routes::view::truncate(other, 40)
        ))),
    }
}

/// The chart's axes when none are asked for: an index's two properties (x the one divided by,
/// as on Ashby's charts: density across, modulus or strength up), else density against the
/// property.
pub fn default_axes(objective: Objective) -> (Property, Property) {
    match objective {
        Objective::Index { index } => {
            let terms = index.terms();
            let below = terms.iter().find(|term| term.exponent < 0.0);
            let above = terms.iter().find(|term| term.exponent > 0.0);
            match (below, above) {
                (Some(x), Some(y)) => (x.property, y.property),
                _ => (Property::Density, Property::Cost),
            }
        }
        Objective::Maximise { property } | Objective::Minimise { property } => {
            if property == Property::Density {
                (Property::Density, Property::YoungsModulus)
            } else {
                (Property::Density, property)
            }
        }
    }
}

impl Selection {
    pub fn parse(request: &RecommendRequest) -> Result<Self, ApiError> {
        if request.constraints.len() > MAX_CONSTRAINTS {
            return Err(invalid(format!("约束最多 {MAX_CONSTRAINTS} 条")));
        }
        let mut constraints = Vec::new();
        for input in &request.constraints {
            let property = property(&input.property)?;
            let min = input.min.as_ref().map(|b| bound(property, b)).transpose()?;
            let max = input.max.as_ref().map(|b| bound(property, b)).transpose()?;
            if min.is_none() && max.is_none() {
                return Err(invalid(format!("{}: 需要 min 或 max", property.key())));
            }
            if let (Some(min), Some(max)) = (min, max) {
                if min > max {
                    return Err(invalid(format!("{}: min 大于 max", property.key())));
                }
            }
            constraints.push(Constraint { property, min, max });
        }
        let objective = objective(&request.objective)?;
        let taxonomy = Taxonomy::get();
        for family in &request.families {
            if taxonomy.family(family).is_none() {
                return Err(invalid(format!(
                    "未知材料类别 `{}`",
                    catalog::routes::view::truncate(family, 40)
                )));
            }
        }
        let axes = match &request.chart {
            Some(axes) => {
                let (x, y) = (property(&axes.x)?, property(&axes.y)?);
                if x == y {
                    return Err(invalid("chart: x 与 y 不能相同"));
                }
                (x, y)
            }
            None => default_axes(objective),
        };
        let limit = request.limit.unwrap_or(DEFAULT_LIMIT);
        if !(1..=MAX_LIMIT).contains(&limit) {
            return Err(invalid(format!("limit 应在 1–{MAX_LIMIT}")));
        }
        Ok(Self {
            constraints,
            objective,
            families: request.families.clone(),
            axes,
            limit,
        })
    }
}

/// A constraint's check for one material.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckView {
    pub property: String,
    /// `met` (the whole range), `possiblyMet` (part of it).
    pub fit: String,
    /// Relative clearance of the bound from the value the range guarantees (0.2 = 20 %).
    pub margin: f64,
}

/// The objective's value over the material's range (`guaranteed` is the rank key).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IndexValueView {
    pub min: f64,
    pub max: f64,
    pub typical: f64,
    pub guaranteed: f64,
}

/// One ranked material and why it stands where it does.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RankedMaterial {
    pub rank: usize,
    pub id: i64,
    pub code: String,
    pub name: String,
    pub designation: String,
    /// The glossary's Chinese grade, if any.
    pub grade: Option<String>,
    pub standard: Option<String>,
    pub family: Option<String>,
    pub family_name: Option<String>,
    pub family_name_en: Option<String>,
    pub value: IndexValueView,
    /// `met` when every constraint holds over the whole range; `possiblyMet` ranks after.
    pub fit: String,
    /// The constraint closest to failing.
    pub limiting: Option<CheckView>,
    /// Every constraint's check, in the request's order.
    pub checks: Vec<CheckView>,
}

/// How many candidates one reason kept out.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExclusionCount {
    /// `family`, `constraint` (no part of the range meets it) or `missing` (the property is not
    /// stated, or not positive where an index needs it).
    pub reason: String,
    /// The property, for `constraint` and `missing`.
    pub property: Option<String>,
    pub count: usize,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartBox {
    pub id: i64,
    pub label: String,
    pub family: Option<String>,
    /// The material's place in the ranked list when it is listed.
    pub rank: Option<usize>,
    /// `[low, high]` in the axis property's SI unit.
    pub x: [f64; 2],
    pub y: [f64; 2],
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartEnvelope {
    pub family: String,
    pub name: String,
    pub name_en: String,
    /// The family's convex hull on log axes, counter-clockwise, in data units.
    pub points: Vec<[f64; 2]>,
}

/// The line of constant index through the last listed material: candidates on its better side
/// beat it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartLine {
    pub index: String,
    /// Slope on log axes.
    pub slope: f64,
    pub through: [f64; 2],
    pub points: [[f64; 2]; 2],
}

/// The Ashby chart of the candidates (every material meeting the family filter and the
/// constraints) on two properties, log axes.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartView {
    pub x: String,
    pub y: String,
    pub boxes: Vec<ChartBox>,
    pub envelopes: Vec<ChartEnvelope>,
    pub line: Option<ChartLine>,
    /// Candidates without both axis properties (or with a value ≤ 0).
    pub not_plotted: usize,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ObjectiveView {
    pub kind: String,
    pub index: Option<String>,
    pub property: Option<String>,
    /// `E^1/2/ρ`; the property key for a property objective.
    pub formula: String,
    /// `maximise` or `minimise`.
    pub goal: String,
}

/// The answer of `/recommend` (and the `recommendation` of `/chat-recommend`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Recommendation {
    pub objective: ObjectiveView,
    /// Materials in the library.
    pub total: usize,
    /// Materials meeting the family filter and every constraint (at least possibly).
    pub matched: usize,
    pub results: Vec<RankedMaterial>,
    pub excluded: Vec<ExclusionCount>,
    pub chart: ChartView,
}

fn fit_key(fit: Fit) -> String {
    match fit {
        Fit::Met => "met",
        Fit::PossiblyMet => "possiblyMet",
        Fit::Failed => "failed",
    }
    .to_owned()
}

fn check_view(check: &select::ConstraintCheck) -> CheckView {
    CheckView {
        property: check.property.key().to_owned(),
        fit: fit_key(check.fit),
        margin: if check.margin.is_finite() {
            check.margin
        } else {
            0.0
        },
    }
}

pub fn objective_view(objective: Objective) -> ObjectiveView {
    match objective {
        Objective::Index { index } => ObjectiveView {
            kind: "index".into(),
            index: Some(index_key(index)),
            property: None,
            formula: index.formula().into(),
            goal: match index.goal() {
                select::Goal::Maximise => "maximise",
                select::Goal::Minimise => "minimise",
            }
            .into(),
        },
        Objective::Maximise { property } | Objective::Minimise { property } => ObjectiveView {
            kind: if matches!(objective, Objective::Maximise { .. }) {
                "maximise"
            } else {
                "minimise"
            }
            .into(),
            index: None,
            property: Some(property.key().into()),
            formula: property.key().into(),
            goal: if matches!(objective, Objective::Maximise { .. }) {
                "maximise"
            } else {
                "minimise"
            }
            .into(),
        },
    }
}

fn family_names(code: &str) -> (Option<String>, Option<String>) {
    match Taxonomy::get().family(code) {
        Some(family) => (Some(family.name_zh.clone()), Some(family.name_en.clone())),
        None => (None, None),
    }
}

/// Ranks the pool and draws the chart of the candidates.
pub fn recommend(pool: &[Candidate], selection: &Selection) -> Recommendation {
    let materials: Vec<Material> = pool.iter().map(|c| c.material.clone()).collect();
    let ranking = select::rank(
        &materials,
        &selection.families,
        &selection.constraints,
        selection.objective,
    );
    let listed = &ranking.ranked[..ranking.ranked.len().min(selection.limit)];
    let results = listed
        .iter()
        .map(|ranked| {
            let candidate = &pool[ranked.material];
            let material = &candidate.material;
            let (family_name, family_name_en) = material
                .family
                .as_deref()
                .map(family_names)
                .unwrap_or_default();
            RankedMaterial {
                rank: ranked.rank,
                id: candidate.id,
                code: candidate.code.clone(),
                name: candidate.name.clone(),
                designation: material.name.clone(),
                grade: material.grade.clone(),
                standard: material.standard.clone(),
                family: material.family.clone(),
                family_name,
                family_name_en,
                value: IndexValueView {
                    min: ranked.value.min,
                    max: ranked.value.max,
                    typical: ranked.value.typical,
                    guaranteed: ranked.value.guaranteed,
                },
                fit: fit_key(ranked.fit),
                limiting: ranked.limiting.as_ref().map(check_view),
                checks: selection
                    .constraints
                    .iter()
                    .filter_map(|constraint| {
                        material
                            .get(constraint.property)
                            .map(|value| check_view(&select::check(constraint, value)))
                    })
                    .collect(),
            }
        })
        .collect();
    let mut counts: BTreeMap<(String, Option<String>), usize> = BTreeMap::new();
    for excluded in &ranking.excluded {
        let key = match &excluded.exclusion {
            Exclusion::Family => ("family".to_owned(), None),
            Exclusion::Constraint { check } => (
                "constraint".to_owned(),
                Some(check.property.key().to_owned()),
            ),
            Exclusion::Missing { property } => {
                ("missing".to_owned(), Some(property.key().to_owned()))
            }
        };
        *counts.entry(key).or_default() += 1;
    }
    let excluded = counts
        .into_iter()
        .map(|((reason, property), count)| ExclusionCount {
            reason,
            property,
            count,
        })
        .collect();
    Recommendation {
        objective: objective_view(selection.objective),
        total: pool.len(),
        matched: ranking.ranked.len(),
        results,
        excluded,
        chart: chart(pool, &ranking, selection),
    }
}

fn chart(pool: &[Candidate], ranking: &select::Ranking, selection: &Selection) -> ChartView {
    let (x, y) = selection.axes;
    let candidates: Vec<Material> = ranking
        .ranked
        .iter()
        .map(|ranked| pool[ranked.material].material.clone())
        .collect();
    // Through the last listed material's representative point, when the index is a line here.
    let through = match selection.objective {
        Objective::Index { index } => ranking
            .ranked
            .get(selection.limit.min(ranking.ranked.len()).saturating_sub(1))
            .and_then(|last| {
                let material = &pool[last.material].material;
                Some((
                    index,
                    [material.representative(x)?, material.representative(y)?],
                ))
            }),
        _ => None,
    };
    let drawn = select::chart(&candidates, x, y, through)
        .or_else(|_| select::chart(&candidates, x, y, None));
    let Ok(drawn) = drawn else {
        // Without a line the chart cannot fail; an empty one keeps the answer whole.
        return ChartView {
            x: x.key().into(),
            y: y.key().into(),
            boxes: Vec::new(),
            envelopes: Vec::new(),
            line: None,
            not_plotted: candidates.len(),
        };
    };
    let limit = selection.limit;
    ChartView {
        x: x.key().into(),
        y: y.key().into(),
        boxes: drawn
            .boxes
            .iter()
            .map(|item| {
                let ranked = &ranking.ranked[item.material];
                let candidate = &pool[ranked.material];
                ChartBox {
                    id: candidate.id,
                    label: candidate.material.label().to_owned(),
                    family: item.family.clone(),
                    rank: (ranked.rank <= limit).then_some(ranked.rank),
                    x: item.x,
                    y: item.y,
                }
            })
            .collect(),
        envelopes: drawn
            .envelopes
            .iter()
            .map(|envelope| {
                let (name, name_en) = family_names(&envelope.family);
                ChartEnvelope {
                    family: envelope.family.clone(),
                    name: name.unwrap_or_else(|| envelope.family.clone()),
                    name_en: name_en.unwrap_or_else(|| envelope.family.clone()),
                    points: envelope.points.clone(),
                }
            })
            .collect(),
        line: drawn.line.map(|line| ChartLine {
            index: index_key(line.index),
            slope: line.slope,
            through: line.through,
            points: line.points,
        }),
        not_plotted: drawn.not_plotted.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(json: serde_json::Value) -> RecommendRequest {
        serde_json::from_value(json).expect("request")
    }

    #[test]
    fn bounds_take_si_numbers_and_texts_with_units() -> Result<(), ApiError> {
        let selection = Selection::parse(&request(serde_json::json!({
            "constraints": [
                {"property": "yieldStrength", "min": "200 MPa"},
                {"property": "density", "max": 3000.0},
                {"property": "meltingPoint", "min": "500 °C"}
            ],
            "objective": {"kind": "index", "index": "stiffBeam"}
        })))?;
        assert_eq!(selection.constraints[0].min, Some(200e6));
        assert_eq!(selection.constraints[1].max, Some(3000.0));
        assert!((selection.constraints[2].min.unwrap_or_default() - 773.15).abs() < 1e-9);
        assert_eq!(selection.axes, (Property::Density, Property::YoungsModulus));
        assert_eq!(selection.limit, DEFAULT_LIMIT);
        Ok(())
    }

    #[test]
    fn bad_requests_are_refused() {
        for bad in [
            serde_json::json!({"constraints": [{"property": "colour", "min": 1}], "objective": {"kind": "maximise", "property": "density"}}),
            serde_json::json!({"constraints": [{"property": "density"}], "objective": {"kind": "maximise", "property": "density"}}),
            serde_json::json!({"constraints": [{"property": "density", "min": 5, "max": 1}], "objective": {"kind": "maximise", "property": "density"}}),
            serde_json::json!({"constraints": [{"property": "density", "min": "three"}], "objective": {"kind": "maximise", "property": "density"}}),
            serde_json::json!({"objective": {"kind": "index", "index": "nope"}}),
            serde_json::json!({"objective": {"kind": "best"}}),
            serde_json::json!({"objective": {"kind": "maximise"}}),
            serde_json::json!({"objective": {"kind": "maximise", "property": "density"}, "families": ["no-such"]}),
            serde_json::json!({"objective": {"kind": "maximise", "property": "density"}, "limit": 0}),
            serde_json::json!({"objective": {"kind": "maximise", "property": "density"}, "chart": {"x": "density", "y": "density"}}),
        ] {
            let error = Selection::parse(&request(bad.clone())).err();
            assert!(error.is_some(), "accepted {bad}");
        }
    }
}
