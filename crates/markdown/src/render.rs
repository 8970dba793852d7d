//! MDX tree → HTML, collecting the table of contents, anchors and links on the way.

use crate::components;
use crate::preprocess::{self, Preprocessed};
use crate::slug::{slugify, Slugger};
use crate::to_markdown::{self, TwinOptions};
use docsite_core::model::TocItem;
use docsite_core::Diagnostic;
use markdown::mdast::{self, Node};
use markdown::{Constructs, ParseOptions};
use std::collections::HashMap;

/// Where the card list of an index page goes; the build fills it in once sidebars are known.
pub const CARDS_MARKER: &str = "<!--docsite:cards-->";

/// What the renderer needs from the site around the page.
pub struct Options<'a> {
    pub toc_min: u8,
    pub toc_max: u8,
    /// Turns a link as written (`../x.md#a`, `/guides/x`) into the href to emit.
    pub resolve_link: &'a (dyn Fn(&str) -> String + Sync),
    /// Reads an example file by its path under `examples/`.
    pub load_example: &'a (dyn Fn(&str) -> Result<String, String> + Sync),
    /// The repository URL of an example file, if the site has one.
    pub example_url: &'a (dyn Fn(&str) -> Option<String> + Sync),
    /// Where the page's Markdown twin points its links; `None` makes no twin.
    pub twin: Option<TwinOptions<'a>>,
}

/// A link found in the page, for checking once every page is rendered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkRef {
    pub href: String,
    pub line: usize,
    pub column: usize,
}

#[derive(Debug, Default)]
pub struct Rendered {
    pub html: String,
    pub toc: Vec<TocItem>,
    /// Every id a link can point at: headings and elements with an `id`.
    pub anchors: Vec<String>,
    /// The text of the first h1, when the page starts with one (it is then left out of the HTML).
    pub h1: Option<String>,
    pub first_paragraph: Option<String>,
    pub links: Vec<LinkRef>,
    pub has_cards: bool,
    /// Example files the page shows, so a change to one re-renders the page.
    pub examples: Vec<String>,
    /// The page body as clean Markdown (see `to_markdown`), when asked for in the options.
    pub markdown: Option<String>,
}

fn parse_options() -> ParseOptions {
    ParseOptions {
        constructs: Constructs {
            gfm_autolink_literal: true,
            gfm_footnote_definition: true,
            gfm_label_start_footnote: true,
            gfm_strikethrough: true,
            gfm_table: true,
            gfm_task_list_item: true,
            ..Constructs::mdx()
        },
        // Any `import`/`export` block is accepted: such lines are dropped, never run.
        mdx_esm_parse: Some(Box::new(|_| markdown::MdxSignal::Ok)),
        ..ParseOptions::mdx()
    }
}

/// Renders a page body (front matter already removed). Diagnostics carry body-relative lines.
pub fn render(body: &str, options: &Options) -> Result<Rendered, Vec<Diagnostic>> {
    let (Preprocessed { text, heading_ids }, tree) = parse(body)?;
    let mut r = Renderer::new(body, options, heading_ids);
    r.collect_definitions(&tree);
    let children = tree.children().map(Vec::as_slice).unwrap_or_default();
    let skip = r.take_leading_h1(children);
    r.flow(&children[skip..]);
    r.footnotes();
    if r.diagnostics.is_empty() {
        r.done.html = std::mem::take(&mut r.out);
        // The twin walks the same tree, so the page is parsed once for both.
        if let Some(twin) = &options.twin {
            r.done.markdown = Some(to_markdown::convert(&text, &tree, options, twin));
        }
        Ok(r.done)
    } else {
        Err(r.diagnostics)
    }
}

/// Preprocesses and parses a page body into its MDX tree.
pub(crate) fn parse(body: &str) -> Result<(Preprocessed, Node), Vec<Diagnostic>> {
    let pre = preprocess::preprocess(body).map_err(|d| vec![d])?;
    let tree =
        markdown::to_mdast(&pre.text, &parse_options()).map_err(|m| vec![parse_error(body, &m)])?;
    Ok((pre, tree))
}

/// Where the body starts once a leading `# Title` (which becomes the page title) is set aside.
pub(crate) fn leading_h1(children: &[Node]) -> Option<(usize, &mdast::Heading)> {
    let first = children
        .iter()
        .position(|n| !matches!(n, Node::MdxjsEsm(_)))?;
    match &children[first] {
        Node::Heading(h) if h.depth == 1 => Some((first, h)),
        _ => None,
    }
}

fn parse_error(body: &str, m: &markdown::message::Message) -> Diagnostic {
    let (line, column) = match m.place.as_deref() {
        Some(markdown::message::Place::Point(p)) => (p.line, p.column),
        Some(markdown::message::Place::Position(p)) => (p.start.line, p.start.column),
        None => (1, 1),
    };
    Diagnostic::error(format!("invalid MDX: {}", m.reason))
        .at(body, line, column)
        .with_hint("in MDX, `<` and `{` start JSX; write `&lt;` and `&#123;`, or put the text in backticks")
}

pub(crate) struct Renderer<'a> {
    pub(crate) body: &'a str,
    pub(crate) options: &'a Options<'a>,
    pub(crate) out: String,
    pub(crate) done: Rendered,
    pub(crate) diagnostics: Vec<Diagnostic>,
    heading_ids: HashMap<usize, String>,
    slugger: Slugger,
    definitions: HashMap<String, (String, Option<String>)>,
    footnote_bodies: HashMap<String, Vec<Node>>,
    footnote_order: Vec<String>,
    /// Inside a link, a nested link (a URL in the link text) renders as its text alone.
    in_link: bool,
}

impl<'a> Renderer<'a> {
    fn new(body: &'a str, options: &'a Options<'a>, heading_ids: HashMap<usize, String>) -> Self {
        let mut slugger = Slugger::default();
        for id in heading_ids.values() {
            slugger.reserve(id);
        }
        Self {
            body,
            options,
            out: String::with_capacity(body.len() * 2),
            done: Rendered::default(),
            diagnostics: Vec::new(),
            heading_ids,
            slugger,
            definitions: HashMap::new(),
            footnote_bodies: HashMap::new(),
            footnote_order: Vec::new(),
            in_link: false,
        }
    }

    pub(crate) fn error_at(&mut self, node: &Node, message: impl Into<String>, hint: Option<&str>) {
        let (line, column) = position(node);
        let mut d = Diagnostic::error(message).at(self.body, line, column);
        if let Some(h) = hint {
            d = d.with_hint(h);
        }
        self.diagnostics.push(d);
    }

    fn collect_definitions(&mut self, node: &Node) {
        match node {
            Node::Definition(d) => {
                self.definitions
                    .entry(d.identifier.to_lowercase())
                    .or_insert_with(|| (d.url.clone(), d.title.clone()));
            }
            Node::FootnoteDefinition(f) => {
                self.footnote_bodies
                    .insert(f.identifier.to_lowercase(), f.children.clone());
            }
            _ => {}
        }
        for child in node.children().map(Vec::as_slice).unwrap_or_default() {
            self.collect_definitions(child);
        }
    }

    /// A page that opens with `# Title` uses it as its title; the layout draws the title.
    fn take_leading_h1(&mut self, children: &[Node]) -> usize {
        match leading_h1(children) {
            Some((i, h)) => {
                self.done.h1 = Some(plain_text(&h.children));
                i + 1
            }
            None => 0,
        }
    }

    pub(crate) fn flow(&mut self, nodes: &[Node]) {
        for node in nodes {
            self.node(node, false);
        }
    }

    fn inline(&mut self, nodes: &[Node]) {
        for node in nodes {
            self.node(node, false);
        }
    }

    /// `tight`: inside a tight list item, where paragraphs lose their `<p>`.
    fn node(&mut self, node: &Node, tight: bool) {
        match node {
            Node::Root(r) => self.flow(&r.children),
            Node::Paragraph(p) => self.paragraph(p, tight),
            Node::Heading(h) => self.heading(node, h),
            Node::Text(t) => self.out.push_str(&escape_html(&t.value)),
            Node::Emphasis(e) => self.wrap("em", &e.children),
            Node::Strong(s) => self.wrap("strong", &s.children),
            Node::Delete(d) => self.wrap("del", &d.children),
            Node::InlineCode(c) => {
                self.out
                    .push_str(&format!("<code>{}</code>", escape_html(&c.value)));
            }
            Node::Break(_) => self.out.push_str("<br />\n"),
            Node::ThematicBreak(_) => self.out.push_str("<hr />\n"),
            Node::Blockquote(b) => {
                self.out.push_str("<blockquote>\n");
                self.flow(&b.children);
                self.out.push_str("</blockquote>\n");
            }
            Node::List(l) => self.list(l),
            Node::Code(c) => self.code(node, c),
            Node::Link(l) => self.link(node, &l.url, l.title.as_deref(), &l.children),
            Node::LinkReference(l) => {
                match self.definitions.get(&l.identifier.to_lowercase()).cloned() {
                    Some((url, title)) => self.link(node, &url, title.as_deref(), &l.children),
                    None => self.error_at(
                        node,
                        format!("link reference `[{}]` has no definition", l.identifier),
                        None,
                    ),
                }
            }
            Node::Image(i) => self.image(node, &i.url, &i.alt, i.title.as_deref()),
            Node::ImageReference(i) => {
                match self.definitions.get(&i.identifier.to_lowercase()).cloned() {
                    Some((url, title)) => self.image(node, &url, &i.alt, title.as_deref()),
                    None => self.error_at(
                        node,
                        format!("image reference `[{}]` has no definition", i.identifier),
                        None,
                    ),
                }
            }
            Node::Table(t) => self.table(t),
            Node::FootnoteReference(f) => self.footnote_reference(&f.identifier),
            Node::MdxJsxFlowElement(e) => components::element(
                self,
                node,
                e.name.as_deref(),
                &e.attributes,
                &e.children,
                true,
            ),
            Node::MdxJsxTextElement(e) => components::element(
                self,
                node,
                e.name.as_deref(),
                &e.attributes,
                &e.children,
                false,
            ),
            Node::MdxTextExpression(e) => self.expression(node, &e.value),
            Node::MdxFlowExpression(e) => self.expression(node, &e.value),
            // `import`/`export` lines, definitions and footnote bodies render elsewhere or not at all.
            Node::MdxjsEsm(_) | Node::Definition(_) | Node::FootnoteDefinition(_) => {}
            Node::Yaml(_) | Node::Toml(_) => {}
            Node::Html(h) => self.out.push_str(&escape_html(&h.value)),
            Node::Math(m) => self.out.push_str(&format!(
                "<pre class=\"math\">{}</pre>\n",
                escape_html(&m.value)
            )),
            Node::InlineMath(m) => self.out.push_str(&format!(
                "<code class=\"math\">{}</code>",
                escape_html(&m.value)
            )),
            Node::ListItem(_) | Node::TableRow(_) | Node::TableCell(_) => {
                self.error_at(node, "unexpected table or list part", None)
            }
        }
    }

    fn wrap(&mut self, tag: &str, children: &[Node]) {
        self.out.push_str(&format!("<{tag}>"));
        self.inline(children);
        self.out.push_str(&format!("</{tag}>"));
    }

    fn paragraph(&mut self, p: &mdast::Paragraph, tight: bool) {
        if self.done.first_paragraph.is_none() {
            let text = plain_text(&p.children);
            if !text.trim().is_empty() {
                self.done.first_paragraph = Some(text.trim().to_string());
            }
        }
        // A paragraph holding only a block component (an MDX tag on its own line) stays unwrapped.
        let only_components = p.children.iter().all(|c| match c {
            Node::MdxJsxTextElement(e) => components::is_block(e.name.as_deref()),
            Node::Text(t) => t.value.trim().is_empty(),
            _ => false,
        });
        if tight || only_components {
            self.inline(&p.children);
            if !tight {
                self.out.push('\n');
            }
        } else {
            self.out.push_str("<p>");
            self.inline(&p.children);
            self.out.push_str("</p>\n");
        }
    }

    fn heading(&mut self, node: &Node, h: &mdast::Heading) {
        let line = position(node).0;
        let text = plain_text(&h.children);
        let id = match self.heading_ids.get(&line) {
            Some(custom) => custom.clone(),
            None => self.slugger.unique(&slugify(&text)),
        };
        let level = h.depth;
        if (self.options.toc_min..=self.options.toc_max).contains(&level) {
            self.done.toc.push(TocItem {
                id: id.clone(),
                text: text.clone(),
                level,
            });
        }
        self.done.anchors.push(id.clone());
        self.out
            .push_str(&format!("<h{level} id=\"{}\">", escape_attr(&id)));
        self.inline(&h.children);
        self.out.push_str(&format!(
            "<a class=\"hash-link\" href=\"#{}\" aria-label=\"Direct link to {}\">#</a></h{level}>\n",
            escape_attr(&id),
            escape_attr(&text)
        ));
    }

    fn list(&mut self, l: &mdast::List) {
        let loose = l.spread
            || l.children
                .iter()
                .any(|c| matches!(c, Node::ListItem(i) if i.spread));
        let tag = if l.ordered { "ol" } else { "ul" };
        match l.start {
            Some(start) if l.ordered && start != 1 => {
                self.out.push_str(&format!("<ol start=\"{start}\">\n"))
            }
            _ => self.out.push_str(&format!("<{tag}>\n")),
        }
        for child in &l.children {
            let Node::ListItem(item) = child else {
                continue;
            };
            match item.checked {
                Some(checked) => {
                    let mark = if checked { " checked" } else { "" };
                    self.out.push_str(&format!(
                        "<li class=\"task-list-item\"><input type=\"checkbox\" disabled{mark} /> "
                    ));
                }
                None => self.out.push_str("<li>"),
            }
            for part in &item.children {
                self.node(part, !loose);
            }
            self.out.push_str("</li>\n");
        }
        self.out.push_str(&format!("</{tag}>\n"));
    }

    fn code(&mut self, node: &Node, c: &mdast::Code) {
        let meta = match crate::codemeta::parse(c.meta.as_deref().unwrap_or("")) {
            Ok(m) => m,
            Err(e) => {
                self.error_at(node, format!("invalid code block options: {e}"), None);
                return;
            }
        };
        let lang = c.lang.clone().unwrap_or_default();
        let block = crate::components::code_block(
            &c.value,
            &lang,
            meta.title.as_deref(),
            &meta.highlighted,
            meta.line_numbers,
            None,
        );
        self.out.push_str(&block);
    }

    fn link(&mut self, node: &Node, url: &str, title: Option<&str>, children: &[Node]) {
        if self.in_link {
            self.inline(children);
            return;
        }
        let href = self.href(node, url);
        let title_attr = title
            .map(|t| format!(" title=\"{}\"", escape_attr(t)))
            .unwrap_or_default();
        let external = if is_external(&href) {
            " target=\"_blank\" rel=\"noopener noreferrer\""
        } else {
            ""
        };
        self.out.push_str(&format!(
            "<a href=\"{}\"{title_attr}{external}>",
            escape_attr(&href)
        ));
        self.in_link = true;
        self.inline(children);
        self.in_link = false;
        self.out.push_str("</a>");
    }

    /// Resolves a link target and records internal ones for the link check.
    pub(crate) fn href(&mut self, node: &Node, url: &str) -> String {
        let href = (self.options.resolve_link)(url);
        if !is_external(&href) {
            let (line, column) = position(node);
            self.done.links.push(LinkRef {
                href: href.clone(),
                line,
                column,
            });
        }
        href
    }

    fn image(&mut self, node: &Node, url: &str, alt: &str, title: Option<&str>) {
        let src = self.href(node, url);
        let title_attr = title
            .map(|t| format!(" title=\"{}\"", escape_attr(t)))
            .unwrap_or_default();
        self.out.push_str(&format!(
            "<img src=\"{}\" alt=\"{}\"{title_attr} loading=\"lazy\" />",
            escape_attr(&src),
            escape_attr(alt)
        ));
    }

    fn table(&mut self, t: &mdast::Table) {
        self.out.push_str("<div class=\"table-wrapper\"><table>\n");
        for (index, row) in t.children.iter().enumerate() {
            let Node::TableRow(row) = row else { continue };
            let cell_tag = if index == 0 { "th" } else { "td" };
            if index == 0 {
                self.out.push_str("<thead>\n");
            } else if index == 1 {
                self.out.push_str("<tbody>\n");
            }
            self.out.push_str("<tr>");
            for (column, cell) in row.children.iter().enumerate() {
                let Node::TableCell(cell) = cell else {
                    continue;
                };
                let align = match t.align.get(column) {
                    Some(mdast::AlignKind::Left) => " style=\"text-align:left\"",
                    Some(mdast::AlignKind::Right) => " style=\"text-align:right\"",
                    Some(mdast::AlignKind::Center) => " style=\"text-align:center\"",
                    _ => "",
                };
                self.out.push_str(&format!("<{cell_tag}{align}>"));
                self.inline(&cell.children);
                self.out.push_str(&format!("</{cell_tag}>"));
            }
            self.out.push_str("</tr>\n");
            if index == 0 {
                self.out.push_str("</thead>\n");
            }
        }
        if t.children.len() > 1 {
            self.out.push_str("</tbody>\n");
        }
        self.out.push_str("</table></div>\n");
    }

    fn footnote_reference(&mut self, identifier: &str) {
        let key = identifier.to_lowercase();
        let number = match self.footnote_order.iter().position(|k| *k == key) {
            Some(i) => i + 1,
            None => {
                self.footnote_order.push(key.clone());
                self.footnote_order.len()
            }
        };
        let slug = slugify(&key);
        self.out.push_str(&format!(
            "<sup><a href=\"#fn-{slug}\" id=\"fnref-{slug}\" class=\"footnote-ref\">{number}</a></sup>"
        ));
        self.done.anchors.push(format!("fnref-{slug}"));
    }

    fn footnotes(&mut self) {
        if self.footnote_order.is_empty() {
            return;
        }
        self.out.push_str("<section class=\"footnotes\"><ol>\n");
        for key in self.footnote_order.clone() {
            let slug = slugify(&key);
            self.out.push_str(&format!("<li id=\"fn-{slug}\">"));
            let body = self.footnote_bodies.get(&key).cloned().unwrap_or_default();
            for part in &body {
                self.node(part, true);
            }
            self.out.push_str(&format!(
                " <a href=\"#fnref-{slug}\" class=\"footnote-backref\" aria-label=\"Back to reference\">↩</a></li>\n"
            ));
            self.done.anchors.push(format!("fn-{slug}"));
        }
        self.out.push_str("</ol></section>\n");
    }

    /// MDX expressions: comments are dropped, string literals shown; anything else would need
    /// a JavaScript runtime, so it is an error rather than silently empty output.
    fn expression(&mut self, node: &Node, value: &str) {
        let v = value.trim();
        if v.is_empty() || (v.starts_with("/*") && v.ends_with("*/")) {
            return;
        }
        let quoted = |q: char| v.len() >= 2 && v.starts_with(q) && v.ends_with(q);
        if quoted('\'') || quoted('"') || quoted('`') {
            self.out.push_str(&escape_html(&v[1..v.len() - 1]));
            return;
        }
        self.error_at(
            node,
            format!("unsupported MDX expression `{{{v}}}`"),
            Some("braces start a JavaScript expression in MDX; write `&#123;` for a literal brace or use backticks"),
        );
    }
}

pub(crate) fn position(node: &Node) -> (usize, usize) {
    node.position()
        .map_or((1, 1), |p| (p.start.line, p.start.column))
}

/// The text of a node list, without markup.
pub fn plain_text(nodes: &[Node]) -> String {
    let mut s = String::new();
    for n in nodes {
        match n {
            Node::Text(t) => s.push_str(&t.value),
            Node::InlineCode(c) => s.push_str(&c.value),
            Node::Break(_) => s.push(' '),
            Node::Image(i) => s.push_str(&i.alt),
            other => s.push_str(&plain_text(
                other.children().map(Vec::as_slice).unwrap_or_default(),
            )),
        }
    }
    s
}

pub fn is_external(href: &str) -> bool {
    href.contains("://")
        || href.starts_with("mailto:")
        || href.starts_with("tel:")
        || href.starts_with("//")
}

pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            _ => out.push(c),
        }
    }
    out
}

pub fn escape_attr(text: &str) -> String {
    escape_html(text).replace('"', "&quot;")
}
