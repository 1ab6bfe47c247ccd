//! Files through the real HTTP API (docs/files.md): on local disk and on a real S3-compatible
//! server (moto, started per test; the S3 tests fail without it),
//! each on SQLite and (when configured) PostgreSQL.

use anyhow::Context;
use hmac::{Hmac, Mac};
use kernel::testing::{TestApp, TestEnvironment};
use serde_json::{json, Value};
use sha2::Sha256;
use storage::{testing::MotoServer, BackendKind, FilesSettings};

use crate::helpers::{execute, fast_settings, signed_in, system_database};

const FILE: &str = "/to/api/base/file";
const MB: usize = 1024 * 1024;
const PART_SIZE: usize = 3 * MB;
const PART_SECRET: &str = "test-part-secret";
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Backend {
    Local,
    S3,
}

struct Harness {
    app: TestApp,
    backend: Backend,
    token: String,
    settings: FilesSettings,
    environment: TestEnvironment,
    _moto: Option<MotoServer>,
}

/// The app with files on `backend` and a signed-in user.
async fn start(environment: TestEnvironment, backend: Backend) -> anyhow::Result<Harness> {
    let mut settings = FilesSettings {
        part_secret: Some(PART_SECRET.to_owned()),
        ..FilesSettings::default()
    };
    let moto = match backend {
        Backend::Local => None,
        Backend::S3 => {
            let moto = MotoServer::start().await?;
            settings.backend = BackendKind::S3;
            settings.s3 = moto.settings();
            Some(moto)
        }
    };
    let app = TestApp::spawn(
        fast_settings(&environment),
        vec![system_api::service_with_files(settings.clone())],
        None,
    )
    .await?;
    let token = signed_in(&app, "uploader@example.com", "上传者").await?;
    Ok(Harness {
        app,
        backend,
        token,
        settings,
        environment,
        _moto: moto,
    })
}

impl Harness {
    async fn json(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
        token: Option<&str>,
    ) -> anyhow::Result<Value> {
        let mut request = self
            .app
            .client
            .request(method, self.app.url(&format!("{FILE}{path}")));
        if let Some(body) = body {
            request = request.json(&body);
        }
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await?;
        assert_eq!(response.status().as_u16(), 200, "{path}");
        response.json().await.context("body is not JSON")
    }

    async fn post(&self, path: &str, body: Value) -> anyhow::Result<Value> {
        self.json(reqwest::Method::POST, path, Some(body), Some(&self.token))
            .await
    }

    /// `POST /upload` as a browser's FormData.
    async fn upload(
        &self,
        token: Option<&str>,
        name: &str,
        biz_code: &str,
        bytes: &[u8],
    ) -> anyhow::Result<Value> {
        let boundary = "----portal-test-boundary";
        let mut body = Vec::new();
        for (field, value) in [("bizCode", biz_code), ("fileName", name), ("type", "3")] {
            body.extend(
                format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"\r\n\r\n{value}\r\n")
                    .as_bytes(),
            );
        }
        body.extend(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"blob\"\r\n\
                 Content-Type: application/octet-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend(bytes);
        body.extend(format!("\r\n--{boundary}--\r\n").as_bytes());
        let mut request = self
            .app
            .client
            .post(self.app.url(&format!("{FILE}/upload")))
            .header(
                "Content-Type",
                format!("multipart/form-data; boundary={boundary}"),
            )
            .body(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await?;
        assert_eq!(response.status().as_u16(), 200);
        response.json().await.context("body is not JSON")
    }

    async fn init(
        &self,
        name: &str,
        biz_code: &str,
        size: usize,
        md5: Option<&str>,
    ) -> anyhow::Result<Value> {
        self.post(
            "/bigfile/init",
            json!({"type": 3, "bizCode": biz_code, "fileName": name, "storageType": 11,
                   "size": size, "md5": md5}),
        )
        .await
    }

    /// Asks for the part URL and PUTs the chunk there without credentials; answers the ETag.
    async fn put_part(
        &self,
        session: &Value,
        part_number: usize,
        chunk: &[u8],
    ) -> anyhow::Result<String> {
        let path = format!(
            "/bigfile/getPartUploadUrl?uploadId={}&chunkIndex={part_number}&path={}&storageType=11",
            session["uploadId"].as_str().context("uploadId")?,
            session["path"].as_str().context("path")?,
        );
        let answer = self
            .json(reqwest::Method::GET, &path, None, Some(&self.token))
            .await?;
        assert_eq!(answer["code"], 0, "{answer}");
        let url = answer["data"]["singedUrl"].as_str().context("singedUrl")?;
        let content_type = answer["data"]["header"]["Content-Type"]
            .as_str()
            .context("header")?;
        let response = reqwest::Client::new()
            .put(url)
            .header("Content-Type", content_type)
            .header("Origin", "http://portal.example")
            .body(chunk.to_vec())
            .send()
            .await?;
        assert_eq!(response.status().as_u16(), 200, "PUT {url}");
        if self.backend == Backend::Local {
            assert_eq!(
                response
                    .headers()
                    .get("access-control-expose-headers")
                    .and_then(|v| v.to_str().ok()),
                Some("ETag")
            );
        }
        let etag = response
            .headers()
            .get("etag")
            .and_then(|value| value.to_str().ok())
            .context("no ETag header")?
            .to_owned();
        assert_eq!(etag, format!("\"{}\"", storage::md5_hex(chunk)));
        Ok(etag)
    }

    async fn complete(&self, session: &Value, etags: &[(usize, String)]) -> anyhow::Result<Value> {
        let etags: Vec<Value> = etags
            .iter()
            .map(|(number, etag)| json!({"partNumber": number, "etag": etag}))
            .collect();
        self.post(
            "/bigfile/complete",
            json!({"path": session["path"], "uploadId": session["uploadId"], "storageType": 11,
                   "etags": etags}),
        )
        .await
    }

    async fn create(
        &self,
        session: &Value,
        name: &str,
        size: usize,
        file_url: &Value,
    ) -> anyhow::Result<Value> {
        self.post(
            "/bigfile/create",
            json!({"type": 3, "business": "ModelFiles", "storageType": 11, "compressType": 0,
                   "fileName": name, "fileMineType": "application/octet-stream",
                   "path": session["path"], "fileUrl": file_url, "size": size,
                   "id": session["uploadId"]}),
        )
        .await
    }

    /// The content of a file (following S3's redirect); answers status and bytes.
    async fn content(
        &self,
        url: &str,
        token: Option<&str>,
    ) -> anyhow::Result<(u16, Vec<u8>, String)> {
        let mut request = self.app.client.get(self.app.url(url));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let mut response = request.send().await?;
        if response.status().as_u16() == 302 {
            assert_eq!(self.backend, Backend::S3);
            let location = response
                .headers()
                .get("location")
                .and_then(|value| value.to_str().ok())
                .context("no Location")?
                .to_owned();
            response = reqwest::Client::new().get(location).send().await?;
        }
        let status = response.status().as_u16();
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        Ok((status, response.bytes().await?.to_vec(), content_type))
    }

    async fn file_rows(&self) -> anyhow::Result<i64> {
        let db = system_database(&self.environment.settings).await?;
        let count: i64 = match &db {
            kernel::Database::Sqlite(pool) => {
                sqlx::query_scalar("SELECT COUNT(*) FROM file")
                    .fetch_one(pool)
                    .await?
            }
            kernel::Database::Postgres(pool) => {
                sqlx::query_scalar("SELECT COUNT(*) FROM file")
                    .fetch_one(pool)
                    .await?
            }
        };
        db.close().await;
        Ok(count)
    }

    /// Uploads every part of `bytes` from `first` on; answers (part number, ETag) pairs.
    async fn put_parts(
        &self,
        session: &Value,
        bytes: &[u8],
        parts: std::ops::RangeInclusive<usize>,
    ) -> anyhow::Result<Vec<(usize, String)>> {
        let mut etags = Vec::new();
        for number in parts {
            let chunk = &bytes[(number - 1) * PART_SIZE..(number * PART_SIZE).min(bytes.len())];
            etags.push((number, self.put_part(session, number, chunk).await?));
        }
        Ok(etags)
    }

    async fn stop(self) {
        self.app.stop().await;
    }
}

/// The key of a content address (`…/content/get/<key>[?…]`).
fn key_of(url: &str) -> String {
    let path = url.split('?').next().unwrap_or_default();
    path.rsplit('/').next().unwrap_or_default().to_owned()
}

/// The same signed address with the expiry moved by a second.
fn tampered_expiry(url: &str) -> String {
    let Some((head, rest)) = url.split_once("expires=") else {
        return url.to_owned();
    };
    let (expires, tail) = rest.split_once('&').unwrap_or((rest, ""));
    let moved = expires.parse::<i64>().unwrap_or_default() + 1;
    format!("{head}expires={moved}&{tail}")
}

/// HTTP status and body of a GET (no redirect followed).
async fn answer_of(
    harness: &Harness,
    url: &str,
    token: Option<&str>,
) -> anyhow::Result<(u16, Value)> {
    let mut request = harness.app.client.get(harness.app.url(url));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await?;
    let status = response.status().as_u16();
    let body = response.json::<Value>().await.unwrap_or(Value::Null);
    Ok((status, body))
}

fn assert_code(body: &Value, code: i64) {
    assert_eq!(body["code"], code, "{body}");
    assert_eq!(body["data"], Value::Null, "{body}");
}

/// A STEP-looking file of `len` bytes.
fn step_file(len: usize) -> Vec<u8> {
    let mut bytes: Vec<u8> = (0..len)
        .map(|i| (i % 251) as u8 ^ (i / 7919) as u8)
        .collect();
    let header = b"ISO-10303-21;\nHEADER;\n";
    bytes[..header.len()].copy_from_slice(header);
    bytes
}

fn parts_of(len: usize) -> usize {
    len.div_ceil(PART_SIZE)
}

async fn single_upload(harness: Harness) -> anyhow::Result<()> {
    let mut png = PNG.to_vec();
    png.extend(std::iter::repeat_n(7u8, 1000));
    let uploaded = harness
        .upload(Some(&harness.token), "头像.png", "Images", &png)
        .await?;
    assert_eq!(uploaded["code"], 0, "{uploaded}");
    let data = &uploaded["data"];
    assert!(data["id"].is_string(), "{data}");
    assert_eq!(data["name"], "头像.png");
    assert_eq!(data["category"], "Images");
    assert_eq!(data["mimeType"], "image/png");
    assert_eq!(data["size"], png.len());
    // An image uploaded for another purpose than an avatar or logo is private: its address is
    // its key with an expiring signature.
    let url = data["url"].as_str().context("url")?;
    let key = key_of(url);
    assert_eq!(key.len(), 32, "{url}");
    assert!(
        url.contains("?expires=") && url.contains("&signature="),
        "{url}"
    );
    let (status, bytes, content_type) = harness.content(url, None).await?;
    assert_eq!((status, content_type.as_str()), (200, "image/png"));
    assert_eq!(bytes, png);
    // Without the signature, or by the sequential id, nobody but the owner reads it.
    let unknown = answer_of(&harness, &format!("{FILE}/content/get/999999"), None).await?;
    assert_eq!(unknown.1["code"], 1_002_019_005, "{unknown:?}");
    let id = data["id"].as_str().unwrap_or_default();
    for refused in [
        format!("{FILE}/content/get/{key}"),
        format!("{FILE}/content/get/{id}"),
        url.replace("signature=", "signature=00"),
        tampered_expiry(url),
        format!("{FILE}/content/get/{}", "0".repeat(32)),
    ] {
        assert_eq!(
            answer_of(&harness, &refused, None).await?,
            unknown,
            "{refused}"
        );
    }
    let (status, bytes, _) = harness
        .content(&format!("{FILE}/content/get/{id}"), Some(&harness.token))
        .await?;
    assert_eq!((status, bytes), (200, png.clone()));

    // Avatars are public by their key alone (not enumerable: no sequential id serves them).
    let avatar = harness
        .upload(Some(&harness.token), "me.png", "avatar", &png)
        .await?;
    let avatar_url = avatar["data"]["url"].as_str().context("url")?;
    assert_eq!(
        avatar_url,
        format!("{FILE}/content/get/{}", key_of(avatar_url))
    );
    let (status, _, _) = harness.content(avatar_url, None).await?;
    assert_eq!(status, 200);
    let avatar_id = avatar["data"]["id"].as_str().unwrap_or_default();
    assert_eq!(
        answer_of(&harness, &format!("{FILE}/content/get/{avatar_id}"), None).await?,
        unknown
    );

    // A datasheet is only for its owner.
    let pdf = b"%PDF-1.7\n%\xe2\xe3\n1 0 obj\n".to_vec();
    let uploaded = harness
        .upload(Some(&harness.token), "数据手册.pdf", "DataSheets", &pdf)
        .await?;
    assert_eq!(uploaded["data"]["category"], "DataSheets", "{uploaded}");
    let url = uploaded["data"]["url"].as_str().context("url")?.to_owned();
    let bare = format!("{FILE}/content/get/{}", key_of(&url));
    assert_eq!(answer_of(&harness, &bare, None).await?, unknown);
    let url = bare;
    let stranger = signed_in(&harness.app, "stranger@example.com", "").await?;
    let foreign = harness
        .app
        .client
        .get(harness.app.url(&url))
        .bearer_auth(&stranger)
        .send()
        .await?;
    assert_code(&foreign.json::<Value>().await?, 1_002_019_005);
    let (status, bytes, _) = harness.content(&url, Some(&harness.token)).await?;
    assert_eq!((status, bytes), (200, pdf));
    if harness.backend == Backend::Local {
        let response = harness
            .app
            .client
            .get(harness.app.url(&url))
            .bearer_auth(&harness.token)
            .send()
            .await?;
        let disposition = response
            .headers()
            .get("content-disposition")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        assert!(
            disposition.contains("filename*=UTF-8''%E6%95%B0%E6%8D%AE%E6%89%8B%E5%86%8C.pdf"),
            "{disposition}"
        );
    }
    // Unknown categories become Other; unknown ids are no file.
    let other = harness
        .upload(Some(&harness.token), "notes.txt", "whatever", b"hello")
        .await?;
    assert_eq!(other["data"]["category"], "Other", "{other}");
    harness.stop().await;
    Ok(())
}

async fn chunked_upload_of_20_mb(harness: Harness) -> anyhow::Result<()> {
    let bytes = step_file(20 * MB);
    assert_eq!(parts_of(bytes.len()), 7);
    let md5 = storage::md5_hex(&bytes);
    let init = harness
        .init("支架 bracket.step", "ModelFiles", bytes.len(), Some(&md5))
        .await?;
    assert_eq!(init["code"], 0, "{init}");
    let session = init["data"].clone();
    assert_eq!(session["partSize"], PART_SIZE);
    assert_eq!(session["uploadedParts"], json!([]));
    let etags = harness.put_parts(&session, &bytes, 1..=7).await?;
    let completed = harness.complete(&session, &etags).await?;
    assert_eq!(completed["code"], 0, "{completed}");
    // Nothing is a file before create.
    assert_eq!(harness.file_rows().await?, 0);
    let created = harness
        .create(
            &session,
            "支架 bracket.step",
            bytes.len(),
            &completed["data"],
        )
        .await?;
    assert_eq!(created["code"], 0, "{created}");
    let file = &created["data"];
    assert_eq!(file["size"], bytes.len());
    assert_eq!(file["category"], "ModelFiles");
    assert_eq!(file["mimeType"], "model/step");
    assert_eq!(harness.file_rows().await?, 1);
    // A repeated create answers the same file.
    let again = harness
        .create(
            &session,
            "支架 bracket.step",
            bytes.len(),
            &completed["data"],
        )
        .await?;
    assert_eq!(again["data"]["id"], file["id"], "{again}");
    let (status, content, _) = harness
        .content(file["url"].as_str().context("url")?, Some(&harness.token))
        .await?;
    assert_eq!(status, 200);
    assert!(content == bytes, "the content differs from the upload");
    harness.stop().await;
    Ok(())
}

async fn interrupted_upload_resumes(harness: Harness) -> anyhow::Result<()> {
    let bytes = step_file(4 * PART_SIZE + 12345);
    let name = "resume.step";
    let first = harness.init(name, "ModelFiles", bytes.len(), None).await?;
    let session = first["data"].clone();
    let mut etags = harness.put_parts(&session, &bytes, 1..=3).await?;
    // The browser went away; init again with the same file reports what is stored.
    let second = harness.init(name, "ModelFiles", bytes.len(), None).await?;
    assert_eq!(second["data"]["uploadId"], session["uploadId"], "{second}");
    assert_eq!(second["data"]["path"], session["path"]);
    let reported: Vec<(u64, String)> = second["data"]["uploadedParts"]
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
    let expected: Vec<(u64, String)> = etags
        .iter()
        .map(|(number, etag)| (*number as u64, storage::unquote(etag).to_owned()))
        .collect();
    assert_eq!(reported, expected);
    // Another size is another file: a new session.
    let other = harness
        .init(name, "ModelFiles", bytes.len() + 1, None)
        .await?;
    assert_ne!(other["data"]["uploadId"], session["uploadId"]);
    etags.extend(harness.put_parts(&session, &bytes, 4..=5).await?);
    let completed = harness.complete(&session, &etags).await?;
    assert_eq!(completed["code"], 0, "{completed}");
    let created = harness
        .create(&session, name, bytes.len(), &completed["data"])
        .await?;
    assert_eq!(created["code"], 0, "{created}");
    let (_, content, _) = harness
        .content(
            created["data"]["url"].as_str().context("url")?,
            Some(&harness.token),
        )
        .await?;
    assert!(content == bytes, "the content differs from the upload");
    // A finished upload is not resumed: init starts afresh.
    let after = harness.init(name, "ModelFiles", bytes.len(), None).await?;
    assert_ne!(after["data"]["uploadId"], session["uploadId"]);
    assert_eq!(after["data"]["uploadedParts"], json!([]));
    harness.stop().await;
    Ok(())
}

async fn names_types_and_sizes_are_checked(harness: Harness) -> anyhow::Result<()> {
    let token = Some(harness.token.as_str());
    let comma = harness.upload(token, "a,b.png", "Images", PNG).await?;
    assert_eq!(comma["code"], 1_002_019_000);
    assert_eq!(comma["msg"], "文件名不允许包含逗号，请修改后重新上传");
    let comma = harness
        .init("零件,1.step", "ModelFiles", 6 * MB, None)
        .await?;
    assert_eq!(
        comma["msg"], "文件名不允许包含逗号，请修改后重新上传",
        "{comma}"
    );
    // Too big: a single upload over 5 MB, an image over 5 MB, a model over 500 MB.
    let mut big = PNG.to_vec();
    big.resize(5 * MB + 1, 0);
    assert_code(
        &harness.upload(token, "big.png", "Images", &big).await?,
        1_002_019_003,
    );
    assert_code(
        &harness.init("big.png", "Images", 6 * MB, None).await?,
        1_002_019_003,
    );
    assert_code(
        &harness
            .init("big.step", "ModelFiles", 501 * MB, None)
            .await?,
        1_002_019_003,
    );
    // Wrong type: by extension, and by content.
    assert_code(
        &harness
            .upload(token, "run.exe", "Images", b"MZ\x90\x00")
            .await?,
        1_002_019_002,
    );
    assert_code(
        &harness.init("run.exe", "ModelFiles", 6 * MB, None).await?,
        1_002_019_002,
    );
    assert_code(
        &harness
            .upload(token, "fake.png", "Images", b"%PDF-1.4 not an image")
            .await?,
        1_002_019_004,
    );
    assert_code(
        &harness.upload(token, "empty.png", "Images", b"").await?,
        1_002_019_011,
    );
    assert_code(
        &harness.upload(token, "../a.png", "Images", PNG).await?,
        1_002_019_001,
    );
    assert_code(
        &harness
            .post(
                "/bigfile/init",
                json!({"fileName": "a.step", "bizCode": "ModelFiles", "storageType": 12}),
            )
            .await?,
        1_002_019_010,
    );
    // A model whose content is not STEP is refused on completion, and nothing stays.
    let fake = vec![b'x'; PART_SIZE + 10];
    let session = harness
        .init("fake.step", "ModelFiles", fake.len(), None)
        .await?["data"]
        .clone();
    let etags = harness.put_parts(&session, &fake, 1..=2).await?;
    assert_code(&harness.complete(&session, &etags).await?, 1_002_019_004);
    // A declared size that differs from the bytes.
    let bytes = step_file(PART_SIZE + 10);
    let session = harness
        .init("size.step", "ModelFiles", bytes.len() + 5, None)
        .await?["data"]
        .clone();
    let etags = harness.put_parts(&session, &bytes, 1..=2).await?;
    assert_code(&harness.complete(&session, &etags).await?, 1_002_019_009);
    assert_eq!(harness.file_rows().await?, 0);
    harness.stop().await;
    Ok(())
}

async fn incomplete_uploads_are_not_complete(harness: Harness) -> anyhow::Result<()> {
    let bytes = step_file(2 * PART_SIZE + 100);
    let session = harness
        .init("gap.step", "ModelFiles", bytes.len(), None)
        .await?["data"]
        .clone();
    let first = harness.put_parts(&session, &bytes, 1..=1).await?;
    let third = harness.put_parts(&session, &bytes, 3..=3).await?;
    // Create before complete: not complete.
    let early = harness
        .create(&session, "gap.step", bytes.len(), &Value::Null)
        .await?;
    assert_eq!(
        (early["code"].clone(), early["msg"].clone()),
        (json!(1_002_019_006), json!("not complete")),
        "{early}"
    );
    // Completing without the last part (parts 1..n-1, no gap) is not complete either, and
    // keeps the parts already uploaded (they are used below).
    let without_last = harness.complete(&session, &first).await?;
    assert_code(&without_last, 1_002_019_006);
    let mut reported = first.clone();
    reported.extend(third.clone());
    let gap = harness.complete(&session, &reported).await?;
    assert_eq!(gap["msg"], "not complete", "{gap}");
    assert_code(&gap, 1_002_019_006);
    // Part 2 claimed with another part's ETag.
    let mut wrong = first.clone();
    wrong.push((2, first[0].1.clone()));
    wrong.extend(third.clone());
    assert_code(&harness.complete(&session, &wrong).await?, 1_002_019_006);
    assert_code(&harness.complete(&session, &[]).await?, 1_002_019_006);
    // Someone else's upload id is no upload.
    let stranger = signed_in(&harness.app, "stranger@example.com", "").await?;
    let foreign = harness
        .json(
            reqwest::Method::POST,
            "/bigfile/complete",
            Some(json!({"uploadId": session["uploadId"], "etags": [{"partNumber": 1, "etag": reported[0].1}]})),
            Some(&stranger),
        )
        .await?;
    assert_code(&foreign, 1_002_019_007);
    // The missing part arrives: complete succeeds.
    let mut all = first;
    all.extend(harness.put_parts(&session, &bytes, 2..=2).await?);
    all.extend(third);
    let completed = harness.complete(&session, &all).await?;
    assert_eq!(completed["code"], 0, "{completed}");
    assert_eq!(harness.file_rows().await?, 0);
    harness.stop().await;
    Ok(())
}

async fn sign_in_is_required(harness: Harness) -> anyhow::Result<()> {
    assert_code(&harness.upload(None, "a.png", "Images", PNG).await?, 401);
    for (method, path, body) in [
        (
            reqwest::Method::POST,
            "/bigfile/init",
            Some(json!({"fileName": "a.step", "bizCode": "ModelFiles"})),
        ),
        (
            reqwest::Method::GET,
            "/bigfile/getPartUploadUrl?uploadId=x&chunkIndex=1&path=p&storageType=11",
            None,
        ),
        (
            reqwest::Method::POST,
            "/bigfile/complete",
            Some(json!({"uploadId": "x", "etags": []})),
        ),
        (
            reqwest::Method::POST,
            "/bigfile/create",
            Some(json!({"id": "x"})),
        ),
    ] {
        let answer = harness.json(method, path, body, None).await?;
        assert_code(&answer, 401);
    }
    harness.stop().await;
    Ok(())
}

/// Local storage signs its own part URLs: a changed signature, another part number or a
/// past expiry is refused with HTTP 403 and the envelope.
async fn part_urls_are_signed(harness: Harness) -> anyhow::Result<()> {
    let session = harness
        .init("signed.step", "ModelFiles", PART_SIZE + 1, None)
        .await?["data"]
        .clone();
    let upload_id = session["uploadId"].as_str().context("uploadId")?.to_owned();
    let answer = harness
        .json(
            reqwest::Method::GET,
            &format!("/bigfile/getPartUploadUrl?uploadId={upload_id}&chunkIndex=1&path={}&storageType=11", session["path"].as_str().unwrap_or_default()),
            None,
            Some(&harness.token),
        )
        .await?;
    let url = answer["data"]["singedUrl"]
        .as_str()
        .context("singedUrl")?
        .to_owned();
    assert!(url.starts_with(&harness.app.address), "{url}");
    let client = reqwest::Client::new();
    let refused = |response: reqwest::Response| async move {
        assert_eq!(response.status().as_u16(), 403);
        let body: Value = response.json().await?;
        assert_code(&body, 1_002_019_008);
        anyhow::Ok(())
    };
    let tampered = format!("{}0000", &url[..url.len() - 4]);
    refused(client.put(&tampered).body("x").send().await?).await?;
    let other_part = url.replace(&format!("{upload_id}/1?"), &format!("{upload_id}/2?"));
    refused(client.put(&other_part).body("x").send().await?).await?;
    // A correctly signed URL whose time is over.
    let expires = storage::local::now_epoch_seconds() - 60;
    let mut mac = Hmac::<Sha256>::new_from_slice(PART_SECRET.as_bytes())?;
    mac.update(format!("PUT\n{FILE}/part/{upload_id}/1\n{upload_id}\n1\n{expires}").as_bytes());
    let signature = hex::encode(mac.finalize().into_bytes());
    let expired = harness.app.url(&format!(
        "{FILE}/part/{upload_id}/1?expires={expires}&signature={signature}"
    ));
    let response = client.put(&expired).body("x").send().await?;
    assert_eq!(response.status().as_u16(), 403);
    let body: Value = response.json().await?;
    assert_eq!(body["msg"], "分片上传地址无效或已过期:expired", "{body}");
    // The same URL with a future time and its signature works; so does the preflight.
    let preflight = client
        .request(reqwest::Method::OPTIONS, &url)
        .header("Origin", "http://portal.example")
        .header("Access-Control-Request-Method", "PUT")
        .send()
        .await?;
    assert_eq!(preflight.status().as_u16(), 200);
    assert_eq!(
        preflight
            .headers()
            .get("access-control-allow-origin")
            .and_then(|v| v.to_str().ok()),
        Some("http://portal.example")
    );
    // Refused before the body is read: a bad signature, and a declared length over the limit,
    // are answered while the client is still holding back almost all of its 60 MB.
    let early = answer_before_the_body(&harness.app.address, &tampered, 60_000_000).await?;
    assert!(early.starts_with("HTTP/1.1 403"), "{early}");
    let large = answer_before_the_body(&harness.app.address, &url, 65 * 1024 * 1024).await?;
    assert!(
        large.contains("1002019003"),
        "refused as too large: {large}"
    );
    assert_eq!(
        client.put(&url).body("x").send().await?.status().as_u16(),
        200
    );
    harness.stop().await;
    Ok(())
}

/// Sends a part PUT's head declaring `length` bytes and only 4 KiB of the body, then waits up
/// to 10 s for an answer: a server that reads the body first would never answer.
async fn answer_before_the_body(address: &str, url: &str, length: usize) -> anyhow::Result<String> {
    use std::io::{Read, Write};
    let host = address.trim_start_matches("http://").to_owned();
    let path = url.trim_start_matches(address).to_owned();
    tokio::task::spawn_blocking(move || {
        let mut stream = std::net::TcpStream::connect(&host)?;
        stream.set_read_timeout(Some(std::time::Duration::from_secs(10)))?;
        write!(
            stream,
            "PUT {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/octet-stream\r\nContent-Length: {length}\r\n\r\n"
        )?;
        stream.write_all(&[0u8; 4096])?;
        let mut answer = vec![0u8; 4096];
        let read = stream.read(&mut answer).context("no answer before the body was sent")?;
        anyhow::Ok(String::from_utf8_lossy(&answer[..read]).into_owned())
    })
    .await?
}

/// Sessions never created as files are swept (uploads aborted, rows forgotten).
async fn orphaned_uploads_are_swept(harness: Harness) -> anyhow::Result<()> {
    let bytes = step_file(PART_SIZE + 1);
    let session = harness
        .init("orphan.step", "ModelFiles", bytes.len(), None)
        .await?["data"]
        .clone();
    harness.put_parts(&session, &bytes, 1..=1).await?;
    execute(
        &harness.environment.settings,
        "UPDATE file_upload_session SET updated_at = '2020-01-01T00:00:00+00:00'",
    )
    .await?;
    // The sweep the service runs at start and periodically, on the same data.
    let context = kernel::ServiceContext::connect(
        system_api::service().as_ref(),
        std::sync::Arc::new(harness.environment.settings.clone()),
        &kernel::Cache::in_memory("test:", 100),
    )
    .await?;
    let files = system_api::files::Files::open(&context, harness.settings.clone()).await?;
    assert_eq!(files.sweep().await?, 1);
    assert_eq!(files.sweep().await?, 0);
    context.db.close().await;
    // The upload is gone: its part URL no longer leads anywhere and init starts afresh.
    let again = harness
        .init("orphan.step", "ModelFiles", bytes.len(), None)
        .await?;
    assert_ne!(again["data"]["uploadId"], session["uploadId"], "{again}");
    assert_eq!(again["data"]["uploadedParts"], json!([]));
    let stale = harness
        .complete(&session, &[(1, storage::md5_hex(&bytes[..PART_SIZE]))])
        .await?;
    assert_code(&stale, 1_002_019_007);
    harness.stop().await;
    Ok(())
}

/// One test per storage backend for each scenario (`<name>_local`, `<name>_s3`).
macro_rules! on_both_stores {
    ($($name:ident => $local:ident, $s3:ident;)+) => {
        $(
            async fn $local(environment: TestEnvironment) -> anyhow::Result<()> {
                $name(start(environment, Backend::Local).await?).await
            }
            async fn $s3(environment: TestEnvironment) -> anyhow::Result<()> {
                $name(start(environment, Backend::S3).await?).await
            }
        )+
    };
}

on_both_stores! {
    single_upload => single_upload_local, single_upload_s3;
    chunked_upload_of_20_mb => chunked_upload_of_20_mb_local, chunked_upload_of_20_mb_s3;
    interrupted_upload_resumes => interrupted_upload_resumes_local, interrupted_upload_resumes_s3;
    names_types_and_sizes_are_checked => names_types_and_sizes_are_checked_local, names_types_and_sizes_are_checked_s3;
    incomplete_uploads_are_not_complete => incomplete_uploads_are_not_complete_local, incomplete_uploads_are_not_complete_s3;
    orphaned_uploads_are_swept => orphaned_uploads_are_swept_local, orphaned_uploads_are_swept_s3;
}

async fn sign_in_is_required_local(environment: TestEnvironment) -> anyhow::Result<()> {
    sign_in_is_required(start(environment, Backend::Local).await?).await
}

async fn part_urls_are_signed_local(environment: TestEnvironment) -> anyhow::Result<()> {
    part_urls_are_signed(start(environment, Backend::Local).await?).await
}

/// 我的文件: the owner's files only, paged newest first; delete only one's own, and not a file a
/// feedback shows.
async fn my_files_are_only_mine(harness: Harness) -> anyhow::Result<()> {
    let stranger = signed_in(&harness.app, "stranger@example.com", "").await?;
    let mut ids = Vec::new();
    for name in ["one.png", "two.png", "three.png"] {
        let uploaded = harness
            .upload(Some(&harness.token), name, "feedback", PNG)
            .await?;
        ids.push(uploaded["data"]["id"].as_str().context("id")?.to_owned());
    }
    let theirs = harness
        .upload(Some(&stranger), "theirs.png", "feedback", PNG)
        .await?;
    let their_id = theirs["data"]["id"].as_str().context("id")?.to_owned();

    let page = harness
        .json(
            reqwest::Method::GET,
            "/my-page?pageNo=1&pageSize=2",
            None,
            Some(&harness.token),
        )
        .await?;
    assert_eq!(page["data"]["total"], 3, "{page}");
    let list = page["data"]["list"].as_array().cloned().unwrap_or_default();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["id"], ids[2].as_str(), "newest first: {page}");
    assert_eq!(list[0]["name"], "three.png");
    assert_eq!(list[0]["size"], PNG.len());
    assert!(list[0]["createTime"].is_i64());
    let (status, _, _) = harness
        .content(list[0]["url"].as_str().unwrap_or_default(), None)
        .await?;
    assert_eq!(status, 200, "the listed address reads the file");
    let second = harness
        .json(
            reqwest::Method::GET,
            "/my-page?pageNo=2&pageSize=2",
            None,
            Some(&harness.token),
        )
        .await?;
    assert_eq!(second["data"]["list"][0]["id"], ids[0].as_str(), "{second}");
    let stranger_page = harness
        .json(reqwest::Method::GET, "/my-page", None, Some(&stranger))
        .await?;
    assert_eq!(stranger_page["data"]["total"], 1, "{stranger_page}");
    assert_eq!(stranger_page["data"]["list"][0]["id"], their_id.as_str());
    let anonymous = harness
        .json(reqwest::Method::GET, "/my-page", None, None)
        .await?;
    assert_eq!(anonymous["code"], 401, "{anonymous}");

    // Someone else's file (or an unknown id) cannot be deleted, and answers alike.
    assert_code(&delete_file(&harness, &their_id).await?, 1_002_019_005);
    assert_code(&delete_file(&harness, "999999").await?, 1_002_019_005);
    // A file a feedback shows stays.
    let feedback = harness
        .app
        .client
        .post(
            harness
                .app
                .url("/to/api/operation/behavior/message/to/platform/create"),
        )
        .bearer_auth(&harness.token)
        .json(&json!({"type": 3, "message": "见截图", "images": ids[1]}))
        .send()
        .await?
        .json::<Value>()
        .await?;
    assert_eq!(feedback["code"], 0, "{feedback}");
    assert_code(&delete_file(&harness, &ids[1]).await?, 1_002_019_012);
    let deleted = delete_file(&harness, &ids[0]).await?;
    assert_eq!(deleted["data"], true, "{deleted}");
    let url = list[0]["url"].as_str().unwrap_or_default().to_owned();
    let page = harness
        .json(reqwest::Method::GET, "/my-page", None, Some(&harness.token))
        .await?;
    assert_eq!(page["data"]["total"], 2, "{page}");
    let gone = answer_of(
        &harness,
        &format!("{FILE}/content/get/{}", ids[0]),
        Some(&harness.token),
    )
    .await?;
    assert_eq!(gone.1["code"], 1_002_019_005, "{gone:?}");
    let (status, _, _) = harness.content(&url, None).await?;
    assert_eq!(status, 200, "the other files stay");
    harness.stop().await;
    Ok(())
}

async fn delete_file(harness: &Harness, id: &str) -> anyhow::Result<Value> {
    let path = format!("/delete?id={id}");
    harness
        .json(reqwest::Method::DELETE, &path, None, Some(&harness.token))
        .await
}

async fn my_files_are_only_mine_local(environment: TestEnvironment) -> anyhow::Result<()> {
    my_files_are_only_mine(start(environment, Backend::Local).await?).await
}

async fn my_files_are_only_mine_s3(environment: TestEnvironment) -> anyhow::Result<()> {
    my_files_are_only_mine(start(environment, Backend::S3).await?).await
}

kernel::backend_tests!(
    my_files_are_only_mine_local,
    my_files_are_only_mine_s3,
    single_upload_local,
    single_upload_s3,
    chunked_upload_of_20_mb_local,
    chunked_upload_of_20_mb_s3,
    interrupted_upload_resumes_local,
    interrupted_upload_resumes_s3,
    names_types_and_sizes_are_checked_local,
    names_types_and_sizes_are_checked_s3,
    incomplete_uploads_are_not_complete_local,
    incomplete_uploads_are_not_complete_s3,
    orphaned_uploads_are_swept_local,
    orphaned_uploads_are_swept_s3,
    sign_in_is_required_local,
    part_urls_are_signed_local,
);
