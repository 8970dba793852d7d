//! Routes as URLs. A route is a page's path as its file or front matter names it
//! (`/guides/q?x`, `/guides/a b`, `/é`); every URL the engine writes for one (sidebar items,
//! breadcrumbs, previous/next, cards, links in pages, twins, the sitemap, `llms.txt`, edit
//! links, the search index, the server's redirects) is [`route_url`] of it, so a name holding
//! `?`, `#`, `%` or a space reaches its page the same way from everywhere. The reading app's
//! `routeUrl` (`web/src/support/routes.ts`) is the same function; a test of each checks the same
//! cases.

use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, CONTROLS};

/// What a path segment may not hold as it is: what would end the path (`?`, `#`), what HTML,
/// Markdown or a header would read otherwise (quotes, brackets, spaces), `%` itself, and
/// non-ASCII (encoded as UTF-8).
const PATH: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
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
    .add(b'\\')
    .add(b'^')
    .add(b'|');

/// A route (or any path of the site) as it goes into a URL: `/guides/q?x` → `/guides/q%3Fx`.
pub fn route_url(route: &str) -> String {
    utf8_percent_encode(route, PATH).to_string()
}

/// The path of a URL as a route, the inverse of [`route_url`]: `/guides/q%3Fx` →
/// `/guides/q?x`. Bytes that are not UTF-8 once decoded are kept encoded.
pub fn url_route(path: &str) -> String {
    match percent_decode_str(path).decode_utf8() {
        Ok(decoded) => decoded.into_owned(),
        Err(_) => path.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same cases as `routeUrl` in `web/src/support/routes.test.ts`.
    pub const CASES: &[(&str, &str)] = &[
        ("/guides/plain-route", "/guides/plain-route"),
        ("/guides/q?x", "/guides/q%3Fx"),
        ("/guides/h#x", "/guides/h%23x"),
        ("/a b/(x)/é", "/a%20b/%28x%29/%C3%A9"),
        ("/50%/[y]", "/50%25/%5By%5D"),
        ("/a\"<b>`{c}|^\\", "/a%22%3Cb%3E%60%7Bc%7D%7C%5E%5C"),
        ("/keep-._~!$&'*+,;=:@", "/keep-._~!$&'*+,;=:@"),
    ];

    #[test]
    fn routes_are_encoded_for_urls_and_back() {
        for (route, url) in CASES {
            assert_eq!(route_url(route), *url, "{route}");
            assert_eq!(url_route(url), *route, "{url}");
        }
    }
}
