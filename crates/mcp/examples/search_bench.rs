//! The MCP server's search on a built export: time to load and index, memory, the first
//! query, and warm query times over the questions of `tests/questions.tsv` (or a fixed word
//! list on a site without them). `bench/mcp_search.py` runs it on the bundled site and on a
//! generated one.
//!
//! Usage: cargo run --release -p docsite-mcp --example search_bench -- OUT [ROUNDS]

use std::time::{Duration, Instant};

/// Resident memory now and at its peak, in MiB (Linux).
fn memory() -> (f64, f64) {
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

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = std::path::Path::new(args.first().expect("usage: search_bench OUT [ROUNDS]"));
    let rounds: usize = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(20);
    let (rss_before, _) = memory();
    let start = Instant::now();
    let docs = docsite_mcp::docs_from_export(out).expect("a built export");
    let load = start.elapsed();
    let (rss_after, peak) = memory();
    let mut queries: Vec<String> = include_str!("../tests/questions.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| l.split('\t').next().map(str::to_string))
        .collect();
    queries.extend(
        [
            "asset",
            "partition schedule",
            "materialise",
            "sensr",
            "dg.asset",
        ]
        .map(String::from),
    );
    let first = Instant::now();
    docs.search(&queries[0], None, None, None).unwrap();
    let first = first.elapsed();
    let mut times = Vec::new();
    for _ in 0..rounds {
        for q in &queries {
            let t = Instant::now();
            let found = docs.search(q, None, None, None).unwrap();
            times.push(t.elapsed());
            std::hint::black_box(found);
        }
    }
    // SEARCH_BENCH_EACH=1: each query's median, slowest first, on stderr.
    if std::env::var_os("SEARCH_BENCH_EACH").is_some() {
        let mut each: Vec<(Duration, &String)> = queries
            .iter()
            .enumerate()
            .map(|(i, q)| {
                let mut mine: Vec<Duration> = times
                    .iter()
                    .skip(i)
                    .step_by(queries.len())
                    .copied()
                    .collect();
                mine.sort();
                (mine[mine.len() / 2], q)
            })
            .collect();
        each.sort_by(|a, b| b.0.cmp(&a.0));
        for (t, q) in each {
            eprintln!("{:8.2} ms  {q}", ms(t));
        }
    }
    times.sort();
    let pct = |p: f64| ms(times[((times.len() - 1) as f64 * p) as usize]);
    println!(
        "{{\"pages\": {}, \"sections\": {}, \"load_ms\": {:.1}, \"rss_mib\": {:.1}, \"index_rss_mib\": {:.1}, \"peak_rss_mib\": {:.1}, \"first_query_ms\": {:.2}, \"median_ms\": {:.3}, \"p95_ms\": {:.3}, \"max_ms\": {:.3}, \"queries\": {}}}",
        docs.corpus.pages.len(),
        docs.index.documents(),
        ms(load),
        rss_after,
        rss_after - rss_before,
        peak,
        ms(first),
        pct(0.5),
        pct(0.95),
        pct(1.0),
        times.len()
    );
}
