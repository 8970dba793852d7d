//! `docsite check`: every check of the build, nothing written.

use crate::report;
use docsite_engine::{BuildOptions, Builder};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

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
