//! MDX JSX elements as both writers read them: attribute values and the components the site
//! knows.

use markdown::mdast::{AttributeContent, AttributeValue};

/// The site's own components (anything else that is not plain HTML is an error).
pub const COMPONENTS: &[&str] = &[
    "Admonition",
    "Tabs",
    "TabItem",
    "DocCardList",
    "CodeExample",
    "ApiEntry",
    "Param",
    "PyObject",
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
                | "ApiEntry"
                | "CodeBlock"
                | "head"
                | "details"
                | "div"
                | "figure"
                | "table"
        )
    )
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value {
    Text(String),
    Expr(String),
    True,
}

impl Value {
    /// The value as a string, also accepting `{"text"}` and `{3}` forms.
    pub(crate) fn text(&self) -> String {
        match self {
            Value::Text(s) => s.clone(),
            Value::Expr(e) => e
                .trim_matches(|c| c == '"' || c == '\'' || c == '`')
                .to_string(),
            Value::True => String::new(),
        }
    }
}

pub(crate) struct Attrs<'n>(pub(crate) &'n [AttributeContent]);

impl Attrs<'_> {
    pub(crate) fn get(&self, name: &str) -> Option<Value> {
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
        self.get(name).map(|v| v.text())
    }

    pub(crate) fn flag(&self, name: &str) -> bool {
        matches!(self.get(name), Some(Value::True))
            || matches!(self.get(name), Some(Value::Expr(e)) if e == "true")
    }

    pub(crate) fn names(&self) -> impl Iterator<Item = &str> {
        self.0.iter().filter_map(|a| match a {
            AttributeContent::Property(p) => Some(p.name.as_str()),
            AttributeContent::Expression(_) => None,
        })
    }
}

/// The string after `key:` in an object literal, unwrapped from `useBaseUrl(…)` or
/// `require(…).default`.
pub(crate) fn object_string(object: &str, key: &str) -> Option<String> {
    let at = object.find(&format!("{key}:"))? + key.len() + 1;
    let value = object[at..].trim_start();
    let value = value
        .strip_prefix("useBaseUrl(")
        .or_else(|| value.strip_prefix("require("))
        .unwrap_or(value)
        .trim_start();
    let quote = value
        .chars()
        .next()
        .filter(|c| matches!(c, '\'' | '"' | '`'))?;
    let end = value[1..].find(quote)? + 1;
    Some(value[1..end].to_string())
}
