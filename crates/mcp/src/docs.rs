//! What the tools do, apart from the protocol: every argument checked, every answer capped in
//! size with an offset to continue from. Read-only: nothing here writes anything.

use crate::api::{ApiCatalog, Lookup};
use crate::corpus::{Corpus, Page};
use crate::index::SearchIndex;
use crate::snippet::snippet;
use docsite_core::api::ApiIndex;
use serde_json::{json, Value};

/// Limits on arguments and answers.
pub const MAX_QUERY_CHARS: usize = 500;
pub const MAX_PATH_CHARS: usize = 2048;
pub const MAX_NAME_CHARS: usize = 300;
pub const MAX_LIMIT: usize = 50;
pub const DEFAULT_LIMIT: usize = 10;
/// The most text one answer carries; longer pages continue from `offset`.
pub const MAX_ANSWER_CHARS: usize = 24_000;
/// Pages per `list_pages` answer.
pub const PAGES_PER_LIST: usize = 200;

/// The built site with its search index and API entries.
pub struct Docs {
    pub corpus: Corpus,
    pub index: SearchIndex,
    pub api: ApiCatalog,
}

/// A bad argument: the message says which and why.
#[derive(Debug, PartialEq)]
pub struct BadArgument(pub String);

fn bad<T>(message: impl Into<String>) -> Result<T, BadArgument> {
    Err(BadArgument(message.into()))
}

impl Docs {
    pub fn new(corpus: Corpus, api: Option<&ApiIndex>) -> Docs {
        let index = SearchIndex::build(&corpus);
        let api = ApiCatalog::build(&corpus, api);
        Docs { corpus, index, api }
    }

    /// The areas a search may be limited to (the navbar labels).
    pub fn areas(&self) -> Vec<String> {
        let mut areas: Vec<String> = self.corpus.pages.iter().map(|p| p.area.clone()).collect();
        areas.sort();
        areas.dedup();
        areas
    }

    /// The version a search looks in: the one asked for, else the latest; `None` on a site
    /// without versions, where any name of its one version (or `latest`) is accepted.
    fn chosen_version(&self, version: Option<&str>) -> Result<Option<&str>, BadArgument> {
        let asked = version.map(str::trim).filter(|v| !v.is_empty());
        let latest = self.corpus.version.as_deref();
        if self.corpus.versions.is_empty() {
            let current = latest.unwrap_or("current");
            return match asked {
                None => Ok(None),
                Some(v) if v == current || v == "current" || v == "latest" => Ok(None),
                Some(v) => bad(format!(
                    "unknown version `{}`: this site has `{current}` only",
                    clip(v)
                )),
            };
        }
        match asked {
            None | Some("latest") => {
                Ok(latest.or(self.corpus.versions.first().map(String::as_str)))
            }
            Some(v) => match self
                .corpus
                .versions
                .iter()
                .find(|known| known.as_str() == v)
            {
                Some(known) => Ok(Some(known.as_str())),
                None => bad(format!(
                    "unknown version `{}`: one of {} (or `latest`)",
                    clip(v),
                    self.corpus.versions.join(", ")
                )),
            },
        }
    }

    pub fn search(
        &self,
        query: &str,
        area: Option<&str>,
        version: Option<&str>,
        limit: Option<usize>,
    ) -> Result<Value, BadArgument> {
        let query = query.trim();
        if query.is_empty() {
            return bad("`query` is empty");
        }
        if query.chars().count() > MAX_QUERY_CHARS {
            return bad(format!(
                "`query` is longer than {MAX_QUERY_CHARS} characters"
            ));
        }
        let version = self.chosen_version(version)?;
        let limit = limit.unwrap_or(DEFAULT_LIMIT);
        if limit == 0 || limit > MAX_LIMIT {
            return bad(format!("`limit` must be between 1 and {MAX_LIMIT}"));
        }
        let area = area.map(str::trim).filter(|a| !a.is_empty());
        if let Some(a) = area {
            if !self.areas().iter().any(|x| x.eq_ignore_ascii_case(a)) {
                let known = self.areas().join(", ");
                return bad(format!("unknown area `{}`: one of {known}", clip(a)));
            }
        }
        let pages = &self.corpus.pages;
        let keep = |d: crate::index::DocRef| {
            let page = &pages[d.page as usize];
            area.is_none_or(|a| page.area.eq_ignore_ascii_case(a))
                && version.is_none_or(|v| page.version.as_deref() == Some(v))
        };
        let results: Vec<Value> = self
            .index
            .best_pages(query, &keep, limit)
            .into_iter()
            .map(|h| {
                let page = &pages[h.doc.page as usize];
                let section = &page.sections[h.doc.section as usize];
                let url = match &section.anchor {
                    Some(a) => format!("{}#{a}", page.url),
                    None => page.url.clone(),
                };
                let mut result = json!({
                    "title": page.title,
                    "section": section.anchor.as_ref().map(|_| section.heading.clone()),
                    "breadcrumb": page.breadcrumb,
                    "area": page.area,
                    "url": url,
                    "path": page.route,
                    "snippet": snippet(&page.twin[section.range.clone()], query),
                    "score": (h.score * 100.0).round() / 100.0,
                });
                if let Some(v) = &page.version {
                    result["version"] = json!(v);
                }
                result
            })
            .collect();
        Ok(match version {
            Some(v) => json!({ "query": query, "version": v, "results": results }),
            None => json!({ "query": query, "results": results }),
        })
    }

    /// The page a path or URL names: `/guides/x`, `guides/x.md`, `https://site/guides/x#a`.
    /// Returns the page and the fragment, if any.
    pub fn resolve<'a>(
        &'a self,
        path_or_url: &'a str,
    ) -> Result<(&'a Page, Option<&'a str>), BadArgument> {
        let raw = path_or_url.trim();
        if raw.is_empty() {
            return bad("`path_or_url` is empty");
        }
        if raw.chars().count() > MAX_PATH_CHARS {
            return bad(format!(
                "`path_or_url` is longer than {MAX_PATH_CHARS} characters"
            ));
        }
        let mut path = raw;
        if path.starts_with("http://") || path.starts_with("https://") {
            let site = &self.corpus.site_url;
            match path.strip_prefix(site.as_str()) {
                Some(rest)
                    if site.len() > 0 && (rest.is_empty() || rest.starts_with(['/', '#', '?'])) =>
                {
                    path = rest
                }
                _ => {
                    return bad(format!(
                        "`{}` is not a URL of this site ({site})",
                        clip(raw)
                    ))
                }
            }
        }
        let (path, fragment) = match path.split_once('#') {
            Some((p, f)) => (p, Some(f)),
            None => (path, None),
        };
        let path = path.split('?').next().unwrap_or("");
        if path.contains("..") || path.contains('\\') || path.chars().any(char::is_control) {
            return bad(format!(
                "`{}` leaves the site: no `..`, `\\` or control characters",
                clip(raw)
            ));
        }
        let path = path.trim_matches('/');
        let path = path.strip_suffix(".md").unwrap_or(path);
        let path = path.strip_suffix("/index").unwrap_or(path);
        let route = match path {
            "" | "index" => "/".to_string(),
            p => format!("/{p}"),
        };
        match self.corpus.page_by_route(&route) {
            Some(i) => Ok((&self.corpus.pages[i], fragment.filter(|f| !f.is_empty()))),
            None => bad(format!(
                "no page at `{}`; search_docs or list_pages give the site's paths",
                clip(raw)
            )),
        }
    }

    /// A page's twin, whole or one section (by anchor or heading), from `offset` characters.
    pub fn read_page(
        &self,
        path_or_url: &str,
        section: Option<&str>,
        offset: Option<usize>,
    ) -> Result<String, BadArgument> {
        let (page, fragment) = self.resolve(path_or_url)?;
        let wanted = section
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .or(fragment);
        let text = match wanted {
            None => page.twin.as_str(),
            Some(s) if s.chars().count() > MAX_NAME_CHARS => {
                return bad(format!(
                    "`section` is longer than {MAX_NAME_CHARS} characters"
                ))
            }
            Some(s) => {
                let found =
                    page.sections.iter().skip(1).find(|x| {
                        x.anchor.as_deref() == Some(s) || x.heading.eq_ignore_ascii_case(s)
                    });
                match found {
                    Some(x) => &page.twin[x.range.clone()],
                    None => {
                        let known: Vec<&str> = page
                            .sections
                            .iter()
                            .filter_map(|x| x.anchor.as_deref())
                            .collect();
                        return bad(format!(
                            "`{}` has no section `{}`; its sections: {}",
                            page.route,
                            clip(s),
                            clip(&known.join(", "))
                        ));
                    }
                }
            }
        };
        let header = format!("URL: {}\n\n", page.url);
        continued(&header, text, offset.unwrap_or(0), "read_page")
    }

    pub fn lookup_api(&self, name: &str) -> Result<String, BadArgument> {
        let trimmed = name.trim();
        if trimmed.is_empty() {
            return bad("`name` is empty");
        }
        if trimmed.chars().count() > MAX_NAME_CHARS {
            return bad(format!("`name` is longer than {MAX_NAME_CHARS} characters"));
        }
        match self.api.lookup(trimmed) {
            Lookup::Found(e) => {
                let url = e
                    .url
                    .as_ref()
                    .map(|u| format!("URL: {u}\n\n"))
                    .unwrap_or_default();
                continued(
                    &format!("Name: {}\n{url}", e.name),
                    &e.markdown,
                    0,
                    "lookup_api",
                )
            }
            Lookup::Suggestions(s) if s.is_empty() => bad(format!(
                "no API entry named `{}`, and no close name",
                clip(trimmed)
            )),
            Lookup::Suggestions(s) => bad(format!(
                "no API entry named `{}`; did you mean: {}",
                clip(trimmed),
                s.join(", ")
            )),
        }
    }

    /// The pages of one sidebar (by name or navbar label) or of all, in reading order.
    pub fn list_pages(
        &self,
        sidebar: Option<&str>,
        offset: Option<usize>,
    ) -> Result<Value, BadArgument> {
        let sidebar = sidebar.map(str::trim).filter(|s| !s.is_empty());
        let chosen: Vec<usize> = match sidebar {
            None => {
                let mut all: Vec<usize> = self
                    .corpus
                    .sidebars
                    .iter()
                    .flat_map(|s| s.pages.iter().copied())
                    .collect();
                let mut seen = std::collections::HashSet::new();
                all.retain(|p| seen.insert(*p));
                let listed: Vec<usize> = (0..self.corpus.pages.len())
                    .filter(|p| !seen.contains(p) && !self.corpus.pages[*p].unlisted)
                    .collect();
                all.extend(listed);
                all
            }
            Some(s) => match self
                .corpus
                .sidebars
                .iter()
                .find(|x| x.name.eq_ignore_ascii_case(s) || x.label.eq_ignore_ascii_case(s))
            {
                Some(x) => x.pages.clone(),
                None => {
                    let known: Vec<String> = self
                        .corpus
                        .sidebars
                        .iter()
                        .map(|x| format!("{} ({})", x.label, x.name))
                        .collect();
                    return bad(format!(
                        "unknown sidebar `{}`: one of {}",
                        clip(s),
                        known.join(", ")
                    ));
                }
            },
        };
        let offset = offset.unwrap_or(0);
        if offset > chosen.len() {
            return bad(format!(
                "`offset` {offset} is past the last page ({})",
                chosen.len()
            ));
        }
        let pages: Vec<Value> = chosen[offset..]
            .iter()
            .take(PAGES_PER_LIST)
            .map(|&i| {
                let p = &self.corpus.pages[i];
                json!({"title": p.title, "path": p.route, "url": p.url, "breadcrumb": p.breadcrumb, "description": p.description})
            })
            .collect();
        let next = offset + pages.len();
        Ok(json!({
            "total": chosen.len(),
            "pages": pages,
            "nextOffset": (next < chosen.len()).then_some(next),
        }))
    }
}

/// At most `MAX_ANSWER_CHARS` of `text` from `offset` (in characters), after `header`, with a
/// last line saying how to ask for the rest.
fn continued(header: &str, text: &str, offset: usize, tool: &str) -> Result<String, BadArgument> {
    let total = text.chars().count();
    if offset > total {
        return bad(format!(
            "`offset` {offset} is past the end ({total} characters)"
        ));
    }
    let part: String = text.chars().skip(offset).take(MAX_ANSWER_CHARS).collect();
    let end = offset + part.chars().count();
    let mut out = String::with_capacity(header.len() + part.len() + 100);
    out.push_str(header);
    out.push_str(&part);
    if end < total {
        out.push_str(&format!(
            "\n\n[continued: {end} of {total} characters; call {tool} again with offset={end}]"
        ));
    }
    Ok(out)
}

/// An argument quoted back in a message, cut short.
fn clip(s: &str) -> String {
    let mut out: String = s.chars().filter(|c| !c.is_control()).take(80).collect();
    if s.chars().count() > 80 {
        out.push('…');
    }
    out
}
