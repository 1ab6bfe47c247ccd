use actix_web::{http::header, web, HttpRequest};
use auth::MaybeAuthUser;
use futures_util::StreamExt;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::{
    accounts::client_ip,
    operation::front_log::{self, store::FrontLogStore, FrontLog, Reporter, BODY_MAX},
    FRONT_LOG_TOO_LARGE,
};

#[derive(Debug, Deserialize, ToSchema)]
pub struct FrontLogRequest {
    /// A JSON string holding an array of up to 30 entries (`message`, `stack`, `code`, `url`,
    /// `position`, `name`, `level`, `source`, `time`, and any other fields).
    #[schema(value_type = String)]
    pub data: Option<Value>,
}

/// Reads the body, refusing more than `BODY_MAX` bytes (1002022000) before it is all read.
async fn read_body(req: &HttpRequest, mut payload: web::Payload) -> ApiResult<web::BytesMut> {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<usize>().ok());
    if declared.is_some_and(|length| length > BODY_MAX) {
        return Err(ApiError::new(FRONT_LOG_TOO_LARGE));
    }
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk =
            chunk.map_err(|error| ApiError::bad_request(format!("请求体读取失败:{error}")))?;
        if body.len() + chunk.len() > BODY_MAX {
            return Err(ApiError::new(FRONT_LOG_TOO_LARGE));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// Stores a batch of front-end log entries; answers how many were stored. No sign-in needed
/// (a token, when sent, names the user). Limits: 20 posts a minute per client (1002022003),
/// body 64 KB (1002022000), 30 entries (1002022001); long fields are cut.
#[utoipa::path(
    post,
    path = "/tool/api/front/log",
    tag = "front-log",
    request_body = FrontLogRequest,
    responses((status = 200, description = "保存的条数", body = ApiResponse<u64>))
)]
#[tracing::instrument(skip_all)]
pub async fn create_front_log(
    front_log: web::Data<FrontLog>,
    user: MaybeAuthUser,
    req: HttpRequest,
    payload: web::Payload,
) -> ApiResult<ApiResponse<u64>> {
    let reporter = Reporter {
        client_ip: client_ip(&req),
        user_id: user.0.as_ref().map(auth::AuthUser::user_id),
        user_agent: req
            .headers()
            .get(header::USER_AGENT)
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
            .to_owned(),
    };
    front_log.count_post(&reporter).await?;
    let body = read_body(&req, payload).await?;
    let request: FrontLogRequest = serde_json::from_slice(&body)
        .map_err(|_| ApiError::bad_request(front_log::DATA_INVALID))?;
    let entries = front_log::parse_entries(request.data.as_ref(), &reporter)?;
    let stored = front_log.store.insert_logs(&entries).await?;
    front_log.prune_old_entries().await;
    Ok(ApiResponse::ok(stored))
}
