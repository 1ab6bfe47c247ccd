//! `POST /mat/chat-recommend`: a sentence in Chinese or English (`mat_cae::chat::parse`) → the
//! parsed query as chips the page lets the user edit, and the recommendation for it. Served at
//! the spec's path for the algorithm tool host (§7), which the embedded portal is as well.

use actix_web::web;
use catalog::routes::view::ItemRoutes;
use kernel::{ApiError, ApiResponse, ApiResult};
use mat_cae::chat::{self, ChatQuery};
use mat_cae::select::Objective;
use mat_cae::{Property, Taxonomy};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::items::MatItems;
use crate::selection::{
    default_axes, objective_view, recommend, MaterialPool, ObjectiveView, Recommendation, Selection,
};
use crate::CHAT_TEXT_INVALID;

#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct ChatRecommendRequest {
    /// At most 500 characters (`mat_cae::chat::MAX_CHARS`).
    pub text: String,
    /// Ranked materials to list, 1–100 (default 20).
    #[serde(default)]
    pub limit: Option<usize>,
}

/// One parsed constraint, bounds in the contract's SI unit (`unit`), for the page to show in
/// the user's unit and to send back to `/recommend` once edited.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConstraintChip {
    pub property: String,
    pub min: Option<f64>,
    pub max: Option<f64>,
    /// The SI unit of `min` / `max` (`Pa`, `kg/m³`, `K`).
    pub unit: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FamilyChip {
    pub code: String,
    pub name: String,
    pub name_en: String,
}

/// A service condition the sentence names (sea water, high temperature…): a note, with the
/// families that usually serve it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConditionChip {
    /// `seaWater`, `corrosion`, `highTemperature`, `lowTemperature`, `foodContact`,
    /// `nonMagnetic`, `weldable`, `electricalInsulation`.
    pub condition: String,
    pub suggested_families: Vec<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParsedQuery {
    pub families: Vec<FamilyChip>,
    /// The families come from the conditions' suggestions (no family was named).
    pub families_from_conditions: bool,
    pub constraints: Vec<ConstraintChip>,
    pub conditions: Vec<ConditionChip>,
    /// The objective the sentence names, else the one chosen for it (`objective_parsed`).
    pub objective: ObjectiveView,
    /// False when the sentence named none: then the first constrained property is maximised
    /// (minimised when it only has an upper bound), else specific strength.
    pub objective_parsed: bool,
    /// Pieces of the sentence not understood, in order.
    pub unparsed: Vec<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatRecommendation {
    pub query: ParsedQuery,
    pub recommendation: Recommendation,
}

/// The objective of a sentence that names none: the wish its first constraint implies.
fn implied_objective(query: &ChatQuery) -> Objective {
    match query.constraints.first() {
        Some(constraint) if constraint.min.is_some() => Objective::Maximise {
            property: constraint.property,
        },
        Some(constraint) => Objective::Minimise {
            property: constraint.property,
        },
        None => Objective::Index {
            index: mat_cae::select::Index::SpecificStrength,
        },
    }
}

fn condition_key(condition: chat::Condition) -> String {
    serde_json::to_value(condition)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

fn family_chip(code: &str) -> FamilyChip {
    let family = Taxonomy::get().family(code);
    FamilyChip {
        code: code.to_owned(),
        name: family.map_or_else(|| code.to_owned(), |f| f.name_zh.clone()),
        name_en: family.map_or_else(|| code.to_owned(), |f| f.name_en.clone()),
    }
}

/// Parses the sentence and recommends for it.
#[utoipa::path(
    post,
    path = "/mat/chat-recommend",
    tag = "mat",
    request_body = ChatRecommendRequest,
    responses((status = 200, description = "the parsed query (families, constraints in SI, conditions, \
        objective, what was not understood) and the recommendation; a malformed body → 400; an empty text \
        or one over 500 characters → 1030006001; a limit outside 1–100 → 1030006000",
        body = ApiResponse<ChatRecommendation>))
)]
#[tracing::instrument(skip_all)]
pub async fn chat_recommend(
    routes: web::Data<ItemRoutes<MatItems>>,
    pool: web::Data<MaterialPool>,
    body: web::Json<ChatRecommendRequest>,
) -> ApiResult<ApiResponse<ChatRecommendation>> {
    let length = body.text.chars().count();
    if body.text.trim().is_empty() {
        return Err(ApiError::with_detail(CHAT_TEXT_INVALID, "text 为空"));
    }
    if length > chat::MAX_CHARS {
        return Err(ApiError::with_detail(
            CHAT_TEXT_INVALID,
            format!("text 最多 {} 字, 收到 {length} 字", chat::MAX_CHARS),
        ));
    }
    let query = chat::parse(&body.text);
    let objective = query.objective.unwrap_or_else(|| implied_objective(&query));
    let selection = Selection {
        constraints: query.constraints.clone(),
        objective,
        families: query.families.clone(),
        axes: default_axes(objective),
        limit: body.limit.unwrap_or(20),
    };
    if !(1..=crate::selection::MAX_LIMIT).contains(&selection.limit) {
        return Err(ApiError::with_detail(
            crate::RECOMMEND_INVALID,
            format!("limit 应在 1–{}", crate::selection::MAX_LIMIT),
        ));
    }
    let candidates = pool
        .candidates(&routes.items)
        .await
        .map_err(ApiError::internal)?;
    let recommendation = recommend(&candidates, &selection);
    let parsed = ParsedQuery {
        families: query
            .families
            .iter()
            .map(|code| family_chip(code))
            .collect(),
        families_from_conditions: query.families_from_conditions,
        constraints: query
            .constraints
            .iter()
            .map(|constraint| ConstraintChip {
                property: constraint.property.key().to_owned(),
                min: constraint.min,
                max: constraint.max,
                unit: Property::si_unit(constraint.property).to_owned(),
            })
            .collect(),
        conditions: query
            .conditions
            .iter()
            .map(|note| ConditionChip {
                condition: condition_key(note.condition),
                suggested_families: note.suggested_families.clone(),
            })
            .collect(),
        objective: objective_view(objective),
        objective_parsed: query.objective.is_some(),
        unparsed: query.unparsed.clone(),
    };
    Ok(ApiResponse::ok(ChatRecommendation {
        query: parsed,
        recommendation,
    }))
}
