//! Site components in the rendered pages: every use the pages recorded is rendered by React
//! (the components crate, in one embedded JavaScript engine for the build) and its HTML put in
//! place of its marker, in the page's HTML and, as text, in its Markdown twin. Pages without
//! site components are left as they are, and a site without any never starts the engine.
//!
//! In: the rendered pages. Out: the pages with their islands, and the components' files.

use super::{page_file, Page};
use crate::frontend::Frontend;
use crate::load::{display_path, SiteSources};
use docsite_components::islands::modules_used;
use docsite_components::{AnyRoute, Components, Limits, RenderCache, UseError};
use docsite_core::{Diagnostic, Diagnostics};
use docsite_markdown::island_marker;
use serde_json::json;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

/// The components of the last version a build rendered, whose engine the next version takes
/// (`Components::take_engine`): the versions of a site share its components (its `src/`), so
/// the engine starts once for all of them instead of once per version. With them, the renders
/// that did not read the page's route, which the same page of a later version takes.
#[derive(Default)]
pub(crate) struct SharedComponents(Option<Components>, AnyRoute);

/// Renders the islands of `pages` in place; returns the files to serve (chunks, stylesheet).
/// Uses `cache` holds from the last build (same data, same component code) are not rendered
/// again; `cache.renders` counts the ones that were. `shared` is given by a versioned build.
pub(crate) fn render(
    sources: &SiteSources,
    pages: &mut [Page],
    frontend: &Frontend,
    cache: &mut RenderCache,
    mut shared: Option<&mut SharedComponents>,
) -> Result<Vec<(String, Vec<u8>)>, Diagnostics> {
    let mut entries = BTreeSet::new();
    for p in pages.iter() {
        modules_used(&p.rendered.islands, &mut entries);
    }
    let Some(first) = pages.iter().find(|p| !p.rendered.islands.is_empty()) else {
        return Ok(Vec::new());
    };
    let Some(script) = &frontend.island_server else {
        let d = Diagnostic::error("site components need the reading app's server script (web/dist/.islands/server.js), which this build lacks")
            .in_file(page_file(sources, &first.src))
            .with_hint("build the app with `npm run build` in web/");
        return Err(Diagnostics(vec![d]));
    };
    let config = &sources.config.components;
    let limits = Limits {
        time: Duration::from_secs(config.time_limit_seconds),
        memory_bytes: (config.memory_limit_mb as usize) << 20,
    };
    let mut components = Components::build(&sources.root, &entries, script, limits, cache)
        .map_err(|e| Diagnostics(vec![diagnostic(sources, first, e)]))?;
    if let Some(earlier) = shared.as_mut().and_then(|s| s.0.take()) {
        components.take_engine(earlier);
    }
    let mut diags = Vec::new();
    for page in pages.iter_mut().filter(|p| !p.rendered.islands.is_empty()) {
        let context = json!({
            "title": sources.config.title,
            "tagline": sources.config.tagline,
            "url": sources.config.url,
            "baseUrl": "/",
            "customFields": sources.config.custom_fields,
            "route": page.src.route,
        });
        let any_route = shared.as_mut().map(|s| &mut s.1);
        match components.render_page(&page.rendered.islands, &context, cache, any_route) {
            Ok(done) => {
                let mut rendered = (*page.rendered).clone();
                for (i, island) in done.iter().enumerate() {
                    let marker = island_marker(i);
                    rendered.html = rendered.html.replacen(&marker, &island.html, 1);
                    if let Some(md) = &mut rendered.markdown {
                        *md = md.replacen(&marker, &island.text, 1);
                    }
                }
                page.rendered = Arc::new(rendered);
                // Its HTML is no longer the shared render's copy.
                page.shared = None;
            }
            Err(e) => diags.push(diagnostic(sources, page, e)),
        }
    }
    if diags.is_empty() {
        cache.finish_build();
        let files = std::mem::take(&mut components.files);
        if let Some(shared) = shared {
            shared.0 = Some(components);
        }
        Ok(files)
    } else {
        Err(Diagnostics(diags))
    }
}

/// An error at the use in the page, or in the component file at fault.
fn diagnostic(sources: &SiteSources, page: &Page, e: UseError) -> Diagnostic {
    let d = match &e.file {
        Some(file) => Diagnostic::error(format!("{file}:{}: {}", e.line, e.message))
            .in_file(display_path(&sources.root, &sources.root.join(file))),
        None => Diagnostic::error(e.message.clone())
            .in_file(page_file(sources, &page.src))
            .at(&page.src.source, e.line + page.src.body_line_offset, 1),
    };
    match e.hint {
        Some(h) => d.with_hint(h),
        None => d,
    }
}
