//! The security policy the site ships with: the same Content-Security-Policy in every document
//! (as a `<meta>`, so any static host enforces it), in `docsite serve`'s headers, and in header
//! files for static hosts.

use sha2::{Digest, Sha256};

/// Runs before first paint: applies the stored or system color mode so the page never flashes
/// the wrong theme, and marks that JavaScript runs. Allowed by its hash in the CSP.
pub const COLOR_MODE_SCRIPT: &str = "(function(){var d=document.documentElement,m='system';try{m=localStorage.getItem('docsite-color-mode')||'system'}catch(e){}var t=m==='system'?(window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'):m;d.setAttribute('data-theme',t==='dark'?'dark':'light');d.classList.add('js')})();";

/// The `'sha256-…'` source of the color mode script, for the Content-Security-Policy.
pub fn color_mode_script_hash() -> String {
    let digest = Sha256::digest(COLOR_MODE_SCRIPT.as_bytes());
    format!("'sha256-{}'", base64(&digest))
}

fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, b)| acc | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The policy a `<meta>` can carry (`frame-ancestors` works only as a header). Scripts come
/// from the site itself plus the inline color-mode script by its hash; Pagefind needs
/// `'wasm-unsafe-eval'`. Embedded frames (always sandboxed, see the Markdown crate's
/// `sanitize.rs`) and media may come from https sites.
pub fn content_security_policy() -> String {
    format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' {}; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; media-src 'self' https:; frame-src https:; font-src 'self' data:; connect-src 'self'; base-uri 'self'; form-action 'self'; object-src 'none'",
        color_mode_script_hash()
    )
}

/// The header form: the document policy plus what only a header can say.
pub fn content_security_policy_header() -> String {
    format!("{}; frame-ancestors 'none'", content_security_policy())
}

/// For SVG files: an SVG opened as a document runs its scripts, so it gets none.
pub const SVG_POLICY: &str =
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/// `_headers` (Netlify, Cloudflare Pages): the headers `docsite serve` sends, per path.
pub fn headers_file() -> String {
    format!(
        "/*\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n  X-Frame-Options: DENY\n  Content-Security-Policy: {}\n\n/*.svg\n  ! Content-Security-Policy\n  Content-Security-Policy: {SVG_POLICY}\n\n/*.md\n  Content-Type: text/markdown; charset=utf-8\n",
        content_security_policy_header()
    )
}

/// An nginx `server` block fragment with the same headers (documented in the README).
pub fn nginx_snippet() -> String {
    let csp = content_security_policy_header();
    format!(
        "# docsite: security headers for the static export (include inside a server block).\nadd_header X-Content-Type-Options \"nosniff\" always;\nadd_header Referrer-Policy \"strict-origin-when-cross-origin\" always;\nadd_header X-Frame-Options \"DENY\" always;\nadd_header Content-Security-Policy \"{csp}\" always;\nlocation ~* \\.svg$ {{\n    add_header X-Content-Type-Options \"nosniff\" always;\n    add_header Content-Security-Policy \"{SVG_POLICY}\" always;\n}}\nlocation ~* \\.md$ {{\n    default_type \"text/markdown; charset=utf-8\";\n    add_header X-Content-Type-Options \"nosniff\" always;\n}}\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_known_values() {
        assert_eq!(base64(b"hello"), "aGVsbG8=");
        assert_eq!(base64(b"hi"), "aGk=");
        assert_eq!(base64(b"abc"), "YWJj");
    }
}
