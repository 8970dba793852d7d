//! `docsite check`: every check of the build, nothing written.

use crate::report;
use docsite_engine::{BuildOptions, Builder};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

/// Per documented package: how many public names have an entry, and the ones that do not
/// (neither documented nor in `api/exclusions.tsv`).
fn api_coverage(coverage: &[docsite_engine::api::Coverage]) {
    for c in coverage {
        eprintln!(
            "API coverage of {} {}: {} of {} names documented, {} excluded, {} undocumented; {} class members without an entry",
            c.package,
            c.version,
            c.documented,
            c.total,
            c.excluded,
            c.missing.len(),
            c.missing_members
        );
        for name in &c.missing {
            eprintln!("  undocumented: {name}");
        }
    }
}

pub fn run(site: &Path) -> ExitCode {
    let start = Instant::now();
    match Builder::new().build(site, &BuildOptions::default()) {
        Ok(built) => {
            // The frontend is not part of the check; its absence is no warning here.
            let warnings = docsite_core::Diagnostics(
                built
                    .warnings
                    .0
                    .iter()
                    .filter(|d| d.file.is_some())
                    .cloned()
                    .collect(),
            );
            report::diagnostics(&warnings);
            api_coverage(&built.api_coverage);
            eprintln!(
                "checked {} pages in {}: no errors",
                built.pages,
                report::ms(start.elapsed())
            );
            ExitCode::SUCCESS
        }
        Err(diags) => {
            report::failure(&diags);
            ExitCode::FAILURE
        }
    }
}
