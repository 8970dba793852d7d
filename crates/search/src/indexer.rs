//! An index made as the pages come, for a build that streams its pages (`docsite build`):
//! Pagefind parses each batch on a thread of its own while the caller makes the next, so the
//! index is nearly done when the last page is, and no page's text need be kept for it.
//!
//! Same pages in the same order give the same files as [`crate::bundle`] and [`crate::terms`].

use crate::{add_counts, documents, index_files, new_index, page_words, ranked};
use crate::{SearchPage, WordCounts};
use rayon::prelude::*;
use std::sync::mpsc::{sync_channel, SyncSender};
use std::thread::JoinHandle;

type Files = Vec<(String, Vec<u8>)>;

/// Pagefind's thread and the word counts of the typo list.
pub struct Indexer {
    batches: Option<SyncSender<Vec<(String, String)>>>,
    pagefind: Option<JoinHandle<Result<Files, String>>>,
    counts: WordCounts,
    used: bool,
}

impl Indexer {
    /// Starts Pagefind's thread, with a runtime of its own (see [`crate::bundle`]).
    pub fn start() -> Self {
        // A queue of one batch: the caller goes on while Pagefind parses the last.
        let (batches, received) = sync_channel::<Vec<(String, String)>>(1);
        let pagefind = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .build()
                .map_err(|e| e.to_string())?;
            runtime.block_on(async move {
                let mut index = new_index()?;
                for documents in received {
                    index
                        .add_html_files(documents)
                        .await
                        .map_err(|e| format!("indexing: {e}"))?;
                }
                index_files(&mut index).await
            })
        });
        Indexer {
            batches: Some(batches),
            pagefind: Some(pagefind),
            counts: WordCounts::new(),
            used: false,
        }
    }

    /// Adds pages after those added before; waits while a batch is already queued.
    pub fn add(&mut self, pages: &[SearchPage]) -> Result<(), String> {
        self.used = true;
        let words: Vec<WordCounts> = pages.par_iter().map(page_words).collect();
        for page in &words {
            add_counts(&mut self.counts, page);
        }
        let sent = self
            .batches
            .as_ref()
            .map(|batches| batches.send(documents(pages)));
        match sent {
            Some(Ok(())) => Ok(()),
            // Pagefind's thread stopped: its error says why.
            _ => Err(self
                .join()
                .err()
                .unwrap_or_else(|| "the indexer stopped".into())),
        }
    }

    /// Whether any pages were added (none: the caller indexes another way).
    pub fn used(&self) -> bool {
        self.used
    }

    /// The Pagefind bundle's files and the typo word list, once every batch is parsed.
    pub fn finish(mut self) -> Result<(Files, Vec<String>), String> {
        let files = self.join()?;
        Ok((files, ranked(std::mem::take(&mut self.counts))))
    }

    fn join(&mut self) -> Result<Files, String> {
        drop(self.batches.take());
        match self.pagefind.take() {
            Some(thread) => thread
                .join()
                .unwrap_or_else(|_| Err("the search indexer panicked".into())),
            None => Err("the indexer stopped".into()),
        }
    }
}

impl Drop for Indexer {
    fn drop(&mut self) {
        if self.pagefind.is_some() {
            let _ = self.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pages(texts: &[String]) -> Vec<SearchPage<'_>> {
        texts
            .iter()
            .enumerate()
            .map(|(i, html)| SearchPage {
                url: format!("/page-{i}").into(),
                title: "Partitioned assets",
                breadcrumb: vec!["Guides"],
                area: "Docs",
                html,
                html_hash: i as u64,
                versions: Vec::new(),
            })
            .collect()
    }

    /// Pages added in batches make the same files, and the same word list, as all at once.
    #[test]
    fn batches_make_the_index_of_all_pages() {
        let texts: Vec<String> = (0..7)
            .map(|i| {
                format!("<h2 id=\"s{i}\">Section {i}</h2><p>materialize backfill sensor{i}</p>")
            })
            .collect();
        let pages = pages(&texts);
        let mut indexer = Indexer::start();
        assert!(!indexer.used());
        for batch in pages.chunks(3) {
            indexer.add(batch).unwrap();
        }
        assert!(indexer.used());
        let (files, terms) = indexer.finish().unwrap();
        assert_eq!(files, crate::bundle(&pages).unwrap());
        assert_eq!(terms, crate::terms(&pages));
        assert!(terms.contains(&"backfill".to_string()));
    }
}
