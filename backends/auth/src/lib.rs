//! Shared authentication for every backend service.
//!
//! - [`AuthUser`] / [`MaybeAuthUser`]: actix extractors reading `Authorization: Bearer <token>`;
//!   a missing or dead token on a protected route answers 401 `账号未登录`.
//! - [`AuthUser::require_permission`]: the permission guard (`*:*:*` grants everything).
//! - The tenant check: a numeric `tenant-id` header different from the user's organisation
//!   answers 403 `您无权访问该租户的数据`.
//! - [`Authenticator`]: token validation through an in-process cache (short-lived, so a
//!   revocation reaches every process within a second), then the shared cache (Redis when
//!   configured), then a [`TokenSource`]: the system service's token store in its own process,
//!   or its introspection endpoint ([`Introspection`]) for a service deployed apart.

mod authenticator;
mod extract;
mod introspection;
mod principal;
pub mod token;

pub use authenticator::{Authenticator, TokenSource};
pub use extract::{bearer_token, AuthUser, MaybeAuthUser, TENANT_FORBIDDEN, TENANT_HEADER};
pub use introspection::{Introspection, INTROSPECTION_PATH};
pub use principal::{Principal, ALL_PERMISSIONS};
