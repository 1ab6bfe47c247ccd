//! `GET /item/{id}/variants`: every variant of the part's family and standard (ISO 4762: each
//! size × nominal length), for the detail page's variant table. One indexed query on
//! `part_variant` (`family, standard, diameter_mm`); no paging: the largest family and standard
//! (ASME B18.3 socket head cap screws) has 629 variants, a few tens of kilobytes.

use actix_web::web;
use catalog::routes::view::{parse_id, ItemRoutes, ItemSummary};
use kernel::{ApiResponse, ApiResult};
use serde::Serialize;
use utoipa::ToSchema;

use crate::items::PartItems;
use crate::store::{VariantRepository, VariantStore};

/// One row of the variant table.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartVariant {
    pub id: i64,
    /// `ISO 4762 M6×20`.
    pub part_number: String,
    /// The size cell (`M6-1`) or the profile name.
    pub size: String,
    /// Nominal diameter in mm (profiles: their order in the series).
    pub diameter_mm: Option<f64>,
    /// Nominal length in mm (screws); none for parts without one (nuts, bearings, profiles).
    pub length_mm: Option<f64>,
}

/// The part and the variants of its family and standard (the part among them).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartVariants {
    pub component: ItemSummary,
    pub variants: Vec<PartVariant>,
}

/// The variants of a part's family and standard, smallest size first, then by length.
#[utoipa::path(
    get,
    path = "/item/{id}/variants",
    tag = "part",
    params(("id" = String, Path, description = "item id")),
    responses((status = 200, description = "the part and every variant of its family and standard; malformed id → 400; unknown id → 1010002000",
        body = ApiResponse<PartVariants>))
)]
#[tracing::instrument(skip_all)]
pub async fn variants(
    routes: web::Data<ItemRoutes<PartItems>>,
    store: web::Data<VariantRepository>,
    id: web::Path<String>,
) -> ApiResult<ApiResponse<PartVariants>> {
    let id = parse_id(&id)?;
    let item = routes.load_item(id).await?;
    let component = ItemSummary::of(routes.library.as_ref(), &item, None)?;
    // An item without a variant row (an organisation's own upload) is its only variant.
    let variants = match store.variant_of(id).await? {
        Some(variant) => store
            .siblings(&variant)
            .await?
            .into_iter()
            .map(|row| PartVariant {
                id: row.item_id,
                part_number: row.code,
                size: row.size,
                diameter_mm: row.diameter_mm,
                length_mm: row.length_mm,
            })
            .collect(),
        None => Vec::new(),
    };
    Ok(ApiResponse::ok(PartVariants {
        component,
        variants,
    }))
}
