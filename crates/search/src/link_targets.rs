//! A page's text without its links' and images' targets, for the key that tells a versioned
//! site's pages apart in its one search index.

/// A hash of the content without its links' and images' targets. The results shown use
/// neither, and in a versioned site they are what differs between two versions of the same
/// text (each version's links lead into it), so a page is indexed once for all the versions
/// it reads the same in.
pub fn hash_without_link_targets(html: &str, state: &mut impl std::hash::Hasher) {
    let bytes = html.as_bytes();
    let mut from = 0;
    for target in link_targets(html) {
        state.write(&bytes[from..target.start]);
        from = target.end;
    }
    state.write(&bytes[from..]);
}

/// A link's or an image's target as the renderer writes attributes, one space before each:
/// ` href="…"`, ` src="…"` or ` srcset="…"`, in order. Found from each `="` (a vectorised
/// search), which every page of every version of a versioned site goes through: the regular
/// expression it replaces was 1% of a ten-version build.
fn link_targets(html: &str) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    const NAMES: [&[u8]; 3] = [b" href", b" src", b" srcset"];
    let bytes = html.as_bytes();
    let mut from = 0;
    std::iter::from_fn(move || {
        while let Some(i) = VALUE_START.find(&bytes[from..]) {
            let at = from + i;
            let Some(name) = NAMES.iter().find(|n| bytes[..at].ends_with(n)) else {
                from = at + 1;
                continue;
            };
            // A value runs to the next quote; without one, no later target can close either.
            let close = memchr::memchr(b'"', &bytes[at + 2..])?;
            from = at + 2 + close + 1;
            return Some(at - name.len()..from);
        }
        None
    })
}

/// Finds `="`, built once: `memmem::find` builds its searcher again at each call, and this
/// one is called at every attribute of every page.
static VALUE_START: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
    std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"=\""));

#[cfg(test)]
mod tests {
    use super::link_targets;
    use regex::Regex;

    proptest::proptest! {
        #[test]
        fn link_targets_are_what_the_pattern_finds(
            html in "(?: |href|src|srcset|set|=|\"|x|<a){0,24}"
        ) {
            let pattern = Regex::new(r#" (?:href|src|srcset)="[^"]*""#).unwrap();
            let expected: Vec<_> = pattern.find_iter(&html).map(|m| m.range()).collect();
            proptest::prop_assert_eq!(link_targets(&html).collect::<Vec<_>>(), expected);
        }
    }

    #[test]
    fn link_targets_leave_other_attributes() {
        let html = r#"<a href="/x" data-href="/y"><img src="a.png" srcset="b.png 2x" xsrc="c"> href= "d" src="e"#;
        let found: Vec<&str> = link_targets(html).map(|r| &html[r]).collect();
        assert_eq!(
            found,
            [r#" href="/x""#, r#" src="a.png""#, r#" srcset="b.png 2x""#]
        );
    }
}
