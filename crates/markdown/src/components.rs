//! MDX components the site knows: admonitions, tabs, details, card lists and code examples,
//! plus a small set of plain HTML elements. Anything else is an error naming the line.

use crate::highlight;
use crate::render::{escape_attr, escape_html, plain_text, Renderer, CARDS_MARKER};
use markdown::mdast::{AttributeContent, AttributeValue, Node};
use std::collections::BTreeSet;

/// Lowercase HTML elements passed through as they are.
const HTML_ELEMENTS: &[&str] = &[
    "a",
    "abbr",
    "b",
    "br",
    "code",
    "dd",
    "del",
    "details",
    "div",
    "dl",
    "dt",
    "em",
    "figcaption",
    "figure",
    "hr",
    "i",
    "img",
    "kbd",
    "li",
    "ol",
    "p",
    "pre",
    "s",
    "span",
    "strong",
    "sub",
    "summary",
    "sup",
    "table",
    "tbody",
    "td",
    "th",
    "thead",
    "tr",
    "u",
    "ul",
];
const VOID_ELEMENTS: &[&str] = &["br", "hr", "img"];
const COMPONENTS: &[&str] = &[
    "Admonition",
    "Tabs",
    "TabItem",
    "DocCardList",
    "CodeExample",
];

/// Elements that form blocks of their own, so a paragraph holding only them is not wrapped in `<p>`.
pub fn is_block(name: Option<&str>) -> bool {
    matches!(
        name,
        Some(
            "Admonition"
                | "Tabs"
                | "TabItem"
                | "DocCardList"
                | "CodeExample"
                | "details"
                | "div"
                | "figure"
                | "table"
        )
    )
}

#[derive(Debug, Clone, PartialEq)]
enum Value {
    Text(String),
    Expr(String),
    True,
}

pub(crate) struct Attrs<'n>(pub(crate) &'n [AttributeContent]);

impl Attrs<'_> {
    fn get(&self, name: &str) -> Option<Value> {
        self.0.iter().find_map(|a| match a {
            AttributeContent::Property(p) if p.name == name => Some(match &p.value {
                None => Value::True,
                Some(AttributeValue::Literal(s)) => Value::Text(s.clone()),
                Some(AttributeValue::Expression(e)) => Value::Expr(e.value.trim().to_string()),
            }),
            _ => None,
        })
    }

    /// A string attribute, also accepting `{"text"}` and `{3}` forms.
    pub(crate) fn text(&self, name: &str) -> Option<String> {
        match self.get(name)? {
            Value::Text(s) => Some(s),
            Value::Expr(e) => Some(
                e.trim_matches(|c| c == '"' || c == '\'' || c == '`')
                    .to_string(),
            ),
            Value::True => Some(String::new()),
        }
    }

    fn flag(&self, name: &str) -> bool {
        matches!(self.get(name), Some(Value::True))
            || matches!(self.get(name), Some(Value::Expr(e)) if e == "true")
    }

    fn names(&self) -> impl Iterator<Item = &str> {
        self.0.iter().filter_map(|a| match a {
            AttributeContent::Property(p) => Some(p.name.as_str()),
            AttributeContent::Expression(_) => None,
        })
    }
}

pub(crate) fn element(
    r: &mut Renderer,
    node: &Node,
    name: Option<&str>,
    attributes: &[AttributeContent],
    children: &[Node],
    flow: bool,
) {
    let attrs = Attrs(attributes);
    match name {
        None => r.flow(children),
        Some("Admonition") => admonition(r, &attrs, children),
        Some("Tabs") => tabs(r, node, &attrs, children),
        Some("TabItem") => r.error_at(node, "`<TabItem>` must be inside `<Tabs>`", None),
        Some("DocCardList") => {
            r.done.has_cards = true;
            r.out.push_str(CARDS_MARKER);
            r.out.push('\n');
        }
        Some("CodeExample") => code_example(r, node, &attrs),
        Some(tag) if HTML_ELEMENTS.contains(&tag) => {
            html_element(r, node, tag, &attrs, children, flow)
        }
        Some(other) => {
            let known = COMPONENTS.join(", ");
            r.error_at(
                node,
                format!("unknown component `<{other}>`"),
                Some(&format!("the site knows {known} and plain HTML elements")),
            );
        }
    }
}

fn admonition(r: &mut Renderer, attrs: &Attrs, children: &[Node]) {
    let kind = attrs.text("type").unwrap_or_else(|| "note".into());
    let title = attrs
        .text("title")
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| capitalise(&kind));
    let role = if kind == "warning" || kind == "danger" {
        "alert"
    } else {
        "note"
    };
    r.out.push_str(&format!(
        "<div class=\"admonition admonition--{}\" role=\"{role}\"><p class=\"admonition__title\">{}</p><div class=\"admonition__body\">\n",
        escape_attr(&kind),
        escape_html(&title)
    ));
    r.flow(children);
    r.out.push_str("</div></div>\n");
}

pub(crate) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

fn tabs(r: &mut Renderer, node: &Node, attrs: &Attrs, children: &[Node]) {
    let mut items: Vec<(String, String, bool, &[Node])> = Vec::new();
    for child in children {
        match child {
            Node::MdxJsxFlowElement(e) if e.name.as_deref() == Some("TabItem") => {
                let a = Attrs(&e.attributes);
                let Some(value) = a.text("value") else {
                    r.error_at(child, "`<TabItem>` needs a `value`", None);
                    continue;
                };
                let label = a.text("label").unwrap_or_else(|| value.clone());
                items.push((value, label, a.flag("default"), &e.children));
            }
            Node::Paragraph(p) if plain_text(&p.children).trim().is_empty() => {}
            other => r.error_at(
                other,
                "only `<TabItem>` elements can be inside `<Tabs>`",
                None,
            ),
        }
    }
    if items.is_empty() {
        r.error_at(node, "`<Tabs>` has no `<TabItem>`", None);
        return;
    }
    let chosen = attrs
        .text("defaultValue")
        .or_else(|| items.iter().find(|i| i.2).map(|i| i.0.clone()))
        .unwrap_or_else(|| items[0].0.clone());
    let group = attrs
        .text("groupId")
        .map(|g| format!(" data-group-id=\"{}\"", escape_attr(&g)))
        .unwrap_or_default();
    r.out.push_str(&format!(
        "<div class=\"tabs\"{group}><div class=\"tabs__list\" role=\"tablist\">"
    ));
    for (value, label, _, _) in &items {
        r.out.push_str(&format!(
            "<button type=\"button\" role=\"tab\" class=\"tabs__tab\" data-value=\"{}\" aria-selected=\"{}\">{}</button>",
            escape_attr(value),
            *value == chosen,
            escape_html(label)
        ));
    }
    r.out.push_str("</div>\n");
    for (value, label, _, body) in &items {
        r.out.push_str(&format!(
            "<div class=\"tabs__panel\" role=\"tabpanel\" data-value=\"{}\" data-label=\"{}\" data-selected=\"{}\">\n",
            escape_attr(value),
            escape_attr(label),
            *value == chosen
        ));
        r.flow(body);
        r.out.push_str("</div>\n");
    }
    r.out.push_str("</div>\n");
}

fn html_element(
    r: &mut Renderer,
    node: &Node,
    tag: &str,
    attrs: &Attrs,
    children: &[Node],
    flow: bool,
) {
    let mut html = format!("<{tag}");
    if tag == "details" {
        html.push_str(" class=\"details\"");
    }
    for name in attrs.names().map(str::to_string).collect::<Vec<_>>() {
        let value = match attrs.get(&name) {
            Some(Value::Text(s)) => s,
            Some(Value::True) => String::new(),
            Some(Value::Expr(e)) => {
                r.error_at(
                    node,
                    format!("attribute `{name}={{{e}}}` needs a JavaScript runtime"),
                    Some("use a plain string value"),
                );
                continue;
            }
            None => continue,
        };
        let attr = match name.as_str() {
            "className" => "class",
            "htmlFor" => "for",
            n if n.starts_with("on") => {
                r.error_at(
                    node,
                    format!("event handler `{n}` is not allowed in content"),
                    None,
                );
                continue;
            }
            n => n,
        };
        let value = if matches!(attr, "href" | "src") {
            r.href(node, &value)
        } else {
            value
        };
        if attr == "id" {
            r.done.anchors.push(value.clone());
        }
        html.push_str(&format!(" {attr}=\"{}\"", escape_attr(&value)));
    }
    if VOID_ELEMENTS.contains(&tag) {
        html.push_str(" />");
        r.out.push_str(&html);
        return;
    }
    html.push('>');
    r.out.push_str(&html);
    if flow {
        r.out.push('\n');
    }
    r.flow(children);
    r.out.push_str(&format!("</{tag}>"));
    if flow {
        r.out.push('\n');
    }
}

fn code_example(r: &mut Renderer, node: &Node, attrs: &Attrs) {
    let example = match example(attrs, r.options.load_example) {
        Ok(e) => e,
        Err(ExampleError { message, hint }) => {
            r.error_at(node, message, hint);
            return;
        }
    };
    r.done.examples.push(example.path.clone());
    let url = (r.options.example_url)(&example.path);
    let block = code_block(
        &example.code,
        &example.language,
        example.title.as_deref(),
        &BTreeSet::new(),
        false,
        url.as_deref(),
    );
    r.out.push_str(&block);
}

/// What a `<CodeExample>` shows: the chosen lines of its file, with language and title.
pub(crate) struct Example {
    pub path: String,
    pub code: String,
    pub language: String,
    pub title: Option<String>,
}

pub(crate) struct ExampleError {
    pub message: String,
    pub hint: Option<&'static str>,
}

impl From<String> for ExampleError {
    fn from(message: String) -> Self {
        ExampleError {
            message,
            hint: None,
        }
    }
}

/// Reads and slices the file of a `<CodeExample>`; shared by the HTML and the Markdown twin
/// so both show the same lines.
pub(crate) fn example(
    attrs: &Attrs,
    load: &(dyn Fn(&str) -> Result<String, String> + Sync),
) -> Result<Example, ExampleError> {
    let Some(path) = attrs.text("path").filter(|p| !p.is_empty()) else {
        return Err(ExampleError {
            message: "`<CodeExample>` needs a `path`".into(),
            hint: Some("the path is relative to the site's examples folder"),
        });
    };
    let content = load(&path).map_err(|e| format!("code example `{path}`: {e}"))?;
    let number = |name: &str| {
        attrs.text(name).map(|v| {
            v.parse::<usize>()
                .map_err(|_| format!("`{name}` must be a line number, not `{v}`"))
        })
    };
    let range = Slice {
        start_after: attrs.text("startAfter"),
        end_before: attrs.text("endBefore"),
        line_start: number("lineStart").transpose(),
        line_end: number("lineEnd").transpose(),
    };
    let code = range
        .apply(&content)
        .map_err(|e| format!("code example `{path}`: {e}"))?;
    let language = attrs
        .text("language")
        .unwrap_or_else(|| language_from_path(&path).to_string());
    Ok(Example {
        title: attrs.text("title"),
        path,
        code,
        language,
    })
}

fn language_from_path(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "py" => "python",
        "yaml" | "yml" => "yaml",
        "toml" => "toml",
        "sh" => "bash",
        "sql" => "sql",
        "json" => "json",
        "js" | "mjs" => "javascript",
        "ts" => "typescript",
        _ if path.ends_with("Dockerfile") => "dockerfile",
        _ => "text",
    }
}

/// Which part of an example file a page shows.
pub struct Slice {
    pub start_after: Option<String>,
    pub end_before: Option<String>,
    pub line_start: Result<Option<usize>, String>,
    pub line_end: Result<Option<usize>, String>,
}

impl Slice {
    /// The shown lines: between the markers (or the 1-based inclusive line range), with every
    /// marker comment removed and the common indentation taken off.
    pub fn apply(self, content: &str) -> Result<String, String> {
        let lines: Vec<&str> = content.lines().collect();
        let mut start = 0;
        let mut end = lines.len();
        if let Some(first) = self.line_start? {
            start = first.saturating_sub(1);
        }
        if let Some(last) = self.line_end? {
            end = last.min(lines.len());
        }
        if let Some(marker) = &self.start_after {
            start =
                find_marker(&lines, marker, 0).ok_or(format!("marker `{marker}` not found"))? + 1;
        }
        if let Some(marker) = &self.end_before {
            end = find_marker(&lines, marker, start)
                .ok_or(format!("marker `{marker}` not found after the start"))?;
        }
        if start >= end {
            return Err("the selected range is empty".into());
        }
        let shown: Vec<&str> = lines[start..end]
            .iter()
            .copied()
            .filter(|l| !is_marker_line(l))
            .collect();
        Ok(dedent(&shown))
    }
}

fn find_marker(lines: &[&str], marker: &str, from: usize) -> Option<usize> {
    (from..lines.len()).find(|&i| comment_text(lines[i]).is_some_and(|t| t == marker))
}

/// The text of a whole-line comment (`# x`, `// x`, `-- x`), if the line is one.
fn comment_text(line: &str) -> Option<&str> {
    let t = line.trim();
    ["#", "//", "--"]
        .iter()
        .find_map(|p| t.strip_prefix(p))
        .map(str::trim)
}

fn is_marker_line(line: &str) -> bool {
    comment_text(line).is_some_and(|t| {
        (t.starts_with("start_") || t.starts_with("end_"))
            && t.chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
    })
}

fn dedent(lines: &[&str]) -> String {
    let indent = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut out: Vec<&str> = lines
        .iter()
        .map(|l| {
            if l.len() >= indent {
                &l[indent..]
            } else {
                l.trim_start()
            }
        })
        .collect();
    while out.last().is_some_and(|l| l.trim().is_empty()) {
        out.pop();
    }
    while out.first().is_some_and(|l| l.trim().is_empty()) {
        out.remove(0);
    }
    let mut s = out.join("\n");
    s.push('\n');
    s
}

/// The HTML of a code block (fenced or from an example file).
pub fn code_block(
    code: &str,
    lang: &str,
    title: Option<&str>,
    highlighted: &BTreeSet<usize>,
    numbered: bool,
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
    let class = if numbered {
        "code code--numbered"
    } else {
        "code"
    };
    // Focusable, so keyboard readers can scroll a long line sideways.
    out.push_str(&format!("<pre class=\"{class}\" tabindex=\"0\"><code>"));
    let code = code.strip_suffix('\n').unwrap_or(code);
    out.push_str(highlight::highlight_lines(code, lang, highlighted).trim_end_matches('\n'));
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

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = "import dagster as dg\n\n# start_asset\n@dg.asset\ndef a():\n    # start_body\n    return 1\n    # end_body\n# end_asset\n";

    fn slice(after: Option<&str>, before: Option<&str>) -> Result<String, String> {
        Slice {
            start_after: after.map(Into::into),
            end_before: before.map(Into::into),
            line_start: Ok(None),
            line_end: Ok(None),
        }
        .apply(EXAMPLE)
    }

    #[test]
    fn slices_between_markers_and_removes_nested_markers() {
        assert_eq!(
            slice(Some("start_asset"), Some("end_asset")).unwrap(),
            "@dg.asset\ndef a():\n    return 1\n"
        );
    }

    #[test]
    fn inner_slices_are_dedented() {
        assert_eq!(
            slice(Some("start_body"), Some("end_body")).unwrap(),
            "return 1\n"
        );
    }

    #[test]
    fn whole_file_drops_markers() {
        let all = slice(None, None).unwrap();
        assert!(!all.contains("start_"));
        assert!(!all.contains("end_"));
        assert!(all.starts_with("import dagster as dg\n\n@dg.asset"));
    }

    #[test]
    fn missing_marker_is_an_error() {
        assert!(slice(Some("start_nope"), None)
            .unwrap_err()
            .contains("start_nope"));
        assert!(slice(Some("start_asset"), Some("end_nope"))
            .unwrap_err()
            .contains("end_nope"));
    }

    #[test]
    fn line_ranges_are_one_based_inclusive() {
        let s = Slice {
            start_after: None,
            end_before: None,
            line_start: Ok(Some(4)),
            line_end: Ok(Some(5)),
        };
        assert_eq!(s.apply(EXAMPLE).unwrap(), "@dg.asset\ndef a():\n");
    }
}
