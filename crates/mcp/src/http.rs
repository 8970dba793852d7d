//! The streamable HTTP transport, stateless: each POST is one request answered with JSON, so
//! no session outlives its connection and the server's connection limits and timeouts bound
//! it like any other request.

use crate::server::{DocsServer, DocsSource};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use std::sync::Arc;

pub type McpService = StreamableHttpService<DocsServer, LocalSessionManager>;

/// The service to mount at `/mcp`. `allowed_hosts` are the `Host` values a request may carry
/// (rmcp refuses others, against DNS rebinding); empty allows any. A larger body is refused.
pub fn service(
    source: Arc<dyn DocsSource>,
    allowed_hosts: Vec<String>,
    max_body_bytes: usize,
) -> McpService {
    let mut config = StreamableHttpServerConfig::default();
    config.legacy_session_mode = false;
    config.json_response = true;
    config.sse_keep_alive = None;
    config.allowed_hosts = allowed_hosts;
    config.max_request_body_bytes = max_body_bytes;
    StreamableHttpService::new(
        move || Ok(DocsServer::new(source.clone())),
        Arc::new(LocalSessionManager::default()),
        config,
    )
}
