//! The `[files]` configuration section (docs/configuration.md): read from the same layers as
//! the kernel's settings (the `PORTAL_CONFIG` file or `portal.toml`, then `PORTAL_FILES__*`
//! environment variables with `__` between nested keys).

use anyhow::Context;
use serde::Deserialize;

/// Where the bytes live.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BackendKind {
    /// `<data_dir>/files/` (the embedded default).
    Local,
    /// S3-compatible object storage.
    S3,
}

impl BackendKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Local => "local",
            Self::S3 => "s3",
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct FilesSettings {
    pub backend: BackendKind,
    /// Secret of the local part-URL signatures (hex or any text); generated once and kept in
    /// `<data_dir>/files/part-secret` when absent. Several replicas sharing one disk must share
    /// it (the file does that).
    pub part_secret: Option<String>,
    /// The chunk size `bigfile/init` answers (spec: 3 MB). S3 proper and MinIO refuse parts
    /// under 5 MiB except the last: with them set 5242880 (docs/files.md).
    pub part_size: u64,
    /// Lifetime of a part upload URL.
    pub part_url_minutes: u64,
    /// Lifetime of an S3 download redirect.
    pub download_url_minutes: u64,
    /// Origin put in front of local part URLs (e.g. `https://www.example.com`); when absent
    /// the origin of the request that asked for the URL is used.
    pub public_base_url: Option<String>,
    /// Upload sessions not created as files after this many hours are swept.
    pub orphan_hours: u64,
    /// Period of the sweep (it also runs at start).
    pub sweep_minutes: u64,
    /// Largest single (non-chunked) upload (spec: under 5 MB).
    pub single_upload_max_bytes: u64,
    pub s3: S3Settings,
}

impl Default for FilesSettings {
    fn default() -> Self {
        Self {
            backend: BackendKind::Local,
            part_secret: None,
            part_size: 3 * 1024 * 1024,
            part_url_minutes: 60,
            download_url_minutes: 10,
            public_base_url: None,
            orphan_hours: 24,
            sweep_minutes: 60,
            single_upload_max_bytes: 5 * 1024 * 1024,
            s3: S3Settings::default(),
        }
    }
}

#[derive(Clone, Deserialize)]
#[serde(default)]
pub struct S3Settings {
    /// e.g. `https://s3.eu-west-1.amazonaws.com` or `http://127.0.0.1:9000`.
    pub endpoint: String,
    pub region: String,
    pub bucket: String,
    pub access_key: String,
    pub secret_key: String,
    /// `true`: `<endpoint>/<bucket>/<key>`; `false`: `<bucket>.<endpoint host>/<key>`.
    pub path_style: bool,
    /// Create the bucket at start when it does not exist (development and tests).
    pub create_bucket: bool,
    /// Prefix of every object key (several deployments in one bucket).
    pub key_prefix: String,
}

impl Default for S3Settings {
    fn default() -> Self {
        Self {
            endpoint: String::new(),
            region: "us-east-1".to_owned(),
            bucket: String::new(),
            access_key: String::new(),
            secret_key: String::new(),
            path_style: true,
            create_bucket: false,
            key_prefix: String::new(),
        }
    }
}

// Hand-written so that secrets never reach a log.
impl std::fmt::Debug for S3Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("S3Settings")
            .field("endpoint", &self.endpoint)
            .field("region", &self.region)
            .field("bucket", &self.bucket)
            .field("access_key", &self.access_key)
            .field("secret_key", &"<hidden>")
            .field("path_style", &self.path_style)
            .field("create_bucket", &self.create_bucket)
            .field("key_prefix", &self.key_prefix)
            .finish()
    }
}

impl FilesSettings {
    /// Reads the section for the running process.
    pub fn load() -> anyhow::Result<Self> {
        let file = std::env::var("PORTAL_CONFIG").ok();
        Self::load_from(file.as_deref(), std::env::vars())
    }

    /// Layers the defaults, the file (if given; otherwise `portal.toml` when present) and the
    /// `PORTAL_FILES__*` variables of `environment`.
    pub fn load_from(
        file: Option<&str>,
        environment: impl IntoIterator<Item = (String, String)>,
    ) -> anyhow::Result<Self> {
        let mut builder = config::Config::builder();
        builder = match file {
            Some(path) => builder.add_source(config::File::with_name(path).required(true)),
            None => builder.add_source(config::File::with_name("portal.toml").required(false)),
        };
        let environment: config::Map<String, String> = environment
            .into_iter()
            .filter(|(key, _)| key.starts_with("PORTAL_FILES__"))
            .collect();
        builder = builder.add_source(
            config::Environment::with_prefix("PORTAL")
                .prefix_separator("_")
                .separator("__")
                .source(Some(environment)),
        );
        let layered = builder.build().context("reading the files configuration")?;
        let settings: Option<Self> = layered
            .get("files")
            .or_else(|error| match error {
                config::ConfigError::NotFound(_) => Ok(None),
                other => Err(other),
            })
            .context("invalid files configuration")?;
        Ok(settings.unwrap_or_default())
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
    fn defaults_need_no_s3() -> anyhow::Result<()> {
        let settings = FilesSettings::load_from(None, env(&[]))?;
        assert_eq!(settings.backend, BackendKind::Local);
        assert_eq!(settings.part_size, 3_145_728);
        assert!(settings.s3.endpoint.is_empty());
        Ok(())
    }

    #[test]
    fn environment_and_file_override() -> anyhow::Result<()> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("portal.toml");
        std::fs::write(
            &path,
            "addr = \"x\"\n[files]\norphan_hours = 6\n[files.s3]\nbucket = \"from-file\"\n",
        )?;
        let path = path.to_string_lossy().into_owned();
        let settings = FilesSettings::load_from(
            Some(&path),
            env(&[
                ("PORTAL_FILES__BACKEND", "s3"),
                ("PORTAL_FILES__S3__ENDPOINT", "http://127.0.0.1:9000"),
                ("PORTAL_FILES__S3__PATH_STYLE", "false"),
                ("PORTAL_FILES__PART_SIZE", "5242880"),
                ("PORTAL_ADDR", "ignored"),
            ]),
        )?;
        assert_eq!(settings.backend, BackendKind::S3);
        assert_eq!(settings.s3.endpoint, "http://127.0.0.1:9000");
        assert_eq!(settings.s3.bucket, "from-file");
        assert!(!settings.s3.path_style);
        assert_eq!(settings.part_size, 5_242_880);
        assert_eq!(settings.orphan_hours, 6);
        assert_eq!(settings.sweep_minutes, 60);
        Ok(())
    }

    #[test]
    fn secrets_stay_out_of_debug_output() {
        let settings = S3Settings {
            secret_key: "very-secret".to_owned(),
            ..S3Settings::default()
        };
        assert!(!format!("{settings:?}").contains("very-secret"));
    }
}
