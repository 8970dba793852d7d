//! A twin cut at its headings (levels 2 to 6, outside fenced code), each section given the
//! anchor the HTML page uses for it: the page JSON's table of contents, matched in order by
//! text, since the twin's headings carry no ids.

use std::ops::Range;

#[derive(Debug, Clone)]
pub struct Section {
    /// The heading's id on the page; `None` for the text before the first heading.
    pub anchor: Option<String>,
    /// The heading as plain text (the page title for the first section).
    pub heading: String,
    pub level: u8,
    /// Byte range of the section in the twin, its heading line included.
    pub range: Range<usize>,
}

/// A heading line: its level and text.
fn heading(line: &str) -> Option<(u8, &str)> {
    let hashes = line.bytes().take_while(|&b| b == b'#').count();
    let rest = &line[hashes..];
    ((1..=6).contains(&hashes) && (rest.is_empty() || rest.starts_with(' ')))
        .then(|| (hashes as u8, rest.trim().trim_end_matches('#').trim()))
}

/// Heading text reduced for comparison: link targets dropped, letters and digits only.
fn comparable(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == ']' && chars.peek() == Some(&'(') {
            for d in chars.by_ref() {
                if d == ')' {
                    break;
                }
            }
        } else if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        }
    }
    out
}

/// Plain text of a Markdown heading: code marks, emphasis and link targets dropped.
pub fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '`' | '*' | '[' => {}
            ']' if chars.peek() == Some(&'(') => {
                for d in chars.by_ref() {
                    if d == ')' {
                        break;
                    }
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// The sections of `twin`; `toc` is the page's table of contents (id, text, level).
pub fn split_sections(twin: &str, toc: &[(String, String, u8)]) -> Vec<Section> {
    let mut sections = vec![Section {
        anchor: None,
        heading: String::new(),
        level: 1,
        range: 0..twin.len(),
    }];
    let mut fence: Option<(u8, usize)> = None;
    let mut cursor = 0;
    let mut offset = 0;
    for line in twin.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let trimmed = line.trim_end_matches(['\n', '\r']);
        let indent = trimmed.len() - trimmed.trim_start().len();
        let body = trimmed.trim_start();
        if let Some(marker) = fence_marker(body) {
            match fence {
                None => fence = Some(marker),
                Some((c, n)) if marker.0 == c && marker.1 >= n && indent < 4 => {
                    if body.trim_start_matches(c as char).trim().is_empty() {
                        fence = None;
                    }
                }
                _ => {}
            }
            continue;
        }
        if fence.is_some() || indent >= 4 {
            continue;
        }
        let Some((level, text)) = heading(body) else {
            continue;
        };
        if level == 1 {
            sections[0].heading = plain(text);
            continue;
        }
        let key = comparable(text);
        let found = toc[cursor..]
            .iter()
            .position(|(_, t, _)| comparable(t) == key);
        let anchor = found.map(|i| {
            cursor += i + 1;
            toc[cursor - 1].0.clone()
        });
        if let Some(last) = sections.last_mut() {
            last.range.end = start;
        }
        sections.push(Section {
            anchor,
            heading: plain(text),
            level,
            range: start..twin.len(),
        });
    }
    sections
}

/// A fence opening or closing line: its character and length.
fn fence_marker(line: &str) -> Option<(u8, usize)> {
    let c = *line.as_bytes().first()?;
    if c != b'`' && c != b'~' {
        return None;
    }
    let n = line.bytes().take_while(|&b| b == c).count();
    (n >= 3).then_some((c, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_at_headings_outside_code_and_finds_anchors() {
        let twin = "# Title\n\nIntro.\n\n## Run a job\n\nText.\n\n```python\n# not a heading\n```\n\n### `asset`\n\nMore.\n";
        let toc = vec![
            ("run-a-job".to_string(), "Run a job".to_string(), 2),
            ("dagster.asset".to_string(), "asset".to_string(), 3),
        ];
        let s = split_sections(twin, &toc);
        assert_eq!(s.len(), 3);
        assert_eq!(s[0].heading, "Title");
        assert!(twin[s[0].range.clone()].contains("Intro."));
        assert_eq!(s[1].anchor.as_deref(), Some("run-a-job"));
        assert!(twin[s[1].range.clone()].contains("# not a heading"));
        assert_eq!(s[2].anchor.as_deref(), Some("dagster.asset"));
        assert_eq!(s[2].heading, "asset");
        assert_eq!(s[2].range.end, twin.len());
    }

    #[test]
    fn a_heading_missing_from_the_toc_has_no_anchor() {
        let s = split_sections("## Other\n", &[("x".into(), "X".into(), 2)]);
        assert_eq!(s[1].anchor, None);
    }
}
