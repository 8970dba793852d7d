//! A diagram's accessible name and description. The name is its own title (Mermaid's
//! `accTitle:`, front matter `title:` or a `title …` line), else the text just before it on
//! the page (a heading or the end of a paragraph), else its type ("Flowchart"). The
//! description is Mermaid's `accDescr: …` or `accDescr { … }`, when the source gives one.

/// The longest name given, in characters; longer text is cut at a word.
const MAX_NAME_CHARS: usize = 200;

/// The longest description given, in characters; longer text is cut at a word.
const MAX_DESCRIPTION_CHARS: usize = 1000;

/// The source's lines that are the diagram: front matter (`---` … `---`), `%%` comments and
/// directives, and blank lines left out.
pub(super) fn body_lines(source: &str) -> impl Iterator<Item = &str> {
    let mut lines = source.lines().map(str::trim).peekable();
    if lines.peek() == Some(&"---") {
        lines.next();
        for line in lines.by_ref() {
            if line == "---" {
                break;
            }
        }
    }
    lines.filter(|l| !l.is_empty() && !l.starts_with("%%"))
}

/// The diagram's title as its source gives it, if it does.
pub fn diagram_title(source: &str) -> Option<String> {
    if let Some(title) = body_lines(source).find_map(|l| keyword_value(l, "accTitle")) {
        return non_empty(title);
    }
    let mut lines = source.lines().map(str::trim);
    if lines.next() == Some("---") {
        for line in lines.take_while(|l| *l != "---") {
            if let Some(t) = line.strip_prefix("title:") {
                return non_empty(t.trim().trim_matches(['"', '\'']));
            }
        }
    }
    body_lines(source)
        .find_map(|l| l.strip_prefix("title "))
        .and_then(|t| non_empty(t.trim()))
}

/// The diagram's description for assistive technology (`accDescr`), if its source gives
/// one: a line `accDescr: …`, or the lines of `accDescr { … }` joined by spaces.
pub fn diagram_description(source: &str) -> Option<String> {
    let mut lines = body_lines(source);
    while let Some(line) = lines.next() {
        if let Some(text) = keyword_value(line, "accDescr") {
            return non_empty(text).map(|d| shorten_to(&d, MAX_DESCRIPTION_CHARS));
        }
        let Some(rest) = line.strip_prefix("accDescr") else {
            continue;
        };
        let Some(block) = rest.trim_start().strip_prefix('{') else {
            continue;
        };
        // `accDescr { All on one line }`
        if let Some(one_line) = block.trim_end().strip_suffix('}') {
            return non_empty(one_line.trim()).map(|d| shorten_to(&d, MAX_DESCRIPTION_CHARS));
        }
        let mut text: Vec<&str> = vec![block.trim()];
        for line in lines.by_ref() {
            match line.strip_suffix('}') {
                Some(last) => {
                    text.push(last.trim());
                    break;
                }
                None => text.push(line),
            }
        }
        let joined = text
            .into_iter()
            .filter(|t| !t.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        return non_empty(&joined).map(|d| shorten_to(&d, MAX_DESCRIPTION_CHARS));
    }
    None
}

/// `value` of a `keyword: value` line (Mermaid's accessibility lines).
fn keyword_value<'a>(line: &'a str, keyword: &str) -> Option<&'a str> {
    let rest = line.strip_prefix(keyword)?.trim_start();
    rest.strip_prefix(':').map(str::trim)
}

/// The name: the diagram's title, else `before` (text before it), else its type.
pub fn accessible_name(source: &str, before: Option<&str>) -> String {
    let name = diagram_title(source)
        .or_else(|| before.and_then(|b| non_empty(&plain(b))))
        .unwrap_or_else(|| type_name(source).to_string());
    shorten(&name)
}

fn type_name(source: &str) -> &'static str {
    let first = body_lines(source).next().unwrap_or("");
    match first.split_whitespace().next().unwrap_or("") {
        "sequenceDiagram" => "Sequence diagram",
        "classDiagram" => "Class diagram",
        "stateDiagram" | "stateDiagram-v2" => "State diagram",
        "erDiagram" => "Entity-relationship diagram",
        "gantt" => "Gantt chart",
        _ => "Flowchart",
    }
}

/// Markdown of one heading or paragraph as plain words: markers, emphasis, code ticks and
/// link targets left out.
fn plain(markdown: &str) -> String {
    let text = markdown.trim_start_matches('#').trim();
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            // `_` stays: it is part of names (`k8s_job_executor`) more often than emphasis.
            '*' | '`' | '[' => {}
            // `](url)`: the link text is kept, its target is not.
            ']' if chars.peek() == Some(&'(') => {
                for c in chars.by_ref() {
                    if c == ')' {
                        break;
                    }
                }
            }
            ']' => {}
            '\n' => out.push(' '),
            _ => out.push(c),
        }
    }
    out.trim().trim_end_matches(':').trim().to_string()
}

fn shorten(name: &str) -> String {
    shorten_to(name, MAX_NAME_CHARS)
}

fn shorten_to(name: &str, max: usize) -> String {
    if name.chars().count() <= max {
        return name.to_string();
    }
    let cut: String = name.chars().take(max).collect();
    let at = cut.rfind(' ').unwrap_or(cut.len());
    format!("{}…", &cut[..at])
}

fn non_empty(s: &str) -> Option<String> {
    (!s.is_empty()).then(|| s.to_string())
}

/// The heading or paragraph that ends just before line `line` (1-based) of `body`, skipping
/// blank lines; `None` when a fence, a component or nothing comes first.
pub fn text_before(body: &str, line: usize) -> Option<String> {
    let lines: Vec<&str> = body.lines().take(line.saturating_sub(1)).collect();
    let end = lines.iter().rposition(|l| !l.trim().is_empty())?;
    let start = lines[..=end]
        .iter()
        .rposition(|l| l.trim().is_empty())
        .map_or(0, |i| i + 1);
    let block: Vec<&str> = lines[start..=end].iter().map(|l| l.trim()).collect();
    let first = block.first()?;
    if first.starts_with(['<', '`', '~', '|', '{', ':', '>', '-', '!'])
        || first.starts_with("import ")
    {
        return None;
    }
    // The last sentence of a long paragraph says what comes next.
    let text = block.join("\n");
    if first.starts_with('#') {
        return Some(text);
    }
    let last = text
        .trim_end()
        .trim_end_matches(':')
        .rsplit_once(". ")
        .map_or(text.as_str(), |(_, s)| s);
    Some(last.to_string())
}
