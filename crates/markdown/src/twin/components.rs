//! Components and HTML elements in the twin: what they show, as Markdown.

use super::format::{code_span, destination, fence, list_item, quote};
use super::Writer;
use crate::examples::{example, ExampleError};
use crate::jsx::{object_string, Attrs};
use crate::page::CARDS_MARKER;
use crate::page::{Imported, Options};
use crate::text::{capitalise, plain_text};
use markdown::mdast::{AttributeContent, Node};

impl Writer<'_> {
    /// An imported name used as a component: a partial's twin in place (its links from its own
    /// folder), or the image of a file. A problem leaves it out: the HTML reports it.
    fn imported(&mut self, name: &str, attrs: &Attrs) -> String {
        let Some((_, path)) = self.imports.iter().find(|(n, _)| n == name) else {
            return String::new();
        };
        match (self.options.import)(path, self.options.from) {
            Ok(Imported::Asset { url }) => {
                let alt = attrs.text("title").unwrap_or_default();
                self.image(&url, &alt, None)
            }
            Ok(Imported::Markdown { path, text }) => {
                let options = Options {
                    from: Some(&path),
                    ..*self.options
                };
                let md = crate::partials::nested(text.len(), || {
                    super::to_markdown(&text, &options, self.twin)
                })
                .ok()
                .and_then(Result::ok)
                .unwrap_or_default();
                // Its site components are numbered after the page's before it, as in the HTML.
                let (md, count) = crate::page::shift_island_markers(md.trim_end(), self.islands);
                self.islands += count;
                md
            }
            // The build puts the component's rendered text here, as it does its HTML.
            Ok(Imported::Component { .. }) => {
                self.islands += 1;
                crate::page::island_marker(self.islands - 1)
            }
            Err(_) => String::new(),
        }
    }

    /// MDX components and HTML elements: what they show, as Markdown.
    pub(super) fn element(
        &mut self,
        node: &Node,
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
            Some("ApiEntry") => self.api_entry(node, &attrs, children),
            Some("PyObject") => self.py_object(&attrs),
            Some("Param") => String::new(),
            Some("CodeExample") => match example(&attrs, self.options.load_example) {
                Ok(e) => fence(&e.language, e.title.as_deref(), &e.code),
                // The HTML rendering reports the problem; the twin just leaves the code out.
                Err(ExampleError { .. }) => String::new(),
            },
            Some("CodeBlock") => match crate::html::component_code(children, self.text) {
                Some(code) => fence(
                    &attrs.text("language").unwrap_or_default(),
                    attrs.text("title").as_deref(),
                    &code,
                ),
                None => String::new(),
            },
            Some("head") => String::new(),
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
            // Readers' tools read the diagram's source, as in a ```mermaid block.
            Some("Mermaid") => match attrs.text("value") {
                Some(source) => fence("mermaid", None, source.trim()),
                None => String::new(),
            },
            Some("ThemedImage") => {
                let sources = attrs.text("sources").unwrap_or_default();
                let alt = attrs.text("alt").unwrap_or_default();
                match object_string(&sources, "light") {
                    Some(src) => self.image(&src, &alt, None),
                    None => String::new(),
                }
            }
            Some(name) if self.imports.iter().any(|(n, _)| n == name) => {
                self.imported(name, &attrs)
            }
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
