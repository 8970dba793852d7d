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

/// Runs a fuzz target: `check` on inputs drawn from `strategy` until the time budget is spent
/// (`FUZZ_SECONDS`, default 2 per target so `cargo test` stays quick; `scripts/fuzz.sh` gives
/// more). A failing input is shrunk, written next to the target as `<file>.crash` (to be kept
/// as a regression test), and fails the test.
pub fn fuzz<S: proptest::strategy::Strategy>(
    source_file: &'static str,
    strategy: S,
    check: impl Fn(S::Value) -> Result<(), String>,
) where
    S::Value: std::fmt::Debug,
{
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let seconds: u64 = std::env::var("FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    let mut runner = TestRunner::default();
    let mut cases = 0u64;
    while std::time::Instant::now() < deadline {
        let mut tree = strategy.new_tree(&mut runner).expect("a fuzz input");
        cases += 1;
        let Err(mut why) = check(tree.current()) else {
            continue;
        };
        // Shrink: keep each simpler input that still fails.
        while tree.simplify() {
            match check(tree.current()) {
                Err(w) => why = w,
                Ok(()) => {
                    if !tree.complicate() {
                        break;
                    }
                }
            }
        }
        let input = format!("{:?}", tree.current());
        let crash = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join("..")
            .join(format!("{source_file}.crash"));
        let _ = std::fs::write(&crash, format!("{input}\n"));
        panic!("fuzz target failed after {cases} cases on {input}: {why}");
    }
    eprintln!("{source_file}: {cases} fuzz cases passed");
}
