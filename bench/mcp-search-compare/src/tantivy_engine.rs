//! The same sections in an in-RAM tantivy index, weighted in the spirit of the MCP server's
//! index: the page title counts most on the page's first section, headings next, the
//! breadcrumb least; an API entry's dotted name is kept whole (with its dotted tails) in a field
//! of its own; words the site lacks are matched within an edit distance.
//!
//! Knobs for tuning, read from the environment (the defaults are what RESULTS.md reports):
//! TANTIVY_TIE (the disjunction-max tie breaker across fields, 1.0 = sum), TANTIVY_TITLE_LEAD,
//! TANTIVY_TITLE_SECTION, TANTIVY_HEADING, TANTIVY_BREADCRUMB (field weights; text is 1),
//! TANTIVY_COVERAGE (1 = rescore the top sections by the share of query words they hold, squared,
//! as ours does; 0 = plain BM25 sum), TANTIVY_FUZZY_BOOST (the constant score of a fuzzy match).

use crate::Engine;
use docsite_mcp::corpus::Corpus;
use docsite_mcp::text::api_name;
use std::collections::{HashMap, HashSet};
use tantivy::collector::{DocSetCollector, TopDocs};
use tantivy::query::{
    BooleanQuery, BoostQuery, DisjunctionMaxQuery, FuzzyTermQuery, Occur, Query, TermQuery,
};
use tantivy::schema::{
    Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, FAST, INDEXED,
};
use tantivy::tokenizer::{
    Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, StopWordFilter, TextAnalyzer,
    WhitespaceTokenizer,
};
use tantivy::{DocAddress, Index, IndexReader, ReloadPolicy, Searcher, TantivyDocument, Term};

/// The MCP index's stop words (crates/mcp/src/text.rs), so that both drop the same words.
const STOP_WORDS: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "does", "for", "from", "how",
    "i", "in", "is", "it", "its", "me", "my", "of", "on", "or", "should", "that", "the", "this",
    "to", "what", "when", "where", "which", "why", "with", "you", "your", "use", "using",
];

/// Field weights: the MCP index's (crates/mcp/src/index.rs), but for headings (4 there) and
/// the breadcrumb (0.5 there), tuned on the questions: with tantivy's per-field BM25 (a heading
/// field is short, so a match in it already scores high) 2 and 1 do best. RESULTS.md also gives
/// the figures with the MCP index's own weights.
const TITLE_ON_LEAD: f32 = 5.0;
const TITLE_ON_SECTION: f32 = 1.5;
const HEADING: f32 = 2.0;
const API_NAME: f32 = 10.0;
const BREADCRUMB: f32 = 1.0;
const TEXT: f32 = 1.0;
/// Sections read per query before they are grouped into pages.
const SECTIONS: usize = 200;

struct Fields {
    title_lead: Field,
    title_section: Field,
    heading: Field,
    crumbs: Field,
    body: Field,
    api: Field,
    body_names: Field,
}

pub struct Tantivy {
    index: Index,
    reader: IndexReader,
    searcher: Searcher,
    fields: Fields,
    words: TextAnalyzer,
    /// Per segment, the page of each document.
    pages: Vec<tantivy::columnar::Column<u64>>,
    tie: f32,
    /// Title on the lead section, title on other sections, heading, breadcrumb, text.
    weights: [f32; 5],
    coverage: bool,
    fuzzy_boost: f32,
}

fn env_f32(name: &str, default: f32) -> f32 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Words: split at anything not a letter or digit, lower case, stop words dropped, stemmed
/// (Snowball English).
fn word_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(StopWordFilter::remove(
            STOP_WORDS.iter().map(|w| w.to_string()),
        ))
        .filter(Stemmer::new(Language::English))
        .build()
}

/// Dotted names (`dg.AssetKey`, `dagster.AutomationCondition.eager`), lower case, `dg.` read as
/// `dagster.`, each whole and with its dotted tails (`automationcondition.eager`), separated by
/// spaces for the whitespace tokenizer.
pub fn dotted_names(text: &str, tails: bool) -> String {
    let mut out = String::new();
    for chunk in text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.')) {
        let chunk = chunk.trim_matches('.');
        if !chunk.contains('.') || chunk.split('.').any(str::is_empty) {
            continue;
        }
        let name = api_name(&chunk.to_lowercase());
        let mut rest = name.as_str();
        loop {
            out.push_str(rest);
            out.push(' ');
            if !tails {
                break;
            }
            match rest.split_once('.') {
                Some((_, tail)) if tail.contains('.') => rest = tail,
                _ => break,
            }
        }
    }
    out
}

impl Tantivy {
    pub fn build(corpus: &Corpus) -> Tantivy {
        let mut schema = Schema::builder();
        let words = TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer("words")
                .set_index_option(IndexRecordOption::WithFreqs),
        );
        let names = TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer("names")
                .set_index_option(IndexRecordOption::WithFreqs),
        );
        let fields = Fields {
            title_lead: schema.add_text_field("title_lead", words.clone()),
            title_section: schema.add_text_field("title_section", words.clone()),
            heading: schema.add_text_field("heading", words.clone()),
            crumbs: schema.add_text_field("crumbs", words.clone()),
            body: schema.add_text_field("body", words),
            api: schema.add_text_field("api", names.clone()),
            body_names: schema.add_text_field("body_names", names),
        };
        let page_field = schema.add_u64_field("page", FAST | INDEXED);
        let index = Index::create_in_ram(schema.build());
        index.tokenizers().register("words", word_analyzer());
        index.tokenizers().register(
            "names",
            TextAnalyzer::builder(WhitespaceTokenizer::default())
                .filter(LowerCaser)
                .build(),
        );
        // One thread, as the MCP index builds on one; one segment.
        let mut writer = index
            .writer_with_num_threads::<TantivyDocument>(1, 100_000_000)
            .expect("a writer");
        writer.set_merge_policy(Box::new(tantivy::indexer::NoMergePolicy));
        for (p, page) in corpus.pages.iter().enumerate() {
            if page.unlisted {
                continue;
            }
            for (s, section) in page.sections.iter().enumerate() {
                let mut doc = TantivyDocument::default();
                doc.add_u64(page_field, p as u64);
                if s == 0 {
                    doc.add_text(fields.title_lead, &page.title);
                } else {
                    doc.add_text(fields.title_section, &page.title);
                    doc.add_text(fields.heading, &section.heading);
                    if let Some(anchor) = &section.anchor {
                        doc.add_text(fields.heading, anchor);
                        if anchor.contains('.') {
                            doc.add_text(fields.api, dotted_names(anchor, true));
                        }
                    }
                }
                doc.add_text(fields.crumbs, &page.breadcrumb);
                let body = &page.twin[section.range.clone()];
                doc.add_text(fields.body, body);
                doc.add_text(fields.body_names, dotted_names(body, true));
                writer.add_document(doc).expect("added");
            }
        }
        writer.commit().expect("committed");
        writer.wait_merging_threads().expect("writer done");
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()
            .expect("a reader");
        let searcher = reader.searcher();
        let pages = searcher
            .segment_readers()
            .iter()
            .map(|s| s.fast_fields().u64("page").expect("page column"))
            .collect();
        Tantivy {
            index,
            reader,
            searcher,
            fields,
            words: word_analyzer(),
            pages,
            tie: env_f32("TANTIVY_TIE", 1.0),
            weights: [
                env_f32("TANTIVY_TITLE_LEAD", TITLE_ON_LEAD),
                env_f32("TANTIVY_TITLE_SECTION", TITLE_ON_SECTION),
                env_f32("TANTIVY_HEADING", HEADING),
                env_f32("TANTIVY_BREADCRUMB", BREADCRUMB),
                TEXT,
            ],
            coverage: env_f32("TANTIVY_COVERAGE", 1.0) > 0.0,
            fuzzy_boost: env_f32("TANTIVY_FUZZY_BOOST", 1.0),
        }
    }

    pub fn index_bytes(&self) -> u64 {
        self.searcher
            .space_usage()
            .map(|u| u.total().get_bytes())
            .unwrap_or(0)
    }

    pub fn segments(&self) -> usize {
        let _ = (&self.index, &self.reader);
        self.searcher.segment_readers().len()
    }

    /// The query's clauses, one per word or dotted name.
    fn clauses(&self, query: &str) -> Vec<Box<dyn Query>> {
        let f = &self.fields;
        let mut out: Vec<Box<dyn Query>> = Vec::new();
        for name in dotted_names(query, false).split_whitespace() {
            let api = Term::from_field_text(f.api, name);
            let body = Term::from_field_text(f.body_names, name);
            out.push(Box::new(DisjunctionMaxQuery::with_tie_breaker(
                vec![
                    boosted(TermQuery::new(api, IndexRecordOption::WithFreqs), API_NAME),
                    boosted(TermQuery::new(body, IndexRecordOption::WithFreqs), TEXT),
                ],
                self.tie,
            )));
        }
        let mut analyzer = self.words.clone();
        let mut stream = analyzer.token_stream(query);
        let mut tokens: Vec<String> = Vec::new();
        while let Some(t) = stream.next() {
            if !tokens.contains(&t.text) {
                tokens.push(t.text.clone());
            }
        }
        let places = [
            (f.title_lead, self.weights[0]),
            (f.title_section, self.weights[1]),
            (f.heading, self.weights[2]),
            (f.crumbs, self.weights[3]),
            (f.body, self.weights[4]),
        ];
        for token in tokens {
            let terms: Vec<(Term, f32)> = places
                .iter()
                .map(|&(field, w)| (Term::from_field_text(field, &token), w))
                .collect();
            let known = terms
                .iter()
                .any(|(t, _)| self.searcher.doc_freq(t).unwrap_or(0) > 0);
            let disjuncts: Vec<Box<dyn Query>> = if known {
                terms
                    .into_iter()
                    .map(|(t, w)| boosted(TermQuery::new(t, IndexRecordOption::WithFreqs), w))
                    .collect()
            } else {
                // A word the site lacks: a prefix of a site word, or a typo of one (the app's
                // budget: one edit up to five letters, two above). Fuzzy matches score a
                // constant, weighted by place.
                let budget = match token.chars().count() {
                    0..=3 => 0,
                    4..=5 => 1,
                    _ => 2,
                };
                let mut d: Vec<Box<dyn Query>> = Vec::new();
                for (t, w) in terms {
                    if token.chars().count() >= 3 {
                        d.push(boosted(
                            FuzzyTermQuery::new_prefix(t.clone(), 0, true),
                            w * self.fuzzy_boost * 0.6,
                        ));
                    }
                    if budget > 0 {
                        d.push(boosted(
                            FuzzyTermQuery::new(t, budget, true),
                            w * self.fuzzy_boost * 0.5,
                        ));
                    }
                }
                d
            };
            if !disjuncts.is_empty() {
                out.push(Box::new(DisjunctionMaxQuery::with_tie_breaker(
                    disjuncts, self.tie,
                )));
            }
        }
        out
    }
}

fn boosted(q: impl Query + 'static, boost: f32) -> Box<dyn Query> {
    Box::new(BoostQuery::new(Box::new(q), boost))
}

impl Engine for Tantivy {
    fn pages(&self, query: &str, limit: usize) -> Vec<usize> {
        let clauses = self.clauses(query);
        if clauses.is_empty() {
            return Vec::new();
        }
        let count = clauses.len();
        let mut matched: Vec<HashSet<DocAddress>> = Vec::new();
        if self.coverage && count > 1 {
            for c in &clauses {
                matched.push(
                    self.searcher
                        .search(c.as_ref(), &DocSetCollector)
                        .expect("searched"),
                );
            }
        }
        let all = BooleanQuery::new(clauses.into_iter().map(|c| (Occur::Should, c)).collect());
        let top = self
            .searcher
            .search(&all, &TopDocs::with_limit(SECTIONS).order_by_score())
            .expect("searched");
        let mut scored: Vec<(f32, DocAddress)> = top
            .into_iter()
            .map(|(score, addr)| {
                if matched.is_empty() {
                    return (score, addr);
                }
                let n = matched.iter().filter(|m| m.contains(&addr)).count();
                (score * (n as f32 / count as f32).powi(2), addr)
            })
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        // Pages at their best section's score.
        let mut best: HashMap<usize, f32> = HashMap::new();
        let mut order = Vec::new();
        for (score, addr) in scored {
            let page = self.pages[addr.segment_ord as usize]
                .first(addr.doc_id)
                .expect("a page") as usize;
            if best.insert(page, score).is_none() {
                order.push(page);
                if order.len() == limit {
                    break;
                }
            }
        }
        order
    }
}
