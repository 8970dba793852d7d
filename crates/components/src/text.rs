//! A component's rendered HTML as the words of the page's Markdown twin: text with its
//! paragraphs, list items and rows on lines of their own, links kept as links.

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{
    BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};
use std::cell::RefCell;

const BLOCKS: &[&str] = &[
    "p", "div", "section", "article", "table", "thead", "tbody", "tr", "ul", "ol", "pre",
    "blockquote", "details", "summary", "h1", "h2", "h3", "h4", "h5", "h6", "header", "footer",
    "figure", "dl", "dt", "dd",
];

struct Sink(RefCell<String>, RefCell<Vec<String>>);

impl TokenSink for Sink {
    type Handle = ();
    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        let mut out = self.0.borrow_mut();
        match token {
            Token::CharacterTokens(t) => out.push_str(&t),
            Token::TagToken(tag) => {
                let name = tag.name.as_ref();
                let start = tag.kind == TagKind::StartTag;
                if BLOCKS.contains(&name) {
                    out.push_str("\n\n");
                } else if name == "li" && start {
                    out.push_str("\n\n- ");
                } else if name == "br" || (name == "td" || name == "th") && !start {
                    out.push(' ');
                } else if name == "a" && start {
                    let href = tag.attrs.iter().find(|a| &*a.name.local == "href");
                    self.1.borrow_mut().push(href.map(|h| h.value.to_string()).unwrap_or_default());
                    out.push('[');
                } else if name == "a" {
                    let href = self.1.borrow_mut().pop().unwrap_or_default();
                    out.push_str(&format!("]({href})"));
                }
            }
            _ => {}
        }
        TokenSinkResult::Continue
    }
}

/// The text of `html`, paragraphs apart, runs of spaces made one.
pub fn markdown_text(html: &str) -> String {
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    let sink = Sink(RefCell::new(String::new()), RefCell::new(Vec::new()));
    let tokenizer = Tokenizer::new(sink, TokenizerOpts::default());
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    let raw = tokenizer.sink.0.take();
    raw.split("\n\n")
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty() && p != "-")
        .collect::<Vec<_>>()
        .join("\n\n")
}

#[cfg(test)]
mod tests {
    #[test]
    fn paragraphs_lists_and_links() {
        let t = super::markdown_text("<div><p>One  two</p><ul><li>a</li><li><a href=\"/x\">b</a></li></ul></div>");
        assert_eq!(t, "One two\n\n- a\n\n- [b](/x)");
    }
}
