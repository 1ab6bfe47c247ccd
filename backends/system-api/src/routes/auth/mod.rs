pub mod check_token;
pub mod code_config;
pub mod get_extend_user_info;
pub mod get_permission_info;
pub mod login;
pub mod logout;
pub mod refresh_token;
pub mod revoke_other_sessions;
pub mod send_sms_code;
pub mod sms_login;
pub mod social_config;
pub mod social_login;
pub mod wx_binding;

use serde::Deserialize;
use utoipa::IntoParams;

use kernel::{ApiError, ApiResult};

/// `?appType=1|2` (1 platform side, 2 organisation side).
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AppTypeQuery {
    /// 1 platform side, 2 organisation side.
    pub app_type: Option<i64>,
}

impl AppTypeQuery {
    pub fn check(&self) -> ApiResult<i64> {
        match self.app_type {
            Some(value @ (1 | 2)) => Ok(value),
            Some(_) => Err(ApiError::bad_request("appType 不正确")),
            None => Err(ApiError::missing_parameter("appType")),
        }
    }
}
