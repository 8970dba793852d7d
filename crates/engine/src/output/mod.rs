//! The output map: every file of the site, by path. `build` writes it; `serve` serves it.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

mod in_place;

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

    /// Writes the output to `out`: no file of it is ever half-written, and a write that fails
    /// leaves `out` as it was (see [`Output::stage`]).
    pub fn write_atomically(&self, out: &Path) -> io::Result<()> {
        self.stage(out)?.publish()
    }

    /// Writes everything `out` needs before [`Staged::publish`] makes it the output, so a
    /// caller can add files made meanwhile ([`Staged::add`]). A folder this tool wrote is
    /// updated in place ([`in_place`]): changed files wait under temporary names beside their
    /// destinations. Any other `out` (absent, empty, or shaped so that a new file would go
    /// where a folder or link is) is written whole into a fresh sibling folder and swapped in.
    /// Dropped without publishing (after an error), a `Staged` removes what it wrote and
    /// `out` stays as it was.
    pub fn stage(&self, out: &Path) -> io::Result<Staged> {
        if out.exists() && !out.join(MARKER).exists() && std::fs::read_dir(out)?.next().is_some() {
            return Err(io::Error::other(format!(
                "refusing to replace `{}`: it is not empty and was not written by docsite",
                out.display()
            )));
        }
        self.check_paths()?;
        remove_stale_siblings(out);
        // Neither the folder nor its marker may be a link: an update writes inside them.
        let real = |path: &Path, folder: bool| {
            std::fs::symlink_metadata(path)
                .is_ok_and(|m| if folder { m.is_dir() } else { m.is_file() })
        };
        let ours = real(out, true) && real(&out.join(MARKER), false);
        if ours {
            let mut update = in_place::InPlace::start(out)?;
            if update.write(self)? {
                return Ok(Staged {
                    out: out.to_path_buf(),
                    how: How::InPlace {
                        update,
                        written: self.clone(),
                    },
                });
            }
        }
        self.swap_stage(out)
    }

    /// Writes the whole output into a fresh sibling folder, to be swapped in for `out`.
    fn swap_stage(&self, out: &Path) -> io::Result<Staged> {
        let staging = Staging(sibling(out, "tmp"));
        let _ = std::fs::remove_dir_all(&staging.0);
        // A folder this tool wrote holds files that may be reused as they are.
        let previous = out.join(MARKER).exists().then(|| out.to_path_buf());
        self.write_all(&staging.0, previous.as_deref())?;
        Ok(Staged {
            out: out.to_path_buf(),
            how: How::Swap { staging, previous },
        })
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
    fn write_all(&self, dir: &Path, previous: Option<&Path>) -> io::Result<()> {
        use rayon::prelude::*;
        self.check_paths()?;
        std::fs::create_dir_all(dir)?;
        let folders: std::collections::BTreeSet<PathBuf> = self
            .files
            .keys()
            .filter_map(|p| dir.join(p).parent().map(Path::to_path_buf))
            .collect();
        for folder in &folders {
            std::fs::create_dir_all(folder)?;
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

/// An output written but not yet made `out`'s (see [`Output::stage`]).
pub struct Staged {
    out: PathBuf,
    how: How,
}

enum How {
    /// `out` updated in place; `written` is every file given so far, for a fallback to a swap
    /// should an added file not fit the folder's shape.
    InPlace {
        update: in_place::InPlace,
        written: Output,
    },
    /// The whole output in a sibling folder; `previous` is the output being replaced, when
    /// this tool wrote it: unchanged files are linked from it.
    Swap {
        staging: Staging,
        previous: Option<PathBuf>,
    },
}

/// A staging folder, removed when dropped unless it was swapped in.
struct Staging(PathBuf);

impl Drop for Staging {
    fn drop(&mut self) {
        // After publish the staging folder no longer exists; otherwise this cleans it up.
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Staged {
    /// Adds files (the search index, made while the pages were written).
    pub fn add(&mut self, files: &Output) -> io::Result<()> {
        files.check_paths()?;
        match &mut self.how {
            How::Swap { staging, previous } => files.write_all(&staging.0, previous.as_deref()),
            How::InPlace { update, written } => {
                if update.write(files)? {
                    written.files.extend(files.files.clone());
                    return Ok(());
                }
                // The added files do not fit the folder: everything goes the other way.
                // Replacing `self` drops the update, which removes what it wrote.
                let mut all = std::mem::take(written);
                all.files.extend(files.files.clone());
                *self = all.swap_stage(&self.out)?;
                Ok(())
            }
        }
    }

    /// Makes the staged files `out`'s.
    pub fn publish(self) -> io::Result<()> {
        match self.how {
            How::InPlace { update, .. } => update.publish(),
            How::Swap { staging, .. } => {
                let old = sibling(&self.out, "old");
                if self.out.exists() {
                    std::fs::rename(&self.out, &old)?;
                }
                std::fs::rename(&staging.0, &self.out)?;
                remove_folder(&old);
                Ok(())
            }
        }
    }
}

/// Removes a folder and everything in it, its subfolders in parallel: unlinking thousands of
/// files is a tenth of a build, and each folder's entries are locked apart from the others'.
/// Errors are ignored: what is left is a stale sibling, which the next build removes.
fn remove_folder(folder: &Path) {
    use rayon::prelude::*;
    // A link to a folder is removed as a link (as `remove_dir_all` does), never listed.
    if !std::fs::symlink_metadata(folder).is_ok_and(|m| m.is_dir()) {
        let _ = std::fs::remove_dir_all(folder);
        return;
    }
    let entries: Vec<std::fs::DirEntry> = match std::fs::read_dir(folder) {
        Ok(entries) => entries.flatten().collect(),
        Err(_) => return,
    };
    entries.par_iter().for_each(|entry| {
        // A symbolic link is removed as a link, never followed.
        let _ = match entry.file_type() {
            Ok(t) if t.is_dir() => std::fs::remove_dir_all(entry.path()),
            _ => std::fs::remove_file(entry.path()),
        };
    });
    let _ = std::fs::remove_dir_all(folder);
}

/// Staging and old folders left by an interrupted build (`.build.tmp-1234`): removed, so they
/// do not pile up next to the output.
fn remove_stale_siblings(out: &Path) {
    let name = out.file_name().map(|n| n.to_string_lossy().into_owned());
    let (Some(name), Some(parent)) = (name, out.parent()) else {
        return;
    };
    let parent = if parent.as_os_str().is_empty() {
        Path::new(".")
    } else {
        parent
    };
    for entry in std::fs::read_dir(parent).into_iter().flatten().flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let stale = [format!(".{name}.tmp-"), format!(".{name}.old-")]
            .iter()
            .any(|p| {
                file.strip_prefix(p.as_str())
                    .is_some_and(|pid| pid.parse::<u32>().is_ok())
            });
        if stale && entry.path().is_dir() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

fn sibling(out: &Path, kind: &str) -> PathBuf {
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "build".into());
    out.with_file_name(format!(".{name}.{kind}-{}", std::process::id()))
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
