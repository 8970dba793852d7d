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

use crate::codemeta;
use crate::components::{self, capitalise, Attrs, ExampleError};
use crate::render::{self, is_external, plain_text, Options, CARDS_MARKER};
use docsite_core::Diagnostic;
use markdown::mdast::{self, AttributeContent, Node};

/// Where the twin's links point.
#[derive(Debug, Clone, Copy)]
pub struct TwinOptions<'a> {
    /// The site's origin (`https://docs.dagster.io`): internal links are made absolute with it.
    pub site_url: &'a str,
    /// The page's route, for links to its own anchors (`#x`).
    pub route: &'a str,
}

/// Parses a page body and writes its twin. [`render`](crate::render()) does the same from
/// the tree it has already parsed when the options ask for a twin.
pub fn to_markdown(
    body: &str,
    options: &Options,
    twin: &TwinOptions,
) -> Result<String, Vec<Diagnostic>> {
    let (pre, tree) = render::parse(body)?;
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
    };
    let children = tree.children().map(Vec::as_slice).unwrap_or_default();
    let skip = render::leading_h1(children).map_or(0, |(i, _)| i + 1);
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
}

impl Writer<'_> {
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
                let title = codemeta::parse(c.meta.as_deref().unwrap_or(""))
                    .ok()
                    .and_then(|m| m.title);
                fence(c.lang.as_deref().unwrap_or(""), title.as_deref(), &c.value)
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
                self.element(e.name.as_deref(), &e.attributes, &e.children, true)
            }
            Node::MdxFlowExpression(e) => expression(&e.value),
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
            Node::MdxJsxTextElement(e) => components::is_block(e.name.as_deref()),
            Node::Text(t) => t.value.trim().is_empty(),
            _ => false,
        });
        if only_blocks {
            let parts: Vec<String> = p
                .children
                .iter()
                .filter_map(|c| match c {
                    Node::MdxJsxTextElement(e) => {
                        Some(self.element(e.name.as_deref(), &e.attributes, &e.children, true))
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
            Node::Text(_) | Node::InlineCode(_) | Node::InlineMath(_) => self.source(node),
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
                self.element(e.name.as_deref(), &e.attributes, &e.children, false)
            }
            Node::MdxTextExpression(e) => expression(&e.value),
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
        let href = self.absolute(url);
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
        absolute_url(&(self.options.resolve_link)(url), self.twin)
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

    /// MDX components and HTML elements: what they show, as Markdown.
    fn element(
        &mut self,
        name: Option<&str>,
        attributes: &[AttributeContent],
        children: &[Node],
        flow: bool,
    ) -> String {
        let attrs = Attrs(attributes);
        match name {
            Some("Admonition") => self.admonition(&attrs, children),
            Some("Tabs") => self.tabs(children),
            Some("DocCardList") => CARDS_MARKER.into(),
            Some("CodeExample") => match components::example(&attrs, self.options.load_example) {
                Ok(e) => fence(&e.language, e.title.as_deref(), &e.code),
                // The HTML rendering reports the problem; the twin just leaves the code out.
                Err(ExampleError { .. }) => String::new(),
            },
            Some("summary") => format!("**{}**", self.phrasing(children, flow).trim()),
            Some("b" | "strong") if !flow => format!("**{}**", self.inline(children)),
            Some("em" | "i") if !flow => format!("*{}*", self.inline(children)),
            Some("del" | "s") if !flow => format!("~~{}~~", self.inline(children)),
            Some("code" | "kbd") if !flow => code_span(&plain_text(children)),
            Some("a") => match attrs.text("href") {
                Some(href) if !self.in_link => {
                    let text = self.phrasing(children, flow);
                    let href = self.absolute(&href);
                    format!("[{}]({})", text.trim(), destination(&href))
                }
                _ => self.content(children, flow),
            },
            Some("img") => {
                let src = attrs.text("src").unwrap_or_default();
                let alt = attrs.text("alt").unwrap_or_default();
                self.image(&src, &alt, attrs.text("title").as_deref())
            }
            Some("br") if flow => String::new(),
            Some("br") => self.line_break(),
            Some("hr") => "---".into(),
            Some("pre") => fence("", None, &plain_text(children)),
            Some(tag @ ("ul" | "ol")) if flow => self.html_list(tag == "ol", children),
            // `<details>`, `<div>`, `<span>`, `<TabItem>` outside tabs, fragments, …: their content.
            _ => self.content(children, flow),
        }
    }

    fn content(&mut self, children: &[Node], flow: bool) -> String {
        if flow {
            self.flow(children)
        } else {
            self.inline(children)
        }
    }

    /// The words of an element that may be written as a block (`<summary>` on its own line).
    fn phrasing(&mut self, children: &[Node], flow: bool) -> String {
        if !flow {
            return self.inline(children);
        }
        let parts: Vec<String> = children
            .iter()
            .map(|c| match c {
                Node::Paragraph(p) => self.inline(&p.children),
                other => self.block(other),
            })
            .collect();
        parts.join(" ")
    }

    /// An admonition is a blockquote opening with its type in bold: `> **Tip: Title**`.
    fn admonition(&mut self, attrs: &Attrs, children: &[Node]) -> String {
        let kind = capitalise(&attrs.text("type").unwrap_or_else(|| "note".into()));
        let head = match attrs.text("title").filter(|t| !t.is_empty() && *t != kind) {
            Some(title) => format!("**{kind}: {title}**"),
            None => format!("**{kind}**"),
        };
        let body = self.flow(children);
        if body.is_empty() {
            quote(&head)
        } else {
            quote(&format!("{head}\n\n{body}"))
        }
    }

    /// Every tab is shown, each under its label in bold.
    fn tabs(&mut self, children: &[Node]) -> String {
        let mut sections = Vec::new();
        for child in children {
            match child {
                Node::MdxJsxFlowElement(e) if e.name.as_deref() == Some("TabItem") => {
                    let a = Attrs(&e.attributes);
                    let label = a
                        .text("label")
                        .or_else(|| a.text("value"))
                        .unwrap_or_default();
                    let body = self.flow(&e.children);
                    sections.push(format!("**{label}**\n\n{body}").trim_end().to_string());
                }
                other => sections.push(self.block(other)),
            }
        }
        sections.retain(|s| !s.trim().is_empty());
        sections.join("\n\n")
    }

    fn html_list(&mut self, ordered: bool, children: &[Node]) -> String {
        let mut items = Vec::new();
        for child in children {
            let Node::MdxJsxFlowElement(e) = child else {
                continue;
            };
            let marker = if ordered {
                format!("{}.", items.len() + 1)
            } else {
                "-".into()
            };
            let body = self.flow(&e.children);
            items.push(list_item(&marker, &body));
        }
        items.join("\n")
    }
}

/// `{/* comment */}` says nothing; `{"text"}` says its text. Anything else would need a
/// JavaScript runtime (the HTML rendering rejects it).
fn expression(value: &str) -> String {
    let v = value.trim();
    let quoted = |q: char| v.len() >= 2 && v.starts_with(q) && v.ends_with(q);
    if quoted('\'') || quoted('"') || quoted('`') {
        v[1..v.len() - 1].to_string()
    } else {
        String::new()
    }
}

/// A fenced code block, long enough a fence that the code cannot close it. Only the title of
/// the meta is kept: line highlights and numbers mean nothing in plain text.
fn fence(lang: &str, title: Option<&str>, code: &str) -> String {
    let code = code.strip_suffix('\n').unwrap_or(code);
    let longest = code
        .lines()
        .map(|l| l.trim_start().chars().take_while(|c| *c == '`').count())
        .max()
        .unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    let mut info = lang.to_string();
    if let Some(t) = title {
        if info.is_empty() {
            info.push_str("text");
        }
        let q = if t.contains('"') { '\'' } else { '"' };
        info.push_str(&format!(" title={q}{t}{q}"));
    }
    if code.is_empty() {
        format!("{fence}{info}\n{fence}")
    } else {
        format!("{fence}{info}\n{code}\n{fence}")
    }
}

fn code_span(text: &str) -> String {
    let ticks = text.chars().filter(|c| *c == '`').count();
    if ticks == 0 {
        format!("`{text}`")
    } else {
        format!("`` {text} ``")
    }
}

/// A link destination, in angle brackets when it holds spaces or parentheses.
fn destination(href: &str) -> String {
    if href.contains([' ', '(', ')']) {
        format!("<{href}>")
    } else {
        href.to_string()
    }
}

fn title_part(title: Option<&str>) -> String {
    title
        .map(|t| format!(" \"{}\"", t.replace('"', "\\\"")))
        .unwrap_or_default()
}

/// Prefixes every line with `> ` (`>` alone on empty lines).
fn quote(text: &str) -> String {
    text.lines()
        .map(|l| {
            if l.is_empty() {
                ">".to_string()
            } else {
                format!("> {l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `- body`, the body's later lines indented under its first.
fn list_item(marker: &str, body: &str) -> String {
    if body.is_empty() {
        return marker.to_string();
    }
    indent_after_first(&format!("{marker} {body}"), marker.len() + 1)
}

fn indent_after_first(text: &str, width: usize) -> String {
    let pad = " ".repeat(width);
    let mut out = String::with_capacity(text.len() + 16);
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            out.push('\n');
            if !line.is_empty() {
                out.push_str(&pad);
            }
        }
        out.push_str(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(url: &str) -> String {
        match url.strip_suffix(".md") {
            Some(stem) => format!("/guides/{}", stem.trim_start_matches("./")),
            None => url.replace(".md#", "#"),
        }
    }
    fn load(path: &str) -> Result<String, String> {
        match path {
            "a.py" => Ok(
                "import dagster as dg\n\n# start_x\n@dg.asset\ndef x():\n    return 1\n# end_x\n"
                    .into(),
            ),
            _ => Err("no such file".into()),
        }
    }
    fn no_url(_: &str) -> Option<String> {
        None
    }

    fn md(src: &str) -> String {
        let options = Options {
            toc_min: 2,
            toc_max: 3,
            resolve_link: &resolve,
            load_example: &load,
            example_url: &no_url,
            twin: None,
        };
        let twin = TwinOptions {
            site_url: "https://docs.example/",
            route: "/guides/page",
        };
        to_markdown(src, &options, &twin).unwrap()
    }

    #[test]
    fn leading_title_imports_and_comments_are_dropped() {
        assert_eq!(
            md("import X from '@site/x';\n\n# Title\n\nHello {/* note */} world.\n"),
            "Hello  world.\n"
        );
    }

    #[test]
    fn words_are_copied_as_written() {
        assert_eq!(
            md("Some *emphasis*, __strong__, `code`, ~~gone~~, a \\* star &amp; an entity.\n"),
            "Some *emphasis*, __strong__, `code`, ~~gone~~, a \\* star &amp; an entity.\n"
        );
    }

    #[test]
    fn headings_lose_custom_ids() {
        assert_eq!(
            md("## Install it {#install}\n\nText.\n"),
            "## Install it\n\nText.\n"
        );
    }

    #[test]
    fn internal_links_and_images_become_absolute() {
        assert_eq!(
            md("See [other](./other.md), [route](/guides/x#a), [here](#top), [out](https://x.io/a) and https://x.io/b.\n\n![Logo](/images/logo.svg \"The logo\")\n"),
            "See [other](https://docs.example/guides/other), [route](https://docs.example/guides/x#a), [here](https://docs.example/guides/page#top), [out](https://x.io/a) and https://x.io/b.\n\n![Logo](https://docs.example/images/logo.svg \"The logo\")\n"
        );
    }

    #[test]
    fn reference_definitions_are_made_absolute() {
        assert_eq!(
            md("Read [the guide][g].\n\n[g]: /guides/g\n"),
            "Read [the guide][g].\n\n[g]: https://docs.example/guides/g\n"
        );
    }

    #[test]
    fn code_fences_keep_language_and_title_only() {
        assert_eq!(
            md("```python title=\"defs.py\" {1,3} showLineNumbers\nx = 1\n```\n"),
            "```python title=\"defs.py\"\nx = 1\n```\n"
        );
        assert_eq!(
            md("````md\n```\ninner\n```\n````\n"),
            "````md\n```\ninner\n```\n````\n"
        );
    }

    #[test]
    fn code_example_becomes_the_code_it_shows() {
        assert_eq!(
            md("<CodeExample path=\"a.py\" title=\"a.py\" startAfter=\"start_x\" endBefore=\"end_x\" />\n"),
            "```python title=\"a.py\"\n@dg.asset\ndef x():\n    return 1\n```\n"
        );
        assert_eq!(
            md("<CodeExample path=\"a.py\" language=\"text\" lineStart=\"1\" lineEnd=\"1\" />\n"),
            "```text\nimport dagster as dg\n```\n"
        );
    }

    #[test]
    fn admonitions_become_blockquotes_naming_their_type() {
        assert_eq!(
            md(":::note\n\nPlain **note**.\n\n:::\n"),
            "> **Note**\n>\n> Plain **note**.\n"
        );
        assert_eq!(
            md(":::tip[Be quick]\n\nOne.\n\n- a\n- b\n\n:::\n"),
            "> **Tip: Be quick**\n>\n> One.\n>\n> - a\n> - b\n"
        );
    }

    #[test]
    fn tabs_become_labelled_sections() {
        let src = "<Tabs groupId=\"pm\">\n<TabItem value=\"pip\" label=\"pip\">\n\n```bash\npip install dagster\n```\n\n</TabItem>\n<TabItem value=\"uv\">\n\nUse uv.\n\n</TabItem>\n</Tabs>\n";
        assert_eq!(
            md(src),
            "**pip**\n\n```bash\npip install dagster\n```\n\n**uv**\n\nUse uv.\n"
        );
    }

    #[test]
    fn indented_component_content_is_not_code() {
        let src = "<Tabs>\n  <TabItem value=\"a\" label=\"A\">\n    Text *here*\n    and there.\n\n    ```bash\n    run\n    ```\n  </TabItem>\n</Tabs>\n";
        assert_eq!(
            md(src),
            "**A**\n\nText *here*\nand there.\n\n```bash\nrun\n```\n"
        );
    }

    #[test]
    fn details_show_their_summary_in_bold() {
        assert_eq!(
            md("<details>\n<summary>More</summary>\n\nHidden text.\n\n</details>\n"),
            "**More**\n\nHidden text.\n"
        );
    }

    #[test]
    fn card_lists_leave_a_marker_for_the_build() {
        assert_eq!(
            md("Cards:\n\n<DocCardList />\n"),
            format!("Cards:\n\n{CARDS_MARKER}\n")
        );
    }

    #[test]
    fn lists_quotes_and_nesting() {
        assert_eq!(
            md("* one\n  continued\n* two\n  1. inner\n  2. more\n\n> quoted\n> text\n>\n> - item\n"),
            "- one\n  continued\n- two\n  1. inner\n  2. more\n\n> quoted\n> text\n>\n> - item\n"
        );
        assert_eq!(md("- [x] done\n- [ ] todo\n"), "- [x] done\n- [ ] todo\n");
        assert_eq!(md("- a\n\n  b\n- c\n"), "- a\n\n  b\n\n- c\n");
    }

    #[test]
    fn tables_and_breaks() {
        assert_eq!(
            md("| A | B |\n| :-- | --: |\n| `x` | y<br />z |\n"),
            "| A | B |\n| :--- | ---: |\n| `x` | y z |\n"
        );
        assert_eq!(md("one\\\ntwo\n"), "one\\\ntwo\n");
    }

    #[test]
    fn html_elements_become_markdown() {
        assert_eq!(
            md("Press <kbd>Ctrl</kbd>, <b>bold</b>, <a href=\"/guides/x\">x</a>.\n"),
            "Press `Ctrl`, **bold**, [x](https://docs.example/guides/x).\n"
        );
    }

    #[test]
    fn render_writes_the_same_twin_from_its_own_parse() {
        let src = "# T\n\n:::note\n\nSee [x](./x.md).\n\n:::\n";
        let twin = TwinOptions {
            site_url: "https://docs.example/",
            route: "/guides/page",
        };
        let options = Options {
            toc_min: 2,
            toc_max: 3,
            resolve_link: &resolve,
            load_example: &load,
            example_url: &no_url,
            twin: Some(twin),
        };
        let rendered = crate::render(src, &options).unwrap();
        assert_eq!(rendered.markdown.as_deref(), Some(md(src).as_str()));
        assert_eq!(
            md(src),
            "> **Note**\n>\n> See [x](https://docs.example/guides/x).\n"
        );
    }

    #[test]
    fn absolute_urls() {
        let twin = TwinOptions {
            site_url: "https://docs.example",
            route: "/",
        };
        assert_eq!(absolute_url("#a", &twin), "https://docs.example/#a");
        assert_eq!(absolute_url("/x", &twin), "https://docs.example/x");
        assert_eq!(absolute_url("mailto:a@b.c", &twin), "mailto:a@b.c");
    }
}
