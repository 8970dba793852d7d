//! Rendered islands kept between builds of a long-running process (`docsite serve`): a use
//! whose data and component code did not change is not rendered again, and a file whose text
//! did not change is not compiled again. Only the entries the last build used are kept, so
//! the cache stays the size of the site.

use crate::esm::CommonJs;
use std::collections::HashMap;

/// Renders of one build that did not read the page's route, by their data without it and
/// their components' code: the same use on the same page of another version (whose route
/// differs by the version's base) takes its HTML rather than rendering again.
#[derive(Default)]
pub struct AnyRoute(HashMap<String, String>);

impl AnyRoute {
    pub(crate) fn get(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }

    pub(crate) fn keep(&mut self, key: String, html: String) {
        self.0.insert(key, html);
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
        self.current.insert(id.to_string(), (hash, compiled.clone()));
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
    use super::RenderCache;

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
}
