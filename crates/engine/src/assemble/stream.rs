//! The pages of a build that no rebuild follows, made into files in batches: each batch's page
//! data, documents, twins and search documents are made, its files go to the writer, and its
//! content HTML and twin bodies are dropped, so the build holds a few batches of pages' files
//! at a time, not the site's.

use super::document_cache::CachedDocument;
use super::page_data::DataMaker;
use super::{insert_files, PageSink};
use crate::output::Output;
use crate::render::Page;
use crate::site_files::exports::{batch_twins, Exports};
use crate::site_files::llms::TwinText;
use docsite_core::model::PageData;
use docsite_core::{Diagnostic, Diagnostics};
use rayon::prelude::*;
use std::borrow::Cow;
use std::sync::Arc;

/// Pages made into files at a time: a batch's HTML and JSON (about 56 KB a page on the bundled
/// site) are held only until written, and at most three batches at once (being made, queued
/// and being written).
const BATCH: usize = 200;

/// The bytes of twins kept for `llms-full.txt` unless the options say otherwise (the rest it
/// reads back from the output): a site's twins take about as much memory as its content,
/// which a large site cannot spare, but reading a twin back costs opening its file (for the
/// bundled site's ten versions, 0.2-0.3 s of a 6 s build).
const HELD_TWINS_MAX: usize = 32 << 20;

/// The pages' content HTML and twin bodies, in page order, taken out of their renders: `None`
/// for a page whose render is shared, and empty when nothing was taken.
#[derive(Default)]
pub(crate) struct Taken {
    pub(crate) html: Vec<Option<String>>,
    pub(crate) markdown: Vec<Option<String>>,
}

/// Takes each page's content HTML and twin body out of its render when nothing else holds the
/// render (no cache, no other version), for a build that no rebuild follows.
pub(crate) fn take_renders(pages: &mut [Page]) -> Taken {
    let (html, markdown) = pages
        .iter_mut()
        .map(|p| match Arc::get_mut(&mut p.rendered) {
            Some(r) => (Some(std::mem::take(&mut r.html)), r.markdown.take()),
            None => (None, None),
        })
        .unzip();
    Taken { html, markdown }
}

type Make<'a> = dyn Fn((&Page, &(PageData, Cow<str>))) -> Arc<CachedDocument> + Sync + 'a;

/// What the pages' batches leave: the documents for the search index (see [`pages`]) and
/// each page's twin, in page order, as `llms-full.txt` gets it.
pub(super) struct Streamed {
    pub(super) documents: Vec<Arc<CachedDocument>>,
    pub(super) twins: Vec<TwinText>,
}

/// Makes the pages' documents and twins in batches and sends each batch's files to the sink,
/// and what the search index reads of them to its indexer when it has one (else into the
/// documents returned, with neither HTML nor JSON kept). A page whose data has an error makes
/// no more files, but the remaining pages are still checked, so that the errors come back
/// together.
pub(super) fn pages(
    mut sink: PageSink,
    pages: &[Page],
    data_of: &DataMaker,
    make: &Make,
    exports: &Exports,
    held_twins_max: Option<usize>,
) -> Result<Streamed, Diagnostics> {
    let held_max = held_twins_max.unwrap_or(HELD_TWINS_MAX);
    let site = exports.site;
    let mut light = Vec::new();
    let mut twins = Vec::with_capacity(pages.len());
    let mut held = 0;
    let mut errors = Diagnostics::default();
    let mut contents = std::mem::take(&mut sink.taken.html).into_iter();
    let mut bodies = std::mem::take(&mut sink.taken.markdown).into_iter();
    for batch in pages.chunks(BATCH) {
        // Dropped at the end of the batch: its pages' HTML is in their documents now, and
        // their twin bodies in their twins.
        let taken: Vec<Option<String>> = contents.by_ref().take(batch.len()).collect();
        let batch_bodies: Vec<Option<String>> = bodies.by_ref().take(batch.len()).collect();
        let html = |i: usize| match taken.get(i) {
            Some(Some(html)) => html.as_str(),
            _ => batch[i].rendered.html.as_str(),
        };
        let (docs, batch_errors) = data_of.many(batch, html);
        errors.extend(batch_errors.0);
        if errors.has_errors() {
            continue;
        }
        let made: Vec<Arc<CachedDocument>> = batch.par_iter().zip(&docs).map(make).collect();
        match sink.index.as_deref_mut() {
            Some(index) => {
                let indexed: Vec<_> = made
                    .iter()
                    .filter(|d| !d.data.no_index)
                    .map(|d| d.search_page(site))
                    .collect();
                index
                    .add(&indexed)
                    .map_err(|e| error(format!("search index: {e}")))?;
            }
            None => light.extend(made.iter().map(CachedDocument::for_search)),
        }
        let mut files = Output::default();
        for doc in made {
            insert_files(&mut files, &doc);
        }
        // No twin path is a static file's (`output_paths` refuses that).
        for (path, text) in batch_twins(exports, batch, batch_bodies) {
            if held + text.len() <= held_max {
                held += text.len();
                let text = Arc::new(text);
                files.insert_shared(path, text.clone());
                twins.push(TwinText::Held(text));
            } else {
                twins.push(TwinText::Written(text.len()));
                files.insert(path, text);
            }
        }
        let sent = sink.stream.send(sink.maker, files);
        sent.map_err(|e| error(format!("cannot write: {e}")))?;
    }
    match errors.has_errors() {
        true => Err(errors),
        false => Ok(Streamed {
            documents: light,
            twins,
        }),
    }
}

fn error(message: String) -> Diagnostics {
    Diagnostics(vec![Diagnostic::error(message)])
}
