//! The MCP server: the four tools and the pages as resources, over any transport rmcp offers.
//! A bad argument is a JSON-RPC "invalid params" error naming the argument.

use crate::docs::{BadArgument, Docs, PAGES_PER_LIST};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResult, ContentBlock, Implementation, ListResourcesResult, PaginatedRequestParams,
    ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, Resource,
    ResourceContents, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{schemars, tool, tool_handler, tool_router, ErrorData, RoleServer, ServerHandler};
use serde::Deserialize;
use std::sync::Arc;

/// Gives the current docs: fixed for `docsite mcp`, the latest build for `docsite serve`.
pub trait DocsSource: Send + Sync + 'static {
    fn docs(&self) -> Result<Arc<Docs>, String>;
}

impl DocsSource for Arc<Docs> {
    fn docs(&self) -> Result<Arc<Docs>, String> {
        Ok(self.clone())
    }
}

#[derive(Clone)]
pub struct DocsServer {
    source: Arc<dyn DocsSource>,
    tool_router: ToolRouter<DocsServer>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct SearchArgs {
    /// Words or a question, as typed into the site's search box.
    pub query: String,
    /// Limit results to one area of the site (a navbar label: Docs, Integrations, API reference…).
    pub area: Option<String>,
    /// The docs version to search (`2.0`, `current`, `latest`); the latest release when left
    /// out. Results name their version on a site with several.
    pub version: Option<String>,
    /// How many pages to return (1 to 50, default 10).
    pub limit: Option<usize>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct ReadPageArgs {
    /// The page's path (`/guides/automate/schedules`) or URL, as search_docs and list_pages give it.
    pub path_or_url: String,
    /// One section only: its anchor (`dagster.asset`, `run-retries`) or heading text.
    pub section: Option<String>,
    /// Continue a long page from this character offset (the last answer says which).
    pub offset: Option<usize>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct LookupApiArgs {
    /// A Python name: `dagster.AssetKey`, `dg.asset`, `dagster_dbt.DbtCliResource`, or just `AssetKey`.
    pub name: String,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct ListPagesArgs {
    /// One sidebar, by navbar label or name (Docs, Integrations, API reference…); all when left out.
    pub sidebar: Option<String>,
    /// Continue from this position (the last answer's nextOffset).
    pub offset: Option<usize>,
}

/// The most of a page one resource read returns; `read_page` continues past it.
pub const MAX_RESOURCE_BYTES: usize = 256 * 1024;

/// A page's twin, cut at [`MAX_RESOURCE_BYTES`] (on a character boundary) with a last line
/// saying how to read the rest.
fn capped(twin: &str) -> String {
    if twin.len() <= MAX_RESOURCE_BYTES {
        return twin.to_string();
    }
    let mut end = MAX_RESOURCE_BYTES;
    while !twin.is_char_boundary(end) {
        end -= 1;
    }
    let chars = twin[..end].chars().count();
    format!(
        "{}\n\n[cut at {chars} characters: read_page with offset={chars} gives the rest]",
        &twin[..end]
    )
}

fn invalid(e: BadArgument) -> ErrorData {
    ErrorData::invalid_params(e.0, None)
}

fn text(s: String) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(s)])
}

#[tool_router]
impl DocsServer {
    pub fn new(source: Arc<dyn DocsSource>) -> Self {
        DocsServer {
            source,
            tool_router: Self::tool_router(),
        }
    }

    fn docs(&self) -> Result<Arc<Docs>, ErrorData> {
        self.source
            .docs()
            .map_err(|e| ErrorData::internal_error(format!("the site is not available: {e}"), None))
    }

    #[tool(
        description = "Search the documentation. Returns the best-matching pages, each with its best section: title, breadcrumb, URL and a snippet. Titles and headings weigh more than text; API names such as dg.asset match whole; small typos are forgiven.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn search_docs(
        &self,
        Parameters(a): Parameters<SearchArgs>,
    ) -> Result<CallToolResult, ErrorData> {
        let docs = self.docs()?;
        let found = docs
            .search(&a.query, a.area.as_deref(), a.version.as_deref(), a.limit)
            .map_err(invalid)?;
        Ok(text(
            serde_json::to_string_pretty(&found).unwrap_or_default(),
        ))
    }

    #[tool(
        description = "Read a page of the documentation as Markdown, whole or one section. Long pages come in parts: the answer ends with the offset to continue from.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn read_page(
        &self,
        Parameters(a): Parameters<ReadPageArgs>,
    ) -> Result<CallToolResult, ErrorData> {
        let docs = self.docs()?;
        let page = docs
            .read_page(&a.path_or_url, a.section.as_deref(), a.offset)
            .map_err(invalid)?;
        Ok(text(page))
    }

    #[tool(
        description = "Look up a Python API name (dagster.AssetKey, dg.asset, dagster_dbt.DbtCliResource): its signature, parameters with their descriptions, lifecycle markers (beta, deprecated…) and source link. A wrong name gets the closest names.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn lookup_api(
        &self,
        Parameters(a): Parameters<LookupApiArgs>,
    ) -> Result<CallToolResult, ErrorData> {
        let docs = self.docs()?;
        Ok(text(docs.lookup_api(&a.name).map_err(invalid)?))
    }

    #[tool(
        description = "List the pages of the documentation in reading order, for one sidebar or all, with their paths, URLs, breadcrumbs and descriptions; 200 at a time.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn list_pages(
        &self,
        Parameters(a): Parameters<ListPagesArgs>,
    ) -> Result<CallToolResult, ErrorData> {
        let docs = self.docs()?;
        let list = docs
            .list_pages(a.sidebar.as_deref(), a.offset)
            .map_err(invalid)?;
        Ok(text(
            serde_json::to_string_pretty(&list).unwrap_or_default(),
        ))
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for DocsServer {
    fn get_info(&self) -> ServerConfig {
        let title = self
            .source
            .docs()
            .map(|d| d.corpus.title.clone())
            .unwrap_or_default();
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .build(),
        )
        .with_server_info(Implementation::new("docsite", env!("CARGO_PKG_VERSION")))
        .with_instructions(format!(
            "The {title} documentation. search_docs finds pages, read_page reads one as Markdown, \
             lookup_api gives a Python API entry, list_pages lists the pages by sidebar. \
             Every page is also a resource at its URL."
        ))
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let docs = self.docs()?;
        let start = match request.and_then(|r| r.cursor) {
            None => 0,
            Some(c) => c
                .parse::<usize>()
                .ok()
                .filter(|&n| n <= docs.corpus.pages.len())
                .ok_or_else(|| ErrorData::invalid_params("invalid cursor", None))?,
        };
        let resources: Vec<Resource> = docs.corpus.pages[start..]
            .iter()
            .take(PAGES_PER_LIST)
            .map(|p| {
                Resource::new(p.url.clone(), p.route.clone())
                    .with_title(p.title.clone())
                    .with_description(p.description.clone())
                    .with_mime_type("text/markdown")
                    .with_size(p.twin.len() as u64)
            })
            .collect();
        let next = start + resources.len();
        let mut result = ListResourcesResult::with_all_items(resources);
        if next < docs.corpus.pages.len() {
            result.next_cursor = Some(next.to_string());
        }
        Ok(result)
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let docs = self.docs()?;
        let (page, _) = docs
            .resolve(&request.uri)
            .map_err(|e| ErrorData::resource_not_found(e.0, None))?;
        let contents = ResourceContents::TextResourceContents {
            uri: page.url.clone(),
            mime_type: Some("text/markdown".into()),
            text: capped(&page.twin),
            meta: None,
        };
        Ok(ReadResourceResult::new(vec![contents]).into())
    }
}
