//! A Model Context Protocol server over a built site, for coding agents: search outside the
//! browser, pages as Markdown, API entries by name, the page list; over stdio
//! (`docsite mcp`) or streamable HTTP (`/mcp` in `docsite serve`).
//!
//! The site is read from the built files (the output map or an export folder): the catalogue,
//! site and page JSON, each page's Markdown twin, and the API inventories (from the build in
//! the same process, or the export's `_site/api/inventories.json`).

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

/// The docs of an export folder written by `docsite build`, with the API inventories the
/// build wrote beside them (when the site has any).
pub fn docs_from_export(out: &Path) -> Result<Docs, String> {
    use source::SiteFiles;
    let folder = source::ExportFolder::open(out)?;
    let corpus = corpus::Corpus::load(&folder).map_err(|e| format!("{}: {e}", out.display()))?;
    let api = match folder.file(docsite_engine::api::INVENTORIES_FILE) {
        Some(bytes) => {
            let inventories: Vec<docsite_core::api::Inventory> = serde_json::from_slice(&bytes)
                .map_err(|e| {
                    let file = out.join(docsite_engine::api::INVENTORIES_FILE);
                    format!(
                        "{}: not the API inventories a build writes: {e}",
                        file.display()
                    )
                })?;
            Some(ApiIndex::new(
                inventories.into_iter().map(Arc::new).collect(),
            ))
        }
        None => None,
    };
    Ok(Docs::new(corpus, api.as_ref()))
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
