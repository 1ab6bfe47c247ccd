//! The `{code, data, msg}` envelope every API answer is wrapped in.

use actix_web::{body::BoxBody, http::StatusCode, HttpRequest, HttpResponse, Responder};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Success is `code 0`, `msg ""` and the payload in `data`; errors carry `data: null`
/// (see [`crate::ApiError`]).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ApiResponse<T> {
    /// 0 on success, otherwise an error code from the registry.
    pub code: i64,
    /// The payload; `null` on every error (any route may answer one: the API documents mark
    /// it nullable, see `docs::errors_carry_null_data`).
    pub data: Option<T>,
    /// Empty on success; a Chinese message on error.
    pub msg: String,
}

impl<T> ApiResponse<T> {
    pub fn ok(data: T) -> Self {
        Self {
            code: 0,
            data: Some(data),
            msg: String::new(),
        }
    }
}

impl<T: Serialize> Responder for ApiResponse<T> {
    type Body = BoxBody;

    fn respond_to(self, _req: &HttpRequest) -> HttpResponse<Self::Body> {
        HttpResponse::build(StatusCode::OK).json(self)
    }
}
