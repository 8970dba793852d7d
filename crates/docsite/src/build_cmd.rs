//! `docsite build`: the whole site to a folder, written atomically.

use crate::{assets, report};
use docsite_engine::{BuildOptions, Builder};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(site: &Path, out: &Path, web_dist: Option<&Path>) -> ExitCode {
    let start = Instant::now();
    let frontend = match assets::frontend(web_dist) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: cannot read the frontend: {e}");
            return ExitCode::FAILURE;
        }
    };
    eprintln!("building {} …", site.display());
    let built = match Builder::new().build(
        site,
        &BuildOptions {
            frontend,
            live_reload: false,
            defer_search: false,
        },
    ) {
        Ok(b) => b,
        Err(diags) => {
            report::failure(&diags);
            return ExitCode::FAILURE;
        }
    };
    let write_start = Instant::now();
    if let Err(e) = built.output.write_atomically(out) {
        eprintln!("error: cannot write {}: {e}", out.display());
        return ExitCode::FAILURE;
    }
    let mut built = built;
    built.timings.push(("write", write_start.elapsed()));
    report::summary(&built, start.elapsed());
    eprintln!("wrote {}", out.display());
    ExitCode::SUCCESS
}
