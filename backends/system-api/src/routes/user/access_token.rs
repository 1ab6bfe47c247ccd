//! Personal access tokens of the signed-in user (personal centre): list, create (the secret is
//! answered once), revoke. docs/accounts.md "Personal access tokens".

use actix_web::web;
use auth::{token, AuthUser};
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::profile::{PROFILE_QUERY, PROFILE_UPDATE};
use crate::{
    accounts::{
        personal_tokens::{
            parse_lifetime, parse_name, NewPersonalToken, PersonalTokenRecord, PersonalTokenStore,
        },
        store::now,
        Accounts,
    },
    PERSONAL_TOKEN_LIMIT_EXCEEDED, PERSONAL_TOKEN_NOT_EXISTS,
};

/// A token as its owner sees it in the list (never the secret).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccessTokenView {
    pub id: i64,
    pub name: String,
    /// The first characters of the secret (`pat_ab12`), to recognise it.
    pub prefix: String,
    /// Epoch milliseconds.
    pub create_time: i64,
    /// Epoch milliseconds; null: not used yet (exact to about a minute).
    pub last_used_time: Option<i64>,
    /// Epoch milliseconds; null: never expires.
    pub expires_time: Option<i64>,
    /// False once expired.
    pub live: bool,
}

impl From<PersonalTokenRecord> for AccessTokenView {
    fn from(record: PersonalTokenRecord) -> Self {
        Self {
            live: record.is_live(now()),
            id: record.id,
            name: record.name,
            prefix: record.prefix,
            create_time: record.created_at.timestamp_millis(),
            last_used_time: record.last_used_at.map(|time| time.timestamp_millis()),
            expires_time: record.expires_at.map(|time| time.timestamp_millis()),
        }
    }
}

/// A new token: the list entry plus the secret, answered only here.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedAccessToken {
    #[serde(flatten)]
    pub token: AccessTokenView,
    /// `pat_` + 64 hex characters: shown once, stored only as a digest.
    pub secret: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateAccessTokenRequest {
    /// 1–32 characters, e.g. the computer running KiCad.
    pub name: Option<String>,
    /// 30, 90 or 365; absent or null: never expires.
    pub expires_in_days: Option<i64>,
}

/// The signed-in user's personal access tokens, newest first.
#[utoipa::path(
    get,
    path = "/to/api/base/system/user/access-tokens",
    tag = "user",
    security(("bearer" = [])),
    responses((status = 200, description = "我的访问令牌", body = ApiResponse<Vec<AccessTokenView>>))
)]
pub async fn list_access_tokens(
    accounts: web::Data<Accounts>,
    user: AuthUser,
) -> ApiResult<ApiResponse<Vec<AccessTokenView>>> {
    user.require_permission(PROFILE_QUERY)?;
    let records = accounts.personal_tokens.tokens_of(user.user_id()).await?;
    Ok(ApiResponse::ok(
        records.into_iter().map(AccessTokenView::from).collect(),
    ))
}

/// Creates a token; the answer carries the secret, which is never shown again.
#[utoipa::path(
    post,
    path = "/to/api/base/system/user/access-tokens",
    tag = "user",
    request_body = CreateAccessTokenRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "新令牌（secret 仅此一次）", body = ApiResponse<CreatedAccessToken>))
)]
pub async fn create_access_token(
    accounts: web::Data<Accounts>,
    user: AuthUser,
    payload: web::Json<CreateAccessTokenRequest>,
) -> ApiResult<ApiResponse<CreatedAccessToken>> {
    user.require_permission(PROFILE_UPDATE)?;
    let name = parse_name(payload.name.as_deref())?;
    let lifetime = parse_lifetime(payload.expires_in_days)?;
    let secret = token::new_personal_token()?;
    let new_token = NewPersonalToken {
        user_id: user.user_id(),
        name,
        digest: token::digest(&secret),
        prefix: secret[..token::PERSONAL_DISPLAY_LEN].to_owned(),
        lifetime,
    };
    let record = accounts
        .personal_tokens
        .insert_token(&new_token)
        .await?
        .ok_or_else(|| ApiError::new(PERSONAL_TOKEN_LIMIT_EXCEEDED))?;
    Ok(ApiResponse::ok(CreatedAccessToken {
        token: record.into(),
        secret,
    }))
}

/// Revokes one of the user's tokens: it stops working at once in this process and within
/// `accounts.token_local_cache_ms` in others.
#[utoipa::path(
    delete,
    path = "/to/api/base/system/user/access-tokens/{id}",
    tag = "user",
    params(("id" = i64, Path, description = "令牌编号")),
    security(("bearer" = [])),
    responses((status = 200, description = "已撤销", body = ApiResponse<bool>))
)]
pub async fn revoke_access_token(
    accounts: web::Data<Accounts>,
    user: AuthUser,
    id: web::Path<i64>,
) -> ApiResult<ApiResponse<bool>> {
    user.require_permission(PROFILE_UPDATE)?;
    let digest = accounts
        .personal_tokens
        .delete_token(user.user_id(), id.into_inner())
        .await?
        .ok_or_else(|| ApiError::new(PERSONAL_TOKEN_NOT_EXISTS))?;
    accounts.forget(&[digest]).await?;
    Ok(ApiResponse::ok(true))
}
