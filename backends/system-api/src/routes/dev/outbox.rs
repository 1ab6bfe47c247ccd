use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::accounts::{
    model::{Contact, Email, Mobile},
    store::{AccountStore, OutboxMessage},
    Accounts,
};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OutboxQuery {
    /// A mobile or an e-mail.
    pub to: Option<String>,
}

/// Development mode only (404 otherwise): the codes the outbox sender "sent" to a mobile or
/// e-mail, newest first, and the e-mail notices (an invitation: `code` empty).
#[utoipa::path(
    get,
    path = "/to/api/dev/outbox",
    tag = "dev",
    params(OutboxQuery),
    responses((status = 200, description = "开发发件箱", body = ApiResponse<Vec<OutboxMessage>>))
)]
pub async fn outbox(
    accounts: web::Data<Accounts>,
    query: web::Query<OutboxQuery>,
) -> ApiResult<ApiResponse<Vec<OutboxMessage>>> {
    let to = query
        .into_inner()
        .to
        .filter(|to| !to.trim().is_empty())
        .ok_or_else(|| ApiError::missing_parameter("to"))?;
    let to = if to.contains('@') {
        Contact::Email(Email::parse(&to)?)
    } else {
        Contact::Mobile(Mobile::parse(&to)?)
    };
    Ok(ApiResponse::ok(
        accounts.store.list_outbox(to.as_str()).await?,
    ))
}
