//! HTTP details a careful client or a hostile one relies on.

use docsite_engine::output::Output;
use docsite_server::{AppState, Limits, Site};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

async fn start() -> String {
    let mut output = Output::default();
    output.insert("index.html", "<!doctype html><p>home</p>");
    output.insert("a b/index.html", "<!doctype html><p>spaced</p>".repeat(40));
    output.insert(
        "img/x.svg",
        "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>",
    );
    output.insert(
        "files/page.xhtml",
        "<html xmlns=\"http://www.w3.org/1999/xhtml\"><script>alert(1)</script></html>",
    );
    output.insert("feed.xml", "<?xml version=\"1.0\"?><rss/>");
    let state = AppState::new(Site::new(output, None), false);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    tokio::spawn(docsite_server::serve(listener, state, Limits::default()));
    address
}

/// Sends `head` as written (request line and headers) and returns the response head, lowercased.
async fn raw(address: &str, head: &str) -> String {
    let mut s = tokio::net::TcpStream::connect(address).await.unwrap();
    s.write_all(format!("{head}Connection: close\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8_lossy(&out).to_string();
    text.split("\r\n\r\n").next().unwrap().to_ascii_lowercase()
}

fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines()
        .find_map(|l| l.strip_prefix(&format!("{name}: ")))
}

#[tokio::test]
async fn host_method_location_and_nosniff() {
    let a = start().await;
    let r = raw(&a, "GET / HTTP/1.1\r\n").await;
    assert!(r.starts_with("http/1.1 400"), "{r}");
    let r = raw(&a, "GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n").await;
    assert!(r.starts_with("http/1.1 400"), "{r}");
    let r = raw(&a, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n").await;
    assert!(r.starts_with("http/1.1 405"), "{r}");
    assert_eq!(header(&r, "allow"), Some("get, head"));
    let r = raw(&a, "GET /a%20b/ HTTP/1.1\r\nHost: x\r\n").await;
    assert!(r.starts_with("http/1.1 301"), "{r}");
    assert_eq!(header(&r, "location"), Some("/a%20b"));
    for head in [
        r.as_str(),
        &raw(&a, "GET /missing HTTP/1.1\r\nHost: x\r\n").await,
    ] {
        assert_eq!(
            header(head, "x-content-type-options"),
            Some("nosniff"),
            "{head}"
        );
    }
}

#[tokio::test]
async fn etags_differ_per_encoding_and_match_weakly() {
    let a = start().await;
    let plain = raw(
        &a,
        "GET /a%20b HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n",
    )
    .await;
    let br = raw(
        &a,
        "GET /a%20b HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip, br\r\n",
    )
    .await;
    let refused = raw(
        &a,
        "GET /a%20b HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br;q=0, gzip;q=0\r\n",
    )
    .await;
    assert_eq!(header(&br, "content-encoding"), Some("br"));
    assert_eq!(header(&refused, "content-encoding"), None, "{refused}");
    let (e1, e2) = (
        header(&plain, "etag").unwrap(),
        header(&br, "etag").unwrap(),
    );
    assert_ne!(e1, e2);
    let weak = raw(
        &a,
        &format!(
            "GET /a%20b HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br\r\nIf-None-Match: W/{e2}\r\n"
        ),
    )
    .await;
    assert!(weak.starts_with("http/1.1 304"), "{weak}");
    let other = raw(
        &a,
        &format!("GET /a%20b HTTP/1.1\r\nHost: x\r\nIf-None-Match: {e2}\r\n"),
    )
    .await;
    assert!(
        other.starts_with("http/1.1 200"),
        "the br tag is not the identity one: {other}"
    );
}

#[tokio::test]
async fn svg_files_get_a_policy_without_scripts() {
    let a = start().await;
    let r = raw(&a, "GET /img/x.svg HTTP/1.1\r\nHost: x\r\n").await;
    let csp = header(&r, "content-security-policy").expect("a policy");
    assert!(
        csp.starts_with("default-src 'none'") && csp.contains("sandbox"),
        "{csp}"
    );
}

/// Every response carries the site's policy, as the export's `_headers` and nginx snippet give
/// it to every path: an `.xhtml` or `.xml` file can hold a script a browser runs.
#[tokio::test]
async fn every_file_gets_the_site_policy() {
    let a = start().await;
    let site = docsite_engine::security::content_security_policy_header().to_ascii_lowercase();
    for path in ["/files/page.xhtml", "/feed.xml", "/", "/missing"] {
        let r = raw(&a, &format!("GET {path} HTTP/1.1\r\nHost: x\r\n")).await;
        assert_eq!(
            header(&r, "content-security-policy"),
            Some(site.as_str()),
            "{path}: {r}"
        );
        assert_eq!(header(&r, "x-frame-options"), Some("deny"), "{path}: {r}");
    }
}
