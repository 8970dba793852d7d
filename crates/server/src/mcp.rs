//! `/mcp`: the MCP server over streamable HTTP, beside the pages it answers about. Off unless
//! site.yaml sets `mcp: true` or `docsite serve --mcp` is given.
//!
//! Bounded like the rest of the server: each request is one JSON-RPC exchange (stateless, no
//! session or stream outlives it), its body at most [`MAX_BODY_BYTES`], at most
//! [`MAX_REQUESTS`] at once (past it a `503`), each finished within [`REQUEST_TIMEOUT`]; the
//! accept loop's connection limit and header timeout apply as to any request.

use crate::site::ServedSite;
use crate::{listen, router, AppState, Limits};
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Router;
use docsite_core::api::ApiIndex;
use docsite_mcp::http::McpService;
use docsite_mcp::source::SiteFiles;
use docsite_mcp::{Docs, DocsSource};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;
use tokio::sync::Semaphore;
use tower_service::Service;

pub const MAX_BODY_BYTES: usize = 256 * 1024;
pub const MAX_REQUESTS: usize = 32;
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

impl SiteFiles for ServedSite {
    fn file(&self, path: &str) -> Option<Arc<Vec<u8>>> {
        self.get(path).map(|e| e.bytes.clone())
    }
}

/// The docs of the site being served, made again (on the first MCP request after it) when a
/// rebuild swaps in a new output.
pub struct ServedDocs {
    state: Arc<AppState>,
    api: RwLock<Option<Arc<ApiIndex>>>,
    last: Mutex<Option<(Arc<ServedSite>, Arc<Docs>)>>,
}

impl ServedDocs {
    pub fn new(state: Arc<AppState>, api: Option<Arc<ApiIndex>>) -> Arc<Self> {
        Arc::new(ServedDocs {
            state,
            api: RwLock::new(api),
            last: Mutex::new(None),
        })
    }

    /// The API inventories of the latest build.
    pub fn set_api(&self, api: Option<Arc<ApiIndex>>) {
        if let Ok(mut a) = self.api.write() {
            *a = api;
        }
        if let Ok(mut last) = self.last.lock() {
            *last = None;
        }
    }
}

impl DocsSource for ServedDocs {
    fn docs(&self) -> Result<Arc<Docs>, String> {
        let site = self.state.current();
        let mut last = self.last.lock().map_err(|_| "the docs cache is poisoned")?;
        if let Some((s, docs)) = last.as_ref() {
            if Arc::ptr_eq(s, &site) {
                return Ok(docs.clone());
            }
        }
        let api = self.api.read().ok().and_then(|a| a.clone());
        let corpus = docsite_mcp::corpus::Corpus::load(site.as_ref())?;
        let docs = Arc::new(Docs::new(corpus, api.as_deref()));
        *last = Some((site, docs.clone()));
        Ok(docs)
    }
}

#[derive(Clone)]
pub struct McpEndpoint {
    service: McpService,
    slots: Arc<Semaphore>,
}

impl McpEndpoint {
    /// `allowed_hosts`: the `Host` values accepted (empty: any), against DNS rebinding.
    pub fn new(source: Arc<dyn DocsSource>, allowed_hosts: Vec<String>) -> Self {
        McpEndpoint {
            service: docsite_mcp::http::service(source, allowed_hosts, MAX_BODY_BYTES),
            slots: Arc::new(Semaphore::new(MAX_REQUESTS)),
        }
    }
}

pub async fn handle(State(endpoint): State<McpEndpoint>, request: Request) -> Response {
    let Ok(_permit) = endpoint.slots.clone().try_acquire_owned() else {
        return (StatusCode::SERVICE_UNAVAILABLE, "MCP server busy, retry\n").into_response();
    };
    let mut service = endpoint.service.clone();
    match tokio::time::timeout(REQUEST_TIMEOUT, service.call(request)).await {
        Ok(Ok(response)) => response.map(Body::new),
        Ok(Err(never)) => match never {},
        Err(_) => (StatusCode::GATEWAY_TIMEOUT, "MCP request timed out\n").into_response(),
    }
}

/// The site's router with the MCP endpoint at `/mcp` when one is given.
pub fn router_with_mcp(state: Arc<AppState>, endpoint: Option<McpEndpoint>) -> Router {
    match endpoint {
        Some(e) => Router::new()
            .route("/mcp", axum::routing::any(handle).with_state(e))
            .merge(router(state)),
        None => router(state),
    }
}

/// [`crate::serve`], with the MCP endpoint at `/mcp` when one is given.
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: Arc<AppState>,
    limits: Limits,
    endpoint: Option<McpEndpoint>,
) -> std::io::Result<()> {
    listen::serve(listener, router_with_mcp(state, endpoint), limits).await
}
