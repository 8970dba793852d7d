//! Rendered islands kept between builds of a long-running process (`docsite serve`): a use
//! whose data and component code did not change is not rendered again. Only the entries the
//! last build used are kept, so the cache stays the size of the site.

use std::collections::HashMap;

#[derive(Default)]
pub struct RenderCache {
    /// Key (hash of a use's data and its components' code) → the server's HTML.
    previous: HashMap<String, String>,
    current: HashMap<String, String>,
    /// Uses the engine rendered (cache misses) since the cache was made.
    pub renders: usize,
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
