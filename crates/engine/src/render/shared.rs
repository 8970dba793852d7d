//! A versioned site's pages rendered once for all the versions they read the same in. Most
//! pages of a version are copies of another version's, and differ from them only in where
//! their links lead: into their own version. So each version renders its pages with a token
//! standing for its route base in every route it emits (links, API links, the twin's URLs).
//! A page whose source and site-wide inputs are the same as in a version already rendered,
//! and whose links resolve to the same neutral routes in both, takes that render, with the
//! token replaced by its own base.
//!
//! Pages whose relative routes climb out of their version are rendered for their version
//! alone, as is every page of a version whose base would need escaping in a URL. A page that
//! uses site components is shared like any other: its uses' children are HTML with the token
//! too, and each version renders the components themselves with its own page context.

use crate::fingerprint::hash_of;
use crate::render::examples::{ExampleStamp, Examples};
use crate::render::links::{resolve_link, LinkTargets};
use docsite_core::api::ApiIndex;
use docsite_markdown::is_external;
use docsite_markdown::{IslandUse, Rendered};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

mod content;
pub(crate) use content::{link_free_hash, SharedContent};

/// Stands for a version's route base in a render shared between versions: letters, digits,
/// `_` and a slash only, so no URL encoding or HTML escaping changes it, and random for each
/// process, so no page, partial, example or docstring can hold it and have its text changed
/// when the token is replaced (it never reaches the output).
static TOKEN: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    use std::hash::{BuildHasher, Hasher};
    let random = std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish();
    format!("/__docsite_version_{random:016x}__")
});

/// What the versions of one build share: their pages' renders and their site components.
pub(crate) struct Shared<'a> {
    pub(crate) renders: &'a SharedRenders,
    /// The number of the build.
    pub(crate) build: u64,
    pub(crate) components: &'a mut super::islands::SharedComponents,
}

/// Renders shared by the versions of a site, by what they were made from; kept between
/// builds, and emptied of the renders no version used in the last one.
#[derive(Default)]
pub(crate) struct SharedRenders {
    entries: Mutex<HashMap<u64, Entry>>,
}

/// A link as a page wrote it, the folder it was written in, and the href it resolved to.
pub(crate) struct Lookup {
    pub url: String,
    pub dir: String,
    pub href: String,
    /// A route relative to the page's (`../x`).
    pub relative: bool,
}

struct Entry {
    render: Arc<Render>,
    /// The build that last used it.
    build: u64,
}

/// A neutral render, with what another version checks before taking it.
struct Render {
    examples: Vec<(String, ExampleStamp)>,
    rendered: Rendered,
    /// The links it resolved (those that lead outside the site left out).
    lookups: Vec<Lookup>,
    /// Made for the first version that asks, and the same for the others.
    derived: OnceLock<content::Derived>,
}

impl SharedRenders {
    /// Forgets the renders no version of the build numbered `build` used.
    pub(crate) fn keep_only(&self, build: u64) {
        let mut entries = self.entries.lock().expect("not poisoned");
        entries.retain(|_, e| e.build == build);
    }
}

/// A render taken from another version: the version's copy, the example files it shows
/// (stamped), and the shared render it is a copy of.
type Taken = (Rendered, Vec<(String, ExampleStamp)>, SharedContent);

/// One version's view of the shared renders: its routes with the token for its base.
pub(crate) struct VersionRenders<'a> {
    shared: &'a SharedRenders,
    build: u64,
    /// The version's base as a route prefix: `/docs/1.1`, or empty at the root.
    prefix: String,
    pub(crate) targets: LinkTargets,
    pub(crate) api: Option<ApiIndex>,
    /// The site-wide inputs of a render but the pages' routes (a shared render checks the
    /// links it resolved instead), with the API index's routes neutral.
    key: u64,
}

impl<'a> VersionRenders<'a> {
    /// The neutral view of a version with route base `base`; `None` when its base would need
    /// escaping. `site_key` hashes the site-wide inputs but the pages' routes, given the
    /// neutral link targets and API index.
    pub(crate) fn new(
        shared: &'a SharedRenders,
        build: u64,
        base: &str,
        targets: &LinkTargets,
        api: Option<&ApiIndex>,
        site_key: impl Fn(&LinkTargets, Option<&ApiIndex>) -> u64,
    ) -> Option<Self> {
        let prefix = base.trim_end_matches('/').to_string();
        let plain = |c: char| c.is_ascii_alphanumeric() || "/._-".contains(c);
        if !prefix.chars().all(plain) {
            return None;
        }
        let neutral = |href: &String| neutral_href(href, &prefix);
        let targets = LinkTargets {
            files: targets
                .files
                .iter()
                .map(|(file, route)| (file.clone(), neutral(route)))
                .collect(),
            assets: targets.assets.clone(),
        };
        let api = api.map(|index| {
            let mut index = index.clone();
            for href in index.documented.values_mut() {
                *href = neutral(href);
            }
            index
        });
        let key = site_key(&targets, api.as_ref());
        Some(VersionRenders {
            shared,
            build,
            prefix,
            targets,
            api,
            key,
        })
    }

    /// The route a page is rendered at, neutral.
    pub(crate) fn route(&self, route: &str) -> String {
        neutral_href(route, &self.prefix)
    }

    /// A render of another version that this page (at the neutral `route`) can take, in
    /// this version: its links resolve here as they did there.
    pub(crate) fn take(
        &self,
        rel_path: &str,
        source: &str,
        route: &str,
        examples: &Examples,
        stamps: &HashMap<&str, crate::load::docs_folder::Stamp>,
    ) -> Option<Taken> {
        // Checked outside the lock, which the other threads want too.
        let render = {
            let mut entries = self.shared.entries.lock().expect("not poisoned");
            let entry = entries.get_mut(&self.page_key(rel_path, source))?;
            entry.build = self.build;
            entry.render.clone()
        };
        let same = |l: &Lookup| resolve_link(&l.url, route, &l.dir, &self.targets).0 == l.href;
        if !render.lookups.iter().all(same) || !examples.unchanged(&render.examples, stamps) {
            return None;
        }
        let local = localize(&render.rendered, &self.prefix);
        let examples = render.examples.clone();
        Some((local, examples, self.content(render)))
    }

    fn content(&self, neutral: Arc<Render>) -> SharedContent {
        SharedContent::new(neutral, &self.prefix)
    }

    /// Keeps a neutral render for the other versions and gives it in this one; `None` when
    /// the page cannot be shared (its render must then be made for this version alone).
    pub(crate) fn keep(
        &self,
        rel_path: &str,
        source: &str,
        rendered: Rendered,
        examples: Vec<(String, ExampleStamp)>,
        mut lookups: Vec<Lookup>,
    ) -> Option<(Rendered, SharedContent)> {
        // A relative route that climbs out of the version leads to different places from
        // versions whose bases differ in depth.
        let climbs = lookups
            .iter()
            .any(|l| l.relative && !l.href.starts_with(TOKEN.as_str()));
        if climbs {
            return None;
        }
        lookups.retain(|l| !is_external(&l.url) && !l.url.starts_with('#'));
        let local = localize(&rendered, &self.prefix);
        let render = Arc::new(Render {
            examples,
            rendered,
            lookups,
            derived: OnceLock::new(),
        });
        let entry = Entry {
            render: render.clone(),
            build: self.build,
        };
        let key = self.page_key(rel_path, source);
        self.shared
            .entries
            .lock()
            .expect("not poisoned")
            .insert(key, entry);
        Some((local, self.content(render)))
    }

    fn page_key(&self, rel_path: &str, source: &str) -> u64 {
        hash_of((self.key, rel_path, source))
    }
}

/// A route or href of a version, its base replaced by the token: `/docs/1.1/a#x` →
/// `TOKEN/a#x`, `/docs/1.1` → `TOKEN`; anything outside the base as it is.
fn neutral_href(href: &str, prefix: &str) -> String {
    match href.strip_prefix(prefix) {
        Some("" | "/") => TOKEN.to_string(),
        Some(rest) if rest.starts_with("/#") || rest.starts_with("/?") => {
            format!("{}{}", *TOKEN, &rest[1..])
        }
        Some(rest) if rest.starts_with(['/', '#', '?']) => format!("{}{rest}", *TOKEN),
        _ => href.to_string(),
    }
}

/// The token replaced by a version's base; at the root, by `/` where nothing follows it.
fn local(text: &str, prefix: &str) -> String {
    let mut out = String::with_capacity(text.len());
    local_in_parts(text, prefix, |part| out.push_str(part));
    out
}

/// [`local`], given in parts to `push`.
fn local_in_parts<'t>(text: &'t str, prefix: &'t str, mut push: impl FnMut(&'t str)) {
    let token = TOKEN.as_str();
    let mut rest = text;
    // A vectorised search: most pages of every version but the first come through here, and
    // with the standard `find` this was 3% of what ten versions cost beyond one.
    while let Some(i) = FINDER.find(rest.as_bytes()) {
        push(&rest[..i]);
        rest = &rest[i + token.len()..];
        push(prefix);
        if prefix.is_empty() && !rest.starts_with('/') {
            push("/");
        }
    }
    push(rest);
}

/// Finds [`TOKEN`].
static FINDER: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
    std::sync::LazyLock::new(|| memchr::memmem::Finder::new(TOKEN.as_bytes()));

/// A neutral render in the version with the given base prefix.
fn localize(neutral: &Rendered, prefix: &str) -> Rendered {
    // Field by field: the HTML and the twin are most of a render, and are copied once, with
    // the token replaced, not cloned first.
    let mut r = Rendered {
        html: local(&neutral.html, prefix),
        toc: neutral.toc.clone(),
        anchors: neutral.anchors.clone(),
        h1: neutral.h1.clone(),
        first_paragraph: neutral.first_paragraph.as_deref().map(|p| local(p, prefix)),
        links: neutral.links.clone(),
        has_cards: neutral.has_cards,
        examples: neutral.examples.clone(),
        markdown: neutral.markdown.as_deref().map(|m| local(m, prefix)),
        warnings: neutral.warnings.clone(),
        islands: neutral
            .islands
            .iter()
            .map(|i| local_island(i, prefix))
            .collect(),
        head: neutral.head.clone(),
    };
    for link in &mut r.links {
        link.href = local(&link.href, prefix);
    }
    for warning in &mut r.warnings {
        warning.message = local(&warning.message, prefix);
    }
    for tag in &mut r.head {
        let values = match tag {
            docsite_markdown::HeadTag::Title(t) => {
                *t = local(t, prefix);
                continue;
            }
            docsite_markdown::HeadTag::Meta(a) | docsite_markdown::HeadTag::Link(a) => a,
        };
        for (_, value) in values {
            *value = local(value, prefix);
        }
    }
    r
}

/// A site component's use in a version: its children's HTML (and its nested uses') with the
/// token replaced. Its props are as written, never resolved, so they hold no token. Every
/// field is named, so that a new one is localised or not by choice; `..clone()` would also
/// copy the children and nested uses only to replace them.
fn local_island(neutral: &IslandUse, prefix: &str) -> IslandUse {
    IslandUse {
        name: neutral.name.clone(),
        module: neutral.module.clone(),
        export: neutral.export.clone(),
        props: neutral.props.clone(),
        children_html: local(&neutral.children_html, prefix),
        nested: neutral
            .nested
            .iter()
            .map(|i| local_island(i, prefix))
            .collect(),
        prop_components: neutral.prop_components.clone(),
        line: neutral.line,
        flow: neutral.flow,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_are_neutral_below_the_base_and_local_again_in_each_version() {
        for (route, prefix) in [
            ("/docs/1.1/guides/a#x", "/docs/1.1"),
            ("/docs/1.1", "/docs/1.1"),
            ("/docs/1.1#top", "/docs/1.1"),
            ("/guides/a", ""),
            ("/", ""),
            ("/#top", ""),
        ] {
            let neutral = neutral_href(route, prefix);
            assert!(neutral.starts_with(TOKEN.as_str()), "{route}");
            assert_eq!(local(&neutral, prefix), route);
        }
        assert_eq!(neutral_href("/docs/1.10/a", "/docs/1.1"), "/docs/1.10/a");
        let token = TOKEN.as_str();
        let html = format!("<a href=\"{token}\">home</a> <a href=\"{token}/a\">a</a>");
        assert_eq!(
            local(&html, "/docs/next"),
            "<a href=\"/docs/next\">home</a> <a href=\"/docs/next/a\">a</a>"
        );
        assert_eq!(
            local(&html, ""),
            "<a href=\"/\">home</a> <a href=\"/a\">a</a>"
        );
    }
}
