use actix_web::web;
use auth::AuthUser;
use kernel::{error::global, ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::{
    accounts::{
        model::{LoginPassword, Password},
        refused,
        store::AccountStore,
        Accounts,
    },
    USER_PASSWORD_FAILED,
};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    pub old_password: Option<String>,
    pub new_password: Option<String>,
}

/// Personal centre: a new password (the spec's rules) after the old one; every other session
/// of the user ends, this one stays. Wrong old password → 1002003004.
#[utoipa::path(
    put,
    path = "/to/api/base/system/user/profile/password",
    tag = "user",
    request_body = ChangePasswordRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "已修改", body = ApiResponse<bool>))
)]
#[tracing::instrument(skip_all)]
pub async fn change_password(
    accounts: web::Data<Accounts>,
    user: AuthUser,
    payload: web::Json<ChangePasswordRequest>,
) -> ApiResult<ApiResponse<bool>> {
    let payload = payload.into_inner();
    let old = LoginPassword::parse(payload.old_password.as_deref())?;
    let new = Password::parse(payload.new_password.as_deref())?;
    let record = accounts
        .store
        .find_user(user.user_id())
        .await?
        .ok_or_else(|| ApiError::new(global::UNAUTHORIZED))?;
    if !accounts
        .passwords
        .verify(old.expose(), &record.password_hash)
        .await?
    {
        return Err(ApiError::new(USER_PASSWORD_FAILED));
    }
    let hash = accounts.passwords.hash(new.expose()).await?;
    let revoked = accounts
        .store
        .change_password(record.id, &hash, None, Some(&user.token_digest))
        .await?
        .map_err(refused)?;
    accounts.forget(&revoked).await?;
    Ok(ApiResponse::ok(true))
}
