//! MDX tree → HTML, collecting the table of contents, anchors and links on the way.

mod api;
mod blocks;
mod code;
mod components;
mod diagram;
mod elements;
mod head;
mod island;
mod links;
mod theme;

pub use code::code_block;
pub(crate) use code::component_code;

use crate::page::{Options, Rendered};
use crate::parse::leading_h1;
use crate::slug::{slugify, Slugger};
use crate::text::{escape_attr, escape_html, plain_text, position};
use docsite_core::model::TocItem;
use docsite_core::Diagnostic;
use markdown::mdast::{self, Node};
use std::collections::HashMap;

/// Writes the HTML of a parsed page (`body` is the source the diagnostics quote).
pub(crate) fn write(
    body: &str,
    text: &str,
    tree: &Node,
    options: &Options,
    heading_ids: HashMap<usize, String>,
    early: Vec<Diagnostic>,
) -> Result<Rendered, Vec<Diagnostic>> {
    let mut r = Renderer::new(body, options, heading_ids);
    r.text = text;
    r.diagnostics = early;
    r.collect_definitions(tree);
    let children = tree.children().map(Vec::as_slice).unwrap_or_default();
    let skip = r.take_leading_h1(children);
    r.flow(&children[skip..]);
    r.footnotes();
    if r.diagnostics.is_empty() {
        r.done.html = theme::fill_inline_tocs(std::mem::take(&mut r.out), &r.headings);
        Ok(r.done)
    } else {
        Err(r.diagnostics)
    }
}

pub(crate) struct Renderer<'a> {
    pub(crate) body: &'a str,
    /// The preprocessed source the tree's positions refer to.
    pub(crate) text: &'a str,
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
    pub(crate) in_link: bool,
    /// `import Name from 'path'` lines: component name → path.
    pub(crate) imports: HashMap<String, String>,
    /// Elements of the page whose style positions them, around the element being written.
    pub(crate) positioned: usize,
    /// Every heading, for `<TOCInline>` (the page's TOC keeps only its levels).
    pub(crate) headings: Vec<TocItem>,
}

impl<'a> Renderer<'a> {
    fn new(body: &'a str, options: &'a Options<'a>, heading_ids: HashMap<usize, String>) -> Self {
        let mut slugger = Slugger::default();
        for id in heading_ids.values() {
            slugger.reserve(id);
        }
        // A heading named like one of the skeleton's ids (`## Main`) is numbered instead.
        for id in crate::sanitize::SKELETON_IDS {
            slugger.reserve(id);
        }
        Self {
            body,
            text: body,
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
            imports: HashMap::new(),
            positioned: 0,
            headings: Vec::new(),
        }
    }

    pub(crate) fn warning_at(&mut self, node: &Node, message: impl Into<String>) {
        let (line, column) = position(node);
        let d = Diagnostic::warning(message).at(self.body, line, column);
        self.done.warnings.push(d);
    }

    pub(crate) fn inline_nodes(&mut self, nodes: &[Node]) {
        self.inline(nodes);
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
            Node::MdxjsEsm(e) => self.imports.extend(crate::partials::imports(&e.value)),
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

    /// Nodes as in a tight list item: paragraphs without `<p>`, a line break between two
    /// (a table cell's content, which may be inline nodes or paragraphs).
    pub(crate) fn flow_tight(&mut self, nodes: &[Node]) {
        for (i, node) in nodes.iter().enumerate() {
            if i > 0 && matches!(node, Node::Paragraph(_)) {
                self.out.push_str("<br />");
            }
            self.node(node, true);
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
            Node::InlineCode(c) => api::inline_code(self, node, &c.value),
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
            Node::MdxJsxTextElement(e) => crate::jsx::is_block(e.name.as_deref()),
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
        if let Some(problem) = crate::sanitize::id_problem(&id) {
            self.error_at(
                node,
                problem,
                Some("give the heading an id of its own: `## Title {#id}`"),
            );
        }
        let level = h.depth;
        self.headings.push(TocItem {
            id: id.clone(),
            text: text.clone(),
            level,
        });
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
}
