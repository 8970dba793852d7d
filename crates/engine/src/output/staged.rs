//! Publishing an output so that a process killed at any instant leaves `OUT` whole: the old
//! output or the new one, never a mix.
//!
//! The new output is made in a spare folder beside `OUT` (`.OUT.previous`) and swapped with
//! `OUT` in one step (`swap`). The swap leaves the output it replaced in the spare folder, and
//! the next build updates that folder in place (`in_place`) rather than making a new one:
//! creating a thousand page folders per build was a fifth of a 1,000-page build's CPU on ext4
//! (see `in_place`). So a build writes only the files that differ from the output before last,
//! and its folders stay. The price is a second copy of the output on disk (files unchanged
//! since the spare was made whole are hard links, shared).
//!
//! Whatever an interrupted build leaves is cleaned by the next: temporary files in the spare
//! folder (the in-place update removes what the new output lacks), a spare folder written
//! whole but unfinished (it has no marker yet), and folders beside `OUT` named for a process
//! (`.OUT.tmp-1234`, `.OUT.old-1234`).

use super::in_place::InPlace;
use super::swap::swap_in;
use super::{Folders, Output, MARKER};
use std::io;
use std::path::{Path, PathBuf};

impl Output {
    /// Writes everything `out` needs into the spare folder beside it, before
    /// [`Staged::publish`] swaps it in, so a caller can add files made meanwhile
    /// ([`Staged::add`]). A spare folder this tool wrote is updated in place: changed files
    /// wait under temporary names beside their destinations. Otherwise (no spare yet, or one
    /// shaped so that a new file would go where a folder or link is) the spare is written
    /// whole, linking the files `out` already holds. `out` itself is not touched until the
    /// swap; dropped without publishing (after an error), a `Staged` removes what it wrote.
    pub fn stage(&self, out: &Path) -> io::Result<Staged> {
        refuse_foreign(out)?;
        self.check_paths()?;
        clean_leftovers(out);
        let spare = spare_of(out);
        if is_output_folder(&spare) {
            let mut update = InPlace::start(&spare)?;
            if update.write(self)? {
                return Ok(Staged::new(out, spare, How::InPlace(Box::new(update))));
            }
        }
        self.stage_whole(out, spare)
    }

    /// Writes the whole output into `spare` (anything there is removed first).
    fn stage_whole(&self, out: &Path, spare: PathBuf) -> io::Result<Staged> {
        remove_folder(&spare);
        let staging = Staging(spare.clone());
        let mut folders = Folders::default();
        self.write_all(&spare, is_output_folder(out).then_some(out), &mut folders)?;
        Ok(Staged::new(out, spare, How::Whole(staging, folders)))
    }
}

/// An output written but not yet made `out`'s (see [`Output::stage`]).
pub struct Staged {
    out: PathBuf,
    spare: PathBuf,
    how: How,
}

enum How {
    /// The spare folder updated in place.
    InPlace(Box<InPlace>),
    /// The whole output written into the spare folder, which has these folders.
    Whole(Staging, Folders),
}

impl Staged {
    fn new(out: &Path, spare: PathBuf, how: How) -> Self {
        let out = out.to_path_buf();
        Staged { out, spare, how }
    }

    /// Adds files (made while the others were written: the search index, the next version
    /// of a versioned site). A path given twice is the caller's to avoid.
    pub fn add(&mut self, files: &Output) -> io::Result<()> {
        files.check_paths()?;
        match &mut self.how {
            How::Whole(_, folders) => {
                let previous = is_output_folder(&self.out).then_some(self.out.as_path());
                files.write_all(&self.spare, previous, folders)
            }
            How::InPlace(update) => {
                if update.write(files)? {
                    return Ok(());
                }
                // The added files do not fit the folder: everything is written whole. What
                // the update wrote is read back from the disk (the caller need not keep
                // what it gave), then removed.
                let mut all = update.read_back()?;
                update.roll_back();
                all.files.extend(files.files.clone());
                *self = all.stage_whole(&self.out, self.spare.clone())?;
                Ok(())
            }
        }
    }

    /// The bytes staged at `path`, as given to [`Output::stage`] or [`Staged::add`].
    pub fn read(&self, path: &str) -> io::Result<Vec<u8>> {
        match &self.how {
            How::InPlace(update) => update.read(path),
            How::Whole(..) => std::fs::read(self.spare.join(path)),
        }
    }

    /// Makes the staged output `out`'s, in one step; the output it replaces stays in the
    /// spare folder for the next build to update.
    pub fn publish(self) -> io::Result<()> {
        let (spare, out) = self.finish_spare()?;
        swap_in(&spare, &out, &aside_of(&out))
    }

    /// Makes the spare folder the new output, whole (an update's renames), without swapping
    /// it in yet. Returns the spare folder and `out`.
    pub(super) fn finish_spare(self) -> io::Result<(PathBuf, PathBuf)> {
        match self.how {
            How::InPlace(update) => update.publish()?,
            // Whole and marked: worth keeping, even should the swap fail.
            How::Whole(staging, _) => staging.keep(),
        }
        Ok((self.spare, self.out))
    }
}

/// A spare folder being written whole, removed when dropped unless kept.
struct Staging(PathBuf);

impl Staging {
    fn keep(mut self) {
        self.0 = PathBuf::new();
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.0.as_os_str().is_empty() {
            remove_folder(&self.0);
        }
    }
}

/// A folder not empty and not written by this tool is never replaced.
fn refuse_foreign(out: &Path) -> io::Result<()> {
    if out.exists() && !out.join(MARKER).exists() && std::fs::read_dir(out)?.next().is_some() {
        return Err(io::Error::other(format!(
            "refusing to replace `{}`: it is not empty and was not written by docsite",
            out.display()
        )));
    }
    Ok(())
}

/// Whether `path` is a real folder (not a link to one) holding a marker that is a regular
/// file: an update writes inside it, so neither may lead elsewhere.
fn is_output_folder(path: &Path) -> bool {
    let real = |path: &Path, folder: bool| {
        std::fs::symlink_metadata(path).is_ok_and(|m| if folder { m.is_dir() } else { m.is_file() })
    };
    real(path, true) && real(&path.join(MARKER), false)
}

/// Removes a folder and everything in it, its subfolders in parallel: unlinking thousands of
/// files is a tenth of a build, and each folder's entries are locked apart from the others'.
/// Errors are ignored: what is left is a stale sibling, which the next build removes.
pub(super) fn remove_folder(folder: &Path) {
    use rayon::prelude::*;
    // A link to a folder is removed as a link (as `remove_dir_all` does), never listed.
    if !std::fs::symlink_metadata(folder).is_ok_and(|m| m.is_dir()) {
        let _ = std::fs::remove_dir_all(folder);
        let _ = std::fs::remove_file(folder);
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

/// Folders an interrupted build left beside `out` (`.build.tmp-1234`, `.build.old-1234`) are
/// removed, so they do not pile up; but when `out` is missing, an old output left aside by a
/// swap that did not finish (see `swap::swap_in`) is put back first.
fn clean_leftovers(out: &Path) {
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
        let named_for_a_process = |kind: &str| {
            file.strip_prefix(&format!(".{name}.{kind}-"))
                .is_some_and(|pid| pid.parse::<u32>().is_ok())
        };
        let path = entry.path();
        if named_for_a_process("old")
            && is_output_folder(&path)
            && std::fs::symlink_metadata(out).is_err()
            && std::fs::rename(&path, out).is_ok()
        {
            continue;
        }
        if named_for_a_process("tmp") || named_for_a_process("old") {
            remove_folder(&path);
        }
    }
}

/// The spare folder beside `out`: `.build.previous`.
pub(super) fn spare_of(out: &Path) -> PathBuf {
    hidden_sibling(out, "previous")
}

/// Where a swap that cannot exchange puts the old output for a moment: `.build.old-1234`
/// (this process's id).
fn aside_of(out: &Path) -> PathBuf {
    hidden_sibling(out, &format!("old-{}", std::process::id()))
}

fn hidden_sibling(out: &Path, suffix: &str) -> PathBuf {
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "build".into());
    out.with_file_name(format!(".{name}.{suffix}"))
}
