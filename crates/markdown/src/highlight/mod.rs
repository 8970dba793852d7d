//! Build-time syntax highlighting into spans of a few short classes (see [`TokenClass`]), so
//! code stays small and light and dark themes are CSS only.

use crate::token_class::TokenClass;
use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Mutex};
use syntect::highlighting::{Highlighter, Theme};
use syntect::parsing::{ParseState, Scope, ScopeStack, ScopeStackOp, SyntaxReference, SyntaxSet};
use syntect::util::LinesWithEndings;
use two_face::theme::EmbeddedThemeName;

/// bat's syntax set: syntect's own lacks TOML, Dockerfile and TypeScript.
static SYNTAXES: LazyLock<SyntaxSet> = LazyLock::new(two_face::syntax::extra_newlines);

/// The classes both themes colour as plain code: their tokens need no span.
static PLAIN: LazyLock<Vec<TokenClass>> = LazyLock::new(|| {
    let themes = two_face::theme::extra();
    let colour = |theme: &Theme, scope: Option<&str>| {
        let stack: Vec<Scope> = scope.and_then(|s| Scope::new(s).ok()).into_iter().collect();
        Highlighter::new(theme).style_for_stack(&stack).foreground
    };
    TokenClass::ALL
        .into_iter()
        .filter(|class| {
            [
                EmbeddedThemeName::OneHalfLight,
                EmbeddedThemeName::OneHalfDark,
            ]
            .iter()
            .all(|&name| {
                let theme = themes.get(name);
                colour(theme, Some(class.scope())) == colour(theme, None)
            })
        })
        .collect()
});

/// Loads the syntax definitions now, so the first page to render does not pay for it.
pub fn warm_up() {
    LazyLock::force(&SYNTAXES);
    LazyLock::force(&PLAIN);
}

fn syntax_for(lang: &str) -> Option<&'static SyntaxReference> {
    let token = match lang.to_ascii_lowercase().as_str() {
        "py" | "python3" => "python".to_string(),
        "shell" | "console" | "zsh" | "sh" => "bash".to_string(),
        "yml" => "yaml".to_string(),
        "docker" => "dockerfile".to_string(),
        "ts" => "typescript".to_string(),
        "js" | "mjs" | "cjs" => "javascript".to_string(),
        "text" | "txt" | "plaintext" | "plain" | "mermaid" => return None,
        other => other.to_string(),
    };
    SYNTAXES.find_syntax_by_token(&token)
}

/// Whether a language name is known to the highlighter (unknown ones show as plain text).
pub fn knows(lang: &str) -> bool {
    syntax_for(lang).is_some()
}

/// What identifies a highlighted block: code, language, marked lines, numbered.
type BlockKey = (String, String, Vec<usize>, bool);

/// Blocks highlighted earlier, when [`keep_results`] is on. `serve` renders a page again on
/// each edit and most edits leave its code as it was (a code-heavy page renders in about 3 ms
/// instead of 4.3 when its blocks are kept).
static RESULTS: LazyLock<Mutex<HashMap<BlockKey, Arc<str>>>> = LazyLock::new(Default::default);
static KEEP_RESULTS: AtomicBool = AtomicBool::new(false);
/// Past this many bytes of kept HTML the store starts again empty, so it stays bounded.
const KEPT_BYTES_LIMIT: usize = 32 << 20;
static KEPT_BYTES: AtomicUsize = AtomicUsize::new(0);

/// Keeps highlighted blocks for later renders of the same code (for a long-running process
/// such as `serve`; a one-off build has no use for them).
pub fn keep_results(on: bool) {
    KEEP_RESULTS.store(on, Ordering::Relaxed);
}

/// [`highlight_lines`], reusing a block highlighted before when [`keep_results`] is on.
pub fn highlight_block(
    code: &str,
    lang: &str,
    marked: &BTreeSet<usize>,
    numbered: bool,
) -> Arc<str> {
    if !KEEP_RESULTS.load(Ordering::Relaxed) {
        return highlight_lines(code, lang, marked, numbered).into();
    }
    let key: BlockKey = (
        code.to_string(),
        lang.to_string(),
        marked.iter().copied().collect(),
        numbered,
    );
    if let Some(hit) = RESULTS.lock().ok().and_then(|r| r.get(&key).cloned()) {
        return hit;
    }
    let html: Arc<str> = highlight_lines(code, lang, marked, numbered).into();
    if let Ok(mut results) = RESULTS.lock() {
        let size = html.len() + code.len();
        if KEPT_BYTES.fetch_add(size, Ordering::Relaxed) + size > KEPT_BYTES_LIMIT {
            results.clear();
            KEPT_BYTES.store(size, Ordering::Relaxed);
        }
        results.insert(key, html.clone());
    }
    html
}

/// The longest line a block may have and still be highlighted, in bytes.
pub const MAX_HIGHLIGHTED_LINE: usize = 4_096;

/// The highlighted HTML of a block, one source line per output line. Inside, one
/// `<span class="hl-…">` per run of tokens of one [`TokenClass`]; text of no class (and
/// whitespace between two runs) stays bare. A line the app must style on its own (one in
/// `marked`, or every line when `numbered`, for the CSS counter) is wrapped in a balanced
/// `<span class="line">`; other lines are bare text, as the wrapper would be most of a short
/// line's markup.
pub fn highlight_lines(code: &str, lang: &str, marked: &BTreeSet<usize>, numbered: bool) -> String {
    let mut out = String::with_capacity(code.len() * 2);
    // The grammars' cost grows with the square of a line's length on some inputs (Python
    // strings of escaped quotes: 1 MB on one line took over a minute), and a line cannot be
    // skipped without losing the grammar's state for the next: such a block stays plain.
    let long_line = code.lines().any(|l| l.len() > MAX_HIGHLIGHTED_LINE);
    let syntax = syntax_for(lang).filter(|_| !long_line);
    let mut state = syntax.map(ParseState::new);
    let mut stack = ScopeStack::new();
    for (index, line) in LinesWithEndings::from(code).enumerate() {
        let highlighted = marked.contains(&(index + 1));
        let wrapped = highlighted || numbered;
        if highlighted {
            out.push_str("<span class=\"line line--highlighted\">");
        } else if wrapped {
            out.push_str("<span class=\"line\">");
        }
        let text = line.trim_end_matches(['\n', '\r']);
        match state.as_mut().and_then(|s| parse_line(s, line)) {
            Some(ops) => classed_line(&mut out, text, &ops, &mut stack),
            None => out.push_str(&escape(text)),
        }
        if wrapped {
            out.push_str("</span>");
        }
        out.push('\n');
    }
    out
}

/// A line parsed before: the grammar's state it was parsed in, its scope operations, and the
/// state after it.
struct ParsedLine {
    before: ParseState,
    ops: Arc<[(usize, ScopeStackOp)]>,
    after: ParseState,
}

/// Lines parsed before on this thread, by text. Parsing is most of highlighting, and a line's
/// parse depends only on its text and the grammar's state before it, so a line met again in
/// the same state (`import dagster as dg` at the top of a block, a blank line between two
/// definitions) takes the last parse. On 10,001 generated pages, whose blocks share three lines
/// of five, the render stage went from 1.04 s to 0.89 s.
#[derive(Default)]
struct ParsedLines {
    lines: HashMap<String, Vec<ParsedLine>>,
    bytes: usize,
}

/// Past this many bytes (roughly) a thread's parsed lines start again empty.
const PARSED_LINES_LIMIT: usize = 4 << 20;

thread_local! {
    static PARSED: std::cell::RefCell<ParsedLines> = Default::default();
}

/// The scope operations of `line` parsed in `state`, which moves to the state after it.
fn parse_line(state: &mut ParseState, line: &str) -> Option<Arc<[(usize, ScopeStackOp)]>> {
    let known = PARSED.with_borrow(|parsed| {
        let same = parsed
            .lines
            .get(line)?
            .iter()
            .find(|p| p.before == *state)?;
        Some((same.ops.clone(), same.after.clone()))
    });
    if let Some((ops, after)) = known {
        *state = after;
        return Some(ops);
    }
    let before = state.clone();
    let ops: Arc<[(usize, ScopeStackOp)]> = state.parse_line(line, &SYNTAXES).ok()?.into();
    PARSED.with_borrow_mut(|parsed| {
        // The line, its operations, two states of a few levels and the map's own share.
        parsed.bytes += line.len() + ops.len() * std::mem::size_of::<(usize, ScopeStackOp)>() + 512;
        if parsed.bytes > PARSED_LINES_LIMIT {
            *parsed = ParsedLines::default();
        }
        let parse = ParsedLine {
            before,
            ops: ops.clone(),
            after: state.clone(),
        };
        let same_text = parsed.lines.entry(line.to_string()).or_default();
        same_text.push(parse);
    });
    Some(ops)
}

/// Writes one line's tokens as runs of one class each. Every op is applied to the scope stack,
/// those past the visible text (the newline) too, so the next line starts in the right scope.
fn classed_line(
    out: &mut String,
    text: &str,
    ops: &[(usize, ScopeStackOp)],
    stack: &mut ScopeStack,
) {
    let mut runs = Runs::new(out);
    let mut at = 0;
    for (i, op) in ops {
        let i = (*i).min(text.len());
        if i > at {
            runs.push(TokenClass::of(stack.as_slice()), &text[at..i]);
            at = i;
        }
        // A malformed grammar op leaves the stack as it was; the text still shows.
        let _ = stack.apply(op);
    }
    if at < text.len() {
        runs.push(TokenClass::of(stack.as_slice()), &text[at..]);
    }
    runs.finish();
}

/// Merges adjacent text of one class into one span.
struct Runs<'a> {
    out: &'a mut String,
    class: Option<TokenClass>,
    text: String,
}

impl<'a> Runs<'a> {
    fn new(out: &'a mut String) -> Self {
        Self {
            out,
            class: None,
            text: String::new(),
        }
    }

    fn push(&mut self, class: Option<TokenClass>, text: &str) {
        let class = class.filter(|c| !PLAIN.contains(c));
        // Whitespace shows no colour: it joins the run it follows rather than splitting it.
        let blank = text.trim().is_empty();
        if class != self.class && !blank {
            self.flush();
            self.class = class;
        }
        self.text.push_str(text);
    }

    fn flush(&mut self) {
        if self.text.is_empty() {
            return;
        }
        let text = escape(&self.text);
        match self.class {
            Some(c) => {
                // Trailing whitespace goes after the span, where it costs nothing.
                let trimmed = text.trim_end();
                self.out
                    .push_str(&format!("<span class=\"hl-{}\">{trimmed}</span>", c.name()));
                self.out.push_str(&text[trimmed.len()..]);
            }
            None => self.out.push_str(&text),
        }
        self.text.clear();
    }

    fn finish(mut self) {
        self.flush();
    }
}

fn escape(text: &str) -> String {
    crate::text::escape_html(text)
}

/// The darkest background a token sits on in each mode (a highlighted line in the reading
/// app's code blocks); token colours are adjusted to read on it.
const LIGHT_BACKGROUND: [u8; 3] = [0xec, 0xec, 0xf7];
const DARK_BACKGROUND: [u8; 3] = [0x29, 0x2a, 0x3c];
/// WCAG AA for normal text, with a little margin.
const MIN_CONTRAST: f64 = 4.6;

/// CSS for both color modes: `[data-theme="light"]` and `[data-theme="dark"]` scope the rules.
/// Backgrounds are left to the app; every token colour reaches AA contrast on them.
pub fn theme_css() -> String {
    THEME_CSS.clone()
}

/// Made once per process: it depends on nothing but the embedded themes.
static THEME_CSS: LazyLock<String> = LazyLock::new(build_theme_css);

fn build_theme_css() -> String {
    let themes = two_face::theme::extra();
    let mut css = String::from("/* Code highlighting: OneHalfLight and OneHalfDark by token class, adjusted to AA contrast. */\n");
    for (mode, name, bg) in [
        ("light", EmbeddedThemeName::OneHalfLight, LIGHT_BACKGROUND),
        ("dark", EmbeddedThemeName::OneHalfDark, DARK_BACKGROUND),
    ] {
        css.push_str(&mode_css(themes.get(name), mode, bg));
    }
    css
}

/// The rules of one mode: the code's own colour, then each class's, taken from the colour the
/// theme gives the class's representative scope.
fn mode_css(theme: &Theme, mode: &str, bg: [u8; 3]) -> String {
    let highlighter = Highlighter::new(theme);
    let color = |scope: Option<&str>| {
        let stack: Vec<Scope> = scope.and_then(|s| Scope::new(s).ok()).into_iter().collect();
        let c = highlighter.style_for_stack(&stack).foreground;
        hex(with_contrast([c.r, c.g, c.b], bg))
    };
    let scope = format!("[data-theme=\"{mode}\"]");
    let mut css = format!("{scope} .code {{ color: {}; }}\n", color(None));
    for class in TokenClass::ALL {
        let rule = format!(
            "{scope} .hl-{} {{ color: {};",
            class.name(),
            color(Some(class.scope()))
        );
        css.push_str(&rule);
        css.push_str(if class == TokenClass::Comment {
            " font-style: italic; }\n"
        } else {
            " }\n"
        });
    }
    css
}

fn hex(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

fn luminance(c: [u8; 3]) -> f64 {
    let channel = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.03928 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])
}

/// The WCAG contrast ratio of two colours.
pub fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

fn with_contrast(fg: [u8; 3], bg: [u8; 3]) -> [u8; 3] {
    let target = if luminance(bg) > 0.5 { 0.0 } else { 255.0 };
    let mut c = fg;
    let mut step = 0.0;
    while contrast(c, bg) < MIN_CONTRAST && step < 1.0 {
        step += 0.05;
        c = fg.map(|v| (f64::from(v) + (target - f64::from(v)) * step).round() as u8);
    }
    c
}

#[cfg(test)]
mod tests;
