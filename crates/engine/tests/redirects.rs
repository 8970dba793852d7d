//! Redirects from site.yaml: pages at the old paths, `_redirects` and nginx lines, left out of
//! the sitemap, search and `llms.txt`; errors at their line of site.yaml.

mod common;

use common::*;

fn with_redirects(yaml: &str) -> tempfile::TempDir {
    let tmp = copy_fixture("basic");
    let path = tmp.path().join("site.yaml");
    let mut config = std::fs::read_to_string(&path).unwrap();
    config.push_str(yaml);
    std::fs::write(path, config).unwrap();
    tmp
}

#[test]
fn old_paths_get_redirect_pages_and_host_files_but_are_not_pages() {
    let tmp = with_redirects(
        "redirects:\n  - from: [/tutorials, /first-steps/]\n    to: /tutorials/first\n  - from: /old-libraries/*\n    to: /integrations/libraries/*\n",
    );
    let built = build(tmp.path());
    let page = text(&built, "tutorials/index.html");
    assert!(page.contains("url=/tutorials/first\""), "{page}");
    assert!(page.contains("href=\"https://fixture.example/tutorials/first\""));
    let lines = text(&built, "_redirects");
    assert!(
        lines.contains("/first-steps /tutorials/first 301\n"),
        "{lines}"
    );
    // The folder rule: every page under the new folder, the folder's own page too.
    assert!(
        lines.contains("/old-libraries /integrations/libraries 301\n"),
        "{lines}"
    );
    assert!(
        lines.contains("/old-libraries/tool-a/extra /integrations/libraries/tool-a/extra 301\n")
    );
    assert!(built
        .output
        .get("old-libraries/tool-b/index.html")
        .is_some());
    let nginx = text(&built, "nginx-redirects.conf");
    assert!(nginx.contains("location = /tutorials/ { return 301 /tutorials/first; }"));
    for file in ["sitemap.xml", "llms.txt", "_site/catalogue.json"] {
        let t = text(&built, file);
        assert!(
            !t.contains("first-steps") && !t.contains("old-libraries"),
            "{file}"
        );
    }
    assert!(!built
        .catalogue
        .iter()
        .any(|p| p.id.contains("old-libraries")));
    assert!(
        built.output.get("first-steps.md").is_none(),
        "no twin for a redirect"
    );
}

#[test]
fn a_redirect_over_a_page_to_nowhere_or_in_a_loop_is_an_error_at_its_line() {
    let tmp = with_redirects(
        "redirects:\n  - from: /start-here\n    to: /tutorials/first\n  - from: /gone\n    to: /nowhere\n  - from: /a\n    to: /b\n  - from: /b\n    to: /a\n",
    );
    let d = fails(tmp.path());
    let errors: Vec<_> = d.errors().collect();
    let find = |needle: &str| {
        errors
            .iter()
            .find(|e| e.message.contains(needle))
            .unwrap_or_else(|| panic!("no error with {needle}: {d}"))
    };
    let first = tmp.path().join("site.yaml");
    let lines = std::fs::read_to_string(first).unwrap();
    let line_of = |s: &str| lines.lines().position(|l| l.contains(s)).unwrap() + 1;
    assert_eq!(
        find("is a page of the site").line,
        line_of("from: /start-here")
    );
    assert_eq!(
        find("no page or file at `/nowhere`").line,
        line_of("from: /gone")
    );
    assert!(find("redirect loop")
        .file
        .as_ref()
        .unwrap()
        .ends_with("site.yaml"));
}
