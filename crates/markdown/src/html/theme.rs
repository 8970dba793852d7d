//! Docusaurus theme components a docs folder uses (`<TOCInline>`, `<ThemedImage>`) and the
//! files a page imports: Markdown partials rendered in place, other files (an SVG) shown as
//! images.

use super::Renderer;
use crate::jsx::{object_string, Attrs};
use crate::page::{Imported, IslandUse, Options};
use crate::partials;
use crate::text::{escape_attr, escape_html, position};
use docsite_core::model::TocItem;
use markdown::mdast::Node;

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
    let (Some(light), Some(dark)) = (
        object_string(&sources, "light"),
        object_string(&sources, "dark"),
    ) else {
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

/// An imported name used as a component: a partial's content, or an image of the file.
pub(crate) fn imported(
    r: &mut Renderer,
    node: &Node,
    name: &str,
    attrs: &Attrs,
    children: &[Node],
    flow: bool,
) {
    let path = r.imports[name].clone();
    match (r.options.import)(&path, r.options.from) {
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
        Ok(Imported::Component { module, export }) => {
            let site = super::island::SiteComponent {
                name,
                module,
                export,
            };
            super::island::island(r, node, site, attrs, children, flow)
        }
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
    // The partial's links and imports start from its own folder; the rest is the page's.
    let options = Options {
        from: Some(path),
        ..*r.options
    };
    let result = match partials::nested(text.len(), || crate::render(text, &options)) {
        Ok(result) => result,
        Err(refused) => {
            let (message, hint) = refused.message(path);
            r.error_at(node, message, Some(hint));
            return;
        }
    };
    match result {
        Ok(done) => {
            let (line, column) = position(node);
            // The partial's site components join the page's, numbered after those before
            // it; a problem in one is reported at the line that shows the partial.
            let (html, _) = crate::page::shift_island_markers(&done.html, r.done.islands.len());
            r.done
                .islands
                .extend(done.islands.into_iter().map(|u| IslandUse { line, ..u }));
            r.out.push_str(&html);
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
            r.done.head.extend(done.head);
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
