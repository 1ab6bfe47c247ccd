//! Layered configuration: defaults → optional TOML file → `PORTAL_*` environment variables.
//! Every key is listed in docs/configuration.md.

use std::{collections::BTreeMap, path::PathBuf};

use anyhow::Context;
use serde::Deserialize;

/// The environment variable naming the configuration file.
pub const CONFIG_FILE_ENV: &str = "PORTAL_CONFIG";
/// The file read when `PORTAL_CONFIG` is not set and the file exists.
pub const DEFAULT_CONFIG_FILE: &str = "portal.toml";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    Development,
    Production,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    /// Listen address, `host:port`; port 0 picks a free port.
    pub addr: String,
    /// Directory for SQLite files and other local state; created if missing.
    pub data_dir: PathBuf,
    /// Directory containing `shell/dist` and `mfe-*/dist` (the portal's static web).
    pub web_dir: PathBuf,
    pub mode: Mode,
    /// Explicit database URL per service name (`sqlite:…` or `postgres://…`).
    #[serde(default)]
    pub databases: BTreeMap<String, String>,
    /// One PostgreSQL server URL; each service without an explicit URL uses its own database
    /// `<postgres_database_prefix><service>` on it, created if missing.
    #[serde(default)]
    pub postgres_url: Option<String>,
    pub postgres_database_prefix: String,
    /// Maximum connections per database pool.
    pub database_max_connections: u32,
    /// Redis URL of the shared cache; the in-process cache is used when absent.
    #[serde(default)]
    pub redis_url: Option<String>,
    /// Prefix of every cache key (lets several deployments share one Redis).
    pub cache_prefix: String,
    /// Capacity (entries) of the in-process cache.
    pub cache_capacity: u64,
    /// HTTP worker threads; 0 = one per physical core.
    pub workers: usize,
    /// Seconds the server waits for in-flight requests on shutdown.
    pub shutdown_timeout_secs: u64,
    /// `tracing` filter directives (overridden by `RUST_LOG`).
    pub log_filter: String,
    /// Module Federation remote name → manifest URL, served as `/remotes.json`.
    pub remotes: BTreeMap<String, String>,
    /// Accounts: tokens, passwords, verification codes and their senders, lockout, WeChat.
    #[serde(default)]
    pub accounts: AccountsSettings,
    /// The address users reach the portal at (`https://portal.example.com`): absolute URLs are
    /// built from it, and HSTS is sent when it is HTTPS.
    #[serde(default)]
    pub public_url: Option<String>,
    /// Security headers: who may frame the portal, extra origins the pages may connect to.
    #[serde(default)]
    pub security: SecuritySettings,
    /// The library search: its thread pool and its index on disk (docs/search.md).
    #[serde(default)]
    pub search: SearchSettings,
    /// The open platform's API keys: their default limits (docs/open-platform.md).
    #[serde(default)]
    pub open: OpenPlatformSettings,
    /// Usage statistics of the libraries: how long raw events are kept (docs/statistics.md).
    #[serde(default)]
    pub stats: StatsSettings,
}

/// The `[open]` section: limits given to every new open-platform API key.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct OpenPlatformSettings {
    /// Requests a key may make per minute (a fixed window) before answers are 429.
    pub requests_per_minute: i64,
    /// Requests a key may make per UTC day (its quota) before answers are 429.
    pub requests_per_day: i64,
    /// Live (unrevoked) keys one owner — an organisation, or a user without one — may hold.
    pub keys_per_owner: i64,
}

impl Default for OpenPlatformSettings {
    fn default() -> Self {
        Self {
            requests_per_minute: 60,
            requests_per_day: 1000,
            keys_per_owner: 10,
        }
    }
}

/// The `[stats]` section: the libraries record searches and downloads through a bounded queue
/// and a background writer (`catalog::usage`).
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct StatsSettings {
    /// Days raw events are kept; older ones are pruned by the writer (default 180).
    pub retention_days: u32,
    /// Events waiting for the writer before new ones are dropped (counted, never blocking).
    pub queue: usize,
}

impl Default for StatsSettings {
    fn default() -> Self {
        Self {
            retention_days: 180,
            queue: 4096,
        }
    }
}

/// The `[search]` section: searches and suggestions run on a pool of their own, off the HTTP
/// workers (`kernel::WorkerPool`); the index lives under `<data_dir>/index/<library>`.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct SearchSettings {
    /// Threads running searches; 0 = the machine's cores.
    pub threads: usize,
    /// Searches waiting for a thread before new ones answer 503 busy with `Retry-After`. 1024
    /// by default: every connection of a 500-connection load can wait (at ~4k searches/s on two
    /// cores the last waits ~250 ms), a flood beyond that is refused.
    pub max_queued: usize,
    /// Rebuild every library index from its database at start even when the index on disk is
    /// current (an operator's request: `PORTAL_SEARCH__REBUILD_ON_START=true`).
    pub rebuild_on_start: bool,
    /// Compute the shape fingerprints of new and changed models in the background (the 3D/2D
    /// search). Off, the shape search answers from the fingerprints already stored and spends
    /// no CPU on them: for processes that do not serve it (the portal's own tests).
    pub shape_fingerprints: bool,
}

impl Default for SearchSettings {
    fn default() -> Self {
        Self {
            threads: 0,
            max_queued: 1024,
            rebuild_on_start: false,
            shape_fingerprints: true,
        }
    }
}

/// The `[security]` section (docs/security.md). Lists are space-separated origins, as in a
/// Content-Security-Policy.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct SecuritySettings {
    /// Plugin hosts whose pages may embed the portal in a frame (`frame-ancestors`).
    pub frame_ancestors: String,
    /// Further origins the pages call (an S3 endpoint receiving part uploads).
    pub connect_sources: String,
}

/// The `[accounts]` section (docs/configuration.md, docs/accounts.md). Every key has a
/// default, so a deployment only names what differs.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct AccountsSettings {
    pub access_token_minutes: u64,
    pub refresh_token_days: u64,
    /// How long a process trusts a token it checked before looking again (milliseconds). It
    /// bounds how late another process notices a revocation, so keep it under one second.
    pub token_local_cache_ms: u64,
    /// Base URL of the system service (e.g. `http://system:8080`) for a service deployed apart
    /// from it: tokens are then checked through its introspection endpoint.
    pub system_url: Option<String>,
    /// The OAuth2 client id reported by `get-extend-user-info`.
    pub client_id: String,
    pub register_enabled: bool,
    pub password_hash: PasswordHashSettings,
    pub codes: CodeSettings,
    pub lockout: LockoutSettings,
    pub slider: SliderSettings,
    /// `outbox` (development: stored, logged, readable at /to/api/dev/outbox) or `aliyun`.
    pub sms_sender: String,
    /// `outbox` or `smtp`.
    pub email_sender: String,
    pub smtp: SmtpSettings,
    pub aliyun_sms: AliyunSmsSettings,
    pub wechat: WechatSettings,
}

impl Default for AccountsSettings {
    fn default() -> Self {
        Self {
            access_token_minutes: 30,
            refresh_token_days: 30,
            token_local_cache_ms: 500,
            system_url: None,
            client_id: "portal".to_owned(),
            register_enabled: true,
            password_hash: PasswordHashSettings::default(),
            codes: CodeSettings::default(),
            lockout: LockoutSettings::default(),
            slider: SliderSettings::default(),
            sms_sender: "outbox".to_owned(),
            email_sender: "outbox".to_owned(),
            smtp: SmtpSettings::default(),
            aliyun_sms: AliyunSmsSettings::default(),
            wechat: WechatSettings::default(),
        }
    }
}

/// argon2id cost parameters (OWASP's second recommendation by default: 19 MiB, 2 passes).
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct PasswordHashSettings {
    pub memory_kib: u32,
    pub iterations: u32,
    pub parallelism: u32,
    /// Hashes computed at once (each holds `memory_kib`); 0 = the machine's cores.
    pub max_concurrent: usize,
    /// Hashes waiting for a worker before new ones are refused with "busy, retry" (503).
    pub max_queued: usize,
}

impl Default for PasswordHashSettings {
    fn default() -> Self {
        Self {
            memory_kib: 19 * 1024,
            iterations: 2,
            parallelism: 1,
            max_concurrent: 0,
            max_queued: 64,
        }
    }
}

/// Verification codes (e-mail and SMS alike).
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct CodeSettings {
    pub valid_minutes: u64,
    /// Minimum seconds between two sends to one mobile or e-mail.
    pub resend_seconds: u64,
    /// Sends per mobile or e-mail per day (China time).
    pub daily_limit: i64,
    /// Sends per client IP per hour.
    pub ip_hourly_limit: i64,
}

impl Default for CodeSettings {
    fn default() -> Self {
        Self {
            valid_minutes: 10,
            resend_seconds: 60,
            daily_limit: 10,
            ip_hourly_limit: 30,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct LockoutSettings {
    /// Failed password logins of one account within `window_minutes` that lock it.
    pub max_failures: i64,
    pub window_minutes: u64,
    pub lock_minutes: u64,
    /// Failed logins from one IP within `window_minutes` after which it gets 429.
    pub ip_max_failures: i64,
    /// Failed password logins of one account after which every further attempt must carry a
    /// server-verified slider ticket (scene `login`) until a login succeeds or the window ends.
    pub captcha_after_failures: i64,
    /// Requests from one IP per hour to the routes that tell whether an account exists
    /// (SMS login, forgot password, code sends) before they answer 429.
    pub ip_hourly_probes: i64,
}

impl Default for LockoutSettings {
    fn default() -> Self {
        Self {
            max_failures: 5,
            window_minutes: 15,
            lock_minutes: 60,
            ip_max_failures: 20,
            captcha_after_failures: 3,
            ip_hourly_probes: 120,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct SliderSettings {
    pub track_width: u32,
    pub handle_width: u32,
    pub challenge_seconds: u64,
    pub ticket_seconds: u64,
    /// Shortest and longest plausible drag (milliseconds).
    pub min_drag_ms: u64,
    pub max_drag_ms: u64,
}

impl Default for SliderSettings {
    fn default() -> Self {
        Self {
            track_width: 340,
            handle_width: 40,
            challenge_seconds: 120,
            ticket_seconds: 300,
            min_drag_ms: 100,
            max_drag_ms: 60_000,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct SmtpSettings {
    pub host: String,
    pub port: u16,
    /// `none` (plain, for a local relay), `starttls` or `tls`.
    pub security: String,
    pub username: Option<String>,
    pub password: Option<String>,
    /// The From header, e.g. `工程资料库 <no-reply@example.com>`.
    pub from: String,
}

impl Default for SmtpSettings {
    fn default() -> Self {
        Self {
            host: "127.0.0.1".to_owned(),
            port: 25,
            security: "none".to_owned(),
            username: None,
            password: None,
            from: "Portal <no-reply@localhost>".to_owned(),
        }
    }
}

/// Aliyun SMS (dysmsapi, RPC signature v1: HMAC-SHA1 over the canonical query).
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct AliyunSmsSettings {
    pub endpoint: String,
    pub access_key_id: String,
    pub access_key_secret: String,
    pub sign_name: String,
    pub template_code: String,
}

impl Default for AliyunSmsSettings {
    fn default() -> Self {
        Self {
            endpoint: "https://dysmsapi.aliyuncs.com/".to_owned(),
            access_key_id: String::new(),
            access_key_secret: String::new(),
            sign_name: String::new(),
            template_code: String::new(),
        }
    }
}

/// WeChat Open Platform website login (QR code).
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct WechatSettings {
    pub app_id: String,
    pub app_secret: String,
    /// Where `sns/oauth2/access_token` and `sns/userinfo` live.
    pub api_base: String,
    pub qr_connect_url: String,
    /// The page WeChat sends the browser back to with `code` and `state`: the portal's `/sso`
    /// page by default (relative to the portal's origin; an absolute URL for another host).
    pub redirect_uri: String,
}

impl Default for WechatSettings {
    fn default() -> Self {
        Self {
            app_id: String::new(),
            app_secret: String::new(),
            api_base: "https://api.weixin.qq.com".to_owned(),
            qr_connect_url: "https://open.weixin.qq.com/connect/qrconnect".to_owned(),
            redirect_uri: "/sso".to_owned(),
        }
    }
}

impl Settings {
    /// Reads the layered configuration of the running process.
    pub fn load() -> anyhow::Result<Self> {
        let file = std::env::var(CONFIG_FILE_ENV).ok();
        Self::load_from(file.as_deref(), std::env::vars())
    }

    /// Layers the defaults, the file (if given; otherwise `portal.toml` when present) and the
    /// given environment (only `PORTAL_*` keys are read; `__` separates nested keys).
    pub fn load_from(
        file: Option<&str>,
        environment: impl IntoIterator<Item = (String, String)>,
    ) -> anyhow::Result<Self> {
        let mut builder = Self::defaults()?;
        match file {
            Some(path) => {
                builder = builder.add_source(config::File::with_name(path).required(true));
            }
            None => {
                builder = builder
                    .add_source(config::File::with_name(DEFAULT_CONFIG_FILE).required(false));
            }
        }
        let environment: config::Map<String, String> = environment
            .into_iter()
            .filter(|(key, _)| key.starts_with("PORTAL_") && key != CONFIG_FILE_ENV)
            // Test-harness variables are not configuration.
            .filter(|(key, _)| !key.starts_with("PORTAL_TEST_"))
            .collect();
        builder = builder.add_source(
            config::Environment::with_prefix("PORTAL")
                .prefix_separator("_")
                .separator("__")
                .source(Some(environment)),
        );
        builder
            .build()
            .context("reading the configuration")?
            .try_deserialize()
            .context("invalid configuration")
    }

    /// What production mode cannot run with (empty when it can): the development outbox as a
    /// code sender (codes would reach only the log) and no public URL (absolute URLs would be
    /// built from request headers an attacker chooses).
    pub fn production_problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        for (key, sender) in [
            ("accounts.sms_sender", &self.accounts.sms_sender),
            ("accounts.email_sender", &self.accounts.email_sender),
        ] {
            if sender == "outbox" {
                problems.push(format!("{key} is the development outbox"));
            }
        }
        let public = self
            .public_url
            .as_deref()
            .map(str::trim)
            .unwrap_or_default();
        if !(public.starts_with("https://") || public.starts_with("http://")) {
            problems.push("public_url is not set to the portal's absolute URL".to_owned());
        }
        problems
    }

    /// The built-in defaults as a `Settings` value (no file, no environment).
    pub fn default_values() -> anyhow::Result<Self> {
        Self::defaults()?
            .build()
            .context("building the default configuration")?
            .try_deserialize()
            .context("invalid default configuration")
    }

    fn defaults() -> anyhow::Result<config::ConfigBuilder<config::builder::DefaultState>> {
        let builder = config::Config::builder()
            .set_default("addr", "127.0.0.1:8080")?
            .set_default("data_dir", "./var")?
            .set_default("web_dir", ".")?
            .set_default("mode", "development")?
            .set_default("postgres_database_prefix", "portal_")?
            .set_default("database_max_connections", 10)?
            .set_default("cache_prefix", "portal:")?
            .set_default("cache_capacity", 100_000)?
            .set_default("workers", 0)?
            .set_default("shutdown_timeout_secs", 30)?
            .set_default("log_filter", "info,sqlx=warn")?
            .set_default("remotes.mfe_auth", "/mfe/auth/mf-manifest.json")?
            .set_default("remotes.mfe_part", "/mfe/part/mf-manifest.json")?
            .set_default("remotes.mfe_component", "/mfe/component/mf-manifest.json")?
            .set_default("remotes.mfe_mat", "/mfe/mat/mf-manifest.json")?;
        Ok(builder)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(key, value)| ((*key).to_owned(), (*value).to_owned()))
            .collect()
    }

    #[test]
    fn defaults_apply_without_file_or_environment() -> anyhow::Result<()> {
        let settings = Settings::default_values()?;
        assert_eq!(settings.addr, "127.0.0.1:8080");
        assert_eq!(settings.data_dir, PathBuf::from("./var"));
        assert_eq!(settings.web_dir, PathBuf::from("."));
        assert_eq!(settings.mode, Mode::Development);
        assert!(settings.redis_url.is_none());
        assert_eq!(
            settings.remotes.get("mfe_part").map(String::as_str),
            Some("/mfe/part/mf-manifest.json")
        );
        assert_eq!(settings.remotes.len(), 4);
        Ok(())
    }

    #[test]
    fn production_needs_real_senders_and_a_public_url() -> anyhow::Result<()> {
        let mut settings = Settings::default_values()?;
        assert_eq!(settings.production_problems().len(), 3);
        settings.accounts.sms_sender = "aliyun".to_owned();
        settings.accounts.email_sender = "smtp".to_owned();
        settings.public_url = Some("https://portal.example.com".to_owned());
        assert_eq!(settings.production_problems(), Vec::<String>::new());
        Ok(())
    }

    #[test]
    fn environment_overrides_defaults_including_nested_keys() -> anyhow::Result<()> {
        let settings = Settings::load_from(
            None,
            env(&[
                ("PORTAL_ADDR", "0.0.0.0:9000"),
                ("PORTAL_DATA_DIR", "/srv/portal"),
                ("PORTAL_MODE", "production"),
                ("PORTAL_REDIS_URL", "redis://cache:6379"),
                (
                    "PORTAL_REMOTES__MFE_PART",
                    "http://cdn.example/part/mf-manifest.json",
                ),
                ("PORTAL_DATABASES__PART", "postgres://db/part"),
                ("PORTAL_WORKERS", "4"),
                ("PORTAL_DATABASE_MAX_CONNECTIONS", "5"),
                ("PORTAL_TEST_POSTGRES_URL", "postgres://ignored"),
                ("OTHER_ADDR", "ignored"),
            ]),
        )?;
        assert_eq!(settings.addr, "0.0.0.0:9000");
        assert_eq!(settings.data_dir, PathBuf::from("/srv/portal"));
        assert_eq!(settings.mode, Mode::Production);
        assert_eq!(settings.redis_url.as_deref(), Some("redis://cache:6379"));
        assert_eq!(
            settings.remotes.get("mfe_part").map(String::as_str),
            Some("http://cdn.example/part/mf-manifest.json")
        );
        assert_eq!(
            settings.remotes.get("mfe_auth").map(String::as_str),
            Some("/mfe/auth/mf-manifest.json")
        );
        assert_eq!(
            settings.databases.get("part").map(String::as_str),
            Some("postgres://db/part")
        );
        assert!(settings.postgres_url.is_none());
        assert_eq!(settings.workers, 4);
        assert_eq!(settings.database_max_connections, 5);
        Ok(())
    }

    #[test]
    fn file_layers_between_defaults_and_environment() -> anyhow::Result<()> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("portal.toml");
        std::fs::write(
            &path,
            "addr = \"127.0.0.1:7000\"\nweb_dir = \"/srv/web\"\n[remotes]\nmfe_mat = \"/x/mat.json\"\n",
        )?;
        let path = path.to_string_lossy().into_owned();
        let settings = Settings::load_from(Some(&path), env(&[("PORTAL_ADDR", "127.0.0.1:7001")]))?;
        assert_eq!(settings.addr, "127.0.0.1:7001");
        assert_eq!(settings.web_dir, PathBuf::from("/srv/web"));
        assert_eq!(
            settings.remotes.get("mfe_mat").map(String::as_str),
            Some("/x/mat.json")
        );
        Ok(())
    }

    #[test]
    fn accounts_keys_have_defaults_and_nested_overrides() -> anyhow::Result<()> {
        let defaults = Settings::default_values()?;
        assert_eq!(defaults.accounts.access_token_minutes, 30);
        assert_eq!(defaults.accounts.password_hash.memory_kib, 19 * 1024);
        assert_eq!(defaults.accounts.sms_sender, "outbox");
        let settings = Settings::load_from(
            None,
            env(&[
                ("PORTAL_ACCOUNTS__ACCESS_TOKEN_MINUTES", "15"),
                ("PORTAL_ACCOUNTS__PASSWORD_HASH__MEMORY_KIB", "65536"),
                ("PORTAL_ACCOUNTS__SMTP__HOST", "smtp.example.com"),
                ("PORTAL_ACCOUNTS__SYSTEM_URL", "http://system:8080"),
            ]),
        )?;
        assert_eq!(settings.accounts.access_token_minutes, 15);
        assert_eq!(settings.accounts.password_hash.memory_kib, 65536);
        assert_eq!(
            settings.accounts.password_hash.iterations, 2,
            "siblings keep defaults"
        );
        assert_eq!(settings.accounts.smtp.host, "smtp.example.com");
        assert_eq!(settings.accounts.smtp.port, 25);
        assert_eq!(
            settings.accounts.system_url.as_deref(),
            Some("http://system:8080")
        );
        Ok(())
    }

    #[test]
    fn bad_values_are_reported() {
        let result = Settings::load_from(None, env(&[("PORTAL_MODE", "staging")]));
        assert!(result.is_err());
    }

    #[test]
    fn a_named_file_must_exist() {
        let result = Settings::load_from(Some("/nonexistent/portal.toml"), env(&[]));
        assert!(result.is_err());
    }
}
