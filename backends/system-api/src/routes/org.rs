//! An organisation's public face: its name, for the page where it shows its approved items
//! (docs/enterprise-library.md, "The organisation's public page"). Nothing else about it
//! (members, business scope) is public.

use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::accounts::{store::AccountStore, Accounts};
use crate::ORG_NOT_EXISTS;

/// The first id of a real organisation: 0 is the platform, 1 the blocked placeholder.
pub(crate) const FIRST_ORG_ID: i64 = 2;

/// What anyone may know of an organisation.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicOrgView {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrgIdQuery {
    pub id: i64,
}

/// An enabled organisation's name; no sign-in needed. The platform, the blocked placeholder, a
/// disabled or an unknown organisation answer 1002025000.
#[utoipa::path(
    get,
    path = "/to/api/base/system/org/get",
    tag = "org",
    params(OrgIdQuery),
    responses((status = 200, description = "{id, name}; not found or disabled → 1002025000", body = ApiResponse<PublicOrgView>))
)]
pub async fn get_public_org(
    accounts: web::Data<Accounts>,
    query: web::Query<OrgIdQuery>,
) -> ApiResult<ApiResponse<PublicOrgView>> {
    if query.id < FIRST_ORG_ID {
        return Err(ApiError::new(ORG_NOT_EXISTS));
    }
    match accounts.store.find_org(query.id).await? {
        Some(org) if org.enabled => Ok(ApiResponse::ok(PublicOrgView {
            id: org.id,
            name: org.name,
        })),
        _ => Err(ApiError::new(ORG_NOT_EXISTS)),
    }
}
