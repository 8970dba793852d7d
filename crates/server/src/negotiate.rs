//! Reading what a request asks for: its path, the encodings it accepts (with q-values), the
//! ETags it already holds, and whether its `Host` is well formed.

use axum::http::{header, HeaderMap, Version};

/// The decoded path without its leading slash, or why it is refused.
pub fn safe_path(raw: &str) -> Result<String, &'static str> {
    if raw.len() > 2048 {
        return Err("too long");
    }
    let decoded = percent_decode(raw).ok_or("invalid percent-encoding")?;
    if decoded.contains('\0') {
        return Err("NUL byte");
    }
    if decoded.contains('\\') {
        return Err("backslash");
    }
    for segment in decoded.split('/') {
        if segment == ".." || segment == "." {
            return Err("dot segment");
        }
        if segment.len() > 255 {
            return Err("segment too long");
        }
    }
    Ok(decoded.trim_start_matches('/').to_string())
}

fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// A decoded path made safe for a `Location` header again: encoded as the engine encodes every
/// route, so the redirect lands on the URL the site's own links use.
pub fn encode_path(path: &str) -> String {
    docsite_core::url::route_url(path)
}

/// A redirect target written by the site as a header value: only what a header cannot carry
/// (controls, spaces, quotes, non-ASCII) is encoded, so an anchor or a query stays one.
pub fn encode_header(to: &str) -> String {
    const UNSAFE: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS.add(b' ').add(b'"');
    percent_encoding::utf8_percent_encode(to, UNSAFE).to_string()
}

/// HTTP/1.1 requires exactly one `Host`; HTTP/1.0 may send none.
pub fn host_problem(headers: &HeaderMap, version: Version) -> Option<&'static str> {
    match headers.get_all(header::HOST).iter().count() {
        0 if version == Version::HTTP_10 => None,
        0 => Some("missing Host header"),
        1 => None,
        _ => Some("more than one Host header"),
    }
}

/// Whether `If-None-Match` names `etag`, compared weakly (`W/"x"` matches `"x"`), as RFC 9110
/// asks for this header.
pub fn etag_matches(headers: &HeaderMap, etag: &str) -> bool {
    let bare = |t: &str| t.trim().trim_start_matches("W/").to_string();
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| t.trim() == "*" || bare(t) == bare(etag))
}

/// The q-value an `Accept-Encoding` header gives `name` (directly or through `*`); 0 refuses.
fn quality(accept: &str, name: &str) -> f32 {
    let mut star = None;
    for part in accept.split(',') {
        let mut bits = part.split(';');
        let coding = bits.next().unwrap_or("").trim();
        let q = bits
            .filter_map(|p| p.trim().strip_prefix("q="))
            .find_map(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        if coding.eq_ignore_ascii_case(name) {
            return q;
        }
        if coding == "*" {
            star = Some(q);
        }
    }
    star.unwrap_or(0.0)
}

/// The best encoding the client accepts: the higher q-value, `br` over `gzip` on a tie.
pub fn preferred_encoding(headers: &HeaderMap) -> Option<&'static str> {
    let accept = headers.get(header::ACCEPT_ENCODING)?.to_str().ok()?;
    let (br, gzip) = (quality(accept, "br"), quality(accept, "gzip"));
    if br > 0.0 && br >= gzip {
        Some("br")
    } else if gzip > 0.0 {
        Some("gzip")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn accept(v: &'static str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::ACCEPT_ENCODING, HeaderValue::from_static(v));
        h
    }

    #[test]
    fn refuses_traversal_and_odd_paths() {
        assert_eq!(safe_path("/a/b").unwrap(), "a/b");
        assert!(safe_path("/a/../etc/passwd").is_err());
        assert!(safe_path("/a/%2e%2e/x").is_err());
        assert!(safe_path("/a/%2E%2E%2Fx").is_err());
        assert!(safe_path("/a%00b").is_err());
        assert!(safe_path("/a%5c..%5cb").is_err());
        assert!(safe_path(&format!("/{}", "a".repeat(300))).is_err());
        assert!(safe_path("/%zz").is_err());
    }

    #[test]
    fn encodings_follow_q_values() {
        assert_eq!(preferred_encoding(&accept("gzip, deflate, br")), Some("br"));
        assert_eq!(preferred_encoding(&accept("gzip, br;q=0")), Some("gzip"));
        assert_eq!(preferred_encoding(&accept("br;q=0, gzip;q=0.000")), None);
        assert_eq!(
            preferred_encoding(&accept("br;q=0.5, gzip;q=0.8")),
            Some("gzip")
        );
        assert_eq!(preferred_encoding(&accept("*")), Some("br"));
        assert_eq!(preferred_encoding(&accept("*;q=0, gzip")), Some("gzip"));
        assert_eq!(preferred_encoding(&accept("identity")), None);
    }

    #[test]
    fn weak_etags_match() {
        let mut h = HeaderMap::new();
        h.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_static("W/\"abc\", \"x\""),
        );
        assert!(etag_matches(&h, "\"abc\""));
        assert!(!etag_matches(&h, "\"abd\""));
    }

    #[test]
    fn locations_are_percent_encoded() {
        assert_eq!(encode_path("/a b/ü\"<x>?"), "/a%20b/%C3%BC%22%3Cx%3E%3F");
    }
}
