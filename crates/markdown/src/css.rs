//! Inline styles in content, read as React writes them and kept to an allow-list.
//!
//! `style={{position: "relative", paddingTop: "56.25%"}}` (a static object literal: keys and
//! string or number values, nothing a JavaScript runtime must compute) and `style="a: b"` both
//! become a list of declarations: camelCase names in kebab case (`paddingTop` is `padding-top`,
//! `WebkitBoxFlex` is `-webkit-box-flex`), numbers in pixels where React adds `px`. Each
//! declaration must then pass [`declaration_problem`]: a property of [`PROPERTIES`] and a plain
//! value (keywords, non-negative lengths, colours), so a style can lay out a box but not lay a
//! fixed overlay over the site, raise itself above the navigation or fetch a URL.

use crate::js_string;

/// Properties a style may set. No `z-index`, `transform` or `background-image`/`url(…)`, and
/// `position` without `fixed` (see [`declaration_problem`]).
pub const PROPERTIES: &[&str] = &[
    "align-content",
    "align-items",
    "align-self",
    "aspect-ratio",
    "background-color",
    "border",
    "border-bottom",
    "border-collapse",
    "border-color",
    "border-left",
    "border-radius",
    "border-right",
    "border-style",
    "border-top",
    "border-width",
    "bottom",
    "box-sizing",
    "clear",
    "color",
    "column-gap",
    "display",
    "flex",
    "flex-basis",
    "flex-direction",
    "flex-grow",
    "flex-shrink",
    "flex-wrap",
    "float",
    "font-size",
    "font-style",
    "font-weight",
    "gap",
    "grid-column",
    "grid-row",
    "grid-template-columns",
    "grid-template-rows",
    "height",
    "justify-content",
    "justify-items",
    "left",
    "letter-spacing",
    "line-height",
    "list-style-type",
    "margin",
    "margin-bottom",
    "margin-left",
    "margin-right",
    "margin-top",
    "max-height",
    "max-width",
    "min-height",
    "min-width",
    "object-fit",
    "object-position",
    "opacity",
    "overflow",
    "overflow-wrap",
    "overflow-x",
    "overflow-y",
    "padding",
    "padding-bottom",
    "padding-left",
    "padding-right",
    "padding-top",
    "position",
    "right",
    "row-gap",
    "text-align",
    "text-decoration",
    "text-transform",
    "top",
    "vertical-align",
    "white-space",
    "width",
    "word-break",
];

/// Units a length may use: none relative to the viewport, so a box cannot be sized to cover
/// the window.
const UNITS: &[&str] = &["px", "em", "rem", "%", "ch", "ex", "fr", "pt", "deg"];

/// Properties React writes without `px` when given a number (its `isUnitlessNumber`, less the
/// ones [`PROPERTIES`] leaves out anyway).
const UNITLESS: &[&str] = &[
    "aspect-ratio",
    "flex",
    "flex-grow",
    "flex-shrink",
    "font-weight",
    "grid-column",
    "grid-row",
    "line-height",
    "opacity",
    "order",
];

/// The declarations of a static object literal (`{position: "relative", top: 0}`), or why it
/// is not one.
pub fn from_object(expr: &str) -> Result<Vec<(String, String)>, String> {
    let runtime = || {
        format!("`style={{{expr}}}` needs a JavaScript runtime (only an object of plain strings and numbers is read)")
    };
    let mut rest = expr
        .trim()
        .strip_prefix('{')
        .ok_or_else(runtime)?
        .trim_start();
    let mut out = Vec::new();
    loop {
        if let Some(after) = rest.strip_prefix('}') {
            return after.trim().is_empty().then_some(out).ok_or_else(runtime);
        }
        let (key, after) = object_key(rest).ok_or_else(runtime)?;
        let after = after
            .trim_start()
            .strip_prefix(':')
            .ok_or_else(runtime)?
            .trim_start();
        let property = kebab_case(&key);
        let (value, after) = match js_string::literal(after) {
            Some((text, after)) => (text, after),
            None => {
                let end = after.find([',', '}']).unwrap_or(after.len());
                (
                    react_number(&property, after[..end].trim()).ok_or_else(runtime)?,
                    &after[end..],
                )
            }
        };
        out.push((property, value.trim().to_string()));
        rest = after.trim_start();
        rest = rest.strip_prefix(',').unwrap_or(rest).trim_start();
    }
}

/// The declarations of a `style="a: b; c: d"` attribute.
pub fn from_text(style: &str) -> Vec<(String, String)> {
    style
        .split(';')
        .filter_map(|d| d.split_once(':'))
        .map(|(p, v)| (p.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect()
}

/// A key of an object literal: a name or a string.
fn object_key(s: &str) -> Option<(String, &str)> {
    if let Some(found) = js_string::literal(s) {
        return Some(found);
    }
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
        .unwrap_or(s.len());
    (end > 0).then(|| (s[..end].to_string(), &s[end..]))
}

/// React's name for a style key: `paddingTop` is `padding-top`, `msTransform` `-ms-transform`.
pub fn kebab_case(key: &str) -> String {
    if key.starts_with("--") {
        return key.to_string();
    }
    let mut out = String::with_capacity(key.len() + 4);
    for c in key.chars() {
        if c.is_ascii_uppercase() {
            out.push('-');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    match out.strip_prefix("ms-") {
        Some(rest) => format!("-ms-{rest}"),
        None => out,
    }
}

/// A number as React writes it: `0` as is, else with `px` unless the property is unitless.
fn react_number(property: &str, literal: &str) -> Option<String> {
    let n: f64 = literal.parse().ok().filter(|n: &f64| n.is_finite())?;
    let text = format!("{n}");
    Some(if n == 0.0 || UNITLESS.contains(&property) {
        text
    } else {
        format!("{text}px")
    })
}

/// Why a declaration may not be used, if it may not. `positioned`: an ancestor of the element
/// is positioned by a style of the page, so `position: absolute` stays inside it.
pub fn declaration_problem(property: &str, value: &str, positioned: bool) -> Option<String> {
    if !PROPERTIES.contains(&property) {
        return Some(format!("the style property `{property}` is not allowed"));
    }
    if property == "position" && !matches!(value, "static" | "relative" | "sticky" | "absolute") {
        return Some(format!("`position: {value}` is not allowed"));
    }
    if property == "position" && value == "absolute" && !positioned {
        return Some("`position: absolute` is allowed only inside an element whose style sets `position: relative`".into());
    }
    value_problem(value).map(|p| format!("the value of `{property}` {p}"))
}

/// Plain values only: keywords, non-negative numbers with an allowed unit, `#rgb` colours and
/// `rgb()`/`hsl()` of numbers.
fn value_problem(value: &str) -> Option<String> {
    if value.is_empty() || value.len() > 200 {
        return Some("must be a short, non-empty value".into());
    }
    let inner = value
        .split(|c: char| c.is_ascii_whitespace() || matches!(c, ',' | '/' | '(' | ')'))
        .filter(|t| !t.is_empty());
    for token in inner {
        if !token_ok(token) {
            return Some(format!("`{value}` is not a plain value (`{token}`)"));
        }
    }
    let functions_ok = value.split('(').skip(1).count() == value.matches(')').count()
        && value.split('(').rev().skip(1).all(|before| {
            let name = before
                .rsplit(|c: char| !c.is_ascii_alphabetic())
                .next()
                .unwrap_or("");
            matches!(name, "rgb" | "rgba" | "hsl" | "hsla")
        });
    (!functions_ok).then(|| format!("`{value}` calls a function other than rgb() or hsl()"))
}

fn token_ok(token: &str) -> bool {
    if let Some(hex) = token.strip_prefix('#') {
        return matches!(hex.len(), 3 | 4 | 6 | 8) && hex.chars().all(|c| c.is_ascii_hexdigit());
    }
    if token.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
        let end = token
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(token.len());
        let unit = &token[end..];
        return token[..end].parse::<f64>().is_ok() && (unit.is_empty() || UNITS.contains(&unit));
    }
    // A keyword (`relative`, `space-between`, `rgb`), never starting with `-`: no negative values.
    token.starts_with(|c: char| c.is_ascii_alphabetic())
        && token.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(v: &[(&str, &str)]) -> Vec<(String, String)> {
        v.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn object_literals_are_read_as_react_writes_them() {
        assert_eq!(
            from_object(r#"{position: "relative", paddingTop: '56.25%', top: 0, width: 100, lineHeight: 1.5, 'font-size': "1rem",}"#).unwrap(),
            pairs(&[("position", "relative"), ("padding-top", "56.25%"), ("top", "0"), ("width", "100px"), ("line-height", "1.5"), ("font-size", "1rem")])
        );
        assert_eq!(kebab_case("msTransform"), "-ms-transform");
        assert_eq!(kebab_case("WebkitBoxFlex"), "-webkit-box-flex");
        assert!(from_object("{top: x}").is_err());
        assert!(from_object("{...s}").is_err());
        assert!(from_object("{top: `${x}`}").is_err());
        assert!(from_object("{top: 0} + 1").is_err());
    }

    #[test]
    fn only_plain_layout_passes() {
        assert_eq!(declaration_problem("padding-top", "56.25%", false), None);
        assert_eq!(declaration_problem("color", "rgb(10, 20, 30)", false), None);
        assert_eq!(declaration_problem("border", "1px solid #ccc", false), None);
        assert_eq!(declaration_problem("position", "absolute", true), None);
        assert!(declaration_problem("position", "absolute", false).is_some());
        assert!(declaration_problem("position", "fixed", true).is_some());
        assert!(declaration_problem("z-index", "9999", true).is_some());
        assert!(declaration_problem("width", "100vw", true).is_some());
        assert!(declaration_problem("margin-top", "-500px", true).is_some());
        assert!(declaration_problem("color", "var(--x)", true).is_some());
        assert!(declaration_problem("color", "expression(alert(1))", true).is_some());
        assert!(declaration_problem("background-color", "url(x)", true).is_some());
        assert!(declaration_problem("width", "1px !important", true).is_some());
        assert!(declaration_problem("width", "1px\\3b", true).is_some());
    }

    #[test]
    fn style_text_is_split_into_declarations() {
        assert_eq!(
            from_text("Color: red; ; top:0"),
            pairs(&[("color", "red"), ("top", "0")])
        );
    }
}
