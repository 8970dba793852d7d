//! The pages of a built site as the tools read them: each page's Markdown twin cut into
//! sections at its headings, with the anchors the HTML gives them, its sidebar, area and
//! breadcrumb. Read from the output map (`docsite serve`, `docsite mcp SITE`) or from an
//! export folder (`docsite mcp OUT`); both hold the same files.

use crate::sections::{split_sections, Section};
use crate::source::SiteFiles;
use serde_json::Value;
use std::collections::HashMap;

#[derive(Debug)]
pub struct Page {
    pub id: String,
    pub route: String,
    /// The absolute URL (site.yaml's `url` + route).
    pub url: String,
    pub title: String,
    pub description: String,
    pub sidebar: Option<String>,
    /// The navbar label of the page's sidebar ("Docs" for a page in none), as the site search's
    /// `area` filter.
    pub area: String,
    /// The sidebar path to the page, "Guides › Automate › Schedules".
    pub breadcrumb: String,
    pub unlisted: bool,
    /// The docs version the page belongs to, on a site with versions (`2.0`, `current`).
    pub version: Option<String>,
    pub twin: String,
    pub sections: Vec<Section>,
}

/// One sidebar: its name, navbar label and pages in reading order.
#[derive(Debug)]
pub struct Sidebar {
    pub name: String,
    pub label: String,
    pub pages: Vec<usize>,
}

#[derive(Debug)]
pub struct Corpus {
    pub title: String,
    pub site_url: String,
    /// The version a search looks in unless told otherwise: the last (latest) one.
    pub version: Option<String>,
    /// Every version the pages belong to, in the catalogue's order (none on a site without
    /// versions).
    pub versions: Vec<String>,
    pub pages: Vec<Page>,
    pub sidebars: Vec<Sidebar>,
    by_route: HashMap<String, usize>,
}

/// The twin of a route: `/a/b` → `a/b.md`, `/` → `index.md` (the engine's rule).
pub fn twin_path(route: &str) -> String {
    match route.trim_matches('/') {
        "" => "index.md".to_string(),
        r => format!("{r}.md"),
    }
}

/// The page JSON of a route: `/a/b` → `_site/pages/a/b.json`, `/` → `_site/pages/index.json`.
pub fn page_json_path(route: &str) -> String {
    match route.trim_matches('/') {
        "" => "_site/pages/index.json".to_string(),
        r => format!("_site/pages/{r}.json"),
    }
}

fn json(files: &dyn SiteFiles, path: &str) -> Result<Value, String> {
    let bytes = files
        .file(path)
        .ok_or_else(|| format!("{path}: missing from the built site"))?;
    serde_json::from_slice(&bytes).map_err(|e| format!("{path}: invalid JSON: {e}"))
}

fn text(v: &Value, key: &str) -> String {
    v.get(key).and_then(Value::as_str).unwrap_or("").to_string()
}

impl Corpus {
    pub fn load(files: &dyn SiteFiles) -> Result<Corpus, String> {
        let site = json(files, "_site/site.json")?;
        let catalogue = json(files, "_site/catalogue.json")?;
        let site_url = text(&site, "url").trim_end_matches('/').to_string();
        let version = site
            .pointer("/version/version")
            .and_then(Value::as_str)
            .map(str::to_string);
        // Each version's own navbar and sidebars: the last version's are the site's, the
        // others' sit under `_site/versions/<name>/`.
        let mut shapes: HashMap<Option<String>, Shape> = HashMap::new();
        shapes.insert(version.clone(), Shape::of(&site));
        let mut pages = Vec::new();
        let entries = catalogue.get("pages").and_then(Value::as_array);
        for entry in entries.into_iter().flatten() {
            let page_version = entry
                .get("version")
                .and_then(Value::as_str)
                .map(str::to_string);
            if !shapes.contains_key(&page_version) {
                let own = page_version
                    .as_ref()
                    .and_then(|v| json(files, &format!("_site/versions/{v}/site.json")).ok());
                let shape = own.as_ref().map_or_else(|| Shape::of(&site), Shape::of);
                shapes.insert(page_version.clone(), shape);
            }
            let shape = &shapes[&page_version];
            let mut page = load_page(files, entry, &site_url, &shape.labels, &shape.trails)?;
            page.version = page_version;
            pages.push(page);
        }
        let mut versions: Vec<String> = Vec::new();
        for v in pages.iter().filter_map(|p| p.version.as_ref()) {
            if !versions.contains(v) {
                versions.push(v.clone());
            }
        }
        let by_route = pages
            .iter()
            .enumerate()
            .map(|(i, p)| (p.route.clone(), i))
            .collect();
        let mut corpus = Corpus {
            title: text(&site, "title"),
            site_url,
            version,
            versions,
            pages,
            sidebars: Vec::new(),
            by_route,
        };
        corpus.sidebars = sidebars(&site, &shapes[&corpus.version].labels, &corpus);
        Ok(corpus)
    }

    pub fn page_by_route(&self, route: &str) -> Option<usize> {
        self.by_route.get(route).copied()
    }
}

fn load_page(
    files: &dyn SiteFiles,
    entry: &Value,
    site_url: &str,
    labels: &HashMap<String, String>,
    trails: &HashMap<String, Vec<String>>,
) -> Result<Page, String> {
    let route = text(entry, "route");
    let id = text(entry, "id");
    let twin_file = twin_path(&route);
    let twin = files
        .file(&twin_file)
        .ok_or_else(|| format!("{twin_file}: missing from the built site"))?;
    let twin = String::from_utf8_lossy(&twin).into_owned();
    let page_json = json(files, &page_json_path(&route))?;
    let toc: Vec<(String, String, u8)> = page_json
        .get("toc")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|t| {
            let level = t.get("level").and_then(Value::as_u64).unwrap_or(2) as u8;
            (text(t, "id"), text(t, "text"), level)
        })
        .collect();
    let sections = split_sections(&twin, &toc);
    let sidebar = entry
        .get("sidebar")
        .and_then(Value::as_str)
        .map(str::to_string);
    let area = sidebar
        .as_ref()
        .and_then(|s| labels.get(s).cloned())
        .unwrap_or_else(|| "Docs".to_string());
    let title = text(entry, "title");
    let mut crumbs = trails.get(&id).cloned().unwrap_or_default();
    crumbs.push(title.clone());
    Ok(Page {
        url: format!("{site_url}{route}"),
        breadcrumb: crumbs.join(" › "),
        id,
        route,
        title,
        description: text(entry, "description"),
        sidebar,
        area,
        unlisted: entry
            .get("unlisted")
            .and_then(Value::as_bool)
            .unwrap_or(false),
        version: None,
        twin,
        sections,
    })
}

/// What a version's site data says about its pages: navbar labels and sidebar trails.
struct Shape {
    labels: HashMap<String, String>,
    trails: HashMap<String, Vec<String>>,
}

impl Shape {
    fn of(site: &Value) -> Shape {
        Shape {
            labels: navbar_labels(site),
            trails: sidebar_trails(site),
        }
    }
}

/// Sidebar name → navbar label.
fn navbar_labels(site: &Value) -> HashMap<String, String> {
    let items = site.get("navbar").and_then(Value::as_array);
    items
        .into_iter()
        .flatten()
        .filter_map(|i| Some((i.get("sidebar")?.as_str()?.to_string(), text(i, "label"))))
        .collect()
}

/// Each sidebar's items, in the file's order.
fn sidebar_items(site: &Value) -> Vec<(String, &Vec<Value>)> {
    let Some(map) = site.get("sidebars").and_then(Value::as_object) else {
        return Vec::new();
    };
    map.iter()
        .filter_map(|(name, items)| Some((name.clone(), items.as_array()?)))
        .collect()
}

/// Page id → the category labels leading to its first place in a sidebar.
fn sidebar_trails(site: &Value) -> HashMap<String, Vec<String>> {
    fn walk(items: &[Value], trail: &mut Vec<String>, out: &mut HashMap<String, Vec<String>>) {
        for item in items {
            if let Some(id) = item.get("docId").and_then(Value::as_str) {
                out.entry(id.to_string()).or_insert_with(|| trail.clone());
            }
            if let Some(children) = item.get("items").and_then(Value::as_array) {
                trail.push(text(item, "label"));
                walk(children, trail, out);
                trail.pop();
            }
        }
    }
    let mut out = HashMap::new();
    for (_, items) in sidebar_items(site) {
        walk(items, &mut Vec::new(), &mut out);
    }
    out
}

/// The sidebars in navbar order (others after), each with its pages in reading order.
fn sidebars(site: &Value, labels: &HashMap<String, String>, corpus: &Corpus) -> Vec<Sidebar> {
    fn walk(items: &[Value], corpus: &Corpus, seen: &mut Vec<usize>) {
        for item in items {
            let href = item.get("href").and_then(Value::as_str);
            if let Some(i) = href.and_then(|h| corpus.page_by_route(h)) {
                if !seen.contains(&i) {
                    seen.push(i);
                }
            }
            if let Some(children) = item.get("items").and_then(Value::as_array) {
                walk(children, corpus, seen);
            }
        }
    }
    let order: Vec<&String> = site
        .get("navbar")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|i| i.get("sidebar").and_then(Value::as_str))
        .filter_map(|s| labels.get_key_value(s).map(|(k, _)| k))
        .collect();
    let mut all = sidebar_items(site);
    all.sort_by_key(|(name, _)| order.iter().position(|o| *o == name).unwrap_or(usize::MAX));
    all.into_iter()
        .map(|(name, items)| {
            let mut pages = Vec::new();
            walk(items, corpus, &mut pages);
            Sidebar {
                label: labels.get(&name).cloned().unwrap_or_else(|| name.clone()),
                name,
                pages,
            }
        })
        .collect()
}
