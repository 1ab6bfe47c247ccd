use std::sync::Arc;

use actix_web::{dev::Payload, http::header, web, FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;
use kernel::{
    error::{global, StatusCode},
    ApiError, ApiResult,
};

use crate::{token, Authenticator, Principal};

/// The header carrying the organisation (tenant) the client works in (spec §6).
pub const TENANT_HEADER: &str = "tenant-id";
/// 403 message when the header names another organisation than the user's.
pub const TENANT_FORBIDDEN: &str = "您无权访问该租户的数据";

/// The token of `Authorization: <scheme> <token>` when the scheme is one of `schemes`.
fn authorization_token<'a>(req: &'a HttpRequest, schemes: &[&str]) -> Option<&'a str> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    schemes
        .iter()
        .any(|accepted| scheme.eq_ignore_ascii_case(accepted))
        .then(|| token.trim())
        .filter(|token| !token.is_empty())
}

/// The token of `Authorization: Bearer <token>`, if any.
pub fn bearer_token(req: &HttpRequest) -> Option<&str> {
    authorization_token(req, &["bearer"])
}

/// The token of `Authorization: Token <token>` (what KiCad sends) or `Bearer <token>`.
pub fn token_or_bearer(req: &HttpRequest) -> Option<&str> {
    authorization_token(req, &["token", "bearer"])
}

/// A signed-in user; a route taking it answers 401 `账号未登录` without a live token.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub principal: Arc<Principal>,
    /// Digest of the access token the request carried (for logout and "other sessions").
    pub token_digest: String,
}

impl AuthUser {
    pub fn user_id(&self) -> i64 {
        self.principal.user_id
    }

    /// The permission guard: 403 `没有该操作权限` unless the user holds `permission` or `*:*:*`.
    pub fn require_permission(&self, permission: &str) -> ApiResult<()> {
        if self.principal.has_permission(permission) {
            Ok(())
        } else {
            Err(ApiError::new(global::FORBIDDEN))
        }
    }
}

/// A signed-in user if the request carries a live token; anonymous otherwise.
#[derive(Debug, Clone)]
pub struct MaybeAuthUser(pub Option<AuthUser>);

/// A `tenant-id` header that is not a number counts as absent (as upstream does).
fn check_tenant(req: &HttpRequest, principal: &Principal) -> ApiResult<()> {
    let tenant = req
        .headers()
        .get(TENANT_HEADER)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.trim().parse::<i64>().ok());
    match tenant {
        Some(tenant) if tenant != principal.org_id => {
            Err(ApiError::with_message(global::FORBIDDEN, TENANT_FORBIDDEN))
        }
        _ => Ok(()),
    }
}

/// The session behind the bearer token. Personal access tokens do not count here: they are
/// only for the routes taking [`TokenUser`], so that a token pasted into a design tool cannot
/// change the account; API keys only for the open platform's routes (`crate::open`).
async fn authenticate(req: &HttpRequest) -> ApiResult<Option<AuthUser>> {
    match bearer_token(req) {
        Some(token) if !token::is_personal(token) && !token::is_open_key(token) => {
            authenticate_token(req, token).await
        }
        _ => Ok(None),
    }
}

/// The principal of any live token we issue — session, personal access token or open-platform
/// API key — sent as `Token` or `Bearer` (`None`: no or no live token). The token check
/// (introspection) answers with it, so that a service deployed apart resolves all three.
pub async fn authenticate_any_token(req: &HttpRequest) -> ApiResult<Option<AuthUser>> {
    match token_or_bearer(req) {
        Some(token) => authenticate_token(req, token).await,
        None => Ok(None),
    }
}

/// A session or personal access token (the machine APIs' [`TokenUser`]); never an API key,
/// which reads the public libraries only.
async fn authenticate_machine_token(req: &HttpRequest) -> ApiResult<Option<AuthUser>> {
    match token_or_bearer(req) {
        Some(token) if !token::is_open_key(token) => authenticate_token(req, token).await,
        _ => Ok(None),
    }
}

async fn authenticate_token(req: &HttpRequest, token: &str) -> ApiResult<Option<AuthUser>> {
    let authenticator = req
        .app_data::<web::Data<Authenticator>>()
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("no Authenticator in app_data")))?;
    let Some(principal) = authenticator.authenticate(token).await? else {
        return Ok(None);
    };
    check_tenant(req, &principal)?;
    Ok(Some(AuthUser {
        principal,
        token_digest: token::digest(token),
    }))
}

/// The user of a machine API (the KiCad HTTP library): `Authorization: Token <token>` or
/// `Bearer <token>` with a personal access token or a session token. Without a live token
/// the answer is HTTP 401 (with the envelope), because such clients show the HTTP status.
#[derive(Debug, Clone)]
pub struct TokenUser(pub AuthUser);

/// Message of the HTTP 401 a [`TokenUser`] route answers without a live token.
pub const TOKEN_REQUIRED: &str =
    "账号未登录:请在个人中心创建访问令牌 / a valid personal access token is required";

impl FromRequest for TokenUser {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            authenticate_machine_token(&req)
                .await?
                .map(TokenUser)
                .ok_or_else(|| {
                    ApiError::with_message(global::UNAUTHORIZED, TOKEN_REQUIRED)
                        .with_status(StatusCode::UNAUTHORIZED)
                })
        })
    }
}

impl FromRequest for AuthUser {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            authenticate(&req)
                .await?
                .ok_or_else(|| ApiError::new(global::UNAUTHORIZED))
        })
    }
}

impl FromRequest for MaybeAuthUser {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { authenticate(&req).await.map(MaybeAuthUser) })
    }
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn reads_bearer_tokens_only() {
        let req = TestRequest::default()
            .insert_header((header::AUTHORIZATION, "Bearer abc"))
            .to_http_request();
        assert_eq!(bearer_token(&req), Some("abc"));
        let req = TestRequest::default()
            .insert_header((header::AUTHORIZATION, "bearer  abc "))
            .to_http_request();
        assert_eq!(bearer_token(&req), Some("abc"));
        let req = TestRequest::default()
            .insert_header((header::AUTHORIZATION, "Basic abc"))
            .to_http_request();
        assert_eq!(bearer_token(&req), None);
        assert_eq!(
            bearer_token(&TestRequest::default().to_http_request()),
            None
        );
    }

    #[test]
    fn machine_clients_may_send_token_or_bearer() {
        let with = |value: &str| {
            TestRequest::default()
                .insert_header((header::AUTHORIZATION, value))
                .to_http_request()
        };
        assert_eq!(token_or_bearer(&with("Token pat_x")), Some("pat_x"));
        assert_eq!(token_or_bearer(&with("token  abc ")), Some("abc"));
        assert_eq!(token_or_bearer(&with("Bearer abc")), Some("abc"));
        assert_eq!(token_or_bearer(&with("Token ")), None);
        assert_eq!(token_or_bearer(&with("Basic abc")), None);
        assert_eq!(bearer_token(&with("Token abc")), None);
    }

    #[test]
    fn a_different_numeric_tenant_is_forbidden() {
        let principal = Principal {
            user_id: 1,
            org_id: 5,
            roles: vec![],
            permissions: vec![],
            expires_at: 0,
            api_key: None,
        };
        let with = |value: &str| {
            TestRequest::default()
                .insert_header((TENANT_HEADER, value))
                .to_http_request()
        };
        assert!(check_tenant(&with("5"), &principal).is_ok());
        assert!(
            check_tenant(&with("abc"), &principal).is_ok(),
            "non-numeric = absent"
        );
        assert!(check_tenant(&TestRequest::default().to_http_request(), &principal).is_ok());
        let error = check_tenant(&with("6"), &principal).err();
        assert_eq!(error.as_ref().map(ApiError::code), Some(403));
        assert_eq!(
            error.as_ref().map(ApiError::message),
            Some(TENANT_FORBIDDEN)
        );
    }
}
