//! Item file contents through `ItemFiles`: stored once per digest in the blob store and
//! downloaded over real HTTP from a small actix app wrapped in the same compression middleware
//! as the services — on local disk (streamed, ranges, conditional requests) and on an
//! S3-compatible server (moto; a redirect to a presigned URL).

use std::path::PathBuf;

use actix_web::{dev::ServerHandle, middleware, web, App, HttpRequest, HttpResponse, HttpServer};
use catalog::item::{
    files::{content_key, digest_of, ItemFiles, RunFiles},
    model::{ItemFile, NewItemFile},
    store::ItemStore,
};
use kernel::{testing::TestEnvironment, ApiError, ApiResult};
use storage::{testing::MotoServer, BlobStore, Blobs, LocalDisk, S3Store, StorageError};

use crate::items::{item, open};

/// Bytes that differ from position to position (a wrong offset shows).
fn content(seed: u8, len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| seed.wrapping_add((i % 251) as u8).wrapping_mul(7))
        .collect()
}

fn row(id: i64, file: &NewItemFile) -> ItemFile {
    ItemFile {
        id,
        kind: file.kind.clone(),
        name: file.name.clone(),
        media_type: file.media_type.clone(),
        size: file.size,
        digest: file.digest.clone(),
    }
}

struct Served {
    files: ItemFiles,
    rows: Vec<ItemFile>,
}

/// `GET /file/{id}`: what a library's download route does once it has found the file row.
async fn download(
    state: web::Data<Served>,
    request: HttpRequest,
    id: web::Path<i64>,
) -> ApiResult<HttpResponse> {
    let file = state
        .rows
        .iter()
        .find(|file| file.id == *id)
        .ok_or_else(|| ApiError::bad_request("no such file"))?;
    state.files.respond(&request, file, &file.name).await
}

struct FileServer {
    base: String,
    handle: ServerHandle,
    client: reqwest::Client,
}

impl FileServer {
    async fn start(files: ItemFiles, rows: Vec<ItemFile>) -> anyhow::Result<Self> {
        let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
        let port = listener.local_addr()?.port();
        let state = web::Data::new(Served { files, rows });
        let server = HttpServer::new(move || {
            App::new()
                .wrap(middleware::Compress::default())
                .app_data(state.clone())
                .route("/file/{id}", web::get().to(download))
        })
        .workers(1)
        .listen(listener)?
        .run();
        let handle = server.handle();
        tokio::spawn(server);
        Ok(Self {
            base: format!("http://127.0.0.1:{port}"),
            handle,
            client: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()?,
        })
    }

    fn get(&self, id: i64) -> reqwest::RequestBuilder {
        self.client.get(format!("{}/file/{id}", self.base))
    }

    async fn stop(self) {
        self.handle.stop(true).await;
    }
}

fn header<'a>(response: &'a reqwest::Response, name: &str) -> &'a str {
    response
        .headers()
        .get(name)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("")
}

async fn local_files() -> anyhow::Result<(ItemFiles, PathBuf, tempfile::TempDir)> {
    let dir = tempfile::tempdir()?;
    let root = dir.path().join("files");
    let disk = LocalDisk::open(&root, Some("secret")).await?;
    Ok((
        ItemFiles::new(Blobs::Local(disk.into())),
        root.join("objects"),
        dir,
    ))
}

#[tokio::test]
async fn local_downloads_are_whole_ranged_and_conditional() -> anyhow::Result<()> {
    let (files, _, _dir) = local_files().await?;
    // Several read chunks long, so that streaming and seeking are both exercised.
    let bytes = content(1, 200_000);
    let stored = files
        .put("model-step", "零件 M8.step", "model/step", bytes.clone())
        .await?;
    assert_eq!(stored.digest, digest_of(&bytes));
    assert_eq!(stored.size, 200_000);
    let server = FileServer::start(files, vec![row(1, &stored)]).await?;
    let etag = format!("\"{}\"", stored.digest);

    // The whole file, not re-encoded although the client accepts gzip.
    let whole = server
        .get(1)
        .header("accept-encoding", "gzip")
        .send()
        .await?;
    assert_eq!(whole.status(), 200);
    assert_eq!(header(&whole, "etag"), etag);
    assert_eq!(header(&whole, "accept-ranges"), "bytes");
    assert_eq!(header(&whole, "content-type"), "model/step");
    assert_eq!(header(&whole, "content-length"), "200000");
    assert_ne!(header(&whole, "content-encoding"), "gzip");
    assert_eq!(
        header(&whole, "content-disposition"),
        "attachment; filename=\"__ M8.step\"; filename*=UTF-8''%E9%9B%B6%E4%BB%B6%20M8.step"
    );
    assert_eq!(header(&whole, "x-content-type-options"), "nosniff");
    assert_eq!(whole.bytes().await?.as_ref(), bytes.as_slice());

    // One range, across a chunk boundary.
    let part = server
        .get(1)
        .header("range", "bytes=65000-140999")
        .send()
        .await?;
    assert_eq!(part.status(), 206);
    assert_eq!(header(&part, "content-range"), "bytes 65000-140999/200000");
    assert_eq!(header(&part, "content-length"), "76000");
    assert_eq!(header(&part, "etag"), etag);
    assert_eq!(part.bytes().await?.as_ref(), &bytes[65_000..141_000]);

    let tail = server.get(1).header("range", "bytes=-10").send().await?;
    assert_eq!(tail.status(), 206);
    assert_eq!(header(&tail, "content-range"), "bytes 199990-199999/200000");
    assert_eq!(tail.bytes().await?.as_ref(), &bytes[199_990..]);

    // Past the end: 416 with the size.
    let beyond = server
        .get(1)
        .header("range", "bytes=200000-")
        .send()
        .await?;
    assert_eq!(beyond.status(), 416);
    assert_eq!(header(&beyond, "content-range"), "bytes */200000");

    // Several ranges: the whole file.
    let several = server
        .get(1)
        .header("range", "bytes=0-9,100-109")
        .send()
        .await?;
    assert_eq!(several.status(), 200);
    assert_eq!(several.bytes().await?.len(), 200_000);

    // The digest is the validator.
    let cached = server
        .get(1)
        .header("if-none-match", etag.as_str())
        .send()
        .await?;
    assert_eq!(cached.status(), 304);
    assert_eq!(header(&cached, "etag"), etag);
    assert!(cached.bytes().await?.is_empty());
    let stale = server
        .get(1)
        .header("if-none-match", "\"0000\"")
        .send()
        .await?;
    assert_eq!(stale.status(), 200);
    assert_eq!(stale.bytes().await?.len(), 200_000);

    // A resumed download of changed content gets the whole new file, not a piece of it.
    let changed = server
        .get(1)
        .header("range", "bytes=100-199")
        .header("if-range", "\"0000\"")
        .send()
        .await?;
    assert_eq!(changed.status(), 200);
    assert_eq!(changed.bytes().await?.len(), 200_000);
    let resumed = server
        .get(1)
        .header("range", "bytes=100-199")
        .header("if-range", etag.as_str())
        .send()
        .await?;
    assert_eq!(resumed.status(), 206);
    assert_eq!(resumed.bytes().await?.as_ref(), &bytes[100..200]);

    let mismatch = server.get(1).header("if-match", "\"0000\"").send().await?;
    assert_eq!(mismatch.status(), 412);
    server.stop().await;
    Ok(())
}

#[tokio::test]
async fn an_empty_file_downloads_empty() -> anyhow::Result<()> {
    let (files, _, _dir) = local_files().await?;
    let stored = files
        .put("drawing", "empty.svg", "image/svg+xml", Vec::new())
        .await?;
    let server = FileServer::start(files, vec![row(1, &stored)]).await?;
    let whole = server.get(1).send().await?;
    assert_eq!(whole.status(), 200);
    assert_eq!(header(&whole, "content-length"), "0");
    assert!(whole.bytes().await?.is_empty());
    let range = server.get(1).header("range", "bytes=0-0").send().await?;
    assert_eq!(range.status(), 416);
    assert_eq!(header(&range, "content-range"), "bytes */0");
    server.stop().await;
    Ok(())
}

#[tokio::test]
async fn the_same_bytes_are_stored_once() -> anyhow::Result<()> {
    let (files, objects, _dir) = local_files().await?;
    let bytes = content(2, 5000);
    let first = files
        .put("footprint", "R_0603.kicad_mod", "text/plain", bytes.clone())
        .await?;
    let path = objects.join(content_key(&first.digest)?);
    let written = std::fs::metadata(&path)?;
    let second = files
        .put("model-step", "R_0603.step", "model/step", bytes.clone())
        .await?;
    assert_eq!(second.digest, first.digest);
    assert_eq!(
        (second.kind.as_str(), second.name.as_str()),
        ("model-step", "R_0603.step")
    );
    // Not written again: the object is the same file, untouched.
    let after = std::fs::metadata(&path)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        assert_eq!(after.ino(), written.ino(), "the object was replaced");
    }
    assert_eq!(after.modified()?, written.modified()?);
    let folder =
        std::fs::read_dir(path.parent().ok_or_else(|| anyhow::anyhow!("no folder"))?)?.count();
    assert_eq!(folder, 1, "one object, no temporary file");
    assert_eq!(files.read(&first.digest).await?, bytes);

    // An object cut short under the key (written by hand: the store never does) is written whole.
    std::fs::write(&path, &bytes[..10])?;
    files
        .put("footprint", "again", "text/plain", bytes.clone())
        .await?;
    assert_eq!(std::fs::read(&path)?, bytes);
    Ok(())
}

/// Within one import run the blob store is asked about a digest once: an object removed behind
/// the run's back is not looked up or written again by the same run, but by the next one.
#[tokio::test]
async fn one_run_stores_the_same_bytes_once() -> anyhow::Result<()> {
    let (files, objects, _dir) = local_files().await?;
    let bytes = content(3, 4000);
    let mut run = RunFiles::default();
    let first = files
        .put_in_run(&mut run, "footprint", "R_0603", "text/plain", &bytes)
        .await?;
    files.sync_run(&mut run).await?;
    let path = objects.join(content_key(&first.digest)?);
    assert_eq!(std::fs::read(&path)?, bytes);
    std::fs::remove_file(&path)?;
    let second = files
        .put_in_run(&mut run, "footprint", "R_0603", "text/plain", &bytes)
        .await?;
    assert_eq!(second, first, "the same row");
    assert!(!path.exists(), "the run stored the digest already");
    files
        .put_in_run(
            &mut RunFiles::default(),
            "footprint",
            "R_0603",
            "text/plain",
            &bytes,
        )
        .await?;
    assert_eq!(std::fs::read(&path)?, bytes, "a new run looks again");
    Ok(())
}

#[tokio::test]
async fn digests_that_are_not_sha256_hex_are_refused() -> anyhow::Result<()> {
    let (files, _, _dir) = local_files().await?;
    let stored = files
        .put("drawing", "a.svg", "image/svg+xml", b"<svg/>".to_vec())
        .await?;
    for bad in [
        "../../part-secret",
        "items/../../part-secret",
        &stored.digest.to_uppercase(),
        &stored.digest[..63],
        "",
    ] {
        assert!(files.read(bad).await.is_err(), "{bad:?} was read");
    }
    // A digest that is valid but was never stored: not found, from the store.
    let missing = digest_of(b"never stored");
    let error = files
        .read(&missing)
        .await
        .err()
        .ok_or_else(|| anyhow::anyhow!("a missing object was read"))?;
    assert!(matches!(
        error.downcast_ref::<StorageError>(),
        Some(StorageError::NotFound)
    ));

    // Through HTTP: a row with a bad digest, or whose bytes are gone, is a server failure in the
    // envelope, never a path read.
    let mut bad = row(2, &stored);
    bad.digest = "../../part-secret".to_owned();
    let mut gone = row(3, &stored);
    gone.digest = missing;
    let server = FileServer::start(files, vec![row(1, &stored), bad, gone]).await?;
    assert_eq!(
        server.get(1).send().await?.bytes().await?.as_ref(),
        b"<svg/>"
    );
    for id in [2, 3] {
        let response = server.get(id).send().await?;
        assert_eq!(response.status(), 500, "file {id}");
        let body: serde_json::Value = response.json().await?;
        assert_eq!(body["code"], 500, "file {id}: {body}");
    }
    server.stop().await;
    Ok(())
}

#[tokio::test]
async fn s3_downloads_redirect_to_a_presigned_url() -> anyhow::Result<()> {
    let moto = MotoServer::start().await?;
    let store = S3Store::open(&moto.settings()).await?;
    let blobs = Blobs::S3(store.into());
    let files = ItemFiles::new(blobs.clone());
    let bytes = content(3, 3000);
    let first = files
        .put(
            "datasheet",
            "数据手册.pdf",
            "application/pdf",
            bytes.clone(),
        )
        .await?;
    let second = files
        .put("datasheet", "copy.pdf", "application/pdf", bytes.clone())
        .await?;
    assert_eq!(first.digest, second.digest);
    assert_eq!(blobs.size(&content_key(&first.digest)?).await?, Some(3000));
    assert_eq!(files.read(&first.digest).await?, bytes);

    let server = FileServer::start(files, vec![row(1, &first)]).await?;
    let redirect = server.get(1).send().await?;
    assert_eq!(redirect.status(), 302);
    assert_eq!(header(&redirect, "cache-control"), "private, no-store");
    let location = header(&redirect, "location").to_owned();
    assert!(location.starts_with(&moto.endpoint), "{location}");
    // The ETag still answers before any redirect.
    let cached = server
        .get(1)
        .header("if-none-match", format!("\"{}\"", first.digest))
        .send()
        .await?;
    assert_eq!(cached.status(), 304);

    // The presigned URL asks S3 to answer with the file's type and name (AWS and MinIO honour
    // these parameters; moto ignores them, so they are checked in the URL) …
    let query: Vec<(String, String)> = reqwest::Url::parse(&location)?
        .query_pairs()
        .map(|(name, value)| (name.into_owned(), value.into_owned()))
        .collect();
    let parameter = |name: &str| {
        query
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
            .unwrap_or("")
    };
    assert_eq!(parameter("response-content-type"), "application/pdf");
    assert!(
        parameter("response-content-disposition")
            .starts_with("attachment; filename=\"____.pdf\"; filename*=UTF-8''%E6%95%B0%E6%8D%AE"),
        "{location}"
    );
    // … and serves the bytes, and ranges of them.
    let client = reqwest::Client::new();
    let whole = client.get(&location).send().await?;
    assert_eq!(whole.status(), 200);
    assert_eq!(whole.bytes().await?.as_ref(), bytes.as_slice());
    let part = client
        .get(&location)
        .header("range", "bytes=10-19")
        .send()
        .await?;
    assert_eq!(part.status(), 206);
    assert_eq!(part.bytes().await?.as_ref(), &bytes[10..20]);
    server.stop().await;
    Ok(())
}

/// The whole path a library takes: import puts the bytes and upserts the item with the row;
/// the download finds the row through the store; a re-import of the same bytes keeps the row's
/// digest and the object.
async fn item_files_survive_a_reimport(environment: TestEnvironment) -> anyhow::Result<()> {
    let (db, store) = open(&environment, 2).await?;
    let (files, objects, _dir) = local_files().await?;
    let bytes = content(4, 70_000);
    let import = |files: ItemFiles, bytes: Vec<u8>| async move {
        let mut record = item("f1", "R1", None, None);
        record.files = vec![
            files
                .put("model-glb", "R1.glb", "model/gltf-binary", bytes)
                .await?,
        ];
        anyhow::Ok(record)
    };
    store
        .upsert(&[import(files.clone(), bytes.clone()).await?])
        .await?;
    let id = store.changes_since(0, 1).await?[0].item_id;
    let listed = store.files_of(id).await?;
    let object = objects.join(content_key(&listed[0].digest)?);
    let written = std::fs::metadata(&object)?.modified()?;

    let report = store
        .upsert(&[import(files.clone(), bytes.clone()).await?])
        .await?;
    assert_eq!(report.unchanged, 1, "{report:?}");
    assert_eq!(store.files_of(id).await?, listed);
    assert_eq!(std::fs::metadata(&object)?.modified()?, written);

    let server = FileServer::start(files, listed).await?;
    let id = store.files_of(id).await?[0].id;
    let response = server.get(id).header("range", "bytes=0-3").send().await?;
    assert_eq!(response.status(), 206);
    assert_eq!(response.bytes().await?.as_ref(), &bytes[..4]);
    server.stop().await;
    db.close().await;
    Ok(())
}

kernel::backend_tests!(item_files_survive_a_reimport);
