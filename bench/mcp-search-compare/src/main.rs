//! The MCP server's own search index against tantivy, on the same sections of a built export:
//! index build time, resident memory, first query, warm query times, and (on the bundled site)
//! how many of `crates/mcp/tests/questions.tsv`'s 30 questions find a right page first and in
//! the top three.
//!
//! Usage: mcp-search-compare OUT [ROUNDS]
//!   Runs each engine in its own process (so that one's memory does not count in the other's)
//!   and prints one JSON line per engine, then a table.
//! mcp-search-compare OUT ROUNDS --engine ours|tantivy
//!   One engine only: its JSON line.

mod tantivy_engine;

use docsite_mcp::corpus::Corpus;
use docsite_mcp::Docs;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Resident memory now and at its peak, in MiB (Linux).
pub fn memory() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// (question, acceptable page ids).
fn questions() -> Vec<(String, Vec<String>)> {
    include_str!("../../../crates/mcp/tests/questions.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let (q, ids) = l.split_once('\t')?;
            Some((q.to_string(), ids.split(',').map(str::to_string).collect()))
        })
        .collect()
}

/// Queries for a site the questions do not fit (the generated one).
const WORDS: &[&str] = &[
    "partition",
    "asset schedule",
    "sensor",
    "io manager",
    "backfill missing partitions",
];

/// A search engine under test: pages (indexes into `corpus.pages`), best first.
pub trait Engine {
    fn pages(&self, query: &str, limit: usize) -> Vec<usize>;
}

/// The MCP server's search as its `search_docs` tool runs it (`Docs::search`: sections ranked,
/// grouped into pages, each result with its snippet), the page of each result found by its route.
struct Ours {
    docs: Docs,
}

impl Engine for Ours {
    fn pages(&self, query: &str, limit: usize) -> Vec<usize> {
        let found = self
            .docs
            .search(query, None, None, Some(limit))
            .expect("a valid query");
        found["results"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|r| self.docs.corpus.page_by_route(r["path"].as_str()?))
            .collect()
    }
}

fn load_corpus(out: &std::path::Path) -> Corpus {
    let folder = docsite_mcp::source::ExportFolder::open(out).expect("an export folder");
    Corpus::load(&folder).expect("a built export")
}

/// Measures one engine in this process.
fn run_engine(out: &std::path::Path, rounds: usize, name: &str) -> Value {
    let start = Instant::now();
    let loaded = load_corpus(out);
    let corpus_ms = ms(start.elapsed());
    let sections: usize = loaded
        .pages
        .iter()
        .filter(|p| !p.unlisted)
        .map(|p| p.sections.len())
        .sum();
    let (rss_before, hwm_before) = memory();
    let start = Instant::now();
    // Ours keeps the corpus inside its `Docs`; tantivy reads it and keeps its own copy of the
    // text it indexes.
    let mut ours = None;
    let mut tantivy = None;
    match name {
        // The search index and the API catalogue (empty without inventories, as in an export).
        "ours" => {
            ours = Some(Ours {
                docs: Docs::new(loaded, None),
            })
        }
        "tantivy" => tantivy = Some((tantivy_engine::Tantivy::build(&loaded), loaded)),
        other => panic!("unknown engine {other}"),
    }
    let build = start.elapsed();
    let (rss_after, hwm_after) = memory();
    let mut extra = json!({});
    let (engine, corpus): (&dyn Engine, &Corpus) = match (&ours, &tantivy) {
        (Some(o), _) => (o, &o.docs.corpus),
        (_, Some((t, c))) => {
            extra = json!({ "index_bytes": t.index_bytes(), "segments": t.segments() });
            (t, c)
        }
        _ => unreachable!(),
    };

    let by_id: HashMap<&str, usize> = corpus
        .pages
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id.as_str(), i))
        .collect();
    let all = questions();
    // The questions fit a site when the pages they name are in it.
    let fits = all
        .iter()
        .all(|(_, ids)| ids.iter().any(|id| by_id.contains_key(id.as_str())));
    let queries: Vec<String> = if fits {
        all.iter().map(|(q, _)| q.clone()).collect()
    } else {
        WORDS.iter().map(|w| w.to_string()).collect()
    };

    let first = Instant::now();
    std::hint::black_box(engine.pages(&queries[0], 10));
    let first = first.elapsed();

    let mut times = Vec::new();
    for _ in 0..rounds {
        for q in &queries {
            let t = Instant::now();
            std::hint::black_box(engine.pages(q, 10));
            times.push(t.elapsed());
        }
    }
    times.sort();
    let pct = |p: f64| ms(times[((times.len() - 1) as f64 * p) as usize]);

    let mut result = json!({
        "engine": name,
        "pages": corpus.pages.len(),
        "sections": sections,
        "corpus_load_ms": corpus_ms,
        "build_ms": ms(build),
        "rss_delta_mib": rss_after - rss_before,
        "peak_delta_mib": hwm_after - hwm_before.max(rss_before),
        "rss_mib": rss_after,
        "first_query_ms": ms(first),
        "median_ms": pct(0.5),
        "p95_ms": pct(0.95),
        "max_ms": pct(1.0),
        "timed_queries": times.len(),
    });
    for (k, v) in extra.as_object().unwrap() {
        result[k] = v.clone();
    }
    if fits {
        let mut rank1 = 0;
        let mut top3 = 0;
        let mut misses = Vec::new();
        for (q, ids) in &all {
            let found: Vec<&str> = engine
                .pages(q, 3)
                .into_iter()
                .map(|p| corpus.pages[p].id.as_str())
                .collect();
            let rank = found.iter().position(|f| ids.iter().any(|i| i == f));
            if rank == Some(0) {
                rank1 += 1;
            }
            if rank.is_some() {
                top3 += 1;
            } else {
                misses.push(json!({ "question": q, "expected": ids, "top3": found }));
            }
            if rank.is_some_and(|r| r > 0) {
                misses.push(json!({ "question": q, "rank": rank.unwrap() + 1, "top3": found }));
            }
        }
        result["rank1"] = json!(rank1);
        result["top3"] = json!(top3);
        result["questions"] = json!(all.len());
        result["not_first"] = json!(misses);
    }
    result
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = std::path::PathBuf::from(
        args.first()
            .expect("usage: mcp-search-compare OUT [ROUNDS] [--engine NAME]"),
    );
    let rounds: usize = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(20);
    if let Some(i) = args.iter().position(|a| a == "--engine") {
        let name = &args[i + 1];
        println!("{}", run_engine(&out, rounds, name));
        return;
    }
    let me = std::env::current_exe().expect("own path");
    let mut rows = Vec::new();
    for name in ["ours", "tantivy"] {
        let r = std::process::Command::new(&me)
            .arg(&out)
            .arg(rounds.to_string())
            .args(["--engine", name])
            .output()
            .expect("run an engine");
        assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
        let line = String::from_utf8_lossy(&r.stdout).trim().to_string();
        println!("{line}");
        rows.push(serde_json::from_str::<Value>(&line).expect("JSON"));
    }
    println!();
    println!("| engine | index build | memory (RSS delta) | first query | warm median | p95 | rank 1 | top 3 |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for r in &rows {
        let quality = |k: &str| {
            r.get(k)
                .map(|v| format!("{v}/{}", r["questions"]))
                .unwrap_or_else(|| "–".into())
        };
        println!(
            "| {} | {:.0} ms | {:.1} MiB | {:.2} ms | {:.3} ms | {:.3} ms | {} | {} |",
            r["engine"].as_str().unwrap(),
            r["build_ms"].as_f64().unwrap(),
            r["rss_delta_mib"].as_f64().unwrap(),
            r["first_query_ms"].as_f64().unwrap(),
            r["median_ms"].as_f64().unwrap(),
            r["p95_ms"].as_f64().unwrap(),
            quality("rank1"),
            quality("top3"),
        );
    }
    for r in &rows {
        if let Some(m) = r.get("not_first").and_then(Value::as_array) {
            println!("\n{}: not first", r["engine"].as_str().unwrap());
            for x in m {
                println!("  {x}");
            }
        }
    }
}
