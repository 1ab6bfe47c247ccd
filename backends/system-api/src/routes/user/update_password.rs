use actix_web::{web, HttpRequest};
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::{
    accounts::{
        client_ip,
        codes::SCENE_RESET,
        model::{Contact, Password, VerificationCode},
        refused,
        store::AccountStore,
        Accounts,
    },
    routes::auth::login::LoginGuard,
    AUTH_MOBILE_NOT_EXISTS, USER_NOT_EXISTS,
};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdatePasswordRequest {
    /// One of `email` and `mobile`.
    pub email: Option<String>,
    pub mobile: Option<String>,
    pub code: Option<String>,
    pub password: Option<String>,
    /// Checked against `password` when sent.
    pub confirm_pwd: Option<String>,
}

/// Forgot password: a code of scene 2 sets a new password, ends every session of the user
/// and lifts a login lock. Unknown mobile → 1002000007, unknown e-mail → 1002003003.
#[utoipa::path(
    put,
    path = "/to/api/base/system/user/update-password",
    tag = "user",
    request_body = UpdatePasswordRequest,
    responses((status = 200, description = "已修改", body = ApiResponse<bool>))
)]
#[tracing::instrument(skip_all)]
pub async fn update_password(
    accounts: web::Data<Accounts>,
    req: HttpRequest,
    payload: web::Json<UpdatePasswordRequest>,
) -> ApiResult<ApiResponse<bool>> {
    let payload = payload.into_inner();
    let contact = Contact::parse(payload.email.as_deref(), payload.mobile.as_deref())?;
    let code = VerificationCode::parse(payload.code.as_deref())?;
    let password = match payload.confirm_pwd.as_deref() {
        Some(confirm) => Password::parse_confirmed(payload.password.as_deref(), Some(confirm))?,
        None => Password::parse(payload.password.as_deref())?,
    };
    accounts.throttle_probe(&client_ip(&req)).await?;
    let user = match &contact {
        Contact::Email(email) => accounts
            .store
            .find_user_by_email(email.as_str())
            .await?
            .ok_or_else(|| ApiError::new(USER_NOT_EXISTS))?,
        Contact::Mobile(mobile) => accounts
            .store
            .find_user_by_mobile(mobile.as_str())
            .await?
            .ok_or_else(|| ApiError::new(AUTH_MOBILE_NOT_EXISTS))?,
    };
    let ip = client_ip(&req);
    let code_use = accounts
        .check_code(contact.as_str(), SCENE_RESET, code.as_str(), &ip)
        .await?;
    let hash = accounts.passwords.hash(password.expose()).await?;
    let revoked = accounts
        .store
        .change_password(user.id, &hash, Some(&code_use), None)
        .await?
        .map_err(refused)?;
    accounts.forget(&revoked).await?;
    for account in [user.email.as_deref(), user.mobile.as_deref()]
        .into_iter()
        .flatten()
    {
        LoginGuard::new(&accounts, &ip, account).unlock().await?;
    }
    tracing::info!(
        user_id = user.id,
        sessions_ended = revoked.len(),
        "password reset"
    );
    Ok(ApiResponse::ok(true))
}
