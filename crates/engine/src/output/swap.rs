//! Putting a new output folder where the old one is, in one step a kill cannot split.

use std::io;
use std::path::Path;

/// Puts `new` at `out`. Afterwards `out` holds the new output and `new`'s path holds what `out`
/// held (nothing, when `out` did not exist). On Linux the two are exchanged by one
/// `renameat2(RENAME_EXCHANGE)`, so any reader, and a process killed at any instant, sees one
/// output or the other, whole. Where the file system cannot exchange, three renames do it
/// through `aside`; a kill between the first two leaves `out` missing and the old output at
/// `aside`, which the next build puts back (`staged::clean_leftovers`).
pub(super) fn swap_in(new: &Path, out: &Path, aside: &Path) -> io::Result<()> {
    if std::fs::symlink_metadata(out).is_err() {
        return std::fs::rename(new, out);
    }
    match exchange(new, out) {
        Err(e) if cannot_exchange(&e) => {
            std::fs::rename(out, aside)?;
            std::fs::rename(new, out)?;
            std::fs::rename(aside, new)
        }
        done => done,
    }
}

#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let c_path =
        |p: &Path| std::ffi::CString::new(p.as_os_str().as_bytes()).map_err(io::Error::other);
    let (a, b) = (c_path(a)?, c_path(b)?);
    // SAFETY: both paths are NUL-terminated strings that outlive the call, which reads
    // nothing else. Called through `syscall` so that a C library older than the call works.
    let done = unsafe {
        libc::syscall(
            libc::SYS_renameat2,
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if done == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(not(target_os = "linux"))]
fn exchange(_: &Path, _: &Path) -> io::Result<()> {
    Err(io::ErrorKind::Unsupported.into())
}

/// Whether an exchange failed because this kernel or file system cannot do it (an older
/// kernel, some network file systems), rather than for a reason a rename would meet too.
fn cannot_exchange(e: &io::Error) -> bool {
    #[cfg(unix)]
    if let Some(code) = e.raw_os_error() {
        return [libc::EINVAL, libc::ENOSYS, libc::EOPNOTSUPP].contains(&code);
    }
    e.kind() == io::ErrorKind::Unsupported
}
