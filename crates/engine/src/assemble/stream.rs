//! The pages of a build that no rebuild follows, made into files in batches: each batch's page
//! data, documents and search documents are made, its files go to the writer, and its content
//! HTML is dropped, so the build holds a few batches of pages' files and HTML at a time, not
//! the site's.

use super::document_cache::CachedDocument;
use super::page_data::DataMaker;
use super::{insert_files, PageSink};
use crate::output::Output;
use crate::render::Page;
use docsite_core::model::{PageData, SiteData};
use docsite_core::{Diagnostic, Diagnostics};
use rayon::prelude::*;
use std::borrow::Cow;
use std::sync::Arc;

/// Pages made into files at a time: a batch's HTML and JSON (about 56 KB a page on the bundled
/// site) are held only until written, and at most three batches at once (being made, queued
/// and being written).
const BATCH: usize = 200;

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

/// Makes the pages' documents in batches and sends each batch's files to the sink, and what
/// the search index reads of them to its indexer when it has one (else into the documents
/// returned, with neither HTML nor JSON kept). A page whose data has an error makes no more
/// files, but the remaining pages are still checked, so that the errors come back together.
pub(super) fn pages(
    mut sink: PageSink,
    pages: &[Page],
    data_of: &DataMaker,
    make: &Make,
    site: &SiteData,
) -> Result<Vec<Arc<CachedDocument>>, Diagnostics> {
    let mut light = Vec::new();
    let mut errors = Diagnostics::default();
    let mut contents = std::mem::take(&mut sink.taken.html).into_iter();
    for batch in pages.chunks(BATCH) {
        // Dropped at the end of the batch: its pages' HTML is in their documents now.
        let taken: Vec<Option<String>> = contents.by_ref().take(batch.len()).collect();
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
        let sent = sink.stream.send(sink.maker, files);
        sent.map_err(|e| error(format!("cannot write: {e}")))?;
    }
    match errors.has_errors() {
        true => Err(errors),
        false => Ok(light),
    }
}

fn error(message: String) -> Diagnostics {
    Diagnostics(vec![Diagnostic::error(message)])
}
