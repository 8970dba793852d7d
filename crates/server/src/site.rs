//! The output map as served: per file its type, ETag and compressed forms.

use crate::redirects::Redirects;
use docsite_engine::output::Output;
use docsite_engine::site_files::redirects::REDIRECTS_FILE;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::io::Write;
use std::sync::{Arc, OnceLock};

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
            .get_or_init(|| {
                self.compressible().then(|| {
                    let mut enc =
                        flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(6));
                    let _ = enc.write_all(&self.bytes);
                    Arc::new(enc.finish().unwrap_or_default())
                })
            })
            .clone()
    }

    pub fn brotli(&self) -> Option<Arc<Vec<u8>>> {
        self.brotli
            .get_or_init(|| {
                self.compressible().then(|| {
                    let mut out = Vec::new();
                    let params = brotli::enc::BrotliEncoderParams {
                        quality: 6,
                        ..Default::default()
                    };
                    let _ = brotli::BrotliCompress(&mut self.bytes.as_slice(), &mut out, &params);
                    Arc::new(out)
                })
            })
            .clone()
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
    /// the bundled site (384 MiB) waited 7.6 s for the whole site to be compressed.
    pub fn precompress(&self) {
        for e in self.entries.values() {
            e.gzip();
            e.brotli();
        }
    }

    pub fn get(&self, path: &str) -> Option<&Arc<Entry>> {
        self.entries.get(path)
    }
}
