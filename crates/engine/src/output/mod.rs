//! The output map: every file of the site, by path. `build` writes it; `serve` serves it.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

mod in_place;
mod staged;
mod stream;
mod swap;

pub use staged::Staged;
pub use stream::{Conflict, Stream, Written};

/// A file's contents, shared between builds.
type Bytes = Arc<Vec<u8>>;

/// Marks a folder as written by docsite, so a rebuild may update or replace it.
pub const MARKER: &str = ".docsite-output";

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Output {
    /// Path without a leading slash (`guides/x/index.html`) → bytes, shared so that a rebuild
    /// can hand over unchanged files without copying them.
    pub files: BTreeMap<String, Arc<Vec<u8>>>,
}

impl Output {
    pub fn insert(&mut self, path: impl Into<String>, bytes: impl Into<Vec<u8>>) {
        self.files.insert(path.into(), Arc::new(bytes.into()));
    }

    pub fn insert_shared(&mut self, path: impl Into<String>, bytes: Arc<Vec<u8>>) {
        self.files.insert(path.into(), bytes);
    }

    pub fn get(&self, path: &str) -> Option<&[u8]> {
        self.files.get(path).map(|b| b.as_slice())
    }

    pub fn total_bytes(&self) -> usize {
        self.files.values().map(|b| b.len()).sum()
    }

    /// Writes the output to `out`: no file of it is ever half-written, and a reader of `out`
    /// sees the old output or the new, whole, whenever the process stops (see [`Output::stage`]).
    pub fn write_atomically(&self, out: &Path) -> io::Result<()> {
        self.stage(out)?.publish()
    }

    /// The files grouped by folder. Creating files dominates on most file systems, so writers
    /// spread it over the cores a folder per task: creating two files in one folder at once
    /// contends for the folder's lock in the kernel, which costs more than it gains.
    fn by_folder(&self) -> BTreeMap<&str, Vec<(&String, &Bytes)>> {
        let mut by_folder: BTreeMap<&str, Vec<(&String, &Bytes)>> = BTreeMap::new();
        for (path, bytes) in &self.files {
            let folder = path.rsplit_once('/').map_or("", |(f, _)| f);
            by_folder.entry(folder).or_default().push((path, bytes));
        }
        by_folder
    }

    /// The second line of defence after route checks: no path may leave the folder.
    fn check_paths(&self) -> io::Result<()> {
        match self.files.keys().find(|p| !stays_inside(p)) {
            Some(bad) => Err(io::Error::other(format!(
                "refusing to write `{bad}`: the path leaves the output folder"
            ))),
            None => Ok(()),
        }
    }

    /// Writes every file under `dir`. A file whose bytes are already in `previous` (the output
    /// being replaced) is hard-linked from there instead: creating a file costs far more than
    /// comparing one, so a rebuild writes little more than what changed.
    fn write_all(
        &self,
        dir: &Path,
        previous: Option<&Path>,
        folders: &mut Folders,
    ) -> io::Result<()> {
        use rayon::prelude::*;
        self.check_paths()?;
        folders.make(dir)?;
        for path in self.files.keys() {
            if let Some(folder) = dir.join(path).parent() {
                folders.make(folder)?;
            }
        }
        self.by_folder()
            .into_par_iter()
            .try_for_each(|(_, files)| {
                files.into_iter().try_for_each(|(path, bytes)| {
                    let target = dir.join(path);
                    match previous.map(|p| p.join(path)) {
                        Some(old)
                            if holds(&old, bytes) && std::fs::hard_link(&old, &target).is_ok() =>
                        {
                            Ok(())
                        }
                        _ => std::fs::write(target, bytes.as_slice()),
                    }
                })
            })?;
        std::fs::write(dir.join(MARKER), b"")
    }
}

/// The folders an output being written has so far: each part of a streamed output makes
/// only the folders it adds, with one `mkdir` each, where asking for every folder of every
/// part again cost a failed `mkdir` and a `stat` per folder.
#[derive(Default)]
struct Folders(std::collections::HashSet<PathBuf>);

impl Folders {
    /// Makes `folder`, and its parents when they are missing (as `create_dir_all` does, but
    /// never asking again for a folder made or found before).
    fn make(&mut self, folder: &Path) -> io::Result<()> {
        if self.0.contains(folder) || folder.as_os_str().is_empty() {
            return Ok(());
        }
        let made = match std::fs::create_dir(folder) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => match folder.parent() {
                Some(parent) => {
                    self.make(parent)?;
                    std::fs::create_dir(folder)
                }
                None => Err(e),
            },
            made => made,
        };
        match made {
            Ok(()) => {}
            // There already (the folders above the output).
            Err(_) if folder.is_dir() => {}
            Err(e) => return Err(e),
        }
        self.0.insert(folder.to_path_buf());
        Ok(())
    }
}

/// Whether `path` is a regular file (not a link to one) holding exactly `bytes`.
fn holds(path: &Path, bytes: &[u8]) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64)
        && std::fs::read(path).is_ok_and(|old| old == bytes)
}

/// A relative path of plain names only: no root, `..`, `.`, empty segment or backslash.
fn stays_inside(path: &str) -> bool {
    !path.is_empty()
        && !path.contains('\\')
        && path
            .split('/')
            .all(|s| !s.is_empty() && s != "." && s != "..")
        && Path::new(path)
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_)))
}

/// The output file of a page route: `/a/b` → `a/b/index.html`, `/` → `index.html`.
pub fn html_path(route: &str) -> String {
    match route.trim_matches('/') {
        "" => "index.html".into(),
        r => format!("{r}/index.html"),
    }
}

/// The page JSON of a route: `/a/b` → `_site/pages/a/b.json`, `/` → `_site/pages/index.json`.
pub fn json_path(route: &str) -> String {
    match route.trim_matches('/') {
        "" => "_site/pages/index.json".into(),
        r => format!("_site/pages/{r}.json"),
    }
}

#[cfg(test)]
mod tests;
