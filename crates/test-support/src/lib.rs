//! Helpers the integration tests of every crate share: the fixture sites
//! (`crates/engine/tests/fixtures/<case>/`) and writable copies of them.

use std::path::{Path, PathBuf};

/// The folder of a fixture site.
pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../engine/tests/fixtures")
        .join(name)
}

/// A fresh copy of a fixture site, at the root of a temporary folder, that a test may change.
pub fn copy_fixture(name: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(&fixture(name), tmp.path());
    tmp
}

/// Copies a folder tree (files and folders only).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(e.file_name());
        if e.path().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}
