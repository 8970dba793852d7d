//! A component's MDX children, written as HTML by the Markdown writer, as the React elements
//! the component receives (`{"$$el": "table", "p": {...}, "c": [...]}`), so a component can walk
//! them (`React.Children`). Markers of nested site components become those components.

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{
    BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};
use serde_json::{Map, Value};
use std::cell::RefCell;

const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr",
];

/// Elements in which React refuses whitespace text (a hydration error).
const NO_TEXT: &[&str] = &["table", "thead", "tbody", "tfoot", "tr", "colgroup"];

/// HTML attribute names React spells differently.
const REACT_NAMES: &[(&str, &str)] = &[
    ("class", "className"),
    ("for", "htmlFor"),
    ("tabindex", "tabIndex"),
    ("colspan", "colSpan"),
    ("rowspan", "rowSpan"),
    ("srcset", "srcSet"),
    ("crossorigin", "crossOrigin"),
    ("datetime", "dateTime"),
    ("readonly", "readOnly"),
    ("maxlength", "maxLength"),
    ("referrerpolicy", "referrerPolicy"),
    ("allowfullscreen", "allowFullScreen"),
    ("frameborder", "frameBorder"),
    ("accesskey", "accessKey"),
    ("contenteditable", "contentEditable"),
];

const BOOLEAN: &[&str] = &[
    "open",
    "disabled",
    "checked",
    "hidden",
    "selected",
    "allowfullscreen",
    "async",
    "defer",
    "reversed",
    "controls",
    "loop",
    "muted",
    "playsinline",
    "readonly",
    "required",
];

/// The element JSON of each top-level node of `html`; `nested(n)` gives marker `n`'s element.
pub fn children(html: &str, nested: &dyn Fn(usize) -> Option<Value>) -> Vec<Value> {
    let tokens = tokenize(html);
    // A stack of open elements: (tag, props, children).
    let mut stack: Vec<(String, Map<String, Value>, Vec<Value>)> =
        vec![(String::new(), Map::new(), Vec::new())];
    for token in tokens {
        match token {
            Token::CharacterTokens(t) => push_text(&mut stack, &t),
            Token::CommentToken(c) => {
                let marker = c
                    .trim()
                    .strip_prefix("docsite:island:")
                    .and_then(|n| n.parse().ok());
                if let Some(el) = marker.and_then(nested) {
                    top(&mut stack).push(el);
                }
            }
            Token::TagToken(tag) if tag.kind == TagKind::StartTag => {
                let name = tag.name.to_string();
                let props = tag
                    .attrs
                    .iter()
                    .map(|a| prop(a.name.local.as_ref(), a.value.as_ref()))
                    .collect();
                if VOID.contains(&name.as_str()) || tag.self_closing {
                    top(&mut stack).push(element(&name, props, Vec::new()));
                } else {
                    stack.push((name, props, Vec::new()));
                }
            }
            Token::TagToken(tag) => {
                let name = tag.name.to_string();
                if let Some(at) = stack
                    .iter()
                    .rposition(|(n, _, _)| *n == name)
                    .filter(|i| *i > 0)
                {
                    while stack.len() > at {
                        close(&mut stack);
                    }
                }
            }
            _ => {}
        }
    }
    while stack.len() > 1 {
        close(&mut stack);
    }
    let mut out = stack.pop().map(|(_, _, c)| c).unwrap_or_default();
    // MDX gives a component its content without the blank lines around it.
    out.retain(|v| !v.as_str().is_some_and(|s| s.trim().is_empty()));
    out
}

fn top(stack: &mut [(String, Map<String, Value>, Vec<Value>)]) -> &mut Vec<Value> {
    &mut stack.last_mut().expect("the root stays").2
}

fn push_text(stack: &mut [(String, Map<String, Value>, Vec<Value>)], text: &str) {
    let (tag, _, kids) = stack.last_mut().expect("the root stays");
    if NO_TEXT.contains(&tag.as_str()) && text.trim().is_empty() {
        return;
    }
    // Adjacent text (split by the tokenizer at entities) is one string, as in the DOM.
    match kids.last_mut() {
        Some(Value::String(s)) => s.push_str(text),
        _ => kids.push(Value::String(text.to_string())),
    }
}

fn close(stack: &mut Vec<(String, Map<String, Value>, Vec<Value>)>) {
    let (name, props, kids) = stack.pop().expect("an open element");
    // The writer wraps tables to let them scroll; a component is given the table itself, as
    // in Docusaurus.
    if name == "div" && props.get("className").and_then(Value::as_str) == Some("table-wrapper") {
        top(stack).extend(kids);
        return;
    }
    top(stack).push(element(&name, props, kids));
}

pub fn element(tag: &str, props: Map<String, Value>, children: Vec<Value>) -> Value {
    element_of_type(Value::String(tag.into()), props, children)
}

/// An element whose type is a tag name (a string) or a site component (`{"m", "e"}`).
pub fn element_of_type(of: Value, props: Map<String, Value>, children: Vec<Value>) -> Value {
    let mut el = Map::new();
    el.insert("$$el".into(), of);
    if !props.is_empty() {
        el.insert("p".into(), Value::Object(props));
    }
    if !children.is_empty() {
        el.insert("c".into(), Value::Array(children));
    }
    Value::Object(el)
}

/// An HTML attribute as the React prop that renders it.
fn prop(name: &str, value: &str) -> (String, Value) {
    let lower = name.to_ascii_lowercase();
    let react = REACT_NAMES
        .iter()
        .find(|(h, _)| *h == lower)
        .map(|(_, r)| r.to_string())
        .unwrap_or(lower.clone());
    let value = if BOOLEAN.contains(&lower.as_str()) {
        Value::Bool(true)
    } else {
        Value::String(value.to_string())
    };
    (react, value)
}

fn tokenize(html: &str) -> Vec<Token> {
    struct Sink(RefCell<Vec<Token>>);
    impl TokenSink for Sink {
        type Handle = ();
        fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
            self.0.borrow_mut().push(token);
            TokenSinkResult::Continue
        }
    }
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    let tokenizer = Tokenizer::new(Sink(RefCell::new(Vec::new())), TokenizerOpts::default());
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    tokenizer.sink.0.take()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn table_children_keep_their_shape_without_whitespace_text() {
        let html = "<div class=\"table-wrapper\"><table>\n<thead>\n<tr>\n<th>Name</th>\n</tr>\n</thead>\n</table></div>\n";
        let c = children(html, &|_| None);
        assert_eq!(
            c,
            vec![
                json!({"$$el": "table", "c": [{"$$el": "thead", "c": [{"$$el": "tr", "c": [{"$$el": "th", "c": ["Name"]}]}]}]})
            ]
        );
    }

    #[test]
    fn attributes_become_react_props_and_markers_nested_components() {
        let html = "<p class=\"x\">a &amp; b<br /><!--docsite:island:0--></p>";
        let c = children(html, &|n| Some(json!({"nested": n})));
        assert_eq!(
            c,
            vec![
                json!({"$$el": "p", "p": {"className": "x"}, "c": ["a & b", {"$$el": "br"}, {"nested": 0}]})
            ]
        );
    }
}
