use std::time::Duration;

use anyhow::Context;
use futures_util::future::BoxFuture;
use serde::Deserialize;

use crate::{Principal, TokenSource};

/// The system service's token check, for services deployed apart from it.
pub const INTROSPECTION_PATH: &str = "/to/api/base/system/auth/check-token";

/// Checks tokens by asking the system service (`GET <system_url>/to/api/base/system/auth/check-token`
/// with the token as bearer): `code 0` → the principal, `code 401` → not live.
pub struct Introspection {
    client: reqwest::Client,
    url: String,
}

#[derive(Deserialize)]
struct Envelope {
    code: i64,
    data: Option<Principal>,
    msg: String,
}

impl Introspection {
    pub fn new(system_url: &str) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(5))
            .build()
            .context("building the introspection client")?;
        Ok(Self {
            client,
            url: format!("{}{INTROSPECTION_PATH}", system_url.trim_end_matches('/')),
        })
    }
}

impl TokenSource for Introspection {
    fn resolve<'a>(&'a self, token: &'a str) -> BoxFuture<'a, anyhow::Result<Option<Principal>>> {
        Box::pin(async move {
            let envelope: Envelope = self
                .client
                .get(&self.url)
                .bearer_auth(token)
                .send()
                .await
                .context("calling the system service's token check")?
                .error_for_status()
                .context("token check answered an HTTP error")?
                .json()
                .await
                .context("token check answered no envelope")?;
            match envelope.code {
                0 => Ok(Some(
                    envelope.data.context("token check answered no principal")?,
                )),
                401 => Ok(None),
                code => anyhow::bail!("token check failed: {code} {}", envelope.msg),
            }
        })
    }
}
