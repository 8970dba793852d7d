//! Fuzzing request paths: any string is either refused or a clean path under the site.

use docsite_server::negotiate::safe_path;
use docsite_test_support::fuzz;
use proptest::prelude::*;

#[test]
fn request_paths_are_refused_or_stay_inside() {
    let piece = prop::sample::select(vec![
        "/",
        "..",
        ".",
        "%2e",
        "%2E",
        "%2f",
        "%5c",
        "\\",
        "%00",
        "%",
        "%zz",
        "a",
        "é",
        "%c3%a9",
        "//",
        "?",
        "#",
        "%ff",
        "index.html",
        "_site",
        " ",
    ]);
    let strategy = prop_oneof![
        proptest::collection::vec(piece, 0..20).prop_map(|p| p.concat()),
        any::<String>(),
    ];
    fuzz(file!(), strategy, |raw| {
        let Ok(path) = safe_path(&raw) else {
            return Ok(());
        };
        let bad = path.starts_with('/')
            || path.contains('\\')
            || path.contains('\0')
            || path.split('/').any(|s| s == ".." || s == ".");
        if bad {
            Err(format!("`{raw}` became `{path}`"))
        } else {
            Ok(())
        }
    });
}
