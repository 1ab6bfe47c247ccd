//! The real `portal` binary: start-up line, serving, import, graceful stop on SIGTERM.

use std::{
    io::{BufRead, BufReader, Read},
    process::{Command, Stdio},
    time::{Duration, Instant},
};

use anyhow::Context;

use crate::helpers::write_web_root;

/// A command for the built binary with a clean `PORTAL_*` environment, run in `dir` (so no
/// stray `portal.toml` is read).
pub(crate) fn portal_command(dir: &std::path::Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_portal"));
    for (key, _) in std::env::vars() {
        if key.starts_with("PORTAL_") || key == "RUST_LOG" {
            command.env_remove(key);
        }
    }
    command
        .current_dir(dir)
        .env("PORTAL_DATA_DIR", dir.join("var"))
        .env("PORTAL_WEB_DIR", dir.join("web"))
        // No test here searches by shape (see `spawn_portal`) nor reads a library's items: the
        // seeds cost about a minute of CPU per start (the services' tests start seeded portals).
        .env("PORTAL_SEARCH__SHAPE_FINGERPRINTS", "false")
        .env("PORTAL_PART_SEED_DIR", "none")
        .env("PORTAL_COMPONENT_SEED_DIR", "none")
        .env("PORTAL_MAT_SEED_DIR", "none");
    command
}

/// Starts `portal serve` on a free port of 127.0.0.1 in `dir` and waits for the line that names
/// its URL; `stderr` receives the log.
pub(crate) async fn start_serving(
    dir: &std::path::Path,
    stderr: impl Into<Stdio>,
) -> anyhow::Result<(std::process::Child, String)> {
    let mut child = portal_command(dir)
        .args(["serve", "--addr", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .context("starting portal")?;
    let stdout = child.stdout.take().context("no stdout")?;
    let first_line = tokio::task::spawn_blocking(move || {
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).map(|_| line)
    })
    .await??;
    let Some(url) = first_line.trim().strip_prefix("Portal listening on ") else {
        // Say why: an empty line is the portal having exited (its stdout closed) before it listened.
        let _ = child.kill();
        let status = child.wait()?;
        let mut logs = String::new();
        if let Some(mut stderr) = child.stderr.take() {
            let _ = stderr.read_to_string(&mut logs);
        }
        let lines: Vec<&str> = logs.lines().collect();
        anyhow::bail!(
            "unexpected first line {first_line:?}; the portal ended with {status}; the last lines of its log (if piped):\n{}",
            lines[lines.len().saturating_sub(30)..].join("\n")
        );
    };
    let url = url.to_owned();
    Ok((child, url))
}

#[tokio::test]
async fn serve_prints_its_url_and_stops_gracefully() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    write_web_root(&dir.path().join("web"))?;
    let (mut child, url) = start_serving(dir.path(), Stdio::piped()).await?;
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");

    let ready: serde_json::Value = reqwest::get(format!("{url}/health/ready"))
        .await?
        .json()
        .await?;
    assert_eq!(ready["data"]["status"], "ready", "{ready}");
    let shell = reqwest::get(format!("{url}/mat")).await?.text().await?;
    assert!(shell.contains("<div id=\"root\"></div>"));
    let tree: serde_json::Value =
        reqwest::get(format!("{url}/to/api/public/component/category/tree"))
            .await?
            .json()
            .await?;
    assert!(tree["data"]
        .as_array()
        .is_some_and(|roots| roots.len() >= 3));

    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()?;
    assert!(status.success());
    let started = Instant::now();
    let exit = loop {
        if let Some(exit) = child.try_wait()? {
            break exit;
        }
        anyhow::ensure!(
            started.elapsed() < Duration::from_secs(15),
            "portal did not stop"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(exit.success(), "exit status {exit}");
    let mut logs = String::new();
    child
        .stderr
        .take()
        .context("no stderr")?
        .read_to_string(&mut logs)?;
    assert!(logs.contains("database pools closed"), "{logs}");
    // Logs are JSON lines.
    let first_log = logs.lines().next().unwrap_or_default();
    assert!(
        serde_json::from_str::<serde_json::Value>(first_log).is_ok(),
        "{first_log}"
    );
    Ok(())
}

#[test]
fn import_categories_reports_counts() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let output = portal_command(dir.path())
        .args(["import", "categories", "--library", "component"])
        .output()?;
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout)?;
    assert!(stdout.starts_with("component: "), "{stdout}");
    assert!(
        stdout.contains("updated 0, unchanged 0, stale 0"),
        "{stdout}"
    );
    assert_eq!(stdout.lines().count(), 1);

    let output = portal_command(dir.path())
        .args(["import", "categories", "--library", "steel"])
        .output()?;
    assert!(!output.status.success(), "an unknown library is refused");
    Ok(())
}

/// Runs `portal admin create …` with `password` on standard input.
pub(crate) fn admin_create(
    dir: &std::path::Path,
    args: &[&str],
    password: &str,
) -> anyhow::Result<std::process::Output> {
    use std::io::Write;
    let mut child = portal_command(dir)
        .args(["admin", "create"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    child
        .stdin
        .take()
        .context("no stdin")?
        .write_all(format!("{password}\n").as_bytes())?;
    Ok(child.wait_with_output()?)
}

#[tokio::test]
async fn admin_create_makes_the_first_administrator_who_can_log_in() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let weak = admin_create(
        dir.path(),
        &["--username", "root", "--email", "root@example.com"],
        "password",
    )?;
    assert!(!weak.status.success(), "a weak password is refused");
    assert!(String::from_utf8_lossy(&weak.stderr).contains("密码长度为8-16位"));
    let empty = admin_create(
        dir.path(),
        &["--username", "root", "--email", "root@example.com"],
        "",
    )?;
    assert!(!empty.status.success(), "no default password");

    let created = admin_create(
        dir.path(),
        &["--username", "root", "--email", "root@example.com"],
        "Str0ng!pass",
    )?;
    assert!(
        created.status.success(),
        "{}",
        String::from_utf8_lossy(&created.stderr)
    );
    assert!(String::from_utf8(created.stdout)?.starts_with("administrator root created (id "));
    let again = admin_create(
        dir.path(),
        &["--username", "root", "--email", "other@example.com"],
        "Str0ng!pass",
    )?;
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("用户账号已经存在"));

    let mut settings = kernel::Settings::default_values()?;
    settings.addr = "127.0.0.1:0".to_owned();
    settings.data_dir = dir.path().join("var");
    settings.workers = 1;
    settings.search.shape_fingerprints = false;
    let services = crate::helpers::services_without_items()?;
    let app = kernel::testing::TestApp::spawn(settings, services, None).await?;
    let login: serde_json::Value = app
        .client
        .post(app.url("/to/api/base/system/auth/login"))
        .json(&serde_json::json!({"email": "root@example.com", "password": "Str0ng!pass", "userType": 2}))
        .send()
        .await?
        .json()
        .await?;
    assert_eq!(login["code"], 0, "{login}");
    let token = login["data"]["accessToken"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let info: serde_json::Value = app
        .client
        .get(app.url("/to/api/base/system/auth/get-permission-info?appType=1"))
        .bearer_auth(token)
        .send()
        .await?
        .json()
        .await?;
    assert_eq!(
        info["data"]["permissions"],
        serde_json::json!(["*:*:*"]),
        "{info}"
    );
    app.stop().await;
    Ok(())
}
