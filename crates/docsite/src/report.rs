//! Terminal output: diagnostics in the style of rustc and a timing summary.

use docsite_core::Diagnostics;
use docsite_engine::Built;
use std::time::Duration;

pub fn diagnostics(diags: &Diagnostics) {
    for d in diags.sorted() {
        eprintln!("{d}");
    }
}

pub fn failure(diags: &Diagnostics) {
    diagnostics(diags);
    let errors = diags.errors().count();
    let warnings = diags.warnings().count();
    let files: std::collections::BTreeSet<_> = diags.errors().map(|d| d.file.clone()).collect();
    eprintln!(
        "error: the build failed with {errors} error{} and {warnings} warning{} in {} file{} with errors",
        plural(errors),
        plural(warnings),
        files.len(),
        plural(files.len())
    );
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The build's summary; `written` is the number of files and bytes of the output.
pub fn summary(built: &Built, written: (usize, u64), total: Duration) {
    diagnostics(&built.warnings);
    let stages: Vec<String> = built
        .timings
        .iter()
        .map(|(name, d)| format!("{name} {}", ms(*d)))
        .collect();
    // Shown only for sites with components, whose rebuilds render the changed uses again.
    let islands = match built.islands_rendered {
        0 => String::new(),
        n => format!(", {n} component use{} rendered", plural(n)),
    };
    eprintln!(
        "{} pages ({} rendered{islands}), {} files, {:.1} MiB in {} [{}]",
        built.pages,
        built.rendered,
        written.0,
        written.1 as f64 / 1_048_576.0,
        ms(total),
        stages.join(", ")
    );
}

/// The number of files and bytes of a build's output, held in memory.
pub fn files_of(built: &Built) -> (usize, u64) {
    (built.output.files.len(), built.output.total_bytes() as u64)
}

pub fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}
