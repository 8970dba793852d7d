//! A site component's props as written in a page, to JSON: literals (strings, numbers,
//! booleans, `null`, arrays, objects, template strings without `${}`) and JSX of plain HTML
//! elements and of the site components the page imports. Anything else (a variable, a call, a
//! function) would be page code: an error.

use crate::tree::element_of_type;
use oxc_allocator::Allocator;
use oxc_ast::ast::{
    ArrayExpressionElement, Expression, JSXAttributeItem, JSXAttributeName, JSXAttributeValue,
    JSXChild, JSXElement, JSXElementName, ObjectPropertyKind, UnaryOperator,
};
use oxc_parser::Parser;
use oxc_span::SourceType;
use serde_json::{json, Map, Number, Value};
use std::collections::BTreeMap;

/// Site components a prop's JSX may name: name → (module id, export).
pub type Components = BTreeMap<String, (String, String)>;

/// The value of `{source}` in an attribute.
pub fn expression(source: &str, components: &Components) -> Result<Value, String> {
    let allocator = Allocator::default();
    let parsed = Parser::new(&allocator, source, SourceType::jsx())
        .parse_expression()
        .map_err(|d| {
            d.first()
                .map(|e| e.message.to_string())
                .unwrap_or_else(|| "not an expression".into())
        })?;
    value(&parsed, components)
}

fn value(e: &Expression, components: &Components) -> Result<Value, String> {
    Ok(match e.without_parentheses() {
        Expression::StringLiteral(s) => Value::String(s.value.to_string()),
        Expression::NumericLiteral(n) => number(n.value)?,
        Expression::BooleanLiteral(b) => Value::Bool(b.value),
        Expression::NullLiteral(_) => Value::Null,
        Expression::UnaryExpression(u) if u.operator == UnaryOperator::UnaryNegation => {
            match &u.argument {
                Expression::NumericLiteral(n) => number(-n.value)?,
                _ => return Err("`-` applies to numbers only".into()),
            }
        }
        Expression::TemplateLiteral(t) if t.expressions.is_empty() => Value::String(
            t.quasis
                .iter()
                .map(|q| q.value.cooked.as_ref().map(|c| c.to_string()).unwrap_or_default())
                .collect(),
        ),
        Expression::ArrayExpression(a) => Value::Array(
            a.elements
                .iter()
                .map(|el| match el {
                    ArrayExpressionElement::SpreadElement(_) => Err("spreads are page code".into()),
                    ArrayExpressionElement::Elision(_) => Ok(Value::Null),
                    other => value(other.to_expression(), components),
                })
                .collect::<Result<_, String>>()?,
        ),
        Expression::ObjectExpression(o) => {
            let mut map = Map::new();
            for p in &o.properties {
                let ObjectPropertyKind::ObjectProperty(p) = p else {
                    return Err("spreads are page code".into());
                };
                let key = p
                    .key
                    .static_name()
                    .filter(|_| !p.computed && !p.method && !p.shorthand)
                    .ok_or("object keys must be names or strings with values")?;
                map.insert(key.to_string(), value(&p.value, components)?);
            }
            Value::Object(map)
        }
        Expression::JSXElement(el) => jsx(el, components)?,
        Expression::JSXFragment(f) => element_list(&f.children, components)?,
        Expression::Identifier(id) if id.name == "undefined" => Value::Null,
        _ => {
            return Err(
                "props may be strings, numbers, booleans, null, arrays, objects and JSX of HTML elements"
                    .into(),
            )
        }
    })
}

fn number(n: f64) -> Result<Value, String> {
    // Whole numbers stay whole (`3`, not `3.0`), as JavaScript prints them.
    if n.fract() == 0.0 && n.abs() < 9_007_199_254_740_992.0 {
        return Ok(Value::Number(Number::from(n as i64)));
    }
    Number::from_f64(n)
        .map(Value::Number)
        .ok_or_else(|| "numbers must be finite".into())
}

fn jsx(el: &JSXElement, components: &Components) -> Result<Value, String> {
    let tag = match &el.opening_element.name {
        JSXElementName::Identifier(id) => Value::String(id.name.to_string()),
        JSXElementName::IdentifierReference(id) => match components.get(id.name.as_str()) {
            Some((module, export)) => json!({"m": module, "e": export}),
            None => {
                return Err(format!(
                    "`<{}>` is not a site component the page imports; JSX in props may use HTML elements and those",
                    id.name
                ))
            }
        },
        _ => return Err("JSX in props may use HTML elements and site components only".into()),
    };
    let mut props = Map::new();
    for a in &el.opening_element.attributes {
        let JSXAttributeItem::Attribute(a) = a else {
            return Err("spreads are page code".into());
        };
        let JSXAttributeName::Identifier(name) = &a.name else {
            return Err("namespaced attributes are not supported".into());
        };
        let v = match &a.value {
            None => Value::Bool(true),
            Some(JSXAttributeValue::StringLiteral(s)) => Value::String(s.value.to_string()),
            Some(JSXAttributeValue::ExpressionContainer(c)) => match c.expression.as_expression() {
                Some(e) => value(e, components)?,
                None => Value::Null,
            },
            Some(JSXAttributeValue::Element(e)) => jsx(e, components)?,
            Some(JSXAttributeValue::Fragment(f)) => element_list(&f.children, components)?,
        };
        let name = if name.name == "class" {
            "className".to_string()
        } else {
            name.name.to_string()
        };
        props.insert(name, v);
    }
    let Value::Array(children) = element_list(&el.children, components)? else {
        unreachable!("a list")
    };
    Ok(element_of_type(tag, props, children))
}

/// JSX children: text trimmed as JSX trims it (lines joined by a space, blank ones dropped).
fn element_list(children: &[JSXChild], components: &Components) -> Result<Value, String> {
    let mut out = Vec::new();
    for c in children {
        match c {
            JSXChild::Text(t) => {
                let text = t
                    .value
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .collect::<Vec<_>>()
                    .join(" ");
                if !text.is_empty() {
                    out.push(Value::String(text));
                }
            }
            JSXChild::Element(e) => out.push(jsx(e, components)?),
            JSXChild::Fragment(f) => out.push(element_list(&f.children, components)?),
            JSXChild::ExpressionContainer(c) => {
                if let Some(e) = c.expression.as_expression() {
                    out.push(value(e, components)?);
                }
            }
            JSXChild::Spread(_) => return Err("spreads are page code".into()),
        }
    }
    Ok(Value::Array(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expression(source: &str) -> Result<Value, String> {
        super::expression(source, &Components::new())
    }

    #[test]
    fn literals_and_html_jsx_become_json() {
        assert_eq!(
            expression("{a: [1, -2.5, 'x', `y`], b: true, 'c': null}").unwrap(),
            json!({"a": [1, -2.5, "x", "y"], "b": true, "c": null})
        );
        assert_eq!(
            expression("<b class=\"k\">bold\n   text</b>").unwrap(),
            json!({"$$el": "b", "p": {"className": "k"}, "c": ["bold text"]})
        );
    }

    #[test]
    fn imported_site_components_may_be_named_in_jsx() {
        let components = Components::from([(
            "Star".to_string(),
            ("src/components/Star.jsx".to_string(), "default".to_string()),
        )]);
        assert_eq!(
            super::expression("<span><Star size={2} /> rated</span>", &components).unwrap(),
            json!({"$$el": "span", "c": [
                {"$$el": {"m": "src/components/Star.jsx", "e": "default"}, "p": {"size": 2}},
                "rated"
            ]})
        );
        let e = super::expression("<Moon />", &components).unwrap_err();
        assert!(
            e.contains("`<Moon>` is not a site component the page imports"),
            "{e}"
        );
    }

    #[test]
    fn page_code_is_refused() {
        for code in ["fetch('/x')", "x", "() => 1", "{...a}", "`${a}`"] {
            assert!(expression(code).is_err(), "{code}");
        }
    }
}
