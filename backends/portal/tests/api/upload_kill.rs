//! kill -9 of the real `portal` binary in the middle of a chunked upload (docs/files.md): a
//! restart on the same data directory resumes the upload; it completes with every part once and
//! the right digest.

use std::{
    io::Write,
    path::{Path, PathBuf},
    process::Child,
    time::Duration,
};

use anyhow::Context;
use serde_json::{json, Value};

use crate::binary::{admin_create, start_serving};
use crate::helpers::write_web_root;

const FILE: &str = "/to/api/base/file";
const PART_SIZE: usize = 3 * 1024 * 1024;
const PASSWORD: &str = "Str0ng!pass";

/// A running `portal serve` on a free port, its logs in a file of the data directory.
struct Portal {
    child: Child,
    url: String,
    client: reqwest::Client,
}

impl Portal {
    async fn start(dir: &Path, run: usize) -> anyhow::Result<Self> {
        let log = std::fs::File::create(dir.join(format!("portal-{run}.log")))?;
        let (child, url) = start_serving(dir, log).await?;
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(60))
            .build()?;
        Ok(Self { child, url, client })
    }

    /// kill -9: no shutdown, no flushing, no goodbye.
    fn kill_9(mut self) -> anyhow::Result<()> {
        let status = std::process::Command::new("kill")
            .args(["-KILL", &self.child.id().to_string()])
            .status()?;
        anyhow::ensure!(status.success(), "kill -9 failed");
        let exit = self.child.wait()?;
        anyhow::ensure!(!exit.success(), "the portal exited normally: {exit}");
        Ok(())
    }

    async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
        token: Option<&str>,
    ) -> anyhow::Result<Value> {
        let mut request = self.client.request(method, format!("{}{path}", self.url));
        if let Some(body) = body {
            request = request.json(&body);
        }
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await?;
        anyhow::ensure!(response.status().as_u16() == 200, "{path}: {response:?}");
        let body: Value = response.json().await.context("body is not JSON")?;
        anyhow::ensure!(body["code"] == 0, "{path}: {body}");
        Ok(body["data"].clone())
    }

    async fn login(&self) -> anyhow::Result<String> {
        let data = self
            .call(
                reqwest::Method::POST,
                "/to/api/base/system/auth/login",
                Some(json!({"email": "root@example.com", "password": PASSWORD, "userType": 2})),
                None,
            )
            .await?;
        data["accessToken"]
            .as_str()
            .map(str::to_owned)
            .context("no access token")
    }

    async fn init(&self, token: &str, size: usize, md5: &str) -> anyhow::Result<Value> {
        self.call(
            reqwest::Method::POST,
            &format!("{FILE}/bigfile/init"),
            Some(
                json!({"type": 3, "bizCode": "ModelFiles", "fileName": "断电 kill.step",
                        "storageType": 11, "size": size, "md5": md5}),
            ),
            Some(token),
        )
        .await
    }

    /// The signed part URL from this process.
    async fn part_url(
        &self,
        token: &str,
        session: &Value,
        number: usize,
    ) -> anyhow::Result<String> {
        let data = self
            .call(
                reqwest::Method::GET,
                &format!(
                    "{FILE}/bigfile/getPartUploadUrl?uploadId={}&chunkIndex={number}&path={}&storageType=11",
                    session["uploadId"].as_str().context("uploadId")?,
                    session["path"].as_str().context("path")?,
                ),
                None,
                Some(token),
            )
            .await?;
        data["singedUrl"]
            .as_str()
            .map(str::to_owned)
            .context("no singedUrl")
    }

    /// Uploads the given parts of `bytes`; answers (part number, ETag without quotes).
    async fn put_parts(
        &self,
        token: &str,
        session: &Value,
        bytes: &[u8],
        parts: std::ops::RangeInclusive<usize>,
    ) -> anyhow::Result<Vec<(u64, String)>> {
        let mut etags = Vec::new();
        for number in parts {
            let url = self.part_url(token, session, number).await?;
            let chunk = chunk(bytes, number);
            let response = self
                .client
                .put(&url)
                .header("Content-Type", "application/octet-stream")
                .body(chunk.to_vec())
                .send()
                .await?;
            anyhow::ensure!(response.status().as_u16() == 200, "PUT part {number}");
            let etag = response
                .headers()
                .get("etag")
                .and_then(|value| value.to_str().ok())
                .context("no ETag")?;
            let etag = storage::unquote(etag).to_owned();
            assert_eq!(etag, storage::md5_hex(chunk), "part {number}");
            etags.push((number as u64, etag));
        }
        Ok(etags)
    }
}

impl Drop for Portal {
    fn drop(&mut self) {
        // A failed test must not leave the server running.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn chunk(bytes: &[u8], number: usize) -> &[u8] {
    &bytes[(number - 1) * PART_SIZE..(number * PART_SIZE).min(bytes.len())]
}

/// A STEP-looking file (the magic bytes the model category checks).
fn step_file(len: usize) -> Vec<u8> {
    let mut bytes: Vec<u8> = (0..len)
        .map(|i| (i % 251) as u8 ^ (i / 7919) as u8)
        .collect();
    let header = b"ISO-10303-21;\nHEADER;\n";
    bytes[..header.len()].copy_from_slice(header);
    bytes
}

/// Sends the head of a part PUT and half its body over a plain socket, and leaves the request
/// hanging (the socket is answered, open, to the caller).
fn half_a_put(url: &str, body: &[u8]) -> anyhow::Result<std::net::TcpStream> {
    let url = reqwest::Url::parse(url)?;
    let address = format!(
        "{}:{}",
        url.host_str().context("host")?,
        url.port().context("port")?
    );
    let mut stream = std::net::TcpStream::connect(address)?;
    let query = url.query().map(|q| format!("?{q}")).unwrap_or_default();
    write!(
        stream,
        "PUT {}{query} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/octet-stream\r\n\
         Content-Length: {}\r\n\r\n",
        url.path(),
        url.host_str().unwrap_or_default(),
        body.len()
    )?;
    stream.write_all(&body[..body.len() / 2])?;
    stream.flush()?;
    Ok(stream)
}

/// The files of the upload's folder on disk.
fn upload_files(data_dir: &Path, upload_id: &str) -> Vec<String> {
    let dir: PathBuf = data_dir.join("files/uploads").join(upload_id);
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| entry.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[tokio::test]
async fn a_killed_portal_resumes_the_upload_after_a_restart() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let data_dir = dir.path().join("var");
    write_web_root(&dir.path().join("web"))?;
    let created = admin_create(
        dir.path(),
        &["--username", "root", "--email", "root@example.com"],
        PASSWORD,
    )?;
    assert!(
        created.status.success(),
        "{}",
        String::from_utf8_lossy(&created.stderr)
    );
    let bytes = step_file(4 * PART_SIZE + 54321);
    let md5 = storage::md5_hex(&bytes);

    let portal = Portal::start(dir.path(), 1).await?;
    let token = portal.login().await?;
    let session = portal.init(&token, bytes.len(), &md5).await?;
    let upload_id = session["uploadId"].as_str().context("uploadId")?.to_owned();
    let mut etags = portal.put_parts(&token, &session, &bytes, 1..=3).await?;
    // Part 4 is on its way: the server is writing its temporary file when the process dies.
    let url = portal.part_url(&token, &session, 4).await?;
    let hanging = tokio::task::spawn_blocking({
        let part = chunk(&bytes, 4).to_vec();
        move || half_a_put(&url, &part)
    })
    .await??;
    let mut receiving = false;
    for _ in 0..200 {
        if upload_files(&data_dir, &upload_id)
            .iter()
            .any(|name| name.starts_with("00004.tmp-"))
        {
            receiving = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert!(
        receiving,
        "part 4 never started: {:?}",
        upload_files(&data_dir, &upload_id)
    );
    portal.kill_9()?;
    drop(hanging);

    let portal = Portal::start(dir.path(), 2).await?;
    // The token of the killed process is still valid: sessions live in the database.
    let resumed = portal.init(&token, bytes.len(), &md5).await?;
    assert_eq!(resumed["uploadId"], session["uploadId"], "{resumed}");
    assert_eq!(resumed["path"], session["path"]);
    let reported: Vec<(u64, String)> = resumed["uploadedParts"]
        .as_array()
        .context("uploadedParts")?
        .iter()
        .map(|part| {
            (
                part["partNumber"].as_u64().unwrap_or_default(),
                part["etag"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        reported, etags,
        "exactly parts 1–3, each once, with their digests (the half part 4 is not a part)"
    );
    etags.extend(portal.put_parts(&token, &resumed, &bytes, 4..=5).await?);
    let etag_list: Vec<Value> = etags
        .iter()
        .map(|(number, etag)| json!({"partNumber": number, "etag": format!("\"{etag}\"")}))
        .collect();
    let completed = portal
        .call(
            reqwest::Method::POST,
            &format!("{FILE}/bigfile/complete"),
            Some(
                json!({"path": session["path"], "uploadId": upload_id, "storageType": 11,
                        "etags": etag_list}),
            ),
            Some(&token),
        )
        .await?;
    // The parts, the half part's temporary file included, are gone once assembled.
    assert_eq!(upload_files(&data_dir, &upload_id), Vec::<String>::new());
    let file = portal
        .call(
            reqwest::Method::POST,
            &format!("{FILE}/bigfile/create"),
            Some(
                json!({"type": 3, "business": "ModelFiles", "storageType": 11,
                        "compressType": 0, "fileName": "断电 kill.step",
                        "fileMineType": "application/octet-stream", "path": session["path"],
                        "fileUrl": completed, "size": bytes.len(), "id": upload_id}),
            ),
            Some(&token),
        )
        .await?;
    assert_eq!(file["size"], bytes.len(), "{file}");
    let content = portal
        .client
        .get(format!(
            "{}{}",
            portal.url,
            file["url"].as_str().context("url")?
        ))
        .bearer_auth(&token)
        .send()
        .await?;
    assert_eq!(content.status().as_u16(), 200);
    let content = content.bytes().await?;
    assert_eq!(content.len(), bytes.len());
    assert_eq!(storage::md5_hex(&content), md5, "the file's digest");
    portal.kill_9()?;
    Ok(())
}
