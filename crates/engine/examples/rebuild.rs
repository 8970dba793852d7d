//! Times a one-file rebuild as `docsite serve` does it: builds a site once, then edits one page
//! and rebuilds, repeatedly. `llms.txt`, `llms-full.txt` and the search index are refreshed
//! after each rebuild, as the server does once the pages are out, and timed on their own.
//! Usage: rebuild SITE_DIR PAGE_FILE [ROUNDS] [--no-search]   (`--no-search` skips the
//! search refresh, so a profile of the run shows the rebuild and the small llms refresh)

use docsite_engine::{BuildOptions, Builder};
use std::time::{Duration, Instant};

/// The allocator and options of the `docsite` binary (crates/docsite/src/main.rs), so the
/// times are those of `docsite serve`: glibc's allocator made a rebuild about a third slower.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[export_name = "_rjem_malloc_conf"]
pub static MALLOC_CONF: &[u8; 10] = b"narenas:2\0";

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
        defer_llms: true,
        ..BuildOptions::default()
    };
    let start = Instant::now();
    builder.build(site, &options).expect("the site builds");
    let full = start.elapsed();
    let mut times = Vec::new();
    let mut refreshes = Vec::new();
    let mut llms_refreshes = Vec::new();
    for round in 0..rounds {
        std::fs::write(page, format!("{original}\nEdited paragraph {round}.\n")).unwrap();
        let start = Instant::now();
        let built = builder.build(site, &options).expect("the site rebuilds");
        times.push(start.elapsed());
        assert_eq!(built.rendered, 1, "only the edited page is rendered again");
        let start = Instant::now();
        let refreshed = builder.refresh_llms();
        llms_refreshes.push(start.elapsed());
        assert!(refreshed.is_some(), "the edit changed llms-full.txt");
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
    let min = times.iter().min().copied().unwrap_or_default();
    println!(
        "full_build_ms={:.1} rebuild_median_ms={:.2} rebuild_min_ms={:.2} llms_refresh_median_ms={:.2} search_refresh_median_ms={:.1}",
        ms(full),
        median_ms(times),
        ms(min),
        median_ms(llms_refreshes),
        median_ms(refreshes),
    );
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The median in milliseconds (0 when nothing was timed).
fn median_ms(mut times: Vec<Duration>) -> f64 {
    times.sort();
    times.get(times.len() / 2).map_or(0.0, |t| ms(*t))
}
