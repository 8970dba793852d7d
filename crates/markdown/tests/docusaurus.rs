//! Docusaurus Markdown features a docs folder uses as it is: each test is one feature as the
//! Docusaurus documentation describes it.

use docsite_markdown::{render, Dialect, Imported, Options, Rendered};

fn resolve(url: &str) -> String {
    url.replace(".md", "")
}
fn load(_: &str) -> Result<String, String> {
    Err("no examples".into())
}
fn url(_: &str) -> Option<String> {
    None
}
fn import(path: &str) -> Result<Imported, String> {
    match path {
        "./_partial.mdx" => Ok(Imported::Markdown {
            path: "_partial.mdx".into(),
            text: "Shared **text** from [a page](./other.md).\n\n## Partial heading\n".into(),
        }),
        "./_broken.mdx" => Ok(Imported::Markdown {
            path: "_broken.mdx".into(),
            text: ":::nope\nx\n:::\n".into(),
        }),
        "./_loop.mdx" => Ok(Imported::Markdown {
            path: "_loop.mdx".into(),
            text: "import Loop from './_loop.mdx';\n\n<Loop />\n".into(),
        }),
        "./logo.svg" => Ok(Imported::Asset {
            url: "/assets/logo-abc123.svg".into(),
        }),
        other => Err(format!("no file `{other}`")),
    }
}

fn run_with(src: &str, dialect: &Dialect) -> Result<Rendered, Vec<docsite_core::Diagnostic>> {
    let opts = Options {
        toc_min: 2,
        toc_max: 3,
        resolve_link: &resolve,
        load_example: &load,
        example_url: &url,
        twin: None,
        api: None,
        import: &import,
        dialect,
    };
    render(src, &opts)
}

fn run(src: &str) -> Result<Rendered, Vec<docsite_core::Diagnostic>> {
    run_with(src, &Dialect::default())
}

fn html(src: &str) -> String {
    match run(src) {
        Ok(r) => r.html,
        Err(d) => panic!("{d:?}"),
    }
}

#[test]
fn admonition_keywords_defaults_and_custom() {
    let h = html(":::caution\n\nCareful.\n\n:::\n\n:::important[Read this]\n\nNow.\n\n:::\n");
    assert!(h.contains("admonition admonition--caution\" role=\"alert\""));
    assert!(h.contains("admonition--important") && h.contains(">Read this</p>"));
    let dialect = Dialect {
        admonitions: vec!["my-custom-admonition".into()],
        ..Default::default()
    };
    let r = run_with(":::my-custom-admonition\n\nx\n\n:::\n", &dialect).unwrap();
    assert!(r.html.contains("admonition--my-custom-admonition"));
    let e = run(":::my-custom-admonition\n\nx\n\n:::\n").unwrap_err();
    assert!(
        e[0].message.contains("`my-custom-admonition`"),
        "{}",
        e[0].message
    );
}

#[test]
fn magic_comments_highlight_and_disappear() {
    let h = html("```python showLineNumbers=5\na = 1\n# highlight-next-line\nb = 2\n```\n");
    assert!(!h.contains("highlight-next-line"));
    assert!(h.contains("counter-reset: line 4"));
    assert_eq!(h.matches("line--highlighted").count(), 1);
    let h = html(
        "```js\n// highlight-start\nconst a = 1;\nconst b = 2;\n// highlight-end\nc();\n```\n",
    );
    assert!(!h.contains("highlight-start") && !h.contains("highlight-end"));
    assert_eq!(h.matches("line--highlighted").count(), 2);
}

#[test]
fn mdx_code_block_renders_its_content() {
    let h = html(
        "````mdx-code-block\n<details>\n<summary>More</summary>\n\nInside.\n\n</details>\n````\n",
    );
    assert!(h.contains("<details class=\"details\">"), "{h}");
    assert!(!h.contains("mdx-code-block"));
}

#[test]
fn html_comments_are_dropped() {
    let h = html("Before <!-- hidden --> after.\n\n<!--\nA note to writers.\n-->\n\nEnd.\n");
    assert!(!h.contains("hidden") && !h.contains("writers"));
    assert!(h.contains("<p>End.</p>"));
}

#[test]
fn escaped_and_comment_heading_ids() {
    let r = run("## Install it \\{#install}\n\n## Run it {/* #run */}\n").unwrap();
    let ids: Vec<_> = r
        .toc
        .iter()
        .map(|t| (t.id.as_str(), t.text.as_str()))
        .collect();
    assert_eq!(ids, [("install", "Install it"), ("run", "Run it")]);
    assert!(!r.html.contains('\\'));
}

#[test]
fn every_error_of_a_page_is_reported() {
    let e = run(":::nope\nx\n:::\n\n<Unknown />\n\n{someExpression}\n").unwrap_err();
    assert_eq!(e.len(), 3, "{e:?}");
}
