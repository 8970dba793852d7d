//! Docusaurus Markdown features a docs folder uses as it is: each test is one feature as the
//! Docusaurus documentation describes it.

use docsite_markdown::{render, Dialect, Imported, Options, Rendered};

fn resolve(url: &str, _from: Option<&str>) -> String {
    url.replace(".md", "")
}
fn load(_: &str) -> Result<String, String> {
    Err("no examples".into())
}
fn url(_: &str) -> Option<String> {
    None
}
fn import(path: &str, _from: Option<&str>) -> Result<Imported, String> {
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
        import: &import,
        dialect,
        ..Options::new(&resolve, &load, &url)
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

#[test]
fn more_plain_html_and_what_stays_refused() {
    let h = html("<iframe src=\"https://www.youtube.com/embed/x\" width=\"560\" allowFullScreen></iframe>\n\n<video controls width=\"250\"><source src=\"/media/a.webm\" type=\"video/webm\" /></video>\n\n<figure class=\"wide\">\n<img src=\"/a.png\" alt=\"A\" />\n<figcaption>Caption</figcaption>\n</figure>\n\n<h3 id=\"raw\">Raw heading</h3>\n\nPress <kbd>Ctrl</kbd>, x<sup>2</sup>, H<sub>2</sub>O, <abbr title=\"HyperText\">HTML</abbr>.\n");
    assert!(h.contains("<iframe sandbox=\"allow-scripts"), "{h}");
    assert!(h.contains("loading=\"lazy\" src=\"https://www.youtube.com/embed/x\""));
    assert!(h.contains("<source src=\"/media/a.webm\" type=\"video/webm\" />"));
    assert!(h.contains("<figure class=\"wide\">"));
    assert!(h.contains("<h3 id=\"raw\">") && h.contains("<kbd>Ctrl</kbd>"));
    let e = run("<script>alert(1)</script>\n\n<a href=\"javascript:alert(1)\">x</a>\n\n<div onClick=\"x\">y</div>\n").unwrap_err();
    assert_eq!(e.len(), 3, "{e:?}");
    assert!(e[0].message.contains("`<script>` is not allowed"));
    assert!(e[1].message.contains("javascript:"));
}

#[test]
fn imported_partials_render_in_place() {
    let r = run("import Shared from './_partial.mdx';\n\nBefore.\n\n<Shared />\n").unwrap();
    assert!(
        r.html.contains("Shared <strong>text</strong>"),
        "{}",
        r.html
    );
    assert!(r.anchors.contains(&"partial-heading".to_string()));
    assert_eq!(
        r.links[0].line, 5,
        "a partial's links point at the line showing it"
    );
    let e = run("import B from './_broken.mdx';\n\n<B />\n").unwrap_err();
    assert!(
        e[0].message.contains("in partial `_broken.mdx` line 1"),
        "{e:?}"
    );
    assert_eq!(e[0].line, 3);
    let e = run("import Loop from './_loop.mdx';\n\n<Loop />\n").unwrap_err();
    assert!(e.iter().any(|d| d.message.contains("more than 8 deep")));
}

#[test]
fn theme_components_and_svg_imports() {
    let h = html("import TOCInline from '@theme/TOCInline';\nimport ThemedImage from '@theme/ThemedImage';\nimport Logo from './logo.svg';\n\n<TOCInline toc={toc} maxHeadingLevel={4} />\n\n## One\n\n### One a\n\n#### Deep\n\n## Two\n\n<ThemedImage alt=\"Diagram\" sources={{light: useBaseUrl('/img/light.png'), dark: '/img/dark.png'}} />\n\n<Logo className=\"logo\" title=\"Logo\" />\n");
    assert!(h.contains("<div class=\"toc-inline\"><ul><li><a href=\"#one\">One</a><ul><li><a href=\"#one-a\">One a</a><ul><li><a href=\"#deep\">Deep</a></li></ul></li></ul></li><li><a href=\"#two\">Two</a></li></ul></div>"), "{h}");
    assert!(h.contains("themed-image--light\" src=\"/img/light.png\" alt=\"Diagram\""));
    assert!(h.contains("themed-image--dark\" src=\"/img/dark.png\""));
    assert!(h.contains("<img src=\"/assets/logo-abc123.svg\" alt=\"Logo\" class=\"logo\" />"));
}

#[test]
fn named_unknown_components_show_their_children_with_a_warning() {
    let src = "<BrowserWindow url=\"x\">\n\nInside **it**.\n\n</BrowserWindow>\n";
    assert!(
        run(src).is_err(),
        "unknown components stay errors by default"
    );
    let dialect = Dialect {
        children_only: vec!["BrowserWindow".into()],
        ..Default::default()
    };
    let r = run_with(src, &dialect).unwrap();
    assert!(r.html.contains("Inside <strong>it</strong>."));
    assert_eq!(r.warnings.len(), 1);
    assert!(r.warnings[0].message.contains("`<BrowserWindow>`"));
}

#[test]
fn a_partial_resolves_its_links_and_imports_from_its_own_folder() {
    // The site's hooks hear which file a link or import is written in.
    let resolve = |url: &str, from: Option<&str>| format!("{}|{url}", from.unwrap_or("page"));
    let import = |path: &str, from: Option<&str>| {
        match (path, from) {
        ("../shared/_outer.mdx", None) => Ok(Imported::Markdown {
            path: "docs/shared/_outer.mdx".into(),
            text: "[next](./next.md)\n\n![img](./img.png)\n\nimport Inner from './_inner.mdx';\n\n<Inner />\n".into(),
        }),
        ("./_inner.mdx", Some("docs/shared/_outer.mdx")) => Ok(Imported::Markdown {
            path: "docs/shared/_inner.mdx".into(),
            text: "[deep](../a.md)\n".into(),
        }),
        other => Err(format!("unexpected import {other:?}")),
    }
    };
    let opts = Options {
        import: &import,
        ..Options::new(&resolve, &load, &url)
    };
    let r = render(
        "import Outer from '../shared/_outer.mdx';\n\n[own](./own.md)\n\n<Outer />\n",
        &opts,
    )
    .unwrap();
    assert!(r.html.contains("href=\"page|./own.md\""), "{}", r.html);
    assert!(
        r.html.contains("href=\"docs/shared/_outer.mdx|./next.md\""),
        "{}",
        r.html
    );
    assert!(
        r.html.contains("src=\"docs/shared/_outer.mdx|./img.png\""),
        "{}",
        r.html
    );
    assert!(
        r.html.contains("href=\"docs/shared/_inner.mdx|../a.md\""),
        "{}",
        r.html
    );
    // Every link is checked, at the line that shows the partial.
    let lines: Vec<usize> = r.links.iter().map(|l| l.line).collect();
    assert_eq!(lines, [3, 5, 5, 5]);
}

#[test]
fn the_twin_shows_partials_svgs_and_themed_images() {
    let resolve = |url: &str, from: Option<&str>| match from {
        Some(_) => format!("/from-partial/{}", url.trim_start_matches("./")),
        None => url.to_string(),
    };
    let opts = Options {
        twin: Some(docsite_markdown::TwinOptions {
            site_url: "https://docs.example",
            route: "/page",
        }),
        import: &import,
        ..Options::new(&resolve, &load, &url)
    };
    let src = "import Shared from './_partial.mdx';\nimport Logo from './logo.svg';\n\nBefore.\n\n<Shared />\n\n<Logo title=\"Our logo\" />\n\n<ThemedImage alt=\"Mode\" sources={{light: '/img/l.png', dark: '/img/d.png'}} />\n";
    let md = render(src, &opts).unwrap().markdown.unwrap();
    assert!(
        md.contains("Shared **text** from [a page](https://docs.example/from-partial/other.md)."),
        "{md}"
    );
    assert!(md.contains("## Partial heading"), "{md}");
    assert!(
        md.contains("![Our logo](https://docs.example/assets/logo-abc123.svg)"),
        "{md}"
    );
    assert!(
        md.contains("![Mode](https://docs.example/img/l.png)"),
        "{md}"
    );
    assert!(!md.contains("import") && !md.contains('<'), "{md}");
}
