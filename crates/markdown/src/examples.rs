//! `<CodeExample>`: reading an example file and slicing the lines a page shows. Shared by the
//! HTML and the Markdown twin, so both show the same lines.

use crate::jsx::Attrs;

/// What a `<CodeExample>` shows: the chosen lines of its file, with language and title.
pub(crate) struct Example {
    pub path: String,
    pub code: String,
    pub language: String,
    pub title: Option<String>,
}

pub(crate) struct ExampleError {
    pub message: String,
    pub hint: Option<&'static str>,
}

impl From<String> for ExampleError {
    fn from(message: String) -> Self {
        ExampleError {
            message,
            hint: None,
        }
    }
}

/// Reads and slices the file of a `<CodeExample>`; shared by the HTML and the Markdown twin
/// so both show the same lines.
pub(crate) fn example(
    attrs: &Attrs,
    load: &(dyn Fn(&str) -> Result<String, String> + Sync),
) -> Result<Example, ExampleError> {
    let Some(path) = attrs.text("path").filter(|p| !p.is_empty()) else {
        return Err(ExampleError {
            message: "`<CodeExample>` needs a `path`".into(),
            hint: Some("the path is relative to the site's examples folder"),
        });
    };
    let content = load(&path).map_err(|e| format!("code example `{path}`: {e}"))?;
    let number = |name: &str| {
        attrs.text(name).map(|v| {
            v.parse::<usize>()
                .map_err(|_| format!("`{name}` must be a line number, not `{v}`"))
        })
    };
    let range = Slice {
        start_after: attrs.text("startAfter"),
        end_before: attrs.text("endBefore"),
        line_start: number("lineStart").transpose(),
        line_end: number("lineEnd").transpose(),
    };
    let code = range
        .apply(&content)
        .map_err(|e| format!("code example `{path}`: {e}"))?;
    let language = attrs
        .text("language")
        .unwrap_or_else(|| language_from_path(&path).to_string());
    Ok(Example {
        title: attrs.text("title"),
        path,
        code,
        language,
    })
}

fn language_from_path(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "py" => "python",
        "yaml" | "yml" => "yaml",
        "toml" => "toml",
        "sh" => "bash",
        "sql" => "sql",
        "json" => "json",
        "js" | "mjs" => "javascript",
        "ts" => "typescript",
        _ if path.ends_with("Dockerfile") => "dockerfile",
        _ => "text",
    }
}

/// Which part of an example file a page shows.
pub struct Slice {
    pub start_after: Option<String>,
    pub end_before: Option<String>,
    pub line_start: Result<Option<usize>, String>,
    pub line_end: Result<Option<usize>, String>,
}

impl Slice {
    /// The shown lines: between the markers (or the 1-based inclusive line range), with every
    /// marker comment removed and the common indentation taken off.
    pub fn apply(self, content: &str) -> Result<String, String> {
        let lines: Vec<&str> = content.lines().collect();
        let mut start = 0;
        let mut end = lines.len();
        if let Some(first) = self.line_start? {
            start = first.saturating_sub(1);
        }
        if let Some(last) = self.line_end? {
            end = last.min(lines.len());
        }
        if let Some(marker) = &self.start_after {
            start =
                find_marker(&lines, marker, 0).ok_or(format!("marker `{marker}` not found"))? + 1;
        }
        if let Some(marker) = &self.end_before {
            end = find_marker(&lines, marker, start)
                .ok_or(format!("marker `{marker}` not found after the start"))?;
        }
        if start >= end {
            return Err("the selected range is empty".into());
        }
        let shown: Vec<&str> = lines[start..end]
            .iter()
            .copied()
            .filter(|l| !is_marker_line(l))
            .collect();
        Ok(dedent(&shown))
    }
}

fn find_marker(lines: &[&str], marker: &str, from: usize) -> Option<usize> {
    (from..lines.len()).find(|&i| comment_text(lines[i]).is_some_and(|t| t == marker))
}

/// The text of a whole-line comment (`# x`, `// x`, `-- x`), if the line is one.
fn comment_text(line: &str) -> Option<&str> {
    let t = line.trim();
    ["#", "//", "--"]
        .iter()
        .find_map(|p| t.strip_prefix(p))
        .map(str::trim)
}

fn is_marker_line(line: &str) -> bool {
    comment_text(line).is_some_and(|t| {
        (t.starts_with("start_") || t.starts_with("end_"))
            && t.chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
    })
}

fn dedent(lines: &[&str]) -> String {
    let indent = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut out: Vec<&str> = lines
        .iter()
        .map(|l| {
            if l.len() >= indent {
                &l[indent..]
            } else {
                l.trim_start()
            }
        })
        .collect();
    while out.last().is_some_and(|l| l.trim().is_empty()) {
        out.pop();
    }
    while out.first().is_some_and(|l| l.trim().is_empty()) {
        out.remove(0);
    }
    let mut s = out.join("\n");
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = "import dagster as dg\n\n# start_asset\n@dg.asset\ndef a():\n    # start_body\n    return 1\n    # end_body\n# end_asset\n";

    fn slice(after: Option<&str>, before: Option<&str>) -> Result<String, String> {
        Slice {
            start_after: after.map(Into::into),
            end_before: before.map(Into::into),
            line_start: Ok(None),
            line_end: Ok(None),
        }
        .apply(EXAMPLE)
    }

    #[test]
    fn slices_between_markers_and_removes_nested_markers() {
        assert_eq!(
            slice(Some("start_asset"), Some("end_asset")).unwrap(),
            "@dg.asset\ndef a():\n    return 1\n"
        );
    }

    #[test]
    fn inner_slices_are_dedented() {
        assert_eq!(
            slice(Some("start_body"), Some("end_body")).unwrap(),
            "return 1\n"
        );
    }

    #[test]
    fn whole_file_drops_markers() {
        let all = slice(None, None).unwrap();
        assert!(!all.contains("start_"));
        assert!(!all.contains("end_"));
        assert!(all.starts_with("import dagster as dg\n\n@dg.asset"));
    }

    #[test]
    fn missing_marker_is_an_error() {
        assert!(slice(Some("start_nope"), None)
            .unwrap_err()
            .contains("start_nope"));
        assert!(slice(Some("start_asset"), Some("end_nope"))
            .unwrap_err()
            .contains("end_nope"));
    }

    #[test]
    fn line_ranges_are_one_based_inclusive() {
        let s = Slice {
            start_after: None,
            end_before: None,
            line_start: Ok(Some(4)),
            line_end: Ok(Some(5)),
        };
        assert_eq!(s.apply(EXAMPLE).unwrap(), "@dg.asset\ndef a():\n");
    }
}
