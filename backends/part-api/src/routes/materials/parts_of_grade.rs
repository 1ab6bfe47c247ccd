//! `GET /materials/{grade}/parts`: the standard part families a grade of the materials library is
//! named for (`data/parts/materials.json`), for the material page's 采用此材料的标准件 section.
//! The parts own this glossary, so the parts answer it; the mat page asks with its grade
//! (`06Cr19Ni10`), the stable key both libraries share. Only families with stored variants are
//! listed, each with its count and the search that lists them (category + standard).

use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Serialize;
use utoipa::ToSchema;

use crate::materials::{MaterialOption, MaterialUses};
use crate::store::{VariantRepository, VariantStore};

/// A glossary grade is a short designation (`06Cr19Ni10`, `6063-T5`).
const MAX_GRADE_CHARS: usize = 64;

/// One family and standard whose parts may be made of the grade.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartFamilyUse {
    /// The parts glossary's family (`socket_head_cap`, `profile`).
    pub family: String,
    /// The standard prefix (`iso4762`) or profile category (`IPE`).
    pub standard: String,
    /// `ISO 4762`: the search's 标准 (package) facet value.
    pub designation: String,
    /// `内六角圆柱头螺钉`.
    pub name: String,
    pub name_en: String,
    /// The family's category code: with `designation`, the search that lists these parts.
    pub category: String,
    /// Stored variants of the family and standard.
    pub count: i64,
    /// The classes of this family that name the grade (`A2-70` per ISO 3506-1, approximate).
    pub classes: Vec<MaterialOption>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartsOfGrade {
    pub grade: String,
    /// Most variants first.
    pub families: Vec<PartFamilyUse>,
}

/// The standard part families made of a materials-library grade.
#[utoipa::path(
    get,
    path = "/materials/{grade}/parts",
    tag = "part",
    params(("grade" = String, Path, description = "a grade of the materials library's glossary (`06Cr19Ni10`, `45`, `GCr15`)")),
    responses((status = 200, description = "the families whose standards name the grade, with their stored variant counts (none: an empty list); a grade longer than 64 characters or blank → 400",
        body = ApiResponse<PartsOfGrade>))
)]
#[tracing::instrument(skip_all)]
pub async fn parts_of_grade(
    uses: web::Data<MaterialUses>,
    store: web::Data<VariantRepository>,
    grade: web::Path<String>,
) -> ApiResult<ApiResponse<PartsOfGrade>> {
    let grade = grade.into_inner();
    let trimmed = grade.trim();
    if trimmed.is_empty() || trimmed.chars().count() > MAX_GRADE_CHARS {
        return Err(ApiError::bad_request(format!(
            "grade must be 1–{MAX_GRADE_CHARS} characters"
        )));
    }
    let counts = store.family_counts().await?;
    let mut families: Vec<PartFamilyUse> = uses
        .of_grade(trimmed)
        .into_iter()
        .filter_map(|found| {
            let count = counts
                .iter()
                .find(|row| row.family == found.family && row.standard == found.standard)
                .map(|row| row.count)?;
            Some(PartFamilyUse {
                family: found.family,
                standard: found.standard,
                designation: found.designation,
                name: found.name,
                name_en: found.name_en,
                category: found.category,
                count,
                classes: found.classes,
            })
        })
        .collect();
    families.sort_by(|a, b| {
        b.count
            .cmp(&a.count)
            .then(a.designation.cmp(&b.designation))
    });
    Ok(ApiResponse::ok(PartsOfGrade {
        grade: trimmed.to_string(),
        families,
    }))
}
