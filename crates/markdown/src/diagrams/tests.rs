use super::{accessible_name, draw, text_before, MAX_DIAGRAM_BYTES};

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/diagrams/{name}.mmd",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every colour in the SVG is a token, a keyword or absent: none is written as a value.
fn assert_no_baked_colours(svg: &str) {
    let lower = svg.to_ascii_lowercase();
    for function in ["rgb(", "rgba(", "hsl(", "hsla("] {
        assert!(
            !lower.contains(function),
            "baked colour `{function}` in {svg}"
        );
    }
    for (i, _) in lower.match_indices('#') {
        // `#` starts only an id reference here (`url(#mermaid-…)`, `#mermaid-… .node`).
        assert!(
            lower[i + 1..].starts_with("mermaid-"),
            "colour near {}",
            &svg[i.saturating_sub(40)..(i + 20).min(svg.len())]
        );
    }
    for attribute in [
        " fill=\"",
        " stroke=\"",
        " color=\"",
        "flood-color",
        "stop-color",
    ] {
        assert!(
            !svg.contains(attribute),
            "presentation colour `{attribute}` kept"
        );
    }
}

/// What the site's security rules ask of content: no script, no handler, no link out, no
/// HTML inside the SVG.
fn assert_safe(svg: &str) {
    let lower = svg.to_ascii_lowercase();
    for (i, _) in lower.match_indices(" on") {
        let name: String = lower[i + 1..]
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        assert!(
            !lower[i + 1 + name.len()..].starts_with('='),
            "handler `{name}` in {svg}"
        );
    }
    for needle in [
        "<script",
        "href",
        "<foreignobject",
        "<image",
        "<a ",
        "@import",
        "javascript:",
    ] {
        assert!(!lower.contains(needle), "`{needle}` in {svg}");
    }
    for (i, _) in lower.match_indices("url(") {
        assert!(
            lower[i + 4..].starts_with("#mermaid-"),
            "url to elsewhere in {svg}"
        );
    }
}

fn drawn(name: &str, labels: &[&str]) -> String {
    let source = fixture(name);
    let html = draw(&source, "mermaid-test", &accessible_name(&source, None))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(html.starts_with("<div class=\"diagram\"><svg "));
    assert!(html.contains(" role=\"img\" aria-label=\""));
    for label in labels {
        let text = html.match_indices(&format!(">{label}")).any(|(i, _)| {
            let after = html[i + 1 + label.len()..].trim_start();
            after.starts_with("</text>") || after.starts_with("</tspan>")
        });
        assert!(text, "{name}: no text `{label}`");
    }
    assert_no_baked_colours(&html);
    assert_safe(&html);
    html
}

#[test]
fn flowcharts_are_drawn_with_their_labels_as_text() {
    let html = drawn(
        "flowchart",
        &[
            "Raw files",
            "Train model",
            "Weekly report",
            "yes",
            "Ingestion",
        ],
    );
    // Edges end in a marker of this diagram.
    assert!(html.contains("marker-end=\"url(#mermaid-test"));
    assert!(html.contains("<marker "));
}

#[test]
fn sequence_diagrams_are_drawn() {
    let html = drawn(
        "sequence",
        &["Dagster UI", "Launch run", "Heartbeat", "Run failed"],
    );
    assert!(
        html.contains("aria-label=\"Launching a run\""),
        "the diagram's title names it"
    );
}

#[test]
fn class_diagrams_are_drawn() {
    drawn("class", &["DatabaseResource", "IOManager"]);
}

#[test]
fn state_diagrams_are_drawn() {
    drawn("state", &["Queued", "Canceling", "cancel requested"]);
}

#[test]
fn entity_relationship_diagrams_are_drawn() {
    drawn("er", &["CUSTOMER", "LINE_ITEM", "places"]);
}

#[test]
fn gantt_charts_are_drawn() {
    let html = drawn("gantt", &["dbt models", "Refresh dashboards"]);
    assert!(html.contains("aria-label=\"Nightly pipeline\""));
}

#[test]
fn colours_come_from_the_site_tokens() {
    let html = drawn("flowchart", &[]);
    assert!(html.contains("var(--c-text)") && html.contains("var(--c-bg)"));
}

#[test]
fn a_diagram_that_does_not_parse_is_an_error() {
    let e = draw("flowchart LR\n  A -- -> [[[\n", "mermaid-x", "x").unwrap_err();
    assert!(!e.is_empty());
    let e = draw("sequenceDiagram\n  participant\n", "mermaid-x", "x").unwrap_err();
    assert!(!e.is_empty());
}

#[test]
fn a_type_not_drawn_is_an_error_naming_those_that_are() {
    let e = draw("pie title Pets\n  \"Dogs\" : 3\n", "mermaid-x", "x").unwrap_err();
    assert!(e.contains("`pie`") && e.contains("sequenceDiagram"), "{e}");
}

#[test]
fn a_diagram_over_the_size_limit_is_refused_before_drawing() {
    let mut source = String::from("flowchart LR\n");
    while source.len() <= MAX_DIAGRAM_BYTES {
        source.push_str("  A --> B\n");
    }
    let e = draw(&source, "mermaid-x", "x").unwrap_err();
    assert!(e.contains("bytes"), "{e}");
}

#[test]
fn hostile_labels_stay_text() {
    let source = "flowchart LR\n  A[\"<script>alert(1)</script>\"] --> B[\"<img src=x onerror=alert(1)>\"]\n  click A \"javascript:alert(1)\"\n  style B fill:url(https://x.io/a.svg)\n";
    if let Ok(html) = draw(source, "mermaid-x", "x") {
        assert_safe(&html);
        assert!(!html.contains("<script") && !html.contains("<img"));
    }
}

#[test]
fn the_name_is_the_title_else_the_text_before_else_the_type() {
    assert_eq!(
        accessible_name("---\ntitle: Runs\n---\nflowchart LR\n A-->B\n", Some("x")),
        "Runs"
    );
    assert_eq!(
        accessible_name("flowchart LR\n A-->B\n", Some("How a run is **launched**:")),
        "How a run is launched"
    );
    assert_eq!(
        accessible_name("erDiagram\n A ||--o{ B : has\n", None),
        "Entity-relationship diagram"
    );
    let body = "# Title\n\n## Architecture\n\nThe agent polls. The [diagram](./x.md) shows the parts:\n\n```mermaid\n";
    assert_eq!(
        text_before(body, 7).as_deref(),
        Some("The [diagram](./x.md) shows the parts")
    );
    assert_eq!(
        text_before("## Parts\n\n```mermaid\n", 3).as_deref(),
        Some("## Parts")
    );
    assert_eq!(text_before("<Tabs>\n\n```mermaid\n", 3), None);
}

#[test]
fn mermaid_accessibility_lines_name_and_describe_the_diagram() {
    let source = "flowchart LR\n  accTitle: How a run starts\n  accDescr: The daemon asks the launcher <to> start it.\n  A-->B\n";
    assert_eq!(
        accessible_name(source, Some("the text before")),
        "How a run starts"
    );
    let html = draw(source, "mermaid-acc", &accessible_name(source, None)).unwrap();
    assert!(html.contains("aria-label=\"How a run starts\""));
    assert!(html.contains(" aria-describedby=\"mermaid-acc-desc\""));
    assert!(html.contains(
        "<desc id=\"mermaid-acc-desc\">The daemon asks the launcher &lt;to&gt; start it.</desc>"
    ));
    // The renderer's own title and description are not kept beside ours.
    assert_eq!(html.matches("<desc").count(), 1);
    assert_eq!(html.matches("<title").count(), 1);

    let block = "flowchart LR\n  accDescr {\n    First line,\n    second line.\n  }\n  A-->B\n";
    assert_eq!(
        super::diagram_description(block).as_deref(),
        Some("First line, second line.")
    );
    let one_line = "flowchart LR\n  accDescr { All on one line }\n  accTitle: T\n  A-->B\n";
    assert_eq!(
        super::diagram_description(one_line).as_deref(),
        Some("All on one line")
    );
    let plain = draw("flowchart LR\n A-->B\n", "mermaid-plain", "x").unwrap();
    assert!(!plain.contains("aria-describedby") && !plain.contains("<desc"));
}

#[test]
fn a_wide_diagram_shrinks_to_the_column_no_further_than_its_minimum_scale() {
    let source = "flowchart LR\n  A[one long label] --> B[another long label] --> C[a third long label] --> D[and a fourth long label] --> E[the fifth]\n";
    let html = draw(source, "mermaid-wide", "x").unwrap();
    let width: f64 = html
        .split("viewBox=\"")
        .nth(1)
        .unwrap()
        .split(' ')
        .nth(2)
        .unwrap()
        .parse()
        .unwrap();
    let expected = format!("width:min({width}px,max(100%,{}px))", (width * 0.8).round());
    assert!(
        html.contains(&expected),
        "no `{expected}` in the frame rule"
    );
}
