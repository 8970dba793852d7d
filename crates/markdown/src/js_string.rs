//! JavaScript string literals as MDX holds them (`'@site/docs/\_Beta.md'`, `"56.25%"`,
//! `` `code` ``), read as JavaScript reads them, so an import path or a value means what it
//! means to Docusaurus.

/// The literal at the start of `s` (quoted with `'`, `"` or a backtick): its value, and the
/// text after it. `None` when `s` does not start with a complete literal, or when a template
/// literal holds `${…}` (a value only a JavaScript runtime knows).
pub fn literal(s: &str) -> Option<(String, &str)> {
    let quote = s.chars().next().filter(|c| matches!(c, '\'' | '"' | '`'))?;
    let mut value = String::new();
    let mut chars = s[1..].char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            c if c == quote => return Some((value, &s[1 + i + 1..])),
            '\\' => {
                let (_, e) = chars.next()?;
                match e {
                    'n' => value.push('\n'),
                    't' => value.push('\t'),
                    'r' => value.push('\r'),
                    'b' => value.push('\u{8}'),
                    'f' => value.push('\u{c}'),
                    'v' => value.push('\u{b}'),
                    '0' => value.push('\0'),
                    // A backslash before a line break continues the literal on the next line.
                    '\n' => {}
                    'x' => value.push(hex_escape(&mut chars, 2)?),
                    'u' => value.push(unicode_escape(&mut chars)?),
                    // Any other escaped character is itself (`\_` is `_`, `\'` is `'`).
                    other => value.push(other),
                }
            }
            '$' if quote == '`' && s[1 + i + 1..].starts_with('{') => return None,
            '\n' if quote != '`' => return None,
            c => value.push(c),
        }
    }
    None
}

/// The value of a whole string literal (`'a'`), nothing after it.
pub fn whole(s: &str) -> Option<String> {
    literal(s.trim())
        .filter(|(_, rest)| rest.trim().is_empty())
        .map(|(v, _)| v)
}

fn hex_escape(chars: &mut std::str::CharIndices, digits: usize) -> Option<char> {
    let hex: String = (0..digits)
        .filter_map(|_| chars.next().map(|(_, c)| c))
        .collect();
    (hex.len() == digits)
        .then(|| u32::from_str_radix(&hex, 16).ok())
        .flatten()
        .and_then(char::from_u32)
}

/// `\u00e9` or `\u{1F600}`.
fn unicode_escape(chars: &mut std::str::CharIndices) -> Option<char> {
    let rest = chars.as_str();
    if let Some(braced) = rest.strip_prefix('{') {
        let end = braced.find('}')?;
        let code = u32::from_str_radix(&braced[..end], 16).ok()?;
        for _ in 0..end + 2 {
            chars.next();
        }
        return char::from_u32(code);
    }
    hex_escape(chars, 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_are_read_as_javascript_reads_them() {
        assert_eq!(
            whole(r"'@site/docs/partials/\_Beta.md'").as_deref(),
            Some("@site/docs/partials/_Beta.md")
        );
        assert_eq!(whole(r#""a\"b\\c""#).as_deref(), Some("a\"b\\c"));
        assert_eq!(whole(r"'\x41\u0042\u{43}\n'").as_deref(), Some("ABC\n"));
        assert_eq!(whole("`multi\nline`").as_deref(), Some("multi\nline"));
        assert_eq!(literal("'a' rest"), Some(("a".to_string(), " rest")));
    }

    #[test]
    fn what_needs_a_runtime_or_is_unclosed_is_none() {
        assert_eq!(whole("`a ${b}`"), None);
        assert_eq!(whole("'open"), None);
        assert_eq!(whole("'a' + b"), None);
        assert_eq!(whole("'line\nbreak'"), None);
        assert_eq!(whole(r"'\u{110000}'"), None);
        assert_eq!(whole(r"'\xZZ'"), None);
        assert_eq!(whole("x"), None);
    }
}
