//! Rendering one page afresh: in a versioned site, taken from another version's render or
//! kept for the others where it can be (see [`super::shared`]), else for its version alone.

use super::examples::{ExampleStamp, Examples};
use super::links::LinkTargets;
use super::render_page;
use super::shared::{self, VersionRenders};
use crate::load::{SiteSources, SourcePage};
use docsite_core::api::ApiIndex;
use docsite_core::Diagnostic;
use docsite_markdown::Rendered;
use std::collections::HashMap;

/// What rendering a page afresh reads.
pub(super) struct Fresh<'a> {
    pub(super) sources: &'a SiteSources,
    pub(super) targets: &'a LinkTargets,
    pub(super) api: Option<&'a ApiIndex>,
    pub(super) examples: &'a Examples<'a>,
    pub(super) stamps: &'a HashMap<&'a str, crate::load::docs_folder::Stamp>,
}

/// A render, the example files it shows (stamped), whether another version made it, and the
/// shared render it is a version's copy of.
pub(super) type Made = (
    Rendered,
    Vec<(String, ExampleStamp)>,
    bool,
    Option<shared::SharedContent>,
);

impl Fresh<'_> {
    /// Renders a page: in a versioned site, taken from or kept for the other versions where
    /// it can be (see [`shared`]), else for its version alone.
    pub(super) fn render(
        &self,
        src: &SourcePage,
        neutral: Option<&VersionRenders>,
    ) -> Result<Made, Vec<Diagnostic>> {
        if let Some(v) = neutral {
            let (path, source) = (&src.rel_path, &src.source);
            let route = v.route(&src.route);
            if let Some((rendered, shown, shared)) =
                v.take(path, source, &route, self.examples, self.stamps)
            {
                return Ok((rendered, shown, true, Some(shared)));
            }
            if let Ok((rendered, lookups)) =
                render_page(src, &route, self.sources, &v.targets, v.api.as_ref())
            {
                let shown = self.stamped(&rendered);
                if let Some((local, shared)) =
                    v.keep(path, source, rendered, shown.clone(), lookups)
                {
                    return Ok((local, shown, false, Some(shared)));
                }
            }
        }
        let (rendered, _) = render_page(src, &src.route, self.sources, self.targets, self.api)?;
        let shown = self.stamped(&rendered);
        Ok((rendered, shown, false, None))
    }

    fn stamped(&self, rendered: &Rendered) -> Vec<(String, ExampleStamp)> {
        rendered
            .examples
            .iter()
            .map(|p| (p.clone(), self.examples.stamp(p)))
            .collect()
    }
}
