//! Shared authentication for every backend service.
//!
//! - [`AuthUser`] / [`MaybeAuthUser`]: actix extractors reading `Authorization: Bearer <token>`
//!   (session tokens only); a missing or dead token on a protected route answers 401 `账号未登录`.
//! - [`TokenUser`]: the extractor of machine APIs (the KiCad HTTP library): `Token <token>` or
//!   `Bearer <token>`, personal access tokens included; HTTP 401 without a live token.
//! - [`service_authenticator`]: the authenticator a service other than the system service
//!   uses (the system's own in the all-in-one process, else introspection).
//! - [`AuthUser::require_permission`]: the permission guard (`*:*:*` grants everything).
//! - The tenant check: a numeric `tenant-id` header different from the user's organisation
//!   answers 403 `您无权访问该租户的数据`.
//! - [`open`]: the open platform's gate — API keys (`opk_…`), their scope, per-minute rate and
//!   daily quota, the `RateLimit-*` headers.
//! - [`Authenticator`]: token validation through an in-process cache (short-lived, so a
//!   revocation reaches every process within a second), then the shared cache (Redis when
//!   configured), then a [`TokenSource`]: the system service's token store in its own process,
//!   or its introspection endpoint ([`Introspection`]) for a service deployed apart.
//! - [`OrgDirectory`]: whether an organisation is active, for the library services' public
//!   organisation pages ([`service_org_directory`] chooses its source the same way).

mod authenticator;
mod extract;
mod introspection;
pub mod open;
mod orgs;
mod principal;
mod service;
pub mod token;

pub use authenticator::{Authenticator, Clock, TokenSource};
pub use extract::{
    authenticate_any_token, bearer_token, token_or_bearer, AuthUser, MaybeAuthUser, TokenUser,
    TENANT_FORBIDDEN, TENANT_HEADER, TOKEN_REQUIRED,
};
pub use introspection::{Introspection, INTROSPECTION_PATH};
pub use orgs::{
    service_org_directory, NoOrgSource, OrgDirectory, OrgLookup, OrgSource, ORG_NOT_EXISTS,
    PUBLIC_ORG_PATH, PUBLISH_PERMISSION,
};
pub use principal::{ApiKeyGrant, Principal, ALL_PERMISSIONS};
pub use service::{service_authenticator, NoTokenSource};
