//! Content written to break the build: every case is an error with file and line, and nothing
//! is written outside the output folder.

use docsite_core::Diagnostics;
use docsite_engine::{BuildOptions, Builder};
use std::path::Path;

mod common;

fn break_and_build(edit: impl FnOnce(&Path)) -> Diagnostics {
    let tmp = common::copy_fixture("basic");
    edit(tmp.path());
    match Builder::new().build(tmp.path(), &BuildOptions::default()) {
        Ok(_) => panic!("the build should fail"),
        Err(d) => d,
    }
}

fn write(root: &Path, rel: &str, text: impl AsRef<[u8]>) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn only_error(d: &Diagnostics) -> &docsite_core::Diagnostic {
    let errors: Vec<_> = d.errors().collect();
    assert_eq!(errors.len(), 1, "{d}");
    errors[0]
}

#[test]
fn routes_that_climb_out_are_errors_at_their_line() {
    let cases = [
        ("---\ntitle: X\nslug: /../../../tmp/x/escaped\n---\nx\n", 3),
        ("---\ntitle: X\nslug: ../../x\n---\nx\n", 3),
        ("---\ntitle: X\ndescription: d\nid: ../../x\n---\nx\n", 4),
        ("---\nslug: /a//b\n---\nx\n", 2),
        ("---\nslug: '/a\\..\\b'\n---\nx\n", 2),
    ];
    for (text, line) in cases {
        let d = break_and_build(|r| write(r, "docs/guides/evil.md", text));
        let e = only_error(&d);
        assert!(e.message.contains("route"), "{e}");
        assert!(e.location().contains("docs/guides/evil.md"), "{e}");
        assert_eq!(e.line, line, "{text}: {e}");
    }
}
