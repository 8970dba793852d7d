//! Fuzzing the renderer on stable Rust: pages built from the constructs that broke it before,
//! and the site's own pages mutated. Rendering must return (an error is fine), on a rayon-sized
//! stack, and what it returns must hold no script.

use docsite_markdown::{render, Options, Rendered, TwinOptions};
use docsite_test_support::fuzz;
use proptest::prelude::*;
use proptest::sample::select;

const FRAGMENTS: &[&str] = &[
    "<",
    ">",
    "</",
    "<div>",
    "</div>",
    "<details>",
    "<summary>s</summary>",
    "</details>",
    ":::note\n",
    ":::tip Title\n",
    ":::\n",
    "- ",
    "> ",
    "* ",
    "1. ",
    "[",
    "]",
    "(",
    ")",
    "![",
    "](",
    "`",
    "```\n",
    "```py title=\"x\" {1}\n",
    "\n",
    "\n\n",
    "-",
    "--",
    "s",
    "a",
    "word ",
    "{",
    "}",
    "{/* c */}",
    "# ",
    "## h {#id}\n",
    "|",
    "| a | b |\n|---|---|\n",
    "<Tabs>",
    "<TabItem value=\"a\" label=\"A\">",
    "</TabItem>",
    "</Tabs>",
    "<CodeExample path=\"x.py\" />",
    "<DocCardList />",
    "&",
    "&amp;",
    "\\",
    "*",
    "_",
    "~~",
    "[^1]",
    "[^1]: n\n",
    "    ",
    "\t",
    "<a href=\"javascript:x\">",
    "<img src=\"x\" onerror=\"x\" />",
    "<span>",
    "</span>",
    "https://example.com",
    "<br />",
    "import X from 'y'\n",
    "é",
    "\r\n",
    "<Admonition type=\"note\">",
    "<iframe src=\"https://x\">",
    "<iframe src=\"https://x\" sandbox=\"allow-scripts allow-same-origin\" />",
    "</iframe>",
    "<video src=\"a.mp4\" poster=\"javascript:x\">",
    "</video>",
    "<source srcset=\"a.png 1x, javascript:x 2x\" />",
    "<svg>",
    // Attribute names in upper case meet the same policy.
    "<iframe SRC=\"http://x\" ALLOW=\"camera; microphone\" SANDBOX=\"allow-scripts allow-same-origin\">",
    "<A HREF=\"javascript:x\">",
    "<img SRC=\"x\" ONERROR=\"x\" />",
    // Ids of the reading app.
    "<div id=\"__docsite-data\">",
    "<div ID=\"__DOCSITE\">",
    "## main\n",
    "## h {#__docsite-content}\n",
    // Docusaurus's Markdown the renderer reads without a runtime: static style objects (and
    // ones that would lay an overlay), the page scope, `<head>`, `<CodeBlock>`, `pathname:`,
    // escaped import paths, unquoted titles, granted iframe origins.
    "<div style={{position: 'relative', paddingTop: '56.25%'}}>",
    "<span style={{position: \"absolute\", top: 0, width: '100%'}}>",
    "<div style=\"position: fixed; inset: 0; z-index: 9999\">",
    "<div style={{backgroundImage: 'url(javascript:x)', color: 'expression(x)'}}>",
    "{frontMatter.title}",
    "{frontMatter['description']}",
    "{contentTitle}",
    "<head><title>t</title><meta name=\"description\" content=\"d\" /><meta http-equiv=\"refresh\" content=\"0;url=javascript:x\" /><link rel=\"stylesheet\" href=\"javascript:x\" /></head>",
    "<CodeBlock language=\"jsx\" title=\"x\">{`<script>x</script>`}</CodeBlock>",
    "[f](pathname:///file.pdf)",
    "[f](pathname://javascript:x)",
    "import B from '@site/docs/\\_B.md'\n",
    "```py title=file.py\n",
    "```bash npm2yarn\nnpm install x\n```\n",
    "<iframe src=\"https://codesandbox.io/embed/x\" sandbox=\"allow-scripts allow-same-origin allow-modals allow-top-navigation\" allow=\"geolocation; ambient-light-sensor\">",
    "<summary markdown=\"span\">",
];

fn options_run(src: &str) -> Result<Rendered, Vec<docsite_core::Diagnostic>> {
    let resolve = |u: &str, _: Option<&str>| u.to_string();
    let load = |_: &str| Ok::<_, String>("x = 1\n".to_string());
    let url = |_: &str| None;
    let options = Options {
        twin: Some(TwinOptions {
            site_url: "https://example.com",
            route: "/x",
        }),
        ..Options::new(&resolve, &load, &url)
    };
    render(src, &options)
}

/// Renders on a 2 MiB stack (a rayon worker's) and checks what comes back.
fn check(src: String) -> Result<(), String> {
    let lines = src.lines().count() + 1;
    let result = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || options_run(&src))
        .unwrap()
        .join()
        .map_err(|_| "rendering crashed its thread".to_string())?;
    match result {
        Ok(r) => match script_in(&r.html) {
            Some(tag) => Err(format!("script in the output: {tag}")),
            None => Ok(()),
        },
        Err(diags) => match diags.iter().find(|d| d.line == 0 || d.line > lines) {
            Some(d) => Err(format!("diagnostic outside the page: {d}")),
            None => Ok(()),
        },
    }
}

/// A real tag (text `<` is always escaped) that can run script: `<script>`, an event handler,
/// a `style`, or a `javascript:` URL. Attribute values are read as values, so escaped text
/// inside one (an `aria-label` quoting the heading) is not taken for markup.
fn script_in(html: &str) -> Option<&str> {
    html.match_indices('<').find_map(|(i, _)| {
        let tag = &html[i..html[i..].find('>').map_or(html.len(), |e| i + e + 1)];
        let lower = tag.to_ascii_lowercase();
        let bad = lower.starts_with("<script")
            || attributes(&lower).iter().any(|(name, value)| {
                (name == "style" && style_problem(value))
                    || name.starts_with("on")
                    || (matches!(
                        name.as_str(),
                        "href" | "src" | "action" | "formaction" | "poster"
                    ) && value.trim_start().starts_with("javascript:"))
                    || (name == "srcset"
                        && srcset_urls(value).any(|u| u.starts_with("javascript:")))
            });
        // The reading app's ids, and frames from http or with device access, never pass.
        let app_id = attributes(&lower)
            .iter()
            .any(|(n, v)| n == "id" && (v.starts_with("__docsite") || v == "main"));
        let frame_policy = lower.starts_with("<iframe")
            && attributes(&lower).iter().any(|(n, v)| {
                (n == "src" && !v.starts_with("https:"))
                    || (n == "allow"
                        && ["camera", "microphone", "geolocation"]
                            .iter()
                            .any(|f| v.contains(f)))
            });
        // A frame always runs in a sandbox that cannot lift itself.
        let open_frame = lower.starts_with("<iframe") && {
            let sandbox = attributes(&lower)
                .into_iter()
                .find(|(n, _)| n == "sandbox")
                .map(|(_, v)| v);
            let granted = attributes(&lower)
                .iter()
                .any(|(n, v)| n == "src" && v.starts_with("https://codesandbox.io/"));
            sandbox.is_none_or(|v| {
                v.contains("allow-scripts") && v.contains("allow-same-origin") && !granted
            })
        };
        (bad || open_frame || app_id || frame_policy).then_some(tag)
    })
}

/// A style that could lay an overlay over the site or fetch something: a declaration outside
/// the allow-list, or a fixed position, a function call other than a colour, `!important`.
fn style_problem(style: &str) -> bool {
    docsite_markdown::css::from_text(style)
        .iter()
        .any(|(p, v)| docsite_markdown::css::declaration_problem(p, v, true).is_some())
        || style.contains("fixed")
        || style.contains("url(")
        || style.contains('!')
}

/// The URLs of a `srcset`, read as browsers do: each candidate's URL is its first run of
/// non-space characters after any spaces and commas (so "`javascript:x" is a relative path).
fn srcset_urls(value: &str) -> impl Iterator<Item = &str> {
    value.split(',').filter_map(|c| c.split_whitespace().next())
}

/// The attributes of a tag as (name, value) pairs; values in double or single quotes.
fn attributes(tag: &str) -> Vec<(String, String)> {
    let inner = tag.trim_start_matches('<').trim_end_matches('>');
    let mut rest = inner.trim_start_matches(|c: char| !c.is_whitespace());
    let mut out = Vec::new();
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '/');
        if rest.is_empty() {
            return out;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '=')
            .unwrap_or(rest.len());
        let name = rest[..end].to_string();
        rest = rest[end..].trim_start();
        let mut value = String::new();
        if let Some(after) = rest.strip_prefix('=') {
            let after = after.trim_start();
            match after.chars().next() {
                Some(q @ ('"' | '\'')) => {
                    let close = after[1..].find(q).map_or(after.len(), |e| e + 1);
                    value = after[1..close].to_string();
                    rest = after.get(close + 1..).unwrap_or("");
                }
                _ => {
                    let e = after.find(char::is_whitespace).unwrap_or(after.len());
                    value = after[..e].to_string();
                    rest = &after[e..];
                }
            }
        }
        out.push((name, value));
    }
}

#[test]
fn the_checker_reads_attribute_values_as_values() {
    // Escaped markup quoted in a label is text; a real handler or URL is not.
    let label = r##"<a class="hash-link" href="#x" aria-label="Direct link to &lt;a href=&quot;javascript:x&quot;&gt; style= onclick=1">#</a>"##;
    assert_eq!(script_in(label), None);
    assert!(script_in(r#"<a href=" JavaScript:x">"#.to_ascii_lowercase().as_str()).is_some());
    assert!(script_in(r#"<img src=x onerror="y">"#).is_some());
    assert!(script_in(r#"<div style="position:fixed">"#).is_some());
    assert!(script_in(r#"<div style="z-index:9">"#).is_some());
    assert_eq!(
        script_in(r#"<div style="position:relative;padding-top:56.25%">"#),
        None
    );
    assert!(script_in(r#"<source srcset="a.png 1x, javascript:x 2x">"#).is_some());
    assert!(script_in(r#"<source srcset="a.png 1x,javascript:x 2x">"#).is_some());
    // A URL that starts with a backtick has no scheme: the browser resolves it as a path.
    assert_eq!(
        script_in(r#"<source srcset="a.png 1x, `javascript:x 2x">"#),
        None
    );
    assert!(script_in(r#"<iframe src="https://x">"#).is_some());
    assert!(
        script_in(r#"<iframe sandbox="allow-same-origin allow-scripts" src="https://x">"#)
            .is_some()
    );
    assert_eq!(
        script_in(
            r#"<iframe sandbox="allow-scripts allow-popups" loading="lazy" src="https://x">"#
        ),
        None
    );
}

#[test]
fn pages_of_tricky_constructs() {
    let strategy = proptest::collection::vec(select(FRAGMENTS), 0..80).prop_map(|p| p.concat());
    fuzz(file!(), strategy, check);
}

/// The bundled site's page bodies, in a fixed order.
fn site_pages() -> Vec<String> {
    let mut pages: Vec<String> = docsite_test_support::site_pages()
        .into_iter()
        .map(|(_, body)| body)
        .collect();
    pages.sort();
    pages
}

#[test]
fn the_sites_own_pages_mutated() {
    let pages = site_pages();
    assert!(!pages.is_empty(), "the bundled site's pages are found");
    let edits = proptest::collection::vec((any::<prop::sample::Index>(), select(FRAGMENTS)), 1..10);
    let strategy = (any::<prop::sample::Index>(), edits);
    fuzz(file!(), strategy, |(page, edits)| {
        let mut text = pages[page.index(pages.len())].clone();
        for (at, fragment) in edits {
            let mut i = at.index(text.len() + 1);
            while !text.is_char_boundary(i) {
                i -= 1;
            }
            text.insert_str(i, fragment);
        }
        check(text)
    });
}
