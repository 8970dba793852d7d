//! Raw HTML that is not part of a page, such as a sidebar `html` item: read by a browser-grade
//! tokenizer, every element, attribute and URL checked against the allow-list of `sanitize.rs`
//! (each refusal named), then re-serialised by the sanitiser.

use crate::sanitize;
use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{
    BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};
use std::cell::RefCell;

/// The fragment, cleaned; or every problem found in it.
pub fn clean_fragment(html: &str) -> Result<String, Vec<String>> {
    let sink = Problems(RefCell::new(Vec::new()));
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    let tokenizer = Tokenizer::new(sink, TokenizerOpts::default());
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    let problems = tokenizer.sink.0.take();
    if problems.is_empty() {
        Ok(sanitize::clean(html))
    } else {
        Err(problems)
    }
}

struct Problems(RefCell<Vec<String>>);

impl TokenSink for Problems {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        if let Token::TagToken(tag) = token {
            if tag.kind == TagKind::StartTag {
                self.0.borrow_mut().extend(tag_problems(
                    &tag.name,
                    tag.attrs
                        .iter()
                        .map(|a| (a.name.local.as_ref(), a.value.as_ref())),
                ));
            }
        }
        TokenSinkResult::Continue
    }
}

/// What is wrong with one start tag. An iframe's sandbox is only enforced in pages, so a
/// fragment may not hold one.
fn tag_problems<'a>(tag: &str, attrs: impl Iterator<Item = (&'a str, &'a str)>) -> Vec<String> {
    if !sanitize::is_allowed_element(tag) || tag == "iframe" {
        return vec![format!("`<{tag}>` is not allowed here")];
    }
    let mut problems = Vec::new();
    for (name, value) in attrs {
        if let Some(p) = sanitize::attribute_problem(tag, name) {
            problems.push(p);
        } else if name.eq_ignore_ascii_case("id") {
            problems.extend(sanitize::id_problem(value));
        } else if sanitize::is_url_attribute(name) {
            problems.extend(sanitize::url_problem(value));
        } else if name.eq_ignore_ascii_case("srcset") {
            let urls = value.split(',').filter_map(|c| c.split_whitespace().next());
            problems.extend(urls.filter_map(sanitize::url_problem));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allowed_html_is_kept_and_cleaned() {
        let html = "<span class=\"divider\">Guides</span><a href=\"/docs/intro\">Intro</a>";
        assert_eq!(clean_fragment(html).unwrap(), html);
        assert_eq!(clean_fragment("<hr><b>x").unwrap(), "<hr><b>x</b>");
    }

    #[test]
    fn scripts_events_and_script_urls_are_each_named() {
        let problems = clean_fragment(
            "<img src=x onerror=alert(1)><script>alert(2)</script><a href=' JaVa\tscript:alert(3)'>x</a><iframe src=https://x></iframe><div style=\"position:fixed\">y</div>",
        )
        .unwrap_err();
        assert_eq!(problems.len(), 5, "{problems:?}");
        assert!(problems[0].contains("event handler `onerror`"));
        assert!(problems[1].contains("`<script>` is not allowed"));
        assert!(problems[2].contains("`javascript:`"));
        assert!(problems[3].contains("`<iframe>` is not allowed"));
        assert!(problems[4].contains("attribute `style`"));
    }

    #[test]
    fn attribute_names_are_compared_in_any_case() {
        let problems = tag_problems(
            "a",
            [("HREF", "javascript:alert(1)"), ("Style", "x")].into_iter(),
        );
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].contains("`javascript:`"), "{problems:?}");
        let problems = tag_problems("img", [("SrcSet", "a.png 1x, data:x 2x")].into_iter());
        assert!(problems[0].contains("`data:`"), "{problems:?}");
    }

    #[test]
    fn the_ids_of_the_reading_app_are_refused() {
        for html in [
            "<div id=\"__docsite-data\">{}</div>",
            "<b ID=\"main\">x</b>",
        ] {
            let problems = clean_fragment(html).unwrap_err();
            assert!(
                problems[0].contains("reserved for the reading app"),
                "{problems:?}"
            );
        }
    }
}
