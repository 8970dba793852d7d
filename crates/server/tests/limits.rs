//! Hostile clients: held, idle and half-sent connections are timed out, and past the connection
//! limit new clients get a quick `503` instead of waiting forever.

use docsite_engine::output::Output;
use docsite_server::{AppState, Limits, Site};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

async fn start(limits: Limits) -> String {
    let mut output = Output::default();
    output.insert("index.html", "<!doctype html><p>home</p>");
    let state = AppState::with_event_streams(Site::new(output, None), true, 2);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    tokio::spawn(docsite_server::serve(listener, state, limits));
    address
}

fn tight() -> Limits {
    Limits {
        max_connections: 4,
        header_timeout: Duration::from_millis(300),
    }
}

/// Waits until the server closes the connection; the time it took.
async fn closed_after(stream: &mut TcpStream) -> Duration {
    let start = Instant::now();
    let mut buf = [0u8; 4096];
    let wait = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(_) => continue,
            }
        }
    });
    wait.await.expect("the server closes the connection");
    start.elapsed()
}

const GET: &[u8] = b"GET / HTTP/1.1\r\nHost: x\r\n\r\n";

#[tokio::test]
async fn idle_and_half_sent_connections_are_closed() {
    let address = start(tight()).await;
    let mut silent = TcpStream::connect(&address).await.unwrap();
    assert!(closed_after(&mut silent).await < Duration::from_secs(2));
    let mut partial = TcpStream::connect(&address).await.unwrap();
    partial
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    assert!(closed_after(&mut partial).await < Duration::from_secs(2));
    // A kept-alive connection is answered, then closed once idle.
    let mut kept = TcpStream::connect(&address).await.unwrap();
    kept.write_all(GET).await.unwrap();
    let mut first = [0u8; 12];
    kept.read_exact(&mut first).await.unwrap();
    assert_eq!(&first, b"HTTP/1.1 200");
    assert!(closed_after(&mut kept).await < Duration::from_secs(2));
}

#[tokio::test]
async fn past_the_limit_clients_are_shed_then_served_again() {
    let address = start(tight()).await;
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(TcpStream::connect(&address).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(50)).await;
    let mut extra = TcpStream::connect(&address).await.unwrap();
    let _ = extra.write_all(GET).await;
    let mut reply = Vec::new();
    let start = Instant::now();
    let _ = extra.read_to_end(&mut reply).await;
    assert!(start.elapsed() < Duration::from_millis(250), "shed at once");
    assert!(
        reply.starts_with(b"HTTP/1.1 503"),
        "{}",
        String::from_utf8_lossy(&reply)
    );
    // The held connections time out and free their slots.
    tokio::time::sleep(Duration::from_millis(600)).await;
    let mut later = TcpStream::connect(&address).await.unwrap();
    later
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut reply = Vec::new();
    later.read_to_end(&mut reply).await.unwrap();
    assert!(reply.starts_with(b"HTTP/1.1 200"));
    drop(held);
}

#[tokio::test]
async fn the_503_sends_the_length_it_declares() {
    let address = start(tight()).await;
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(TcpStream::connect(&address).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(50)).await;
    let mut extra = TcpStream::connect(&address).await.unwrap();
    let mut reply = Vec::new();
    let _ = extra.read_to_end(&mut reply).await;
    let reply = String::from_utf8(reply).unwrap();
    let (head, body) = reply.split_once("\r\n\r\n").expect("a head and a body");
    let declared: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length: "))
        .expect("a length")
        .parse()
        .unwrap();
    assert_eq!(declared, body.len(), "{reply:?}");
    drop(held);
}

/// Reads a response head from `stream`.
async fn response_head(stream: &mut TcpStream) -> String {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if stream.read(&mut byte).await.unwrap_or(0) == 0 {
            break;
        }
        head.push(byte[0]);
    }
    String::from_utf8_lossy(&head).into_owned()
}

async fn open_events(address: &str) -> (TcpStream, String) {
    let mut stream = TcpStream::connect(address).await.unwrap();
    stream
        .write_all(b"GET /_site/events HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let head = tokio::time::timeout(Duration::from_secs(2), response_head(&mut stream))
        .await
        .expect("an answer at once");
    (stream, head)
}

/// Live-reload streams never end on their own, so only a few may be open at once: the other
/// connection slots stay for requests.
#[tokio::test]
async fn live_reload_streams_are_capped() {
    let limits = Limits {
        max_connections: 8,
        header_timeout: Duration::from_secs(5),
    };
    let address = start(limits).await;
    let (first, head) = open_events(&address).await;
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let (_second, head) = open_events(&address).await;
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let (_third, head) = open_events(&address).await;
    assert!(head.starts_with("HTTP/1.1 503"), "{head}");
    // A closed stream frees its place.
    drop(first);
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (_again, head) = open_events(&address).await;
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
}
