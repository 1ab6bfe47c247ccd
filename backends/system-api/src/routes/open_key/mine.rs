//! The signed-in account's API keys — its organisation's when it has one: list (with the last
//! days' usage), create (the secret is answered once), revoke.

use actix_web::web;
use auth::{token, AuthUser};
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::OpenKeyView;
use crate::{
    accounts::{store::AccountStore, Accounts},
    open_platform::{
        keys::{KeyOwner, NewOpenKey, OpenKeyStore},
        parse_name, parse_scopes, OpenPlatform, KEY_MANAGE, USAGE_DAYS,
    },
    OPEN_KEY_LIMIT_EXCEEDED, OPEN_KEY_NOT_EXISTS, OPEN_PLATFORM_BLOCKED,
};

/// A new key: the list entry plus the secret, answered only here.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedOpenKey {
    #[serde(flatten)]
    pub key: OpenKeyView,
    /// `opk_` + 64 hex characters: shown once, stored only as a digest.
    pub secret: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateOpenKeyRequest {
    /// 1–32 characters, e.g. the program that will use it.
    pub name: Option<String>,
    /// At least one of `part`, `component`, `mat`.
    pub scopes: Option<Vec<String>>,
}

/// The caller's key owner, after the permission and the spec's block (organisation 1, or a
/// disabled organisation: `暂无权限，请联系管理员`).
async fn owner_of(accounts: &Accounts, user: &AuthUser) -> ApiResult<KeyOwner> {
    user.require_permission(KEY_MANAGE)?;
    let org_id = user.principal.org_id;
    let enabled = match accounts.store.find_org(org_id).await? {
        Some(org) => org.enabled,
        None => org_id == 0,
    };
    if org_id == 1 || !enabled {
        return Err(ApiError::new(OPEN_PLATFORM_BLOCKED));
    }
    Ok(KeyOwner::of(user.user_id(), org_id))
}

/// The caller's (organisation's) API keys, newest first, revoked ones included, each with its
/// requests on the last 7 UTC days.
#[utoipa::path(
    get,
    path = "/to/api/base/system/open/api-keys",
    tag = "open-platform",
    security(("bearer" = [])),
    responses((status = 200, description = "我的 API 密钥", body = ApiResponse<Vec<OpenKeyView>>))
)]
pub async fn list_open_keys(
    accounts: web::Data<Accounts>,
    open: web::Data<OpenPlatform>,
    user: AuthUser,
) -> ApiResult<ApiResponse<Vec<OpenKeyView>>> {
    let owner = owner_of(&accounts, &user).await?;
    let mut views = Vec::new();
    for record in open.keys.keys_of(owner).await? {
        let usage = open.usage_of(record.id, USAGE_DAYS).await?;
        views.push(OpenKeyView::new(record, usage));
    }
    Ok(ApiResponse::ok(views))
}

/// Creates a key with the configured limits; the answer carries the secret, never shown again.
#[utoipa::path(
    post,
    path = "/to/api/base/system/open/api-keys",
    tag = "open-platform",
    request_body = CreateOpenKeyRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "新密钥（secret 仅此一次）", body = ApiResponse<CreatedOpenKey>))
)]
pub async fn create_open_key(
    accounts: web::Data<Accounts>,
    open: web::Data<OpenPlatform>,
    user: AuthUser,
    payload: web::Json<CreateOpenKeyRequest>,
) -> ApiResult<ApiResponse<CreatedOpenKey>> {
    let owner = owner_of(&accounts, &user).await?;
    let name = parse_name(payload.name.as_deref())?;
    let scopes = parse_scopes(payload.scopes.as_deref())?;
    let secret = token::new_open_key()?;
    let new_key = NewOpenKey {
        owner,
        user_id: user.user_id(),
        org_id: user.principal.org_id,
        name,
        digest: token::digest(&secret),
        prefix: secret[..token::OPEN_KEY_DISPLAY_LEN].to_owned(),
        scopes,
        requests_per_minute: open.settings.requests_per_minute,
        requests_per_day: open.settings.requests_per_day,
    };
    let record = open
        .keys
        .insert_key(&new_key, open.settings.keys_per_owner)
        .await?
        .ok_or_else(|| {
            ApiError::with_detail(
                OPEN_KEY_LIMIT_EXCEEDED,
                format!("最多{}个", open.settings.keys_per_owner),
            )
        })?;
    let usage = open.usage_of(record.id, USAGE_DAYS).await?;
    Ok(ApiResponse::ok(CreatedOpenKey {
        key: OpenKeyView::new(record, usage),
        secret,
    }))
}

/// Revokes one of the caller's (organisation's) keys: it stops working at once in this process
/// and within `accounts.token_local_cache_ms` in others. It stays listed, revoked.
#[utoipa::path(
    delete,
    path = "/to/api/base/system/open/api-keys/{id}",
    tag = "open-platform",
    params(("id" = i64, Path, description = "密钥编号")),
    security(("bearer" = [])),
    responses((status = 200, description = "已撤销", body = ApiResponse<bool>))
)]
pub async fn revoke_open_key(
    accounts: web::Data<Accounts>,
    open: web::Data<OpenPlatform>,
    user: AuthUser,
    id: web::Path<i64>,
) -> ApiResult<ApiResponse<bool>> {
    let owner = owner_of(&accounts, &user).await?;
    let digest = open
        .keys
        .revoke_key(owner, id.into_inner())
        .await?
        .ok_or_else(|| ApiError::new(OPEN_KEY_NOT_EXISTS))?;
    accounts.forget(&[digest]).await?;
    Ok(ApiResponse::ok(true))
}
