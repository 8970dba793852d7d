//! The redirects of a site's `_redirects` file (the engine writes it from site.yaml's
//! `redirects:`; a team may keep its own in `static/`), answered as a host that reads the file
//! does: the line's status (301 unless it says 302, 307 or 308) with the target as `Location`.
//! Lines with placeholders or splats, which the engine never writes, are skipped. A path listed
//! here redirects even where the folder also has a file: the engine's own redirect pages sit
//! at the old paths.

use axum::http::StatusCode;
use std::collections::HashMap;

#[derive(Debug, Default)]
pub struct Redirects(HashMap<String, (String, StatusCode)>);

impl Redirects {
    /// Reads the lines of a `_redirects` file: `from to [status]`; a line starting with `#` is
    /// a comment (a `#` later in a line is a target's anchor).
    pub fn parse(text: &str) -> Self {
        let mut map = HashMap::new();
        for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
            let mut words = line.split_whitespace();
            let (Some(from), Some(to)) = (words.next(), words.next()) else {
                continue;
            };
            let status = match words.next() {
                None => StatusCode::MOVED_PERMANENTLY,
                Some(code) => match code.trim_end_matches('!').parse::<u16>() {
                    Ok(c @ (301 | 302 | 307 | 308)) => {
                        StatusCode::from_u16(c).unwrap_or(StatusCode::MOVED_PERMANENTLY)
                    }
                    _ => continue,
                },
            };
            if !from.starts_with('/') || from.contains(['*', ':']) || to.contains(":splat") {
                continue;
            }
            // The first line for a path wins, as on hosts that read the file.
            map.entry(key(from))
                .or_insert_with(|| (to.to_string(), status));
        }
        Redirects(map)
    }

    /// Where a request path (`a/b` or `a/b/`, no leading slash) is sent, if anywhere.
    pub fn find(&self, path: &str) -> Option<(&str, StatusCode)> {
        self.0.get(&key(path)).map(|(to, s)| (to.as_str(), *s))
    }
}

/// `/a/b/`, `/a/b` and `a/b` are one path.
fn key(path: &str) -> String {
    path.trim_matches('/').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lines_as_hosts_do() {
        let r = Redirects::parse(
            "# moved pages\n/old /new 301\n/tmp /elsewhere 302\n/plain /p\n/old /second\n\
             /splat/* /x/:splat\n/bad /x 404\n/ext https://example.com/a#b\n",
        );
        assert_eq!(r.find("old"), Some(("/new", StatusCode::MOVED_PERMANENTLY)));
        assert_eq!(
            r.find("old/"),
            Some(("/new", StatusCode::MOVED_PERMANENTLY))
        );
        assert_eq!(r.find("tmp"), Some(("/elsewhere", StatusCode::FOUND)));
        assert_eq!(r.find("plain"), Some(("/p", StatusCode::MOVED_PERMANENTLY)));
        assert_eq!(
            r.find("ext"),
            Some(("https://example.com/a#b", StatusCode::MOVED_PERMANENTLY))
        );
        assert_eq!(r.find("splat/x"), None);
        assert_eq!(r.find("bad"), None);
        assert_eq!(r.find("new"), None);
    }
}
