//! `docsite mcp` as a coding agent starts it: an MCP client over standard input and output,
//! on a site folder (built in memory) and on an export; then raw JSON-RPC lines that are
//! malformed, of the wrong shape or oversized, each answered with an error, never a crash.

use docsite_test_support::{copy_dir, fixture};
use rmcp::model::{CallToolRequestParams, ReadResourceRequestParams};
use rmcp::service::ServiceError;
use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};
use rmcp::ServiceExt;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

fn args(v: Value) -> rmcp::model::JsonObject {
    v.as_object().unwrap().clone()
}

fn text_of(result: &rmcp::model::CallToolResult) -> String {
    serde_json::to_value(&result.content).unwrap()[0]["text"]
        .as_str()
        .unwrap()
        .to_string()
}

async fn exercise(path: &Path) {
    let command = tokio::process::Command::new(env!("CARGO_BIN_EXE_docsite")).configure(|c| {
        c.arg("mcp").arg(path);
    });
    let client = ().serve(TokioChildProcess::new(command).unwrap()).await.unwrap();
    let tools: Vec<String> = client
        .list_all_tools()
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.name.to_string())
        .collect();
    for name in ["search_docs", "read_page", "lookup_api", "list_pages"] {
        assert!(tools.contains(&name.to_string()), "{tools:?}");
    }
    let found = client
        .call_tool(
            CallToolRequestParams::new("search_docs")
                .with_arguments(args(json!({"query": "alpha one", "limit": 3}))),
        )
        .await
        .unwrap();
    let found: Value = serde_json::from_str(&text_of(&found)).unwrap();
    assert_eq!(
        found["results"][0]["url"], "https://fixture.example/guides/alpha/one",
        "{found:#}"
    );
    let page = client
        .call_tool(
            CallToolRequestParams::new("read_page")
                .with_arguments(args(json!({"path_or_url": "/guides/alpha/one"}))),
        )
        .await
        .unwrap();
    assert!(text_of(&page).contains("# Alpha one"));
    // A path outside the site is an invalid-params error, and the session goes on.
    let err = client
        .call_tool(
            CallToolRequestParams::new("read_page")
                .with_arguments(args(json!({"path_or_url": "../../etc/passwd"}))),
        )
        .await
        .unwrap_err();
    match err {
        ServiceError::McpError(e) => assert!(e.message.contains("leaves the site"), "{e:?}"),
        other => panic!("{other:?}"),
    }
    let huge = "x".repeat(100_000);
    let err = client
        .call_tool(
            CallToolRequestParams::new("search_docs").with_arguments(args(json!({"query": huge}))),
        )
        .await
        .unwrap_err();
    assert!(format!("{err:?}").contains("longer than"), "{err:?}");
    let resources = client.list_all_resources().await.unwrap();
    let one = resources
        .iter()
        .find(|r| r.uri == "https://fixture.example/guides/alpha/one")
        .expect("a page resource");
    let read = client
        .read_resource(ReadResourceRequestParams::new(one.uri.clone()))
        .await
        .unwrap();
    assert!(serde_json::to_string(&read.contents)
        .unwrap()
        .contains("Alpha one"));
    let pages = client
        .call_tool(
            CallToolRequestParams::new("list_pages")
                .with_arguments(args(json!({"sidebar": "Docs"}))),
        )
        .await
        .unwrap();
    assert!(text_of(&pages).contains("/guides/alpha/one"));
    client.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_mcp_client_reads_a_site_folder_and_an_export() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    exercise(&site).await;
    let out = tmp.path().join("out");
    let built = Command::new(env!("CARGO_BIN_EXE_docsite"))
        .arg("build")
        .arg(&site)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    exercise(&out).await;
}

#[test]
fn malformed_and_oversized_requests_get_errors_and_the_server_stays_up() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_docsite"))
        .arg("mcp")
        .arg(fixture("basic"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut send = |v: &str| {
        stdin.write_all(v.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    };
    let mut answer = || {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        serde_json::from_str::<Value>(&line).unwrap_or_else(|e| panic!("{e}: {line}"))
    };
    send(
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
    );
    assert!(answer()["result"]["serverInfo"].is_object());
    send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
    let call = |id: u32, arguments: Value, tool: &str| {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool, "arguments": arguments}}).to_string()
    };
    // Wrong types, a missing argument, an unknown tool, an oversized argument.
    for (id, request) in [
        (2, call(2, json!({"query": 42}), "search_docs")),
        (3, call(3, json!({}), "read_page")),
        (4, call(4, json!({"query": "x"}), "no_such_tool")),
        (
            5,
            call(5, json!({"query": "q".repeat(200_000)}), "search_docs"),
        ),
        (
            6,
            call(6, json!({"query": "alpha", "limit": -1}), "search_docs"),
        ),
        (
            7,
            call(7, json!({"name": "n".repeat(10_000)}), "lookup_api"),
        ),
    ] {
        send(&request);
        let a = answer();
        assert_eq!(a["id"], id, "{a}");
        assert!(
            a["error"]["code"].is_i64() || a["result"]["isError"] == true,
            "{id}: {a}"
        );
    }
    // Not JSON, then a request of the wrong shape: the next good request is still answered.
    send("this is not json");
    send(r#"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":"oops"}"#);
    // Then a good request: what comes before its answer are errors (a line that is not JSON
    // has no id to answer with), and it is answered.
    send(&call(9, json!({"query": "alpha"}), "search_docs"));
    let mut errors = 0;
    let a = loop {
        let a = answer();
        if a["id"] == 9 {
            break a;
        }
        assert!(a["error"]["code"].is_i64(), "{a}");
        errors += 1;
    };
    assert!(
        errors >= 1,
        "the malformed lines were answered with an error"
    );
    assert!(
        a["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("alpha"),
        "{a}"
    );
    drop(stdin);
    assert!(
        child.wait().unwrap().success(),
        "closing standard input ends the server cleanly"
    );
}
