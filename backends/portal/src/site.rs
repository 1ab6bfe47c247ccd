//! The static web front end: the shell at `/` (with the single-page-application fallback),
//! each remote under `/mfe/<name>/`, and `/remotes.json` (the deploy-time remote map).

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
    sync::Arc,
};

use actix_files::{Files, NamedFile};
use actix_web::{
    body::MessageBody,
    dev::{fn_service, ServiceRequest, ServiceResponse},
    guard::{self, GuardContext},
    http::{
        header::{self, HeaderValue},
        Method,
    },
    middleware::{from_fn, Next},
    web, HttpResponse,
};
use kernel::{ApiError, Settings, SiteMount};

/// Remote name (path segment under /mfe/) → directory under the web root.
pub const REMOTES: [(&str, &str); 4] = [
    ("auth", "mfe-auth"),
    ("part", "mfe-part"),
    ("component", "mfe-component"),
    ("mat", "mfe-mat"),
];

/// Paths that are never the shell's: APIs, remotes, health.
const RESERVED_PREFIXES: [&str; 3] = ["/to", "/mfe", "/health"];

const IMMUTABLE: HeaderValue = HeaderValue::from_static("public, max-age=31536000, immutable");
const NO_CACHE: HeaderValue = HeaderValue::from_static("no-cache");

/// The site for `Application::build`, from `web_dir` and `remotes` of the settings.
pub fn mount(settings: &Settings) -> SiteMount {
    let web_dir = settings.web_dir.clone();
    let remotes = Arc::new(settings.remotes.clone());
    for (name, dir) in REMOTES {
        let dist = web_dir.join(dir).join("dist");
        if !dist.is_dir() {
            tracing::warn!(remote = name, path = %dist.display(), "remote not built; /mfe/{name}/ answers 404");
        }
    }
    if !web_dir.join("shell/dist/index.html").is_file() {
        tracing::warn!(path = %web_dir.join("shell/dist").display(), "shell not built; / explains how to build it");
    }
    Arc::new(move |cfg: &mut web::ServiceConfig| configure(cfg, &web_dir, remotes.clone()))
}

fn configure(cfg: &mut web::ServiceConfig, web_dir: &Path, remotes: Arc<BTreeMap<String, String>>) {
    cfg.service(
        web::resource("/remotes.json")
            .app_data(web::Data::from(remotes))
            .route(web::get().to(get_remotes)),
    );
    for (name, dir) in REMOTES {
        let dist = web_dir.join(dir).join("dist");
        if dist.is_dir() {
            cfg.service(
                web::scope(&format!("/mfe/{name}"))
                    .wrap(from_fn(cache_headers))
                    .service(
                        Files::new("", dist)
                            .prefer_utf8(true)
                            .default_handler(fn_service(file_not_found)),
                    ),
            );
        }
    }
    let shell = web_dir.join("shell/dist");
    let index = shell.join("index.html");
    let site = web::scope("")
        .guard(guard::fn_guard(is_shell_request))
        .wrap(from_fn(cache_headers));
    if index.is_file() {
        cfg.service(
            site.service(
                Files::new("", shell)
                    .index_file("index.html")
                    .prefer_utf8(true)
                    .default_handler(fn_service(move |req: ServiceRequest| {
                        serve_index(req, index.clone())
                    })),
            ),
        );
    } else {
        let shell = Arc::new(shell);
        cfg.service(site.default_service(web::to(move || shell_not_built(shell.clone()))));
    }
}

/// GET/HEAD of a path outside the API, the remotes and health.
fn is_shell_request(ctx: &GuardContext<'_>) -> bool {
    let head = ctx.head();
    if head.method != Method::GET && head.method != Method::HEAD {
        return false;
    }
    let path = head.uri.path();
    !RESERVED_PREFIXES
        .iter()
        .any(|prefix| path == *prefix || path.starts_with(&format!("{prefix}/")))
}

/// The map the shell fetches at start-up (so moving a remote never rebuilds the shell).
async fn get_remotes(remotes: web::Data<BTreeMap<String, String>>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, NO_CACHE))
        .json(remotes.as_ref())
}

/// The single-page-application fallback: any other GET gets the shell's index.html.
async fn serve_index(
    req: ServiceRequest,
    index: PathBuf,
) -> Result<ServiceResponse, actix_web::Error> {
    let (req, _) = req.into_parts();
    let file = NamedFile::open_async(&index).await?;
    let mut response = file.into_response(&req);
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, NO_CACHE);
    Ok(ServiceResponse::new(req, response))
}

async fn file_not_found(req: ServiceRequest) -> Result<ServiceResponse, actix_web::Error> {
    let error = ApiError::unknown_path(req.path());
    let (req, _) = req.into_parts();
    Ok(ServiceResponse::new(
        req,
        actix_web::ResponseError::error_response(&error),
    ))
}

async fn shell_not_built(shell: Arc<PathBuf>) -> HttpResponse {
    let body = format!(
        "<!doctype html><html lang=\"zh-CN\"><head><meta charset=\"utf-8\">\
         <title>门户前端尚未构建 · Portal front end not built</title></head><body>\
         <h1>门户前端尚未构建</h1>\
         <p>未找到 <code>{path}/index.html</code>。请在仓库根目录运行 <code>npm install --prefer-offline --no-audit --no-fund &amp;&amp; npm run build</code>，然后重启 <code>portal serve</code>（或设置 <code>PORTAL_WEB_DIR</code> 指向仓库根目录）。</p>\
         <h2>Portal front end not built</h2>\
         <p><code>{path}/index.html</code> was not found. From the repository root run <code>npm install --prefer-offline --no-audit --no-fund &amp;&amp; npm run build</code>, then restart <code>portal serve</code> (or point <code>PORTAL_WEB_DIR</code> at the repository root).</p>\
         <p>API: <a href=\"/to/api/docs/\">/to/api/docs/</a></p></body></html>",
        path = html_escape(&shell.display().to_string()),
    );
    HttpResponse::ServiceUnavailable()
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, NO_CACHE))
        .body(body)
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Content-hashed assets are cached for a year; everything else (index.html, remoteEntry.js,
/// mf-manifest.json) is revalidated on every use so a release shows at once.
async fn cache_headers(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let hashed = is_content_hashed(req.path());
    let mut response = next.call(req).await?;
    if response.status().is_success()
        || response.status() == actix_web::http::StatusCode::NOT_MODIFIED
    {
        let is_html = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .is_some_and(|value| value.starts_with("text/html"));
        let value = if hashed && !is_html {
            IMMUTABLE
        } else {
            NO_CACHE
        };
        response.headers_mut().insert(header::CACHE_CONTROL, value);
    }
    Ok(response)
}

/// A file name with a token of 8+ hex digits (webpack's `[contenthash]`), e.g.
/// `main.3f2a1b9c.js` or `123.a1b2c3d4e5f6a7b8.chunk.css`.
pub fn is_content_hashed(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or_default();
    let Some((stem, _extension)) = name.rsplit_once('.') else {
        return false;
    };
    stem.split(['.', '-', '_']).any(|token| {
        token.len() >= 8
            && token.bytes().all(|b| b.is_ascii_hexdigit())
            && token.bytes().any(|b| b.is_ascii_digit())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_content_hashed_names() {
        assert!(is_content_hashed("/static/js/main.3f2a1b9c.js"));
        assert!(is_content_hashed(
            "/mfe/part/123.a1b2c3d4e5f6a7b8.chunk.css"
        ));
        assert!(is_content_hashed("/vendors-0123abcd.js"));
        assert!(!is_content_hashed("/mfe/part/remoteEntry.js"));
        assert!(!is_content_hashed("/mfe/part/mf-manifest.json"));
        assert!(!is_content_hashed("/index.html"));
        assert!(!is_content_hashed("/part/category"));
        assert!(!is_content_hashed("/deadbeefcafe.js"));
    }
}
