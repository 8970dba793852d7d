//! `docsite build`: the whole site to a folder, written atomically.

use crate::{assets, report};
use docsite_core::Diagnostics;
use docsite_engine::output::Output;
use docsite_engine::{search, BuildOptions, Builder, Built};
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

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
    };
    let mut built = match builder.build(site, &options) {
        Ok(b) => b,
        Err(diags) => {
            report::failure(&diags);
            return ExitCode::FAILURE;
        }
    };
    let write_start = Instant::now();
    let search_time = match write_with_index(&mut builder, &mut built, out) {
        Ok(t) => t,
        Err(Failure::Write(e)) => {
            eprintln!("error: cannot write {}: {e}", out.display());
            return ExitCode::FAILURE;
        }
        Err(Failure::Index(diags)) => {
            report::failure(&diags);
            return ExitCode::FAILURE;
        }
    };
    built.timings.push(("search (beside write)", search_time));
    built.timings.push(("write", write_start.elapsed()));
    report::summary(&built, start.elapsed());
    eprintln!("wrote {}", out.display());
    ExitCode::SUCCESS
}

enum Failure {
    Write(std::io::Error),
    Index(Diagnostics),
}

/// Writes the pages and makes the search index at the same time (indexing is CPU work, writing
/// mostly waits on the disk); the index files join the staged output before it is published,
/// so a failure on either side leaves `out` as it was. Returns how long indexing took.
fn write_with_index(
    builder: &mut Builder,
    built: &mut Built,
    out: &Path,
) -> Result<Duration, Failure> {
    let (staged, (index, took)) = std::thread::scope(|scope| {
        let index = scope.spawn(|| {
            let start = Instant::now();
            (builder.refresh_search(), start.elapsed())
        });
        let staged = built.output.stage(out);
        (
            staged,
            index.join().expect("the search thread does not panic"),
        )
    });
    let mut staged = staged.map_err(Failure::Write)?;
    let mut files = Output::default();
    search::replace_files(
        &mut files,
        &index.map_err(Failure::Index)?.unwrap_or_default(),
    );
    staged.add(&files).map_err(Failure::Write)?;
    staged.publish().map_err(Failure::Write)?;
    // The summary counts every file of the site, the index's included.
    for (path, bytes) in files.files {
        built.output.insert_shared(path, bytes);
    }
    Ok(took)
}
