//! A minimal service exercising the kernel: extractors, errors, its own migrations.

use std::sync::Arc;

use actix_web::web;
use futures_util::future::BoxFuture;
use kernel::{
    error::global,
    error_codes,
    testing::{TestApp, TestEnvironment},
    ApiError, ApiResponse, ApiResult, Database, ErrorCode, Migrations, Service, ServiceContext,
};
use serde::Deserialize;

static SQLITE: sqlx::migrate::Migrator = sqlx::migrate!("./tests/fixtures/migrations/sqlite");
static POSTGRES: sqlx::migrate::Migrator = sqlx::migrate!("./tests/fixtures/migrations/postgres");

error_codes! {
    DEMO_ERRORS {
        DEMO_REJECTED = (1_099_001_000, OK, "演示业务错误");
    }
}

pub struct DemoService;

#[derive(Deserialize)]
struct CountQuery {
    count: u32,
}

#[derive(Deserialize)]
struct EchoBody {
    name: String,
}

async fn notes(db: web::Data<Database>) -> ApiResult<ApiResponse<i64>> {
    let count: i64 = match db.as_ref() {
        Database::Sqlite(pool) => {
            sqlx::query_scalar("SELECT COUNT(*) FROM demo_note")
                .fetch_one(pool)
                .await?
        }
        Database::Postgres(pool) => {
            sqlx::query_scalar("SELECT COUNT(*) FROM demo_note")
                .fetch_one(pool)
                .await?
        }
    };
    Ok(ApiResponse::ok(count))
}

async fn repeat(query: web::Query<CountQuery>) -> ApiResponse<String> {
    ApiResponse::ok("嗨".repeat(query.count as usize))
}

async fn echo(body: web::Json<EchoBody>) -> ApiResponse<String> {
    ApiResponse::ok(body.into_inner().name)
}

async fn item(id: web::Path<u32>) -> ApiResponse<u32> {
    ApiResponse::ok(id.into_inner())
}

async fn rejected() -> ApiResult<ApiResponse<()>> {
    Err(ApiError::new(DEMO_REJECTED))
}

async fn broken() -> ApiResult<ApiResponse<()>> {
    Err(ApiError::internal(anyhow::anyhow!("the disk is on fire")))
}

async fn locked() -> ApiResult<ApiResponse<()>> {
    Err(ApiError::new(global::ACCOUNT_LOCKED))
}

/// The server's side of this request's connection: the options the kernel set on the accepted
/// socket, the client's port (one keep-alive connection keeps one port) and some text to
/// compress.
async fn connection(req: actix_web::HttpRequest) -> ApiResponse<serde_json::Value> {
    let options = req.conn_data::<kernel::SocketOptions>().copied();
    ApiResponse::ok(serde_json::json!({
        "nodelay": options.map(|options| options.nodelay),
        "peerPort": req.peer_addr().map(|address| address.port()),
        "padding": "嗨".repeat(2_000),
    }))
}

/// Closes the pool so that the readiness check has something to report.
async fn close_database(db: web::Data<Database>) -> ApiResponse<bool> {
    db.close().await;
    ApiResponse::ok(true)
}

impl Service for DemoService {
    fn name(&self) -> &'static str {
        "demo"
    }

    fn migrations(&self) -> Migrations {
        Migrations {
            sqlite: &SQLITE,
            postgres: &POSTGRES,
        }
    }

    fn error_codes(&self) -> &'static [ErrorCode] {
        DEMO_ERRORS
    }

    fn openapi(&self) -> utoipa::openapi::OpenApi {
        utoipa::openapi::OpenApiBuilder::new()
            .info(utoipa::openapi::Info::new("演示 Demo API", "0.1.0"))
            .build()
    }

    fn configure(&self, context: &ServiceContext, cfg: &mut web::ServiceConfig) {
        cfg.service(
            web::scope("/to/api/demo")
                .app_data(web::Data::new(context.db.clone()))
                .service(web::resource("/notes/count").route(web::get().to(notes)))
                .service(web::resource("/repeat").route(web::get().to(repeat)))
                .service(web::resource("/echo").route(web::post().to(echo)))
                .service(web::resource("/items/{id}").route(web::get().to(item)))
                .service(web::resource("/rejected").route(web::get().to(rejected)))
                .service(web::resource("/broken").route(web::get().to(broken)))
                .service(web::resource("/locked").route(web::get().to(locked)))
                .service(web::resource("/connection").route(web::get().to(connection)))
                .service(web::resource("/close-database").route(web::post().to(close_database))),
        );
    }

    fn seed<'a>(&'a self, _context: &'a ServiceContext) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(async { Ok(()) })
    }
}

pub async fn spawn_demo(environment: &TestEnvironment) -> anyhow::Result<TestApp> {
    TestApp::spawn(
        environment.settings.clone(),
        vec![Arc::new(DemoService)],
        None,
    )
    .await
}
