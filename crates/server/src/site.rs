//! The output map as served: per file its type, ETag and compressed forms.

use crate::redirects::Redirects;
use docsite_engine::output::Output;
use docsite_engine::site_files::redirects::REDIRECTS_FILE;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::io::{Read, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

pub struct Entry {
    pub bytes: Arc<Vec<u8>>,
    pub content_type: String,
    pub etag: String,
    pub gzip: OnceLock<Option<Arc<Vec<u8>>>>,
    pub brotli: OnceLock<Option<Arc<Vec<u8>>>>,
}

impl Entry {
    fn new(path: &str, bytes: Arc<Vec<u8>>) -> Self {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        bytes.hash(&mut h);
        Entry {
            content_type: content_type(path),
            etag: format!("\"{:016x}\"", h.finish()),
            bytes,
            gzip: OnceLock::new(),
            brotli: OnceLock::new(),
        }
    }

    pub fn compressible(&self) -> bool {
        self.bytes.len() > 256
            && (self.content_type.starts_with("text/")
                || ["json", "javascript", "xml", "svg"]
                    .iter()
                    .any(|t| self.content_type.contains(t)))
    }

    pub fn gzip(&self) -> Option<Arc<Vec<u8>>> {
        self.gzip
            .get_or_init(|| self.compressible().then(|| gzip(&self.bytes, &|| {})))
            .clone()
    }

    pub fn brotli(&self) -> Option<Arc<Vec<u8>>> {
        self.brotli
            .get_or_init(|| self.compressible().then(|| brotli(&self.bytes, &|| {})))
            .clone()
    }

    /// Makes both compressed forms that are not made yet, calling `pause` between pieces of
    /// the input. The forms are made outside their cells, so a request for the file while
    /// `pause` waits compresses it itself rather than waiting too.
    fn precompress(&self, pause: &dyn Fn()) {
        if !self.compressible() {
            return;
        }
        if self.gzip.get().is_none() {
            let _ = self.gzip.set(Some(gzip(&self.bytes, pause)));
        }
        if self.brotli.get().is_none() {
            let _ = self.brotli.set(Some(brotli(&self.bytes, pause)));
        }
    }
}

/// The size of the pieces background compression takes between pauses.
const PIECE: usize = 64 << 10;

fn gzip(bytes: &[u8], pause: &dyn Fn()) -> Arc<Vec<u8>> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(6));
    for piece in bytes.chunks(PIECE) {
        pause();
        let _ = enc.write_all(piece);
    }
    Arc::new(enc.finish().unwrap_or_default())
}

fn brotli(bytes: &[u8], pause: &dyn Fn()) -> Arc<Vec<u8>> {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: 6,
        ..Default::default()
    };
    let mut input = Paused { bytes, pause };
    let _ = brotli::BrotliCompress(&mut input, &mut out, &params);
    Arc::new(out)
}

/// Input that calls `pause` before each read.
struct Paused<'a> {
    bytes: &'a [u8],
    pause: &'a dyn Fn(),
}

impl Read for Paused<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        (self.pause)();
        let n = buf.len().min(PIECE);
        self.bytes.read(&mut buf[..n])
    }
}

/// Held while the site is rebuilt: background compression waits for it to end, so that a
/// rebuild has the machine's cores (a thread at the lowest priority still slowed rebuilds
/// by a fifth on two cores).
#[derive(Default)]
pub struct Quiet(AtomicUsize);

/// Ends its hold on [`Quiet`] when dropped.
pub struct QuietHold<'a>(&'a Quiet);

impl Quiet {
    pub fn hold(&self) -> QuietHold<'_> {
        self.0.fetch_add(1, Ordering::SeqCst);
        QuietHold(self)
    }

    /// Returns once nothing holds it.
    pub fn wait(&self) {
        while self.0.load(Ordering::SeqCst) > 0 {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

impl Drop for QuietHold<'_> {
    fn drop(&mut self) {
        self.0 .0.fetch_sub(1, Ordering::SeqCst);
    }
}

pub fn content_type(path: &str) -> String {
    // Named here, not guessed: the Markdown twins and llms.txt are read by tools that go by
    // the type, and mime_guess has changed its answer for `.md` before.
    if path.ends_with(".md") {
        return "text/markdown; charset=utf-8".into();
    }
    if path.ends_with(".txt") {
        return "text/plain; charset=utf-8".into();
    }
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let essence = mime.essence_str().to_string();
    if essence.starts_with("text/")
        || essence == "application/json"
        || essence == "application/javascript"
        || essence == "image/svg+xml"
    {
        format!("{essence}; charset=utf-8")
    } else {
        essence
    }
}

#[derive(Default)]
pub struct ServedSite {
    pub entries: HashMap<String, Arc<Entry>>,
    /// The lines of the site's `_redirects` file.
    pub redirects: Redirects,
}

impl ServedSite {
    /// Takes over an output map, reusing the compressed forms of files that did not change.
    pub fn new(output: Output, previous: Option<&ServedSite>) -> Self {
        let entries: HashMap<String, Arc<Entry>> = output
            .files
            .into_iter()
            .map(|(path, bytes)| {
                let entry = match previous.and_then(|p| p.entries.get(&path)) {
                    // The same shared bytes: nothing to hash or compress again.
                    Some(old) if Arc::ptr_eq(&old.bytes, &bytes) || old.bytes == bytes => {
                        old.clone()
                    }
                    _ => Arc::new(Entry::new(&path, bytes)),
                };
                (path, entry)
            })
            .collect();
        let redirects = entries
            .get(REDIRECTS_FILE)
            .map(|e| Redirects::parse(&String::from_utf8_lossy(&e.bytes)))
            .unwrap_or_default();
        ServedSite { entries, redirects }
    }

    /// Compresses every file ahead of requests (requests compress on demand meanwhile), one
    /// after another on the caller's thread. On the rayon pool it held back every rebuild's
    /// work queued behind it: the first edit after `docsite serve` started on ten versions of
    /// the bundled site (384 MiB) waited 7.6 s for the whole site to be compressed. It stops
    /// between pieces of a file while `quiet` is held.
    pub fn precompress(&self, quiet: &Quiet) {
        for e in self.entries.values() {
            e.precompress(&|| quiet.wait());
        }
    }

    pub fn get(&self, path: &str) -> Option<&Arc<Entry>> {
        self.entries.get(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn site() -> ServedSite {
        let mut output = Output::default();
        // Several pieces, so compression passes through `pause` more than once.
        output.insert("big.html", "<p>a page of some length</p>".repeat(20_000));
        ServedSite::new(output, None)
    }

    #[test]
    fn background_compression_waits_while_a_rebuild_holds_quiet() {
        let site = Arc::new(site());
        let quiet = Arc::new(Quiet::default());
        let hold = quiet.hold();
        let worker = {
            let (site, quiet) = (site.clone(), quiet.clone());
            std::thread::spawn(move || site.precompress(&quiet))
        };
        std::thread::sleep(Duration::from_millis(100));
        let entry = site.get("big.html").unwrap();
        assert!(entry.gzip.get().is_none() && entry.brotli.get().is_none());
        // A request meanwhile is not kept waiting: it compresses the file itself.
        assert!(entry.gzip().is_some());
        drop(hold);
        worker.join().unwrap();
        assert!(entry.brotli.get().is_some());
    }

    #[test]
    fn compressing_in_pieces_gives_the_same_text_back() {
        let site = site();
        let entry = site.get("big.html").unwrap();
        entry.precompress(&|| {});
        let mut text = Vec::new();
        flate2::read::GzDecoder::new(entry.gzip().unwrap().as_slice())
            .read_to_end(&mut text)
            .unwrap();
        assert_eq!(text, *entry.bytes);
        let mut text = Vec::new();
        brotli::Decompressor::new(entry.brotli().unwrap().as_slice(), 4096)
            .read_to_end(&mut text)
            .unwrap();
        assert_eq!(text, *entry.bytes);
    }
}
