//! MDX page body → clean Markdown: the page's twin for readers' tools (`<route>.md`,
//! `llms-full.txt`).
//!
//! The output is plain CommonMark + GFM: no JSX, no `import`/`export` lines. Site components
//! become what they show (tabs → labelled sections, `<CodeExample>` → its fenced code,
//! admonitions → blockquotes naming their type) and internal links become absolute URLs, so
//! the text reads the same wherever it is pasted.
//!
//! Blocks are written from the tree; words are copied from the author's source (escapes and
//! entities included), so the text is never re-escaped and reads as written.

mod api;
mod components;
mod format;
#[cfg(test)]
mod tests;

use crate::codemeta;
use crate::page::{Options, TwinOptions};
use crate::parse;
use crate::text::{is_external, plain_text};
use docsite_core::Diagnostic;
use format::{
    destination, expression, fence, indent_after_first, list_item, npm2yarn_tabs, quote, title_part,
};
use markdown::mdast::{self, Node};

/// Parses a page body and writes its twin. [`render`](crate::render()) does the same from
/// the tree it has already parsed when the options ask for a twin.
pub fn to_markdown(
    body: &str,
    options: &Options,
    twin: &TwinOptions,
) -> Result<String, Vec<Diagnostic>> {
    let (pre, tree, errors) = parse::parse(body, &options.dialect.admonitions)?;
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(convert(&pre.text, &tree, options, twin))
}

/// An href as the HTML has it (`/a/b#c`, `#c`, `https://…`) as an absolute URL.
pub fn absolute_url(href: &str, twin: &TwinOptions) -> String {
    if href.is_empty() || is_external(href) {
        return href.to_string();
    }
    let base = twin.site_url.trim_end_matches('/');
    if href.starts_with('#') || href.starts_with('?') {
        format!("{base}{}{href}", twin.route)
    } else if href.starts_with('/') {
        format!("{base}{href}")
    } else {
        format!("{base}/{href}")
    }
}

/// The twin of a parsed page (`text` is the preprocessed source the tree's positions refer to).
/// A leading `# Title` is left out: the build writes the resolved title above the body.
pub(crate) fn convert(text: &str, tree: &Node, options: &Options, twin: &TwinOptions) -> String {
    let mut w = Writer {
        text,
        options,
        twin,
        quote_depth: 0,
        in_table: false,
        in_link: false,
        imports: Vec::new(),
        content_title: None,
        islands: 0,
    };
    let children = tree.children().map(Vec::as_slice).unwrap_or_default();
    for child in children {
        if let Node::MdxjsEsm(e) = child {
            w.imports.extend(crate::partials::imports(&e.value));
        }
    }
    let leading = parse::leading_h1(children);
    w.content_title = leading.map(|(_, h)| plain_text(&h.children));
    let skip = leading.map_or(0, |(i, _)| i + 1);
    let mut out = w.flow(&children[skip..]);
    if !out.is_empty() {
        out.push('\n');
    }
    out
}

struct Writer<'a> {
    text: &'a str,
    options: &'a Options<'a>,
    twin: &'a TwinOptions<'a>,
    /// Blockquotes around the node in the source, whose `>` markers a copied line must lose.
    quote_depth: usize,
    /// In a table cell, where a line break would end the row.
    in_table: bool,
    /// Inside a link, where a nested link keeps only its text.
    in_link: bool,
    /// `import Name from 'path'` lines: component name → path.
    imports: Vec<(String, String)>,
    /// The page's leading `# Title`, for `{contentTitle}`.
    content_title: Option<String>,
    /// Site components met so far: the next one's marker number, as in the HTML.
    islands: usize,
}

impl Writer<'_> {
    /// An MDX expression: a string literal's text, a value of the page scope
    /// (`frontMatter.title`), else nothing (the HTML rendering reports it).
    fn expression(&self, value: &str) -> String {
        expression(value).unwrap_or_else(|| {
            crate::scope::value(
                value,
                self.options.front_matter,
                self.content_title.as_deref(),
            )
            .and_then(Result::ok)
            .unwrap_or_default()
        })
    }

    fn flow(&mut self, nodes: &[Node]) -> String {
        self.blocks(nodes).join("\n\n")
    }

    /// The blocks of a flow, empty ones (imports, comments) dropped.
    fn blocks(&mut self, nodes: &[Node]) -> Vec<String> {
        let mut out = Vec::new();
        let mut previous_list: Option<bool> = None;
        for node in nodes {
            let block = match node {
                // Two lists of one kind in a row would merge into one: the second changes marker.
                Node::List(l) => self.list(l, previous_list == Some(l.ordered)),
                other => self.block(other),
            };
            if block.trim().is_empty() {
                continue;
            }
            previous_list = match node {
                Node::List(l) => Some(l.ordered),
                _ => None,
            };
            out.push(block);
        }
        out
    }

    fn block(&mut self, node: &Node) -> String {
        match node {
            Node::Paragraph(p) => self.paragraph(p),
            Node::Heading(h) => {
                format!(
                    "{} {}",
                    "#".repeat(h.depth.into()),
                    self.inline(&h.children).trim()
                )
            }
            Node::ThematicBreak(_) => "---".into(),
            Node::Blockquote(b) => {
                self.quote_depth += 1;
                let inner = self.flow(&b.children);
                self.quote_depth -= 1;
                quote(&inner)
            }
            Node::List(l) => self.list(l, false),
            Node::Code(c) => {
                let meta = codemeta::parse(c.meta.as_deref().unwrap_or("")).unwrap_or_default();
                let lang = c.lang.as_deref().unwrap_or("");
                if c.meta.as_deref() == Some("npm2yarn") {
                    if let Some(config) = &self.options.dialect.npm2yarn {
                        return npm2yarn_tabs(lang, &c.value, config);
                    }
                }
                // The twin shows the code as the HTML does: without magic comment lines.
                let code = if meta.highlighted.is_empty() {
                    crate::magic::apply(&c.value, lang).0
                } else {
                    c.value.clone()
                };
                fence(lang, meta.title.as_deref(), &code)
            }
            Node::Table(t) => self.table(t),
            Node::Definition(d) => {
                let label = d.label.as_deref().unwrap_or(&d.identifier);
                format!(
                    "[{label}]: {}{}",
                    destination(&self.absolute(&d.url)),
                    title_part(d.title.as_deref())
                )
            }
            Node::FootnoteDefinition(f) => {
                let label = f.label.as_deref().unwrap_or(&f.identifier);
                let body = self.flow(&f.children);
                indent_after_first(&format!("[^{label}]: {body}"), 4)
            }
            Node::MdxJsxFlowElement(e) => {
                self.element(node, e.name.as_deref(), &e.attributes, &e.children, true)
            }
            Node::MdxFlowExpression(e) => self.expression(&e.value),
            Node::Math(m) => format!("$$\n{}\n$$", m.value),
            Node::Html(h) => h.value.clone(),
            Node::MdxjsEsm(_) | Node::Yaml(_) | Node::Toml(_) => String::new(),
            other => self.inline_node(other),
        }
    }

    fn paragraph(&mut self, p: &mdast::Paragraph) -> String {
        // A component on a line of its own can parse as a paragraph holding only it: it is a
        // block all the same.
        let only_blocks = p.children.iter().all(|c| match c {
            Node::MdxJsxTextElement(e) => crate::jsx::is_block(e.name.as_deref()),
            Node::Text(t) => t.value.trim().is_empty(),
            _ => false,
        });
        if only_blocks {
            let parts: Vec<String> = p
                .children
                .iter()
                .filter_map(|c| match c {
                    Node::MdxJsxTextElement(e) => {
                        Some(self.element(c, e.name.as_deref(), &e.attributes, &e.children, true))
                    }
                    _ => None,
                })
                .collect();
            return parts.join("\n\n");
        }
        let text = self.inline(&p.children);
        // A hard break at the very end would leave a stray backslash.
        let trimmed = text.trim();
        trimmed.strip_suffix('\\').unwrap_or(trimmed).to_string()
    }

    fn inline(&mut self, nodes: &[Node]) -> String {
        let mut out = String::new();
        for node in nodes {
            let piece = self.inline_node(node);
            // After a line break, the next line's indentation is not content.
            if out.ends_with('\n') {
                out.push_str(piece.trim_start());
            } else {
                out.push_str(&piece);
            }
        }
        out
    }

    fn inline_node(&mut self, node: &Node) -> String {
        match node {
            Node::Text(_) | Node::InlineMath(_) => self.source(node),
            Node::InlineCode(c) => self.inline_code(node, &c.value),
            Node::LinkReference(_) | Node::ImageReference(_) | Node::FootnoteReference(_) => {
                self.source(node)
            }
            Node::Emphasis(e) => self.delimited(node, 1, &e.children),
            Node::Strong(s) => self.delimited(node, 2, &s.children),
            Node::Delete(d) => {
                let n = self.raw(node).chars().take_while(|c| *c == '~').count();
                self.delimited(node, n.max(1), &d.children)
            }
            Node::Break(_) => self.line_break(),
            Node::Link(l) => self.link(node, &l.url, l.title.as_deref(), &l.children),
            Node::Image(i) => self.image(&i.url, &i.alt, i.title.as_deref()),
            Node::MdxJsxTextElement(e) => {
                self.element(node, e.name.as_deref(), &e.attributes, &e.children, false)
            }
            Node::MdxTextExpression(e) => self.expression(&e.value),
            Node::Html(h) => h.value.clone(),
            _ => String::new(),
        }
    }

    /// The node's source text.
    fn raw(&self, node: &Node) -> &str {
        node.position()
            .and_then(|p| self.text.get(p.start.offset..p.end.offset))
            .unwrap_or("")
    }

    /// The node's source, with the indentation and `>` markers of continuation lines taken
    /// off (the containers around it write their own).
    fn source(&self, node: &Node) -> String {
        let raw = self.raw(node);
        if raw.is_empty() {
            return plain_text(std::slice::from_ref(node));
        }
        let mut out = String::with_capacity(raw.len());
        for (i, line) in raw.split('\n').enumerate() {
            if i > 0 {
                out.push('\n');
                out.push_str(self.strip_line_prefix(line));
            } else {
                out.push_str(line);
            }
        }
        out
    }

    fn strip_line_prefix<'l>(&self, line: &'l str) -> &'l str {
        let mut rest = line.trim_start();
        for _ in 0..self.quote_depth {
            match rest.strip_prefix('>') {
                Some(r) => rest = r.trim_start(),
                None => break,
            }
        }
        rest
    }

    /// Emphasis, strong and strikethrough keep the author's marker (`*` or `_`, `~` or `~~`).
    fn delimited(&mut self, node: &Node, width: usize, children: &[Node]) -> String {
        let marker: String = self.raw(node).chars().take(width).collect();
        let marker = if marker.is_empty() {
            "*".repeat(width)
        } else {
            marker
        };
        format!("{marker}{}{marker}", self.inline(children))
    }

    fn line_break(&self) -> String {
        if self.in_table {
            " ".into()
        } else {
            "\\\n".into()
        }
    }

    fn link(&mut self, node: &Node, url: &str, title: Option<&str>, children: &[Node]) -> String {
        if self.in_link {
            return self.inline(children);
        }
        // Autolinks (`<https://…>`, bare URLs) are external and stay as written.
        if !self.raw(node).starts_with('[') {
            return self.source(node);
        }
        self.link_to(url, title, children)
    }

    fn link_to(&mut self, url: &str, title: Option<&str>, children: &[Node]) -> String {
        let href = match url.strip_prefix("api:") {
            Some(name) => match self.api_url(name) {
                Some(href) => href,
                None => return self.inline(children),
            },
            None => self.absolute(url),
        };
        self.in_link = true;
        let text = self.inline(children);
        self.in_link = false;
        format!("[{text}]({}{})", destination(&href), title_part(title))
    }

    fn image(&mut self, url: &str, alt: &str, title: Option<&str>) -> String {
        let alt = alt.replace('[', "\\[").replace(']', "\\]");
        format!(
            "![{alt}]({}{})",
            destination(&self.absolute(url)),
            title_part(title)
        )
    }

    fn absolute(&self, url: &str) -> String {
        // `pathname:///file.pdf` is the file's path as it is.
        if crate::sanitize::url_scheme(url).as_deref() == Some("pathname") {
            let path = url.trim().split_once(':').map_or("", |(_, p)| p);
            return absolute_url(path.strip_prefix("//").unwrap_or(path), self.twin);
        }
        absolute_url(
            &(self.options.resolve_link)(url, self.options.from),
            self.twin,
        )
    }

    fn table(&mut self, t: &mdast::Table) -> String {
        self.in_table = true;
        let rows: Vec<Vec<String>> = t
            .children
            .iter()
            .map(|row| {
                row.children()
                    .map(Vec::as_slice)
                    .unwrap_or_default()
                    .iter()
                    .map(|cell| {
                        let inner = cell.children().map(Vec::as_slice).unwrap_or_default();
                        self.inline(inner).trim().to_string()
                    })
                    .collect()
            })
            .collect();
        self.in_table = false;
        let line = |cells: &[String]| format!("| {} |", cells.join(" | "));
        let rule: Vec<String> = t
            .align
            .iter()
            .map(|a| {
                match a {
                    mdast::AlignKind::Left => ":---",
                    mdast::AlignKind::Right => "---:",
                    mdast::AlignKind::Center => ":---:",
                    mdast::AlignKind::None => "---",
                }
                .to_string()
            })
            .collect();
        let mut lines = Vec::with_capacity(rows.len() + 1);
        if let Some((head, body)) = rows.split_first() {
            lines.push(line(head));
            lines.push(line(&rule));
            lines.extend(body.iter().map(|r| line(r)));
        }
        lines.join("\n")
    }

    /// `alternate`: use the other marker (`*`, `)`), so the list does not merge into the one
    /// just before it.
    fn list(&mut self, l: &mdast::List, alternate: bool) -> String {
        let loose = l.spread
            || l.children
                .iter()
                .any(|c| matches!(c, Node::ListItem(i) if i.spread));
        let separator = if loose { "\n\n" } else { "\n" };
        let start = l.start.unwrap_or(1) as usize;
        let mut items = Vec::new();
        for (i, child) in l.children.iter().enumerate() {
            let Node::ListItem(item) = child else {
                continue;
            };
            let marker = match (l.ordered, alternate) {
                (true, false) => format!("{}.", start + i),
                (true, true) => format!("{})", start + i),
                (false, false) => "-".into(),
                (false, true) => "*".into(),
            };
            let mut body = self.blocks(&item.children).join(separator);
            if let Some(checked) = item.checked {
                body = format!("[{}] {body}", if checked { "x" } else { " " });
            }
            items.push(list_item(&marker, &body));
        }
        items.join(separator)
    }
}
