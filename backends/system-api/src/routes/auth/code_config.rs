use actix_web::web;
use kernel::{ApiResponse, ApiResult};
use serde::Serialize;
use utoipa::ToSchema;

use crate::accounts::Accounts;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeConfig {
    /// Seconds between two sends to one mobile or e-mail (`accounts.codes.resend_seconds`);
    /// the code button counts down from it after a send.
    pub resend_seconds: u64,
    /// Minutes a code stays valid (`accounts.codes.valid_minutes`).
    pub valid_minutes: u64,
}

/// The verification-code rules the client shows, read from the server's configuration so the
/// countdown cannot disagree with the limit the server enforces.
#[utoipa::path(
    get,
    path = "/to/api/base/system/auth/code-config",
    tag = "auth",
    responses((status = 200, description = "验证码发送规则", body = ApiResponse<CodeConfig>))
)]
pub async fn code_config(accounts: web::Data<Accounts>) -> ApiResult<ApiResponse<CodeConfig>> {
    let codes = &accounts.settings.codes;
    Ok(ApiResponse::ok(CodeConfig {
        resend_seconds: codes.resend_seconds,
        valid_minutes: codes.valid_minutes,
    }))
}
