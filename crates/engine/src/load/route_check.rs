//! Routes come from file names and front matter (`id`, `slug`), written by many hands. A route
//! becomes output paths, so one that climbs out (`/../x`) must be refused before anything is
//! written.

use docsite_core::Diagnostic;

/// Why `route` cannot be a page's route, if it cannot: it must start with `/` and every segment
/// must be a plain name (no empty, `.` or `..` segment, even percent-encoded; no backslash or
/// control character).
pub fn problem(route: &str) -> Option<String> {
    let Some(rest) = route.strip_prefix('/') else {
        return Some("a route must start with `/`".into());
    };
    if rest.is_empty() {
        return None;
    }
    for segment in rest.split('/') {
        let decoded = percent_decode(segment);
        let bad = match decoded.as_str() {
            "" => Some("an empty segment (`//` or a trailing `/`)"),
            "." | ".." => Some("a `.` or `..` segment"),
            s if s.contains('\\') => Some("a backslash"),
            s if s.contains('/') => Some("an encoded `/`"),
            s if s.chars().any(char::is_control) => Some("a control character"),
            _ => None,
        };
        if let Some(bad) = bad {
            return Some(format!("the route `{route}` has {bad}"));
        }
    }
    None
}

/// The error for a page (its file text `source`, front matter before `body_line_offset`) whose
/// route is unsafe, pointing at the front matter key that made the route.
pub fn check(
    route: &str,
    source: &str,
    body_line_offset: usize,
    has_slug: bool,
) -> Option<Diagnostic> {
    let message = problem(route)?;
    let key = if has_slug { "slug:" } else { "id:" };
    let line = source
        .lines()
        .take(body_line_offset)
        .position(|l| l.starts_with(key))
        .map_or(1, |i| i + 1);
    Some(
        Diagnostic::error(message)
            .at(source, line, 1)
            .with_hint("routes must stay inside the site: use plain names separated by `/`"),
    )
}

/// A route as it goes into a URL (sitemap, `llms.txt`): spaces, quotes, brackets and
/// non-ASCII percent-encoded; `/` kept.
pub fn url_path(route: &str) -> String {
    const PATH: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
        .add(b' ')
        .add(b'"')
        .add(b'#')
        .add(b'<')
        .add(b'>')
        .add(b'?')
        .add(b'`')
        .add(b'{')
        .add(b'}')
        .add(b'(')
        .add(b')')
        .add(b'[')
        .add(b']')
        .add(b'%');
    percent_encoding::utf8_percent_encode(route, PATH).to_string()
}

fn percent_decode(segment: &str) -> String {
    let bytes = segment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) if hex(h).is_some() && hex(l).is_some() => {
                out.push((hex(h).unwrap() * 16 + hex(l).unwrap()) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::{problem, url_path};

    #[test]
    fn routes_are_encoded_for_urls() {
        assert_eq!(url_path("/a b/(x)/é"), "/a%20b/%28x%29/%C3%A9");
        assert_eq!(url_path("/guides/plain-route"), "/guides/plain-route");
    }

    #[test]
    fn plain_routes_pass_and_climbing_ones_do_not() {
        for ok in ["/", "/a", "/a/b-c", "/guides/x.y", "/a%20b"] {
            assert_eq!(problem(ok), None, "{ok}");
        }
        for bad in [
            "/../../tmp/x",
            "/a/./b",
            "/a//b",
            "/a/",
            "/a\\..\\b",
            "/%2e%2E/x",
            "/a%2fb",
            "a/b",
            "/a\u{0}b",
        ] {
            assert!(problem(bad).is_some(), "{bad}");
        }
    }
}
