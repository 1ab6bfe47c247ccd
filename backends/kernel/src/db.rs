//! Database pools: SQLite by default, PostgreSQL when a URL is given.
//!
//! `sqlx::Any` cannot decode UUIDs, timestamps or JSON, so stores are written per backend
//! (a trait with a SQLite and a PostgreSQL implementation) and dispatch on [`Database`].

use std::{path::Path, str::FromStr, time::Duration};

use anyhow::Context;
use sqlx::{
    migrate::Migrator,
    postgres::{PgConnectOptions, PgPoolOptions},
    sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous},
    ConnectOptions, Connection, PgPool, SqlitePool,
};

use crate::Settings;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A service's migrations, one folder per backend (`migrations/sqlite`, `migrations/postgres`).
#[derive(Clone, Copy)]
pub struct Migrations {
    pub sqlite: &'static Migrator,
    pub postgres: &'static Migrator,
}

/// A connection pool to one service's own database.
#[derive(Debug, Clone)]
pub enum Database {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Where a service's database lives, resolved from the settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DatabaseLocation {
    /// A `sqlite:` URL; the file is created if missing.
    Sqlite(String),
    /// A `postgres://` URL naming the database; `create` says whether to create it if missing.
    Postgres { url: String, create: bool },
}

impl DatabaseLocation {
    /// Explicit `databases.<service>` URL → that; else `postgres_url` → database
    /// `<prefix><service>` on that server (created if missing); else a SQLite file
    /// `<data_dir>/<service>.db`.
    pub fn resolve(settings: &Settings, service: &str) -> anyhow::Result<Self> {
        if let Some(url) = settings.databases.get(service) {
            return Self::from_url(url);
        }
        if let Some(server) = &settings.postgres_url {
            let database = format!("{}{service}", settings.postgres_database_prefix);
            return Ok(Self::Postgres {
                url: postgres_url_with_database(server, &database)?,
                create: true,
            });
        }
        let path = settings.data_dir.join(format!("{service}.db"));
        Ok(Self::Sqlite(format!("sqlite://{}", path.display())))
    }

    fn from_url(url: &str) -> anyhow::Result<Self> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Self::Postgres {
                url: url.to_owned(),
                create: true,
            })
        } else if url.starts_with("sqlite:") {
            Ok(Self::Sqlite(url.to_owned()))
        } else {
            anyhow::bail!("unsupported database URL (expected sqlite: or postgres://)")
        }
    }
}

/// Replaces the database name of a PostgreSQL URL, keeping host, user, password and options.
pub fn postgres_url_with_database(server_url: &str, database: &str) -> anyhow::Result<String> {
    anyhow::ensure!(
        !database.is_empty()
            && database
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_'),
        "invalid PostgreSQL database name {database:?}"
    );
    let (base, query) = match server_url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (server_url, None),
    };
    let scheme_end = base.find("://").context("PostgreSQL URL without scheme")? + 3;
    let authority_end = base[scheme_end..]
        .find('/')
        .map_or(base.len(), |index| scheme_end + index);
    let mut url = format!("{}/{database}", &base[..authority_end]);
    if let Some(query) = query {
        url.push('?');
        url.push_str(query);
    }
    Ok(url)
}

/// Creates `path` readable and writable by this user only (0600) if it does not exist, and
/// narrows an existing file to 0600. SQLite gives its `-wal` and `-shm` files the database
/// file's mode, so they are private too.
pub fn create_private_file(path: &Path) -> anyhow::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options
        .open(path)
        .with_context(|| format!("creating {}", path.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
            .with_context(|| format!("making {} private", path.display()))?;
    }
    Ok(())
}

impl Database {
    /// Connects (creating the SQLite file or the PostgreSQL database when missing).
    pub async fn connect(
        location: &DatabaseLocation,
        max_connections: u32,
    ) -> anyhow::Result<Self> {
        match location {
            DatabaseLocation::Sqlite(url) => {
                let options = SqliteConnectOptions::from_str(url)
                    .context("invalid SQLite URL")?
                    .create_if_missing(true)
                    .journal_mode(SqliteJournalMode::Wal)
                    .synchronous(SqliteSynchronous::Normal)
                    .foreign_keys(true)
                    .busy_timeout(Duration::from_secs(5));
                if let Some(parent) = Path::new(options.get_filename()).parent() {
                    if !parent.as_os_str().is_empty() {
                        std::fs::create_dir_all(parent).with_context(|| {
                            format!("creating the data directory {}", parent.display())
                        })?;
                    }
                }
                let filename = options.get_filename();
                if filename != Path::new(":memory:") && !filename.as_os_str().is_empty() {
                    create_private_file(filename)?;
                }
                let pool = SqlitePoolOptions::new()
                    .max_connections(max_connections.max(1))
                    .acquire_timeout(Duration::from_secs(10))
                    .connect_with(options)
                    .await
                    .with_context(|| format!("opening SQLite database {url}"))?;
                Ok(Self::Sqlite(pool))
            }
            DatabaseLocation::Postgres { url, create } => {
                let options = PgConnectOptions::from_str(url).context("invalid PostgreSQL URL")?;
                if *create {
                    create_postgres_database_if_missing(&options).await?;
                }
                let pool = PgPoolOptions::new()
                    .max_connections(max_connections.max(1))
                    .acquire_timeout(Duration::from_secs(10))
                    .connect_with(options)
                    .await
                    .context("connecting to PostgreSQL")?;
                Ok(Self::Postgres(pool))
            }
        }
    }

    pub fn backend(&self) -> Backend {
        match self {
            Self::Sqlite(_) => Backend::Sqlite,
            Self::Postgres(_) => Backend::Postgres,
        }
    }

    /// Applies the service's migrations for this backend.
    pub async fn migrate(&self, migrations: &Migrations) -> anyhow::Result<()> {
        match self {
            Self::Sqlite(pool) => migrations.sqlite.run(pool).await,
            Self::Postgres(pool) => migrations.postgres.run(pool).await,
        }
        .context("running database migrations")
    }

    /// A trivial query, for the readiness check.
    pub async fn ping(&self) -> anyhow::Result<()> {
        match self {
            Self::Sqlite(pool) => sqlx::query("SELECT 1").execute(pool).await.map(drop),
            Self::Postgres(pool) => sqlx::query("SELECT 1").execute(pool).await.map(drop),
        }
        .context("database ping")
    }

    pub async fn close(&self) {
        match self {
            Self::Sqlite(pool) => pool.close().await,
            Self::Postgres(pool) => pool.close().await,
        }
    }
}

/// Creates the database named in `options` on its server unless it exists.
async fn create_postgres_database_if_missing(options: &PgConnectOptions) -> anyhow::Result<()> {
    let database = options
        .get_database()
        .context("the PostgreSQL URL names no database")?
        .to_owned();
    let mut admin = options
        .clone()
        .database("postgres")
        .connect()
        .await
        .context("connecting to the PostgreSQL server")?;
    let exists: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
            .bind(&database)
            .fetch_one(&mut admin)
            .await
            .context("looking up the PostgreSQL database")?;
    if !exists {
        // The name is not a bind parameter in DDL; quote it as an identifier.
        let statement = format!("CREATE DATABASE \"{}\"", database.replace('"', "\"\""));
        match sqlx::query(&statement).execute(&mut admin).await {
            Ok(_) => tracing::info!(database = %database, "created PostgreSQL database"),
            // Another process created it in the meantime (42P04 duplicate_database).
            Err(sqlx::Error::Database(error)) if error.code().as_deref() == Some("42P04") => {}
            Err(error) => {
                return Err(error).with_context(|| format!("creating database {database}"))
            }
        }
    }
    admin.close().await.ok();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_database_of_a_postgres_url() -> anyhow::Result<()> {
        assert_eq!(
            postgres_url_with_database(
                "postgres://postgres@127.0.0.1:5432/postgres",
                "portal_part"
            )?,
            "postgres://postgres@127.0.0.1:5432/portal_part"
        );
        assert_eq!(
            postgres_url_with_database("postgres://u:p@db?sslmode=disable", "portal_mat")?,
            "postgres://u:p@db/portal_mat?sslmode=disable"
        );
        assert!(postgres_url_with_database("postgres://db/x", "bad;name").is_err());
        Ok(())
    }

    /// The SQLite files hold password hashes and token digests: this user's alone.
    #[cfg(unix)]
    #[tokio::test]
    async fn sqlite_files_are_private() -> anyhow::Result<()> {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("system.db");
        let location = DatabaseLocation::Sqlite(format!("sqlite://{}", path.display()));
        let db = Database::connect(&location, 1).await?;
        if let Database::Sqlite(pool) = &db {
            sqlx::query("CREATE TABLE t (x INTEGER)")
                .execute(pool)
                .await?;
        }
        for file in ["system.db", "system.db-wal", "system.db-shm"] {
            let mode = std::fs::metadata(dir.path().join(file))?
                .permissions()
                .mode()
                & 0o777;
            assert_eq!(mode, 0o600, "{file}");
        }
        db.close().await;
        Ok(())
    }

    #[test]
    fn resolves_locations_from_settings() -> anyhow::Result<()> {
        let mut settings = Settings::default_values()?;
        assert_eq!(
            DatabaseLocation::resolve(&settings, "part")?,
            DatabaseLocation::Sqlite("sqlite://./var/part.db".to_owned())
        );
        settings.postgres_url = Some("postgres://postgres@127.0.0.1:5432/postgres".to_owned());
        assert_eq!(
            DatabaseLocation::resolve(&settings, "part")?,
            DatabaseLocation::Postgres {
                url: "postgres://postgres@127.0.0.1:5432/portal_part".to_owned(),
                create: true
            }
        );
        settings
            .databases
            .insert("part".to_owned(), "sqlite:///tmp/p.db".to_owned());
        assert_eq!(
            DatabaseLocation::resolve(&settings, "part")?,
            DatabaseLocation::Sqlite("sqlite:///tmp/p.db".to_owned())
        );
        settings
            .databases
            .insert("mat".to_owned(), "mysql://nope".to_owned());
        assert!(DatabaseLocation::resolve(&settings, "mat").is_err());
        Ok(())
    }

    #[tokio::test]
    async fn sqlite_creates_its_directory_and_answers() -> anyhow::Result<()> {
        let dir = tempfile::tempdir()?;
        let url = format!("sqlite://{}/nested/dir/test.db", dir.path().display());
        let db = Database::connect(&DatabaseLocation::Sqlite(url), 2).await?;
        db.ping().await?;
        assert_eq!(db.backend(), Backend::Sqlite);
        if let Database::Sqlite(pool) = &db {
            let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
                .fetch_one(pool)
                .await?;
            assert_eq!(mode, "wal");
            let foreign_keys: i64 = sqlx::query_scalar("PRAGMA foreign_keys")
                .fetch_one(pool)
                .await?;
            assert_eq!(foreign_keys, 1);
        }
        db.close().await;
        assert!(dir.path().join("nested/dir/test.db").exists());
        Ok(())
    }
}
