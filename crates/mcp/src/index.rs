//! The search index: one document per section of every indexed page, scored BM25-style with
//! the site search's weights (page title above headings above text), prefix matches and typo
//! tolerance for words the site does not have, and dotted API names kept whole.

use crate::corpus::Corpus;
use crate::text::{api_name, distance_within, is_stop_word, typo_budget, words};
use std::cmp::Ordering;
use std::collections::HashMap;

/// What a word in each place is worth: the page title counts most on the page's first section
/// (the page itself), headings and API anchors next, text least.
const TITLE_ON_LEAD: f32 = 5.0;
const TITLE_ON_SECTION: f32 = 1.5;
const HEADING: f32 = 4.0;
const API_NAME: f32 = 10.0;
const BREADCRUMB: f32 = 0.5;
const TEXT: f32 = 1.0;
/// BM25's saturation and length normalisation for text.
const K1: f32 = 1.2;
const B: f32 = 0.75;
/// A word found only as a prefix of a site word, or within the typo budget, counts less.
const PREFIX: f32 = 0.6;
const TYPO: f32 = 0.5;
/// Site words one query word may expand to by prefix.
const MAX_EXPANSIONS: usize = 40;

/// A section of a page: (page index, section index).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DocRef {
    pub page: u32,
    pub section: u32,
}

pub struct SearchIndex {
    docs: Vec<DocRef>,
    /// Word → (document, weight before the word's rarity).
    postings: HashMap<String, Vec<(u32, f32)>>,
    /// Every word, sorted, for prefix and typo look-ups.
    vocabulary: Vec<String>,
    /// For each word of `vocabulary`: its length in characters and the characters it holds
    /// ([`char_mask`]), so a typo look-up measures the distance to few words.
    shapes: Vec<(usize, u64)>,
}

#[derive(Debug, Clone, Copy)]
pub struct Hit {
    pub doc: DocRef,
    pub score: f32,
}

impl SearchIndex {
    pub fn build(corpus: &Corpus) -> SearchIndex {
        let mut docs = Vec::new();
        let mut weights: Vec<HashMap<String, f32>> = Vec::new();
        let mut text_counts: Vec<(HashMap<String, u32>, u32)> = Vec::new();
        for (p, page) in corpus.pages.iter().enumerate() {
            if page.unlisted {
                continue;
            }
            let title = words(&page.title);
            let crumbs = words(&page.breadcrumb);
            for (s, section) in page.sections.iter().enumerate() {
                let mut w: HashMap<String, f32> = HashMap::new();
                let lead = s == 0;
                let t = if lead {
                    TITLE_ON_LEAD
                } else {
                    TITLE_ON_SECTION
                };
                add_words(&mut w, &title, t);
                add_words(&mut w, &crumbs, BREADCRUMB);
                if !lead {
                    add_words(&mut w, &words(&section.heading), HEADING);
                    let anchor = section.anchor.as_deref().unwrap_or("");
                    add_words(&mut w, &words(anchor), HEADING);
                    // An API entry's own name, whole, is the best answer to that name.
                    if anchor.contains('.') {
                        add_words(&mut w, &[api_name(&anchor.to_lowercase())], API_NAME);
                    }
                }
                let body = &page.twin[section.range.clone()];
                let mut counts: HashMap<String, u32> = HashMap::new();
                let body_words = words(body);
                for word in &body_words {
                    *counts.entry(word.clone()).or_default() += 1;
                }
                docs.push(DocRef {
                    page: p as u32,
                    section: s as u32,
                });
                weights.push(w);
                text_counts.push((counts, body_words.len() as u32));
            }
        }
        let average = text_counts.iter().map(|(_, n)| *n as f32).sum::<f32>()
            / text_counts.len().max(1) as f32;
        let mut postings: HashMap<String, Vec<(u32, f32)>> = HashMap::new();
        for (d, (mut w, (counts, len))) in weights.into_iter().zip(text_counts).enumerate() {
            let norm = 1.0 - B + B * len as f32 / average.max(1.0);
            for (word, tf) in counts {
                let tf = tf as f32;
                *w.entry(word).or_default() += TEXT * tf * (K1 + 1.0) / (tf + K1 * norm);
            }
            for (word, weight) in w {
                postings.entry(word).or_default().push((d as u32, weight));
            }
        }
        let mut vocabulary: Vec<String> = postings.keys().cloned().collect();
        vocabulary.sort_unstable();
        let shapes = vocabulary
            .iter()
            .map(|w| (w.chars().count(), char_mask(w)))
            .collect();
        SearchIndex {
            docs,
            postings,
            vocabulary,
            shapes,
        }
    }

    pub fn documents(&self) -> usize {
        self.docs.len()
    }

    /// Site words that `word` stands for, each with how much a match through it counts.
    fn expand(&self, word: &str, last: bool) -> Vec<(&str, f32)> {
        let mut out = Vec::new();
        if let Some((w, _)) = self.postings.get_key_value(word) {
            out.push((w.as_str(), 1.0));
        }
        // The last word may be half typed; others expand only when the site lacks them.
        if (out.is_empty() || last) && word.chars().count() >= 3 {
            let start = self.vocabulary.partition_point(|v| v.as_str() < word);
            out.extend(
                self.vocabulary[start..]
                    .iter()
                    .take_while(|v| v.starts_with(word))
                    .filter(|v| v.as_str() != word)
                    .take(MAX_EXPANSIONS)
                    .map(|v| (v.as_str(), PREFIX)),
            );
        }
        if out.is_empty() {
            let budget = typo_budget(word);
            if budget > 0 {
                let (len, mask) = (word.chars().count(), char_mask(word));
                // An edit changes the length by at most one and the characters held by at
                // most two: most words are ruled out before their distance is measured.
                out.extend(
                    self.vocabulary
                        .iter()
                        .zip(&self.shapes)
                        .filter(|(_, &(l, m))| {
                            l.abs_diff(len) <= budget
                                && (m ^ mask).count_ones() as usize <= 2 * budget
                        })
                        .filter(|(v, _)| distance_within(word, v, budget).is_some())
                        .take(MAX_EXPANSIONS)
                        .map(|(v, _)| (v.as_str(), TYPO)),
                );
            }
        }
        out
    }

    /// The `limit` best pages for `query`, best first, each shown at its best section (see
    /// [`shown_section`]); `keep` says which pages may be returned. Only the pages returned
    /// are sorted: a common word matches most of a large site.
    pub fn best_pages(&self, query: &str, keep: &dyn Fn(DocRef) -> bool, limit: usize) -> Vec<Hit> {
        let pages = self.docs.last().map_or(0, |d| d.page as usize + 1);
        // Per page: its best hit, and its best hit outside the lead section.
        let mut best: Vec<Option<(Hit, Option<Hit>)>> = (0..pages).map(|_| None).collect();
        for hit in self.scored(query) {
            if !keep(hit.doc) {
                continue;
            }
            let slot = &mut best[hit.doc.page as usize];
            let (top, section) = slot.get_or_insert((hit, None));
            if ranks_above(&hit, top) {
                *top = hit;
            }
            if hit.doc.section != 0 && section.as_ref().is_none_or(|s| ranks_above(&hit, s)) {
                *section = Some(hit);
            }
        }
        let mut hits: Vec<Hit> = best.into_iter().flatten().map(shown_section).collect();
        if hits.len() > limit && limit > 0 {
            hits.select_nth_unstable_by(limit - 1, rank_order);
            hits.truncate(limit);
        }
        hits.sort_unstable_by(rank_order);
        hits.truncate(limit);
        hits
    }

    /// Every section matching a word of `query`, with its score, in no order.
    fn scored(&self, query: &str) -> Vec<Hit> {
        let mut terms: Vec<String> = words(query);
        terms.dedup();
        let meaningful: Vec<String> = terms.iter().filter(|t| !is_stop_word(t)).cloned().collect();
        if !meaningful.is_empty() {
            terms = meaningful;
        }
        let count = terms.len() as f32;
        let total = self.docs.len() as f32;
        // Document → (score, words matched).
        // Dense accumulators: a common word touches most sections, and hashing each posting
        // cost most of a query on a large site.
        let n = self.docs.len();
        let mut scores: Vec<(f32, u32)> = vec![(0.0, 0); n];
        let mut best: Vec<f32> = vec![0.0; n];
        let mut touched: Vec<u32> = Vec::new();
        for (i, term) in terms.iter().enumerate() {
            for (word, factor) in self.expand(term, i + 1 == terms.len()) {
                let list = &self.postings[word];
                let df = list.len() as f32;
                let idf = (1.0 + (total - df + 0.5) / (df + 0.5)).ln();
                for &(d, w) in list {
                    let s = w * idf * factor;
                    let b = &mut best[d as usize];
                    if *b == 0.0 {
                        touched.push(d);
                    }
                    *b = b.max(s);
                }
            }
            for d in touched.drain(..) {
                let e = &mut scores[d as usize];
                e.0 += std::mem::take(&mut best[d as usize]);
                e.1 += 1;
            }
        }
        scores
            .into_iter()
            .enumerate()
            .filter(|(_, (_, matched))| *matched > 0)
            .map(|(d, (s, matched))| Hit {
                doc: self.docs[d],
                // A section holding every word beats one that holds a rare word many times.
                score: s * (matched as f32 / count).powi(2),
            })
            .collect()
    }
}

/// Best first: the higher score, then the earlier page and section, so the order is the same
/// in every run.
fn rank_order(a: &Hit, b: &Hit) -> Ordering {
    b.score
        .total_cmp(&a.score)
        .then(a.doc.page.cmp(&b.doc.page))
        .then(a.doc.section.cmp(&b.doc.section))
}

fn ranks_above(a: &Hit, b: &Hit) -> bool {
    rank_order(a, b) == Ordering::Less
}

/// A page is one answer, as in the site's search: ranked by its best hit, and shown at its
/// best section, where a section scoring near the page's lead (its title and intro) stands
/// for it, since it points closer to the answer.
fn shown_section((top, section): (Hit, Option<Hit>)) -> Hit {
    const SECTION_OVER_LEAD: f32 = 0.7;
    match section {
        Some(s) if top.doc.section == 0 && s.score >= top.score * SECTION_OVER_LEAD => Hit {
            doc: s.doc,
            score: top.score,
        },
        _ => top,
    }
}

/// Which characters a word holds, one bit each (letters and digits their own, others
/// sharing the rest).
fn char_mask(word: &str) -> u64 {
    word.chars().fold(0, |mask, c| {
        let bit = match c {
            'a'..='z' => c as u32 - 'a' as u32,
            '0'..='9' => 26 + (c as u32 - '0' as u32),
            _ => 36 + c as u32 % 28,
        };
        mask | 1 << bit
    })
}

fn add_words(w: &mut HashMap<String, f32>, words: &[String], weight: f32) {
    for word in words {
        let e = w.entry(word.clone()).or_default();
        *e = e.max(weight);
    }
}
