//! Reading the site folder: every file the engine reads from a site (site.yaml, the sidebars
//! file, `_category_` files, pages, partials, static files, files next to pages, examples, API
//! inventories) is read here, and only here.
//!
//! A site comes from many hands, so a read refuses what would leak or hang a build: a path
//! that resolves outside the site folder (a symbolic link may point at `/etc/passwd`), anything
//! but a regular file (a FIFO waits for a writer forever, `/dev/zero` never ends), and more
//! bytes than a named [`Limit`], however the file grows while it is read.

use docsite_core::Diagnostic;
use std::collections::HashMap;
use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

mod real_path;
use real_path::real_even_if_missing;

/// The fixed limit of settings files: site.yaml, the sidebars file, `_category_` files,
/// `api/exclusions.tsv` and the requirements files (the bundled site's are a few KiB).
pub const MAX_SETTINGS_BYTES: u64 = 1 << 20;

/// The fixed limit of an API inventory (`api/*.json`; the largest bundled one is 0.6 MB).
pub const MAX_INVENTORY_BYTES: u64 = 16 << 20;

/// The folders of a site the engine reads; none may be a link that leaves the site.
pub const TOP_FOLDERS: [&str; 6] = [
    "docs",
    "static",
    "examples",
    "api",
    "versioned_docs",
    "versioned_sidebars",
];

/// How many bytes a read may take, and how messages name the limit.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub bytes: u64,
    /// What the limit is for, in messages.
    what: &'static str,
    /// The site.yaml key that sets it, if one does.
    key: Option<&'static str>,
}

impl Limit {
    pub const SETTINGS: Limit = Limit {
        bytes: MAX_SETTINGS_BYTES,
        what: "settings files",
        key: None,
    };
    pub const INVENTORY: Limit = Limit {
        bytes: MAX_INVENTORY_BYTES,
        what: "API inventories",
        key: None,
    };

    /// Pages and partials (`maxPageBytes`).
    pub fn pages(bytes: u64) -> Limit {
        let key = Some("maxPageBytes");
        Limit {
            bytes,
            what: "pages",
            key,
        }
    }

    /// Example files: a page shows them, so the page limit holds (`maxPageBytes`).
    pub fn examples(bytes: u64) -> Limit {
        let key = Some("maxPageBytes");
        Limit {
            bytes,
            what: "example files",
            key,
        }
    }

    /// Files of `static/` and files next to pages (`maxAssetBytes`).
    pub fn assets(bytes: u64) -> Limit {
        let key = Some("maxAssetBytes");
        Limit {
            bytes,
            what: "static files and files next to pages",
            key,
        }
    }
}

/// Why a file of the site was not read.
#[derive(Debug)]
pub enum ReadError {
    /// Nothing is there (or a link points at nothing).
    Missing(io::Error),
    /// The path resolves outside the folder named (through a symbolic link).
    Outside(&'static str),
    /// Not a regular file: what it is instead.
    NotRegular(&'static str),
    TooBig {
        len: u64,
        limit: Limit,
    },
    Other(io::Error),
}

impl ReadError {
    pub fn is_missing(&self) -> bool {
        matches!(self, ReadError::Missing(_))
    }

    /// The error as a diagnostic, for the caller to place in its file.
    pub fn diagnostic(&self) -> Diagnostic {
        let d = Diagnostic::error(self.to_string());
        match self {
            ReadError::Outside(_) => {
                d.with_hint("copy the file into the site folder rather than linking to it")
            }
            ReadError::TooBig { limit, .. } => d.with_hint(match limit.key {
                Some(key) => format!("make the file smaller, or raise `{key}` in site.yaml"),
                None => "the limit is fixed: make the file smaller".to_string(),
            }),
            _ => d,
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Missing(e) | ReadError::Other(e) => write!(f, "cannot read: {e}"),
            ReadError::Outside(folder) => write!(
                f,
                "refusing to read: a symbolic link leads outside the {folder} folder"
            ),
            ReadError::NotRegular(kind) => {
                write!(f, "refusing to read {kind}: not a regular file")
            }
            ReadError::TooBig { len, limit } => write!(
                f,
                "the file is {len} bytes, over the limit of {} for {}",
                limit.bytes, limit.what
            ),
        }
    }
}

/// The path to show in messages: relative to the site folder's parent, so `site/docs/x.md`.
pub fn display_path(root: &Path, path: &Path) -> PathBuf {
    let base = root.parent().unwrap_or(root);
    path.strip_prefix(base)
        .map(Path::to_path_buf)
        .unwrap_or_else(|_| path.to_path_buf())
}

/// The site folder, as given (for messages) and as resolved (for checking where a path
/// leads).
#[derive(Debug)]
pub struct SiteFolder {
    root: PathBuf,
    real: PathBuf,
    /// Folders resolved so far (as named → real path): resolving a file then costs one `lstat`
    /// rather than a `readlink` for each part of its path. A clone starts without them, so
    /// sources kept for a later build do not carry folders resolved before it.
    folders: Mutex<HashMap<PathBuf, PathBuf>>,
}

impl Clone for SiteFolder {
    fn clone(&self) -> Self {
        SiteFolder {
            root: self.root.clone(),
            real: self.real.clone(),
            folders: Mutex::default(),
        }
    }
}

impl SiteFolder {
    pub fn new(root: &Path) -> Result<SiteFolder, Diagnostic> {
        let real = root.canonicalize().map_err(|e| {
            Diagnostic::error(format!("cannot read the site folder: {e}")).in_file(root)
        })?;
        let root = root.to_path_buf();
        Ok(SiteFolder {
            root,
            real,
            folders: Mutex::default(),
        })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// A path of the site as messages show it (`site/docs/x.md`).
    pub fn shown(&self, path: &Path) -> PathBuf {
        display_path(&self.root, path)
    }

    /// Each top folder that is a link leading outside the site, as an error naming it.
    pub fn check_top_folders(&self) -> Vec<Diagnostic> {
        let leaves = |folder: &Path| {
            std::fs::symlink_metadata(folder).is_ok_and(|m| m.is_symlink())
                && matches!(
                    self.resolve(folder, &self.real, "site"),
                    Err(ReadError::Outside(_))
                )
        };
        TOP_FOLDERS
            .iter()
            .filter(|name| leaves(&self.root.join(name)))
            .map(|name| {
                let message = format!(
                    "the `{name}` folder is a symbolic link that leads outside the site folder"
                );
                Diagnostic::error(message)
                    .in_file(self.shown(&self.root.join(name)))
                    .with_hint(
                        "move the folder into the site folder, or link to a folder inside it",
                    )
            })
            .collect()
    }

    /// An output folder inside one of the top folders would be read back as content by the
    /// next build (its twins as pages, its HTML as files next to pages): an error naming it.
    pub fn check_output_folder(&self, out: &Path) -> Result<(), Diagnostic> {
        let out_real = real_even_if_missing(out);
        let inside = TOP_FOLDERS.iter().find(|name| {
            let folder = self.root.join(name);
            folder
                .canonicalize()
                .is_ok_and(|real| out_real.starts_with(real))
        });
        match inside {
            None => Ok(()),
            Some(name) => Err(Diagnostic::error(format!(
                "the output folder `{}` is inside the site's `{name}` folder: the next build would read it as content",
                out.display()
            ))
            .in_file(self.shown(&self.root.join(name)))
            .with_hint("write the output outside docs/, static/, examples/ and api/")),
        }
    }

    /// Reads a file of the site (see the module's comment).
    pub fn read(&self, path: &Path, limit: Limit) -> Result<Vec<u8>, ReadError> {
        let real = self.resolve(path, &self.real, "site")?;
        read_regular(&real, limit)
    }

    /// Reads a file of the site as text; invalid UTF-8 is an error.
    pub fn read_text(&self, path: &Path, limit: Limit) -> Result<String, ReadError> {
        String::from_utf8(self.read(path, limit)?).map_err(|_| {
            ReadError::Other(io::Error::new(
                io::ErrorKind::InvalidData,
                "the file is not valid UTF-8",
            ))
        })
    }

    /// Reads a file that must resolve inside `folder` of the site (`examples`) as text.
    pub fn read_text_within(
        &self,
        folder: &'static str,
        rel: &str,
        limit: Limit,
    ) -> Result<String, ReadError> {
        let within = self.resolve(&self.root.join(folder), &self.real, "site")?;
        let real = self.resolve(&self.root.join(folder).join(rel), &within, folder)?;
        String::from_utf8(read_regular(&real, limit)?).map_err(|_| {
            let message = "the file is not valid UTF-8";
            ReadError::Other(io::Error::new(io::ErrorKind::InvalidData, message))
        })
    }

    /// The real path of `path`, which must lie inside `within` (a resolved folder).
    fn resolve(
        &self,
        path: &Path,
        within: &Path,
        name: &'static str,
    ) -> Result<PathBuf, ReadError> {
        let real = self.real_path(path).map_err(|e| match e.kind() {
            io::ErrorKind::NotFound => ReadError::Missing(e),
            _ => ReadError::Other(e),
        })?;
        if real.starts_with(within) {
            Ok(real)
        } else {
            Err(ReadError::Outside(name))
        }
    }
}

/// Reads a regular file, at most `limit.bytes` of it.
fn read_regular(real: &Path, limit: Limit) -> Result<Vec<u8>, ReadError> {
    let file = open_without_waiting(real).map_err(ReadError::Other)?;
    let meta = file.metadata().map_err(ReadError::Other)?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular(kind_of(&meta.file_type())));
    }
    let too_big = |len: u64| ReadError::TooBig { len, limit };
    if meta.len() > limit.bytes {
        return Err(too_big(meta.len()));
    }
    // The file may grow after it was measured: one byte past the limit tells.
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit.bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Other)?;
    if bytes.len() as u64 > limit.bytes {
        return Err(too_big(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Opens a file for reading without waiting: opening a FIFO waits for a writer unless told
/// not to. A link is not followed (the path is resolved already; one put there since is
/// refused).
fn open_without_waiting(real: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW);
    }
    options.open(real)
}

fn kind_of(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        } else if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        } else if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else {
        "something"
    }
}

#[cfg(test)]
mod tests;
