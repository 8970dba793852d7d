//! Each kind of bad content gives its error with file and line, and nothing is written.

mod common;
use common::{break_and_build, copy_fixture, only_error, write};

#[test]
fn broken_front_matter() {
    let d = break_and_build(|r| write(r, "docs/bad.md", "---\ntitle: Bad\n# no closing fence\n"));
    let e = only_error(&d);
    assert!(e.location().ends_with("docs/bad.md:1:1"), "{e}");
    assert!(e.to_string().contains("closing `---`"));
    let d = break_and_build(|r| {
        write(
            r,
            "docs/bad.md",
            "---\ntitle: Bad\nsidebar_position: [1\n---\nx\n",
        )
    });
    assert!(only_error(&d).message.starts_with("invalid front matter"));
    assert!(only_error(&d).location().contains("docs/bad.md:"), "{d}");
}

#[test]
fn invalid_mdx() {
    let d = break_and_build(|r| {
        write(
            r,
            "docs/bad.md",
            "---\ntitle: Bad\n---\n\nText\n\nAn <b>unclosed tag.\n",
        )
    });
    let e = only_error(&d);
    assert!(e.message.starts_with("invalid MDX"), "{e}");
    assert_eq!(e.line, 7, "{e}");
    assert!(
        e.location().ends_with("docs/bad.md:7:4") || e.location().contains("docs/bad.md:7"),
        "{e}"
    );
}

#[test]
fn unknown_component() {
    let d = break_and_build(|r| {
        write(
            r,
            "docs/bad.md",
            "---\ntitle: Bad\n---\n\n<Carousel items=\"3\" />\n",
        )
    });
    let e = only_error(&d);
    assert_eq!(e.message, "unknown component `<Carousel>`");
    assert_eq!(e.line, 5);
    assert!(e.to_string().contains("5 | <Carousel items=\"3\" />"));
}

#[test]
fn broken_link_and_anchor() {
    let d = break_and_build(|r| {
        write(r, "docs/bad.md", "---\ntitle: Bad\n---\n\nSee [gone](/nowhere) and [x](./orphan.md#no-such-heading) and [y](./missing.md).\n")
    });
    let errors: Vec<_> = d.errors().collect();
    assert_eq!(errors.len(), 3, "{d}");
    assert!(errors.iter().all(|e| e.line == 5));
    let text = d.to_string();
    assert!(text.contains("broken link `/nowhere`"));
    assert!(text.contains("broken anchor `/orphan#no-such-heading`"));
    assert!(text.contains("broken link `./missing.md`"));
}

#[test]
fn duplicate_id() {
    let d = break_and_build(|r| {
        write(
            r,
            "docs/guides/copy.md",
            "---\nid: zeta\ntitle: Copy\n---\n\nx\n",
        )
    });
    let e = only_error(&d);
    assert_eq!(e.message, "duplicate page id `guides/zeta`");
}

#[test]
fn sidebar_naming_a_missing_doc() {
    let d = break_and_build(|r| {
        let path = r.join("sidebars.yaml");
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(
            path,
            text.replace("      - secret\n", "      - secret\n      - not-there\n"),
        )
        .unwrap();
    });
    let e = only_error(&d);
    assert_eq!(e.message, "sidebar names a missing doc `not-there`");
    assert!(e.location().ends_with("sidebars.yaml:9:9"), "{e}");
}

#[test]
fn missing_code_example_marker() {
    let d = break_and_build(|r| {
        write(r, "docs/bad.md", "---\ntitle: Bad\n---\n\n<CodeExample path=\"demo/defs.py\" startAfter=\"start_nothing\" />\n")
    });
    let e = only_error(&d);
    assert!(
        e.message.contains("marker `start_nothing` not found"),
        "{e}"
    );
    assert_eq!(e.line, 5);
    let d = break_and_build(|r| {
        write(
            r,
            "docs/bad.md",
            "---\ntitle: Bad\n---\n\n<CodeExample path=\"demo/none.py\" />\n",
        )
    });
    assert!(only_error(&d).message.contains("demo/none.py"));
}

#[test]
fn several_errors_are_reported_together() {
    let d = break_and_build(|r| {
        write(r, "docs/a.md", "---\ntitle: A\n---\n\n<Nope />\n");
        write(r, "docs/b.md", "---\ntitle: B\n---\n\n[x](/gone)\n");
    });
    assert_eq!(
        d.errors().count(),
        1,
        "render errors stop the build before links are checked: {d}"
    );
}

#[test]
fn an_unclosed_component_reports_the_line_it_opens_on() {
    let d = break_and_build(|r| {
        write(
            r,
            "docs/bad.md",
            "---\ntitle: Bad\n---\n\nIntro.\n\n<Admonition type=\"note\">\n\nText\n\nmore\n",
        )
    });
    let e = only_error(&d);
    assert!(
        e.message
            .contains("Expected a closing tag for `<Admonition>`"),
        "{e}"
    );
    assert!(!e.message.contains("(4:1)"), "no body-relative place: {e}");
    assert_eq!(e.line, 7, "{e}");
}

#[test]
fn a_static_file_at_a_pages_output_path_is_an_error() {
    let d = break_and_build(|r| write(r, "static/start-here/index.html", "<p>shadow</p>"));
    let e = only_error(&d);
    assert!(
        e.message.contains(
            "`start-here/index.html` of the page at `/start-here` is also `static/start-here/index.html`"
        ),
        "{e}"
    );
    assert!(e.location().contains("docs/start-here.md"), "{e}");
    let d = break_and_build(|r| write(r, "static/start-here.md", "# shadow"));
    assert!(
        only_error(&d).message.contains("`static/start-here.md`"),
        "{d}"
    );
}

#[test]
fn a_page_under_another_pages_twin_is_an_error_naming_both() {
    // `/start-here.md/x` needs a folder `start-here.md`, where the twin of `/start-here` is.
    let d = break_and_build(|r| {
        write(
            r,
            "docs/under-twin.md",
            "---\ntitle: Under\nslug: /start-here.md/x\n---\n\nText.\n",
        )
    });
    let e = only_error(&d);
    assert!(
        e.message.contains(
            "`start-here.md/x.md` of the page at `/start-here.md/x` would need a folder where `start-here.md` of the page at `/start-here` is a file"
        ),
        "{e}"
    );
    assert!(e.location().contains("docs/under-twin.md"), "{e}");
}

#[test]
fn a_rebuild_checks_links_into_pages_and_files_that_changed() {
    use docsite_engine::{BuildOptions, Builder};
    let tmp = copy_fixture("basic");
    let root = tmp.path();
    let two = "---\ntitle: Alpha two\n---\n\nSee [one](/guides/alpha/one#setup), [x](/guides/x) and [logo](/images/new.svg).\n";
    let one = "---\ntitle: Alpha one\n---\n\n## Setup\n\nOne.\n";
    write(root, "docs/guides/alpha/two.md", two);
    write(root, "docs/guides/alpha/one.md", one);
    write(root, "docs/guides/x.md", "---\ntitle: X\n---\n\nX.\n");
    write(root, "static/images/new.svg", "<svg/>");
    let mut builder = Builder::new();
    let mut rebuild = || builder.build(root, &BuildOptions::default()).map(|_| ());
    rebuild().unwrap();
    // Each target goes away in turn; the page holding the links is not touched.
    write(
        root,
        "docs/guides/alpha/one.md",
        one.replace("## Setup", "## Install"),
    );
    let d = rebuild().unwrap_err();
    assert!(
        only_error(&d)
            .message
            .contains("has no heading with id `setup`"),
        "{d}"
    );
    write(root, "docs/guides/alpha/one.md", one);
    rebuild().unwrap();
    std::fs::remove_file(root.join("docs/guides/x.md")).unwrap();
    let d = rebuild().unwrap_err();
    assert!(only_error(&d).message.contains("`/guides/x`"), "{d}");
    write(root, "docs/guides/x.md", "---\ntitle: X\n---\n\nX.\n");
    rebuild().unwrap();
    std::fs::remove_file(root.join("static/images/new.svg")).unwrap();
    let d = rebuild().unwrap_err();
    assert!(only_error(&d).message.contains("`/images/new.svg`"), "{d}");
    // The settings change what a problem is.
    let config = std::fs::read_to_string(root.join("site.yaml")).unwrap();
    write(
        root,
        "site.yaml",
        config.replace("onBrokenLinks: throw", "onBrokenLinks: warn"),
    );
    rebuild().unwrap();
}

/// `docsite build` makes a large site's page data batch by batch as it writes: an error in a
/// late batch still fails the build, with the errors of every batch, and leaves no folder.
#[test]
fn a_streamed_build_reports_page_errors_from_every_batch_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let r = tmp.path();
    write(r, "site.yaml", "title: Many\nurl: https://many.example\n");
    write(
        r,
        "sidebars.yaml",
        "docs:\n  - type: autogenerated\n    dirName: ''\n",
    );
    for i in 0..450 {
        // A card list needs a category around its page: these two are at the top level.
        let body = if i == 3 || i == 440 {
            "<DocCardList />"
        } else {
            "Text."
        };
        write(
            r,
            &format!("docs/p{i:03}.md"),
            format!("---\ntitle: Page {i}\n---\n\n{body}\n"),
        );
    }
    let out = r.join("out");
    let options = docsite_engine::BuildOptions {
        once: true,
        ..Default::default()
    };
    let failed = docsite_engine::Builder::new().build_to(r, &options, &out);
    let Err(docsite_engine::Failure::Build(d)) = failed else {
        panic!("the build should fail");
    };
    let errors: Vec<String> = d.errors().map(|e| e.location()).collect();
    assert_eq!(errors.len(), 2, "{d}");
    assert!(errors[0].contains("docs/p003.md:5"), "{d}");
    assert!(errors[1].contains("docs/p440.md:5"), "{d}");
    assert!(!out.exists());
}
