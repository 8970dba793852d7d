//! A Model Context Protocol server over a built site, for coding agents: search outside the
//! browser, pages as Markdown, API entries by name, the page list; over stdio
//! (`docsite mcp`) or streamable HTTP (`/mcp` in `docsite serve`).
//!
//! The site is read from the built files (the output map or an export folder): the catalogue,
//! site and page JSON, and each page's Markdown twin; the API inventories come along when the
//! site was built in the same process.

pub mod api;
pub mod corpus;
pub mod docs;
pub mod http;
pub mod index;
pub mod sections;
pub mod server;
pub mod snippet;
pub mod source;
pub mod text;

pub use docs::Docs;
pub use server::{DocsServer, DocsSource};

use docsite_core::api::ApiIndex;
use std::path::Path;
use std::sync::Arc;

/// The docs of an export folder written by `docsite build`.
pub fn docs_from_export(out: &Path) -> Result<Docs, String> {
    let folder = source::ExportFolder::open(out)?;
    let corpus = corpus::Corpus::load(&folder).map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(Docs::new(corpus, None))
}

/// The docs of a build in memory, with its API inventories.
pub fn docs_from_output(
    output: &docsite_engine::output::Output,
    api: Option<&ApiIndex>,
) -> Result<Docs, String> {
    Ok(Docs::new(corpus::Corpus::load(output)?, api))
}

/// Serves `docs` over standard input and output until the client closes them.
pub async fn serve_stdio(docs: Arc<Docs>) -> Result<(), String> {
    use rmcp::ServiceExt;
    let server = DocsServer::new(Arc::new(docs));
    let running = server
        .serve(rmcp::transport::stdio())
        .await
        .map_err(|e| format!("MCP session failed to start: {e}"))?;
    running
        .waiting()
        .await
        .map(|_| ())
        .map_err(|e| format!("MCP session ended with an error: {e}"))
}
