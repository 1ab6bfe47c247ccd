//! The static web front end: the shell at `/` (with the single-page-application fallback),
//! each remote under `/mfe/<name>/`, the shell's workers under `/sandbox/` (with a policy of their
//! own), and `/remotes.json` (the deploy-time remote map).

use std::{
    collections::BTreeMap,
    future::Future,
    path::{Path, PathBuf},
    pin::Pin,
    sync::Arc,
};

use actix_files::{Files, NamedFile};
use actix_web::{
    body::{BoxBody, MessageBody},
    dev::{fn_service, ServiceRequest, ServiceResponse},
    guard::{self, GuardContext},
    http::{
        header::{self, ContentEncoding, Encoding, HeaderValue},
        Method,
    },
    middleware::{from_fn, Next},
    web, HttpMessage, HttpResponse,
};
use kernel::{ApiError, Settings, SiteMount};

/// Remote name (path segment under /mfe/) → directory under the web root.
pub const REMOTES: [(&str, &str); 4] = [
    ("auth", "mfe-auth"),
    ("part", "mfe-part"),
    ("component", "mfe-component"),
    ("mat", "mfe-mat"),
];

/// Paths that are never the shell's pages: APIs, remotes, health, the sandboxed workers.
const RESERVED_PREFIXES: [&str; 4] = ["/to", "/mfe", "/health", "/sandbox"];

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
            .app_data(web::Data::from(remotes.clone()))
            .route(web::get().to(get_remotes)),
    );
    for (name, dir) in REMOTES {
        let dist = web_dir.join(dir).join("dist");
        if dist.is_dir() {
            cfg.service(
                web::scope(&format!("/mfe/{name}"))
                    .wrap(from_fn(precompressed(dist.clone())))
                    .wrap(from_fn(cache_headers))
                    .service(
                        Files::new("", dist)
                            .prefer_utf8(true)
                            .default_handler(fn_service(file_not_found)),
                    ),
            );
        }
    }
    // Workers the shell's build writes to dist/sandbox/ (docs/shape-search.md, "STEP"): files only,
    // never the page fallback, so no page is ever served with the workers' policy.
    let sandbox = web_dir.join("shell/dist/sandbox");
    if sandbox.is_dir() {
        cfg.service(
            web::scope("/sandbox")
                .wrap(from_fn(precompressed(sandbox.clone())))
                .wrap(from_fn(cache_headers))
                // Outermost: the precompressed answers never reach the handlers inside.
                .wrap(from_fn(sandbox_policy))
                .service(
                    Files::new("", sandbox)
                        .prefer_utf8(true)
                        .default_handler(fn_service(file_not_found)),
                ),
        );
    }
    let shell = web_dir.join("shell/dist");
    let site = web::scope("")
        .guard(guard::fn_guard(is_shell_request))
        .wrap(from_fn(precompressed(shell.clone())))
        .wrap(from_fn(cache_headers));
    if shell.join("index.html").is_file() {
        let index = Arc::new(ShellIndex {
            web_dir: web_dir.to_owned(),
            remotes,
        });
        let fallback = index.clone();
        cfg.service(
            site.service(
                // `/` and `/index.html` are the rendered page too, never the file as it is on disk.
                web::resource(["/", "/index.html"])
                    .app_data(web::Data::from(index))
                    .route(web::get().to(get_index)),
            )
            .service(
                Files::new("", shell)
                    .prefer_utf8(true)
                    .default_handler(fn_service(move |req: ServiceRequest| {
                        serve_index(req, fallback.clone())
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

/// Element id of the start-up data in index.html; the shell reads it (`shell/src/app/start-up-fetch.ts`).
pub const START_UP_DATA_ID: &str = "portal-start-up";

/// What the shell's index.html is rendered from: the built file, `/portal-config.json` beside it and
/// the configured remote map. Read at each request, so a new front-end build shows without a restart.
struct ShellIndex {
    web_dir: PathBuf,
    remotes: Arc<BTreeMap<String, String>>,
}

async fn get_index(
    req: actix_web::HttpRequest,
    index: web::Data<ShellIndex>,
) -> Result<HttpResponse, actix_web::Error> {
    render_index(req.path().to_owned(), index.into_inner()).await
}

/// The single-page-application fallback: any other GET gets the shell's index.html.
async fn serve_index(
    req: ServiceRequest,
    index: Arc<ShellIndex>,
) -> Result<ServiceResponse, actix_web::Error> {
    let (req, _) = req.into_parts();
    let response = render_index(req.path().to_owned(), index).await?;
    Ok(ServiceResponse::new(req, response))
}

async fn render_index(
    path: String,
    index: Arc<ShellIndex>,
) -> Result<HttpResponse, actix_web::Error> {
    let html = web::block(move || index.render(&path))
        .await
        .map_err(actix_web::error::ErrorInternalServerError)??;
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, NO_CACHE))
        .body(html))
}

impl ShellIndex {
    /// index.html with the start-up data and the preloads of `path`'s remotes before `</head>`.
    fn render(&self, path: &str) -> std::io::Result<String> {
        let html = std::fs::read_to_string(self.web_dir.join("shell/dist/index.html"))?;
        let mut head = self.start_up_data();
        for (name, _) in REMOTES {
            if name == "auth" || first_segment(path) == name {
                head.push_str(&self.remote_preload(name));
            }
        }
        let at = html
            .find("</head>")
            .or_else(|| html.find("<body"))
            .unwrap_or(0);
        let mut page = String::with_capacity(html.len() + head.len());
        page.push_str(&html[..at]);
        page.push_str(&head);
        page.push_str(&html[at..]);
        Ok(page)
    }

    /// `/remotes.json` as a JSON data block (`type="application/json"` is never executed, so the
    /// CSP's `script-src 'self'` allows it): the shell registers its remotes without a request.
    fn start_up_data(&self) -> String {
        let mut data = serde_json::Map::new();
        data.insert(
            "/remotes.json".to_owned(),
            serde_json::to_value(self.remotes.as_ref()).unwrap_or_default(),
        );
        // portal-config.json stays a file the shell fetches (early, `start-up-fetch.ts`): deployments
        // and the e2e suites replace it per response (shell-footer.spec.ts serves per-host filings),
        // which an inlined copy would bypass.
        // `<` escaped: no `</script>` or `<!--` can end the block early.
        let json = serde_json::Value::Object(data)
            .to_string()
            .replace('<', "\\u003c");
        format!("<script type=\"application/json\" id=\"{START_UP_DATA_ID}\">{json}</script>")
    }

    /// A preload of a remote's manifest: the browser fetches it while the shell's own scripts load,
    /// instead of once the shell runs. The remote's `remoteEntry.js` is not preloaded: a preload that
    /// fails (the remote is down) stays in Chromium's memory cache for the document, and the retry's
    /// `<script>` of the same URL then fails again without a request (e2e `foundation.spec.ts`,
    /// "an unreachable remote … retry recovers").
    fn remote_preload(&self, name: &str) -> String {
        let Some(manifest_url) = self.remotes.get(&format!("mfe_{name}")) else {
            return String::new();
        };
        // The federation runtime fetches the manifest in CORS mode with same-origin credentials.
        format!(
            "<link rel=\"preload\" href=\"{}\" as=\"fetch\" crossorigin=\"anonymous\">",
            html_escape(manifest_url)
        )
    }
}

fn first_segment(path: &str) -> &str {
    path.trim_start_matches('/').split('/').next().unwrap_or("")
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

/// Serves `<file>.br` or `<file>.gz`, compressed once at build time beside `<file>`
/// (`packages/build-config`), when the client accepts that encoding; anything else goes on to the
/// file service (and to the per-request gzip of `Compress`, which leaves an encoded answer alone).
fn precompressed(root: PathBuf) -> PrecompressedFn {
    let root = Arc::new(root);
    Box::new(move |req, next| Box::pin(serve_precompressed(root.clone(), req, next)))
}

/// The middleware function of `precompressed`, boxed so that it has a name.
type PrecompressedFn = Box<
    dyn Fn(
        ServiceRequest,
        Next<BoxBody>,
    )
        -> Pin<Box<dyn Future<Output = Result<ServiceResponse<BoxBody>, actix_web::Error>>>>,
>;

async fn serve_precompressed(
    root: Arc<PathBuf>,
    req: ServiceRequest,
    next: Next<BoxBody>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    // A Range applies to the bytes on disk as they are: ranges are answered from the file itself.
    let candidate = (!req.headers().contains_key(header::RANGE))
        .then(|| asset_path(&root, req.match_info().unprocessed()))
        .flatten();
    let Some(file) = candidate else {
        return next.call(req).await;
    };
    let siblings = [
        (Encoding::brotli(), ContentEncoding::Brotli, "br"),
        (Encoding::gzip(), ContentEncoding::Gzip, "gz"),
    ]
    .into_iter()
    .filter_map(|(encoding, content, suffix)| {
        let mut name = file.clone().into_os_string();
        name.push(format!(".{suffix}"));
        let path = PathBuf::from(name);
        path.is_file().then_some((encoding, content, path))
    })
    .collect::<Vec<_>>();
    if siblings.is_empty() {
        return next.call(req).await;
    }
    let supported = siblings
        .iter()
        .map(|(encoding, ..)| encoding.clone())
        .chain([Encoding::identity()])
        .collect::<Vec<_>>();
    let chosen = req
        .get_header::<header::AcceptEncoding>()
        .and_then(|accept| accept.negotiate(supported.iter()));
    let sibling = siblings
        .into_iter()
        .find(|(encoding, ..)| Some(encoding) == chosen.as_ref());
    let mut response = match sibling {
        Some((_, content, path)) => {
            let extension = file
                .extension()
                .and_then(|extension| extension.to_str())
                .unwrap_or_default();
            let named = NamedFile::open_async(&path)
                .await?
                .set_content_type(actix_files::file_extension_to_mime(extension))
                .prefer_utf8(true)
                .disable_content_disposition()
                .set_content_encoding(content);
            let (http_request, _) = req.into_parts();
            let response = named.into_response(&http_request);
            ServiceResponse::new(http_request, response)
        }
        None => next.call(req).await?,
    };
    // Caches keep one answer per encoding.
    response
        .headers_mut()
        .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    Ok(response)
}

/// The file a request path names under `root`, for names a build writes (no dot files, no `..`,
/// nothing to decode); None for anything else, which the file service then handles as before.
fn asset_path(root: &Path, path: &str) -> Option<PathBuf> {
    let relative = path.trim_start_matches('/');
    if !is_plain_relative(relative) {
        return None;
    }
    let file = root.join(relative);
    file.is_file().then_some(file)
}

/// A relative path of names a build writes: ASCII letters, digits, `.`, `_`, `-`, no empty
/// segment, nothing starting with a dot (so no `..`), nothing percent-encoded.
fn is_plain_relative(path: &str) -> bool {
    !path.is_empty()
        && path.split('/').all(|part| {
            !part.is_empty()
                && !part.starts_with('.')
                && part
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
        })
}

/// The workers' own policy on every answer under `/sandbox/` (the application's default policy is
/// added only where a response has none).
async fn sandbox_policy(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let mut response = next.call(req).await?;
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(kernel::security::SANDBOX_WORKER_POLICY),
    );
    Ok(response)
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
