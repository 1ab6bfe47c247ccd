//! Security headers on every answer (docs/security.md): a Content-Security-Policy without
//! inline scripts, `frame-ancestors` from the configured plugin hosts, nosniff, a referrer
//! policy, and HSTS when the configured public URL is HTTPS.

use actix_web::{http::header, middleware::DefaultHeaders};
use anyhow::Context;

use crate::Settings;

/// An origin a policy may name: `http(s)://host[:port]`, nothing else (no path, no wildcard,
/// no quote or semicolon that could end the directive).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin(String);

impl Origin {
    pub fn parse(text: &str) -> anyhow::Result<Self> {
        let text = text.trim().trim_end_matches('/');
        let (scheme, rest) = text
            .split_once("://")
            .with_context(|| format!("{text:?} is not an origin (scheme://host[:port])"))?;
        anyhow::ensure!(
            scheme == "http" || scheme == "https",
            "{text:?}: only http and https origins"
        );
        anyhow::ensure!(
            !rest.is_empty()
                && rest
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric()
                        || matches!(b, b'.' | b'-' | b':' | b'[' | b']')),
            "{text:?} is not an origin (scheme://host[:port], no path or wildcard)"
        );
        Ok(Self(format!("{scheme}://{}", rest.to_ascii_lowercase())))
    }

    /// The origin of an absolute URL (`https://h/p?q` → `https://h`); `None` for a site path.
    pub fn of_url(url: &str) -> anyhow::Result<Option<Self>> {
        let url = url.trim();
        let Some((scheme, rest)) = url.split_once("://") else {
            return Ok(None);
        };
        let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
        Self::parse(&format!("{scheme}://{authority}")).map(Some)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Space-separated origins of a setting (`security.frame_ancestors`, …).
fn origins(setting: &str, list: &str) -> anyhow::Result<Vec<Origin>> {
    list.split_whitespace()
        .map(|origin| Origin::parse(origin).with_context(|| format!("security.{setting}")))
        .collect()
}

/// The policy of the scripts under `/sandbox/`: dedicated workers whose CSP comes from their own
/// response, not the page's (docs/security.md, "Sandboxed workers"). OpenCascade's STEP reader
/// (occt-import-js) compiles WebAssembly and builds functions with `new Function`, which the pages'
/// policy forbids; the worker has no DOM, may load scripts and fetch only from this origin, and
/// nothing may frame, embed or navigate to it as a document.
pub const SANDBOX_WORKER_POLICY: &str = "default-src 'none'; script-src 'self' 'unsafe-eval' \
     'wasm-unsafe-eval'; connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

/// The policies, worked out once from the settings (a bad origin stops the start).
#[derive(Debug, Clone)]
pub struct SecurityHeaders {
    pub content_security_policy: String,
    /// `SAMEORIGIN` when no plugin host may frame the portal (browsers without CSP 2).
    pub frame_options: Option<&'static str>,
    pub strict_transport_security: Option<&'static str>,
}

impl SecurityHeaders {
    pub fn from_settings(settings: &Settings) -> anyhow::Result<Self> {
        let security = &settings.security;
        let frame_ancestors = origins("frame_ancestors", &security.frame_ancestors)?;
        let mut remotes = Vec::new();
        for url in settings.remotes.values() {
            remotes.extend(Origin::of_url(url).context("remotes")?);
        }
        let mut connect = remotes.clone();
        connect.extend(origins("connect_sources", &security.connect_sources)?);
        let mut frames = Vec::new();
        let wechat = &settings.accounts.wechat;
        if !wechat.app_id.is_empty() {
            frames.extend(Origin::of_url(&wechat.qr_connect_url).context("accounts.wechat")?);
        }
        let list = |origins: &[Origin]| -> String {
            let mut names: Vec<&str> = origins.iter().map(Origin::as_str).collect();
            names.sort_unstable();
            names.dedup();
            names.iter().map(|name| format!(" {name}")).collect()
        };
        // Styles: antd writes its CSS-in-JS into <style> elements at run time, so inline styles
        // stay allowed; scripts never are (no inline script, no eval).
        let content_security_policy = format!(
            "default-src 'self'; script-src 'self'{remotes}; style-src 'self' 'unsafe-inline'{remotes}; \
             img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self' blob: data:{connect}; \
             frame-src 'self'{frames}; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; \
             form-action 'self'; frame-ancestors 'self'{ancestors}",
            remotes = list(&remotes),
            connect = list(&connect),
            frames = list(&frames),
            ancestors = list(&frame_ancestors),
        );
        let https = match settings.public_url.as_deref() {
            Some(url) => Origin::of_url(url)
                .context("public_url")?
                .context("public_url must be an absolute http(s) URL")?
                .as_str()
                .starts_with("https://"),
            None => false,
        };
        Ok(Self {
            content_security_policy,
            frame_options: frame_ancestors.is_empty().then_some("SAMEORIGIN"),
            strict_transport_security: https.then_some("max-age=31536000; includeSubDomains"),
        })
    }

    /// The middleware: adds each header unless the handler set its own.
    pub fn middleware(&self) -> DefaultHeaders {
        let mut headers = DefaultHeaders::new()
            .add((
                header::CONTENT_SECURITY_POLICY,
                self.content_security_policy.clone(),
            ))
            .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
            .add((header::REFERRER_POLICY, "strict-origin-when-cross-origin"));
        if let Some(frame_options) = self.frame_options {
            headers = headers.add((header::X_FRAME_OPTIONS, frame_options));
        }
        if let Some(hsts) = self.strict_transport_security {
            headers = headers.add((header::STRICT_TRANSPORT_SECURITY, hsts));
        }
        headers
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_parsed_not_trusted() -> anyhow::Result<()> {
        assert_eq!(
            Origin::parse("https://CAD.example.com/")?.as_str(),
            "https://cad.example.com"
        );
        assert_eq!(
            Origin::parse("http://127.0.0.1:3001")?.as_str(),
            "http://127.0.0.1:3001"
        );
        for bad in [
            "*",
            "https://*.example.com",
            "cad.example.com",
            "https://a.example/x",
            "https://a; script-src *",
            "'unsafe-inline'",
            "javascript://x",
            "https://",
        ] {
            assert!(Origin::parse(bad).is_err(), "{bad} accepted");
        }
        assert_eq!(
            Origin::of_url("https://open.weixin.qq.com/connect/qrconnect?x=1")?,
            Some(Origin("https://open.weixin.qq.com".to_owned()))
        );
        assert_eq!(Origin::of_url("/mfe/part/mf-manifest.json")?, None);
        Ok(())
    }

    #[test]
    fn the_default_policy_allows_only_this_origin() -> anyhow::Result<()> {
        let headers = SecurityHeaders::from_settings(&Settings::default_values()?)?;
        let csp = &headers.content_security_policy;
        assert!(csp.contains("script-src 'self';"), "{csp}");
        assert!(!csp.contains("unsafe-eval"), "{csp}");
        assert!(csp.ends_with("frame-ancestors 'self'"), "{csp}");
        assert_eq!(headers.frame_options, Some("SAMEORIGIN"));
        assert_eq!(headers.strict_transport_security, None);
        Ok(())
    }

    #[test]
    fn plugin_hosts_remotes_and_https_shape_the_policy() -> anyhow::Result<()> {
        let mut settings = Settings::default_values()?;
        settings.security.frame_ancestors =
            "https://cad.example.com http://127.0.0.1:9000".to_owned();
        settings.security.connect_sources = "https://oss.example.com".to_owned();
        settings.remotes.insert(
            "mfe_part".to_owned(),
            "https://cdn.example/part/mf-manifest.json".to_owned(),
        );
        settings.public_url = Some("https://portal.example.com".to_owned());
        let headers = SecurityHeaders::from_settings(&settings)?;
        let csp = &headers.content_security_policy;
        assert!(
            csp.contains("script-src 'self' https://cdn.example;"),
            "{csp}"
        );
        assert!(
            csp.contains(
                "connect-src 'self' blob: data: https://cdn.example https://oss.example.com;"
            ),
            "{csp}"
        );
        assert!(
            csp.ends_with("frame-ancestors 'self' http://127.0.0.1:9000 https://cad.example.com"),
            "{csp}"
        );
        assert_eq!(
            headers.frame_options, None,
            "CSP frame-ancestors speaks for the allow-list"
        );
        assert!(headers.strict_transport_security.is_some());
        settings.security.frame_ancestors = "https://cad.example.com; script-src *".to_owned();
        assert!(SecurityHeaders::from_settings(&settings).is_err());
        Ok(())
    }
}
