//! Material selection: Ashby performance indices, ranking under constraints with the reason for
//! each rank, and the data of a property-versus-property chart (docs/materials-cae.md).
//!
//! Ranges are intervals throughout: a constraint is *met* when the whole range satisfies it and
//! *possibly met* when only part does; an index is an interval too (its value at the corners of
//! the property box), and a material is ranked by the value its range guarantees — the low end
//! of an index to maximise, the high end of one to minimise.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::material::{Material, Property, PropertyValue};
use crate::taxonomy::Taxonomy;

/// A performance index: a product of powers of properties, to maximise or minimise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Index {
    /// E/ρ — light, stiff tie (specific stiffness).
    SpecificStiffness,
    /// E^1/2/ρ — light, stiff beam.
    StiffBeam,
    /// E^1/3/ρ — light, stiff panel (plate).
    StiffPanel,
    /// σ_f/ρ — light, strong tie (specific strength).
    SpecificStrength,
    /// σ_f^2/3/ρ — light, strong beam.
    StrongBeam,
    /// σ_f^1/2/ρ — light, strong panel.
    StrongPanel,
    /// ρ·C_m — cost of a unit volume (minimise).
    DensityCost,
    /// E^1/2/(ρ·C_m) — cheap, stiff beam.
    CheapStiffBeam,
    /// σ_f^2/3/(ρ·C_m) — cheap, strong beam.
    CheapStrongBeam,
}

/// One factor of an index: a property to a power. σ_f is the yield strength, or the tensile
/// strength where no yield strength is known (ceramics, glass, cast iron), as in Ashby.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Term {
    pub property: Property,
    pub exponent: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fallback: Option<Property>,
}

const fn term(property: Property, exponent: f64) -> Term {
    Term {
        property,
        exponent,
        fallback: None,
    }
}

const fn strength(exponent: f64) -> Term {
    Term {
        property: Property::YieldStrength,
        exponent,
        fallback: Some(Property::TensileStrength),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Goal {
    Maximise,
    Minimise,
}

impl Index {
    pub const ALL: [Index; 9] = [
        Index::SpecificStiffness,
        Index::StiffBeam,
        Index::StiffPanel,
        Index::SpecificStrength,
        Index::StrongBeam,
        Index::StrongPanel,
        Index::DensityCost,
        Index::CheapStiffBeam,
        Index::CheapStrongBeam,
    ];

    pub fn terms(self) -> Vec<Term> {
        use Property as P;
        let density = term(P::Density, -1.0);
        let cost = term(P::Cost, -1.0);
        match self {
            Index::SpecificStiffness => vec![term(P::YoungsModulus, 1.0), density],
            Index::StiffBeam => vec![term(P::YoungsModulus, 0.5), density],
            Index::StiffPanel => vec![term(P::YoungsModulus, 1.0 / 3.0), density],
            Index::SpecificStrength => vec![strength(1.0), density],
            Index::StrongBeam => vec![strength(2.0 / 3.0), density],
            Index::StrongPanel => vec![strength(0.5), density],
            Index::DensityCost => vec![term(P::Density, 1.0), term(P::Cost, 1.0)],
            Index::CheapStiffBeam => vec![term(P::YoungsModulus, 0.5), density, cost],
            Index::CheapStrongBeam => vec![strength(2.0 / 3.0), density, cost],
        }
    }

    pub fn goal(self) -> Goal {
        match self {
            Index::DensityCost => Goal::Minimise,
            _ => Goal::Maximise,
        }
    }

    /// How the index is written (`E^1/2/ρ`).
    pub fn formula(self) -> &'static str {
        match self {
            Index::SpecificStiffness => "E/ρ",
            Index::StiffBeam => "E^1/2/ρ",
            Index::StiffPanel => "E^1/3/ρ",
            Index::SpecificStrength => "σf/ρ",
            Index::StrongBeam => "σf^2/3/ρ",
            Index::StrongPanel => "σf^1/2/ρ",
            Index::DensityCost => "ρ·Cm",
            Index::CheapStiffBeam => "E^1/2/(ρ·Cm)",
            Index::CheapStrongBeam => "σf^2/3/(ρ·Cm)",
        }
    }
}

/// What the ranking orders by: an index, or one property to maximise or minimise.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Objective {
    Index { index: Index },
    Maximise { property: Property },
    Minimise { property: Property },
}

impl Objective {
    fn terms(self) -> Vec<Term> {
        match self {
            Objective::Index { index } => index.terms(),
            Objective::Maximise { property } | Objective::Minimise { property } => {
                vec![term(property, 1.0)]
            }
        }
    }

    fn goal(self) -> Goal {
        match self {
            Objective::Index { index } => index.goal(),
            Objective::Maximise { .. } => Goal::Maximise,
            Objective::Minimise { .. } => Goal::Minimise,
        }
    }
}

/// A property range a material must meet, SI; either bound may be open.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Constraint {
    pub property: Property,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Fit {
    /// The whole range meets the constraint.
    Met,
    /// Part of the range meets it.
    PossiblyMet,
    /// No part of the range meets it.
    Failed,
}

/// How one constraint stands for one material. `margin` is relative to the bound, from the value
/// the range guarantees: 0.2 means 20 % clear of it, negative means short of it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConstraintCheck {
    pub property: Property,
    pub fit: Fit,
    pub margin: f64,
}

pub fn check(constraint: &Constraint, value: &PropertyValue) -> ConstraintCheck {
    let mut fit = Fit::Met;
    let mut margin = f64::INFINITY;
    if let Some(min) = constraint.min {
        margin = margin.min(relative(value.min - min, min));
        fit = worse(fit, interval_fit(value.min >= min, value.max >= min));
    }
    if let Some(max) = constraint.max {
        margin = margin.min(relative(max - value.max, max));
        fit = worse(fit, interval_fit(value.max <= max, value.min <= max));
    }
    ConstraintCheck {
        property: constraint.property,
        fit,
        margin,
    }
}

fn relative(difference: f64, bound: f64) -> f64 {
    if bound == 0.0 {
        difference
    } else {
        difference / bound.abs()
    }
}

fn interval_fit(whole: bool, part: bool) -> Fit {
    match (whole, part) {
        (true, _) => Fit::Met,
        (false, true) => Fit::PossiblyMet,
        (false, false) => Fit::Failed,
    }
}

fn worse(a: Fit, b: Fit) -> Fit {
    let order = |fit| match fit {
        Fit::Met => 0,
        Fit::PossiblyMet => 1,
        Fit::Failed => 2,
    };
    if order(b) > order(a) {
        b
    } else {
        a
    }
}

/// An index (or property) over a material's property box.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexValue {
    pub min: f64,
    pub max: f64,
    /// At the representative values (typical, else middle).
    pub typical: f64,
    /// What the range guarantees: `min` when maximising, `max` when minimising; the rank key.
    pub guaranteed: f64,
}

/// The index of `terms` for `material`; `Err(property)` when a property is missing, or not
/// positive where the index takes a power or a product of it.
pub fn evaluate(material: &Material, terms: &[Term], goal: Goal) -> Result<IndexValue, Property> {
    let (mut low, mut high, mut typical) = (1.0, 1.0, 1.0);
    // A lone property to the first power may be zero or negative (a thermal expansion); a power
    // or a product needs positive values.
    let needs_positive = terms.len() > 1 || terms.iter().any(|term| term.exponent != 1.0);
    for term in terms {
        let value = material
            .get(term.property)
            .or_else(|| term.fallback.and_then(|fallback| material.get(fallback)))
            .filter(|value| !needs_positive || value.min > 0.0)
            .ok_or(term.property)?;
        // Monotone in each property: the extremes lie at the corners of the box.
        let (at_min, at_max) = (value.min.powf(term.exponent), value.max.powf(term.exponent));
        low *= at_min.min(at_max);
        high *= at_min.max(at_max);
        typical *= value.representative().powf(term.exponent);
    }
    Ok(IndexValue {
        min: low,
        max: high,
        typical,
        guaranteed: match goal {
            Goal::Maximise => low,
            Goal::Minimise => high,
        },
    })
}

/// A ranked material: its position in the input, its index and why it stands where it does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Ranked {
    /// Position in the list given to [`rank`].
    pub material: usize,
    /// 1 for the best.
    pub rank: usize,
    pub value: IndexValue,
    /// `Met` when every constraint is met by the whole range; `PossiblyMet` ranks after.
    pub fit: Fit,
    /// The constraint closest to failing (smallest margin); `None` without constraints.
    pub limiting: Option<ConstraintCheck>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "reason")]
pub enum Exclusion {
    /// Outside the families asked for.
    Family,
    /// A constraint no part of the range meets.
    Constraint { check: ConstraintCheck },
    /// A property the constraint or the objective needs is missing (or not positive, for an
    /// index).
    Missing { property: Property },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Excluded {
    pub material: usize,
    pub exclusion: Exclusion,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Ranking {
    pub ranked: Vec<Ranked>,
    pub excluded: Vec<Excluded>,
}

/// Ranks `materials`: family filter (a material within any of `families`; none = all), then
/// constraints, then the objective's guaranteed value (ties: the typical value). Materials that
/// only possibly meet a constraint rank after those that meet all.
pub fn rank(
    materials: &[Material],
    families: &[String],
    constraints: &[Constraint],
    objective: Objective,
) -> Ranking {
    let taxonomy = Taxonomy::get();
    let terms = objective.terms();
    let goal = objective.goal();
    let mut ranking = Ranking::default();
    'materials: for (position, material) in materials.iter().enumerate() {
        let in_family = families.is_empty()
            || material.family.as_deref().is_some_and(|code| {
                families
                    .iter()
                    .any(|family| taxonomy.is_within(code, family))
            });
        if !in_family {
            ranking.excluded.push(Excluded {
                material: position,
                exclusion: Exclusion::Family,
            });
            continue;
        }
        let mut checks = Vec::new();
        for constraint in constraints {
            let Some(value) = material.get(constraint.property) else {
                ranking.excluded.push(Excluded {
                    material: position,
                    exclusion: Exclusion::Missing {
                        property: constraint.property,
                    },
                });
                continue 'materials;
            };
            let check = check(constraint, value);
            if check.fit == Fit::Failed {
                ranking.excluded.push(Excluded {
                    material: position,
                    exclusion: Exclusion::Constraint { check },
                });
                continue 'materials;
            }
            checks.push(check);
        }
        match evaluate(material, &terms, goal) {
            Ok(value) => ranking.ranked.push(Ranked {
                material: position,
                rank: 0,
                value,
                fit: checks
                    .iter()
                    .fold(Fit::Met, |fit, check| worse(fit, check.fit)),
                limiting: checks
                    .into_iter()
                    .min_by(|a, b| a.margin.total_cmp(&b.margin)),
            }),
            Err(property) => ranking.excluded.push(Excluded {
                material: position,
                exclusion: Exclusion::Missing { property },
            }),
        }
    }
    let better = |a: f64, b: f64| compare(goal, a, b);
    ranking.ranked.sort_by(|a, b| {
        let fit_order = |fit| if fit == Fit::Met { 0 } else { 1 };
        fit_order(a.fit)
            .cmp(&fit_order(b.fit))
            .then_with(|| better(a.value.guaranteed, b.value.guaranteed))
            .then_with(|| better(a.value.typical, b.value.typical))
            .then_with(|| a.material.cmp(&b.material))
    });
    for (position, ranked) in ranking.ranked.iter_mut().enumerate() {
        ranked.rank = position + 1;
    }
    ranking
}

/// A material's box on the chart: its range on each axis.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MaterialBox {
    pub material: usize,
    pub family: Option<String>,
    pub x: [f64; 2],
    pub y: [f64; 2],
}

/// A family's envelope: the convex hull of its boxes in log–log space, counter-clockwise, in
/// data units (straight edges on log axes).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Envelope {
    pub family: String,
    pub points: Vec<[f64; 2]>,
}

/// The line of constant index through a chosen point: `y = y0 · (x / x0)^slope`, a straight
/// line of that slope on log axes; materials on the better side of it beat the chosen point.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SelectionLine {
    pub index: Index,
    pub slope: f64,
    pub through: [f64; 2],
    /// Ends at the chart's x extent.
    pub points: [[f64; 2]; 2],
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Chart {
    pub x: Property,
    pub y: Property,
    pub boxes: Vec<MaterialBox>,
    pub envelopes: Vec<Envelope>,
    pub line: Option<SelectionLine>,
    /// Materials lacking an axis property, or with a value ≤ 0 (no place on log axes).
    pub not_plotted: Vec<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChartError {
    #[error("index {index:?} is not a line on a {x} / {y} chart")]
    IndexNotOnAxes {
        index: Index,
        x: Property,
        y: Property,
    },
    #[error("the selection line needs a point with positive coordinates")]
    InvalidPoint,
}

/// The family an envelope groups a material under: the taxonomy's second level (carbon steels,
/// aluminium alloys, engineering plastics, ceramics), the first where there is no second.
fn envelope_family(code: &str) -> Option<String> {
    let lineage = Taxonomy::get().lineage(code);
    let depth = lineage.len();
    match depth {
        0 => None,
        1 => Some(lineage[0].code.clone()),
        _ => Some(lineage[depth - 2].code.clone()),
    }
}

/// Property-versus-property chart data, with the selection line of `line` (an index and a point
/// it passes through) when asked.
pub fn chart(
    materials: &[Material],
    x: Property,
    y: Property,
    line: Option<(Index, [f64; 2])>,
) -> Result<Chart, ChartError> {
    let mut boxes = Vec::new();
    let mut not_plotted = Vec::new();
    for (position, material) in materials.iter().enumerate() {
        match (material.get(x), material.get(y)) {
            (Some(vx), Some(vy)) if vx.min > 0.0 && vy.min > 0.0 => boxes.push(MaterialBox {
                material: position,
                family: material.family.as_deref().and_then(envelope_family),
                x: [vx.min, vx.max],
                y: [vy.min, vy.max],
            }),
            _ => not_plotted.push(position),
        }
    }
    let mut groups: BTreeMap<&str, Vec<[f64; 2]>> = BTreeMap::new();
    for item in &boxes {
        if let Some(family) = item.family.as_deref() {
            let corners = groups.entry(family).or_default();
            for cx in item.x {
                for cy in item.y {
                    corners.push([cx.log10(), cy.log10()]);
                }
            }
        }
    }
    let envelopes = groups
        .into_iter()
        .map(|(family, corners)| Envelope {
            family: family.to_owned(),
            points: convex_hull(corners)
                .into_iter()
                .map(|[lx, ly]| [10f64.powf(lx), 10f64.powf(ly)])
                .collect(),
        })
        .collect();
    let line = match line {
        None => None,
        Some((index, through)) => {
            let slope =
                line_slope(index, x, y).ok_or(ChartError::IndexNotOnAxes { index, x, y })?;
            let [x0, y0] = through;
            if !(x0 > 0.0 && y0 > 0.0 && x0.is_finite() && y0.is_finite()) {
                return Err(ChartError::InvalidPoint);
            }
            let (low, high) = boxes.iter().fold((x0, x0), |(low, high), item| {
                (low.min(item.x[0]), high.max(item.x[1]))
            });
            let at = |xv: f64| [xv, y0 * (xv / x0).powf(slope)];
            Some(SelectionLine {
                index,
                slope,
                through,
                points: [at(low), at(high)],
            })
        }
    };
    Ok(Chart {
        x,
        y,
        boxes,
        envelopes,
        line,
        not_plotted,
    })
}

/// Slope on log axes of the index's constant-value line: for I = x^a · y^b, log y = −(a/b) log x
/// + const. `None` unless the index involves exactly the two axes.
fn line_slope(index: Index, x: Property, y: Property) -> Option<f64> {
    let terms = index.terms();
    let exponent_of = |axis: Property| {
        terms
            .iter()
            .find(|term| term.property == axis || term.fallback == Some(axis))
            .map(|term| term.exponent)
    };
    let involved = terms.iter().all(|term| {
        [x, y].contains(&term.property) || term.fallback.is_some_and(|f| [x, y].contains(&f))
    });
    let (a, b) = (exponent_of(x)?, exponent_of(y)?);
    (involved && terms.len() == 2 && x != y).then_some(-a / b)
}

/// Andrew's monotone chain; collinear points dropped, counter-clockwise from the lowest-left.
fn convex_hull(mut points: Vec<[f64; 2]>) -> Vec<[f64; 2]> {
    points.sort_by(|a, b| a[0].total_cmp(&b[0]).then_with(|| a[1].total_cmp(&b[1])));
    points.dedup();
    if points.len() < 3 {
        return points;
    }
    let cross = |o: [f64; 2], a: [f64; 2], b: [f64; 2]| {
        (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    };
    let mut hull: Vec<[f64; 2]> = Vec::with_capacity(points.len() * 2);
    for pass in [false, true] {
        let start = hull.len();
        let ordered: Box<dyn Iterator<Item = &[f64; 2]>> = if pass {
            Box::new(points.iter().rev())
        } else {
            Box::new(points.iter())
        };
        for &point in ordered {
            while hull.len() >= start + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], point) <= 0.0
            {
                hull.pop();
            }
            hull.push(point);
        }
        hull.pop();
    }
    hull
}

/// Orders two index values best first.
pub fn compare(goal: Goal, a: f64, b: f64) -> Ordering {
    match goal {
        Goal::Maximise => b.total_cmp(&a),
        Goal::Minimise => a.total_cmp(&b),
    }
}

#[cfg(test)]
mod tests;
