//! Routes come from file names and front matter (`id`, `slug`), written by many hands. A route
//! becomes output paths, so one that climbs out (`/../x`) must be refused before anything is
//! written.

use docsite_core::Diagnostic;

/// Folders of the output that are the engine's alone: the app's data, the search index, the
/// built app and hashed files.
pub const ENGINE_FOLDERS: &[&str] = &["_site", "assets"];

/// Files the engine writes at the top of the output (`site_files` and `assemble` name them; a
/// test keeps this list complete).
pub const ENGINE_FILES: &[&str] = &[
    "404.html",
    "_headers",
    "_redirects",
    "llms-full.txt",
    "llms.txt",
    "nginx-redirects.conf",
    "robots.txt",
    "sitemap.xml",
];

/// Why `route` cannot be a page's route, if it cannot: it must start with `/` and every segment
/// must be a plain name (no empty, `.` or `..` segment, even percent-encoded; no backslash or
/// control character), and it may not be or lie under one of the engine's files and folders.
pub fn problem(route: &str) -> Option<String> {
    let Some(rest) = route.strip_prefix('/') else {
        return Some("a route must start with `/`".into());
    };
    if rest.is_empty() {
        return None;
    }
    if let Some(problem) = engine_path_problem(route) {
        return Some(problem);
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

/// Why `route` names a file or folder of the engine's (`/sitemap.xml`, `/_site/x`), if it does:
/// the page's folder would stand where the engine writes a file, or among its files.
pub fn engine_path_problem(route: &str) -> Option<String> {
    let first = route.trim_start_matches('/').split('/').next()?;
    if ENGINE_FOLDERS.contains(&first) {
        return Some(format!(
            "the route `{route}` is under `/{first}/`, the engine's folder"
        ));
    }
    ENGINE_FILES.contains(&first).then(|| {
        format!("the route `{route}` names the engine's file `{first}`, which it writes itself")
    })
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
    let line = front_matter_line(source, body_line_offset, has_slug);
    Some(Diagnostic::error(message).at(source, line, 1).with_hint(
        "routes must stay inside the site and off the engine's files (`/_site/`, `/assets/`, \
         `/sitemap.xml` …): use plain names separated by `/`",
    ))
}

/// The line of the front matter key that made a page's route: `slug:`, else `id:`, else 1.
pub fn front_matter_line(source: &str, body_line_offset: usize, has_slug: bool) -> usize {
    let key = if has_slug { "slug:" } else { "id:" };
    source
        .lines()
        .take(body_line_offset)
        .position(|l| l.starts_with(key))
        .map_or(1, |i| i + 1)
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
    use super::problem;

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
