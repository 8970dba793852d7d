//! Where the built files come from: the engine's output map in memory, or an export folder on
//! disk. Only the files the tools need are read (site and page JSON, twins), each by a path
//! the tools made from the catalogue, never from a request.

use docsite_engine::output::Output;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A file of a built site must be smaller than this to be read (a twin is at most a few
/// hundred KB; the largest JSON file, `_site/site.json`, about a MB on a large site).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

pub trait SiteFiles {
    /// The bytes of the file at `path` (relative, no leading slash).
    fn file(&self, path: &str) -> Option<Arc<Vec<u8>>>;
}

impl SiteFiles for Output {
    fn file(&self, path: &str) -> Option<Arc<Vec<u8>>> {
        self.files.get(path).cloned()
    }
}

/// A folder written by `docsite build`.
pub struct ExportFolder {
    root: PathBuf,
}

impl ExportFolder {
    /// The folder, if it looks like an export (it has `_site/catalogue.json`).
    pub fn open(root: &Path) -> Result<Self, String> {
        if !root.join("_site/catalogue.json").is_file() {
            return Err(format!(
                "{}: not a built site (no _site/catalogue.json)",
                root.display()
            ));
        }
        Ok(ExportFolder {
            root: root.to_path_buf(),
        })
    }
}

impl SiteFiles for ExportFolder {
    fn file(&self, path: &str) -> Option<Arc<Vec<u8>>> {
        let inside = !path.is_empty()
            && path
                .split('/')
                .all(|s| !s.is_empty() && s != "." && s != ".." && !s.contains('\\'));
        if !inside {
            return None;
        }
        let full = self.root.join(path);
        // A link could lead out of the export: only plain files are read.
        let meta = std::fs::symlink_metadata(&full).ok()?;
        if !meta.is_file() || meta.len() > MAX_FILE_BYTES {
            return None;
        }
        std::fs::read(full).ok().map(Arc::new)
    }
}
