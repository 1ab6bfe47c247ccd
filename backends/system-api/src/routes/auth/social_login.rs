use actix_web::web;
use kernel::{error::global, ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use super::social_config::parse_social_type;
use crate::{
    accounts::{
        model::parse_user_type,
        refused,
        store::{AccountStore, SocialProfile, SocialUserRecord},
        Accounts, LoginAnswer,
    },
    AUTH_LOGIN_USER_DISABLED, SOCIAL_USER_AUTH_FAILURE, SOCIAL_USER_NOT_REGISTERED,
};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SocialLoginRequest {
    /// 32 = WeChat.
    #[serde(rename = "type")]
    pub social_type: Option<i64>,
    /// WeChat's authorisation code from the QR redirect.
    pub code: Option<String>,
    /// The state social-config issued.
    pub state: Option<String>,
    pub user_type: Option<i64>,
}

pub fn social_failure(reason: impl std::fmt::Display) -> ApiError {
    ApiError::with_message(
        SOCIAL_USER_AUTH_FAILURE,
        format!("社交授权失败，原因是：{reason}"),
    )
}

pub fn required_code(code: Option<String>) -> ApiResult<String> {
    let code = code
        .map(|code| code.trim().to_owned())
        .filter(|code| !code.is_empty())
        .ok_or_else(|| ApiError::missing_parameter("code"))?;
    if code.len() > 256 || !code.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(ApiError::bad_request("code 格式不正确"));
    }
    Ok(code)
}

impl Accounts {
    /// The WeChat account of an authorisation code, recorded (or refreshed) in `social_user`.
    pub async fn social_user_of_code(
        &self,
        social_type: i32,
        code: &str,
    ) -> ApiResult<SocialUserRecord> {
        if !self.wechat.is_configured() {
            return Err(ApiError::new(global::NOT_IMPLEMENTED));
        }
        let user = self
            .wechat
            .user_of_code(code)
            .await?
            .map_err(social_failure)?;
        Ok(self
            .store
            .upsert_social_user(&SocialProfile {
                social_type,
                open_id: user.open_id,
                union_id: user.union_id,
                nickname: user.nickname,
                avatar: user.avatar,
                code: code.to_owned(),
            })
            .await?)
    }
}

/// WeChat QR login: the state must be one social-config issued (used once); the code is
/// exchanged at WeChat; a bound account logs in, an unknown one answers 199999 with
/// `data.openId` (the client then registers at /wechatregister with that openId).
#[utoipa::path(
    post,
    path = "/to/api/base/system/auth/social-login",
    tag = "auth",
    request_body = SocialLoginRequest,
    responses((status = 200, description = "登录成功：令牌；199999 未注册（data.openId）", body = ApiResponse<LoginAnswer>))
)]
#[tracing::instrument(skip_all)]
pub async fn social_login(
    accounts: web::Data<Accounts>,
    payload: web::Json<SocialLoginRequest>,
) -> ApiResult<ApiResponse<LoginAnswer>> {
    let payload = payload.into_inner();
    let social_type = parse_social_type(payload.social_type)?;
    let code = required_code(payload.code)?;
    let state = payload
        .state
        .map(|state| state.trim().to_owned())
        .filter(|state| !state.is_empty())
        .ok_or_else(|| ApiError::missing_parameter("state"))?;
    parse_user_type(payload.user_type, &[1, 2])?;
    let state_key = format!("wechat:state:{state}");
    if !auth::token::is_well_formed(&state) || !accounts.cache.delete(&state_key).await? {
        return Err(social_failure("state 无效或已过期"));
    }
    let social = accounts.social_user_of_code(social_type, &code).await?;
    let Some(user_id) = social.user_id else {
        return Err(
            ApiError::new(SOCIAL_USER_NOT_REGISTERED).with_data(json!({"openId": social.open_id}))
        );
    };
    let user = accounts.store.find_user(user_id).await?.ok_or_else(|| {
        ApiError::new(SOCIAL_USER_NOT_REGISTERED).with_data(json!({"openId": social.open_id}))
    })?;
    if !user.is_enabled() {
        return Err(ApiError::new(AUTH_LOGIN_USER_DISABLED));
    }
    let answer = accounts.open_session(&user, None).await?.map_err(refused)?;
    Ok(ApiResponse::ok(answer))
}
