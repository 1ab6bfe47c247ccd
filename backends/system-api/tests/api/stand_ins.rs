//! Local stand-ins for the providers the accounts talk to: WeChat's Open Platform API, the
//! Aliyun SMS API (checking the request signature independently) and a real SMTP server
//! (aiosmtpd, a Python package: `python3 -m pip install aiosmtpd==1.4.6`).

use std::{
    collections::{BTreeMap, HashMap, HashSet},
    net::TcpListener,
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use actix_web::{web, App, HttpResponse, HttpServer};
use anyhow::Context;
use base64::Engine as _;
use hmac::{Hmac, Mac};
use serde_json::json;

pub const WECHAT_APP_ID: &str = "wx-test-app";
pub const WECHAT_SECRET: &str = "wx-test-secret";
pub const ALIYUN_KEY_ID: &str = "LTAI-test";
pub const ALIYUN_SECRET: &str = "aliyun-test-secret";

/// A running stand-in server; stopped on drop.
pub struct StandIn {
    pub base_url: String,
    handle: actix_web::dev::ServerHandle,
}

impl Drop for StandIn {
    fn drop(&mut self) {
        let handle = self.handle.clone();
        tokio::spawn(async move { handle.stop(false).await });
    }
}

fn start(
    configure: impl Fn(&mut web::ServiceConfig) + Send + Clone + 'static,
) -> anyhow::Result<StandIn> {
    let listener = TcpListener::bind("127.0.0.1:0")?;
    let port = listener.local_addr()?.port();
    let server = HttpServer::new(move || App::new().configure(configure.clone()))
        .workers(1)
        .listen(listener)?
        .run();
    let handle = server.handle();
    tokio::spawn(server);
    Ok(StandIn {
        base_url: format!("http://127.0.0.1:{port}"),
        handle,
    })
}

/// WeChat: code `code-<name>-<n>` belongs to openid `o-<name>`; codes are single-use.
pub fn wechat() -> anyhow::Result<StandIn> {
    let used: Arc<Mutex<HashSet<String>>> = Arc::default();
    start(move |cfg| {
        let used = used.clone();
        cfg.route(
            "/sns/oauth2/access_token",
            web::get().to(move |query: web::Query<HashMap<String, String>>| {
                let used = used.clone();
                async move {
                    let param = |key: &str| query.get(key).cloned().unwrap_or_default();
                    let text = if param("appid") != WECHAT_APP_ID || param("secret") != WECHAT_SECRET {
                        json!({"errcode": 40125, "errmsg": "invalid appsecret"})
                    } else if param("grant_type") != "authorization_code" {
                        json!({"errcode": 40002, "errmsg": "invalid grant_type"})
                    } else {
                        let code = param("code");
                        let name = code
                            .strip_prefix("code-")
                            .and_then(|rest| rest.rsplit_once('-'))
                            .map(|(name, _)| name.to_owned());
                        let fresh = used.lock().map(|mut used| used.insert(code.clone())).unwrap_or(false);
                        match name {
                            Some(name) if fresh => json!({
                                "access_token": format!("at-{name}"), "expires_in": 7200,
                                "refresh_token": format!("rt-{name}"), "openid": format!("o-{name}"),
                                "scope": "snsapi_login", "unionid": format!("u-{name}")
                            }),
                            _ => json!({"errcode": 40029, "errmsg": "invalid code"}),
                        }
                    };
                    // WeChat answers JSON as text/plain.
                    HttpResponse::Ok().content_type("text/plain").body(text.to_string())
                }
            }),
        )
        .route(
            "/sns/userinfo",
            web::get().to(|query: web::Query<HashMap<String, String>>| async move {
                let param = |key: &str| query.get(key).cloned().unwrap_or_default();
                let name = param("openid").strip_prefix("o-").map(str::to_owned);
                let text = match name {
                    Some(name) if param("access_token") == format!("at-{name}") => json!({
                        "openid": format!("o-{name}"), "nickname": format!("微信用户{name}"),
                        "headimgurl": "https://wx.example/head.png", "unionid": format!("u-{name}")
                    }),
                    _ => json!({"errcode": 40003, "errmsg": "invalid openid"}),
                };
                HttpResponse::Ok().content_type("text/plain").body(text.to_string())
            }),
        );
    })
}

/// Aliyun's percent-encoding, written again here so that the check is independent.
fn percent(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The SMS stand-in: checks the signature, records `(phone, code)` of accepted requests.
pub fn aliyun(sent: Arc<Mutex<Vec<(String, String)>>>) -> anyhow::Result<StandIn> {
    start(move |cfg| {
        let sent = sent.clone();
        cfg.route(
            "/",
            web::get().to(move |query: web::Query<Vec<(String, String)>>| {
                let sent = sent.clone();
                async move {
                    let mut params: BTreeMap<String, String> = query.into_inner().into_iter().collect();
                    let signature = params.remove("Signature").unwrap_or_default();
                    let canonical: Vec<String> =
                        params.iter().map(|(k, v)| format!("{}={}", percent(k), percent(v))).collect();
                    let to_sign = format!("GET&%2F&{}", percent(&canonical.join("&")));
                    let expected = Hmac::<sha1::Sha1>::new_from_slice(format!("{ALIYUN_SECRET}&").as_bytes())
                        .map(|mut mac| {
                            mac.update(to_sign.as_bytes());
                            base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
                        })
                        .unwrap_or_default();
                    let get = |key: &str| params.get(key).cloned().unwrap_or_default();
                    let answer = if signature != expected {
                        json!({"Code": "SignatureDoesNotMatch", "Message": "Specified signature is not matched"})
                    } else if get("AccessKeyId") != ALIYUN_KEY_ID || get("Action") != "SendSms" || get("Version") != "2017-05-25" {
                        json!({"Code": "InvalidParameter", "Message": "bad request"})
                    } else {
                        let code = serde_json::from_str::<serde_json::Value>(&get("TemplateParam"))
                            .ok()
                            .and_then(|p| p["code"].as_str().map(str::to_owned))
                            .unwrap_or_default();
                        if let Ok(mut sent) = sent.lock() {
                            sent.push((get("PhoneNumbers"), code));
                        }
                        json!({"Code": "OK", "Message": "OK", "RequestId": "req-1", "BizId": "biz-1"})
                    };
                    HttpResponse::Ok().json(answer)
                }
            }),
        );
    })
}

/// A real SMTP server (aiosmtpd) writing every message to a maildir.
pub struct SmtpServer {
    pub port: u16,
    pub maildir: PathBuf,
    child: Child,
    _dir: tempfile::TempDir,
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `Ok(None)`: aiosmtpd is not installed and the services are not required.
pub async fn smtp_server() -> anyhow::Result<Option<SmtpServer>> {
    let available = Command::new("python3")
        .args(["-c", "import aiosmtpd"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !available {
        anyhow::ensure!(
            !kernel::testing::services_required(),
            "aiosmtpd is required: python3 -m pip install aiosmtpd==1.4.6"
        );
        eprintln!("skipping: aiosmtpd is not installed (python3 -m pip install aiosmtpd==1.4.6)");
        return Ok(None);
    }
    let dir = tempfile::tempdir()?;
    let maildir = dir.path().join("mail");
    let port = TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let child = Command::new("python3")
        .args([
            "-m",
            "aiosmtpd",
            "-n",
            "-l",
            &format!("127.0.0.1:{port}"),
            "-c",
            "aiosmtpd.handlers.Mailbox",
        ])
        .arg(&maildir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .context("starting aiosmtpd")?;
    let server = SmtpServer {
        port,
        maildir,
        child,
        _dir: dir,
    };
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        anyhow::ensure!(
            started.elapsed() < Duration::from_secs(15),
            "aiosmtpd did not start"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(Some(server))
}

/// The decoded subject, recipient and text of every message in the maildir.
pub fn read_maildir(maildir: &Path) -> anyhow::Result<Vec<(String, String, String)>> {
    let script = r#"
import json, mailbox, sys
out = []
for message in mailbox.Maildir(sys.argv[1], factory=None, create=False):
    import email
    from email import policy
    parsed = email.message_from_bytes(message.as_bytes(), policy=policy.default)
    out.append([str(parsed["subject"]), str(parsed["to"]), parsed.get_body(("plain",)).get_content()])
print(json.dumps(out))
"#;
    let output = Command::new("python3")
        .args(["-c", script])
        .arg(maildir)
        .output()?;
    anyhow::ensure!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    Ok(serde_json::from_slice(&output.stdout)?)
}
