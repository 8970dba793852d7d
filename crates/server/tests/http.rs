//! The server over real HTTP on loopback.

use docsite_engine::{BuildOptions, Builder};
use docsite_server::{AppState, Site};
use std::sync::Arc;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

async fn start() -> (String, Arc<AppState>) {
    let fixture = docsite_test_support::fixture("basic");
    let built = Builder::new()
        .build(&fixture, &BuildOptions::default())
        .expect("fixture builds");
    let state = AppState::new(Site::new(built.output, None), true);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    tokio::spawn(docsite_server::serve(
        listener,
        state.clone(),
        docsite_server::Limits::default(),
    ));
    (address, state)
}

/// Sends a raw request line (so malformed paths reach the server as written).
async fn request(address: &str, method: &str, path: &str, headers: &[(&str, &str)]) -> Reply {
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n");
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    stream.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a header block");
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    let reply = Reply {
        status,
        headers,
        body: Vec::new(),
    };
    if reply.header("transfer-encoding") == Some("chunked") {
        body = dechunk(&body);
    }
    Reply { body, ..reply }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let line_end = data.windows(2).position(|w| w == b"\r\n").unwrap();
        let size =
            usize::from_str_radix(std::str::from_utf8(&data[..line_end]).unwrap().trim(), 16)
                .unwrap();
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&data[line_end + 2..line_end + 2 + size]);
        data = &data[line_end + 4 + size..];
    }
}

#[tokio::test]
async fn content_types_and_security_headers() {
    let (addr, _) = start().await;
    let page = request(&addr, "GET", "/start-here", &[]).await;
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert!(page
        .header("content-security-policy")
        .unwrap()
        .contains("frame-ancestors 'none'"));
    assert!(page
        .header("content-security-policy")
        .unwrap()
        .contains("'sha256-"));
    // The search index runs as WebAssembly.
    assert!(page
        .header("content-security-policy")
        .unwrap()
        .contains("script-src 'self' 'wasm-unsafe-eval'"));
    let search = request(&addr, "GET", "/_site/search/pagefind.js", &[]).await;
    assert_eq!(search.status, 200);
    assert_eq!(
        search.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert_eq!(page.header("x-content-type-options"), Some("nosniff"));
    assert_eq!(
        page.header("referrer-policy"),
        Some("strict-origin-when-cross-origin")
    );
    assert!(
        String::from_utf8_lossy(&page.body).contains("<title>Start here | Fixture Docs</title>")
    );
    let json = request(&addr, "GET", "/_site/pages/start-here.json", &[]).await;
    assert_eq!(
        json.header("content-type"),
        Some("application/json; charset=utf-8")
    );
    let svg = request(&addr, "GET", "/images/logo.svg", &[]).await;
    assert_eq!(
        svg.header("content-type"),
        Some("image/svg+xml; charset=utf-8")
    );
    let xml = request(&addr, "GET", "/sitemap.xml", &[]).await;
    assert!(xml.header("content-type").unwrap().contains("xml"));
    let home = request(&addr, "GET", "/", &[]).await;
    assert!(String::from_utf8_lossy(&home.body).contains("<title>Fixture Docs</title>"));
}

#[tokio::test]
async fn markdown_twins_and_llms_txt_are_served_as_text() {
    let (addr, _) = start().await;
    for path in ["/start-here.md", "/index.md", "/guides.md"] {
        let twin = request(&addr, "GET", path, &[]).await;
        assert_eq!(twin.status, 200, "{path}");
        assert_eq!(
            twin.header("content-type"),
            Some("text/markdown; charset=utf-8")
        );
        assert!(twin.body.starts_with(b"# "), "{path}");
    }
    for path in ["/llms.txt", "/llms-full.txt", "/robots.txt"] {
        let txt = request(&addr, "GET", path, &[]).await;
        assert_eq!(txt.status, 200, "{path}");
        assert_eq!(
            txt.header("content-type"),
            Some("text/plain; charset=utf-8")
        );
    }
    // A twin path is a file, never a page route to redirect.
    let slash = request(&addr, "GET", "/start-here.md/", &[]).await;
    assert_eq!(slash.status, 404);
}

#[tokio::test]
async fn compression_is_negotiated() {
    let (addr, _) = start().await;
    let plain = request(&addr, "GET", "/start-here", &[]).await;
    assert_eq!(plain.header("content-encoding"), None);
    let br = request(
        &addr,
        "GET",
        "/start-here",
        &[("Accept-Encoding", "gzip, br")],
    )
    .await;
    assert_eq!(br.header("content-encoding"), Some("br"));
    let mut decoded = Vec::new();
    brotli::BrotliDecompress(&mut br.body.as_slice(), &mut decoded).unwrap();
    assert_eq!(decoded, plain.body);
    let gz = request(&addr, "GET", "/start-here", &[("Accept-Encoding", "gzip")]).await;
    assert_eq!(gz.header("content-encoding"), Some("gzip"));
    let mut decoded = Vec::new();
    flate2::read::GzDecoder::new(gz.body.as_slice()).read_to_end_sync(&mut decoded);
    assert_eq!(decoded, plain.body);
    assert_eq!(br.header("vary"), Some("Accept-Encoding"));
}

trait ReadAll {
    fn read_to_end_sync(&mut self, out: &mut Vec<u8>);
}

impl<R: std::io::Read> ReadAll for R {
    fn read_to_end_sync(&mut self, out: &mut Vec<u8>) {
        std::io::Read::read_to_end(self, out).unwrap();
    }
}

#[tokio::test]
async fn etags_give_304() {
    let (addr, _) = start().await;
    let first = request(&addr, "GET", "/start-here", &[]).await;
    let etag = first.header("etag").unwrap().to_string();
    let again = request(&addr, "GET", "/start-here", &[("If-None-Match", &etag)]).await;
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    let other = request(
        &addr,
        "GET",
        "/start-here",
        &[("If-None-Match", "\"nope\"")],
    )
    .await;
    assert_eq!(other.status, 200);
    assert_eq!(first.header("cache-control"), Some("no-cache"));
}

#[tokio::test]
async fn missing_pages_get_404_and_the_404_page() {
    let (addr, _) = start().await;
    let r = request(&addr, "GET", "/no/such/page", &[]).await;
    assert_eq!(r.status, 404);
    assert!(String::from_utf8_lossy(&r.body).contains("Page not found"));
    assert!(r.header("content-type").unwrap().starts_with("text/html"));
}

#[tokio::test]
async fn trailing_slash_redirects_and_head_has_no_body() {
    let (addr, _) = start().await;
    let r = request(&addr, "GET", "/guides/alpha/?x=1", &[]).await;
    assert_eq!(r.status, 301);
    assert_eq!(r.header("location"), Some("/guides/alpha?x=1"));
    let h = request(&addr, "HEAD", "/guides/alpha", &[]).await;
    assert_eq!(h.status, 200);
    assert!(h.body.is_empty());
    assert!(
        h.header("content-length")
            .unwrap()
            .parse::<usize>()
            .unwrap()
            > 100
    );
    let p = request(&addr, "POST", "/guides/alpha", &[]).await;
    assert_eq!(p.status, 405);
}

#[tokio::test]
async fn traversal_attempts_are_refused() {
    let (addr, _) = start().await;
    for path in [
        "/../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/images/..%2f..%2fCargo.toml",
        "/a%00b",
        "/..%5c..%5cwin.ini",
    ] {
        let r = request(&addr, "GET", path, &[]).await;
        assert!((400..500).contains(&r.status), "{path} gave {}", r.status);
        assert!(!String::from_utf8_lossy(&r.body).contains("root:"));
    }
    let long = format!("/{}", "a".repeat(400));
    assert_eq!(request(&addr, "GET", &long, &[]).await.status, 400);
}

#[tokio::test]
async fn live_reload_events_and_swaps() {
    let (addr, state) = start().await;
    assert_eq!(
        request(&addr, "GET", "/_site/livereload.js", &[])
            .await
            .status,
        200
    );
    // A failed rebuild leaves the last good output in place.
    state.report_error("error: something broke".into());
    let page = request(&addr, "GET", "/start-here", &[]).await;
    assert_eq!(page.status, 200);
    let mut output = docsite_engine::output::Output::default();
    output.insert("index.html", "<p>new</p>");
    state.replace(Site::new(output, Some(&state.current())));
    let home = request(&addr, "GET", "/", &[]).await;
    assert_eq!(home.body, b"<p>new</p>");
}

#[tokio::test]
async fn paths_of_the_redirects_file_answer_with_its_status_and_target() {
    let fixture = docsite_test_support::fixture("basic");
    let mut built = Builder::new()
        .build(&fixture, &BuildOptions::default())
        .expect("fixture builds");
    built.output.insert(
        "_redirects",
        "/tutorials /tutorials/first 301\n/moved /start-here#part 302\n/ext https://example.com/a\n",
    );
    // The engine's own redirect page sits at the old path; the redirect wins over it.
    built
        .output
        .insert("tutorials/index.html", "<meta http-equiv=refresh>");
    let state = AppState::new(Site::new(built.output, None), false);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    tokio::spawn(docsite_server::serve(
        listener,
        state,
        docsite_server::Limits::default(),
    ));
    for path in ["/tutorials", "/tutorials/"] {
        let r = request(&address, "GET", path, &[]).await;
        assert_eq!(r.status, 301, "{path}");
        assert_eq!(r.header("location"), Some("/tutorials/first"));
    }
    let r = request(&address, "GET", "/moved?x=1", &[]).await;
    assert_eq!(r.status, 302);
    assert_eq!(
        r.header("location"),
        Some("/start-here?x=1#part"),
        "the query before the anchor"
    );
    let r = request(&address, "GET", "/ext", &[]).await;
    assert_eq!(r.header("location"), Some("https://example.com/a"));
    let r = request(&address, "GET", "/tutorials/first", &[]).await;
    assert_eq!(r.status, 200, "pages under an old path still answer");
}
