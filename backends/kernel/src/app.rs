//! The application: one actix server running one or several services with the common
//! middleware, health checks, API docs and (for the portal) the static web site.

use std::{any::Any, net::TcpListener, sync::Arc, time::Duration};

use actix_web::{
    body::{BoxBody, MessageBody},
    dev::{Extensions, Server, ServerHandle, ServiceResponse},
    http::{header, StatusCode},
    middleware::{self, ErrorHandlerResponse, ErrorHandlers},
    web, App, HttpRequest, HttpResponse, HttpServer,
};
use anyhow::Context;

use crate::{
    docs::ApiDocs,
    error::global,
    extract,
    health::Health,
    service::{Peers, ServiceContext},
    telemetry, ApiError, Cache, Service, Settings,
};

/// Extra routes registered after the services' (the portal's static web site).
pub type SiteMount = Arc<dyn Fn(&mut web::ServiceConfig) + Send + Sync>;

pub struct Application {
    port: u16,
    server: Server,
    contexts: Vec<ServiceContext>,
}

impl Application {
    /// Opens every service (database, migrations, seed), binds `settings.addr` (port 0 picks a
    /// free port) and prepares the server; nothing is served until [`Self::run_until_stopped`].
    pub async fn build(
        settings: Settings,
        services: Vec<Arc<dyn Service>>,
        site: Option<SiteMount>,
    ) -> anyhow::Result<Self> {
        if settings.mode == crate::Mode::Production {
            let problems = settings.production_problems();
            anyhow::ensure!(
                problems.is_empty(),
                "production mode refuses to start: {}",
                problems.join("; ")
            );
        }
        let settings = Arc::new(settings);
        let cache = Cache::from_settings(&settings).await?;
        let mut mounted = Vec::with_capacity(services.len());
        let peers = Peers::default();
        for service in services {
            let context =
                ServiceContext::open_among(service.as_ref(), settings.clone(), &cache, &peers)
                    .await
                    .with_context(|| format!("starting service {}", service.name()))?;
            mounted.push((service, context));
        }
        let contexts: Vec<ServiceContext> =
            mounted.iter().map(|(_, context)| context.clone()).collect();
        let health = web::Data::new(Health {
            databases: contexts
                .iter()
                .map(|context| (context.name, context.db.clone()))
                .collect(),
            cache,
        });
        let docs = ApiDocs::new(
            mounted
                .iter()
                .map(|(service, _)| (service.name(), service.openapi())),
            settings.mode,
        );
        let mounted = Arc::new(mounted);
        let public_url = web::Data::new(extract::ConfiguredPublicUrl(
            settings
                .public_url
                .as_deref()
                .map(|url| url.trim().trim_end_matches('/').to_owned())
                .filter(|url| !url.is_empty()),
        ));
        let security = crate::security::SecurityHeaders::from_settings(&settings)
            .context("the security settings")?;

        let listener = TcpListener::bind(&settings.addr)
            .with_context(|| format!("binding {}", settings.addr))?;
        let port = listener
            .local_addr()
            .context("reading the bound address")?
            .port();

        let mut server = HttpServer::new(move || {
            let mut app = App::new()
                .wrap(
                    ErrorHandlers::new()
                        .handler(StatusCode::NOT_FOUND, envelope_for_plain_error)
                        .handler(StatusCode::METHOD_NOT_ALLOWED, envelope_for_plain_error),
                )
                .wrap(security.middleware())
                .wrap(middleware::Compress::default())
                .wrap(middleware::from_fn(telemetry::request_id_middleware))
                .app_data(extract::json_config())
                .app_data(extract::query_config())
                .app_data(extract::path_config())
                .app_data(health.clone())
                .app_data(public_url.clone())
                .configure(crate::health::configure)
                .configure(|cfg| docs.configure(cfg));
            for (service, context) in mounted.iter() {
                app = app.configure(|cfg| service.configure(context, cfg));
            }
            if let Some(site) = &site {
                app = app.configure(|cfg| site(cfg));
            }
            app.default_service(web::to(unknown_route))
        })
        // Nagle's algorithm holding the last segment of an answer until the client's delayed ACK
        // (~40 ms) stalled a large share of gzip answers: every accepted socket gets TCP_NODELAY.
        .tcp_nodelay(true)
        .on_connect(record_socket_options)
        .listen(listener)
        .context("listening")?
        .shutdown_timeout(settings.shutdown_timeout_secs);
        if settings.workers > 0 {
            server = server.workers(settings.workers);
        }
        // actix stops accepting on SIGINT/SIGTERM and drains in-flight requests.
        let server = server.run();
        Ok(Self {
            port,
            server,
            contexts,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Lets a test or a signal handler stop the server.
    pub fn handle(&self) -> ServerHandle {
        self.server.handle()
    }

    /// Serves until the server stops (signal or handle), then closes the database pools.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        let result = self.server.await;
        for context in &self.contexts {
            context.db.close().await;
        }
        tracing::info!("server stopped; database pools closed");
        // Give the log writer a moment before the process exits.
        tokio::time::sleep(Duration::from_millis(10)).await;
        result.context("running the HTTP server")
    }
}

/// The options of an accepted connection as the server left them, read back from the socket
/// (`HttpRequest::conn_data::<SocketOptions>()`): lets tests observe the server's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SocketOptions {
    pub nodelay: bool,
}

/// The `on_connect` hook: records [`SocketOptions`] of a plain TCP connection (actix sets
/// `TCP_NODELAY` when it accepts, before this runs).
pub fn record_socket_options(connection: &dyn Any, data: &mut Extensions) {
    if let Some(stream) = connection.downcast_ref::<actix_web::rt::net::TcpStream>() {
        data.insert(SocketOptions {
            nodelay: stream.nodelay().unwrap_or(false),
        });
    }
}

/// No route matched: the 404 envelope (also for non-API paths; the portal's site handles the
/// single-page-application fallback itself before this is reached).
async fn unknown_route(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::unknown_path(req.path()))
}

/// Turns actix's plain 404/405 answers (no route, wrong method, missing static file) into the
/// envelope; answers that already carry JSON are left alone.
fn envelope_for_plain_error<B: MessageBody>(
    res: ServiceResponse<B>,
) -> actix_web::Result<ErrorHandlerResponse<B>> {
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/json"));
    if is_json {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let status = res.status();
    let (req, _) = res.into_parts();
    let error = if status == StatusCode::METHOD_NOT_ALLOWED {
        ApiError::new(global::METHOD_NOT_ALLOWED)
    } else {
        ApiError::unknown_path(req.path())
    };
    let response: HttpResponse<BoxBody> = actix_web::ResponseError::error_response(&error);
    Ok(ErrorHandlerResponse::Response(
        ServiceResponse::new(req, response).map_into_right_body::<B>(),
    ))
}

/// `main` of a service binary: configuration, JSON logs, the service alone on `PORTAL_ADDR`.
pub async fn serve_standalone(service: Arc<dyn Service>) -> anyhow::Result<()> {
    let settings = Settings::load()?;
    crate::telemetry::init(&settings.log_filter)?;
    let name = service.name();
    let host = settings
        .addr
        .rsplit_once(':')
        .map_or("127.0.0.1", |(host, _)| host)
        .to_owned();
    let application = Application::build(settings, vec![service], None).await?;
    tracing::info!(service = name, port = application.port(), "listening");
    println!(
        "{name}-api listening on http://{host}:{}",
        application.port()
    );
    application.run_until_stopped().await
}
