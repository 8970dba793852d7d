//! What the later stages make of a shared render's content, made once for all the versions
//! that take it: the HTML escaped for the page JSON, and its hash without link targets for the
//! search index's page key. Each version's copy is the neutral one with the token replaced, so
//! both are the neutral one's with the token replaced (or, for the hash, unchanged).

use super::{local_in_parts, Render, FINDER, TOKEN};
use std::hash::Hasher;
use std::sync::Arc;

/// What every version's copy of a shared render yields alike, made once from the neutral HTML.
pub(super) struct Derived {
    /// The HTML as a JSON string, quotes included. Escaping leaves the token as it is, so each
    /// version's is this one with the token replaced.
    json: String,
    /// The HTML's hash without its links' targets ([`link_free_hash`]), when the token only
    /// occurs inside link targets: then it is every version's.
    link_free_hash: Option<u64>,
    /// How many times the token occurs, and how many of those have no `/` after them (at the
    /// root, `local` writes one there).
    tokens: usize,
    bare: usize,
}

/// A page's content as a version took it from a shared render (or kept it for the others):
/// what the assemble and search stages make from the content is made once for all versions.
/// A page whose render changes after (its site components filled in) drops it.
#[derive(Clone)]
pub(crate) struct SharedContent {
    neutral: Arc<Render>,
    prefix: String,
}

impl std::fmt::Debug for SharedContent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SharedContent")
            .field("prefix", &self.prefix)
            .finish_non_exhaustive()
    }
}

impl SharedContent {
    pub(super) fn new(neutral: Arc<Render>, prefix: &str) -> Self {
        SharedContent {
            neutral,
            prefix: prefix.to_string(),
        }
    }

    /// Whether `html` can be this version's copy of the render: it has the copy's length (a
    /// check that costs nothing against a page whose HTML changed without dropping this).
    pub(crate) fn describes(&self, html: &str) -> bool {
        let Derived { tokens, bare, .. } = *self.derived();
        let neutral = self.neutral.rendered.html.len();
        let root_slashes = if self.prefix.is_empty() { bare } else { 0 };
        (neutral + tokens * self.prefix.len() + root_slashes).checked_sub(tokens * TOKEN.len())
            == Some(html.len())
    }

    fn derived(&self) -> &Derived {
        self.neutral.derived.get_or_init(|| {
            let html = &self.neutral.rendered.html;
            let mut json = Vec::new();
            crate::json_string::push_json_string(&mut json, html);
            let mut watch = TokenWatch {
                inner: crate::fingerprint::hasher(),
                seen: false,
            };
            docsite_search::hash_without_link_targets(html, &mut watch);
            let (mut tokens, mut bare) = (0, 0);
            for at in FINDER.find_iter(html.as_bytes()) {
                tokens += 1;
                bare += usize::from(!html[at + TOKEN.len()..].starts_with('/'));
            }
            Derived {
                json: String::from_utf8(json).expect("JSON escaping keeps UTF-8"),
                link_free_hash: (!watch.seen).then(|| watch.inner.finish()),
                tokens,
                bare,
            }
        })
    }

    /// Appends the version's HTML as a JSON string, quotes included, as `push_json_string`
    /// writes it. (Escaping changes no byte of the token or of a base, and the byte after a
    /// token is `/` in the JSON where it is in the HTML.)
    pub(crate) fn push_json(&self, out: &mut Vec<u8>) {
        local_in_parts(&self.derived().json, &self.prefix, |part| {
            out.extend_from_slice(part.as_bytes())
        });
    }

    /// The version's HTML's [`link_free_hash`], when another version's is the same.
    pub(crate) fn link_free_hash(&self) -> Option<u64> {
        self.derived().link_free_hash
    }
}

/// A hash of HTML without its links' and images' targets: what tells a versioned site's pages
/// apart in its one search index (see `docsite_search::hash_without_link_targets`).
pub(crate) fn link_free_hash(html: &str) -> u64 {
    let mut h = crate::fingerprint::hasher();
    docsite_search::hash_without_link_targets(html, &mut h);
    h.finish()
}

/// A hasher that notes whether any text it is given holds the token. The text comes in pieces
/// split at link targets; the token holds neither a space nor a quote, so no piece boundary
/// can cut it.
struct TokenWatch<H> {
    inner: H,
    seen: bool,
}

impl<H: Hasher> Hasher for TokenWatch<H> {
    fn write(&mut self, bytes: &[u8]) {
        self.seen |= FINDER.find(bytes).is_some();
        self.inner.write(bytes);
    }

    fn finish(&self) -> u64 {
        self.inner.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::super::local;
    use super::*;
    use docsite_markdown::Rendered;
    use proptest::prelude::*;

    fn shared(html: &str, prefix: &str) -> SharedContent {
        let neutral = Render {
            examples: Vec::new(),
            rendered: Rendered {
                html: html.to_string(),
                ..Rendered::default()
            },
            lookups: Vec::new(),
            derived: Default::default(),
        };
        SharedContent::new(Arc::new(neutral), prefix)
    }

    const PREFIXES: [&str; 3] = ["", "/docs/1.1", "/next"];

    proptest! {
        /// A version's JSON made from the neutral one is the version's HTML escaped.
        #[test]
        fn each_versions_json_is_its_html_escaped(
            parts in proptest::collection::vec(
                prop_oneof![
                    Just("TOKEN"), Just("\""), Just("\\"), Just("/"), Just("#"), Just("a"),
                    Just(" href=\""), Just("\n"), Just("\u{1}"), Just("é"),
                ],
                0..24,
            )
        ) {
            let html = parts.concat().replace("TOKEN", TOKEN.as_str());
            for prefix in PREFIXES {
                let mut made = Vec::new();
                shared(&html, prefix).push_json(&mut made);
                let mut expected = Vec::new();
                crate::json_string::push_json_string(&mut expected, &local(&html, prefix));
                prop_assert_eq!(made, expected);
            }
        }
    }

    #[test]
    fn the_link_free_hash_is_every_versions_when_the_token_is_only_in_link_targets() {
        let token = TOKEN.as_str();
        let html = format!(
            "<p><a href=\"{token}/a\">a</a> <img src=\"{token}/i.png\" srcset=\"{token}/i2.png 2x\"></p>"
        );
        for prefix in PREFIXES {
            let hash = shared(&html, prefix).link_free_hash();
            assert_eq!(
                hash,
                Some(link_free_hash(&local(&html, prefix))),
                "{prefix:?}"
            );
        }
        // In text (or any other attribute), each version's text differs.
        for html in [
            format!("<p>{token}/a</p>"),
            format!("<a data-x=\"{token}\" href=\"/a\">a</a>"),
        ] {
            assert_eq!(shared(&html, "/next").link_free_hash(), None, "{html}");
        }
    }

    #[test]
    fn each_versions_copy_is_described_and_a_changed_one_is_not() {
        let token = TOKEN.as_str();
        let html = format!("<a href=\"{token}\">home</a> <a href=\"{token}/a\">a</a>");
        for prefix in PREFIXES {
            let content = shared(&html, prefix);
            let local = local(&html, prefix);
            assert!(content.describes(&local), "{prefix:?}");
            // With its site components or a card list filled in since.
            assert!(
                !content.describes(&format!("{local}<div>x</div>")),
                "{prefix:?}"
            );
        }
    }
}
