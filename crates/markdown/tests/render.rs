use docsite_markdown::{render, Options, Rendered, CARDS_MARKER};

fn resolve(url: &str, _from: Option<&str>) -> String {
    url.replace(".md", "")
}
fn load(path: &str) -> Result<String, String> {
    match path {
        "a.py" => Ok("import dagster as dg\n# start_x\nX = 1\n# end_x\n".into()),
        _ => Err("file not found".into()),
    }
}
fn url(path: &str) -> Option<String> {
    Some(format!("https://repo/{path}"))
}

fn run(src: &str) -> Result<Rendered, Vec<docsite_core::Diagnostic>> {
    let opts = Options::new(&resolve, &load, &url);
    render(src, &opts)
}

#[test]
fn headings_toc_and_leading_h1() {
    let r = run(
        "# Title\n\nIntro text.\n\n## First {#custom}\n\n### Second\n\n#### Deep\n\n## First\n",
    )
    .unwrap();
    assert_eq!(r.h1.as_deref(), Some("Title"));
    assert!(!r.html.contains("<h1"));
    let ids: Vec<_> = r.toc.iter().map(|t| (t.id.as_str(), t.level)).collect();
    assert_eq!(ids, [("custom", 2), ("second", 3), ("first", 2)]);
    assert!(r.anchors.contains(&"deep".to_string()));
    assert!(r
        .html
        .contains("<h2 id=\"custom\">First<a class=\"hash-link\" href=\"#custom\""));
    assert_eq!(r.first_paragraph.as_deref(), Some("Intro text."));
}

#[test]
fn admonitions_tabs_details_and_cards() {
    let src = ":::warning[Mind the gap]\n\nCareful **now**.\n\n:::\n\n<Tabs groupId=\"pm\">\n<TabItem value=\"pip\" label=\"pip\">\n\n```bash\npip install dagster\n```\n\n</TabItem>\n<TabItem value=\"uv\" label=\"uv\" default>\n\nUse uv.\n\n</TabItem>\n</Tabs>\n\n<details>\n<summary>More</summary>\n\nHidden text.\n\n</details>\n\n<DocCardList />\n";
    let r = run(src).unwrap();
    assert!(r.html.contains("admonition--warning"));
    assert!(r
        .html
        .contains("<p class=\"admonition__title\">Mind the gap</p>"));
    assert!(r.html.contains("<strong>now</strong>"));
    assert!(r.html.contains("data-group-id=\"pm\""));
    assert!(r.html.contains("data-value=\"uv\" aria-selected=\"true\""));
    assert!(r
        .html
        .contains("data-value=\"pip\" data-label=\"pip\" data-selected=\"false\""));
    assert!(r.html.contains("<details class=\"details\">"));
    assert!(r.html.contains("<summary>More</summary>"));
    assert!(r.html.contains(CARDS_MARKER));
    assert!(r.has_cards);
}

#[test]
fn code_blocks_are_highlighted_with_title_lines_and_numbers() {
    let r =
        run("```python title=\"defs.py\" {2} showLineNumbers\nimport dagster as dg\nx = 1\n```\n")
            .unwrap();
    assert!(r
        .html
        .contains("<div class=\"code-block__title\">defs.py</div>"));
    assert!(r.html.contains("code code--numbered"));
    assert!(r.html.contains("line line--highlighted"));
    assert!(r.html.contains("<span class=\"hl-k\">"));
}

#[test]
fn code_example_renders_slice_and_source_link() {
    let r = run("<CodeExample path=\"a.py\" language=\"python\" title=\"a.py\" startAfter=\"start_x\" endBefore=\"end_x\" />\n").unwrap();
    assert!(r.html.contains("https://repo/a.py"));
    assert!(r.html.contains("X"));
    assert!(!r.html.contains("import"));
    assert_eq!(r.examples, ["a.py"]);
}

#[test]
fn code_example_errors_name_the_line() {
    let e = run("text\n\n<CodeExample path=\"missing.py\" />\n").unwrap_err();
    assert_eq!(e[0].line, 3);
    assert!(e[0].message.contains("missing.py"));
    let e = run("<CodeExample path=\"a.py\" startAfter=\"start_y\" />\n").unwrap_err();
    assert!(e[0].message.contains("start_y"));
}

#[test]
fn links_are_resolved_and_recorded() {
    let r = run(
        "See [x](./other.md#part) and [y](https://example.com) and [z][ref].\n\n[ref]: /guides/z\n",
    )
    .unwrap();
    assert!(r.html.contains("href=\"./other#part\""));
    assert!(r.html.contains("rel=\"noopener noreferrer\""));
    let hrefs: Vec<_> = r.links.iter().map(|l| (l.href.as_str(), l.line)).collect();
    assert_eq!(hrefs, [("./other#part", 1), ("/guides/z", 1)]);
}

#[test]
fn unknown_component_is_an_error_with_line() {
    let e = run("# T\n\nText\n\n<Widget foo=\"1\" />\n").unwrap_err();
    assert_eq!(e[0].line, 5);
    assert!(e[0].message.contains("unknown component `<Widget>`"));
}

#[test]
fn invalid_mdx_is_an_error_with_line() {
    let e = run("Fine.\n\nBroken <b>bold\n").unwrap_err();
    assert_eq!(e[0].line, 3, "{}", e[0]);
    assert!(e[0].message.starts_with("invalid MDX"));
}

#[test]
fn gfm_tables_tasks_strikethrough_footnotes_and_imports() {
    let src = "import Foo from './foo';\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n\n- [x] done\n- [ ] open\n\n~~old~~ text[^n]\n\n[^n]: The note.\n\n{/* a comment */}\n";
    let r = run(src).unwrap();
    assert!(r.html.contains("<th style=\"text-align:left\">a</th>"));
    assert!(r
        .html
        .contains("<input type=\"checkbox\" disabled checked />"));
    assert!(r.html.contains("<del>old</del>"));
    assert!(r.html.contains("class=\"footnotes\""));
    assert!(!r.html.contains("import"));
    assert!(!r.html.contains("comment"));
}

#[test]
fn javascript_expressions_are_errors() {
    let e = run("Value: {props.x}\n").unwrap_err();
    assert!(e[0].message.contains("unsupported MDX expression"));
}

#[test]
fn a_url_as_link_text_does_not_nest_links() {
    let r = run("Open [http://localhost:3000](http://localhost:3000) now.\n").unwrap();
    assert_eq!(r.html.matches("<a ").count(), 1, "{}", r.html);
    assert!(r.html.contains(">http://localhost:3000</a>"));
}
