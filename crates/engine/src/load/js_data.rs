//! A `sidebars.js` / `sidebars.ts` file read as data: the object literal it exports
//! (`export default {…}`, `module.exports = {…}`, or `const sidebars = {…}` exported by name)
//! with JavaScript's literal syntax: comments, unquoted keys, single quotes, trailing commas.
//! Anything that needs running (a call, a variable, a spread) is an error naming its line.

use serde_json::{Map, Value};

/// The exported object, or a message and the 1-based line of the problem.
pub fn exported_object(text: &str) -> Result<Value, (String, usize)> {
    let start = object_start(text).ok_or_else(|| {
        (
            "no `export default {…}`, `module.exports = {…}` or `const sidebars = {…}` found"
                .into(),
            1,
        )
    })?;
    let mut p = Parser {
        text,
        pos: start,
        depth: 0,
    };
    p.value()
}

/// Objects and arrays nested deeper than this are an error: far deeper than any sidebar, and
/// the parser (and the sidebar reader after it) recurse once per level.
const MAX_DEPTH: usize = 64;

/// Where the exported object literal starts.
fn object_start(text: &str) -> Option<usize> {
    let code = blank_comments(text);
    for marker in [
        "export default",
        "module.exports",
        "const sidebars",
        "let sidebars",
    ] {
        if let Some(at) = code.find(marker) {
            let brace = code[at..].find(['{', ';'])? + at;
            if code[brace..].starts_with('{') {
                return Some(brace);
            }
        }
    }
    None
}

/// The text with comments replaced by spaces (newlines kept, byte offsets unchanged), for
/// finding the export.
fn blank_comments(text: &str) -> String {
    let mut p = Parser {
        text,
        pos: 0,
        depth: 0,
    };
    let mut out = String::with_capacity(text.len());
    while p.pos < text.len() {
        let before = p.pos;
        p.skip_space();
        // One space per byte, so positions in the result are positions in `text`.
        for c in text[before..p.pos].chars() {
            match c {
                '\n' => out.push('\n'),
                c => out.extend(std::iter::repeat_n(' ', c.len_utf8())),
            }
        }
        if let Some(c) = p.peek() {
            out.push(c);
            p.pos += c.len_utf8();
        }
    }
    out
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    /// Objects and arrays open around the current position.
    depth: usize,
}

type Parsed<T> = Result<T, (String, usize)>;

impl Parser<'_> {
    fn line(&self) -> usize {
        self.text[..self.pos].matches('\n').count() + 1
    }

    fn fail<T>(&self, message: impl Into<String>) -> Parsed<T> {
        Err((message.into(), self.line()))
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn skip_space(&mut self) {
        loop {
            let rest = &self.text[self.pos..];
            let trimmed = rest.trim_start();
            self.pos += rest.len() - trimmed.len();
            if trimmed.starts_with("//") {
                self.pos += trimmed.find('\n').unwrap_or(trimmed.len());
            } else if trimmed.starts_with("/*") {
                self.pos += trimmed.find("*/").map_or(trimmed.len(), |e| e + 2);
            } else {
                return;
            }
        }
    }

    fn value(&mut self) -> Parsed<Value> {
        self.skip_space();
        match self.peek() {
            Some('{' | '[') if self.depth >= MAX_DEPTH => {
                self.fail(format!("nesting deeper than {MAX_DEPTH} levels"))
            }
            Some(c @ ('{' | '[')) => {
                self.depth += 1;
                let nested = if c == '{' {
                    self.object()
                } else {
                    self.array()
                };
                self.depth -= 1;
                nested
            }
            Some(q @ ('\'' | '"' | '`')) => self.string(q).map(Value::String),
            Some(c) if c == '-' || c.is_ascii_digit() => self.number(),
            Some(_) => {
                let word = self.word();
                match word.as_str() {
                    "true" => Ok(Value::Bool(true)),
                    "false" => Ok(Value::Bool(false)),
                    "null" | "undefined" => Ok(Value::Null),
                    "" => self.fail(format!("unexpected `{}`", self.peek().unwrap_or(' '))),
                    w => self.fail(format!("`{w}` is not a literal value")),
                }
            }
            None => self.fail("the file ends inside the object"),
        }
    }

    fn word(&mut self) -> String {
        let rest = &self.text[self.pos..];
        let len = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
            .unwrap_or(rest.len());
        self.pos += len;
        rest[..len].to_string()
    }

    fn string(&mut self, quote: char) -> Parsed<String> {
        self.pos += 1;
        let mut out = String::new();
        let mut chars = self.text[self.pos..].char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                c if c == quote => {
                    self.pos += i + 1;
                    return Ok(out);
                }
                '\\' => match chars.next() {
                    Some((_, 'n')) => out.push('\n'),
                    Some((_, 't')) => out.push('\t'),
                    Some((_, other)) => out.push(other),
                    None => break,
                },
                '$' if quote == '`' && self.text[self.pos + i..].starts_with("${") => {
                    self.pos += i;
                    return self.fail("template strings with `${…}` need running");
                }
                c => out.push(c),
            }
        }
        self.fail("a string is not closed")
    }

    fn number(&mut self) -> Parsed<Value> {
        let rest = &self.text[self.pos..];
        let len = rest
            .find(|c: char| !(c.is_ascii_digit() || matches!(c, '-' | '.' | 'e' | 'E' | '+')))
            .unwrap_or(rest.len());
        let n: f64 = rest[..len]
            .parse()
            .or_else(|_| self.fail(format!("`{}` is not a number", &rest[..len])))?;
        self.pos += len;
        Ok(serde_json::Number::from_f64(n).map_or(Value::Null, Value::Number))
    }

    fn array(&mut self) -> Parsed<Value> {
        self.pos += 1;
        let mut items = Vec::new();
        loop {
            self.skip_space();
            if self.peek() == Some(']') {
                self.pos += 1;
                return Ok(Value::Array(items));
            }
            if self.text[self.pos..].starts_with("...") {
                return self.fail("a spread (`...`) needs running");
            }
            items.push(self.value()?);
            self.separator(']')?;
        }
    }

    fn object(&mut self) -> Parsed<Value> {
        self.pos += 1;
        let mut map = Map::new();
        loop {
            self.skip_space();
            let key = match self.peek() {
                Some('}') => {
                    self.pos += 1;
                    return Ok(Value::Object(map));
                }
                Some(q @ ('\'' | '"')) => self.string(q)?,
                Some('.') => return self.fail("a spread (`...`) needs running"),
                _ => self.word(),
            };
            if key.is_empty() {
                return self.fail("expected a key");
            }
            self.skip_space();
            if self.peek() != Some(':') {
                return self.fail(format!(
                    "`{key}` has no `: value` (shorthand properties need running)"
                ));
            }
            self.pos += 1;
            let value = self.value()?;
            map.insert(key, value);
            self.separator('}')?;
        }
    }

    /// After an item: a comma, or the closing bracket (left for the caller).
    fn separator(&mut self, close: char) -> Parsed<()> {
        self.skip_space();
        match self.peek() {
            Some(',') => {
                self.pos += 1;
                Ok(())
            }
            Some(c) if c == close => Ok(()),
            _ => self.fail(format!("expected `,` or `{close}`")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_the_create_docusaurus_sidebar() {
        let js = "// @ts-check\n\n/**\n * Docs\n * @type {import('@docusaurus/plugin-content-docs').SidebarsConfig}\n */\nconst sidebars = {\n  // By default, Docusaurus generates a sidebar\n  tutorialSidebar: [{type: 'autogenerated', dirName: '.'}],\n\n  /*\n  tutorialSidebar: [\n    'intro',\n  ],\n   */\n};\n\nexport default sidebars;\n";
        let v = exported_object(js).unwrap();
        assert_eq!(
            v,
            json!({"tutorialSidebar": [{"type": "autogenerated", "dirName": "."}]})
        );
    }

    #[test]
    fn literals_of_every_kind() {
        let js = "module.exports = {\n  a: ['x', \"y\", `z`, 1.5, true, null,],\n  'B c': {d: -2},\n};\n";
        let v = exported_object(js).unwrap();
        assert_eq!(
            v,
            json!({"a": ["x", "y", "z", 1.5, true, null], "B c": {"d": -2.0}})
        );
    }

    #[test]
    fn code_is_an_error_with_its_line() {
        let e = exported_object("export default {\n  a: [\n    ...generated(),\n  ],\n};\n")
            .unwrap_err();
        assert_eq!(e.1, 3);
        assert!(e.0.contains("spread"));
        let e = exported_object("export default {\n  a: items,\n};\n").unwrap_err();
        assert_eq!((e.0.as_str(), e.1), ("`items` is not a literal value", 2));
        assert!(exported_object("const x = 1;\n").is_err());
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        let deep = format!(
            "export default {{a: {}{}}};\n",
            "[\n".repeat(100_000),
            "]".repeat(100_000)
        );
        let e = exported_object(&deep).unwrap_err();
        assert!(e.0.contains("nesting deeper than 64"), "{}", e.0);
        assert_eq!(e.1, 64);
        let fine = format!(
            "export default {{a: {}{}}};\n",
            "[".repeat(60),
            "]".repeat(60)
        );
        assert!(exported_object(&fine).is_ok());
    }

    #[test]
    fn comments_with_wide_characters_keep_positions() {
        let v = exported_object("// é ü 日本\nexport default {a: ['é']};\n").unwrap();
        assert_eq!(v["a"][0], "é");
        let e = exported_object("/* ü */ export default {a: \\é};\n").unwrap_err();
        assert_eq!(e.1, 1);
    }
}
