//! Mermaid diagrams in pages, as Docusaurus's `markdown.mermaid` and `@theme/Mermaid` take
//! them: drawn as inline SVG in the HTML, kept as source in the Markdown twin.

use docsite_markdown::{render, Dialect, Options, Rendered, TwinOptions};

fn resolve(url: &str, _from: Option<&str>) -> String {
    url.to_string()
}
fn load(_: &str) -> Result<String, String> {
    Err("no examples".into())
}
fn url(_: &str) -> Option<String> {
    None
}

fn run(src: &str, mermaid: bool) -> Result<Rendered, Vec<docsite_core::Diagnostic>> {
    let dialect = Dialect {
        mermaid,
        ..Dialect::default()
    };
    let opts = Options {
        dialect: &dialect,
        twin: Some(TwinOptions {
            site_url: "https://example.com",
            route: "/a",
        }),
        ..Options::new(&resolve, &load, &url)
    };
    render(src, &opts)
}

const PAGE: &str = "## How runs start\n\nThe daemon hands each run to the agent:\n\n```mermaid\nflowchart LR\n  D[Daemon] -- run --> A[Agent]\n```\n";

#[test]
fn a_mermaid_block_is_drawn_when_the_site_asks() {
    let r = run(PAGE, true).unwrap();
    assert!(r.html.contains("<div class=\"diagram\"><svg "), "{}", r.html);
    assert!(r.html.contains(">Daemon</text>") && r.html.contains(">Agent</text>"));
    assert!(r.html.contains("aria-label=\"The daemon hands each run to the agent\""));
    assert!(!r.html.contains("code-block"));
    // Readers' tools get the source.
    let twin = r.markdown.unwrap();
    assert!(twin.contains("```mermaid\nflowchart LR\n  D[Daemon] -- run --> A[Agent]\n```"), "{twin}");
}

#[test]
fn a_mermaid_block_is_code_by_default_as_in_docusaurus() {
    let r = run(PAGE, false).unwrap();
    assert!(!r.html.contains("<svg"));
    assert!(r.html.contains("data-language=\"mermaid\""));
}

#[test]
fn a_diagram_that_cannot_be_drawn_is_an_error_at_its_block() {
    let src = "# Title\n\nText.\n\n```mermaid\nflowchart LR\n  A -- -> [[[\n```\n";
    let e = run(src, true).unwrap_err();
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].line, 5, "{e:?}");
    assert!(e[0].message.contains("cannot draw the Mermaid diagram"), "{}", e[0].message);
    let e = run("Some text.\n\n```mermaid\npie\n  \"a\" : 1\n```\n", true).unwrap_err();
    assert_eq!(e[0].line, 3);
    assert!(e[0].message.contains("`pie` diagrams are not drawn"), "{}", e[0].message);
}

#[test]
fn the_mermaid_component_is_drawn_and_its_source_kept_in_the_twin() {
    let src = "import Mermaid from '@theme/Mermaid';\n\nThe flow:\n\n<Mermaid value={`graph TD;\n  A-->B`} />\n";
    let r = run(src, false).unwrap();
    assert!(r.html.contains("<svg ") && r.html.contains(">A</text>"), "{}", r.html);
    let twin = r.markdown.unwrap();
    // The MDX parser drops the indentation of an expression's continuation lines.
    assert!(twin.contains("```mermaid\ngraph TD;\nA-->B\n```"), "{twin}");
    let e = run("<Mermaid value={`graph TD; ${x}-->B`} />\n", false).unwrap_err();
    assert!(e[0].message.contains("JavaScript runtime"), "{}", e[0].message);
    let e = run("<Mermaid />\n", false).unwrap_err();
    assert!(e[0].message.contains("needs a `value`"), "{}", e[0].message);
}

#[test]
fn two_diagrams_on_a_page_have_their_own_ids() {
    let block = "```mermaid\nflowchart LR\n  A --> B\n```\n\n";
    let r = run(&block.repeat(2), true).unwrap();
    let ids: Vec<&str> = r
        .html
        .match_indices("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"")
        .map(|(i, m)| &r.html[i + m.len()..i + m.len() + 24])
        .collect();
    assert_eq!(ids.len(), 2);
    assert_ne!(ids[0], ids[1]);
}
