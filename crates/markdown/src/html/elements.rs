//! Plain HTML elements in a page (`<div>`, `<iframe>`, `<video>` …) as HTML: every attribute
//! checked against the allow-list of `sanitize.rs`, URLs resolved like links, an iframe given its
//! sandbox and lazy loading, and the opening tag serialised again by the sanitiser.

use super::Renderer;
use crate::jsx::{Attrs, Value};
use crate::text::escape_attr;
use crate::{css, iframes, sanitize};
use markdown::mdast::Node;

const HINT: &str =
    "raw HTML may use the elements and attributes listed in `crates/markdown/src/sanitize.rs`";

pub(crate) fn html_element(
    r: &mut Renderer,
    node: &Node,
    tag: &str,
    attrs: &Attrs,
    children: &[Node],
    flow: bool,
) {
    let attrs = html_attributes(r, node, attrs);
    let mut html = format!("<{tag}");
    if tag == "details" {
        html.push_str(" class=\"details\"");
    }
    let mut allow = None;
    if tag == "iframe" {
        allow = iframe_policy(r, node, &attrs, &mut html);
    }
    let mut positions = false;
    for (attr, value) in attrs {
        if attr == "style" {
            let (style, sets_position) = style_attribute(r, node, value);
            positions = sets_position;
            if !style.is_empty() {
                html.push_str(&format!(" style=\"{}\"", escape_attr(&style)));
            }
            continue;
        }
        let Some(value) = attribute_value(r, node, &attr, value) else {
            continue;
        };
        if tag == "iframe" && matches!(attr.as_str(), "sandbox" | "loading") {
            continue; // written by `iframe_policy`
        }
        if let Some(problem) = sanitize::attribute_problem(tag, &attr) {
            // Script is refused loudly; any other attribute the lists lack is dropped, as
            // React passes it through where Docusaurus builds.
            if attr.starts_with("on") {
                r.error_at(node, problem, Some(HINT));
            } else {
                r.warning_at(node, format!("{problem}: it is dropped"));
            }
            continue;
        }
        let value = if tag == "iframe" && attr == "allow" {
            allow.clone().unwrap_or(value)
        } else if sanitize::is_url_attribute(&attr) {
            r.href(node, &value)
        } else if attr == "srcset" {
            srcset(r, node, &value)
        } else {
            value
        };
        if attr == "id" {
            if let Some(problem) = sanitize::id_problem(&value) {
                r.error_at(node, problem, Some(HINT));
                continue;
            }
            r.done.anchors.push(value.clone());
        }
        html.push_str(&format!(" {attr}=\"{}\"", escape_attr(&value)));
    }
    html.push('>');
    // Serialised again by the sanitiser, so nothing our checks missed reaches the page.
    let html = sanitize::clean_open_tag(tag, &html);
    r.out.push_str(&html);
    if sanitize::VOID_ELEMENTS.contains(&tag) {
        return;
    }
    if flow {
        r.out.push('\n');
    }
    // `position: absolute` inside stays inside this element.
    r.positioned += usize::from(positions);
    r.flow(children);
    r.positioned -= usize::from(positions);
    r.out.push_str(&format!("</{tag}>"));
    if flow {
        r.out.push('\n');
    }
}

/// A `style` (a static object, `style={{top: 0}}`, or text) as CSS text, each declaration the
/// allow-list of `css.rs` refuses dropped with a warning; and whether it positions the element.
fn style_attribute(r: &mut Renderer, node: &Node, value: Value) -> (String, bool) {
    let declarations = match &value {
        Value::Text(text) => css::from_text(text),
        Value::Expr(e) => match css::from_object(e) {
            Ok(d) => d,
            Err(problem) => {
                r.error_at(
                    node,
                    problem,
                    Some("write the style as an object of plain strings and numbers"),
                );
                return (String::new(), false);
            }
        },
        Value::True => Vec::new(),
    };
    let mut kept = Vec::new();
    let mut positions = false;
    for (property, value) in declarations {
        if let Some(problem) = css::declaration_problem(&property, &value, r.positioned > 0) {
            r.warning_at(node, format!("{problem}: the declaration is dropped"));
            continue;
        }
        positions |= property == "position" && value != "static";
        kept.push(format!("{property}: {value}"));
    }
    (kept.join("; "), positions)
}

/// An attribute's value as a string: text as written, and the JSX literals `{560}`, `{"x"}`,
/// `{true}` read as HTML would. `{false}` drops the attribute; any other expression is an error.
fn attribute_value(r: &mut Renderer, node: &Node, name: &str, value: Value) -> Option<String> {
    match value {
        Value::Text(s) => Some(s),
        Value::True => Some(String::new()),
        // `src={require('./img.png').default}`: the file, resolved like a relative link.
        Value::Expr(e) if required_path(&e).is_some() => required_path(&e),
        Value::Expr(e) => {
            let quoted = |q: char| e.len() >= 2 && e.starts_with(q) && e.ends_with(q);
            if e == "true" {
                Some(String::new())
            } else if e == "false" {
                None
            } else if e.parse::<f64>().is_ok() {
                Some(e)
            } else if quoted('"') || quoted('\'') || quoted('`') {
                Some(e[1..e.len() - 1].to_string())
            } else {
                r.error_at(
                    node,
                    format!("attribute `{name}={{{e}}}` needs a JavaScript runtime"),
                    Some("use a plain string value"),
                );
                None
            }
        }
    }
}

/// The path of `require('./x').default` (or `require('./x')`).
fn required_path(expr: &str) -> Option<String> {
    let inner = expr.trim().strip_prefix("require(")?;
    let inner = inner
        .strip_suffix(").default")
        .or_else(|| inner.strip_suffix(')'))?
        .trim();
    let q = inner
        .chars()
        .next()
        .filter(|c| matches!(c, '\'' | '"' | '`'))?;
    let path = inner.strip_prefix(q)?.strip_suffix(q)?;
    (!path.contains(q)).then(|| path.to_string())
}

/// The attributes by their HTML names (lower case, `className` as `class`), in order. A name
/// given twice in any case (`src` and `SRC`) is an error: a browser keeps the first, and the
/// policy checks must see the value the browser uses.
fn html_attributes(r: &mut Renderer, node: &Node, attrs: &Attrs) -> Vec<(String, Value)> {
    let mut named: Vec<(String, Value)> = Vec::new();
    for name in attrs.names() {
        let html = html_name(name);
        if named.iter().any(|(n, _)| *n == html) {
            r.error_at(
                node,
                format!("attribute `{html}` is given twice"),
                Some(HINT),
            );
        } else if let Some(value) = attrs.get(name) {
            named.push((html, value));
        }
    }
    named
}

/// The value of an attribute by its HTML name, as a string.
fn text_of(attrs: &[(String, Value)], name: &str) -> Option<String> {
    attrs.iter().find(|(n, _)| n == name).map(|(_, v)| v.text())
}

/// The HTML name of an attribute written the JSX way (`className`, `htmlFor`); other names
/// are compared in lower case, as browsers read them (`allowFullScreen` is `allowfullscreen`).
fn html_name(name: &str) -> String {
    match name {
        "className" => "class".into(),
        "htmlFor" => "for".into(),
        n => n.to_ascii_lowercase(),
    }
}

/// An iframe always runs in a sandbox that cannot lift itself (scripts, or the embedded page's
/// own origin, never both, unless the site grants both to another origin), loads when scrolled
/// to, and shows https pages only. Returns the `allow` value to write, what the origin may use.
fn iframe_policy(
    r: &mut Renderer,
    node: &Node,
    attrs: &[(String, Value)],
    html: &mut String,
) -> Option<String> {
    let src = text_of(attrs, "src").unwrap_or_default();
    let dialect = r.options.dialect;
    let policy = iframes::Policy {
        grants: &dialect.iframes,
        site_origin: &dialect.site_url,
    };
    let (sandbox, warnings) = policy.sandbox(&src, text_of(attrs, "sandbox").as_deref());
    for w in warnings {
        r.warning_at(node, w);
    }
    html.push_str(&format!(
        " sandbox=\"{}\" loading=\"lazy\"",
        escape_attr(&sandbox)
    ));
    if let Some(problem) = text_of(attrs, "src").and_then(|s| sanitize::iframe_src_problem(&s)) {
        r.error_at(node, problem, Some(HINT));
    }
    let (allow, warnings) = policy.allow(&src, &text_of(attrs, "allow")?);
    for w in warnings {
        r.warning_at(node, w);
    }
    Some(allow)
}

/// `srcset="a.png 1x, b.png 2x"`: each URL checked and resolved like a `src`.
fn srcset(r: &mut Renderer, node: &Node, value: &str) -> String {
    value
        .split(',')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(|candidate| {
            let (url, size) = candidate
                .split_once(char::is_whitespace)
                .map_or((candidate, ""), |(u, s)| (u, s.trim()));
            let url = r.href(node, url);
            if size.is_empty() {
                url
            } else {
                format!("{url} {size}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}
