//! Updating an output folder this tool wrote, in place: the spare folder beside `OUT` (the
//! output before last, see `staged`), made into the next output before it is swapped in.
//!
//! Writing a whole new folder on every build meant creating a thousand page folders and
//! unlinking five thousand entries each time, and on a file system that skips recently freed
//! inodes (ext4 without a journal) creating folders soon after removing others made that a
//! fifth of a 1,000-page build's CPU (`mkdir` alone 15%). Here the folders stay; a build
//! writes each changed or new file under a temporary name beside its destination and, once
//! every one is written, renames them into place and removes what the new output no longer
//! has. A failed build removes its temporary files and the folders it made.
//!
//! Nothing existing is written through: a file may be a hard link shared with the published
//! output, and a needed folder that is not a real folder (a file, a symbolic link) is a
//! conflict, for which the caller writes the whole output instead.

use super::{holds, Output, MARKER};
use rayon::prelude::*;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::io;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    File,
    Folder,
    /// A symbolic link or anything else that is not a regular file or folder.
    Other,
}

/// An update in progress: temporary files written, none renamed yet.
pub(super) struct InPlace {
    out: PathBuf,
    /// What the folder held when the update started: path relative to it → kind.
    existing: HashMap<String, Kind>,
    /// Every file of the new output, and the folders that hold them.
    wanted: HashSet<String>,
    wanted_folders: HashSet<String>,
    /// Folders this update made, in the order it made them.
    created: Vec<PathBuf>,
    /// Temporary file → its destination.
    pending: Vec<(PathBuf, PathBuf)>,
}

impl InPlace {
    /// Starts an update of `out`, a real folder (not a link to one) this tool wrote, whose
    /// marker is a regular file.
    pub(super) fn start(out: &Path) -> io::Result<Self> {
        let mut existing = HashMap::new();
        scan(out, "", &mut existing)?;
        Ok(Self {
            out: out.to_path_buf(),
            existing,
            wanted: HashSet::new(),
            wanted_folders: HashSet::new(),
            created: Vec::new(),
            pending: Vec::new(),
        })
    }

    /// Writes the files of `files` that differ from the folder's under temporary names.
    /// Returns `Ok(false)`, having changed nothing, when the folder's shape conflicts with
    /// these paths; on an error, everything this update wrote is removed again.
    pub(super) fn write(&mut self, files: &Output) -> io::Result<bool> {
        let folders = folders_of(files);
        if !self.fits(files, &folders) {
            return Ok(false);
        }
        for folder in &folders {
            if !self.existing.contains_key(folder.as_str()) && !self.wanted_folders.contains(folder)
            {
                let path = self.out.join(folder);
                if let Err(e) = std::fs::create_dir(&path) {
                    self.roll_back();
                    return Err(e);
                }
                self.created.push(path);
            }
        }
        self.wanted_folders.extend(folders);
        self.wanted.extend(files.files.keys().cloned());
        let written = self.write_changed(files);
        // Each task reports what it wrote even when another failed, so nothing is left behind.
        let mut failure = None;
        for result in written {
            match result {
                Ok(pending) => self.pending.extend(pending),
                Err((pending, e)) => {
                    self.pending.extend(pending);
                    failure = Some(e);
                }
            }
        }
        match failure {
            Some(e) => {
                self.roll_back();
                Err(e)
            }
            None => Ok(true),
        }
    }

    /// Whether every file can go where the folder's shape allows: its folders real folders
    /// or absent, the file itself not a folder, its temporary name not a wanted path (and
    /// none of these at odds with what earlier calls wrote).
    fn fits(&self, files: &Output, folders: &BTreeSet<String>) -> bool {
        let folders_fit = folders.iter().all(|f| {
            matches!(self.existing.get(f.as_str()), None | Some(Kind::Folder))
                && !self.wanted.contains(f)
        });
        folders_fit
            && files.files.keys().all(|path| {
                let temporary = temporary_name(path);
                self.existing.get(path.as_str()) != Some(&Kind::Folder)
                    && !self.wanted_folders.contains(path)
                    && !files.files.contains_key(&temporary)
                    && !self.wanted.contains(&temporary)
            })
    }

    /// Writes, a folder per task, each file whose bytes the folder does not already hold.
    #[allow(clippy::type_complexity)]
    fn write_changed(
        &self,
        files: &Output,
    ) -> Vec<Result<Vec<(PathBuf, PathBuf)>, (Vec<(PathBuf, PathBuf)>, io::Error)>> {
        files
            .by_folder()
            .into_par_iter()
            .map(|(_, files)| {
                let mut pending = Vec::new();
                for (path, bytes) in files {
                    let target = self.out.join(path);
                    if self.existing.get(path.as_str()) == Some(&Kind::File)
                        && holds(&target, bytes)
                    {
                        continue;
                    }
                    let temporary = self.out.join(temporary_name(path));
                    if let Err(e) = write_new(&temporary, bytes) {
                        let _ = std::fs::remove_file(&temporary);
                        return Err((pending, e));
                    }
                    pending.push((temporary, target));
                }
                Ok(pending)
            })
            .collect()
    }

    /// Renames every written file into place, then removes what the new output lacks.
    pub(super) fn publish(mut self) -> io::Result<()> {
        let pending = std::mem::take(&mut self.pending);
        if let Err(e) = pending
            .par_iter()
            .try_for_each(|(tmp, target)| std::fs::rename(tmp, target))
        {
            // Those not renamed yet are removed; the folder is left a mix, which is never
            // swapped in (the error stops the publish), and the next build sets it right.
            for (tmp, _) in &pending {
                let _ = std::fs::remove_file(tmp);
            }
            self.created.clear();
            return Err(e);
        }
        self.created.clear();
        // The marker is a regular file already (`Output::stage` checks), and stays.
        self.remove_stale();
        Ok(())
    }

    /// Removes each file (or link) the new output lacks, and each folder holding none of it.
    fn remove_stale(&self) {
        let stale: Vec<(&String, Kind)> = self
            .existing
            .iter()
            .filter(|(path, kind)| match kind {
                Kind::Folder => !self.wanted_folders.contains(path.as_str()),
                _ => path.as_str() != MARKER && !self.wanted.contains(path.as_str()),
            })
            .map(|(path, kind)| (path, *kind))
            .collect();
        // A stale folder holds only stale entries: it goes whole, and what is in it is not
        // removed one by one.
        let stale_folders: HashSet<&str> = stale
            .iter()
            .filter(|(_, kind)| *kind == Kind::Folder)
            .map(|(path, _)| path.as_str())
            .collect();
        let inside_stale = |path: &str| {
            let mut rest = path;
            while let Some((parent, _)) = rest.rsplit_once('/') {
                if stale_folders.contains(parent) {
                    return true;
                }
                rest = parent;
            }
            false
        };
        stale
            .par_iter()
            .filter(|(path, _)| !inside_stale(path))
            .for_each(|(path, kind)| {
                let full = self.out.join(path);
                let _ = match kind {
                    Kind::Folder => std::fs::remove_dir_all(full),
                    _ => std::fs::remove_file(full),
                };
            });
    }

    /// The bytes this update was given for `path`: its temporary file when it differed from
    /// the folder's, else the folder's own file, which holds the same bytes.
    pub(super) fn read(&self, path: &str) -> io::Result<Vec<u8>> {
        if !self.wanted.contains(path) {
            return Err(io::Error::new(
                io::ErrorKind::NotFound,
                format!("`{path}` was not staged"),
            ));
        }
        match std::fs::read(self.out.join(temporary_name(path))) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => std::fs::read(self.out.join(path)),
            other => other,
        }
    }

    /// Every file this update was given, read back.
    pub(super) fn read_back(&self) -> io::Result<Output> {
        let files = self
            .wanted
            .par_iter()
            .map(|path| Ok((path.clone(), std::sync::Arc::new(self.read(path)?))))
            .collect::<io::Result<_>>()?;
        Ok(Output { files })
    }

    /// Removes the temporary files and the folders this update made.
    pub(super) fn roll_back(&mut self) {
        for (tmp, _) in self.pending.drain(..) {
            let _ = std::fs::remove_file(tmp);
        }
        for folder in self.created.drain(..).rev() {
            let _ = std::fs::remove_dir(folder);
        }
    }
}

impl Drop for InPlace {
    fn drop(&mut self) {
        // After publish there is nothing to undo; otherwise the output stays as it was.
        self.roll_back();
    }
}

/// Writes a file that must not exist yet: one left at that name by an earlier build is
/// removed first, and a link placed there is never written through.
fn write_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    let create = || {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
    };
    let mut file = match create() {
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            std::fs::remove_file(path)?;
            create()?
        }
        other => other?,
    };
    file.write_all(bytes)
}

/// The temporary name a file is written under before it is renamed into place: hidden, in
/// the same folder (a rename within one file system), marked with this process.
fn temporary_name(path: &str) -> String {
    let (folder, name) = path.rsplit_once('/').map_or(("", path), |(f, n)| (f, n));
    let tmp = format!(".{name}.docsite-{}", std::process::id());
    if folder.is_empty() {
        tmp
    } else {
        format!("{folder}/{tmp}")
    }
}

/// Every folder that holds a file of `files`, parents before children.
fn folders_of(files: &Output) -> BTreeSet<String> {
    let mut folders = BTreeSet::new();
    for path in files.files.keys() {
        let mut rest = path.as_str();
        while let Some((parent, _)) = rest.rsplit_once('/') {
            if !folders.insert(parent.to_string()) {
                break;
            }
            rest = parent;
        }
    }
    folders
}

/// Lists everything under `folder` without following links: path relative to the output →
/// kind.
fn scan(root: &Path, folder: &str, into: &mut HashMap<String, Kind>) -> io::Result<()> {
    for entry in std::fs::read_dir(root.join(folder))? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = if folder.is_empty() {
            name
        } else {
            format!("{folder}/{name}")
        };
        let kind = match entry.file_type()? {
            t if t.is_dir() => Kind::Folder,
            t if t.is_file() => Kind::File,
            _ => Kind::Other,
        };
        if kind == Kind::Folder {
            scan(root, &path, into)?;
        }
        into.insert(path, kind);
    }
    Ok(())
}

#[cfg(test)]
#[cfg(unix)] // symbolic links and inode numbers
mod tests;
