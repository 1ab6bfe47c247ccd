//! The same store suite against local disk and against a real S3-compatible server (moto,
//! started per test; the suite fails without it).

use std::time::Duration;

use storage::{
    local::now_epoch_seconds, testing::MotoServer, BlobStore, Blobs, CompletedPart, LocalDisk,
    S3Store, StorageError,
};

const HOUR: Duration = Duration::from_secs(3600);

struct Fixture {
    blobs: Blobs,
    client: reqwest::Client,
    _dir: tempfile::TempDir,
    _moto: Option<MotoServer>,
}

async fn local() -> anyhow::Result<Fixture> {
    let dir = tempfile::tempdir()?;
    let disk = LocalDisk::open(&dir.path().join("files"), None).await?;
    Ok(Fixture {
        blobs: Blobs::Local(disk.into()),
        client: reqwest::Client::new(),
        _dir: dir,
        _moto: None,
    })
}

async fn s3() -> anyhow::Result<Fixture> {
    let moto = MotoServer::start().await?;
    let store = S3Store::open(&moto.settings()).await?;
    Ok(Fixture {
        blobs: Blobs::S3(store.into()),
        client: reqwest::Client::new(),
        _dir: tempfile::tempdir()?,
        _moto: Some(moto),
    })
}

/// Sends one part the way a browser would: PUT to the URL (S3), or through the local store's
/// receiver with the URL's query (what the portal's route does). Answers the ETag.
async fn send_part(fixture: &Fixture, url: &str, bytes: Vec<u8>) -> anyhow::Result<String> {
    match &fixture.blobs {
        Blobs::S3(_) => {
            let response = fixture.client.put(url).body(bytes).send().await?;
            anyhow::ensure!(
                response.status().is_success(),
                "PUT answered {}",
                response.status()
            );
            let etag = response
                .headers()
                .get("etag")
                .and_then(|value| value.to_str().ok())
                .unwrap_or_default()
                .to_owned();
            Ok(etag)
        }
        Blobs::Local(disk) => {
            let (path, query) = url.split_once('?').unwrap_or((url, ""));
            let mut segments = path.rsplit('/');
            let part_number: u32 = segments.next().unwrap_or_default().parse()?;
            let upload_id = segments.next().unwrap_or_default();
            let param = |name: &str| {
                query
                    .split('&')
                    .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
                    .unwrap_or_default()
                    .to_owned()
            };
            let expires: i64 = param("expires").parse()?;
            Ok(disk
                .accept_part(
                    upload_id,
                    part_number,
                    expires,
                    &param("signature"),
                    &bytes,
                    now_epoch_seconds(),
                )
                .await?)
        }
    }
}

fn chunk(seed: u8, len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| seed.wrapping_add((i % 251) as u8))
        .collect()
}

const PART: usize = 1024 * 1024 + 17;

async fn single_objects(fixture: Fixture) -> anyhow::Result<()> {
    let store = &fixture.blobs;
    let key = "Images/2026/11/a.png";
    assert_eq!(store.size(key).await?, None);
    store
        .put(key, b"\x89PNG\r\n\x1a\nrest".to_vec(), "image/png")
        .await?;
    assert_eq!(store.size(key).await?, Some(12));
    assert_eq!(store.read(key).await?, b"\x89PNG\r\n\x1a\nrest");
    assert_eq!(store.read_head(key, 4).await?, b"\x89PNG");
    store.delete(key).await?;
    assert!(matches!(store.read(key).await, Err(StorageError::NotFound)));
    assert_eq!(store.size(key).await?, None);
    store.delete(key).await?;
    assert!(store.put("../escape", vec![1], "x").await.is_err());
    // A batch's objects: whole under their keys at once, durable after one sync.
    store.sync().await?;
    for (n, key) in ["items/ab/ab01", "items/cd/cd02"].into_iter().enumerate() {
        store
            .put_unsynced(key, vec![n as u8; 5 + n], "application/octet-stream")
            .await?;
        assert_eq!(store.size(key).await?, Some(5 + n as u64));
    }
    store.sync().await?;
    assert_eq!(store.read("items/cd/cd02").await?, vec![1; 6]);
    assert!(store.put_unsynced("../escape", vec![1], "x").await.is_err());
    Ok(())
}

async fn multipart_upload_assembles_in_order(fixture: Fixture) -> anyhow::Result<()> {
    let store = &fixture.blobs;
    let key = "ModelFiles/2026/11/m.step";
    let upload_id = store.create_multipart(key, "model/step").await?;
    let chunks = [chunk(1, PART), chunk(2, PART), chunk(3, 1000)];
    let mut reported = Vec::new();
    // Sent out of order: the part number, not the arrival, decides the position.
    for index in [2usize, 0, 1] {
        let number = u32::try_from(index + 1)?;
        let url = store.part_url(key, &upload_id, number, HOUR)?;
        let etag = send_part(&fixture, &url.url, chunks[index].clone()).await?;
        assert_eq!(storage::unquote(&etag), storage::md5_hex(&chunks[index]));
        reported.push(CompletedPart {
            part_number: number,
            etag,
        });
    }
    let listed = store.list_parts(key, &upload_id).await?;
    assert_eq!(
        listed.iter().map(|p| p.part_number).collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
    let completed = store.complete_multipart(key, &upload_id, &reported).await?;
    let whole: Vec<u8> = chunks.concat();
    assert_eq!(completed.size, u64::try_from(whole.len())?);
    assert_eq!(store.read(key).await?, whole);
    Ok(())
}

async fn incomplete_uploads_are_refused_and_resumable(fixture: Fixture) -> anyhow::Result<()> {
    let store = &fixture.blobs;
    let key = "ModelFiles/2026/11/r.stl";
    let upload_id = store.create_multipart(key, "model/stl").await?;
    let chunks = [chunk(7, PART), chunk(8, PART), chunk(9, 10)];
    let url = store.part_url(key, &upload_id, 1, HOUR)?;
    let first = send_part(&fixture, &url.url, chunks[0].clone()).await?;
    let url = store.part_url(key, &upload_id, 2, HOUR)?;
    let second = send_part(&fixture, &url.url, chunks[1].clone()).await?;
    // Resume: the store tells which parts it holds.
    let listed = store.list_parts(key, &upload_id).await?;
    assert_eq!(listed.len(), 2);
    assert_eq!(listed[1].etag, storage::md5_hex(&chunks[1]));
    assert_eq!(listed[1].size, u64::try_from(PART)?);
    let part = |n: u32, etag: &str| CompletedPart {
        part_number: n,
        etag: etag.to_owned(),
    };
    // Part 3 never sent.
    let missing = store
        .complete_multipart(
            key,
            &upload_id,
            &[part(1, &first), part(2, &second), part(3, "00")],
        )
        .await;
    assert!(
        matches!(missing, Err(StorageError::NotComplete(_))),
        "{missing:?}"
    );
    // Wrong ETag.
    let wrong = store
        .complete_multipart(key, &upload_id, &[part(1, &second), part(2, &second)])
        .await;
    assert!(
        matches!(wrong, Err(StorageError::NotComplete(_))),
        "{wrong:?}"
    );
    let url = store.part_url(key, &upload_id, 3, HOUR)?;
    let third = send_part(&fixture, &url.url, chunks[2].clone()).await?;
    store
        .complete_multipart(
            key,
            &upload_id,
            &[part(1, &first), part(2, &second), part(3, &third)],
        )
        .await?;
    assert_eq!(store.read(key).await?, chunks.concat());
    Ok(())
}

async fn aborted_uploads_leave_nothing(fixture: Fixture) -> anyhow::Result<()> {
    let store = &fixture.blobs;
    let key = "Temp/2026/11/t.bin";
    let upload_id = store
        .create_multipart(key, "application/octet-stream")
        .await?;
    let url = store.part_url(key, &upload_id, 1, HOUR)?;
    send_part(&fixture, &url.url, chunk(5, 100)).await?;
    store.abort_multipart(key, &upload_id).await?;
    assert!(matches!(
        store.list_parts(key, &upload_id).await,
        Err(StorageError::NotFound)
    ));
    store.abort_multipart(key, &upload_id).await?;
    assert!(matches!(store.read(key).await, Err(StorageError::NotFound)));
    Ok(())
}

macro_rules! suite {
    ($($name:ident),+ $(,)?) => {
        mod local_disk {
            $(
                #[tokio::test]
                async fn $name() -> anyhow::Result<()> {
                    super::$name(super::local().await?).await
                }
            )+
        }
        mod s3_moto {
            $(
                #[tokio::test]
                async fn $name() -> anyhow::Result<()> {
                    super::$name(super::s3().await?).await
                }
            )+
        }
    };
}

suite!(
    single_objects,
    multipart_upload_assembles_in_order,
    incomplete_uploads_are_refused_and_resumable,
    aborted_uploads_leave_nothing,
);

#[tokio::test]
async fn local_part_urls_are_signed_and_expire() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let disk = LocalDisk::open(&dir.path().join("files"), Some("secret")).await?;
    let key = "Temp/2026/11/s.bin";
    let upload_id = disk.create_multipart(key, "x").await?;
    let url = disk.part_url(key, &upload_id, 1, HOUR)?.url;
    let query = url.split_once('?').map(|(_, q)| q).unwrap_or_default();
    let expires: i64 = query
        .split('&')
        .find_map(|p| p.strip_prefix("expires="))
        .unwrap_or_default()
        .parse()?;
    let signature = query
        .split('&')
        .find_map(|p| p.strip_prefix("signature="))
        .unwrap_or_default();
    let now = now_epoch_seconds();
    // Another part number, upload id or expiry under the same signature: refused.
    for (id, number, exp) in [
        (upload_id.as_str(), 2, expires),
        (upload_id.as_str(), 1, expires + 1),
    ] {
        let refused = disk
            .accept_part(id, number, exp, signature, b"x", now)
            .await;
        assert!(
            matches!(refused, Err(StorageError::Rejected("signature"))),
            "{refused:?}"
        );
    }
    let refused = disk
        .accept_part(&upload_id, 1, expires, "zz", b"x", now)
        .await;
    assert!(matches!(refused, Err(StorageError::Rejected("signature"))));
    // Past its expiry.
    let refused = disk
        .accept_part(&upload_id, 1, expires, signature, b"x", expires + 1)
        .await;
    assert!(matches!(refused, Err(StorageError::Rejected("expired"))));
    disk.accept_part(&upload_id, 1, expires, signature, b"x", now)
        .await?;
    // A store with another secret does not accept this URL; the generated secret persists.
    let other = LocalDisk::open(&dir.path().join("files"), Some("other")).await?;
    assert!(other
        .accept_part(&upload_id, 1, expires, signature, b"x", now)
        .await
        .is_err());
    let generated = LocalDisk::open(&dir.path().join("generated"), None).await?;
    let again = LocalDisk::open(&dir.path().join("generated"), None).await?;
    let id = generated.create_multipart(key, "x").await?;
    let url = generated.part_url(key, &id, 1, HOUR)?.url;
    let signature = url
        .rsplit_once("signature=")
        .map(|(_, s)| s)
        .unwrap_or_default();
    let expires: i64 = url
        .split_once("expires=")
        .and_then(|(_, rest)| rest.split('&').next())
        .unwrap_or_default()
        .parse()?;
    again
        .accept_part(&id, 1, expires, signature, b"y", now)
        .await?;
    Ok(())
}

/// The key that signs part URLs is readable by the portal's user only, also when an older
/// version wrote it world-readable.
#[cfg(unix)]
#[tokio::test]
async fn the_part_secret_is_private() -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir()?;
    let root = dir.path().join("files");
    LocalDisk::open(&root, None).await?;
    let secret = root.join("part-secret");
    let mode = |path: &std::path::Path| -> anyhow::Result<u32> {
        Ok(std::fs::metadata(path)?.permissions().mode() & 0o777)
    };
    assert_eq!(mode(&secret)?, 0o600);
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o644))?;
    LocalDisk::open(&root, None).await?;
    assert_eq!(mode(&secret)?, 0o600);
    Ok(())
}

#[tokio::test]
async fn local_objects_are_replaced_whole_and_leave_no_temporary_file() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let root = dir.path().join("files");
    let disk = LocalDisk::open(&root, Some("secret")).await?;
    let key = "items/ab/abcdef";
    disk.put(key, vec![1; 10], "x").await?;
    disk.put_unsynced(key, vec![9; 4], "x").await?;
    disk.sync().await?;
    assert_eq!(disk.read(key).await?, vec![9; 4]);
    disk.put(key, vec![2; 3], "x").await?;
    assert_eq!(disk.read(key).await?, vec![2; 3]);
    let folder: Vec<String> = std::fs::read_dir(root.join("objects/items/ab"))?
        .map(|entry| entry.map(|entry| entry.file_name().to_string_lossy().into_owned()))
        .collect::<Result<_, _>>()?;
    assert_eq!(folder, vec!["abcdef".to_owned()]);
    // An open object keeps its bytes while the key is replaced (a download in flight).
    let mut open = disk.open_object(key).await?;
    disk.put(key, vec![3; 5], "x").await?;
    let mut read = Vec::new();
    tokio::io::AsyncReadExt::read_to_end(&mut open, &mut read).await?;
    assert_eq!(read, vec![2; 3]);
    assert!(matches!(
        disk.open_object("items/ab/missing").await,
        Err(StorageError::NotFound)
    ));
    Ok(())
}
