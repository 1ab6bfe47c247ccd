use actix_web::{web, HttpRequest};
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::{
    accounts::{
        client_ip,
        codes::SCENE_REGISTER,
        model::{Contact, DisplayName, Password, VerificationCode},
        refused,
        store::{AccountStore, NewUser, SocialBinding},
        Accounts, LoginAnswer,
    },
    USER_EMAIL_EXISTS, USER_MOBILE_EXISTS, USER_REGISTER_DISABLED,
};

/// WeChat Open Platform (spec: social type 32).
pub const SOCIAL_TYPE_WECHAT: i32 = 32;
const ORIGIN_MAX: usize = 64;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterRequest {
    /// The nickname if given, else the e-mail or mobile (the client fills it).
    pub username: Option<String>,
    pub nickname: Option<String>,
    /// One of `email` and `mobile` (the other blank).
    pub email: Option<String>,
    pub mobile: Option<String>,
    pub code: Option<String>,
    pub password: Option<String>,
    pub confirm_pwd: Option<String>,
    /// Where the visitor came from (from cookie or plug-in channel).
    pub origin: Option<String>,
    /// From social-login's 199999 answer: binds that WeChat account to the new user.
    pub open_id: Option<String>,
}

/// Registers with an e-mail or mobile code (scene 4) and logs in. Taken mobile or e-mail →
/// 1002003001/1002003002 (a taken username does not refuse: see [`free_username`]); the code is checked not found → expired →
/// used. User, role, binding, used code and session are written in one transaction.
#[utoipa::path(
    post,
    path = "/to/api/base/system/user/register",
    tag = "user",
    request_body = RegisterRequest,
    responses((status = 200, description = "注册成功并登录：令牌", body = ApiResponse<LoginAnswer>))
)]
#[tracing::instrument(skip_all)]
pub async fn register(
    accounts: web::Data<Accounts>,
    req: HttpRequest,
    payload: web::Json<RegisterRequest>,
) -> ApiResult<ApiResponse<LoginAnswer>> {
    if !accounts.settings.register_enabled {
        return Err(ApiError::new(USER_REGISTER_DISABLED));
    }
    let payload = payload.into_inner();
    let contact = Contact::parse(payload.email.as_deref(), payload.mobile.as_deref())?;
    let nickname = DisplayName::parse_optional(payload.nickname.as_deref(), "昵称")?;
    let username = match DisplayName::parse_optional(payload.username.as_deref(), "用户名")? {
        Some(username) => username,
        None => match &nickname {
            Some(nickname) => nickname.clone(),
            None => DisplayName::parse(contact.as_str(), "用户名")?,
        },
    };
    let code = VerificationCode::parse(payload.code.as_deref())?;
    let password =
        Password::parse_confirmed(payload.password.as_deref(), payload.confirm_pwd.as_deref())?;
    let origin = payload.origin.unwrap_or_default().trim().to_owned();
    if origin.chars().count() > ORIGIN_MAX {
        return Err(ApiError::bad_request("origin 长度不能超过64个字符"));
    }
    let social = payload
        .open_id
        .map(|open_id| open_id.trim().to_owned())
        .filter(|open_id| !open_id.is_empty())
        .map(|open_id| SocialBinding {
            social_type: SOCIAL_TYPE_WECHAT,
            open_id,
        });

    let store = &accounts.store;
    let username = free_username(store, username).await?;
    let (email, mobile) = match &contact {
        Contact::Email(email) => {
            if store.find_user_by_email(email.as_str()).await?.is_some() {
                return Err(ApiError::new(USER_EMAIL_EXISTS));
            }
            (Some(email.as_str().to_owned()), None)
        }
        Contact::Mobile(mobile) => {
            if store.find_user_by_mobile(mobile.as_str()).await?.is_some() {
                return Err(ApiError::new(USER_MOBILE_EXISTS));
            }
            (None, Some(mobile.as_str().to_owned()))
        }
    };
    let code_use = accounts
        .check_code(
            contact.as_str(),
            SCENE_REGISTER,
            code.as_str(),
            &client_ip(&req),
        )
        .await?;
    let user = NewUser {
        nickname: nickname.unwrap_or_else(|| username.clone()).into_string(),
        username: username.into_string(),
        email,
        mobile,
        password_hash: accounts.passwords.hash(password.expose()).await?,
        org_id: 0,
        origin,
        role_code: "member",
    };
    let (tokens, session) = accounts.new_session()?;
    let user_id = store
        .create_user(&user, Some(&code_use), social.as_ref(), Some(&session))
        .await?
        .map_err(refused)?;
    let answer = accounts.session_opened(user_id, tokens, &session).await?;
    tracing::info!(user_id, "registered");
    Ok(ApiResponse::ok(answer))
}

/// The client sends the nickname as the username (spec §3), and people share nicknames: a taken
/// username gets a random numeric suffix (`张工_4821`) instead of refusing the registration.
/// Users sign in by e-mail or mobile, so the username is a handle, not a credential.
async fn free_username(store: &impl AccountStore, wanted: DisplayName) -> ApiResult<DisplayName> {
    if store
        .find_user_by_username(wanted.as_str())
        .await?
        .is_none()
    {
        return Ok(wanted);
    }
    for digits in [4, 4, 4, 6, 6, 8] {
        let bound = 10_u32.pow(digits);
        let suffix = format!(
            "{:0width$}",
            auth::token::random_below(bound)?,
            width = digits as usize
        );
        let candidate = wanted.with_suffix(&suffix);
        if store
            .find_user_by_username(candidate.as_str())
            .await?
            .is_none()
        {
            return Ok(candidate);
        }
    }
    Err(ApiError::new(crate::USER_USERNAME_EXISTS))
}
