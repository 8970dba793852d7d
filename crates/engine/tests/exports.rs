//! The files for readers' tools: Markdown twins, `llms.txt` and `llms-full.txt`.

use docsite_engine::{BuildOptions, Builder};

mod common;
use common::{build, copy_fixture, fixture, page, replace_in, text};

/// The twin of `docs/start-here.md`: tabs, an admonition, two code examples, a fenced block
/// with meta, links of every kind and an image.
const START_HERE: &str = r#"# Start here

This page takes its title from its first heading and its description from this paragraph.

## Install

```python title="defs.py"
@dg.asset
def numbers() -> list[int]:
    return [1, 2, 3]
```

See [installing](https://fixture.example/start-here#install) and [the welcome tabs](https://fixture.example/#tabs).

## Run it

**Command line**

```bash
dagster dev
```

**Python**

```python
import dagster as dg
```

> **Warning: Mind the port**
>
> Read the [guides](https://fixture.example/guides) or [GitHub](https://github.com/dagster-io/dagster) first.

![The logo](https://fixture.example/images/logo.svg)
"#;

#[test]
fn a_page_converts_to_clean_markdown_with_absolute_links() {
    let b = build(&fixture("basic"));
    assert_eq!(text(&b, "start-here.md"), START_HERE);
    let home = text(&b, "index.md");
    assert!(
        home.starts_with("# Welcome\n\n> The fixture home page.\n\nWelcome to the fixture. Read [the first step](https://fixture.example/start-here) or the [guides](https://fixture.example/guides).\n\n## Tabs\n\n**pip**\n\n```bash\npip install dagster\n```\n\n**uv**\n"),
        "{home}"
    );
    assert!(home.ends_with("> **Tip: Quick**\n>\n> A tip with **bold** text.\n"));
}

#[test]
fn every_page_has_a_twin_that_its_document_links() {
    let b = build(&fixture("basic"));
    let twins = b.output.files.keys().filter(|k| k.ends_with(".md")).count();
    // 19 pages and the generated indexes of two categories without a page.
    assert_eq!(twins, 21 + 2);
    assert!(text(&b, "guides/beta.md").starts_with("# Beta topics\n\n- [Another beta page]"));
    assert!(
        text(&b, "secret.md").starts_with("# Secret page\n"),
        "unlisted pages have twins"
    );
    assert!(text(&b, "orphan.md").starts_with("# Orphan page\n"));
    let guides = text(&b, "guides.md");
    assert!(
        guides.contains("The guides, as cards:\n\n- [Zeta guide](https://fixture.example/guides/zeta): Comes first by position.\n- [Alpha topics](https://fixture.example/guides/alpha): The alpha topic.\n"),
        "card lists become link lists: {guides}"
    );
    let html = text(&b, "guides/alpha/one/index.html");
    assert!(html
        .contains("<link rel=\"alternate\" type=\"text/markdown\" href=\"/guides/alpha/one.md\">"));
    assert_eq!(page(&b, "/")["markdownUrl"], "/index.md");
    assert!(!text(&b, "404.html").contains("text/markdown"));
}

#[test]
fn llms_txt_lists_listed_pages_by_sidebar_in_order() {
    let b = build(&fixture("basic"));
    let llms = text(&b, "llms.txt");
    assert!(llms.starts_with(
        "# Fixture Docs\n\n> A small site covering every convention.\n\nEvery page is also served as Markdown at its URL followed by `.md`"
    ));
    let sections: Vec<&str> = llms.lines().filter(|l| l.starts_with("## ")).collect();
    assert_eq!(
        sections,
        [
            "## Docs",
            "## Tutorials",
            "## Integrations",
            "## Dagster+",
            "## API reference",
            "## Other pages"
        ]
    );
    let docs: Vec<&str> = llms
        .split("## Docs\n\n")
        .nth(1)
        .unwrap()
        .split("\n\n")
        .next()
        .unwrap()
        .lines()
        .collect();
    assert_eq!(
        docs,
        [
            "- [Start](https://fixture.example/category/start)",
            "- [Welcome](https://fixture.example/): The fixture home page.",
            "- [Start here](https://fixture.example/start-here): This page takes its title from its first heading and its description from this paragraph.",
            "- [Guides](https://fixture.example/guides): All the guides.",
            "- [Zeta guide](https://fixture.example/guides/zeta): Comes first by position.",
            "- [Alpha](https://fixture.example/guides/alpha): The alpha topic.",
            "- [Alpha one](https://fixture.example/guides/alpha/one): First alpha page.",
            "- [Alpha two](https://fixture.example/guides/alpha/two): Second alpha page.",
            "- [Beta topics](https://fixture.example/guides/beta)",
            "- [Another beta page](https://fixture.example/guides/beta/a-page): Sorted by name.",
            "- [Beta page](https://fixture.example/guides/beta/b-page): Sorted by name after positioned items.",
        ]
    );
    assert!(!llms.contains("secret"), "unlisted pages are not listed");
    assert!(llms.ends_with(
        "## Other pages\n\n- [Orphan page](https://fixture.example/orphan): A page in no sidebar.\n"
    ));
    assert_eq!(llms.matches("\n- [").count(), 22, "each listed page once");
}

#[test]
fn llms_full_txt_holds_every_listed_twin_after_its_url() {
    let b = build(&fixture("basic"));
    let full = text(&b, "llms-full.txt");
    assert!(full.starts_with("# Fixture Docs\n\n> A small site covering every convention.\n\n---\nurl: https://fixture.example/category/start\n---\n\n# Start\n\n- [Welcome](https://fixture.example/): The fixture home page.\n"));
    assert!(full.contains(&format!(
        "\n---\nurl: https://fixture.example/start-here\n---\n\n{START_HERE}\n---\nurl: https://fixture.example/guides\n---\n"
    )));
    assert_eq!(full.matches("\n---\nurl: ").count(), 22);
    assert!(!full.contains("Secret page"));
    assert!(full.ends_with("# Orphan page\n\n> A page in no sidebar.\n\nThis page is in no sidebar. Back to [welcome](https://fixture.example/).\n"));
}

#[test]
fn no_index_sites_get_the_files_and_static_files_win() {
    let tmp = copy_fixture("basic");
    let config = std::fs::read_to_string(tmp.path().join("site.yaml")).unwrap();
    std::fs::write(
        tmp.path().join("site.yaml"),
        format!("{config}llmsSummary: Covers assets and jobs.\nversion:\n  noIndex: true\n"),
    )
    .unwrap();
    std::fs::write(tmp.path().join("static/llms.txt"), "Our own.\n").unwrap();
    let b = build(tmp.path());
    assert_eq!(text(&b, "llms.txt"), "Our own.\n");
    assert!(text(&b, "llms-full.txt").starts_with(
        "# Fixture Docs\n\n> A small site covering every convention. Covers assets and jobs.\n\n"
    ));
    assert!(b.output.get("start-here.md").is_some());
}

#[test]
fn a_rebuild_updates_the_twin_of_a_changed_page() {
    let tmp = copy_fixture("basic");
    let mut builder = Builder::new();
    builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    let page = tmp.path().join("docs/guides/zeta.md");
    replace_in(&page, "Zeta content.", "Zeta, edited.");
    let b = builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    assert_eq!(b.rendered, 1);
    assert!(text(&b, "guides/zeta.md").ends_with("\nZeta, edited.\n"));
    assert!(text(&b, "llms-full.txt").contains("\nZeta, edited.\n"));
}

/// Serve mode's options for these files: the last ones stay until `refresh_llms`.
fn deferring() -> BuildOptions {
    BuildOptions {
        defer_llms: true,
        ..BuildOptions::default()
    }
}

#[test]
fn serve_mode_keeps_the_last_llms_files_until_refresh_makes_new_ones() {
    let tmp = copy_fixture("basic");
    let mut builder = Builder::new();
    let first = builder.build(tmp.path(), &deferring()).unwrap();
    assert!(!first.llms_stale, "the first build always makes them");
    let page = tmp.path().join("docs/guides/zeta.md");
    replace_in(&page, "Zeta content.", "Zeta, edited.");
    let second = builder.build(tmp.path(), &deferring()).unwrap();
    assert!(second.llms_stale);
    assert!(text(&second, "guides/zeta.md").ends_with("\nZeta, edited.\n"));
    for path in ["llms.txt", "llms-full.txt"] {
        assert_eq!(
            text(&second, path),
            text(&first, path),
            "{path} is the last one"
        );
    }
    let files = builder.refresh_llms().expect("new files");
    let mut output = second.output;
    docsite_engine::llms::insert_files(&mut output, &files);
    let fresh = build(tmp.path());
    for path in ["llms.txt", "llms-full.txt"] {
        assert_eq!(
            output.get(path),
            fresh.output.get(path),
            "{path} as a build makes it"
        );
    }
    assert!(builder.refresh_llms().is_none(), "nothing more to do");
    let third = builder.build(tmp.path(), &deferring()).unwrap();
    assert!(!third.llms_stale, "an unchanged site has current files");
    assert_eq!(
        third.output.get("llms-full.txt"),
        fresh.output.get("llms-full.txt")
    );
}

#[test]
fn a_title_change_makes_llms_txt_stale_and_a_static_llms_txt_is_never_replaced() {
    let tmp = copy_fixture("basic");
    std::fs::write(tmp.path().join("static/llms.txt"), "Our own.\n").unwrap();
    let mut builder = Builder::new();
    builder.build(tmp.path(), &deferring()).unwrap();
    let page = tmp.path().join("docs/guides/zeta.md");
    replace_in(&page, "title: Zeta guide", "title: Zeta renamed");
    let second = builder.build(tmp.path(), &deferring()).unwrap();
    assert!(second.llms_stale);
    let files = builder.refresh_llms().expect("new files");
    let paths: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(
        paths,
        ["llms-full.txt"],
        "static/llms.txt is the team's own"
    );
    let mut output = second.output;
    docsite_engine::llms::insert_files(&mut output, &files);
    assert_eq!(output.get("llms.txt"), Some("Our own.\n".as_bytes()));
    let full = String::from_utf8(output.get("llms-full.txt").unwrap().to_vec()).unwrap();
    assert!(full.contains("\n# Zeta renamed\n"), "{full}");
    // Taking the static file away makes the engine's own at once: never a missing file.
    std::fs::remove_file(tmp.path().join("static/llms.txt")).unwrap();
    let third = builder.build(tmp.path(), &deferring()).unwrap();
    assert!(!third.llms_stale);
    assert!(text(&third, "llms.txt").contains("[Zeta renamed]"));
}
