//! An S3-compatible server for tests: `moto` in server mode (PyPI `moto[server]`, installed by
//! `scripts/test.sh`), started on a free port and stopped when the value is dropped. Without moto
//! the S3 tests fail: a skipped test checks nothing.

use std::{process::Stdio, time::Duration};

use anyhow::Context;

use crate::S3Settings;

/// The Python interpreter to run moto with (default `python3`).
pub const PYTHON_ENV: &str = "PORTAL_TEST_PYTHON";
/// moto refuses parts under this size except the last. AWS S3 and MinIO use 5 MiB; the
/// stores the spec's 3 MB chunks are meant for accept smaller parts (docs/files.md).
pub const MIN_PART_SIZE: u64 = 1024 * 1024;

pub struct MotoServer {
    pub endpoint: String,
    _child: tokio::process::Child,
}

impl MotoServer {
    pub async fn start() -> anyhow::Result<Self> {
        let python = std::env::var(PYTHON_ENV).unwrap_or_else(|_| "python3".to_owned());
        let probe = tokio::process::Command::new(&python)
            .args(["-c", "import moto.server, flask"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .await;
        anyhow::ensure!(
            probe.is_ok_and(|status| status.success()),
            "moto[server] is not installed: python3 -m pip install 'moto[server]' (scripts/test.sh does)"
        );
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .context("finding a free port")?
            .port();
        let child = tokio::process::Command::new(&python)
            .args([
                "-m",
                "moto.server",
                "-H",
                "127.0.0.1",
                "-p",
                &port.to_string(),
            ])
            .env("S3_UPLOAD_PART_MIN_SIZE", MIN_PART_SIZE.to_string())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .context("starting moto")?;
        let address = format!("127.0.0.1:{port}");
        // Readiness wait (not an assertion): the Python server takes a moment to import.
        let mut ready = false;
        for _ in 0..300 {
            if tokio::net::TcpStream::connect(&address).await.is_ok() {
                ready = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        anyhow::ensure!(ready, "moto did not start listening on {address}");
        Ok(Self {
            endpoint: format!("http://{address}"),
            _child: child,
        })
    }

    /// Settings for a fresh bucket of its own on this server.
    pub fn settings(&self) -> S3Settings {
        S3Settings {
            endpoint: self.endpoint.clone(),
            region: "us-east-1".to_owned(),
            bucket: format!("test-{}", uuid::Uuid::new_v4().simple()),
            access_key: "testing".to_owned(),
            secret_key: "testing".to_owned(),
            path_style: true,
            create_bucket: true,
            key_prefix: "portal".to_owned(),
        }
    }
}
