//! The meta string of a fenced code block: ```python title="x.py" {1,3-5} showLineNumbers

use std::collections::BTreeSet;

#[derive(Debug, Default, PartialEq, Eq)]
pub struct CodeMeta {
    pub title: Option<String>,
    pub highlighted: BTreeSet<usize>,
    /// Line numbers shown, starting at this number (`showLineNumbers` starts at 1).
    pub line_numbers: Option<usize>,
    /// What the meta holds that Docusaurus passes over too (a `title=` without quotes), as
    /// warnings to show.
    pub ignored: Vec<String>,
}

/// Words of the meta that other tools read (`skip-parse` for the examples suite; `npm2yarn`
/// for its setting): no warning.
const FOR_OTHER_TOOLS: &[&str] = &["skip-parse", "npm2yarn"];

pub fn parse(meta: &str) -> Result<CodeMeta, String> {
    let mut out = CodeMeta::default();
    let mut rest = meta.trim();
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("title=") {
            match quoted(after) {
                Some((title, tail)) => {
                    out.title = Some(title.to_string());
                    rest = tail;
                }
                // Docusaurus reads a title in quotes only and ignores this one: so does the site.
                None => {
                    let end = after.find(char::is_whitespace).unwrap_or(after.len());
                    out.ignored.push(format!(
                        "the code block title `title={}` is ignored, as Docusaurus ignores it: write title=\"{}\" to show it",
                        &after[..end],
                        &after[..end]
                    ));
                    rest = &after[end..];
                }
            }
        } else if let Some(after) = rest.strip_prefix('{') {
            let end = after
                .find('}')
                .ok_or("line highlight `{...}` is not closed")?;
            out.highlighted.extend(line_ranges(&after[..end])?);
            rest = &after[end + 1..];
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            let word = &rest[..end];
            if word == "showLineNumbers" {
                out.line_numbers = Some(1);
            } else if let Some(n) = word.strip_prefix("showLineNumbers=") {
                let start = n.parse().map_err(|_| {
                    format!("`{word}` needs a line number, as in showLineNumbers=5")
                })?;
                out.line_numbers = Some(start);
            } else if !FOR_OTHER_TOOLS.contains(&word) {
                out.ignored
                    .push(format!("the code block option `{word}` is ignored"));
            }
            rest = &rest[end..];
        }
        rest = rest.trim_start();
    }
    Ok(out)
}

fn quoted(s: &str) -> Option<(&str, &str)> {
    let q = s.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let end = s[1..].find(q)? + 1;
    Some((&s[1..end], &s[end + 1..]))
}

/// `1,3-5` → {1, 3, 4, 5}
pub fn line_ranges(spec: &str) -> Result<BTreeSet<usize>, String> {
    let mut lines = BTreeSet::new();
    for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let bad = || format!("`{part}` is not a line number or range like 3-5");
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b): (usize, usize) = (
                    a.trim().parse().map_err(|_| bad())?,
                    b.trim().parse().map_err(|_| bad())?,
                );
                if a > b || b - a > 10_000 {
                    return Err(bad());
                }
                lines.extend(a..=b);
            }
            None => {
                lines.insert(part.parse().map_err(|_| bad())?);
            }
        }
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_title_ranges_and_numbers() {
        let m = parse("title=\"defs.py\" {1,3-5} showLineNumbers").unwrap();
        assert_eq!(m.title.as_deref(), Some("defs.py"));
        assert_eq!(m.highlighted.into_iter().collect::<Vec<_>>(), [1, 3, 4, 5]);
        assert_eq!(m.line_numbers, Some(1));
        assert_eq!(parse("showLineNumbers=12").unwrap().line_numbers, Some(12));
        assert!(parse("showLineNumbers=x").is_err());
    }

    #[test]
    fn bad_meta_is_an_error() {
        assert!(parse("{1-x}").is_err());
        let unquoted = parse("title=defs.py {2}").unwrap();
        assert_eq!((unquoted.title, unquoted.ignored.len()), (None, 1));
        assert!(unquoted.highlighted.contains(&2));
        assert!(parse("{1,2").is_err());
        assert_eq!(parse("skip-parse").unwrap(), CodeMeta::default());
        // Options Docusaurus's plugins read (`live`) are passed over with a warning.
        assert_eq!(
            parse("live").unwrap().ignored,
            ["the code block option `live` is ignored"]
        );
    }
}
