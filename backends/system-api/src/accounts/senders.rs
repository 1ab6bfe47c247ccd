//! Where verification codes (and e-mail notices) go: the development outbox, SMTP (lettre) or
//! Aliyun SMS, chosen by `accounts.sms_sender` / `accounts.email_sender`.

use std::{collections::BTreeMap, time::Duration};

use anyhow::Context;
use base64::Engine as _;
use hmac::{Hmac, Mac};
use kernel::config::{AliyunSmsSettings, SmtpSettings};
use lettre::{
    message::{header::ContentType, Mailbox},
    transport::smtp::authentication::Credentials,
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
};

use super::store::{self, AccountRepository, AccountStore, OutboxMessage};

/// One code to deliver.
#[derive(Debug, Clone)]
pub struct CodeMessage {
    /// `sms` or `email`.
    pub channel: &'static str,
    pub to: String,
    pub scene: i32,
    pub code: String,
    pub valid_minutes: u64,
}

impl CodeMessage {
    fn purpose(&self) -> &'static str {
        match self.scene {
            1 => "登录",
            2 => "找回密码",
            4 => "注册",
            _ => "验证",
        }
    }

    pub fn subject(&self) -> String {
        format!("【工程资料库】{}验证码", self.purpose())
    }

    pub fn body(&self) -> String {
        format!(
            "您的{}验证码是 {}，{} 分钟内有效。如非本人操作，请忽略。\nYour verification code is {} (valid for {} minutes).",
            self.purpose(),
            self.code,
            self.valid_minutes,
            self.code,
            self.valid_minutes
        )
    }
}

/// A notice by e-mail (an invitation into an organisation): no code, a subject and a body.
#[derive(Debug, Clone)]
pub struct Notice {
    pub to: String,
    pub subject: String,
    pub body: String,
}

pub enum CodeSender {
    /// Development: the code goes to the log and the `dev_outbox` table.
    Outbox(AccountRepository),
    /// E-mail through an SMTP relay (lettre).
    Smtp(SmtpSender),
    /// SMS through Aliyun's SendSms (RPC API, signature version 1.0).
    Aliyun(AliyunSms),
}

impl CodeSender {
    /// The sender configured for `channel` (`sms` or `email`).
    pub fn from_settings(
        channel: &str,
        settings: &kernel::config::AccountsSettings,
        store: &AccountRepository,
    ) -> anyhow::Result<Self> {
        let kind = if channel == "sms" {
            &settings.sms_sender
        } else {
            &settings.email_sender
        };
        match kind.as_str() {
            "outbox" => Ok(Self::Outbox(store.clone())),
            "smtp" if channel == "email" => Ok(Self::Smtp(SmtpSender::new(&settings.smtp)?)),
            "aliyun" if channel == "sms" => Ok(Self::Aliyun(AliyunSms::new(&settings.aliyun_sms)?)),
            other => {
                anyhow::bail!("unknown {channel} sender {other:?} (accounts.{channel}_sender)")
            }
        }
    }

    pub async fn send(&self, message: &CodeMessage) -> anyhow::Result<()> {
        match self {
            Self::Outbox(store) => {
                tracing::info!(
                    channel = message.channel,
                    to = %message.to,
                    scene = message.scene,
                    code = %message.code,
                    "verification code (development outbox)"
                );
                to_outbox(
                    store,
                    OutboxMessage {
                        to: message.to.clone(),
                        channel: message.channel.to_owned(),
                        scene: message.scene,
                        code: message.code.clone(),
                        subject: message.subject(),
                        body: message.body(),
                        created_at: store::now(),
                    },
                )
                .await
            }
            Self::Smtp(sender) => {
                sender
                    .deliver(&message.to, message.subject(), message.body())
                    .await
            }
            Self::Aliyun(sender) => sender.send(message).await,
        }
    }

    /// Delivers an e-mail notice. Aliyun sends only its registered code templates, so an SMS
    /// sender refuses (callers send notices by the e-mail sender).
    pub async fn notify(&self, notice: &Notice) -> anyhow::Result<()> {
        match self {
            Self::Outbox(store) => {
                tracing::info!(to = %notice.to, subject = %notice.subject, "notice (development outbox)");
                to_outbox(
                    store,
                    OutboxMessage {
                        to: notice.to.clone(),
                        channel: "email".to_owned(),
                        scene: 0,
                        code: String::new(),
                        subject: notice.subject.clone(),
                        body: notice.body.clone(),
                        created_at: store::now(),
                    },
                )
                .await
            }
            Self::Smtp(sender) => {
                sender
                    .deliver(&notice.to, notice.subject.clone(), notice.body.clone())
                    .await
            }
            Self::Aliyun(_) => anyhow::bail!("an SMS sender delivers codes only, not notices"),
        }
    }
}

/// Development: what a sender would have delivered, kept in the `dev_outbox` table.
async fn to_outbox(store: &AccountRepository, message: OutboxMessage) -> anyhow::Result<()> {
    store
        .append_outbox(&message)
        .await
        .context("writing the development outbox")
}

pub struct SmtpSender {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl SmtpSender {
    pub fn new(settings: &SmtpSettings) -> anyhow::Result<Self> {
        let builder = match settings.security.as_str() {
            // A relay on the same host or network (and the tests' SMTP server).
            "none" => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&settings.host),
            "starttls" => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&settings.host)
                .context("accounts.smtp.host")?,
            "tls" => AsyncSmtpTransport::<Tokio1Executor>::relay(&settings.host)
                .context("accounts.smtp.host")?,
            other => {
                anyhow::bail!("accounts.smtp.security must be none, starttls or tls, not {other:?}")
            }
        };
        let mut builder = builder
            .port(settings.port)
            .timeout(Some(Duration::from_secs(15)));
        if let (Some(username), Some(password)) = (&settings.username, &settings.password) {
            builder = builder.credentials(Credentials::new(username.clone(), password.clone()));
        }
        Ok(Self {
            transport: builder.build(),
            from: settings.from.parse().with_context(|| {
                format!("accounts.smtp.from {:?} is not a mailbox", settings.from)
            })?,
        })
    }

    async fn deliver(&self, to: &str, subject: String, body: String) -> anyhow::Result<()> {
        let email = Message::builder()
            .from(self.from.clone())
            .to(to.parse().context("recipient is not a mailbox")?)
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(body)
            .context("building the e-mail")?;
        self.transport
            .send(email)
            .await
            .context("sending the e-mail over SMTP")?;
        Ok(())
    }
}

/// Aliyun SMS `SendSms` (API version 2017-05-25) with the RPC signature: HMAC-SHA1 over
/// `GET&%2F&<percent-encoded canonical query>`, keyed with `<AccessKeySecret>&`.
pub struct AliyunSms {
    client: reqwest::Client,
    settings: AliyunSmsSettings,
}

/// RFC 3986 percent-encoding as Aliyun's signature requires (space → `%20`, `*` → `%2A`,
/// `~` kept).
pub fn aliyun_percent_encode(value: &str) -> String {
    let mut encoded = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            encoded.push(char::from(byte));
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    encoded
}

/// The canonical query (sorted by key, percent-encoded) and its signature.
pub fn aliyun_sign(
    params: &BTreeMap<String, String>,
    access_key_secret: &str,
) -> anyhow::Result<(String, String)> {
    let canonical = params
        .iter()
        .map(|(key, value)| {
            format!(
                "{}={}",
                aliyun_percent_encode(key),
                aliyun_percent_encode(value)
            )
        })
        .collect::<Vec<_>>()
        .join("&");
    let string_to_sign = format!(
        "GET&{}&{}",
        aliyun_percent_encode("/"),
        aliyun_percent_encode(&canonical)
    );
    let mut mac = Hmac::<sha1::Sha1>::new_from_slice(format!("{access_key_secret}&").as_bytes())
        .map_err(|error| anyhow::anyhow!("HMAC key: {error}"))?;
    mac.update(string_to_sign.as_bytes());
    let signature = base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes());
    Ok((canonical, signature))
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "PascalCase")]
struct AliyunAnswer {
    code: Option<String>,
    message: Option<String>,
}

impl AliyunSms {
    pub fn new(settings: &AliyunSmsSettings) -> anyhow::Result<Self> {
        anyhow::ensure!(
            !settings.access_key_id.is_empty() && !settings.access_key_secret.is_empty(),
            "accounts.aliyun_sms needs access_key_id and access_key_secret"
        );
        Ok(Self {
            client: reqwest::Client::builder()
                .timeout(Duration::from_secs(10))
                .build()
                .context("building the SMS client")?,
            settings: settings.clone(),
        })
    }

    async fn send(&self, message: &CodeMessage) -> anyhow::Result<()> {
        let settings = &self.settings;
        let params: BTreeMap<String, String> = [
            ("AccessKeyId", settings.access_key_id.clone()),
            ("Action", "SendSms".to_owned()),
            ("Format", "JSON".to_owned()),
            ("PhoneNumbers", message.to.clone()),
            ("RegionId", "cn-hangzhou".to_owned()),
            ("SignName", settings.sign_name.clone()),
            ("SignatureMethod", "HMAC-SHA1".to_owned()),
            ("SignatureNonce", uuid::Uuid::new_v4().to_string()),
            ("SignatureVersion", "1.0".to_owned()),
            ("TemplateCode", settings.template_code.clone()),
            (
                "TemplateParam",
                serde_json::json!({"code": message.code}).to_string(),
            ),
            (
                "Timestamp",
                chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ").to_string(),
            ),
            ("Version", "2017-05-25".to_owned()),
        ]
        .into_iter()
        .map(|(key, value)| (key.to_owned(), value))
        .collect();
        let (canonical, signature) = aliyun_sign(&params, &settings.access_key_secret)?;
        let url = format!(
            "{}?Signature={}&{canonical}",
            settings.endpoint,
            aliyun_percent_encode(&signature)
        );
        let answer: AliyunAnswer = self
            .client
            .get(url)
            .send()
            .await
            .context("calling Aliyun SMS")?
            .json()
            .await
            .context("Aliyun SMS answered no JSON")?;
        match answer.code.as_deref() {
            Some("OK") => Ok(()),
            code => anyhow::bail!(
                "Aliyun SMS refused: {} {}",
                code.unwrap_or("?"),
                answer.message.unwrap_or_default()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_encoding_follows_rfc_3986() {
        assert_eq!(aliyun_percent_encode("a b*c~d/e=f"), "a%20b%2Ac~d%2Fe%3Df");
        assert_eq!(aliyun_percent_encode("验证"), "%E9%AA%8C%E8%AF%81");
    }

    /// The worked example of Aliyun's RPC signature documentation (ECS DescribeRegions with
    /// AccessKeySecret `testsecret`).
    #[test]
    fn signature_matches_the_documented_example() -> anyhow::Result<()> {
        let params: BTreeMap<String, String> = [
            ("Timestamp", "2016-02-23T12:46:24Z"),
            ("Format", "XML"),
            ("AccessKeyId", "testid"),
            ("Action", "DescribeRegions"),
            ("SignatureMethod", "HMAC-SHA1"),
            ("SignatureNonce", "3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf"),
            ("Version", "2014-05-26"),
            ("SignatureVersion", "1.0"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
        let (_, signature) = aliyun_sign(&params, "testsecret")?;
        assert_eq!(signature, "OLeaidS1JvxuMvnyHOwuJ+uX5qY=");
        Ok(())
    }
}
