//! `llms.txt` (the listed pages by sidebar, as links) and `llms-full.txt` (the twins of the
//! listed pages in one file), and their cache.
//!
//! A build gathers what the two files are made from ([`LlmsSource`]: small, owned, the twins
//! shared, or, past a budget in a build that writes as it goes, read back from the output);
//! the files themselves are made from that alone. So serve mode can publish the
//! rebuilt pages first, with the last files, and make the new ones right after
//! ([`LlmsCache::refresh`]), as it does the search index: `llms-full.txt` holds every listed
//! page and is the largest file of a rebuild.

use crate::output::Output;
use crate::render::Page;
use crate::site_files::exports::{list_line, one_line, twin_path, Exports};
use docsite_markdown::{absolute_url, TwinOptions};
use rayon::prelude::*;
use std::borrow::Cow;
use std::io;
use std::sync::Arc;

pub const LLMS_TXT: &str = "llms.txt";
pub const LLMS_FULL_TXT: &str = "llms-full.txt";
/// Both files, for the link check.
pub const FILES: [&str; 2] = [LLMS_TXT, LLMS_FULL_TXT];

/// Twins read back from the output at a time, for `llms-full.txt`.
const READ_AT_ONCE: usize = 512;

/// The section of `llms.txt` for pages in no sidebar.
const OTHER_PAGES: &str = "Other pages";

/// The files made: (output path, shared bytes).
pub type LlmsFiles = Vec<(String, Arc<Vec<u8>>)>;

/// Everything the two files show. Equal sources make equal files, so comparing this with the
/// last one tells whether the files must be made again.
#[derive(Clone, PartialEq)]
pub(crate) struct LlmsSource {
    site_title: String,
    /// The site's tagline and `llmsSummary`, on one line.
    summary: String,
    site_url: String,
    sections: Vec<Section>,
    /// The files to make: those `static/` does not hold (a team may write its own `llms.txt`).
    paths: Vec<&'static str>,
}

#[derive(Clone, PartialEq)]
struct Section {
    label: String,
    pages: Vec<Listed>,
}

#[derive(Clone, PartialEq)]
struct Listed {
    title: String,
    description: String,
    route: String,
    twin: TwinText,
}

/// A page's twin as `llms-full.txt` gets it.
#[derive(Clone, PartialEq)]
pub(crate) enum TwinText {
    /// The bytes of its `.md` file (shared, and compared by pointer first).
    Held(Arc<Vec<u8>>),
    /// Already written to the output at its twin path, this many bytes long: a streamed build
    /// keeps no twin, and makes `llms-full.txt` from the output ([`LlmsFullLater`]).
    Written(usize),
}

impl TwinText {
    fn len(&self) -> usize {
        match self {
            TwinText::Held(bytes) => bytes.len(),
            TwinText::Written(len) => *len,
        }
    }
}

/// What the files of this build would show. `twins` are in page order; `output` holds the
/// static files already.
pub(crate) fn source(e: &Exports, twins: &[TwinText], output: &Output) -> LlmsSource {
    let summary = [e.site.tagline.as_str(), e.summary.unwrap_or_default()]
        .iter()
        .map(|s| one_line(s))
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let listed = |page: &Page| Listed {
        title: page.title.clone(),
        description: page.description.clone(),
        route: page.src.route.clone(),
        twin: e
            .by_id
            .get(&page.src.id)
            .and_then(|&i| twins.get(i))
            .cloned()
            .unwrap_or_else(|| TwinText::Held(Arc::default())),
    };
    LlmsSource {
        site_title: e.site.title.clone(),
        summary,
        site_url: e.site.url.clone(),
        sections: sections(e)
            .into_iter()
            .map(|(label, pages)| Section {
                label,
                pages: pages.into_iter().map(listed).collect(),
            })
            .collect(),
        paths: FILES
            .into_iter()
            .filter(|p| !output.files.contains_key(*p))
            .collect(),
    }
}

/// Puts the files in an output map, in place of the ones it held.
pub fn insert_files(output: &mut Output, files: &[(String, Arc<Vec<u8>>)]) {
    for (path, bytes) in files {
        output.insert_shared(path.clone(), bytes.clone());
    }
}

/// The files of the last build, with what they were made from.
#[derive(Default)]
pub(crate) struct LlmsCache {
    made: Option<(LlmsSource, LlmsFiles)>,
    /// What the last build would show, when it kept older files for [`LlmsCache::refresh`].
    pending: Option<LlmsSource>,
}

impl LlmsCache {
    /// The files for a build's output, and whether they are older than its pages. They are
    /// made now unless `defer` allows the last ones (never on a first build, nor when
    /// `static/` took over or gave back a file: the output must not miss one or show both).
    pub(crate) fn files(&mut self, source: LlmsSource, defer: bool) -> (LlmsFiles, bool) {
        self.pending = None;
        match &self.made {
            Some((last, files)) if *last == source => (files.clone(), false),
            Some((last, files)) if defer && last.paths == source.paths => {
                let files = files.clone();
                self.pending = Some(source);
                (files, true)
            }
            _ => (self.make(source), false),
        }
    }

    /// The files of the last build (the newest made).
    pub(crate) fn current(&self) -> LlmsFiles {
        self.made
            .as_ref()
            .map(|(_, f)| f.clone())
            .unwrap_or_default()
    }

    /// Makes the files a build left to later; `None` when its output holds the right ones.
    pub(crate) fn refresh(&mut self) -> Option<LlmsFiles> {
        let source = self.pending.take()?;
        Some(self.make(source))
    }

    fn make(&mut self, source: LlmsSource) -> LlmsFiles {
        let files = make_files(&source, &source.paths);
        self.made = Some((source, files.clone()));
        files
    }
}

/// The files of `paths` made from `source`, whose twins must all be held for
/// `llms-full.txt`.
fn make_files(source: &LlmsSource, paths: &[&'static str]) -> LlmsFiles {
    // Both files show each page's URL: made once.
    let urls = urls(source);
    paths
        .iter()
        .map(|&path| {
            let text = match path {
                LLMS_TXT => llms_txt(source, &urls),
                _ => llms_full_txt(source, &urls, &|_| Err(not_held()))
                    .expect("a source whose twins are all held"),
            };
            (path.to_string(), Arc::new(text.into_bytes()))
        })
        .collect()
}

/// The files of a streamed build, which no rebuild follows: `llms.txt` now, and
/// `llms-full.txt` now when it holds every twin, else once they are written, from the output
/// ([`LlmsFullLater`]).
pub(crate) fn streamed(source: LlmsSource) -> (LlmsFiles, Option<LlmsFullLater>) {
    let all_held = listed(&source).all(|p| matches!(p.twin, TwinText::Held(_)));
    if all_held {
        return (make_files(&source, &source.paths), None);
    }
    let now: &[&'static str] = match source.paths.contains(&LLMS_TXT) {
        true => &[LLMS_TXT],
        false => &[],
    };
    let files = make_files(&source, now);
    let later = source
        .paths
        .contains(&LLMS_FULL_TXT)
        .then(|| LlmsFullLater {
            path: LLMS_FULL_TXT.to_string(),
            source,
        });
    (files, later)
}

/// `llms-full.txt` of a streamed build, made after the pages' twins are written: the site's
/// twins are the size of the file, and holding both at the end of a build of 100,000 pages
/// was its peak memory.
#[derive(Debug)]
pub struct LlmsFullLater {
    /// Where it goes in the output (a version's moves under its route base).
    pub path: String,
    source: LlmsSource,
}

impl LlmsFullLater {
    /// The file, with each written twin read from the output (`read` gets its path).
    pub fn make(&self, read: impl Fn(&str) -> io::Result<Vec<u8>> + Sync) -> io::Result<Vec<u8>> {
        let read = |page: &Listed| read(&twin_path(&page.route));
        let text = llms_full_txt(&self.source, &urls(&self.source), &read)?;
        Ok(text.into_bytes())
    }
}

impl std::fmt::Debug for LlmsSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let pages = listed(self).count();
        write!(f, "LlmsSource({pages} pages)")
    }
}

fn not_held() -> io::Error {
    io::Error::other("a twin was not kept")
}

/// Each listed page's URL, in order.
fn urls(source: &LlmsSource) -> Vec<String> {
    listed(source).map(|p| page_url(source, p)).collect()
}

/// The listed pages by section: one per sidebar, in navbar order (then any sidebar the navbar
/// does not name, under its own name), each page once, in its own sidebar, in reading order;
/// then the listed pages of no sidebar.
fn sections<'a>(e: &'a Exports) -> Vec<(String, Vec<&'a Page>)> {
    let mut names: Vec<(String, &str)> = Vec::new();
    for item in &e.site.navbar {
        if let Some(s) = item.sidebar.as_deref() {
            if !names.iter().any(|(_, n)| *n == s) {
                names.push((item.label.clone(), s));
            }
        }
    }
    for (name, _) in &e.sidebars.items {
        if !names.iter().any(|(_, n)| n == name) {
            names.push((name.clone(), name));
        }
    }
    let mut sections: Vec<(String, Vec<&Page>)> = names
        .into_iter()
        .map(|(label, name)| {
            let pages = e
                .orders
                .get(name)
                .map(|o| o.order.as_slice())
                .unwrap_or_default()
                .iter()
                .filter(|id| e.sidebars.page_sidebar.get(*id).map(String::as_str) == Some(name))
                .filter_map(|id| e.by_id.get(id).map(|&i| &e.pages[i]))
                .collect();
            (label, pages)
        })
        .collect();
    let others = e
        .pages
        .iter()
        .filter(|p| !p.src.front_matter.unlisted)
        .filter(|p| !e.sidebars.page_sidebar.contains_key(&p.src.id))
        .collect();
    sections.push((OTHER_PAGES.to_string(), others));
    sections.retain(|(_, pages)| !pages.is_empty());
    sections
}

fn page_url(s: &LlmsSource, page: &Listed) -> String {
    let twin = TwinOptions {
        site_url: &s.site_url,
        route: &page.route,
    };
    absolute_url(&docsite_core::url::route_url(&page.route), &twin)
}

/// `# Title` and the summary quote that open both files.
fn header(s: &LlmsSource) -> String {
    let mut out = format!("# {}\n\n", one_line(&s.site_title));
    if !s.summary.is_empty() {
        out.push_str(&format!("> {}\n\n", one_line(&s.summary)));
    }
    out
}

/// Every listed page, in the order of the files.
fn listed(s: &LlmsSource) -> impl Iterator<Item = &Listed> {
    s.sections.iter().flat_map(|section| &section.pages)
}

/// `urls`: each listed page's, in order.
fn llms_txt(s: &LlmsSource, urls: &[String]) -> String {
    let base = s.site_url.trim_end_matches('/');
    let mut out = header(s);
    out.push_str(&format!(
        "Every page is also served as Markdown at its URL followed by `.md` ({base}/index.md for the home page), and {base}/{LLMS_FULL_TXT} holds all the pages below in one file.\n"
    ));
    let mut urls = urls.iter();
    for section in &s.sections {
        out.push_str(&format!("\n## {}\n\n", one_line(&section.label)));
        for (page, url) in section.pages.iter().zip(&mut urls) {
            out.push_str(&list_line(&page.title, url, &page.description));
            out.push('\n');
        }
    }
    out
}

/// Each page's twin after a short block naming its URL (`urls`: each listed page's, in order;
/// `read` gets a twin that is not held).
fn llms_full_txt(
    s: &LlmsSource,
    urls: &[String],
    read: &(dyn Fn(&Listed) -> io::Result<Vec<u8>> + Sync),
) -> io::Result<String> {
    // Written piece by piece into one buffer: on a large site this file is megabytes.
    let mut out = header(s);
    out.reserve(listed(s).map(|p| p.twin.len() + 100).sum());
    let pages: Vec<(&Listed, &String)> = listed(s).zip(urls).collect();
    // Written twins are read back a few hundred at a time, in parallel.
    for chunk in pages.chunks(READ_AT_ONCE) {
        let twins = chunk
            .par_iter()
            .map(|(page, _)| match &page.twin {
                TwinText::Held(bytes) => Ok(Cow::Borrowed(bytes.as_slice())),
                TwinText::Written(_) => read(page).map(Cow::Owned),
            })
            .collect::<io::Result<Vec<_>>>()?;
        for ((_, url), twin) in chunk.iter().zip(twins) {
            out.push_str("---\nurl: ");
            out.push_str(url);
            out.push_str("\n---\n\n");
            out.push_str(std::str::from_utf8(&twin).unwrap_or_default());
            out.push('\n');
        }
    }
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    out.push('\n');
    Ok(out)
}
