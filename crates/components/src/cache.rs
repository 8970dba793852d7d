//! Rendered islands kept between builds of a long-running process (`docsite serve`): a use
//! whose data and component code did not change is not rendered again, and a file whose text
//! did not change is not compiled again. Only the entries the last build used are kept, so
//! the cache stays the size of the site.

use crate::esm::CommonJs;
use docsite_markdown::IslandUse;
use serde_json::Value;
use std::collections::HashMap;

/// Renders of one build that did not read the page's route, by their data without it and
/// their components' code: the same use on the same page of another version (whose route
/// differs by the version's base) takes its HTML rather than rendering again.
///
/// The versions' copies of a use are mostly the same use too (same props and children), so
/// what is made of a use and of its HTML, whatever the route, is kept as well: each version
/// made them again, on one thread, with the other core idle.
#[derive(Default)]
pub struct AnyRoute {
    renders: HashMap<String, String>,
    /// A use → its element JSON (`islands::element_of`).
    elements: HashMap<IslandUse, Value>,
    /// An island's HTML → its text (`text::markdown_text`).
    texts: HashMap<String, String>,
}

impl AnyRoute {
    pub(crate) fn get(&self, key: &str) -> Option<String> {
        self.renders.get(key).cloned()
    }

    pub(crate) fn keep(&mut self, key: String, html: String) {
        self.renders.insert(key, html);
    }

    /// `make(u)`, or what it gave for the same use before (with `any`).
    pub(crate) fn element<E>(
        any: Option<&mut AnyRoute>,
        u: &IslandUse,
        make: impl FnOnce(&IslandUse) -> Result<Value, E>,
    ) -> Result<Value, E> {
        let Some(any) = any else {
            return make(u);
        };
        if let Some(element) = any.elements.get(u) {
            return Ok(element.clone());
        }
        let element = make(u)?;
        any.elements.insert(u.clone(), element.clone());
        Ok(element)
    }

    /// The text of an island's HTML (`text::markdown_text`), made once for each HTML (with
    /// `any`).
    pub(crate) fn text(any: Option<&mut AnyRoute>, html: &str) -> String {
        let Some(any) = any else {
            return crate::text::markdown_text(html);
        };
        if let Some(text) = any.texts.get(html) {
            return text.clone();
        }
        let text = crate::text::markdown_text(html);
        any.texts.insert(html.to_string(), text.clone());
        text
    }
}

#[derive(Default)]
pub struct RenderCache {
    /// Key (hash of a use's data and its components' code) → the server's HTML.
    previous: HashMap<String, String>,
    current: HashMap<String, String>,
    /// Uses the engine rendered (cache misses) since the cache was made.
    pub renders: usize,
    pub(crate) compiled: CompiledFiles,
}

/// Component files as compiled (TypeScript and JSX to CommonJS), by module id, with the hash
/// of the text they were compiled from.
#[derive(Default)]
pub struct CompiledFiles {
    previous: HashMap<String, (String, CommonJs)>,
    current: HashMap<String, (String, CommonJs)>,
    /// Files compiled (cache misses) since the cache was made.
    pub compiles: usize,
}

impl CompiledFiles {
    /// The file `id` compiled from the text whose hash is `hash`: from an earlier build when
    /// its text is the same, else by `compile`.
    pub(crate) fn get_or_compile<E>(
        &mut self,
        id: &str,
        hash: String,
        compile: impl FnOnce() -> Result<CommonJs, E>,
    ) -> Result<CommonJs, E> {
        let cached = match self.current.get(id) {
            Some(entry) => Some(entry.clone()),
            None => self.previous.remove(id),
        };
        let compiled = match cached {
            Some((h, cjs)) if h == hash => cjs,
            _ => {
                self.compiles += 1;
                compile()?
            }
        };
        self.current
            .insert(id.to_string(), (hash, compiled.clone()));
        Ok(compiled)
    }

    fn finish_build(&mut self) {
        self.previous = std::mem::take(&mut self.current);
    }
}

impl RenderCache {
    /// The HTML of an earlier render of the same use, if any.
    pub(crate) fn take(&mut self, key: &str) -> Option<String> {
        self.current
            .get(key)
            .cloned()
            .or_else(|| self.previous.remove(key))
    }

    pub(crate) fn keep(&mut self, key: String, html: String) {
        self.current.insert(key, html);
    }

    /// Ends a build: what it did not use is dropped.
    pub fn finish_build(&mut self) {
        self.previous = std::mem::take(&mut self.current);
        self.compiled.finish_build();
    }

    /// Component files compiled (not taken from an earlier build) since the cache was made.
    pub fn compiles(&self) -> usize {
        self.compiled.compiles
    }
}

#[cfg(test)]
mod tests {
    use super::{AnyRoute, RenderCache};
    use docsite_markdown::IslandUse;

    #[test]
    fn keeps_only_what_the_last_build_used() {
        let mut cache = RenderCache::default();
        cache.keep("a".into(), "<p>a</p>".into());
        cache.keep("b".into(), "<p>b</p>".into());
        cache.finish_build();
        assert_eq!(cache.take("a").as_deref(), Some("<p>a</p>"));
        cache.keep("a".into(), "<p>a</p>".into());
        cache.finish_build();
        assert_eq!(cache.take("b"), None);
        assert_eq!(cache.take("a").as_deref(), Some("<p>a</p>"));
    }

    #[test]
    fn a_versions_copy_of_a_use_takes_what_was_made_of_it() {
        let mut any = AnyRoute::default();
        let use_of = |children: &str| IslandUse {
            name: "Note".into(),
            module: "src/Note.jsx".into(),
            export: "default".into(),
            props: Vec::new(),
            children_html: children.into(),
            nested: Vec::new(),
            prop_components: Default::default(),
            line: 3,
            flow: true,
        };
        let made = std::cell::Cell::new(0);
        let make = |u: &IslandUse| -> Result<serde_json::Value, ()> {
            made.set(made.get() + 1);
            Ok(serde_json::json!(u.children_html))
        };
        for children in ["<p>a</p>", "<p>a</p>", "<p>b</p>"] {
            let element = AnyRoute::element(Some(&mut any), &use_of(children), make);
            assert_eq!(element, Ok(serde_json::json!(children)));
        }
        assert_eq!(made.get(), 2, "the same use is made once");
        // Without a versioned site's map, each use is made.
        AnyRoute::element(None, &use_of("<p>a</p>"), make).unwrap();
        assert_eq!(made.get(), 3);
        let text = AnyRoute::text(Some(&mut any), "<p>Hi <b>there</b></p>");
        assert_eq!(text, crate::text::markdown_text("<p>Hi <b>there</b></p>"));
        assert_eq!(
            AnyRoute::text(Some(&mut any), "<p>Hi <b>there</b></p>"),
            text
        );
    }
}
