//! `<ApiEntry>` as both writers read it: the object it names in the inventory, the parameter
//! descriptions the page gives (`<Param name="…">`), the checks between the two, and the
//! signature as text.

use crate::jsx::Attrs;
use crate::text::position;
use docsite_core::api::{ApiIndex, ApiObject, Found, Lifecycle, Param};
use markdown::mdast::Node;

/// Signatures longer than this put one parameter on a line.
const ONE_LINE_MAX: usize = 80;

/// An entry as the page writes it.
pub(crate) struct Entry<'n, 'i> {
    pub name: String,
    pub found: Found<'i>,
    /// `<Param>` descriptions by parameter name (stars dropped), with their nodes.
    pub params: Vec<(String, &'n Node, &'n [Node])>,
    /// The entry's prose: every child that is not a `<Param>`.
    pub prose: Vec<&'n Node>,
}

/// A problem with an entry, at a node of the page.
pub(crate) struct EntryError<'n> {
    pub node: &'n Node,
    pub message: String,
}

/// Reads an `<ApiEntry>` and checks it against the inventory: the name must be there, every
/// parameter of the signature described once, and no description for a parameter it lacks.
pub(crate) fn read<'n, 'i>(
    node: &'n Node,
    attrs: &Attrs,
    children: &'n [Node],
    api: Option<&'i ApiIndex>,
) -> Result<Entry<'n, 'i>, Vec<EntryError<'n>>> {
    let fail = |message: String| vec![EntryError { node, message }];
    let Some(name) = attrs.text("name").filter(|n| !n.is_empty()) else {
        return Err(fail(
            "`<ApiEntry>` needs a `name` (a qualified name such as `dagster.asset`)".into(),
        ));
    };
    let Some(api) = api else {
        return Err(fail(format!(
            "`<ApiEntry name=\"{name}\">`: the site has no API inventory (site/api/*.json)"
        )));
    };
    let Some(found) = api.get(&name) else {
        return Err(fail(format!(
            "`{name}` is not in the API inventory of the pinned packages"
        )));
    };
    let mut params = Vec::new();
    let mut prose = Vec::new();
    let mut errors = Vec::new();
    for child in children.iter().filter(|c| mixes_params(c)) {
        errors.push(EntryError {
            node: child,
            message: "`<Param>` shares a paragraph with other text: put each `<Param>` on lines of its own, with a blank line before the first".into(),
        });
    }
    for child in flatten(children) {
        match param_element(child) {
            Some((Some(p), body)) => {
                let p = p.trim_start_matches('*').to_string();
                if params.iter().any(|(q, _, _)| *q == p) {
                    errors.push(EntryError {
                        node: child,
                        message: format!("parameter `{p}` of `{name}` is described twice"),
                    });
                }
                params.push((p, child, body));
            }
            Some((None, _)) => errors.push(EntryError {
                node: child,
                message: "`<Param>` needs a `name`".into(),
            }),
            None => prose.push(child),
        }
    }
    let signature: &[Param] = found.object.parameters.as_deref().unwrap_or_default();
    for (p, child, _) in &params {
        if !signature.iter().any(|s| s.name == *p) {
            let known: Vec<&str> = signature.iter().map(|s| s.name.as_str()).collect();
            errors.push(EntryError {
                node: child,
                message: format!(
                    "`{name}` has no parameter `{p}` (its parameters: {})",
                    if known.is_empty() {
                        "none".into()
                    } else {
                        known.join(", ")
                    }
                ),
            });
        }
    }
    for s in signature {
        if !params.iter().any(|(p, _, _)| *p == s.name) {
            errors.push(EntryError {
                node,
                message: format!(
                    "parameter `{}` of `{name}` is not described: add `<Param name=\"{}\">…</Param>`",
                    s.display_name(),
                    s.name
                ),
            });
        }
    }
    if errors.is_empty() {
        Ok(Entry {
            name,
            found,
            params,
            prose,
        })
    } else {
        errors.sort_by_key(|e| position(e.node));
        Err(errors)
    }
}

/// A paragraph holding only components (a `<Param>` written inline) counts as its children.
fn flatten(children: &[Node]) -> Vec<&Node> {
    let mut out = Vec::new();
    for child in children {
        match child {
            Node::Paragraph(p)
                if p.children.iter().any(|c| param_element(c).is_some())
                    && p.children.iter().all(|c| {
                        param_element(c).is_some()
                            || matches!(c, Node::Text(t) if t.value.trim().is_empty())
                    }) =>
            {
                out.extend(p.children.iter().filter(|c| param_element(c).is_some()));
            }
            other => out.push(other),
        }
    }
    out
}

/// A paragraph holding a `<Param>` and other text, which would be lost.
fn mixes_params(node: &Node) -> bool {
    let Node::Paragraph(p) = node else {
        return false;
    };
    p.children.iter().any(|c| param_element(c).is_some())
        && p.children.iter().any(|c| {
            param_element(c).is_none() && !matches!(c, Node::Text(t) if t.value.trim().is_empty())
        })
}

/// `<Param name="x">…</Param>`: its name (if given) and content.
fn param_element(node: &Node) -> Option<(Option<String>, &[Node])> {
    let (name, attributes, children) = match node {
        Node::MdxJsxFlowElement(e) => (e.name.as_deref(), &e.attributes, &e.children),
        Node::MdxJsxTextElement(e) => (e.name.as_deref(), &e.attributes, &e.children),
        _ => return None,
    };
    (name == Some("Param")).then(|| (Attrs(attributes).text("name"), children.as_slice()))
}

impl Entry<'_, '_> {
    pub fn object(&self) -> &ApiObject {
        self.found.object
    }

    /// The heading text: the name without its package (`asset`, `AssetSpec.replace_attributes`).
    pub fn short_name(&self) -> &str {
        let package = format!("{}.", self.found.inventory.package);
        self.name.strip_prefix(&package).unwrap_or(&self.name)
    }

    /// Members are entries under their class: one heading level deeper.
    pub fn level(&self, attrs: &Attrs) -> u8 {
        match attrs.text("level").and_then(|l| l.parse::<u8>().ok()) {
            Some(l) if (2..=6).contains(&l) => l,
            _ if self.found.parent.is_some() => 4,
            _ => 3,
        }
    }

    pub fn source_url(&self) -> String {
        let s = &self.object().source;
        format!("{}{}#L{}", self.found.inventory.source_url, s.file, s.line)
    }

    /// The description of a parameter, by name.
    pub fn description(&self, param: &str) -> Option<&[Node]> {
        self.params
            .iter()
            .find(|(p, _, _)| p == param)
            .map(|(_, _, body)| *body)
    }

    /// The signature as Python, one parameter a line when it is long.
    pub fn signature(&self) -> String {
        let o = self.object();
        let prefix = match o.kind.as_str() {
            "decorator" => "@",
            "class" | "enum" => "class ",
            "property" => "property ",
            _ => "",
        };
        let head = format!("{prefix}{}", self.name);
        if o.kind == "constant" {
            let ann = o
                .annotation
                .as_ref()
                .map(|a| format!(": {a}"))
                .unwrap_or_default();
            let value = o
                .value
                .as_ref()
                .map(|v| format!(" = {v}"))
                .unwrap_or_default();
            return format!("{head}{ann}{value}");
        }
        let returns = o
            .returns
            .as_ref()
            .map(|r| format!(" -> {r}"))
            .unwrap_or_default();
        let Some(params) = &o.parameters else {
            let returns = o
                .returns
                .as_ref()
                .map(|r| format!(": {r}"))
                .unwrap_or_default();
            return format!("{head}{returns}");
        };
        let parts = signature_parts(params);
        let one_line = format!("{head}({}){returns}", parts.join(", "));
        if one_line.len() <= ONE_LINE_MAX || parts.is_empty() {
            return one_line;
        }
        let lines: Vec<String> = parts.iter().map(|p| format!("    {p},")).collect();
        format!("{head}(\n{}\n){returns}", lines.join("\n"))
    }
}

/// Each parameter as written in a `def`, with `/` and `*` markers where Python needs them.
fn signature_parts(params: &[Param]) -> Vec<String> {
    let mut parts = Vec::new();
    let mut star_written = params.iter().any(|p| p.kind == "var-positional");
    for (i, p) in params.iter().enumerate() {
        if p.kind == "keyword-only" && !star_written {
            parts.push("*".to_string());
            star_written = true;
        }
        let ann = p
            .annotation
            .as_ref()
            .map(|a| format!(": {a}"))
            .unwrap_or_default();
        let default = match (&p.default, p.kind.starts_with("var-")) {
            (Some(d), false) if p.annotation.is_some() => format!(" = {d}"),
            (Some(d), false) => format!("={d}"),
            _ => String::new(),
        };
        parts.push(format!("{}{ann}{default}", p.display_name()));
        let next_not_positional_only = params
            .get(i + 1)
            .is_none_or(|n| n.kind != "positional-only");
        if p.kind == "positional-only" && next_not_positional_only {
            parts.push("/".to_string());
        }
    }
    parts
}

/// A lifecycle marker as a badge label and its detail (`deprecated`, `breaks in 2.0: use X`).
pub(crate) fn badge(l: &Lifecycle) -> (String, Option<String>) {
    let mut detail = Vec::new();
    if let Some(v) = &l.breaking_version {
        detail.push(format!("removed in {v}"));
    }
    if let Some(n) = &l.note {
        detail.push(n.clone());
    }
    (
        l.kind.clone(),
        (!detail.is_empty()).then(|| detail.join(". ")),
    )
}

/// `<PyObject module="dagster" object="asset" />`: the qualified name it names and the text
/// to show (`displayText`, else the object, with `@` when `decorator` is set).
pub(crate) fn py_object(attrs: &Attrs) -> Option<(String, String)> {
    let module = attrs.text("module").unwrap_or_else(|| "dagster".into());
    let object = attrs.text("object").filter(|o| !o.is_empty())?;
    let name = format!("{module}.{object}");
    let text = match attrs.text("displayText").filter(|t| !t.is_empty()) {
        Some(t) => t,
        None if attrs.flag("decorator") => format!("@{object}"),
        None => object,
    };
    Some((name, text))
}
