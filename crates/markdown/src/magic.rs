//! Docusaurus's code block magic comments: `// highlight-next-line` and
//! `// highlight-start` … `// highlight-end` lines are taken out of the code and mark the lines
//! they name as highlighted. Which comment forms count depends on the language, as in
//! Docusaurus; a language it does not list accepts every form.

use std::collections::BTreeSet;

/// One comment form: what opens it and what closes it (empty for a line comment).
type Form = (&'static str, &'static str);

const SLASH: Form = ("//", "");
const BLOCK: Form = ("/*", "*/");
const JSX: Form = ("{/*", "*/}");
const HASH: Form = ("#", "");
const HTML: Form = ("<!--", "-->");
const DASH: Form = ("--", "");
const PERCENT: Form = ("%", "");
const ALL: &[Form] = &[SLASH, BLOCK, JSX, HASH, HTML, DASH, PERCENT];

fn forms(lang: &str) -> &'static [Form] {
    match lang {
        "js" | "javascript" | "ts" | "typescript" | "c" | "cpp" | "java" | "go" | "rust"
        | "kotlin" | "swift" | "scala" | "css" | "scss" | "json" | "jsonc" | "json5" => {
            &[SLASH, BLOCK]
        }
        "jsx" | "tsx" => &[SLASH, BLOCK, JSX],
        "html" | "xml" | "svg" | "vue" => &[SLASH, BLOCK, HTML],
        "md" | "markdown" | "mdx" => &[HTML, JSX],
        "python" | "py" | "bash" | "sh" | "shell" | "shell-session" | "zsh" | "yaml" | "yml"
        | "toml" | "ruby" | "r" | "dockerfile" | "makefile" | "ini" | "perl" | "powershell" => {
            &[HASH]
        }
        "sql" | "lua" | "haskell" => &[DASH],
        "tex" | "latex" | "matlab" => &[PERCENT],
        _ => ALL,
    }
}

#[derive(Debug, PartialEq, Eq)]
enum Directive {
    NextLine,
    Start,
    End,
}

/// The directive a whole line holds, if it is a magic comment in one of the forms.
fn directive(line: &str, forms: &[Form]) -> Option<Directive> {
    let t = line.trim();
    forms.iter().find_map(|(open, close)| {
        let inner = t.strip_prefix(open)?.strip_suffix(close)?.trim();
        match inner {
            "highlight-next-line" => Some(Directive::NextLine),
            "highlight-start" => Some(Directive::Start),
            "highlight-end" => Some(Directive::End),
            _ => None,
        }
    })
}

/// The code without its magic comment lines, and the 1-based lines (of the code returned) to
/// highlight. Code without magic comments comes back unchanged.
pub fn apply(code: &str, lang: &str) -> (String, BTreeSet<usize>) {
    let forms = forms(lang);
    let mut out = String::with_capacity(code.len());
    let mut highlighted = BTreeSet::new();
    let mut next = false;
    let mut depth = 0usize;
    let mut line_no = 0;
    for line in code.split_inclusive('\n') {
        match directive(line, forms) {
            Some(Directive::NextLine) => next = true,
            Some(Directive::Start) => depth += 1,
            Some(Directive::End) => depth = depth.saturating_sub(1),
            None => {
                line_no += 1;
                if next || depth > 0 {
                    highlighted.insert(line_no);
                }
                next = false;
                out.push_str(line);
            }
        }
    }
    (out, highlighted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_line_and_ranges_are_taken_out_and_highlighted() {
        let code =
            "a\n// highlight-next-line\nb\nc\n// highlight-start\nd\ne\n// highlight-end\nf\n";
        let (out, lines) = apply(code, "js");
        assert_eq!(out, "a\nb\nc\nd\ne\nf\n");
        assert_eq!(lines.into_iter().collect::<Vec<_>>(), [2, 4, 5]);
    }

    #[test]
    fn comment_forms_follow_the_language() {
        let (out, lines) = apply("    # highlight-next-line\n    x = 1\n", "python");
        assert_eq!((out.as_str(), lines.len()), ("    x = 1\n", 1));
        // `//` is no comment in Python: the line stays.
        let (out, lines) = apply("// highlight-next-line\nx\n", "python");
        assert_eq!((out.lines().count(), lines.len()), (2, 0));
        let (out, lines) = apply("<!-- highlight-next-line -->\n<p/>\n", "html");
        assert_eq!((out.as_str(), lines.len()), ("<p/>\n", 1));
        let (_, lines) = apply("/* highlight-start */\nx\n/* highlight-end */\n", "c");
        assert_eq!(lines.len(), 1);
        let (_, lines) = apply("-- highlight-next-line\nselect 1;\n", "sql");
        assert_eq!(lines.len(), 1);
        let (_, lines) = apply("{/* highlight-next-line */}\n<A />\n", "jsx");
        assert_eq!(lines.len(), 1);
        // An unlisted language accepts every form.
        let (_, lines) = apply("# highlight-next-line\nx\n", "");
        assert_eq!(lines.len(), 1);
    }
}
