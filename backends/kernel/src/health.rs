//! `/health/live` (the process answers) and `/health/ready` (every database answers; 503 with
//! the envelope when one does not; `degraded` while Redis does not answer).

use actix_web::{http::StatusCode, web, HttpResponse};
use serde_json::{json, Map, Value};

use crate::{error::global, ApiError, ApiResponse, Cache, Database};

/// What readiness checks: each service's database and the shared cache.
#[derive(Clone)]
pub struct Health {
    pub databases: Vec<(&'static str, Database)>,
    pub cache: Cache,
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/health/live").route(web::get().to(live)))
        .service(web::resource("/health/ready").route(web::get().to(ready)));
}

async fn live() -> ApiResponse<Value> {
    ApiResponse::ok(json!({ "status": "live" }))
}

async fn ready(health: web::Data<Health>) -> Result<HttpResponse, ApiError> {
    let mut checks = Map::new();
    let mut all_ready = true;
    for (name, database) in &health.databases {
        let state = match database.ping().await {
            Ok(()) => "ok".to_owned(),
            Err(error) => {
                all_ready = false;
                tracing::warn!(service = name, error = ?error, "database not ready");
                "unavailable".to_owned()
            }
        };
        checks.insert(format!("database:{name}"), Value::String(state));
    }
    // Redis is an accelerator: without it the in-process fallback answers, so the service is
    // degraded, not unavailable.
    let cache_state = match health.cache.ping().await {
        Ok(()) => "ok",
        Err(error) => {
            tracing::warn!(error = ?error, "cache degraded: the in-process fallback answers");
            "degraded"
        }
    };
    checks.insert(format!("cache:{}", health.cache.kind()), cache_state.into());
    if all_ready {
        let status = if cache_state == "ok" {
            "ready"
        } else {
            "degraded"
        };
        Ok(HttpResponse::Ok().json(ApiResponse::ok(json!({
            "status": status,
            "checks": checks,
        }))))
    } else {
        Err(
            ApiError::with_message(global::INTERNAL_SERVER_ERROR, global::NOT_READY)
                .with_status(StatusCode::SERVICE_UNAVAILABLE)
                .with_data(json!({ "status": "not_ready", "checks": checks })),
        )
    }
}
