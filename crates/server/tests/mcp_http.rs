//! `/mcp` over streamable HTTP: an MCP client against `docsite serve`'s router, raw requests
//! that are malformed or oversized, the endpoint off by default, and a rebuild seen by the
//! next request.

use docsite_engine::{BuildOptions, Builder};
use docsite_server::mcp::{McpEndpoint, ServedDocs, MAX_BODY_BYTES};
use docsite_server::{AppState, Limits, Site};
use docsite_test_support::copy_fixture;
use rmcp::model::CallToolRequestParams;
use rmcp::service::ServiceError;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::ServiceExt;
use serde_json::{json, Value};
use std::path::Path;
use std::sync::Arc;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

fn build(site: &Path) -> docsite_engine::Built {
    let options = BuildOptions {
        index_later: true,
        ..BuildOptions::default()
    };
    Builder::new().build(site, &options).unwrap()
}

/// Serves the site with `/mcp` when `mcp` is set; the address and the state.
async fn start(site: &Path, mcp: bool) -> (String, Arc<AppState>) {
    let built = build(site);
    let state = AppState::new(Site::new(built.output, None), false);
    let endpoint = mcp.then(|| {
        let docs = ServedDocs::new(state.clone(), built.api_index.clone());
        McpEndpoint::new(docs, vec!["127.0.0.1".into(), "localhost".into()])
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    tokio::spawn(docsite_server::mcp::serve(
        listener,
        state.clone(),
        Limits::default(),
        endpoint,
    ));
    (address, state)
}

fn args(v: Value) -> rmcp::model::JsonObject {
    v.as_object().unwrap().clone()
}

fn text_of(result: &rmcp::model::CallToolResult) -> String {
    serde_json::to_value(&result.content).unwrap()[0]["text"]
        .as_str()
        .unwrap()
        .to_string()
}

/// One raw POST to `/mcp`: the status and body.
async fn post(address: &str, body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(address).await.unwrap();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-06-18\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    // The server may answer before reading all of an oversized body.
    let _ = stream.write_all(body).await;
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response).await;
    let text = String::from_utf8_lossy(&response).to_string();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, text)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_mcp_client_searches_and_reads_over_http() {
    let site = copy_fixture("basic");
    let (address, _) = start(site.path(), true).await;
    let transport = StreamableHttpClientTransport::from_uri(format!("http://{address}/mcp"));
    let client = ().serve(transport).await.unwrap();
    let tools = client.list_all_tools().await.unwrap();
    assert_eq!(tools.len(), 4, "{tools:?}");
    let found = client
        .call_tool(
            CallToolRequestParams::new("search_docs")
                .with_arguments(args(json!({"query": "alpha one"}))),
        )
        .await
        .unwrap();
    let found: Value = serde_json::from_str(&text_of(&found)).unwrap();
    assert_eq!(
        found["results"][0]["path"], "/guides/alpha/one",
        "{found:#}"
    );
    let page = client
        .call_tool(CallToolRequestParams::new("read_page").with_arguments(args(
            json!({"path_or_url": "https://fixture.example/guides/alpha/one"}),
        )))
        .await
        .unwrap();
    assert!(text_of(&page).contains("# Alpha one"));
    let err = client
        .call_tool(
            CallToolRequestParams::new("read_page")
                .with_arguments(args(json!({"path_or_url": "/../../etc/passwd"}))),
        )
        .await
        .unwrap_err();
    assert!(
        matches!(&err, ServiceError::McpError(e) if e.message.contains("leaves the site")),
        "{err:?}"
    );
    let err = client
        .call_tool(
            CallToolRequestParams::new("search_docs")
                .with_arguments(args(json!({"query": "q".repeat(5_000)}))),
        )
        .await
        .unwrap_err();
    assert!(format!("{err:?}").contains("longer than"), "{err:?}");
    client.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_and_oversized_posts_are_refused_and_the_server_goes_on() {
    let site = copy_fixture("basic");
    let (address, _) = start(site.path(), true).await;
    let (status, body) = post(&address, b"this is not json").await;
    assert!((400..500).contains(&status), "{body}");
    let (status, body) = post(
        &address,
        br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"oops"}"#,
    )
    .await;
    assert!(
        (400..500).contains(&status) || body.contains("\"error\""),
        "{body}"
    );
    let big = format!(
        r#"{{"jsonrpc":"2.0","id":2,"method":"ping","params":{{"x":"{}"}}}}"#,
        "x".repeat(MAX_BODY_BYTES)
    );
    let (status, body) = post(&address, big.as_bytes()).await;
    assert_eq!(status, 413, "{}", &body[..body.len().min(300)]);
    // Still serving pages and MCP.
    let transport = StreamableHttpClientTransport::from_uri(format!("http://{address}/mcp"));
    let client = ().serve(transport).await.unwrap();
    assert_eq!(client.list_all_tools().await.unwrap().len(), 4);
    client.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mcp_is_off_unless_enabled() {
    let site = copy_fixture("basic");
    let (address, _) = start(site.path(), false).await;
    let (status, body) = post(&address, br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#).await;
    assert!(
        !body.contains("jsonrpc") && status >= 400,
        "{status}: {body}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rebuild_is_seen_by_the_next_request() {
    let site = copy_fixture("basic");
    let (address, state) = start(site.path(), true).await;
    let page = site.path().join("docs/guides/alpha/one.md");
    let text = std::fs::read_to_string(&page).unwrap();
    std::fs::write(
        &page,
        text.replace("title: Alpha one", "title: Zanzibar heron"),
    )
    .unwrap();
    let rebuilt = build(site.path());
    state.replace(Site::new(rebuilt.output, Some(&state.current())));
    let transport = StreamableHttpClientTransport::from_uri(format!("http://{address}/mcp"));
    let client = ().serve(transport).await.unwrap();
    let found = client
        .call_tool(
            CallToolRequestParams::new("search_docs")
                .with_arguments(args(json!({"query": "zanzibar"}))),
        )
        .await
        .unwrap();
    assert!(
        text_of(&found).contains("/guides/alpha/one"),
        "{}",
        text_of(&found)
    );
    client.cancel().await.unwrap();
}
