//! WeChat Open Platform website login: exchange the authorisation `code` for an access token
//! and the openid (`sns/oauth2/access_token`), then fetch the user (`sns/userinfo`). The base
//! URL is configurable (`accounts.wechat.api_base`) so tests talk to a local stand-in.

use std::time::Duration;

use anyhow::Context;
use kernel::config::WechatSettings;
use serde::Deserialize;

/// What WeChat says about the user who scanned the QR code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WechatUser {
    pub open_id: String,
    pub union_id: Option<String>,
    pub nickname: String,
    pub avatar: String,
}

/// A refusal by WeChat (`errcode`/`errmsg`), shown to the client in 1002018000.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message} ({code})")]
pub struct WechatRefusal {
    pub code: i64,
    pub message: String,
}

#[derive(Deserialize)]
struct TokenAnswer {
    access_token: Option<String>,
    openid: Option<String>,
    unionid: Option<String>,
    errcode: Option<i64>,
    errmsg: Option<String>,
}

#[derive(Deserialize)]
struct UserInfoAnswer {
    openid: Option<String>,
    nickname: Option<String>,
    headimgurl: Option<String>,
    unionid: Option<String>,
    errcode: Option<i64>,
    errmsg: Option<String>,
}

pub struct WechatClient {
    client: reqwest::Client,
    settings: WechatSettings,
}

fn refusal(code: Option<i64>, message: Option<String>) -> Option<WechatRefusal> {
    code.filter(|code| *code != 0).map(|code| WechatRefusal {
        code,
        message: message.unwrap_or_default(),
    })
}

impl WechatClient {
    pub fn new(settings: &WechatSettings) -> anyhow::Result<Self> {
        Ok(Self {
            client: reqwest::Client::builder()
                .timeout(Duration::from_secs(10))
                .build()
                .context("building the WeChat client")?,
            settings: settings.clone(),
        })
    }

    pub fn is_configured(&self) -> bool {
        !self.settings.app_id.is_empty() && !self.settings.app_secret.is_empty()
    }

    pub fn settings(&self) -> &WechatSettings {
        &self.settings
    }

    /// WeChat answers JSON with a `text/plain` content type: read the text, then parse.
    async fn get<T: serde::de::DeserializeOwned>(
        &self,
        path: &str,
        query: &[(&str, &str)],
    ) -> anyhow::Result<T> {
        let url = format!("{}{path}", self.settings.api_base.trim_end_matches('/'));
        let text = self
            .client
            .get(&url)
            .query(query)
            .send()
            .await
            .with_context(|| format!("calling WeChat {path}"))?
            .error_for_status()
            .with_context(|| format!("WeChat {path} answered an HTTP error"))?
            .text()
            .await?;
        serde_json::from_str(&text).with_context(|| format!("WeChat {path} answered {text:?}"))
    }

    /// The user behind an authorisation code; `Ok(Err(_))` when WeChat refuses it.
    pub async fn user_of_code(
        &self,
        code: &str,
    ) -> anyhow::Result<Result<WechatUser, WechatRefusal>> {
        let token: TokenAnswer = self
            .get(
                "/sns/oauth2/access_token",
                &[
                    ("appid", &self.settings.app_id),
                    ("secret", &self.settings.app_secret),
                    ("code", code),
                    ("grant_type", "authorization_code"),
                ],
            )
            .await?;
        if let Some(refused) = refusal(token.errcode, token.errmsg) {
            return Ok(Err(refused));
        }
        let (access_token, open_id) = token
            .access_token
            .zip(token.openid)
            .context("WeChat token answer without access_token/openid")?;
        let info: UserInfoAnswer = self
            .get(
                "/sns/userinfo",
                &[
                    ("access_token", &access_token),
                    ("openid", &open_id),
                    ("lang", "zh_CN"),
                ],
            )
            .await?;
        if let Some(refused) = refusal(info.errcode, info.errmsg) {
            return Ok(Err(refused));
        }
        anyhow::ensure!(
            info.openid.as_deref() == Some(open_id.as_str()),
            "WeChat userinfo is about another openid"
        );
        Ok(Ok(WechatUser {
            open_id,
            union_id: info.unionid.or(token.unionid),
            nickname: info.nickname.unwrap_or_default(),
            avatar: info.headimgurl.unwrap_or_default(),
        }))
    }
}
