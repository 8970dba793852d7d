//! Sidebars resolved to the shape the theme receives: only categories and links remain.

use crate::generated_index::{GeneratedIndexes, IndexSpec};
use crate::load::CategoryMeta;
use crate::pages::Page;
use crate::sidebar_config::{CategoryConfig, CategoryLinkConfig, ItemConfig, SidebarsConfig};
use docsite_core::model::{Category, Link, SidebarItem};
use docsite_core::Diagnostics;
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap};

pub struct Sidebars {
    /// Sidebar name → items, in the order of the sidebars file.
    pub items: Vec<(String, Vec<SidebarItem>)>,
    /// Page id → the first sidebar whose items reach it.
    pub page_sidebar: HashMap<String, String>,
    /// Index pages made for categories without a page of their own; the build adds them to the
    /// site's pages.
    pub generated: Vec<Page>,
}

impl Sidebars {
    pub fn get(&self, name: &str) -> Option<&[SidebarItem]> {
        self.items
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, i)| i.as_slice())
    }

    pub fn as_map(&self) -> BTreeMap<String, Vec<SidebarItem>> {
        self.items.iter().cloned().collect()
    }

    /// The content-hashed file of each sidebar's items: sidebar name → (URL, bytes).
    pub fn files(&self) -> HashMap<String, (String, Vec<u8>)> {
        self.items
            .iter()
            .map(|(name, items)| {
                let bytes = serde_json::to_vec(items).unwrap_or_default();
                let digest = Sha256::digest(&bytes);
                let hash: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
                (name.clone(), (format!("/_site/sidebar.{hash}.json"), bytes))
            })
            .collect()
    }
}

struct Resolver<'a> {
    config: &'a SidebarsConfig,
    pages: &'a [Page],
    by_id: &'a HashMap<String, usize>,
    categories: &'a HashMap<String, CategoryMeta>,
    indexes: GeneratedIndexes,
    diags: Diagnostics,
    /// Docs reached through `ref` items: linked, but not in the sidebar as their own.
    refs: Vec<String>,
}

pub fn resolve(
    config: &SidebarsConfig,
    pages: &[Page],
    by_id: &HashMap<String, usize>,
    categories: &HashMap<String, CategoryMeta>,
    route_base: &str,
) -> Result<Sidebars, Diagnostics> {
    let mut r = Resolver {
        config,
        pages,
        by_id,
        categories,
        indexes: GeneratedIndexes::new(pages, route_base),
        diags: Diagnostics::default(),
        refs: Vec::new(),
    };
    let mut items = Vec::new();
    let mut page_sidebar = HashMap::new();
    for (name, list) in &config.sidebars {
        let resolved = r.items(list);
        let refs = std::mem::take(&mut r.refs);
        for id in doc_ids(&resolved)
            .into_iter()
            .filter(|id| !refs.contains(id))
        {
            page_sidebar.entry(id).or_insert_with(|| name.clone());
        }
        items.push((name.clone(), resolved));
    }
    // `displayed_sidebar` front matter picks the page's sidebar outright.
    for page in pages {
        if let Some(name) = &page.src.front_matter.displayed_sidebar {
            if config.sidebars.iter().any(|(n, _)| n == name) {
                page_sidebar.insert(page.src.id.clone(), name.clone());
            } else {
                r.diags.push(
                    docsite_core::Diagnostic::error(format!(
                        "`displayed_sidebar: {name}` names no sidebar"
                    ))
                    .in_file(std::path::Path::new("docs").join(&page.src.rel_path))
                    .at(&page.src.source, 1, 1),
                );
            }
        }
    }
    if r.diags.has_errors() {
        return Err(r.diags);
    }
    Ok(Sidebars {
        items,
        page_sidebar,
        generated: r.indexes.pages,
    })
}

/// Every page a list of items reaches, links and category links alike, in sidebar order.
pub fn doc_ids(items: &[SidebarItem]) -> Vec<String> {
    let mut out = Vec::new();
    for item in items {
        match item {
            SidebarItem::Link(l) => out.extend(l.doc_id.clone()),
            SidebarItem::Category(c) => {
                out.extend(c.doc_id.clone());
                out.extend(doc_ids(&c.items));
            }
        }
    }
    out
}

impl Resolver<'_> {
    fn items(&mut self, list: &[ItemConfig]) -> Vec<SidebarItem> {
        let mut out = Vec::new();
        for item in list {
            match item {
                ItemConfig::Doc {
                    id,
                    label,
                    class_name,
                    custom_props,
                    is_ref,
                } => {
                    if *is_ref {
                        self.refs.push(id.clone());
                    }
                    if let Some(link) = self.doc_link(
                        id,
                        label.as_deref(),
                        class_name.clone(),
                        custom_props.clone(),
                    ) {
                        out.push(SidebarItem::Link(link));
                    }
                }
                ItemConfig::Link {
                    href,
                    label,
                    class_name,
                    custom_props,
                } => out.push(SidebarItem::Link(Link {
                    label: label.clone(),
                    href: href.clone(),
                    doc_id: None,
                    unlisted: false,
                    class_name: class_name.clone(),
                    custom_props: custom_props.clone(),
                })),
                ItemConfig::Category(c) => {
                    if let Some(cat) = self.category(c) {
                        out.push(SidebarItem::Category(cat));
                    }
                }
                ItemConfig::Autogenerated { dir_name } => out.extend(self.autogenerated(dir_name)),
            }
        }
        out
    }

    fn page(&mut self, id: &str) -> Option<&Page> {
        match self.by_id.get(id) {
            Some(&i) => Some(&self.pages[i]),
            None => {
                let d = self
                    .config
                    .error_at(id, format!("sidebar names a missing doc `{id}`"));
                self.diags.push(
                    d.with_hint("the id is the file's path under docs/ without its extension"),
                );
                None
            }
        }
    }

    fn doc_link(
        &mut self,
        id: &str,
        label: Option<&str>,
        class_name: Option<String>,
        custom_props: Option<serde_json::Value>,
    ) -> Option<Link> {
        let page = self.page(id)?;
        let fm = &page.src.front_matter;
        Some(Link {
            label: fm
                .sidebar_label
                .clone()
                .or(label.map(str::to_string))
                .unwrap_or_else(|| page.title.clone()),
            href: page.src.route.clone(),
            doc_id: Some(page.src.id.clone()),
            unlisted: fm.unlisted,
            class_name: fm.sidebar_class_name.clone().or(class_name),
            custom_props: fm.sidebar_custom_props.clone().or(custom_props),
        })
    }

    fn category(&mut self, c: &CategoryConfig) -> Option<Category> {
        let (href, doc_id) = self.category_link(c.link.as_ref(), &c.label, None)?;
        let collapsible = c.collapsible.unwrap_or(true);
        Some(Category {
            label: c.label.clone(),
            items: self.items(&c.items),
            href,
            doc_id,
            collapsed: collapsible && c.collapsed.unwrap_or(true),
            collapsible,
            class_name: c.class_name.clone(),
            custom_props: c.custom_props.clone(),
            items_omitted: false,
        })
    }

    fn category_link(
        &mut self,
        link: Option<&CategoryLinkConfig>,
        label: &str,
        dir: Option<&str>,
    ) -> Option<(Option<String>, Option<String>)> {
        let spec = match link {
            Some(CategoryLinkConfig::Doc { id }) => {
                let page = self.page(id)?;
                return Some((Some(page.src.route.clone()), Some(page.src.id.clone())));
            }
            // A category without a page of its own gets a generated index page.
            None => IndexSpec {
                label,
                dir,
                ..IndexSpec::default()
            },
            Some(CategoryLinkConfig::GeneratedIndex {
                title,
                description,
                slug,
                ..
            }) => IndexSpec {
                label,
                // Docusaurus names an asked-for index by its label, not its folder.
                dir: None,
                title: title.as_deref(),
                description: description.as_deref(),
                slug: slug.as_deref(),
            },
        };
        let (route, id) = self.indexes.add(&spec);
        Some((Some(route), Some(id)))
    }

    /// The items of a docs folder: its pages and its subfolders as categories, ordered by
    /// position (pages: `sidebar_position`; folders: `_category_` position, else their index
    /// page's), then by name.
    fn autogenerated(&mut self, dir: &str) -> Vec<SidebarItem> {
        let (docs, subdirs) = folder_contents(self.pages, dir);
        if docs.is_empty() && subdirs.is_empty() {
            let d = self.config.error_at(
                dir,
                format!("autogenerated folder `docs/{dir}` has no pages"),
            );
            self.diags.push(d);
            return Vec::new();
        }
        let mut entries: Vec<(Option<f64>, String, SidebarItem)> = Vec::new();
        for &i in &docs {
            let page = &self.pages[i];
            if let Some(link) = self.doc_link(&page.src.id.clone(), None, None, None) {
                entries.push((
                    page.src.front_matter.sidebar_position,
                    page.src.file_stem().to_string(),
                    SidebarItem::Link(link),
                ));
            }
        }
        for sub in subdirs {
            if let Some((position, cat)) = self.folder_category(&sub) {
                let name = sub.rsplit('/').next().unwrap_or(&sub).to_string();
                entries.push((position, name, SidebarItem::Category(cat)));
            }
        }
        entries.sort_by(|a, b| match (a.0, b.0) {
            (Some(x), Some(y)) => x.total_cmp(&y).then_with(|| a.1.cmp(&b.1)),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => a.1.cmp(&b.1),
        });
        entries.into_iter().map(|(_, _, item)| item).collect()
    }

    fn folder_category(&mut self, dir: &str) -> Option<(Option<f64>, Category)> {
        let meta = self.categories.get(dir).cloned().unwrap_or_default();
        let name = dir.rsplit('/').next().unwrap_or(dir);
        let label = meta.label.clone().unwrap_or_else(|| name.to_string());
        // Without an explicit link, the folder's index page is the category's page. A doc id
        // in a `_category_` link may be local to the folder.
        let link = match meta.link.clone() {
            Some(CategoryLinkConfig::Doc { id })
                if !self.by_id.contains_key(&id)
                    && self.by_id.contains_key(&format!("{dir}/{id}")) =>
            {
                Some(CategoryLinkConfig::Doc {
                    id: format!("{dir}/{id}"),
                })
            }
            other => other,
        };
        let link = link.or_else(|| {
            let index = format!("{dir}/index");
            self.by_id
                .contains_key(&index)
                .then_some(CategoryLinkConfig::Doc { id: index })
        });
        let (href, doc_id) = self.category_link(link.as_ref(), &label, Some(dir))?;
        let mut items = self.autogenerated(dir);
        // The linked page is the category itself; listing it again inside would show it twice.
        items.retain(
            |i| !matches!(i, SidebarItem::Link(l) if l.doc_id.is_some() && l.doc_id == doc_id),
        );
        let position = meta.position.or_else(|| {
            doc_id
                .as_ref()
                .and_then(|id| self.by_id.get(id))
                .and_then(|&i| self.pages[i].src.front_matter.sidebar_position)
        });
        let collapsible = meta.collapsible.unwrap_or(true);
        // A library folder's logo usually sits on its index page.
        let custom_props = meta.custom_props.clone().or_else(|| {
            doc_id
                .as_ref()
                .and_then(|id| self.by_id.get(id))
                .and_then(|&i| self.pages[i].src.front_matter.sidebar_custom_props.clone())
        });
        Some((
            position,
            Category {
                label,
                items,
                href,
                doc_id,
                collapsed: collapsible && meta.collapsed.unwrap_or(true),
                collapsible,
                class_name: meta.class_name.clone(),
                custom_props,
                items_omitted: false,
            },
        ))
    }
}

/// The pages directly in `dir` and its immediate subfolders that hold pages.
fn folder_contents(pages: &[Page], dir: &str) -> (Vec<usize>, Vec<String>) {
    let prefix = if dir.is_empty() {
        String::new()
    } else {
        format!("{dir}/")
    };
    let mut docs = Vec::new();
    let mut subdirs: Vec<String> = Vec::new();
    for (i, page) in pages.iter().enumerate() {
        let Some(rest) = page.src.id.strip_prefix(&prefix) else {
            continue;
        };
        match rest.split_once('/') {
            None => docs.push(i),
            Some((sub, _)) => {
                let full = format!("{prefix}{sub}");
                if !subdirs.contains(&full) {
                    subdirs.push(full);
                }
            }
        }
    }
    (docs, subdirs)
}

/// The sidebar as a page carries it: a collapsed category that does not hold the page keeps its
/// label and link but not its items (the reader opens it by following its link, or the app
/// loads the full sidebar). Every category has a page (its own or a generated index), so a
/// page's sidebar grows with the categories on its path, not with the pages of the site.
pub fn pruned(items: &[SidebarItem], current: &str) -> Vec<SidebarItem> {
    items
        .iter()
        .map(|item| match item {
            SidebarItem::Category(c) => {
                let closed = c.collapsible && c.collapsed && c.href.is_some() && !holds(c, current);
                let items = if closed {
                    Vec::new()
                } else {
                    pruned(&c.items, current)
                };
                SidebarItem::Category(Category {
                    items,
                    items_omitted: closed && !c.items.is_empty(),
                    ..c.clone_without_items()
                })
            }
            link => link.clone(),
        })
        .collect()
}

/// Whether the page is the category's own page or anywhere inside it.
pub fn holds(c: &Category, id: &str) -> bool {
    c.doc_id.as_deref() == Some(id)
        || c.items.iter().any(|i| match i {
            SidebarItem::Link(l) => l.doc_id.as_deref() == Some(id),
            SidebarItem::Category(inner) => holds(inner, id),
        })
}
