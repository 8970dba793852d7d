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
    let state = AppState::new(Site::new(output, None), false);
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
