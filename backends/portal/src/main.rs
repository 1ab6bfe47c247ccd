//! `portal`: the all-in-one binary.
//!
//! `portal serve` runs every service, the API docs and the web front end on one address;
//! `portal import categories` re-applies the category taxonomies from `data/`;
//! `portal import components` imports KiCad libraries (default: the seed in data/components);
//! `portal openapi` prints the services' OpenAPI documents (source of the front end's API types).

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};
use kernel::{Application, Settings};

#[derive(Parser)]
#[command(
    name = "portal",
    version,
    about = "零部件 / 元器件 / 材料 engineering library portal: every service in one process"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the APIs, the API docs and the built web front end (configuration: PORTAL_* or portal.toml).
    Serve {
        /// Listen address (overrides PORTAL_ADDR).
        #[arg(long)]
        addr: Option<String>,
        /// Directory containing shell/dist and mfe-*/dist (overrides PORTAL_WEB_DIR).
        #[arg(long)]
        web_dir: Option<PathBuf>,
        /// Data directory for the SQLite files (overrides PORTAL_DATA_DIR).
        #[arg(long)]
        data_dir: Option<PathBuf>,
    },
    /// Load project data into the services' databases.
    Import {
        #[command(subcommand)]
        what: ImportCommand,
    },
    /// Print the OpenAPI document of every service (a JSON object keyed by service name), or of
    /// one service with --service, as `serve` publishes them; starts no server.
    Openapi {
        /// Only this service's document (system, part, component or mat), printed as it is.
        #[arg(long)]
        service: Option<String>,
    },
    /// Administration of accounts.
    Admin {
        #[command(subcommand)]
        what: AdminCommand,
    },
}

#[derive(Subcommand)]
enum AdminCommand {
    /// Create an administrator (role super_admin, permission *:*:*). The password is read from
    /// the first line of standard input; there is no default password.
    Create {
        #[arg(long)]
        username: String,
        /// E-mail to log in with (give this or --mobile).
        #[arg(long)]
        email: Option<String>,
        /// Mobile to log in with (give this or --email).
        #[arg(long)]
        mobile: Option<String>,
        /// Data directory for the SQLite files (overrides PORTAL_DATA_DIR).
        #[arg(long)]
        data_dir: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
enum ImportCommand {
    /// Re-apply the category taxonomies (upsert by code) and report the counts.
    Categories {
        /// Only this library (default: all three).
        #[arg(long, value_enum)]
        library: Option<LibraryKey>,
        /// Data directory for the SQLite files (overrides PORTAL_DATA_DIR).
        #[arg(long)]
        data_dir: Option<PathBuf>,
    },
    /// Import KiCad symbol libraries (with the footprints they name) into the component
    /// library: idempotent, bad records are counted and reported (docs/components.md).
    Components {
        /// The seed layout (<dir>/kicad/symbols), a KiCad share directory (<dir>/symbols) or
        /// the fetch script's cache (default: the committed seed, data/components).
        #[arg(long)]
        source: Option<PathBuf>,
        /// Data directory for the SQLite files (overrides PORTAL_DATA_DIR).
        #[arg(long)]
        data_dir: Option<PathBuf>,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum LibraryKey {
    Part,
    Component,
    Mat,
}

impl LibraryKey {
    fn key(self) -> &'static str {
        match self {
            Self::Part => "part",
            Self::Component => "component",
            Self::Mat => "mat",
        }
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let mut settings = Settings::load()?;
    kernel::telemetry::init(&settings.log_filter)?;
    match cli.command {
        Command::Serve {
            addr,
            web_dir,
            data_dir,
        } => {
            if let Some(addr) = addr {
                settings.addr = addr;
            }
            if let Some(web_dir) = web_dir {
                settings.web_dir = web_dir;
            }
            if let Some(data_dir) = data_dir {
                settings.data_dir = data_dir;
            }
            serve(settings).await
        }
        Command::Import {
            what: ImportCommand::Categories { library, data_dir },
        } => {
            if let Some(data_dir) = data_dir {
                settings.data_dir = data_dir;
            }
            let libraries: Vec<_> = portal::library_services()
                .into_iter()
                .filter(|service| library.is_none_or(|key| service.library().key == key.key()))
                .collect();
            for (name, report) in portal::import::import_categories(settings, &libraries).await? {
                println!(
                    "{name}: {} categories (inserted {}, updated {}, unchanged {}, stale {})",
                    report.total, report.inserted, report.updated, report.unchanged, report.stale
                );
            }
            Ok(())
        }
        Command::Import {
            what:
                ImportCommand::Components {
                    source,
                    data_dir,
                    quiet,
                },
        } => {
            if let Some(data_dir) = data_dir {
                settings.data_dir = data_dir;
            }
            let source = source
                .or_else(component_api::default_seed_dir)
                .ok_or_else(|| anyhow::anyhow!("no source: pass --source <dir>"))?;
            let report = portal::import::import_components(settings, &source, !quiet).await?;
            println!(
                "component: {} libraries, {} components read (inserted {}, updated {}, unchanged {}) in {:.1} s; \
                 rejected {}, uncategorised {}, without manufacturer {}, footprints missing {}",
                report.libraries,
                report.read,
                report.stored.inserted,
                report.stored.updated,
                report.stored.unchanged,
                report.elapsed.as_secs_f64(),
                report.rejected,
                report.uncategorised,
                report.without_manufacturer,
                report.missing_footprints
            );
            for reason in &report.reasons {
                println!("  rejected: {reason}");
            }
            Ok(())
        }
        Command::Openapi { service } => {
            let documents = portal::openapi_documents(service.as_deref())?;
            match (service, documents.as_slice()) {
                (Some(_), [(_, document)]) => println!("{document}"),
                _ => {
                    let all: serde_json::Map<String, serde_json::Value> = documents
                        .iter()
                        .map(|(name, json)| Ok(((*name).to_owned(), serde_json::from_str(json)?)))
                        .collect::<anyhow::Result<_>>()?;
                    println!("{}", serde_json::to_string_pretty(&all)?);
                }
            }
            Ok(())
        }
        Command::Admin {
            what:
                AdminCommand::Create {
                    username,
                    email,
                    mobile,
                    data_dir,
                },
        } => {
            if let Some(data_dir) = data_dir {
                settings.data_dir = data_dir;
            }
            let mut password = String::new();
            std::io::stdin().read_line(&mut password)?;
            let password = password.trim_end_matches(['\r', '\n']).to_owned();
            anyhow::ensure!(!password.is_empty(), "no password on standard input");
            let id = system_api::admin::create_administrator(
                settings,
                system_api::admin::NewAdministrator {
                    username: username.clone(),
                    email,
                    mobile,
                    password,
                },
            )
            .await?;
            println!("administrator {username} created (id {id})");
            Ok(())
        }
    }
}

async fn serve(settings: Settings) -> anyhow::Result<()> {
    let host = settings
        .addr
        .rsplit_once(':')
        .map_or("127.0.0.1", |(host, _)| host)
        .to_owned();
    let site = portal::site::mount(&settings);
    let application = Application::build(settings, portal::services(), Some(site)).await?;
    tracing::info!(port = application.port(), "portal listening");
    println!("Portal listening on http://{host}:{}", application.port());
    application.run_until_stopped().await
}
