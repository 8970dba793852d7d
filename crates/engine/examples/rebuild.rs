//! Times a one-file rebuild as `docsite serve` does it: builds a site once, then edits one page
//! and rebuilds, repeatedly. The search index is refreshed after each rebuild, as the server
//! does once the pages are out, and timed on its own.
//! Usage: rebuild SITE_DIR PAGE_FILE [ROUNDS] [--no-search]   (`--no-search` skips the
//! refresh, so a profile of the run shows the rebuild alone)

use docsite_engine::{BuildOptions, Builder};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (site, page) = (
        std::path::Path::new(&args[1]),
        std::path::Path::new(&args[2]),
    );
    let rounds: usize = args.get(3).and_then(|r| r.parse().ok()).unwrap_or(20);
    let refresh = !args.iter().any(|a| a == "--no-search");
    let original = std::fs::read_to_string(page).expect("the page exists");
    // As `docsite serve` does.
    docsite_engine::keep_highlighted_code();
    let mut builder = Builder::new();
    let options = BuildOptions {
        defer_search: true,
        ..BuildOptions::default()
    };
    let start = Instant::now();
    builder.build(site, &options).expect("the site builds");
    let full = start.elapsed();
    let mut times = Vec::new();
    let mut refreshes = Vec::new();
    for round in 0..rounds {
        std::fs::write(page, format!("{original}\nEdited paragraph {round}.\n")).unwrap();
        let start = Instant::now();
        let built = builder.build(site, &options).expect("the site rebuilds");
        times.push(start.elapsed());
        assert_eq!(built.rendered, 1, "only the edited page is rendered again");
        if refresh {
            let start = Instant::now();
            let refreshed = builder.refresh_search().expect("the index builds");
            refreshes.push(start.elapsed());
            assert!(refreshed.is_some(), "the edit changed the index");
        }
        if round + 1 == rounds {
            let stages: Vec<String> = built
                .timings
                .iter()
                .map(|(n, d)| format!("{n}={:.2}ms", d.as_secs_f64() * 1e3))
                .collect();
            eprintln!("last rebuild: {}", stages.join(" "));
        }
    }
    std::fs::write(page, original).unwrap();
    times.sort();
    refreshes.sort();
    let median = times[times.len() / 2];
    println!(
        "full_build_ms={:.1} rebuild_median_ms={:.2} rebuild_min_ms={:.2} search_refresh_median_ms={:.1}",
        full.as_secs_f64() * 1e3,
        median.as_secs_f64() * 1e3,
        times[0].as_secs_f64() * 1e3,
        refreshes
            .get(refreshes.len() / 2)
            .map_or(0.0, |r| r.as_secs_f64() * 1e3)
    );
}
