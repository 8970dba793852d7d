//! A component's rendered HTML as the words of the page's Markdown twin: text with its
//! paragraphs, list items and rows on lines of their own, links kept as links.

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{
    BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};
use std::cell::RefCell;

const BLOCKS: &[&str] = &[
    "p",
    "div",
    "section",
    "article",
    "table",
    "thead",
    "tbody",
    "tr",
    "ul",
    "ol",
    "pre",
    "blockquote",
    "details",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "footer",
    "figure",
    "dl",
    "dt",
    "dd",
];

/// What the sink gathers: the text so far and the code blocks, kept verbatim (a `\u{1}n\u{1}`
/// in the text stands for code block n, so collapsing spaces leaves them alone).
#[derive(Default)]
struct State {
    out: String,
    links: Vec<String>,
    codes: Vec<String>,
    /// The language (`data-language`) and title (`code-block__title`) of the code block ahead.
    language: String,
    title: Option<String>,
    in_title: bool,
    in_pre: bool,
    /// Inside a code block's "View source" link, which twins leave out as the engine's do.
    in_source_link: bool,
}

struct Sink(RefCell<State>);

impl TokenSink for Sink {
    type Handle = ();
    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        let mut st = self.0.borrow_mut();
        let st = &mut *st;
        match token {
            Token::CharacterTokens(_) if st.in_source_link => {}
            Token::CharacterTokens(t) if st.in_pre => st.codes.last_mut().unwrap().push_str(&t),
            Token::CharacterTokens(t) if st.in_title => {
                st.title.get_or_insert_default().push_str(&t)
            }
            Token::CharacterTokens(t) => st.out.push_str(&t),
            Token::TagToken(tag) => {
                let name = tag.name.as_ref();
                let start = tag.kind == TagKind::StartTag;
                let attr = |n: &str| {
                    tag.attrs
                        .iter()
                        .find(|a| &*a.name.local == n)
                        .map(|a| a.value.to_string())
                };
                let class = attr("class").unwrap_or_default();
                let has_class = |c: &str| class.split(' ').any(|x| x == c);
                let ends = |n: &str| name == n && !start;
                if st.in_source_link {
                    st.in_source_link = !ends("a");
                } else if start && name == "a" && has_class("code-block__source") {
                    st.in_source_link = true;
                } else if st.in_pre {
                    st.in_pre = !ends("pre");
                    if !st.in_pre {
                        st.out
                            .push_str(&format!("\u{1}{}\u{1}\n\n", st.codes.len() - 1));
                    }
                } else if name == "pre" && start {
                    st.in_pre = true;
                    st.codes.push(String::new());
                    st.out.push_str("\n\n");
                } else if start && has_class("code-block__title") {
                    st.in_title = true;
                } else if start && attr("data-language").is_some() {
                    st.language = attr("data-language").unwrap_or_default();
                    st.title = None;
                    st.out.push_str("\n\n");
                } else if st.in_title && !start && name == "div" {
                    st.in_title = false;
                } else if name == "summary" {
                    // Summaries are bold in twins, as the engine writes `<details>`.
                    st.out.push_str(if start { "\n\n**" } else { "**\n\n" });
                } else if BLOCKS.contains(&name) {
                    st.out.push_str("\n\n");
                } else if name == "li" && start {
                    st.out.push_str("\n\n- ");
                } else if name == "br" || (name == "td" || name == "th") && !start {
                    st.out.push(' ');
                } else if name == "a" && start {
                    st.links.push(attr("href").unwrap_or_default());
                    st.out.push('[');
                } else if name == "a" {
                    let href = st.links.pop().unwrap_or_default();
                    st.out.push_str(&format!("]({href})"));
                }
                // A block's fence carries the language and title it was shown with.
                if name == "pre" && start {
                    let title = st
                        .title
                        .take()
                        .map(|t| format!(" title=\"{}\"", t.trim()))
                        .unwrap_or_default();
                    st.out.push_str(&format!(
                        "\u{2}{}{title}\u{2}",
                        std::mem::take(&mut st.language)
                    ));
                }
            }
            _ => {}
        }
        TokenSinkResult::Continue
    }
}

/// The text of `html`, paragraphs apart, runs of spaces made one; code blocks (`<pre>`) as
/// fenced code with their lines as they are.
pub fn markdown_text(html: &str) -> String {
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    let sink = Sink(RefCell::new(State::default()));
    let tokenizer = Tokenizer::new(sink, TokenizerOpts::default());
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    let st = tokenizer.sink.0.take();
    st.out
        .split("\n\n")
        .map(|p| paragraph(p, &st.codes))
        .filter(|p| !p.is_empty() && p != "-")
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// One paragraph's words, or a code block's fence (`\u{2}info\u{2}\u{1}n\u{1}`).
fn paragraph(p: &str, codes: &[String]) -> String {
    let words = p.split_whitespace().collect::<Vec<_>>().join(" ");
    let Some(rest) = words.strip_prefix('\u{2}') else {
        return words;
    };
    let (info, rest) = rest.split_once('\u{2}').unwrap_or((rest, ""));
    let n: usize = rest.trim_matches('\u{1}').parse().unwrap_or(usize::MAX);
    let code = codes.get(n).map_or("", |c| c.trim_end_matches('\n'));
    let fence = if code.contains("```") { "````" } else { "```" };
    format!("{fence}{info}\n{code}\n{fence}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn paragraphs_lists_and_links() {
        let t = super::markdown_text(
            "<div><p>One  two</p><ul><li>a</li><li><a href=\"/x\">b</a></li></ul></div>",
        );
        assert_eq!(t, "One two\n\n- a\n\n- [b](/x)");
    }

    #[test]
    fn code_blocks_keep_their_lines_language_and_title() {
        let html = "<details><summary>Whole file</summary><div class=\"code-block\" data-language=\"python\"><div class=\"code-block__title\">a.py</div><pre class=\"code\"><code><span>import</span> dagster as dg\n\n\nx  =  1\n</code></pre><a class=\"code-block__source\" href=\"/s\">View source</a></div></details><p>After</p>";
        let t = super::markdown_text(html);
        assert_eq!(t, "**Whole file**\n\n```python title=\"a.py\"\nimport dagster as dg\n\n\nx  =  1\n```\n\nAfter");
    }
}
