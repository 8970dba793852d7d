//! What the tests of the `docsite` command share: a copy of the basic fixture, the command, and
//! a running `docsite serve` with the lines it writes to stderr.

#![allow(dead_code)]

use docsite_test_support::{copy_dir, fixture};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

pub fn fixture_copy() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(&fixture("basic"), &tmp.path().join("site"));
    tmp
}

pub fn docsite() -> Command {
    Command::new(env!("CARGO_BIN_EXE_docsite"))
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The whole response to a GET, or nothing while the server cannot be reached.
pub fn get(port: u16, path: &str) -> String {
    let Ok(mut s) = TcpStream::connect(("127.0.0.1", port)) else {
        return String::new();
    };
    let _ = write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    );
    let mut out = String::new();
    let _ = s.read_to_string(&mut out);
    out
}

pub fn wait_for(secs: u64, mut ok: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(secs) {
        if ok() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

/// A running `docsite serve` and the lines it writes to stderr; stopped when dropped, even
/// when an assertion fails first.
pub struct Server {
    child: std::process::Child,
    pub lines: Receiver<String>,
    pub port: u16,
}

impl Server {
    /// Starts the server on `site` and waits until it says it serves. It watches the site
    /// from before its first build, so an edit from here on is seen.
    pub fn start(site: &Path) -> Server {
        let port = free_port();
        let mut child = docsite()
            .arg("serve")
            .arg(site)
            .arg("--port")
            .arg(port.to_string())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stderr = child.stderr.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let server = Server { child, lines, port };
        assert!(
            wait_for(20, || server
                .lines
                .try_iter()
                .any(|l| l.starts_with("serving http://"))),
            "the server starts"
        );
        server
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
