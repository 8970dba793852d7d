//! The accept loop: every connection gets hyper's header-read timeout (which also closes idle
//! keep-alive connections), and past the connection limit new clients are shed with a `503`
//! at once instead of queueing behind held sockets until file descriptors run out.

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

/// How much the server gives any one client.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Connections served at once; past it new ones get a `503` and are closed.
    pub max_connections: usize,
    /// Time to send a request's headers, counted from the connection opening or, on a kept-alive
    /// connection, from the end of the last response; an idle connection is closed after it.
    pub header_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_connections: 16_384,
            header_timeout: Duration::from_secs(10),
        }
    }
}

const SHED_BODY: &str = "server busy, retry\n";

/// The whole answer past the limit, its length counted from its body.
fn shed_response() -> String {
    format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\nx-content-type-options: nosniff\r\nretry-after: 1\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{SHED_BODY}",
        SHED_BODY.len()
    )
}

/// Serves `router` on `listener` until the process ends.
pub async fn serve(listener: TcpListener, router: Router, limits: Limits) -> std::io::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors or a connection reset before accept: wait, then go on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        match slots.clone().try_acquire_owned() {
            Ok(permit) => {
                let router = router.clone();
                tokio::spawn(async move {
                    connection(stream, router, limits).await;
                    drop(permit);
                });
            }
            Err(_) => {
                tokio::spawn(shed(stream));
            }
        }
    }
}

async fn connection(stream: TcpStream, router: Router, limits: Limits) {
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true)
        .max_buf_size(64 * 1024);
    let service = TowerToHyperService::new(router);
    let conn = builder
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    let _ = conn.await;
}

/// Past the limit: a short answer the client can act on, then close; never waits on the client.
async fn shed(mut stream: TcpStream) {
    let answer = shed_response();
    let _ = tokio::time::timeout(Duration::from_secs(1), stream.write_all(answer.as_bytes())).await;
    let _ = stream.shutdown().await;
}
