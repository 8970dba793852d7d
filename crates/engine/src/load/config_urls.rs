//! URLs in `site.yaml` and the sidebars file go into every page (navbar, footer, logo, edit
//! links, sidebar links) as written, so they pass the checks a page's links pass: the CSP is a
//! second line, not the only one. Links may use what content links may (`http`, `https`,
//! `mailto`, `tel`, or a relative URL); a URL the engine builds on or loads (`editUrl`,
//! `repositoryUrl`, the logo, icons) only `http`, `https` or a relative URL.

use docsite_core::config::SiteConfig;
use docsite_core::Diagnostic;
use docsite_markdown::sanitize::{url_problem, url_scheme};

/// Why a link may not be emitted, if it may not (`javascript:`, `data:` and the like).
pub(crate) fn link_problem(url: &str) -> Option<String> {
    url_problem(url)
}

/// Why a URL the engine builds on or loads may not be used, if it may not: not http(s) or
/// relative.
fn resource_problem(url: &str) -> Option<String> {
    let scheme = url_scheme(url)?;
    (!matches!(scheme.as_str(), "http" | "https")).then(|| {
        format!("the URL scheme `{scheme}:` is not allowed here (allowed: http, https, or a relative URL)")
    })
}

/// The first URL of site.yaml that may not be used, as an error at its line.
pub(crate) fn site_config_problem(config: &SiteConfig, text: &str) -> Option<Diagnostic> {
    let mut urls: Vec<(String, &str, fn(&str) -> Option<String>)> = Vec::new();
    for item in &config.navbar {
        urls.push((
            format!("navbar item `{}`", item.label),
            &item.to,
            link_problem,
        ));
    }
    for link in &config.footer.links {
        urls.push((
            format!("footer link `{}`", link.label),
            &link.href,
            link_problem,
        ));
    }
    for version in config
        .docs_version_dropdown
        .iter()
        .flat_map(|d| &d.dropdown_items_after)
    {
        urls.push((
            format!("version menu item `{}`", version.label),
            &version.href,
            link_problem,
        ));
    }
    if let Some(logo) = &config.logo {
        urls.push(("`logo`".into(), &logo.src, resource_problem));
    }
    for icon in &config.favicon.0 {
        urls.push(("`favicon`".into(), icon, resource_problem));
    }
    if let Some(url) = &config.edit_url {
        urls.push(("`editUrl`".into(), url, resource_problem));
    }
    if let Some(url) = &config.repository_url {
        urls.push(("`repositoryUrl`".into(), url, resource_problem));
    }
    for grant in &config.iframes {
        if let Some(message) = docsite_markdown::iframes::grant_problem(grant, &config.url) {
            return Some(Diagnostic::error(message).at(text, line_of(text, &grant.origin), 1));
        }
    }
    urls.into_iter().find_map(|(item, url, problem)| {
        let message = problem(url)?;
        Some(Diagnostic::error(format!("{item}: {message}")).at(text, line_of(text, url), 1))
    })
}

/// The first line holding `value`, else 1.
fn line_of(text: &str, value: &str) -> usize {
    let needle = value.trim();
    text.lines()
        .position(|l| l.contains(needle))
        .map_or(1, |i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_may_be_relative_or_web_and_resources_web_only() {
        assert!(link_problem("/a/b").is_none());
        assert!(link_problem("mailto:a@b").is_none());
        assert!(link_problem(" JavaScript:alert(1)").is_some());
        assert!(resource_problem("https://x/edit/").is_none());
        assert!(resource_problem("img/logo.svg").is_none());
        assert!(resource_problem("data:image/svg+xml,x").is_some());
        assert!(resource_problem("mailto:a@b").is_some());
    }
}
