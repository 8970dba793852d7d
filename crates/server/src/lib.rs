//! Serves the output map from memory: compression, ETags, caching headers, security headers,
//! a trailing-slash policy matching the export's folder layout, and live reload events.

pub mod listen;
pub mod mcp;
pub mod negotiate;
pub mod redirects;
pub mod site;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Router;
use negotiate::{
    encode_header, encode_path, etag_matches, host_problem, preferred_encoding, safe_path,
};
use site::{Entry, ServedSite};
use std::convert::Infallible;
use std::sync::{Arc, RwLock};
use std::time::Duration;
use tokio::sync::{broadcast, Semaphore};

pub use site::ServedSite as Site;

/// What the live reload stream tells open pages.
#[derive(Debug, Clone, PartialEq)]
pub enum Notice {
    Reload,
    Error(String),
}

pub struct AppState {
    site: RwLock<Arc<ServedSite>>,
    notices: broadcast::Sender<Notice>,
    /// The last rebuild's error, shown to pages that connect while it stands.
    last_error: RwLock<Option<String>>,
    live_reload: bool,
    csp: String,
    /// Places for live-reload streams, which stay open as long as their page: past
    /// [`MAX_EVENT_STREAMS`] a new one gets a `503`, so streams cannot take every connection.
    event_streams: Arc<Semaphore>,
    /// Held by a rebuild; compression in the background waits for it.
    pub quiet: site::Quiet,
}

/// Live-reload streams open at once (one per open page of `docsite serve`).
pub const MAX_EVENT_STREAMS: usize = 64;

impl AppState {
    pub fn new(site: ServedSite, live_reload: bool) -> Arc<Self> {
        Self::with_event_streams(site, live_reload, MAX_EVENT_STREAMS)
    }

    /// With at most `max_event_streams` live-reload streams open at once.
    pub fn with_event_streams(
        site: ServedSite,
        live_reload: bool,
        max_event_streams: usize,
    ) -> Arc<Self> {
        let (notices, _) = broadcast::channel(16);
        let csp = docsite_engine::security::content_security_policy_header();
        Arc::new(AppState {
            site: RwLock::new(Arc::new(site)),
            notices,
            last_error: RwLock::new(None),
            live_reload,
            csp,
            event_streams: Arc::new(Semaphore::new(max_event_streams)),
            quiet: site::Quiet::default(),
        })
    }

    pub fn current(&self) -> Arc<ServedSite> {
        self.site.read().map(|s| s.clone()).unwrap_or_default()
    }

    /// Swaps in a new build and tells open pages to reload.
    pub fn replace(&self, site: ServedSite) {
        self.update(site);
        if let Ok(mut e) = self.last_error.write() {
            *e = None;
        }
        let _ = self.notices.send(Notice::Reload);
    }

    /// Swaps in a new build without telling open pages: for files no page shows, such as a
    /// refreshed search index.
    pub fn update(&self, site: ServedSite) {
        if let Ok(mut guard) = self.site.write() {
            *guard = Arc::new(site);
        }
    }

    /// A failed rebuild: the last good output stays; open pages show the error.
    pub fn report_error(&self, message: String) {
        if let Ok(mut e) = self.last_error.write() {
            *e = Some(message.clone());
        }
        let _ = self.notices.send(Notice::Error(message));
    }
}

pub fn router(state: Arc<AppState>) -> Router {
    Router::new().fallback(handle).with_state(state)
}

const LIVE_RELOAD_JS: &str = include_str!("livereload.js");

/// Every response, whatever its kind or file type, carries the security headers the export's
/// `_headers` gives every path: a browser runs scripts in `.xhtml`, `.xml` and other types
/// besides HTML. SVG files keep the stricter policy `respond` gave them.
async fn handle(state: State<Arc<AppState>>, request: Request) -> Response {
    let csp = HeaderValue::from_str(&state.csp).ok();
    let mut response = answer(state, request).await;
    let headers = response.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    if let (false, Some(csp)) = (headers.contains_key(header::CONTENT_SECURITY_POLICY), csp) {
        headers.insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    response
}

async fn answer(State(state): State<Arc<AppState>>, request: Request) -> Response {
    if let Some(problem) = host_problem(request.headers(), request.version()) {
        return plain(
            StatusCode::BAD_REQUEST,
            &format!("bad request: {problem}\n"),
        );
    }
    if request.method() != Method::GET && request.method() != Method::HEAD {
        let mut r = plain(
            StatusCode::METHOD_NOT_ALLOWED,
            "only GET and HEAD are allowed\n",
        );
        r.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return r;
    }
    let head = request.method() == Method::HEAD;
    let raw_path = request.uri().path().to_string();
    let path = match safe_path(&raw_path) {
        Ok(p) => p,
        Err(reason) => {
            return plain(
                StatusCode::BAD_REQUEST,
                &format!("bad request path: {reason}\n"),
            )
        }
    };
    if state.live_reload {
        if path == "_site/events" {
            return events(state);
        }
        if path == "_site/livereload.js" {
            let mut r = (StatusCode::OK, LIVE_RELOAD_JS).into_response();
            r.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/javascript; charset=utf-8"),
            );
            return r;
        }
    }
    let site = state.current();
    let query = request
        .uri()
        .query()
        .map(|q| format!("?{q}"))
        .unwrap_or_default();
    match locate(&site, &path) {
        Located::File(key) => {
            let entry = site.get(&key).expect("located files exist").clone();
            respond(&entry, &key, request.headers(), head, StatusCode::OK)
        }
        Located::Redirect(to) => {
            let mut r = StatusCode::MOVED_PERMANENTLY.into_response();
            if let Ok(v) = HeaderValue::from_str(&format!("{}{query}", encode_path(&to))) {
                r.headers_mut().insert(header::LOCATION, v);
            }
            r
        }
        Located::Moved(to, status) => {
            let mut r = status.into_response();
            // The target is written as the site wrote it (an anchor stays an anchor); only
            // what a header cannot carry is encoded.
            let to = encode_header(&to);
            let (base, anchor) = to.split_at(to.find('#').unwrap_or(to.len()));
            let query = if base.contains('?') {
                ""
            } else {
                query.as_str()
            };
            if let Ok(v) = HeaderValue::from_str(&format!("{base}{query}{anchor}")) {
                r.headers_mut().insert(header::LOCATION, v);
            }
            r
        }
        Located::Missing => match site.get("404.html") {
            Some(entry) => respond(
                &entry.clone(),
                "404.html",
                request.headers(),
                head,
                StatusCode::NOT_FOUND,
            ),
            None => plain(StatusCode::NOT_FOUND, "not found\n"),
        },
    }
}

enum Located {
    File(String),
    /// The trailing-slash policy: `/a/b/` → `/a/b`.
    Redirect(String),
    /// A line of the site's `_redirects`.
    Moved(String, StatusCode),
    Missing,
}

/// A path of `_redirects` → its target; `/a/b` → `a/b/index.html`; `/a/b/` → redirect to
/// `/a/b`; anything else is a file path.
fn locate(site: &ServedSite, path: &str) -> Located {
    if let Some((to, status)) = site.redirects.find(path) {
        return Located::Moved(to.to_string(), status);
    }
    if path.is_empty() {
        return if site.get("index.html").is_some() {
            Located::File("index.html".into())
        } else {
            Located::Missing
        };
    }
    if let Some(stripped) = path.strip_suffix('/') {
        let index = format!("{stripped}/index.html");
        return if site.get(&index).is_some() {
            Located::Redirect(format!("/{stripped}"))
        } else {
            Located::Missing
        };
    }
    if site.get(path).is_some() {
        return Located::File(path.to_string());
    }
    let index = format!("{path}/index.html");
    if site.get(&index).is_some() {
        return Located::File(index);
    }
    Located::Missing
}

fn respond(
    entry: &Arc<Entry>,
    key: &str,
    headers: &HeaderMap,
    head: bool,
    status: StatusCode,
) -> Response {
    let (body, encoding) = match preferred_encoding(headers) {
        Some("br") => entry.brotli().map(|b| (b, "br")),
        Some("gzip") => entry.gzip().map(|b| (b, "gzip")),
        _ => None,
    }
    .map_or((entry.bytes.clone(), None), |(b, e)| (b, Some(e)));
    // Each encoding is its own representation, so its own ETag (`"…-br"`).
    let etag = match encoding {
        Some(e) => format!("{}-{e}\"", entry.etag.trim_end_matches('"')),
        None => entry.etag.clone(),
    };
    let mut builder = Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, &entry.content_type)
        .header(header::ETAG, &etag)
        .header(header::VARY, "Accept-Encoding")
        .header(header::CACHE_CONTROL, cache_control(key));
    if entry.content_type.starts_with("image/svg+xml") {
        builder = builder.header(
            header::CONTENT_SECURITY_POLICY,
            docsite_engine::security::SVG_POLICY,
        );
    }
    if status == StatusCode::OK && etag_matches(headers, &etag) {
        return builder
            .status(StatusCode::NOT_MODIFIED)
            .body(Body::empty())
            .unwrap_or_default();
    }
    if let Some(e) = encoding {
        builder = builder.header(header::CONTENT_ENCODING, e);
    }
    builder = builder.header(header::CONTENT_LENGTH, body.len());
    let body = if head {
        Body::empty()
    } else {
        // The shared buffer itself, not a copy of it.
        Body::from(axum::body::Bytes::from_owner(Shared(body)))
    };
    builder.body(body).unwrap_or_default()
}

/// A file's bytes as a response body: the buffer stays shared with the site map.
struct Shared(Arc<Vec<u8>>);

impl AsRef<[u8]> for Shared {
    fn as_ref(&self) -> &[u8] {
        self.0.as_slice()
    }
}

/// Vite's hashed assets and the sidebar files (named by their content) never change under the
/// same name; everything else is revalidated.
fn cache_control(key: &str) -> &'static str {
    if key.starts_with("assets/") || (key.starts_with("_site/sidebar.") && key.ends_with(".json")) {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    }
}

fn plain(status: StatusCode, text: &str) -> Response {
    (status, text.to_string()).into_response()
}

/// The live-reload stream of one page; it holds one of the stream places until the page goes.
fn events(state: Arc<AppState>) -> Response {
    let Ok(place) = state.event_streams.clone().try_acquire_owned() else {
        let mut r = plain(
            StatusCode::SERVICE_UNAVAILABLE,
            "too many live-reload streams open\n",
        );
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("10"));
        return r;
    };
    let receiver = state.notices.subscribe();
    let pending = state
        .last_error
        .read()
        .ok()
        .and_then(|e| e.clone())
        .map(Notice::Error);
    let stream = futures_util::stream::unfold(
        (receiver, pending, place),
        |(mut rx, pending, place)| async move {
            let notice = match pending {
                Some(n) => n,
                None => loop {
                    match rx.recv().await {
                        Ok(n) => break n,
                        Err(broadcast::error::RecvError::Lagged(_)) => continue,
                        Err(broadcast::error::RecvError::Closed) => return None,
                    }
                },
            };
            let event = match notice {
                Notice::Reload => Event::default().event("reload").data("reload"),
                Notice::Error(m) => Event::default().event("build-error").data(m),
            };
            Some((Ok::<_, Infallible>(event), (rx, None, place)))
        },
    );
    Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response()
}

pub use listen::Limits;

/// Serves until the process ends, within `limits`.
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: Arc<AppState>,
    limits: Limits,
) -> std::io::Result<()> {
    listen::serve(listener, router(state), limits).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_content_named_files_are_immutable() {
        assert!(cache_control("_site/sidebar.0123abcd.json").contains("immutable"));
        assert!(cache_control("assets/index-abc.js").contains("immutable"));
        assert_eq!(cache_control("_site/site.json"), "no-cache");
        assert_eq!(cache_control("_site/pages/a.json"), "no-cache");
    }
}
