//! Pages written to break the renderer: each is an error on its line, never a crash.

use docsite_markdown::{render, Options, Rendered, TwinOptions};

fn resolve(url: &str, _from: Option<&str>) -> String {
    url.to_string()
}
fn load(_: &str) -> Result<String, String> {
    Err("no examples here".into())
}
fn url(_: &str) -> Option<String> {
    None
}

fn run(src: &str) -> Result<Rendered, Vec<docsite_core::Diagnostic>> {
    let opts = Options {
        twin: Some(TwinOptions {
            site_url: "https://example.com",
            route: "/x",
        }),
        ..Options::new(&resolve, &load, &url)
    };
    render(src, &opts)
}

/// Renders on a thread with the 2 MiB stack of a rayon worker, as the build does.
fn run_on_small_stack(src: String) -> Result<Rendered, Vec<docsite_core::Diagnostic>> {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || run(&src))
        .unwrap()
        .join()
        .expect("rendering must not crash")
}

/// Each source, after a paragraph, is an error naming `expected` on its own line (3).
fn errors_on_their_line(cases: &[(&str, &str)]) {
    for (src, expected) in cases {
        let errors = run(&format!("text\n\n{src}")).expect_err(src);
        assert!(
            errors
                .iter()
                .any(|e| e.message.contains(expected) && e.line == 3),
            "{src}: {errors:?}"
        );
    }
}

fn error_line(src: &str) -> (String, usize) {
    let errors = run(src).expect_err("an error");
    (errors[0].message.clone(), errors[0].line)
}

#[test]
fn parser_panics_become_errors_on_their_line() {
    let (message, line) = error_line("fine\n\ns<>\n-\n");
    assert!(
        message.starts_with("internal parser error near this line"),
        "{message}"
    );
    assert!(message.contains("expected heading on stack"), "{message}");
    assert_eq!(line, 4);
    let (message, line) = error_line("a\n-\n--\nb\n-\n");
    assert!(message.starts_with("internal parser error"), "{message}");
    assert!((2..=5).contains(&line), "{line}");
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let cases = [
        (
            "<div>\n".repeat(2000) + "x\n" + &"</div>\n".repeat(2000),
            "div",
        ),
        (
            "<details>\n".repeat(2000) + "x\n" + &"</details>\n".repeat(2000),
            "details",
        ),
        (
            ":::note\n".repeat(2000) + "x\n" + &":::\n".repeat(2000),
            "admonition",
        ),
        ("> ".repeat(5000) + "x\n", "quote"),
        ("- ".repeat(5000) + "x\n", "list"),
        (
            "<span>".repeat(3000) + "x" + &"</span>".repeat(3000) + "\n",
            "inline",
        ),
        (
            "*".repeat(20000) + "x" + &"*".repeat(20000) + "\n",
            "emphasis",
        ),
        (
            "[".repeat(3000) + "x" + &"]".repeat(3000) + "\n",
            "brackets",
        ),
    ];
    for (src, what) in cases {
        match run_on_small_stack(src) {
            Ok(_) => {}
            Err(errors) => {
                let e = &errors[0];
                assert!(e.line >= 1, "{what}: {e}");
                assert!(
                    e.message.contains("nesting")
                        || e.message.contains("invalid MDX")
                        || e.message.contains("`[` open at once"),
                    "{what}: {}",
                    e.message
                );
            }
        }
    }
    let (message, line) = error_line(&("text\n\n".to_string() + &"> ".repeat(100) + "x\n"));
    assert!(message.contains("nesting deeper than"), "{message}");
    assert_eq!(line, 3);
}

#[test]
fn brackets_in_fenced_code_are_text_not_labels() {
    // A JSON block of deeply nested arrays: markdown-rs reads no labels in code.
    let json = format!("```json\n{}1{}\n```\n", "[".repeat(400), "]".repeat(400));
    let done = run(&json).unwrap_or_else(|e| panic!("{}", e[0]));
    assert!(done.html.contains("[[[["));
    // The same brackets in a paragraph after the fence are still bounded.
    let after = format!("{json}\n{}x\n", "[".repeat(400));
    let (message, line) = error_line(&after);
    assert!(message.contains("`[` open at once"), "{message}");
    assert_eq!(line, 5);
}

#[test]
fn reasonable_nesting_still_renders() {
    let src = "> ".repeat(20) + "x\n";
    assert!(run(&src).unwrap().html.contains("<blockquote>"));
    let src = "<div>\n".repeat(30) + "x\n" + &"</div>\n".repeat(30);
    assert!(run(&src).is_ok());
}

#[test]
fn script_does_not_pass_the_sanitiser() {
    let cases = [
        ("<div ONCLICK=\"alert(1)\">x</div>\n", "event handler"),
        (
            "<img src=\"a.png\" OnError=\"alert(1)\" />\n",
            "event handler",
        ),
        ("[x](javascript://%0Aalert(1))\n", "scheme `javascript:`"),
        (
            "<a href=\"JavaScript://%0Aalert(1)\">x</a>\n",
            "scheme `javascript:`",
        ),
        (
            "<a href=\" java\tscript:alert(1)\">x</a>\n",
            "scheme `javascript:`",
        ),
        (
            "![x](data:image/svg+xml;base64,PHN2Zz4=)\n",
            "scheme `data:`",
        ),
        ("<iframe src=\"http://x\" />\n", "must be an https URL"),
        ("<iframe src=\"/same-site\" />\n", "must be an https URL"),
        (
            "<iframe src=\"javascript:alert(1)\" />\n",
            "scheme `javascript:`",
        ),
        (
            "<video src=\"a.mp4\" poster=\"javascript:alert(1)\" />\n",
            "scheme `javascript:`",
        ),
        (
            "<img srcset=\"a.png 1x, javascript:alert(1) 2x\" />\n",
            "scheme `javascript:`",
        ),
        (
            "<video src=\"a.mp4\" onPlay=\"alert(1)\" />\n",
            "event handler",
        ),
        ("<script>alert(1)</script>\n", "`<script>` is not allowed"),
        // `pathname:` names a file of the site, never another host.
        ("[x](pathname:////evil.example)\n", "does not name a path"),
        ("[x](pathname:///\\evil.example)\n", "does not name a path"),
        (
            "<a href=\"pathname://evil.example\">x</a>\n",
            "does not name a path",
        ),
        (
            "<svg><script>alert(1)</script></svg>\n",
            "`<svg>` is not allowed",
        ),
    ];
    errors_on_their_line(&cases);
}

/// Each source renders, with a warning naming `expected` on its line (3), and its HTML holds
/// none of `gone`: what the lists do not allow is dropped, as React passes it through where
/// Docusaurus builds, and never reaches the page.
fn dropped_with_a_warning(cases: &[(&str, &str, &str)]) {
    for (src, expected, gone) in cases {
        let done = run(&format!("text\n\n{src}")).unwrap_or_else(|e| panic!("{src}: {e:?}"));
        assert!(
            done.warnings
                .iter()
                .any(|w| w.message.contains(expected) && w.line == 3),
            "{src}: {:?}",
            done.warnings
        );
        assert!(
            !done.html.to_ascii_lowercase().contains(gone),
            "{src}: {}",
            done.html
        );
    }
}

#[test]
fn what_the_lists_lack_is_dropped_with_a_warning() {
    dropped_with_a_warning(&[
        (
            "<div style=\"position:fixed;inset:0;z-index:9999\">x</div>\n",
            "`position: fixed` is not allowed",
            "style",
        ),
        (
            "<div style={{position: 'fixed', zIndex: 9999}}>x</div>\n",
            "`z-index` is not allowed",
            "style",
        ),
        (
            "<div style={{backgroundColor: 'url(https://x/track.png)'}}>x</div>\n",
            "is not a plain value",
            "style",
        ),
        (
            "<div><span style={{position: 'absolute', top: 0}}>x</span></div>\n",
            "allowed only inside",
            "absolute",
        ),
        (
            "<div srcdoc=\"x\">y</div>\n",
            "attribute `srcdoc`",
            "srcdoc",
        ),
        (
            "<summary markdown=\"span\">y</summary>\n",
            "attribute `markdown`",
            "markdown",
        ),
        (
            "<iframe src=\"https://x\" srcdoc=\"&lt;script&gt;\" />\n",
            "attribute `srcdoc`",
            "srcdoc",
        ),
        (
            "<iframe src=\"https://x\" sandbox=\"allow-same-origin allow-scripts\" />\n",
            "`allow-same-origin` is dropped",
            "allow-same-origin",
        ),
        (
            "<iframe src=\"https://x\" SANDBOX=\"allow-scripts allow-top-navigation\" />\n",
            "`allow-top-navigation`",
            "allow-top-navigation",
        ),
        (
            "<iframe src=\"https://x\" ALLOW=\"autoplay; camera; microphone\" />\n",
            "`camera`, `microphone`",
            "camera",
        ),
    ]);
}

#[test]
fn allowed_html_passes_through_cleaned() {
    let r = run("<div className=\"note\" aria-label=\"A\" id=\"x\">\n\nHi <a href=\"https://example.com\">there</a> <img src=\"a.png\" alt=\"A\" />\n\n</div>\n").unwrap();
    assert!(
        r.html
            .contains("<div class=\"note\" aria-label=\"A\" id=\"x\">"),
        "{}",
        r.html
    );
    assert!(
        r.html.contains("<a href=\"https://example.com\">there</a>"),
        "{}",
        r.html
    );
    assert!(
        r.html.contains("<img src=\"a.png\" alt=\"A\" />"),
        "{}",
        r.html
    );
    let r = run("[mail](mailto:a@example.com) [web](HTTPS://example.com)\n").unwrap();
    assert!(
        r.html.contains("href=\"mailto:a@example.com\""),
        "{}",
        r.html
    );
    assert!(r.html.contains("rel=\"noopener noreferrer\""), "{}", r.html);
}

#[test]
fn an_iframe_is_always_sandboxed_lazy_and_https() {
    let r = run("<iframe src=\"https://www.youtube.com/embed/x\" loading=\"eager\" allowFullScreen frameBorder={0} allow=\"autoplay; encrypted-media\"></iframe>\n").unwrap();
    assert!(
        r.html.contains("<iframe sandbox=\"allow-scripts allow-popups allow-presentation\" loading=\"lazy\" src=\"https://www.youtube.com/embed/x\" allowfullscreen=\"\" frameborder=\"0\" allow=\"autoplay; encrypted-media\">"),
        "{}",
        r.html
    );
    assert!(!r.html.contains("eager"), "{}", r.html);
    let r = run("<iframe src=\"https://x\" sandbox=\"allow-same-origin\"></iframe>\n").unwrap();
    assert!(
        r.html
            .contains("sandbox=\"allow-same-origin\" loading=\"lazy\""),
        "{}",
        r.html
    );
}

#[test]
fn iframe_attributes_meet_the_policy_in_any_case() {
    let cases = [
        ("<iframe SRC=\"http://x\" />\n", "must be an https URL"),
        ("<iframe Src=\"/same-site\" />\n", "must be an https URL"),
        (
            "<iframe src=\"https://x\" SRC=\"http://y\" />\n",
            "attribute `src` is given twice",
        ),
        (
            "<a href=\"/x\" HREF=\"https://y\">x</a>\n",
            "attribute `href` is given twice",
        ),
    ];
    errors_on_their_line(&cases);
    // A page's own sandbox, asked for in upper case, is the one used.
    let r = run("<iframe SRC=\"https://x\" SANDBOX=\"allow-same-origin\"></iframe>\n").unwrap();
    assert!(
        r.html
            .contains("sandbox=\"allow-same-origin\" loading=\"lazy\" src=\"https://x\""),
        "{}",
        r.html
    );
}

#[test]
fn content_cannot_take_the_ids_of_the_reading_app() {
    let cases = [
        "<div id=\"__docsite-data\">{}</div>\n",
        "<span id=\"__docsite\">x</span>\n",
        "<p id=\"__DocSite-content\">x</p>\n",
        "<div id=\"main\">x</div>\n",
        "## Data {#__docsite-data}\n",
        "## Skip {#main}\n",
        "## __docsite data\n",
    ];
    for src in cases {
        let errors = run(&format!("text\n\n{src}")).expect_err(src);
        assert!(
            errors
                .iter()
                .any(|e| e.message.contains("reserved for the reading app") && e.line == 3),
            "{src}: {errors:?}"
        );
    }
    // A heading whose id would be one of them is numbered instead, as a repeat is.
    let r = run("## Main\n").unwrap();
    assert!(r.html.contains("<h2 id=\"main-1\">"), "{}", r.html);
}
