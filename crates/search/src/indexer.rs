//! An index made as the pages come, for a build that streams its pages (`docsite build`):
//! Pagefind parses each batch on a thread of its own while the caller makes the next, so the
//! index is nearly done when the last page is, and no page's text need be kept for it.
//!
//! Same pages in the same order give the same files as [`crate::bundle`] and [`crate::terms`].

use crate::version_filters;
use crate::{add_counts, documents, index_files, new_index, page_documents, page_words, ranked};
use crate::{SearchPage, WordCounts};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::mpsc::{sync_channel, SyncSender};
use std::thread::JoinHandle;

type Files = Vec<(String, Vec<u8>)>;

/// What Pagefind's thread is given, in order.
enum Message {
    /// Documents to parse, `(url, html)`.
    Documents(Vec<(String, String)>),
    /// Values for a filter of documents already parsed, `(url, filter, values)`.
    Filters(Vec<(String, String, Vec<String>)>),
}

/// Pagefind's thread and the word counts of the typo list.
pub struct Indexer {
    messages: Option<SyncSender<Message>>,
    pagefind: Option<JoinHandle<Result<Files, String>>>,
    /// None for the index of a versioned site, whose word lists are per version.
    counts: Option<WordCounts>,
    /// The URLs of the API entry documents of each page added with versions, by page URL.
    entries: HashMap<String, Vec<String>>,
    /// The `version` values given after the pages were added.
    more_versions: Vec<(String, String, Vec<String>)>,
    used: bool,
}

impl Indexer {
    /// Starts Pagefind's thread, with a runtime of its own (see [`crate::bundle`]).
    pub fn start() -> Self {
        Indexer::spawn(Some(WordCounts::new()))
    }

    /// An indexer for the one index of a versioned site: its pages carry the first version
    /// they read the same in, [`Indexer::add_versions`] gives the others once known, and the
    /// caller makes each version's word list.
    pub fn for_versions() -> Self {
        Indexer::spawn(None)
    }

    fn spawn(counts: Option<WordCounts>) -> Self {
        // A queue of one batch: the caller goes on while Pagefind parses the last.
        let (messages, received) = sync_channel::<Message>(1);
        let pagefind = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .build()
                .map_err(|e| e.to_string())?;
            runtime.block_on(async move {
                let mut index = new_index()?;
                for message in received {
                    match message {
                        Message::Documents(documents) => {
                            index.add_html_files(documents).await.map(|_| ())
                        }
                        Message::Filters(values) => index.add_filter_values(values).await,
                    }
                    .map_err(|e| format!("indexing: {e}"))?;
                }
                index_files(&mut index).await
            })
        });
        Indexer {
            messages: Some(messages),
            pagefind: Some(pagefind),
            counts,
            entries: HashMap::new(),
            more_versions: Vec::new(),
            used: false,
        }
    }

    /// Adds pages after those added before; waits while a batch is already queued.
    pub fn add(&mut self, pages: &[SearchPage]) -> Result<(), String> {
        self.used = true;
        if let Some(counts) = &mut self.counts {
            let words: Vec<WordCounts> = pages.par_iter().map(page_words).collect();
            for page in &words {
                add_counts(counts, page);
            }
        }
        if pages.iter().any(|p| !p.versions.is_empty()) {
            // Every API entry a document of its own, noted for the page's later versions.
            return self.add_sharing_entries(pages, &mut |_, _| None);
        }
        self.send(Message::Documents(documents(pages)))
    }

    /// Adds a version's pages for the one index of a versioned site, without the API entries
    /// that read as one added before: `known(url, html)` is given each entry's URL and its
    /// document without the version filter, and names the URL of the same entry added before,
    /// if any. Such an entry gets the page's version instead of a document of its own; an
    /// edit to a page's prose then indexes the page again, not its API entries.
    pub fn add_sharing_entries(
        &mut self,
        pages: &[SearchPage],
        known: &mut dyn FnMut(&str, &str) -> Option<String>,
    ) -> Result<(), String> {
        self.used = true;
        let per_page: Vec<Vec<(String, String)>> = pages.par_iter().map(page_documents).collect();
        let mut documents = Vec::with_capacity(per_page.len());
        for (page, page_documents) in pages.iter().zip(per_page) {
            let filters = version_filters(page);
            let mut page_documents = page_documents.into_iter();
            documents.extend(page_documents.next());
            let mut entries = Vec::new();
            for (url, html) in page_documents {
                match known(&url, &html.replacen(&filters, "", 1)) {
                    Some(first) => {
                        let versions = page.versions.iter().map(|v| v.to_string()).collect();
                        self.more_versions
                            .push((first.clone(), "version".to_string(), versions));
                        entries.push(first);
                    }
                    None => {
                        entries.push(url.clone());
                        documents.push((url, html));
                    }
                }
            }
            if !entries.is_empty() {
                self.entries.insert(page.url.to_string(), entries);
            }
        }
        self.send(Message::Documents(documents))
    }

    /// More `version` filter values for a page added before (and its API entries), after the
    /// one it was added with; given to Pagefind when the index is finished.
    pub fn add_versions(&mut self, url: &str, versions: &[&str]) {
        let values: Vec<String> = versions.iter().map(|v| v.to_string()).collect();
        let entries = self.entries.remove(url).unwrap_or_default();
        for url in std::iter::once(url.to_string()).chain(entries) {
            self.more_versions
                .push((url, "version".to_string(), values.clone()));
        }
    }

    /// Whether any pages were added (none: the caller indexes another way).
    pub fn used(&self) -> bool {
        self.used
    }

    /// The Pagefind bundle's files and the typo word list (empty for a versioned site's
    /// index), once every batch is parsed.
    pub fn finish(mut self) -> Result<(Files, Vec<String>), String> {
        let more = std::mem::take(&mut self.more_versions);
        if !more.is_empty() {
            self.send(Message::Filters(more))?;
        }
        let files = self.join()?;
        Ok((files, ranked(self.counts.take().unwrap_or_default())))
    }

    fn send(&mut self, message: Message) -> Result<(), String> {
        let sent = self
            .messages
            .as_ref()
            .map(|messages| messages.send(message));
        match sent {
            Some(Ok(())) => Ok(()),
            // Pagefind's thread stopped: its error says why.
            _ => Err(self
                .join()
                .err()
                .unwrap_or_else(|| "the indexer stopped".into())),
        }
    }

    fn join(&mut self) -> Result<Files, String> {
        drop(self.messages.take());
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

    /// Versions given after the pages make the files of pages that named them all from the
    /// start, API entries included.
    #[test]
    fn later_versions_make_the_index_of_all_versions() {
        let api = concat!(
            "<h3 id=\"dagster.asset\" class=\"api-entry__name\"><code>asset</code></h3>\n",
            "<p class=\"api-entry__source\"><a href=\"x\">source</a></p>\n<p>Makes an asset.</p>"
        )
        .to_string();
        let texts = vec![
            api,
            "<p>materialize backfill</p>".to_string(),
            "<p>sensor tick</p>".into(),
        ];
        let all = [vec!["1.2", "1.1", "1.0"], vec!["1.2"], vec!["1.1", "1.0"]];
        let mut whole = pages(&texts);
        for (page, versions) in whole.iter_mut().zip(&all) {
            page.versions = versions.clone();
        }
        let mut first = pages(&texts);
        for (page, versions) in first.iter_mut().zip(&all) {
            page.versions = versions[..1].to_vec();
        }
        let mut indexer = Indexer::for_versions();
        indexer.add(&first[..2]).unwrap();
        indexer.add(&first[2..]).unwrap();
        for (page, versions) in first.iter().zip(&all) {
            if versions.len() > 1 {
                indexer.add_versions(&page.url, &versions[1..]);
            }
        }
        let (files, terms) = indexer.finish().unwrap();
        // Pagefind lists its filter files in no set order.
        let sorted = |mut files: Files| {
            files.sort();
            files
        };
        let files = sorted(files);
        assert_eq!(files, sorted(crate::bundle(&whole).unwrap()));
        assert!(
            terms.is_empty(),
            "a versioned index leaves the word lists to its caller"
        );
        let without_later = sorted(crate::bundle(&first).unwrap());
        assert_ne!(files, without_later, "the later versions are in the index");
    }

    /// A page whose prose changed in a later version is indexed again, but its API entry that
    /// reads as before is not: the first version's entry gets the later versions instead,
    /// those of pages that read as the changed page too. The index is the one made from the
    /// same documents given with all their versions at once.
    #[test]
    fn an_api_entry_that_reads_the_same_is_shared_by_the_versions_of_its_page() {
        let entry = concat!(
            "<h3 id=\"dagster.asset\" class=\"api-entry__name\"><code>asset</code></h3>\n",
            "<p class=\"api-entry__source\"><a href=\"x\">source</a></p>\n<p>Makes an asset.</p>"
        );
        let texts = [
            format!("{entry}\n<p>materialize</p>"),
            format!("{entry}\n<p>materialize backfill</p>"),
        ];
        let page = |i: usize, url: &str, versions: Vec<&'static str>| SearchPage {
            url: url.to_string().into(),
            title: "Assets",
            breadcrumb: vec!["API"],
            area: "API",
            html: &texts[i],
            html_hash: i as u64,
            versions,
        };
        // 1.2 and 1.0 read the same; 1.1 changed the page's prose, not its entry.
        let (first, changed) = (
            page(0, "/1.2/api", vec!["1.2"]),
            page(1, "/1.1/api", vec!["1.1"]),
        );
        let mut indexer = Indexer::for_versions();
        let mut seen: HashMap<String, String> = HashMap::new();
        let mut known = |url: &str, html: &str| {
            let below = url.split_once('/').map_or(url, |(_, rest)| rest);
            let below = below.split_once('/').map_or(below, |(_, rest)| rest);
            let key = format!("{below}|{html}");
            match seen.get(&key) {
                Some(url) => Some(url.clone()),
                None => {
                    seen.insert(key, url.to_string());
                    None
                }
            }
        };
        indexer.add_sharing_entries(&[first], &mut known).unwrap();
        indexer.add_sharing_entries(&[changed], &mut known).unwrap();
        assert_eq!(seen.len(), 1, "one entry");
        indexer.add_versions("/1.2/api", &["1.0"]);
        let (files, _) = indexer.finish().unwrap();

        // The same index, from the documents with every version given at once.
        let mut whole = Indexer::for_versions();
        let documents = |page: &SearchPage| page_documents(page);
        let mut first_all = page(0, "/1.2/api", vec!["1.2", "1.0"]);
        let mut docs = documents(&first_all);
        let entry_doc = docs.pop().unwrap();
        first_all.versions = vec!["1.2", "1.1", "1.0"];
        let (entry_url, _) = &entry_doc;
        let entry_with_all = documents(&first_all).pop().unwrap();
        assert_eq!(&entry_with_all.0, entry_url);
        docs.push(entry_with_all);
        docs.extend(
            documents(&page(1, "/1.1/api", vec!["1.1"]))
                .into_iter()
                .take(1),
        );
        whole.send(Message::Documents(docs)).unwrap();
        let (expected, _) = whole.finish().unwrap();
        let sorted = |mut files: Files| {
            files.sort();
            files
        };
        let (files, expected) = (sorted(files), sorted(expected));
        let fragments = |files: &Files| {
            files
                .iter()
                .filter(|(p, _)| p.contains("fragment/"))
                .count()
        };
        assert_eq!(fragments(&files), 3, "two pages and one entry");
        assert!(
            files == expected,
            "not the index of the same documents given all their versions at once"
        );
    }

    /// Versions for a page never added fail the index, naming its URL.
    #[test]
    fn versions_of_an_unknown_page_are_an_error() {
        let texts = vec!["<p>materialize</p>".to_string()];
        let mut indexer = Indexer::for_versions();
        indexer.add(&pages(&texts)).unwrap();
        indexer.add_versions("/missing", &["1.0"]);
        let error = indexer.finish().unwrap_err();
        assert!(error.contains("/missing"), "{error}");
    }
}
