//! `docsite mcp`: the MCP server over standard input and output, for a coding agent started
//! beside it. Standard output carries the protocol only; messages go to standard error.

use crate::report;
use docsite_engine::{BuildOptions, Builder};
use docsite_mcp::Docs;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

/// A built export (it has `_site/catalogue.json`) is read as it is; a site folder is built in
/// memory first, which also gives `lookup_api` every name of the inventories.
fn load(path: &Path) -> Result<Docs, String> {
    if path.join("_site/catalogue.json").is_file() {
        return docsite_mcp::docs_from_export(path);
    }
    if !path.join("site.yaml").is_file() {
        return Err(format!(
            "{}: neither a built site (_site/catalogue.json) nor a site folder (site.yaml)",
            path.display()
        ));
    }
    // The search index of the site is for browsers; this server makes its own.
    let options = BuildOptions {
        index_later: true,
        once: true,
        ..BuildOptions::default()
    };
    match Builder::new().build(path, &options) {
        Ok(built) => docsite_mcp::docs_from_output(&built.output, built.api_index.as_deref()),
        Err(diags) => {
            report::failure(&diags);
            Err(format!("{}: the site does not build", path.display()))
        }
    }
}

pub fn run(path: &Path) -> ExitCode {
    let start = Instant::now();
    let docs = match load(path) {
        Ok(d) => Arc::new(d),
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    eprintln!(
        "docsite mcp: {} pages, {} sections, {} API names ready in {}",
        docs.corpus.pages.len(),
        docs.index.documents(),
        docs.api.len(),
        report::ms(start.elapsed())
    );
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(docsite_mcp::serve_stdio(docs)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
