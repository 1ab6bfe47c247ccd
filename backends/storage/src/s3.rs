//! S3-compatible object storage through presigned requests (rusty-s3 signs, reqwest sends):
//! CreateMultipartUpload, presigned UploadPart URLs for the browser, ListParts for resume,
//! CompleteMultipartUpload, AbortMultipartUpload, PutObject, GetObject, DeleteObject.

use std::time::Duration;

use anyhow::Context;
use rusty_s3::{
    actions::{CreateMultipartUpload, ListParts},
    Bucket, Credentials, S3Action, UrlStyle,
};

/// One page of a ListParts answer.
struct PartsPage {
    parts: Vec<StoredPart>,
    truncated: bool,
    next_marker: Option<u16>,
}

/// The text of the first `<tag>…</tag>` in `xml`.
fn element<'a>(xml: &'a str, tag: &str) -> Option<&'a str> {
    let open = format!("<{tag}>");
    let close = format!("</{tag}>");
    let start = xml.find(&open)? + open.len();
    let end = start + xml[start..].find(&close)?;
    Some(&xml[start..end])
}

/// Reads a ListParts answer by its element names only: servers differ in the root element
/// (AWS `ListPartsResult`, moto `ListPartsResponse`), which a strict parser refuses.
fn parse_list_parts(xml: &str) -> anyhow::Result<PartsPage> {
    let mut parts = Vec::new();
    let mut rest = xml;
    while let Some(start) = rest.find("<Part>") {
        let after = &rest[start + "<Part>".len()..];
        let end = after
            .find("</Part>")
            .context("ListParts answer: unterminated <Part>")?;
        let part = &after[..end];
        let number: u32 = element(part, "PartNumber")
            .context("ListParts answer: part without PartNumber")?
            .trim()
            .parse()
            .context("ListParts answer: PartNumber")?;
        let etag = element(part, "ETag").context("ListParts answer: part without ETag")?;
        let etag = crate::unquote(&etag.replace("&quot;", "\"")).to_ascii_lowercase();
        let size: u64 = element(part, "Size")
            .context("ListParts answer: part without Size")?
            .trim()
            .parse()
            .context("ListParts answer: Size")?;
        parts.push(StoredPart {
            part_number: number,
            etag,
            size,
        });
        rest = &after[end..];
    }
    // No <Part> holds these two, so the first occurrence is the document's.
    Ok(PartsPage {
        parts,
        truncated: element(xml, "IsTruncated").is_some_and(|value| value.trim() == "true"),
        next_marker: element(xml, "NextPartNumberMarker")
            .and_then(|value| value.trim().parse().ok()),
    })
}

use crate::{
    check_key, check_parts, BackendKind, BlobStore, CompletedObject, CompletedPart, PartUrl,
    S3Settings, StorageError, StorageResult, StoredPart, PART_CONTENT_TYPE,
};

/// Lifetime of the URLs this process signs for its own calls.
const CALL_URL_LIFETIME: Duration = Duration::from_secs(300);
/// S3 bounds presigned URLs to 7 days.
const MAX_URL_LIFETIME: Duration = Duration::from_secs(7 * 24 * 3600);

pub struct S3Store {
    bucket: Bucket,
    credentials: Credentials,
    client: reqwest::Client,
    key_prefix: String,
}

impl S3Store {
    /// Connects to the bucket (creating it when configured to and missing).
    pub async fn open(settings: &S3Settings) -> anyhow::Result<Self> {
        anyhow::ensure!(
            !settings.endpoint.is_empty(),
            "files.s3.endpoint is not set"
        );
        anyhow::ensure!(!settings.bucket.is_empty(), "files.s3.bucket is not set");
        let endpoint = settings
            .endpoint
            .parse()
            .with_context(|| format!("files.s3.endpoint {:?} is not a URL", settings.endpoint))?;
        let style = if settings.path_style {
            UrlStyle::Path
        } else {
            UrlStyle::VirtualHost
        };
        let bucket = Bucket::new(
            endpoint,
            style,
            settings.bucket.clone(),
            settings.region.clone(),
        )
        .map_err(|error| anyhow::anyhow!("files.s3: {error}"))?;
        let store = Self {
            bucket,
            credentials: Credentials::new(settings.access_key.clone(), settings.secret_key.clone()),
            client: reqwest::Client::builder()
                .timeout(Duration::from_secs(120))
                .build()
                .context("building the S3 client")?,
            key_prefix: settings.key_prefix.trim_matches('/').to_owned(),
        };
        store.ensure_bucket(settings.create_bucket).await?;
        Ok(store)
    }

    async fn ensure_bucket(&self, create: bool) -> anyhow::Result<()> {
        let url = self
            .bucket
            .head_bucket(Some(&self.credentials))
            .sign(CALL_URL_LIFETIME);
        let response = self
            .client
            .head(url)
            .send()
            .await
            .context("reaching the S3 endpoint")?;
        if response.status().is_success() {
            return Ok(());
        }
        anyhow::ensure!(
            create && response.status() == reqwest::StatusCode::NOT_FOUND,
            "S3 bucket {} is not usable: HTTP {}",
            self.bucket.name(),
            response.status()
        );
        let url = self
            .bucket
            .create_bucket(&self.credentials)
            .sign(CALL_URL_LIFETIME);
        // An explicit empty body: servers want `Content-Length: 0`.
        let response = self
            .client
            .put(url)
            .header(reqwest::header::CONTENT_LENGTH, "0")
            .body(Vec::new())
            .send()
            .await
            .context("creating the bucket")?;
        expect_success(response, "creating the bucket").await?;
        tracing::info!(bucket = self.bucket.name(), "S3 bucket created");
        Ok(())
    }

    fn object_key(&self, key: &str) -> StorageResult<String> {
        check_key(key)?;
        Ok(if self.key_prefix.is_empty() {
            key.to_owned()
        } else {
            format!("{}/{key}", self.key_prefix)
        })
    }

    async fn list_all_parts(
        &self,
        object: &str,
        upload_id: &str,
    ) -> StorageResult<Vec<StoredPart>> {
        let mut parts = Vec::new();
        let mut marker: Option<u16> = None;
        loop {
            let mut action: ListParts<'_> =
                self.bucket
                    .list_parts(Some(&self.credentials), object, upload_id);
            if let Some(marker) = marker {
                action.set_part_number_marker(marker);
            }
            let response = self
                .client
                .get(action.sign(CALL_URL_LIFETIME))
                .send()
                .await
                .context("listing the parts")?;
            if response.status() == reqwest::StatusCode::NOT_FOUND {
                return Err(StorageError::NotFound);
            }
            let body = expect_success(response, "listing the parts").await?;
            let page = parse_list_parts(&body)?;
            parts.extend(page.parts);
            match page.next_marker {
                Some(next) if page.truncated => marker = Some(next),
                _ => break,
            }
        }
        parts.sort_by_key(|part| part.part_number);
        Ok(parts)
    }
}

/// The body of a successful answer; otherwise an error naming the status and S3's message.
async fn expect_success(response: reqwest::Response, what: &str) -> anyhow::Result<String> {
    let status = response.status();
    let body = response
        .text()
        .await
        .with_context(|| format!("{what}: reading the answer"))?;
    if status.is_success() {
        Ok(body)
    } else {
        anyhow::bail!(
            "{what}: HTTP {status}: {}",
            body.chars().take(500).collect::<String>()
        )
    }
}

impl BlobStore for S3Store {
    fn kind(&self) -> BackendKind {
        BackendKind::S3
    }

    /// PutObject is durable when it answers: the same as [`BlobStore::put`].
    async fn put_unsynced(
        &self,
        key: &str,
        bytes: Vec<u8>,
        content_type: &str,
    ) -> StorageResult<()> {
        self.put(key, bytes, content_type).await
    }

    async fn sync(&self) -> StorageResult<()> {
        Ok(())
    }

    async fn put(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> StorageResult<()> {
        let object = self.object_key(key)?;
        let url = self
            .bucket
            .put_object(Some(&self.credentials), &object)
            .sign(CALL_URL_LIFETIME);
        let response = self
            .client
            .put(url)
            .header(reqwest::header::CONTENT_TYPE, content_type)
            .body(bytes)
            .send()
            .await
            .context("storing an object")?;
        expect_success(response, "storing an object").await?;
        Ok(())
    }

    async fn size(&self, key: &str) -> StorageResult<Option<u64>> {
        let object = self.object_key(key)?;
        let url = self
            .bucket
            .head_object(Some(&self.credentials), &object)
            .sign(CALL_URL_LIFETIME);
        let response = self
            .client
            .head(url)
            .send()
            .await
            .context("reading an object's size")?;
        if response.status() == reqwest::StatusCode::NOT_FOUND {
            return Ok(None);
        }
        let response = response
            .error_for_status()
            .context("reading an object's size")?;
        // Not `Response::content_length`: for a HEAD answer reqwest reports the (empty) body's.
        let size = response
            .headers()
            .get(reqwest::header::CONTENT_LENGTH)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.parse::<u64>().ok())
            .context("HEAD object answered without Content-Length")?;
        Ok(Some(size))
    }

    async fn read(&self, key: &str) -> StorageResult<Vec<u8>> {
        let object = self.object_key(key)?;
        let url = self
            .bucket
            .get_object(Some(&self.credentials), &object)
            .sign(CALL_URL_LIFETIME);
        let response = self
            .client
            .get(url)
            .send()
            .await
            .context("reading an object")?;
        if response.status() == reqwest::StatusCode::NOT_FOUND {
            return Err(StorageError::NotFound);
        }
        let response = response.error_for_status().context("reading an object")?;
        Ok(response
            .bytes()
            .await
            .context("reading an object")?
            .to_vec())
    }

    async fn read_head(&self, key: &str, len: usize) -> StorageResult<Vec<u8>> {
        if len == 0 {
            return Ok(Vec::new());
        }
        let object = self.object_key(key)?;
        let url = self
            .bucket
            .get_object(Some(&self.credentials), &object)
            .sign(CALL_URL_LIFETIME);
        let response = self
            .client
            .get(url)
            .header(reqwest::header::RANGE, format!("bytes=0-{}", len - 1))
            .send()
            .await
            .context("reading an object")?;
        if response.status() == reqwest::StatusCode::NOT_FOUND {
            return Err(StorageError::NotFound);
        }
        let response = response.error_for_status().context("reading an object")?;
        let mut bytes = response
            .bytes()
            .await
            .context("reading an object")?
            .to_vec();
        // A server that ignores Range answers the whole object.
        bytes.truncate(len);
        Ok(bytes)
    }

    async fn delete(&self, key: &str) -> StorageResult<()> {
        let object = self.object_key(key)?;
        let url = self
            .bucket
            .delete_object(Some(&self.credentials), &object)
            .sign(CALL_URL_LIFETIME);
        let response = self
            .client
            .delete(url)
            .send()
            .await
            .context("deleting an object")?;
        if response.status() != reqwest::StatusCode::NOT_FOUND {
            expect_success(response, "deleting an object").await?;
        }
        Ok(())
    }

    async fn create_multipart(&self, key: &str, content_type: &str) -> StorageResult<String> {
        let object = self.object_key(key)?;
        let mut action = self
            .bucket
            .create_multipart_upload(Some(&self.credentials), &object);
        action
            .headers_mut()
            .insert("content-type", content_type.to_owned());
        let url = action.sign(CALL_URL_LIFETIME);
        let response = self
            .client
            .post(url)
            .header(reqwest::header::CONTENT_TYPE, content_type)
            .header(reqwest::header::CONTENT_LENGTH, "0")
            .body(Vec::new())
            .send()
            .await
            .context("starting a multipart upload")?;
        let body = expect_success(response, "starting a multipart upload").await?;
        let created = CreateMultipartUpload::parse_response(&body)
            .map_err(|error| anyhow::anyhow!("CreateMultipartUpload answer: {error}"))?;
        Ok(created.upload_id().to_owned())
    }

    fn part_url(
        &self,
        key: &str,
        upload_id: &str,
        part_number: u32,
        expires_in: Duration,
    ) -> StorageResult<PartUrl> {
        let object = self.object_key(key)?;
        let number = u16::try_from(part_number)
            .ok()
            .filter(|n| (1..=10_000).contains(n))
            .ok_or_else(|| anyhow::anyhow!("part number {part_number} out of range"))?;
        let url = self
            .bucket
            .upload_part(Some(&self.credentials), &object, number, upload_id)
            .sign(expires_in.min(MAX_URL_LIFETIME));
        Ok(PartUrl {
            url: url.to_string(),
            content_type: PART_CONTENT_TYPE,
        })
    }

    async fn list_parts(&self, key: &str, upload_id: &str) -> StorageResult<Vec<StoredPart>> {
        let object = self.object_key(key)?;
        self.list_all_parts(&object, upload_id).await
    }

    async fn complete_multipart(
        &self,
        key: &str,
        upload_id: &str,
        parts: &[CompletedPart],
    ) -> StorageResult<CompletedObject> {
        let object = self.object_key(key)?;
        let stored = self.list_all_parts(&object, upload_id).await?;
        let ordered = check_parts(parts, &stored)?;
        let etags: Vec<String> = ordered
            .iter()
            .map(|part| format!("\"{}\"", part.etag))
            .collect();
        let action = self.bucket.complete_multipart_upload(
            Some(&self.credentials),
            &object,
            upload_id,
            etags.iter().map(String::as_str),
        );
        let url = action.sign(CALL_URL_LIFETIME);
        let response = self
            .client
            .post(url)
            .body(action.body())
            .send()
            .await
            .context("completing a multipart upload")?;
        let status = response.status();
        let body = response
            .text()
            .await
            .context("completing a multipart upload")?;
        // S3 may answer 200 with an <Error> body; a 400 here means S3 refused the parts.
        if !status.is_success() || body.contains("<Error>") {
            if status == reqwest::StatusCode::BAD_REQUEST {
                return Err(StorageError::NotComplete(body.chars().take(300).collect()));
            }
            return Err(anyhow::anyhow!(
                "completing a multipart upload: HTTP {status}: {}",
                body.chars().take(500).collect::<String>()
            )
            .into());
        }
        let part_etags: Vec<&str> = ordered.iter().map(|part| part.etag.as_str()).collect();
        let expected = crate::multipart_etag(&part_etags)?;
        // By element name, as for ListParts (moto's root element differs from AWS's).
        let etag = element(&body, "ETag")
            .context("CompleteMultipartUpload answer without ETag")?
            .replace("&quot;", "\"");
        let etag = crate::unquote(&etag).to_ascii_lowercase();
        // The server's ETag covers the parts it assembled: checksum of the whole.
        if etag != expected {
            return Err(
                anyhow::anyhow!("assembled object ETag {etag} differs from {expected}").into(),
            );
        }
        Ok(CompletedObject {
            size: ordered.iter().map(|part| part.size).sum(),
            etag,
        })
    }

    async fn abort_multipart(&self, key: &str, upload_id: &str) -> StorageResult<()> {
        let object = self.object_key(key)?;
        let url = self
            .bucket
            .abort_multipart_upload(Some(&self.credentials), &object, upload_id)
            .sign(CALL_URL_LIFETIME);
        let response = self
            .client
            .delete(url)
            .send()
            .await
            .context("aborting an upload")?;
        if response.status() != reqwest::StatusCode::NOT_FOUND {
            expect_success(response, "aborting an upload").await?;
        }
        Ok(())
    }

    fn download_url(
        &self,
        key: &str,
        file_name: &str,
        content_type: &str,
        expires_in: Duration,
    ) -> StorageResult<Option<String>> {
        let object = self.object_key(key)?;
        let mut action = self.bucket.get_object(Some(&self.credentials), &object);
        action.query_mut().insert(
            "response-content-disposition",
            content_disposition(file_name, false),
        );
        action
            .query_mut()
            .insert("response-content-type", content_type.to_owned());
        Ok(Some(
            action.sign(expires_in.min(MAX_URL_LIFETIME)).to_string(),
        ))
    }
}

/// `attachment; filename="<ascii fallback>"; filename*=UTF-8''<percent-encoded>` (RFC 6266),
/// `inline` for content a browser may show.
pub fn content_disposition(file_name: &str, inline: bool) -> String {
    let fallback: String = file_name
        .chars()
        .map(|c| {
            let plain = (c.is_ascii_graphic() && c != '"' && c != '\\') || c == ' ';
            if plain {
                c
            } else {
                '_'
            }
        })
        .collect();
    let mut encoded = String::new();
    for byte in file_name.bytes() {
        if byte.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&byte) {
            encoded.push(char::from(byte));
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    let kind = if inline { "inline" } else { "attachment" };
    format!("{kind}; filename=\"{fallback}\"; filename*=UTF-8''{encoded}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_parts_answers_of_either_root_parse() -> anyhow::Result<()> {
        let xml = "<?xml version=\"1.0\"?><ListPartsResponse xmlns=\"x\"><Bucket>b</Bucket>\
            <NextPartNumberMarker>2</NextPartNumberMarker><IsTruncated>true</IsTruncated>\
            <Part><PartNumber>1</PartNumber><ETag>&quot;AB&quot;</ETag><Size>3</Size></Part>\
            <Part><PartNumber>2</PartNumber><ETag>\"cd\"</ETag><Size>4</Size></Part>\
            </ListPartsResponse>";
        let page = parse_list_parts(xml)?;
        assert_eq!(
            page.parts,
            vec![
                StoredPart {
                    part_number: 1,
                    etag: "ab".to_owned(),
                    size: 3
                },
                StoredPart {
                    part_number: 2,
                    etag: "cd".to_owned(),
                    size: 4
                },
            ]
        );
        assert!(page.truncated);
        assert_eq!(page.next_marker, Some(2));
        let empty = parse_list_parts(
            "<ListPartsResult><IsTruncated>false</IsTruncated></ListPartsResult>",
        )?;
        assert!(empty.parts.is_empty() && !empty.truncated);
        Ok(())
    }

    #[test]
    fn content_disposition_carries_the_utf8_name() {
        assert_eq!(
            content_disposition("零件 M8.step", false),
            "attachment; filename=\"__ M8.step\"; filename*=UTF-8''%E9%9B%B6%E4%BB%B6%20M8.step"
        );
        assert!(content_disposition("a.png", true).starts_with("inline; "));
    }
}
