//! `docsite build`: the whole site to a folder, written atomically.

use crate::{assets, report};
use docsite_core::Diagnostics;
use docsite_engine::{BuildOptions, Builder, Failure};
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
    let outside_content = docsite_engine::load::site_folder::SiteFolder::new(site)
        .and_then(|folder| folder.check_output_folder(out));
    if let Err(d) = outside_content {
        report::failure(&Diagnostics(vec![d]));
        return ExitCode::FAILURE;
    }
    eprintln!("building {} …", site.display());
    let mut builder = Builder::new();
    let options = BuildOptions {
        frontend,
        live_reload: false,
        defer_search: false,
        defer_llms: false,
        index_later: true,
        once: true,
        held_twins_max: None,
    };
    let (built, wrote) = match builder.build_to(site, &options, out) {
        Ok(b) => b,
        Err(Failure::Build(diags)) => {
            report::failure(&diags);
            return ExitCode::FAILURE;
        }
        Err(Failure::Write(e)) => {
            eprintln!("error: cannot write {}: {e}", out.display());
            return ExitCode::FAILURE;
        }
    };
    report::summary(&built, (wrote.files, wrote.bytes), start.elapsed());
    eprintln!("wrote {}", out.display());
    ExitCode::SUCCESS
}
