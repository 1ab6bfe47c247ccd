//! `GET /item/{id}/recommendations?size=`: what an engineer picks next for a part — the mating
//! nuts and washers of a screw (same thread, the same pitch first), the washers of a nut, the
//! nuts of a washer; the same part in other standards (same kind, thread or size, and length:
//! ISO 4014 ↔ ISO 4017 ↔ DIN 931); the next sizes of the same standard (same length for screws).

use std::collections::HashMap;

use actix_web::web;
use catalog::item::store::ItemStore;
use catalog::routes::view::{parse_id, ItemRoutes, ItemSummary};
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::items::PartItems;
use crate::store::{Direction, VariantRepository, VariantRow, VariantStore};

const SIZE_DEFAULT: i64 = 10;
const SIZE_MAX: i64 = 50;
/// Next sizes on each side.
const NEIGHBOURS: i64 = 2;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RecommendationsQuery {
    /// How many per group, 1–50 (default 10).
    pub size: Option<i64>,
}

/// A group: `nuts` (配套螺母), `washers` (配套垫圈), `otherStandards` (其他标准), `nextSizes`
/// (相邻规格).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartRecommendationGroup {
    pub key: String,
    pub label: String,
    pub label_en: String,
    pub items: Vec<ItemSummary>,
}

/// The part and its groups (those that apply to its kind, possibly empty).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartRecommendations {
    pub component: ItemSummary,
    pub groups: Vec<PartRecommendationGroup>,
}

/// Recommendations for a part.
#[utoipa::path(
    get,
    path = "/item/{id}/recommendations",
    tag = "part",
    params(("id" = String, Path, description = "item id"), RecommendationsQuery),
    responses((status = 200, description = "the part and its groups; malformed id or size → 400; unknown id → 1010002000",
        body = ApiResponse<PartRecommendations>))
)]
#[tracing::instrument(skip_all)]
pub async fn recommendations(
    routes: web::Data<ItemRoutes<PartItems>>,
    variants: web::Data<VariantRepository>,
    id: web::Path<String>,
    query: web::Query<RecommendationsQuery>,
) -> ApiResult<ApiResponse<PartRecommendations>> {
    let id = parse_id(&id)?;
    let size = query.size.unwrap_or(SIZE_DEFAULT);
    if !(1..=SIZE_MAX).contains(&size) {
        return Err(ApiError::bad_request(format!(
            "size 必须在 1–{SIZE_MAX} 之间: {size}"
        )));
    }
    let item = routes.load_item(id).await?;
    let component = ItemSummary::of(routes.library.as_ref(), &item, None)?;
    let Some(variant) = variants.variant_of(id).await? else {
        return Ok(ApiResponse::ok(PartRecommendations {
            component,
            groups: Vec::new(),
        }));
    };
    let mut groups: Vec<(&str, &str, &str, Vec<i64>)> = Vec::new();
    if let Some(thread) = &variant.thread {
        let mates: &[(&str, &str, &str, &str)] = match variant.kind.as_str() {
            "screw" => &[
                ("nuts", "配套螺母", "Mating nuts", "nut"),
                ("washers", "配套垫圈", "Mating washers", "washer"),
            ],
            "nut" => &[("washers", "配套垫圈", "Mating washers", "washer")],
            "washer" => &[("nuts", "配套螺母", "Mating nuts", "nut")],
            _ => &[],
        };
        for (key, label, label_en, kind) in mates {
            let ids = variants
                .with_thread(kind, thread, &variant.size, size)
                .await?;
            groups.push((key, label, label_en, ids));
        }
    }
    let others = variants.in_other_standards(&variant, size).await?;
    groups.push((
        "otherStandards",
        "其他标准的同规格件",
        "The same part in other standards",
        others,
    ));
    groups.push((
        "nextSizes",
        "相邻规格",
        "Next sizes",
        next_sizes(&variants, &variant).await?,
    ));

    let all: Vec<i64> = groups
        .iter()
        .flat_map(|(_, _, _, ids)| ids.iter().copied())
        .collect();
    let records: HashMap<i64, _> = routes
        .items
        .get_many(&all)
        .await?
        .into_iter()
        .map(|record| (record.id, record))
        .collect();
    let groups = groups
        .into_iter()
        .map(|(key, label, label_en, ids)| {
            let items = ids
                .iter()
                .filter_map(|id| records.get(id))
                .map(|record| ItemSummary::of(routes.library.as_ref(), record, None))
                .collect::<ApiResult<Vec<_>>>()?;
            Ok(PartRecommendationGroup {
                key: key.to_string(),
                label: label.to_string(),
                label_en: label_en.to_string(),
                items,
            })
        })
        .collect::<ApiResult<Vec<_>>>()?;
    Ok(ApiResponse::ok(PartRecommendations { component, groups }))
}

/// The nearest smaller sizes (smallest first), then the nearest larger ones.
async fn next_sizes(variants: &VariantRepository, variant: &VariantRow) -> ApiResult<Vec<i64>> {
    let mut smaller = variants
        .next_sizes(variant, Direction::Smaller, NEIGHBOURS)
        .await?;
    smaller.reverse();
    let larger = variants
        .next_sizes(variant, Direction::Larger, NEIGHBOURS)
        .await?;
    smaller.extend(larger);
    Ok(smaller)
}
