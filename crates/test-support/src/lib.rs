//! Helpers the tests of every crate share: the fixture sites
//! (`crates/engine/tests/fixtures/<case>/`) and writable copies of them, the bundled site's
//! pages, and the fuzz runner.

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

/// The pages of the bundled site (`site/docs`, `.md` and `.mdx`), by path, each with its
/// body: the text after its front matter (all of it when the front matter does not close).
pub fn site_pages() -> Vec<(PathBuf, String)> {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../site/docs");
    let mut pages: Vec<(PathBuf, String)> = markdown_files(&docs)
        .into_iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).ok()?;
            let body = match docsite_core::frontmatter::split(&text) {
                Ok(split) => split.body.to_string(),
                Err(_) => text,
            };
            Some((path, body))
        })
        .collect();
    pages.sort();
    pages
}

fn markdown_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(markdown_files(&path));
        } else if path.extension().is_some_and(|e| e == "md" || e == "mdx") {
            out.push(path);
        }
    }
    out
}

/// Runs a fuzz target: `check` on inputs drawn from `strategy`. A failing input is shrunk,
/// written next to the target as `<file>.crash` (to be kept as a regression test), and fails
/// the test.
///
/// By default the inputs come from a fixed seed and their number is fixed (`FUZZ_CASES`, 200
/// per target so `cargo test` stays quick; `scripts/fuzz.sh` asks for more): every run, on
/// any machine, checks the same inputs, so the suite cannot fail at random. With
/// `FUZZ_RANDOM=1` the inputs are fresh and drawn for `FUZZ_SECONDS` (default 20), to find
/// new failures.
pub fn fuzz<S: proptest::strategy::Strategy>(
    source_file: &'static str,
    strategy: S,
    check: impl Fn(S::Value) -> Result<(), String>,
) where
    S::Value: std::fmt::Debug,
{
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let number = |name: &str, default: u64| -> u64 {
        std::env::var(name)
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    let random = std::env::var_os("FUZZ_RANDOM").is_some_and(|v| !v.is_empty() && v != "0");
    let (mut runner, max_cases, deadline) = if random {
        let seconds = number("FUZZ_SECONDS", 20);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
        (TestRunner::default(), u64::MAX, Some(deadline))
    } else {
        (TestRunner::deterministic(), number("FUZZ_CASES", 200), None)
    };
    let mut cases = 0u64;
    while cases < max_cases && deadline.is_none_or(|d| std::time::Instant::now() < d) {
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
