//! The HTML of a code block: title, highlighted lines, source link; fenced blocks with their
//! options and magic comments.

use super::Renderer;
use crate::highlight;
use crate::text::{escape_attr, escape_html};
use markdown::mdast::{self, Node};
use std::collections::BTreeSet;

/// The code of `<CodeBlock>`: its one string expression (`{`…`}`), else its text. The
/// expression is read from `text`, the source, where the parser's value has lost the
/// indentation of its lines.
pub(crate) fn component_code(children: &[Node], text: &str) -> Option<String> {
    let inner: &[Node] = match children {
        [Node::Paragraph(p)] => &p.children,
        other => other,
    };
    let expression = |node: &Node, value: &str| {
        let raw = node
            .position()
            .and_then(|p| text.get(p.start.offset..p.end.offset))
            .and_then(|r| r.strip_prefix('{')?.strip_suffix('}'));
        crate::js_string::whole(raw.unwrap_or(value))
    };
    match inner {
        [n @ Node::MdxFlowExpression(e)] => expression(n, &e.value),
        [n @ Node::MdxTextExpression(e)] => expression(n, &e.value),
        other => Some(crate::text::plain_text(other)),
    }
}

/// The HTML of a code block (fenced or from an example file).
pub fn code_block(
    code: &str,
    lang: &str,
    title: Option<&str>,
    highlighted: &BTreeSet<usize>,
    numbered: Option<usize>,
    source: Option<&str>,
) -> String {
    let mut out = format!(
        "<div class=\"code-block\" data-language=\"{}\">",
        escape_attr(lang)
    );
    if let Some(t) = title {
        out.push_str(&format!(
            "<div class=\"code-block__title\">{}</div>",
            escape_html(t)
        ));
    }
    let (class, start) = match numbered {
        None => ("code", String::new()),
        Some(0 | 1) => ("code code--numbered", String::new()),
        // The CSS counter counts from the number before the first line.
        Some(n) => (
            "code code--numbered",
            format!(" style=\"counter-reset: line {}\"", n - 1),
        ),
    };
    // Focusable, so keyboard readers can scroll a long line sideways.
    out.push_str(&format!(
        "<pre class=\"{class}\" tabindex=\"0\"><code{start}>"
    ));
    let code = code.strip_suffix('\n').unwrap_or(code);
    let lines = highlight::highlight_block(code, lang, highlighted, numbered.is_some());
    out.push_str(lines.trim_end_matches('\n'));
    out.push_str("</code></pre>");
    if let Some(url) = source {
        out.push_str(&format!(
            "<a class=\"code-block__source\" href=\"{}\" target=\"_blank\" rel=\"noopener noreferrer\">View source</a>",
            escape_attr(url)
        ));
    }
    out.push_str("</div>\n");
    out
}

impl Renderer<'_> {
    /// A fenced code block: its options, magic comments and highlighting.
    pub(super) fn code(&mut self, node: &Node, c: &mdast::Code) {
        let meta = match crate::codemeta::parse(c.meta.as_deref().unwrap_or("")) {
            Ok(m) => m,
            Err(e) => {
                self.error_at(node, format!("invalid code block options: {e}"), None);
                return;
            }
        };
        for ignored in &meta.ignored {
            self.warning_at(node, ignored.clone());
        }
        let lang = c.lang.clone().unwrap_or_default();
        if c.meta.as_deref() == Some("npm2yarn") {
            match &self.options.dialect.npm2yarn {
                Some(config) => return self.npm2yarn(&c.value, &lang, config),
                None => self.warning_at(node, "this npm2yarn block shows npm only: set `npm2yarn` in site.yaml for Yarn, pnpm and Bun tabs"),
            }
        }
        if lang == "mermaid" && self.options.dialect.mermaid {
            return super::diagram::fenced(self, node, &c.value);
        }
        // Like Docusaurus, a `{1,3}` range in the meta wins and magic comments stay as written.
        let (code, highlighted) = if meta.highlighted.is_empty() {
            crate::magic::apply(&c.value, &lang)
        } else {
            (c.value.clone(), meta.highlighted)
        };
        let block = code_block(
            &code,
            &lang,
            meta.title.as_deref(),
            &highlighted,
            meta.line_numbers,
            None,
        );
        self.out.push_str(&block);
    }

    /// `<CodeBlock language="jsx" title="x" showLineNumbers>{`code`}</CodeBlock>`
    /// (`@theme/CodeBlock`): the same block as a fenced one; `metastring` holds line ranges.
    pub(super) fn code_block_component(
        &mut self,
        node: &Node,
        attrs: &crate::jsx::Attrs,
        children: &[Node],
    ) {
        let Some(code) = component_code(children, self.text) else {
            return self.error_at(
                node,
                "the code of `<CodeBlock>` needs a JavaScript runtime",
                Some("give it as text or as one template literal without `${…}`: {`code`}"),
            );
        };
        let meta = crate::codemeta::parse(&attrs.text("metastring").unwrap_or_default())
            .unwrap_or_default();
        let title = attrs.text("title").or(meta.title);
        let numbers = match attrs.get("showLineNumbers") {
            Some(crate::jsx::Value::True) => Some(1),
            Some(v) => v
                .text()
                .parse()
                .ok()
                .or(Some(1))
                .filter(|_| v.text() != "false"),
            None => meta.line_numbers,
        };
        let lang = attrs.text("language").unwrap_or_default();
        let block = code_block(
            &code,
            &lang,
            title.as_deref(),
            &meta.highlighted,
            numbers,
            None,
        );
        self.out.push_str(&block);
    }

    /// An npm2yarn block: tabs of npm and each converter, as the plugin makes them (the same
    /// markup as `<Tabs>`, grouped as `npm2yarn` when the setting syncs them).
    fn npm2yarn(&mut self, code: &str, lang: &str, config: &docsite_core::config::Npm2YarnConfig) {
        let tabs = crate::npm2yarn::tabs(code, &config.converters);
        let group = if config.sync {
            " data-group-id=\"npm2yarn\""
        } else {
            ""
        };
        self.out.push_str(&format!(
            "<div class=\"tabs\"{group}><div class=\"tabs__list\" role=\"tablist\">"
        ));
        for (i, (value, _)) in tabs.iter().enumerate() {
            self.out.push_str(&format!(
                "<button type=\"button\" role=\"tab\" class=\"tabs__tab\" data-value=\"{}\" aria-selected=\"{}\">{}</button>",
                escape_attr(value),
                i == 0,
                escape_html(crate::npm2yarn::label(value))
            ));
        }
        self.out.push_str("</div>\n");
        for (i, (value, code)) in tabs.iter().enumerate() {
            self.out.push_str(&format!(
                "<div class=\"tabs__panel\" role=\"tabpanel\" data-value=\"{}\" data-label=\"{}\" data-selected=\"{}\">\n",
                escape_attr(value),
                escape_attr(crate::npm2yarn::label(value)),
                i == 0
            ));
            let block = code_block(code, lang, None, &BTreeSet::new(), None, None);
            self.out.push_str(&block);
            self.out.push_str("</div>\n");
        }
        self.out.push_str("</div>\n");
    }
}
