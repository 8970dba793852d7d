//! What an embedded frame may do: its sandbox tokens and the features its `allow` grants.
//!
//! Every frame gets the tokens and features of [`SANDBOX_TOKENS`] and [`FEATURES`] when it
//! asks for them; an origin may be granted more, by [`BUILT_IN`] (what common embeds need) and
//! by site.yaml's `iframes`. What a frame asks for beyond that is dropped with a warning, as
//! Docusaurus builds such a page. `allow-scripts` with `allow-same-origin` (together they let a
//! frame of the site's own origin lift its sandbox) is kept only for an origin granted
//! `allow-same-origin` that is not the site's.

use docsite_core::config::IframeOrigin;

/// The sandbox of an iframe whose page asks for none: its scripts run, in an origin of their
/// own (no `allow-same-origin`), so an embedded page cannot reach the site or lift its sandbox.
pub const DEFAULT_SANDBOX: &str = "allow-scripts allow-popups allow-presentation";

/// Sandbox tokens any frame may ask for.
pub const SANDBOX_TOKENS: &[&str] = &[
    "allow-scripts",
    "allow-same-origin",
    "allow-popups",
    "allow-presentation",
    "allow-forms",
];

/// Features any frame's `allow` may grant (those of video and slide embeds); no camera,
/// microphone, location or payment.
pub const FEATURES: &[&str] = &[
    "accelerometer",
    "autoplay",
    "clipboard-write",
    "encrypted-media",
    "fullscreen",
    "gyroscope",
    "picture-in-picture",
    "web-share",
];

/// Origins granted more than the defaults, for the embed code they hand out: CodeSandbox's
/// runs the sandbox in its own origin with dialogs and sensors (device access — camera,
/// microphone, location, payment, USB — stays off; a site grants it in site.yaml).
pub const BUILT_IN: &[(&str, &[&str], &[&str])] = &[(
    "https://codesandbox.io",
    &["allow-modals", "allow-same-origin"],
    &["ambient-light-sensor"],
)];

/// The frame's settings as asked for, and the site's grants.
pub struct Policy<'a> {
    /// The site's own grants (site.yaml `iframes`).
    pub grants: &'a [IframeOrigin],
    /// The site's origin (`https://docs.dagster.io`), whose frames never get both scripts and
    /// their own origin.
    pub site_origin: &'a str,
}

impl Policy<'_> {
    fn granted<'s>(
        &'s self,
        origin: &str,
        pick: fn(&IframeOrigin) -> &[String],
        built_in: fn(
            &(&str, &'static [&'static str], &'static [&'static str]),
        ) -> &'static [&'static str],
    ) -> Vec<&'s str> {
        let mut out: Vec<&str> = Vec::new();
        for b in BUILT_IN.iter().filter(|b| b.0 == origin) {
            out.extend(built_in(b).iter().copied());
        }
        for g in self
            .grants
            .iter()
            .filter(|g| origin_of(&g.origin).as_deref() == Some(origin))
        {
            out.extend(pick(g).iter().map(String::as_str));
        }
        out
    }

    /// The sandbox of a frame showing `src`, and a warning for each token dropped.
    pub fn sandbox(&self, src: &str, asked: Option<&str>) -> (String, Vec<String>) {
        let Some(asked) = asked else {
            return (DEFAULT_SANDBOX.to_string(), Vec::new());
        };
        let origin = origin_of(src).unwrap_or_default();
        let granted = self.granted(&origin, |g| &g.sandbox, |b| b.1);
        let (mut kept, mut dropped): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
        for token in asked.split_ascii_whitespace().map(str::to_ascii_lowercase) {
            if SANDBOX_TOKENS.contains(&token.as_str()) || granted.contains(&token.as_str()) {
                if !kept.contains(&token) {
                    kept.push(token);
                }
            } else {
                dropped.push(token);
            }
        }
        let mut warnings = dropped_warning("sandbox tokens", &dropped, &origin, SANDBOX_TOKENS);
        let has = |kept: &[String], t: &str| kept.iter().any(|k| k == t);
        let own_origin_granted =
            granted.contains(&"allow-same-origin") && !same_origin(&origin, self.site_origin);
        if has(&kept, "allow-scripts") && has(&kept, "allow-same-origin") && !own_origin_granted {
            kept.retain(|t| t != "allow-same-origin");
            warnings.push(format!("iframe sandbox token `allow-same-origin` is dropped: with `allow-scripts` it lets a frame of `{origin}` lift its sandbox (grant it to an origin other than the site's under `iframes` in site.yaml)"));
        }
        (kept.join(" "), warnings)
    }

    /// The `allow` value of a frame showing `src` (as written when nothing is dropped), and a
    /// warning for each feature dropped.
    pub fn allow(&self, src: &str, asked: &str) -> (String, Vec<String>) {
        let origin = origin_of(src).unwrap_or_default();
        let granted = self.granted(&origin, |g| &g.allow, |b| b.2);
        let (mut kept, mut dropped) = (Vec::new(), Vec::new());
        for directive in asked.split(';').map(str::trim).filter(|d| !d.is_empty()) {
            let feature = directive
                .split_ascii_whitespace()
                .next()
                .unwrap_or("")
                .to_ascii_lowercase();
            if FEATURES.contains(&feature.as_str()) || granted.contains(&feature.as_str()) {
                kept.push(directive);
            } else {
                dropped.push(feature);
            }
        }
        let value = if dropped.is_empty() {
            asked.to_string()
        } else {
            kept.join("; ")
        };
        (
            value,
            dropped_warning("features", &dropped, &origin, FEATURES),
        )
    }
}

/// One warning naming everything dropped from a frame's `sandbox` or `allow`.
fn dropped_warning(what: &str, dropped: &[String], origin: &str, allowed: &[&str]) -> Vec<String> {
    if dropped.is_empty() {
        return Vec::new();
    }
    let names: Vec<String> = dropped.iter().map(|d| format!("`{d}`")).collect();
    vec![format!(
        "iframe {what} dropped, not allowed for `{origin}`: {} (any frame may use {}; grant more to an origin under `iframes` in site.yaml)",
        names.join(", "),
        allowed.join(", ")
    )]
}

/// The origin of an https URL (`https://host[:port]`, lower case), `None` for any other.
pub fn origin_of(url: &str) -> Option<String> {
    let rest = url
        .trim()
        .get(..8)
        .filter(|s| s.eq_ignore_ascii_case("https://"))?;
    let after = &url.trim()[rest.len()..];
    let authority = after.split(['/', '?', '#', '\\']).next().unwrap_or("");
    let host = authority.rsplit('@').next().unwrap_or("");
    (!host.is_empty()).then(|| format!("https://{}", host.to_ascii_lowercase()))
}

/// Whether an origin is the site's (`https://docs.example.com`, the site URL with any path).
fn same_origin(origin: &str, site_url: &str) -> bool {
    origin_of(site_url).is_some_and(|o| o == origin)
}

/// Why site.yaml's grant to an origin may not be used, if it may not: the origin is not an
/// https origin, or it is the site's own and is granted both scripts and its own origin.
pub fn grant_problem(grant: &IframeOrigin, site_url: &str) -> Option<String> {
    let origin = origin_of(&grant.origin)
        .filter(|o| *o == grant.origin.trim_end_matches('/').to_ascii_lowercase());
    let Some(origin) = origin else {
        return Some(format!(
            "`iframes`: `{}` is not an https origin like https://codesandbox.io",
            grant.origin
        ));
    };
    let pair = grant.sandbox.iter().any(|t| t == "allow-same-origin");
    (pair && same_origin(&origin, site_url)).then(|| {
        format!("`iframes`: the site's own origin `{origin}` may not be granted `allow-same-origin` (with scripts its frames could lift their sandbox)")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grant(origin: &str, sandbox: &[&str], allow: &[&str]) -> IframeOrigin {
        IframeOrigin {
            origin: origin.into(),
            sandbox: sandbox.iter().map(|s| s.to_string()).collect(),
            allow: allow.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn unknown_tokens_and_features_are_dropped_with_a_warning() {
        let p = Policy {
            grants: &[],
            site_origin: "https://docs.example.com",
        };
        assert_eq!(
            p.sandbox("https://x.com/a", None),
            (DEFAULT_SANDBOX.to_string(), vec![])
        );
        let (s, w) = p.sandbox(
            "https://x.com/a",
            Some("allow-scripts allow-top-navigation"),
        );
        assert_eq!(s, "allow-scripts");
        assert!(
            w[0].contains(
                "sandbox tokens dropped, not allowed for `https://x.com`: `allow-top-navigation`"
            ),
            "{w:?}"
        );
        let (s, w) = p.sandbox("https://x.com/a", Some("allow-scripts allow-same-origin"));
        assert_eq!((s.as_str(), w.len()), ("allow-scripts", 1));
        let (a, w) = p.allow(
            "https://x.com/a",
            "autoplay; camera 'self'; fullscreen; usb",
        );
        assert_eq!(a, "autoplay; fullscreen");
        assert_eq!(w.len(), 1);
        assert!(
            w[0].contains("features dropped, not allowed for `https://x.com`: `camera`, `usb`"),
            "{w:?}"
        );
        assert_eq!(
            p.allow("https://x.com", "autoplay;fullscreen").0,
            "autoplay;fullscreen"
        );
    }

    #[test]
    fn origins_get_what_they_are_granted() {
        let grants = [grant(
            "https://maps.example.org",
            &["allow-top-navigation"],
            &["geolocation"],
        )];
        let p = Policy {
            grants: &grants,
            site_origin: "https://docs.example.com/",
        };
        let codesandbox = "allow-forms allow-modals allow-popups allow-presentation allow-same-origin allow-scripts";
        assert_eq!(
            p.sandbox("https://CodeSandbox.io/embed/x", Some(codesandbox)),
            (codesandbox.to_string(), vec![])
        );
        assert_eq!(
            p.allow("https://maps.example.org/x", "geolocation").0,
            "geolocation"
        );
        assert_eq!(
            p.sandbox("https://maps.example.org/x", Some("allow-top-navigation"))
                .0,
            "allow-top-navigation"
        );
        // Another origin is not granted them.
        assert_eq!(p.allow("https://other.example.org/x", "geolocation").0, "");
    }

    #[test]
    fn the_sites_own_origin_never_gets_scripts_with_its_origin() {
        let grants = [grant(
            "https://docs.example.com",
            &["allow-same-origin"],
            &[],
        )];
        assert!(grant_problem(&grants[0], "https://docs.example.com").is_some());
        assert!(grant_problem(&grant("http://x.org", &[], &[]), "https://d.org").is_some());
        assert!(grant_problem(&grant("https://x.org/path", &[], &[]), "https://d.org").is_some());
        assert!(grant_problem(
            &grant("https://x.org", &["allow-same-origin"], &[]),
            "https://d.org"
        )
        .is_none());
        let p = Policy {
            grants: &grants,
            site_origin: "https://docs.example.com",
        };
        let (s, _) = p.sandbox(
            "https://docs.example.com/x",
            Some("allow-scripts allow-same-origin"),
        );
        assert_eq!(s, "allow-scripts");
        assert_eq!(
            origin_of("https://user@Host.org:8443/x?y"),
            Some("https://host.org:8443".into())
        );
        assert_eq!(origin_of("http://host.org"), None);
    }
}
