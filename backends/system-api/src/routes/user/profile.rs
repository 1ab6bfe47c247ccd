use actix_web::web;
use auth::AuthUser;
use kernel::{error::global, ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::accounts::{
    model::DisplayName,
    profile::UserInfo,
    store::{AccountStore, ProfileUpdate},
    Accounts,
};

pub const PROFILE_QUERY: &str = "portal:profile:query";
pub const PROFILE_UPDATE: &str = "portal:profile:update";
const ORG_NAME_MAX: usize = 100;
const AVATAR_MAX: usize = 2048;

/// The signed-in user (the `user` of get-permission-info).
#[utoipa::path(
    get,
    path = "/to/api/base/system/user/profile",
    tag = "user",
    security(("bearer" = [])),
    responses((status = 200, description = "个人信息", body = ApiResponse<UserInfo>))
)]
pub async fn get_profile(
    accounts: web::Data<Accounts>,
    user: AuthUser,
) -> ApiResult<ApiResponse<UserInfo>> {
    user.require_permission(PROFILE_QUERY)?;
    let record = accounts
        .store
        .find_user(user.user_id())
        .await?
        .ok_or_else(|| ApiError::new(global::UNAUTHORIZED))?;
    Ok(ApiResponse::ok(accounts.user_info(&record).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateProfileRequest {
    /// 1–64 characters.
    pub nickname: Option<String>,
    /// The company of a platform user; up to 100 characters (empty clears it).
    pub org_name: Option<String>,
    /// An http(s) URL or a site path (`/…`), up to 2048 characters (empty clears it).
    pub avatar: Option<String>,
}

fn parse_avatar(raw: &str) -> ApiResult<String> {
    let value = raw.trim();
    let valid = value.is_empty()
        || ((value.starts_with("https://")
            || value.starts_with("http://")
            || value.starts_with('/'))
            && value.len() <= AVATAR_MAX
            && !value.chars().any(char::is_whitespace));
    if valid {
        Ok(value.to_owned())
    } else {
        Err(ApiError::bad_request("头像地址格式不正确"))
    }
}

/// Changes the nickname, company or avatar; absent fields stay as they are.
#[utoipa::path(
    put,
    path = "/to/api/base/system/user/profile",
    tag = "user",
    request_body = UpdateProfileRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "已保存", body = ApiResponse<bool>))
)]
pub async fn update_profile(
    accounts: web::Data<Accounts>,
    user: AuthUser,
    payload: web::Json<UpdateProfileRequest>,
) -> ApiResult<ApiResponse<bool>> {
    user.require_permission(PROFILE_UPDATE)?;
    let payload = payload.into_inner();
    let update = ProfileUpdate {
        nickname: payload
            .nickname
            .map(|nickname| DisplayName::parse(&nickname, "昵称").map(DisplayName::into_string))
            .transpose()?,
        org_name: payload
            .org_name
            .map(|name| {
                let name = name.trim().to_owned();
                if name.chars().count() > ORG_NAME_MAX || name.chars().any(char::is_control) {
                    Err(ApiError::bad_request("组织名称长度不能超过100个字符"))
                } else {
                    Ok(name)
                }
            })
            .transpose()?,
        avatar: payload.avatar.as_deref().map(parse_avatar).transpose()?,
    };
    accounts
        .store
        .update_profile(user.user_id(), &update)
        .await?;
    Ok(ApiResponse::ok(true))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn avatars_are_urls_or_site_paths() {
        assert!(parse_avatar("https://cdn.example/a.png").is_ok());
        assert!(parse_avatar("/to/api/base/file/content/get/1").is_ok());
        assert!(parse_avatar("").is_ok());
        assert!(parse_avatar("javascript:alert(1)").is_err());
        assert!(parse_avatar("https://a b").is_err());
        assert!(parse_avatar(&format!("https://{}", "a".repeat(2048))).is_err());
    }
}
