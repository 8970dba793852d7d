//! Redirects from old paths (`redirects:` in site.yaml, in the shape of Docusaurus's
//! plugin-client-redirects). Each is checked against the site's pages and files, then written
//! three ways: an HTML page at the old path with a `<meta>` refresh and a canonical link (what
//! the plugin writes; it works on any static host), a line of `_redirects` (a 301 on hosts that
//! read the file, and in `docsite serve`), and nginx `return 301` lines in
//! `nginx-redirects.conf`. Redirect pages are not pages of the site: the sitemap, the search
//! index and `llms.txt` never see them.

use crate::load::route_check;
use crate::load::site_folder::{Limit, SiteFolder};
use crate::output::{html_path, Output};
use docsite_core::config::RedirectConfig;
use docsite_core::Diagnostic;
use docsite_markdown::text::escape_attr;
use std::collections::{BTreeMap, HashSet};

/// The file of redirect lines hosts such as Netlify and Cloudflare Pages read.
pub const REDIRECTS_FILE: &str = "_redirects";
/// The same redirects as nginx `location` blocks, to include in a `server` block.
pub const NGINX_FILE: &str = "nginx-redirects.conf";

/// One old path and where it now leads (a path of the site, maybe with `#anchor`, or an
/// http(s) URL).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redirect {
    pub from: String,
    pub to: String,
}

/// What a redirect's target and source are checked against.
pub(crate) struct Known<'a> {
    /// Every page route (generated index pages included).
    pub routes: &'a HashSet<&'a str>,
    /// Every file of the output besides pages and twins (static files, assets, `sitemap.xml`…),
    /// by output path.
    pub files: &'a HashSet<String>,
}

/// The configured redirects with folder rules expanded, sorted by old path; or the problems,
/// each at its entry's line in site.yaml.
pub(crate) fn resolve(
    site: &SiteFolder,
    config: &[RedirectConfig],
    known: &Known,
) -> Result<Vec<Redirect>, Vec<Diagnostic>> {
    let mut problems: Vec<(usize, String)> = Vec::new();
    let mut by_from: BTreeMap<String, (usize, String)> = BTreeMap::new();
    for (entry, rule) in config.iter().enumerate() {
        for (from, to) in expand(rule, known.routes).unwrap_or_else(|p| {
            problems.push((entry, p));
            Vec::new()
        }) {
            if let Some(p) = path_problem(&from, known) {
                problems.push((entry, p));
            } else if by_from.insert(from.clone(), (entry, to)).is_some() {
                problems.push((entry, format!("`{from}` is redirected twice")));
            }
        }
    }
    for (from, (entry, to)) in &by_from {
        if let Some(p) = target_problem(from, to, &by_from, known) {
            problems.push((*entry, p));
        }
    }
    if problems.is_empty() {
        return Ok(by_from
            .into_iter()
            .map(|(from, (_, to))| Redirect { from, to })
            .collect());
    }
    Err(located(site, config, problems))
}

/// `{from, to}` as (old path, target) pairs: a folder rule (`/old/*` → `/new/*`) gives one
/// pair per page under `/new`.
fn expand(rule: &RedirectConfig, routes: &HashSet<&str>) -> Result<Vec<(String, String)>, String> {
    let to = rule.to.trim();
    let mut pairs = Vec::new();
    for from in &rule.from.0 {
        let from = from.trim();
        match (from.strip_suffix("/*"), to.strip_suffix("/*")) {
            (None, None) => pairs.push((normalise(from), to.to_string())),
            (Some(old), Some(new)) => {
                let moved: Vec<_> = routes
                    .iter()
                    .filter_map(|r| {
                        under(r, new).map(|rest| (format!("{old}{rest}"), r.to_string()))
                    })
                    .collect();
                if moved.is_empty() {
                    return Err(format!("no page is under `{new}`, the target of `{from}`"));
                }
                pairs.extend(moved.into_iter().map(|(f, t)| (normalise(&f), t)));
            }
            _ => {
                return Err(format!(
                    "`{from}` → `{to}`: a folder rule needs `/*` at the end of both paths"
                ))
            }
        }
    }
    if pairs.is_empty() {
        return Err("a redirect needs at least one `from` path".into());
    }
    Ok(pairs)
}

/// The rest of `route` under the folder `prefix` (`""` for the folder's own page).
fn under<'a>(route: &'a str, prefix: &str) -> Option<&'a str> {
    let prefix = prefix.trim_end_matches('/');
    if prefix.is_empty() {
        // `/*`: every page; the root page's rest is empty.
        return Some(if route == "/" { "" } else { route });
    }
    let rest = route.strip_prefix(prefix)?;
    (rest.is_empty() || rest.starts_with('/')).then_some(rest)
}

/// `/old/` and `/old` are one path.
fn normalise(path: &str) -> String {
    match path.trim_end_matches('/') {
        "" => "/".to_string(),
        p => p.to_string(),
    }
}

/// Why `from` cannot be an old path: not a safe route, or a page or file of the site.
fn path_problem(from: &str, known: &Known) -> Option<String> {
    if let Some(p) = unsafe_characters(from) {
        return Some(p);
    }
    if from.contains(['#', '?']) {
        return Some(format!("`{from}`: an old path has no `#` or `?` part"));
    }
    if let Some(p) = route_check::problem(from) {
        return Some(format!("`{from}` cannot be redirected: {p}"));
    }
    if known.routes.contains(from) {
        return Some(format!(
            "`{from}` is a page of the site; a redirect would hide it"
        ));
    }
    let file = from.trim_start_matches('/');
    let twin = from
        .strip_suffix(".md")
        .map(|r| if r == "/index" { "/" } else { r });
    if known.files.contains(file)
        || known.files.contains(&html_path(from))
        || twin.is_some_and(|r| known.routes.contains(r))
    {
        return Some(format!(
            "`{from}` is a file of the site; a redirect would hide it"
        ));
    }
    None
}

/// Why `to` is not a place to send readers: a missing page or file, another redirect (a chain,
/// or a loop back to `from`), or an unsafe URL.
fn target_problem(
    from: &str,
    to: &str,
    redirects: &BTreeMap<String, (usize, String)>,
    known: &Known,
) -> Option<String> {
    if let Some(p) = unsafe_characters(to) {
        return Some(p);
    }
    if to.starts_with("https://") || to.starts_with("http://") {
        return None;
    }
    if !to.starts_with('/') {
        return Some(format!(
            "`{from}` → `{to}`: the target must be a path of the site (`/…`) or an http(s) URL"
        ));
    }
    let path = normalise(to.split(['#', '?']).next().unwrap_or(to));
    if redirects.contains_key(&path) {
        return Some(chain(from, &path, redirects));
    }
    let exists =
        known.routes.contains(path.as_str()) || known.files.contains(path.trim_start_matches('/'));
    (!exists).then(|| format!("`{from}` → `{to}`: no page or file at `{path}`"))
}

/// The message for a redirect whose target is itself redirected: a loop when following the
/// targets comes back to a path already seen, else a chain to shorten.
fn chain(from: &str, to: &str, redirects: &BTreeMap<String, (usize, String)>) -> String {
    let mut seen = vec![from.to_string()];
    let mut next = to.to_string();
    while let Some((_, target)) = redirects.get(&next) {
        seen.push(next.clone());
        let target = normalise(target.split(['#', '?']).next().unwrap_or(target));
        if seen.contains(&target) {
            seen.push(target);
            return format!("redirect loop: {}", seen.join(" → "));
        }
        next = target;
    }
    format!("`{from}` → `{to}` leads to another redirect (`{to}` → `{next}`); point it at `{next}`")
}

/// Characters that a redirect's paths may not hold: they would need quoting in nginx's
/// configuration (`$`, `;`, `{`, quotes, spaces) or in HTML.
fn unsafe_characters(path: &str) -> Option<String> {
    let allowed = |c: char| c.is_alphanumeric() || "-._~/%:@!*(),+=&?#".contains(c);
    path.chars().find(|&c| !allowed(c)).map(|c| {
        format!("`{path}` holds `{c}`: a redirect's paths may hold letters, digits and `-._~/%:@!*(),+=&?#` only")
    })
}

/// Each problem at the line of its entry in site.yaml (the line that names its first old path).
fn located(
    site: &SiteFolder,
    config: &[RedirectConfig],
    problems: Vec<(usize, String)>,
) -> Vec<Diagnostic> {
    let path = site.root().join("site.yaml");
    // Read for the lines only: the load stage read it already, through the same checks.
    let text = site.read_text(&path, Limit::SETTINGS).unwrap_or_default();
    let start = text
        .lines()
        .position(|l| l.starts_with("redirects:"))
        .unwrap_or(0);
    problems
        .into_iter()
        .map(|(entry, message)| {
            let first = config[entry]
                .from
                .0
                .first()
                .map(String::as_str)
                .unwrap_or("");
            let line = text
                .lines()
                .enumerate()
                .skip(start)
                .find(|(_, l)| !first.is_empty() && l.contains(first))
                .map_or(start, |(i, _)| i);
            Diagnostic::error(message)
                .in_file(site.shown(&path))
                .at(&text, line + 1, 1)
        })
        .collect()
}

/// Puts each redirect's page, `_redirects` (after the lines of a `static/_redirects`, if any)
/// and `nginx-redirects.conf` into the output.
pub(crate) fn insert(output: &mut Output, redirects: &[Redirect], site_url: &str) {
    if redirects.is_empty() {
        return;
    }
    let mut lines = output
        .get(REDIRECTS_FILE)
        .map(|b| String::from_utf8_lossy(b).trim_end().to_string() + "\n")
        .unwrap_or_default();
    let mut nginx =
        String::from("# docsite: the site's redirects (include inside a server block).\n");
    for r in redirects {
        output.insert(html_path(&r.from), page(&r.to, site_url));
        lines.push_str(&format!("{} {} 301\n", r.from, r.to));
        for from in [r.from.clone(), format!("{}/", r.from.trim_end_matches('/'))] {
            nginx.push_str(&format!("location = {from} {{ return 301 {}; }}\n", r.to));
            if r.from == "/" {
                break;
            }
        }
    }
    output.insert(REDIRECTS_FILE, lines);
    output.insert(NGINX_FILE, nginx);
}

/// The page at an old path: sends the browser on at once, tells search engines where the
/// page lives now, and shows a link for a reader whose browser does not follow the refresh.
fn page(to: &str, site_url: &str) -> String {
    let absolute = if to.starts_with('/') {
        format!("{}{to}", site_url.trim_end_matches('/'))
    } else {
        to.to_string()
    };
    let (to, absolute) = (escape_attr(to), escape_attr(&absolute));
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"refresh\" content=\"0; url={to}\">\n\
         <link rel=\"canonical\" href=\"{absolute}\">\n\
         <meta name=\"robots\" content=\"noindex\">\n<title>Moved</title>\n</head>\n\
         <body>\n<p>This page has moved to <a href=\"{to}\">{absolute}</a>.</p>\n</body>\n</html>\n"
    )
}

#[cfg(test)]
mod tests;
