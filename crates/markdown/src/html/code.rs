//! The HTML of a code block: title, highlighted lines, source link; fenced blocks with their
//! options and magic comments.

use super::Renderer;
use crate::highlight;
use crate::text::{escape_attr, escape_html};
use markdown::mdast::{self, Node};
use std::collections::BTreeSet;

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
        let lang = c.lang.clone().unwrap_or_default();
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
}
