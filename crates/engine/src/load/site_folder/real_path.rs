//! A path's real path, as `canonicalize` gives it, found folder by folder: each folder of a
//! site is resolved once per build (from its parent's real path, with one `lstat`), where
//! `canonicalize` would read every part of every path again.

use super::SiteFolder;
use std::ffi::OsStr;
use std::io;
use std::path::{Path, PathBuf};

impl SiteFolder {
    /// What `canonicalize` gives for `path`: its folder's real path (resolved once) with its
    /// name after it when it is not a link; a link is resolved in full.
    pub(super) fn real_path(&self, path: &Path) -> io::Result<PathBuf> {
        let (Some(folder), Some(name)) = (path.parent(), path.file_name()) else {
            return path.canonicalize();
        };
        let folder = if folder.as_os_str().is_empty() {
            Path::new(".")
        } else {
            folder
        };
        self.within(folder, name)
    }

    fn real_folder(&self, folder: &Path) -> io::Result<PathBuf> {
        let known = self
            .folders
            .lock()
            .ok()
            .and_then(|f| f.get(folder).cloned());
        if let Some(real) = known {
            return Ok(real);
        }
        let real = match (folder.parent(), folder.file_name()) {
            // From the parent's real path, with one `lstat`, where `canonicalize` would read
            // every part of the path again (each folder of every version of a site).
            (Some(parent), Some(name))
                if !parent.as_os_str().is_empty() && !has_parent_part(folder) =>
            {
                self.within(parent, name)?
            }
            _ => folder.canonicalize()?,
        };
        if let Ok(mut folders) = self.folders.lock() {
            folders.insert(folder.to_path_buf(), real.clone());
        }
        Ok(real)
    }

    /// The real path of `name` in `folder`: the folder's real path with the name after it,
    /// resolved in full only when it is a link.
    fn within(&self, folder: &Path, name: &OsStr) -> io::Result<PathBuf> {
        let real = self.real_folder(folder)?.join(name);
        if std::fs::symlink_metadata(&real)?.is_symlink() {
            return real.canonicalize();
        }
        Ok(real)
    }
}

/// Whether `path` has a `..` part, which `canonicalize` resolves after the links before it.
fn has_parent_part(path: &Path) -> bool {
    path.components()
        .any(|c| matches!(c, std::path::Component::ParentDir))
}

/// The real path of `path` when it exists; else that of its nearest existing folder with the
/// missing names after it (an output folder not made yet).
pub(super) fn real_even_if_missing(path: &Path) -> PathBuf {
    let mut existing = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut missing = Vec::new();
    while existing.canonicalize().is_err() {
        match existing.file_name() {
            Some(name) => missing.push(name.to_os_string()),
            None => break,
        }
        existing.pop();
    }
    let mut real = existing.canonicalize().unwrap_or(existing);
    real.extend(missing.iter().rev());
    real
}
