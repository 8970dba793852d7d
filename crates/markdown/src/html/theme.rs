//! Docusaurus theme components a docs folder uses (`<TOCInline>`, `<ThemedImage>`) and the
//! files a page imports: Markdown partials rendered in place, other files (an SVG) shown as
//! images.

use super::Renderer;
use crate::jsx::Attrs;
use crate::page::Imported;
use crate::text::{escape_attr, escape_html, position};
use docsite_core::model::TocItem;
use markdown::mdast::Node;
use std::cell::Cell;

/// How deep partials may include partials (a partial importing itself stops here).
const MAX_PARTIAL_DEPTH: usize = 8;

thread_local! {
    static PARTIAL_DEPTH: Cell<usize> = const { Cell::new(0) };
}

/// `import Name from './file'` lines of an ESM block: name → path. Only files of the site
/// (`./`, `../`, `@site/`) are read; `@theme/…` and packages are not.
pub(crate) fn imports(esm: &str) -> Vec<(String, String)> {
    esm.split([';', '\n'])
        .filter_map(|stmt| {
            let rest = stmt.trim().strip_prefix("import ")?;
            let (name, from) = rest.split_once(" from ")?;
            let name = name.trim();
            let path = from.trim().trim_matches(|c| c == '\'' || c == '"');
            let local =
                path.starts_with("./") || path.starts_with("../") || path.starts_with("@site/");
            let plain = name
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '$');
            (local && plain && !name.is_empty()).then(|| (name.to_string(), path.to_string()))
        })
        .collect()
}

/// `<TOCInline toc={toc} minHeadingLevel={2} maxHeadingLevel={3} />`: a marker now, the list
/// once every heading of the page is known.
pub(crate) fn toc_inline(r: &mut Renderer, attrs: &Attrs) {
    let level = |name: &str, default: u8| {
        attrs
            .text(name)
            .and_then(|v| v.parse::<u8>().ok())
            .unwrap_or(default)
    };
    let (min, max) = (level("minHeadingLevel", 2), level("maxHeadingLevel", 3));
    r.out
        .push_str(&format!("<!--docsite:toc-inline:{min}:{max}-->\n"));
}

/// Replaces each inline TOC marker with the list of the page's headings in its levels.
pub(crate) fn fill_inline_tocs(html: String, headings: &[TocItem]) -> String {
    const OPEN: &str = "<!--docsite:toc-inline:";
    if !html.contains(OPEN) {
        return html;
    }
    let mut out = String::with_capacity(html.len());
    let mut rest = html.as_str();
    while let Some(start) = rest.find(OPEN) {
        out.push_str(&rest[..start]);
        let after = &rest[start + OPEN.len()..];
        let Some(end) = after.find("-->") else { break };
        let (min, max) = after[..end].split_once(':').unwrap_or(("2", "3"));
        let (min, max) = (min.parse().unwrap_or(2), max.parse().unwrap_or(3));
        out.push_str(&toc_list(headings, min, max));
        rest = &after[end + 3..];
    }
    out.push_str(rest);
    out
}

fn toc_list(headings: &[TocItem], min: u8, max: u8) -> String {
    let mut out = String::from("<div class=\"toc-inline\"><ul>");
    let mut depth = min;
    let mut open_item = false;
    for h in headings.iter().filter(|h| (min..=max).contains(&h.level)) {
        while depth < h.level {
            out.push_str("<ul>");
            depth += 1;
            open_item = false;
        }
        while depth > h.level {
            out.push_str("</li></ul>");
            depth -= 1;
        }
        if open_item {
            out.push_str("</li>");
        }
        out.push_str(&format!(
            "<li><a href=\"#{}\">{}</a>",
            escape_attr(&h.id),
            escape_html(&h.text)
        ));
        open_item = true;
    }
    while depth > min {
        out.push_str("</li></ul>");
        depth -= 1;
    }
    if open_item {
        out.push_str("</li>");
    }
    out.push_str("</ul></div>\n");
    out
}

/// `<ThemedImage alt="…" sources={{light: '/a.png', dark: useBaseUrl('/b.png')}} />`: both
/// images, the stylesheet showing the one of the current theme.
pub(crate) fn themed_image(r: &mut Renderer, node: &Node, attrs: &Attrs) {
    let sources = attrs.text("sources").unwrap_or_default();
    let alt = attrs.text("alt").unwrap_or_default();
    let (Some(light), Some(dark)) = (source(&sources, "light"), source(&sources, "dark")) else {
        r.error_at(
            node,
            "`<ThemedImage>` needs `sources={{light: '…', dark: '…'}}` with string paths",
            None,
        );
        return;
    };
    for (theme, url) in [("light", light), ("dark", dark)] {
        let src = r.href(node, &url);
        r.out.push_str(&format!(
            "<img class=\"themed-image themed-image--{theme}\" src=\"{}\" alt=\"{}\" loading=\"lazy\" />",
            escape_attr(&src),
            escape_attr(&alt)
        ));
    }
}

/// The string after `key:` in an object literal, unwrapped from `useBaseUrl(…)` or
/// `require(…).default`.
fn source(object: &str, key: &str) -> Option<String> {
    let at = object.find(&format!("{key}:"))? + key.len() + 1;
    let value = object[at..].trim_start();
    let value = value
        .strip_prefix("useBaseUrl(")
        .or_else(|| value.strip_prefix("require("))
        .unwrap_or(value)
        .trim_start();
    let quote = value
        .chars()
        .next()
        .filter(|c| matches!(c, '\'' | '"' | '`'))?;
    let end = value[1..].find(quote)? + 1;
    Some(value[1..end].to_string())
}

/// An imported name used as a component: a partial's content, or an image of the file.
pub(crate) fn imported(r: &mut Renderer, node: &Node, name: &str, attrs: &Attrs) {
    let path = r.imports[name].clone();
    match (r.options.import)(&path) {
        Ok(Imported::Asset { url }) => {
            let class = attrs
                .text("className")
                .or_else(|| attrs.text("class"))
                .map(|c| format!(" class=\"{}\"", escape_attr(&c)))
                .unwrap_or_default();
            let alt = attrs
                .text("title")
                .or_else(|| attrs.text("aria-label"))
                .unwrap_or_default();
            r.out.push_str(&format!(
                "<img src=\"{}\" alt=\"{}\"{class} />",
                escape_attr(&url),
                escape_attr(&alt)
            ));
        }
        Ok(Imported::Markdown { path, text }) => partial(r, node, &path, &text),
        Err(e) => r.error_at(
            node,
            format!("cannot import `{path}` for `<{name}>`: {e}"),
            None,
        ),
    }
}

/// Renders a partial with the page's options and takes in its HTML, headings and links; its
/// problems are reported at the line that shows it.
fn partial(r: &mut Renderer, node: &Node, path: &str, text: &str) {
    let depth = PARTIAL_DEPTH.with(Cell::get);
    if depth >= MAX_PARTIAL_DEPTH {
        r.error_at(
            node,
            format!("partial `{path}` includes partials more than {MAX_PARTIAL_DEPTH} deep"),
            Some("a partial may not include itself"),
        );
        return;
    }
    PARTIAL_DEPTH.with(|d| d.set(depth + 1));
    let result = crate::render(text, r.options);
    PARTIAL_DEPTH.with(|d| d.set(depth));
    match result {
        Ok(done) => {
            let (line, column) = position(node);
            r.out.push_str(&done.html);
            r.done.toc.extend(done.toc);
            r.done.anchors.extend(done.anchors);
            r.done
                .links
                .extend(
                    done.links
                        .into_iter()
                        .map(|l| crate::LinkRef { line, column, ..l }),
                );
            r.done.examples.extend(done.examples);
            r.done.warnings.extend(done.warnings);
        }
        Err(diags) => {
            for d in diags {
                let message = format!("in partial `{path}` line {}: {}", d.line, d.message);
                let hint = d.hint.clone();
                r.error_at(node, message, hint.as_deref());
            }
        }
    }
}
