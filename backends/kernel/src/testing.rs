//! Helpers for integration tests: a fresh data directory per test, a throwaway PostgreSQL
//! database per test when `PORTAL_TEST_POSTGRES_URL` is set, Redis when `PORTAL_TEST_REDIS_URL`
//! is set, and the application spawned on port 0.
//!
//! An unset or unreachable PostgreSQL/Redis fails the test: a test that did not run must not
//! count as passed. Only `PORTAL_TEST_REQUIRE_SERVICES=0`, a developer's explicit choice of a
//! SQLite-only run, lets those tests end early (printing `skipping: …`).

use std::{sync::Arc, time::Duration};

use anyhow::Context;
use sqlx::{postgres::PgConnectOptions, ConnectOptions, Connection};

use crate::{db::postgres_url_with_database, Application, Cache, Service, Settings, SiteMount};

pub const POSTGRES_URL_ENV: &str = "PORTAL_TEST_POSTGRES_URL";
pub const REDIS_URL_ENV: &str = "PORTAL_TEST_REDIS_URL";
pub const REQUIRE_SERVICES_ENV: &str = "PORTAL_TEST_REQUIRE_SERVICES";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TestBackend {
    Sqlite,
    Postgres,
}

pub fn services_required() -> bool {
    !std::env::var(REQUIRE_SERVICES_ENV).is_ok_and(|value| value == "0" || value == "false")
}

/// A query-string value percent-encoded (everything but RFC 3986's unreserved characters), for
/// benchmarks that write their request paths by hand.
pub fn query_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// p50, p99 and max of `times` in milliseconds (nearest rank), for the benchmarks' tables.
pub fn percentiles_ms(mut times: Vec<Duration>) -> (f64, f64, f64) {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let at =
        |q: f64| ms(times[((times.len() as f64 * q).ceil() as usize).clamp(1, times.len()) - 1]);
    (
        at(0.5),
        at(0.99),
        ms(*times.last().unwrap_or(&Duration::ZERO)),
    )
}

fn configured(env: &str) -> Option<String> {
    std::env::var(env)
        .ok()
        .filter(|value| !value.trim().is_empty())
}

/// Decides between "skip" (`Ok(None)`) and "fail" for a service that is not available.
fn unavailable<T>(what: &str, reason: String) -> anyhow::Result<Option<T>> {
    if services_required() {
        anyhow::bail!(
            "{what} is required but {reason} (set {POSTGRES_URL_ENV} / {REDIS_URL_ENV}; \
             {REQUIRE_SERVICES_ENV}=0 runs SQLite only)"
        );
    }
    eprintln!("skipping: {what} {reason}");
    Ok(None)
}

/// A per-test configuration with its own data directory and, on PostgreSQL, its own
/// databases (dropped when this value is dropped).
pub struct TestEnvironment {
    pub settings: Settings,
    pub backend: TestBackend,
    _data_dir: tempfile::TempDir,
    postgres: Option<PostgresCleanup>,
}

struct PostgresCleanup {
    server_url: String,
    prefix: String,
}

impl TestEnvironment {
    /// `Ok(None)` means "skip": the backend is not configured and not required.
    pub async fn new(backend: TestBackend) -> anyhow::Result<Option<Self>> {
        let data_dir = tempfile::tempdir().context("creating a temporary data directory")?;
        let mut settings = Settings::default_values()?;
        settings.addr = "127.0.0.1:0".to_owned();
        settings.data_dir = data_dir.path().to_path_buf();
        settings.web_dir = data_dir.path().join("web");
        settings.workers = 1;
        settings.database_max_connections = 3;
        settings.shutdown_timeout_secs = 1;
        settings.cache_prefix = format!("test:{}:", uuid::Uuid::new_v4().simple());
        let mut postgres = None;
        if backend == TestBackend::Postgres {
            let Some(server_url) = configured(POSTGRES_URL_ENV) else {
                return unavailable("PostgreSQL", format!("{POSTGRES_URL_ENV} is not set"));
            };
            if let Err(error) = check_postgres(&server_url).await {
                return unavailable("PostgreSQL", format!("is unreachable: {error:#}"));
            }
            let prefix = format!("portal_test_{}_", uuid::Uuid::new_v4().simple());
            settings.postgres_url = Some(server_url.clone());
            settings.postgres_database_prefix = prefix.clone();
            postgres = Some(PostgresCleanup { server_url, prefix });
        }
        Ok(Some(Self {
            settings,
            backend,
            _data_dir: data_dir,
            postgres,
        }))
    }

    /// Uses the test Redis as the cache when configured (or fails when required).
    pub async fn with_test_redis(mut self) -> anyhow::Result<Self> {
        if let Some(url) = test_redis_url().await? {
            self.settings.redis_url = Some(url);
        }
        Ok(self)
    }
}

async fn check_postgres(server_url: &str) -> anyhow::Result<()> {
    let options: PgConnectOptions = server_url.parse().context("invalid URL")?;
    let connection = tokio::time::timeout(Duration::from_secs(5), options.connect())
        .await
        .context("timed out")??;
    connection.close().await?;
    Ok(())
}

impl Drop for TestEnvironment {
    fn drop(&mut self) {
        let Some(cleanup) = self.postgres.take() else {
            return;
        };
        // Drop runs inside the test's runtime; do the async clean-up on a thread of its own.
        let outcome = std::thread::spawn(move || -> anyhow::Result<()> {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            runtime.block_on(drop_databases(&cleanup.server_url, &cleanup.prefix))
        })
        .join();
        match outcome {
            Ok(Ok(())) => {}
            Ok(Err(error)) => eprintln!("could not drop test databases: {error:#}"),
            Err(_) => eprintln!("could not drop test databases: clean-up thread panicked"),
        }
    }
}

async fn drop_databases(server_url: &str, prefix: &str) -> anyhow::Result<()> {
    let options: PgConnectOptions = postgres_url_with_database(server_url, "postgres")?.parse()?;
    let mut connection = options.connect().await?;
    let names: Vec<String> =
        sqlx::query_scalar("SELECT datname FROM pg_database WHERE starts_with(datname, $1)")
            .bind(prefix)
            .fetch_all(&mut connection)
            .await?;
    for name in names {
        sqlx::query(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"))
            .execute(&mut connection)
            .await
            .with_context(|| format!("dropping {name}"))?;
    }
    connection.close().await?;
    Ok(())
}

/// The Redis URL for tests: `Ok(None)` means "skip" (not configured, not required).
pub async fn test_redis_url() -> anyhow::Result<Option<String>> {
    let Some(url) = configured(REDIS_URL_ENV) else {
        return unavailable("Redis", format!("{REDIS_URL_ENV} is not set"));
    };
    match tokio::time::timeout(Duration::from_secs(5), Cache::redis(&url, "test:")).await {
        Ok(Ok(cache)) => match cache.ping().await {
            Ok(()) => Ok(Some(url)),
            Err(error) => unavailable("Redis", format!("does not answer: {error:#}")),
        },
        Ok(Err(error)) => unavailable("Redis", format!("is unreachable: {error:#}")),
        Err(_) => unavailable("Redis", "timed out".to_owned()),
    }
}

/// A cache on the test Redis with a key prefix of its own.
pub async fn test_redis_cache() -> anyhow::Result<Option<Cache>> {
    match test_redis_url().await? {
        Some(url) => {
            let prefix = format!("test:{}:", uuid::Uuid::new_v4().simple());
            Ok(Some(Cache::redis(&url, &prefix).await?))
        }
        None => Ok(None),
    }
}

/// The application running on a free port for one test.
pub struct TestApp {
    pub address: String,
    pub port: u16,
    pub client: reqwest::Client,
    handle: actix_web::dev::ServerHandle,
}

impl TestApp {
    pub async fn spawn(
        settings: Settings,
        services: Vec<Arc<dyn Service>>,
        site: Option<SiteMount>,
    ) -> anyhow::Result<Self> {
        let application = Application::build(settings, services, site).await?;
        let port = application.port();
        let handle = application.handle();
        tokio::spawn(application.run_until_stopped());
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(Duration::from_secs(30))
            // Drop pooled connections well before actix closes idle keep-alive ones (5 s): a
            // request sent on a connection the server is closing fails with "connection closed
            // before message completed" (seen when a test computed a 20 MB digest between calls).
            .pool_idle_timeout(Duration::from_secs(2))
            .build()?;
        Ok(Self {
            address: format!("http://127.0.0.1:{port}"),
            port,
            client,
            handle,
        })
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    pub async fn get(&self, path: &str) -> anyhow::Result<reqwest::Response> {
        Ok(self.client.get(self.url(path)).send().await?)
    }

    /// GET and parse the body as JSON, returning the status too.
    pub async fn get_json(&self, path: &str) -> anyhow::Result<(u16, serde_json::Value)> {
        let response = self.get(path).await?;
        let status = response.status().as_u16();
        let body = response.json().await.context("body is not JSON")?;
        Ok((status, body))
    }

    /// POSTs `bytes` as the multipart field `file` named `name` (the upload routes' form) and
    /// parses the body as JSON, returning the status too.
    pub async fn post_file(
        &self,
        path: &str,
        name: &str,
        bytes: &[u8],
    ) -> anyhow::Result<(u16, serde_json::Value)> {
        let boundary = "portaltestboundary7MA4YWxk";
        let mut body = format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n\
             Content-Type: application/octet-stream\r\n\r\n"
        )
        .into_bytes();
        body.extend_from_slice(bytes);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        let response = self
            .client
            .post(self.url(path))
            .header(
                reqwest::header::CONTENT_TYPE,
                format!("multipart/form-data; boundary={boundary}"),
            )
            .body(body)
            .send()
            .await?;
        let status = response.status().as_u16();
        let body = response.json().await.context("body is not JSON")?;
        Ok((status, body))
    }

    /// Stops the server (its pools close before the test's databases are dropped).
    pub async fn stop(self) {
        self.handle.stop(true).await;
    }
}

/// Generates one test per backend for each named `async fn(TestEnvironment) -> Result<()>`:
/// `sqlite::<name>` always runs, `postgres::<name>` runs when `PORTAL_TEST_POSTGRES_URL` is set
/// (and fails when required but missing).
#[macro_export]
macro_rules! backend_tests {
    ($($name:ident),+ $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test]
                async fn $name() -> anyhow::Result<()> {
                    let environment = $crate::testing::TestEnvironment::new(
                        $crate::testing::TestBackend::Sqlite,
                    )
                    .await?
                    .ok_or_else(|| anyhow::anyhow!("SQLite is always available"))?;
                    super::$name(environment).await
                }
            )+
        }
        mod postgres {
            $(
                #[tokio::test]
                async fn $name() -> anyhow::Result<()> {
                    match $crate::testing::TestEnvironment::new(
                        $crate::testing::TestBackend::Postgres,
                    )
                    .await?
                    {
                        Some(environment) => super::$name(environment).await,
                        None => Ok(()),
                    }
                }
            )+
        }
    };
}

/// A Redis server process of the test's own (`redis-server` on a free port, no persistence),
/// for fault tests that stop and restart it; an error when `redis-server` cannot be started.
pub struct OwnRedis {
    pub port: u16,
    child: Option<std::process::Child>,
}

impl OwnRedis {
    pub async fn start() -> anyhow::Result<Self> {
        let port = std::net::TcpListener::bind("127.0.0.1:0")?
            .local_addr()?
            .port();
        let mut redis = Self { port, child: None };
        // A fault test that cannot start its server fails: passing without running would check
        // nothing (redis-server comes with the Redis the production-path tests use).
        redis.spawn().await?;
        Ok(redis)
    }

    async fn spawn(&mut self) -> anyhow::Result<()> {
        let child = std::process::Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .context("starting redis-server")?;
        self.child = Some(child);
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", self.port)).is_ok() {
                return Ok(());
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        anyhow::bail!("redis-server did not listen on {}", self.port)
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Kills the server (kill -9: no goodbye to the clients).
    pub async fn stop(&mut self) -> anyhow::Result<()> {
        if let Some(mut child) = self.child.take() {
            child.kill().context("killing redis-server")?;
            child.wait().context("waiting for redis-server")?;
        }
        Ok(())
    }

    /// Starts it again on the same port (empty: nothing was persisted).
    pub async fn restart(&mut self) -> anyhow::Result<()> {
        self.stop().await?;
        self.spawn().await
    }
}

impl Drop for OwnRedis {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// What a [`FaultProxy`] does with connections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ProxyMode {
    /// Forwards every byte both ways.
    Forward,
    /// Not listening: a new connection is refused (`ECONNREFUSED`), as by a stopped server.
    Refuse,
    /// Accepts and hangs up at once, as a server that is shutting down or starting up.
    HangUp,
}

/// A TCP proxy of the test's own between the application and a server (e.g. PostgreSQL), for
/// fault tests: [`FaultProxy::cut`] closes every proxied connection and refuses new ones,
/// [`FaultProxy::hang_up`] accepts and closes new ones, [`FaultProxy::restore`] forwards again,
/// on the same port, without touching the server behind it.
pub struct FaultProxy {
    pub port: u16,
    target: String,
    mode: Arc<std::sync::Mutex<ProxyMode>>,
    connections: Arc<std::sync::Mutex<Vec<tokio::task::AbortHandle>>>,
    accept: Option<tokio::task::JoinHandle<()>>,
    /// Connections accepted so far (forwarded or hung up).
    accepted: Arc<std::sync::atomic::AtomicUsize>,
}

impl FaultProxy {
    /// Listens on a free loopback port and forwards to `target` (`host:port`).
    pub async fn start(target: &str) -> anyhow::Result<Self> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .context("binding the fault proxy")?;
        let port = listener.local_addr()?.port();
        let mut proxy = Self {
            port,
            target: target.to_owned(),
            mode: Arc::new(std::sync::Mutex::new(ProxyMode::Forward)),
            connections: Arc::default(),
            accept: None,
            accepted: Arc::default(),
        };
        proxy.listen(listener);
        Ok(proxy)
    }

    /// A proxy for the PostgreSQL server of `url` (`postgres://…@host:port/db`); answers the
    /// proxy and the same URL pointing at it.
    pub async fn for_postgres(url: &str) -> anyhow::Result<(Self, String)> {
        let options: PgConnectOptions = url.parse().context("invalid PostgreSQL URL")?;
        let target = format!("{}:{}", options.get_host(), options.get_port());
        let proxy = Self::start(&target).await?;
        let mut proxied = reqwest::Url::parse(url).context("invalid PostgreSQL URL")?;
        proxied
            .set_host(Some("127.0.0.1"))
            .context("setting the proxy host")?;
        proxied
            .set_port(Some(proxy.port))
            .map_err(|()| anyhow::anyhow!("cannot set the proxy port on {url}"))?;
        Ok((proxy, proxied.to_string()))
    }

    fn listen(&mut self, listener: tokio::net::TcpListener) {
        let mode = self.mode.clone();
        let connections = self.connections.clone();
        let accepted = self.accepted.clone();
        let target = self.target.clone();
        self.accept = Some(tokio::spawn(async move {
            loop {
                let Ok((inbound, _)) = listener.accept().await else {
                    continue;
                };
                accepted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                if *mode.lock().unwrap_or_else(|e| e.into_inner()) != ProxyMode::Forward {
                    drop(inbound);
                    continue;
                }
                let target = target.clone();
                let task = tokio::spawn(async move {
                    let mut inbound = inbound;
                    let Ok(mut outbound) = tokio::net::TcpStream::connect(&target).await else {
                        return;
                    };
                    let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                });
                let mut open = connections.lock().unwrap_or_else(|e| e.into_inner());
                open.retain(|handle| !handle.is_finished());
                open.push(task.abort_handle());
            }
        }));
    }

    fn close_all(&self) {
        for handle in self
            .connections
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .drain(..)
        {
            // Dropping the task drops both sockets: the application sees its connection closed.
            handle.abort();
        }
    }

    fn set_mode(&self, mode: ProxyMode) {
        *self.mode.lock().unwrap_or_else(|e| e.into_inner()) = mode;
    }

    /// Closes every proxied connection and stops listening: new connections are refused.
    pub async fn cut(&mut self) {
        self.set_mode(ProxyMode::Refuse);
        if let Some(accept) = self.accept.take() {
            accept.abort();
            let _ = accept.await;
        }
        self.close_all();
    }

    /// Closes every proxied connection; new ones are accepted and closed at once.
    pub async fn hang_up(&mut self) -> anyhow::Result<()> {
        self.set_mode(ProxyMode::HangUp);
        self.close_all();
        self.ensure_listening().await
    }

    /// Forwards again (listening on the same port if it stopped).
    pub async fn restore(&mut self) -> anyhow::Result<()> {
        self.set_mode(ProxyMode::Forward);
        self.ensure_listening().await
    }

    async fn ensure_listening(&mut self) -> anyhow::Result<()> {
        if self.accept.is_none() {
            let listener = tokio::net::TcpListener::bind(("127.0.0.1", self.port))
                .await
                .with_context(|| format!("listening again on port {}", self.port))?;
            self.listen(listener);
        }
        Ok(())
    }

    /// Connections accepted so far (to prove traffic went through the proxy).
    pub fn accepted(&self) -> usize {
        self.accepted.load(std::sync::atomic::Ordering::SeqCst)
    }
}

impl Drop for FaultProxy {
    fn drop(&mut self) {
        if let Some(accept) = self.accept.take() {
            accept.abort();
        }
        self.close_all();
    }
}
