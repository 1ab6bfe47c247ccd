//! `GET /grades?codes=`: the material item of each glossary grade (`06Cr19Ni10` → the FreeCAD
//! card X5CrNi18-10). A grade is the stable key other libraries name a material by (the parts'
//! `data/parts/materials.json`): item ids belong to this service's database, so the part pages
//! ask here for the `/mat/detail/{id}` they link to.

use actix_web::web;
use catalog::routes::view::ItemRoutes;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::items::MatItems;
use crate::selection::{Candidate, MaterialPool};

/// At most this many grades per request (a part names five at most).
pub const MAX_GRADES: usize = 20;
const MAX_GRADE_CHARS: usize = 64;

#[derive(Debug, Deserialize, IntoParams)]
pub struct GradesQuery {
    /// Glossary grades joined by `|` (`06Cr19Ni10|45|GCr15`), 1–20.
    pub codes: Option<String>,
}

/// The material page of one grade.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GradeMaterial {
    /// As asked (`06Cr19Ni10`).
    pub grade: String,
    /// The item to link (`/mat/detail/{id}`): the grade's first record in import order — the
    /// FreeCAD card where FreeCAD has the grade (E, ν, density and strengths), else the first
    /// source naming it.
    pub id: i64,
    /// Its designation (`X5CrNi18-10`).
    pub code: String,
    pub name: String,
    /// How many records of the library are this grade.
    pub records: usize,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GradeMaterials {
    /// In the order asked; grades the library has no record of are in `missing`.
    pub list: Vec<GradeMaterial>,
    pub missing: Vec<String>,
}

/// Reads `codes`: 1–20 distinct grades of 1–64 characters.
pub fn parse_codes(codes: Option<&str>) -> Result<Vec<String>, String> {
    let mut grades: Vec<String> = Vec::new();
    for code in codes.unwrap_or_default().split('|').map(str::trim) {
        if code.is_empty() {
            continue;
        }
        if code.chars().count() > MAX_GRADE_CHARS {
            return Err(format!("a grade has at most {MAX_GRADE_CHARS} characters"));
        }
        if !grades.iter().any(|g| g == code) {
            grades.push(code.to_string());
        }
    }
    if grades.is_empty() {
        return Err("codes names no grade".to_string());
    }
    if grades.len() > MAX_GRADES {
        return Err(format!("at most {MAX_GRADES} grades"));
    }
    Ok(grades)
}

/// The grade's record to link and how many records it has.
pub fn material_of_grade(candidates: &[Candidate], grade: &str) -> Option<GradeMaterial> {
    let records: Vec<&Candidate> = candidates
        .iter()
        .filter(|c| c.material.grade.as_deref() == Some(grade))
        .collect();
    let first = records.iter().min_by_key(|c| c.id)?;
    Some(GradeMaterial {
        grade: grade.to_string(),
        id: first.id,
        code: first.code.clone(),
        name: first.name.clone(),
        records: records.len(),
    })
}

/// The material item of each glossary grade.
#[utoipa::path(
    get,
    path = "/grades",
    tag = "mat",
    params(GradesQuery),
    responses((status = 200, description = "each grade's material (unknown grades listed in `missing`); no grade, more than 20 or one over 64 characters → 400",
        body = ApiResponse<GradeMaterials>))
)]
#[tracing::instrument(skip_all)]
pub async fn grades(
    routes: web::Data<ItemRoutes<MatItems>>,
    pool: web::Data<MaterialPool>,
    query: web::Query<GradesQuery>,
) -> ApiResult<ApiResponse<GradeMaterials>> {
    let codes = parse_codes(query.codes.as_deref()).map_err(ApiError::bad_request)?;
    let candidates = pool
        .candidates(&routes.items)
        .await
        .map_err(ApiError::internal)?;
    let mut answer = GradeMaterials {
        list: Vec::new(),
        missing: Vec::new(),
    };
    for code in codes {
        match material_of_grade(&candidates, &code) {
            Some(found) => answer.list.push(found),
            None => answer.missing.push(code),
        }
    }
    Ok(ApiResponse::ok(answer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_one_to_twenty_distinct_grades() {
        assert_eq!(
            parse_codes(Some("06Cr19Ni10| 45 |45")).unwrap(),
            ["06Cr19Ni10", "45"]
        );
        assert!(parse_codes(None).is_err());
        assert!(parse_codes(Some(" | ")).is_err());
        let many = (0..21).map(|i| i.to_string()).collect::<Vec<_>>().join("|");
        assert!(parse_codes(Some(&many)).is_err());
        assert!(parse_codes(Some(&"x".repeat(65))).is_err());
    }
}
