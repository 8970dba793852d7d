//! `docsite build`'s whole run: build the site, write it to a folder and make the search index
//! while the pages are written, then publish it in one step (see `output::staged`).
//!
//! The pages' files are written as they are made, and a versioned site's other files as each
//! version is built (`output::stream`), so the build never holds the whole output at once. The
//! search index is made as the pages come too (`search::StreamedIndex`): a site of one
//! version's as its pages are made, a versioned site's as each version is built. A failure
//! anywhere, a conflict between two versions included, leaves the folder as it was.

use crate::llms::LlmsFullLater;
use crate::output::{Output, Stream, Written};
use crate::search::{SearchFiles, StreamedIndex};
use crate::{search, versions, BuildOptions, Builder, Built};
use docsite_core::Diagnostics;
use std::io;
use std::path::Path;
use std::time::Instant;

/// Why [`Builder::build_to`] wrote nothing.
#[derive(Debug)]
pub enum Failure {
    /// The site has errors.
    Build(Diagnostics),
    /// The folder could not be written.
    Write(io::Error),
}

/// Makes each `llms-full.txt` from the twins just written, and stages it.
fn add_llms_full(written: &mut Written, files: &[LlmsFullLater]) -> io::Result<()> {
    for file in files {
        let bytes = file.make(|path| written.staged.read(path))?;
        written.files += 1;
        written.bytes += bytes.len() as u64;
        let mut output = Output::default();
        output.insert(file.path.clone(), bytes);
        written.staged.add(&output)?;
    }
    Ok(())
}

/// What [`Builder::build_to`] wrote.
#[derive(Debug, Clone, Copy)]
pub struct Wrote {
    pub files: usize,
    pub bytes: u64,
}

impl Builder {
    /// Builds the site at `root` and publishes it to `out`. `options.index_later` is implied:
    /// the index is made while the last files are written.
    pub fn build_to(
        &mut self,
        root: &Path,
        options: &BuildOptions,
        out: &Path,
    ) -> Result<(Built, Wrote), Failure> {
        let options = BuildOptions {
            index_later: true,
            ..options.clone()
        };
        let stream = Stream::start(out).map_err(Failure::Write)?;
        let mut index = StreamedIndex::default();
        let mut built = match self.build_with(root, &options, Some((&stream, &mut index))) {
            Ok(built) => built,
            // A build stopped by the writer reports the writer's error.
            Err(diagnostics) => {
                return Err(match stream.finish() {
                    Err(e) => Failure::Write(e),
                    Ok(_) => Failure::Build(diagnostics),
                })
            }
        };
        let built_at = Instant::now();
        let rest = std::mem::take(&mut built.output);
        let (sent, index, took) = std::thread::scope(|scope| {
            let index = scope.spawn(|| {
                let start = Instant::now();
                (self.finish_index(index), start.elapsed())
            });
            let sent = stream.send("the site", rest);
            let (index, took) = index.join().expect("the search thread does not panic");
            (sent, index, took)
        });
        let index = index.map_err(Failure::Build)?;
        let mut files = Output::default();
        search::replace_files(&mut files, &index.unwrap_or_default());
        let sent = sent.and_then(|()| stream.send("the search index", files));
        // The writer's own error, when it stopped, says more than the failed send.
        let mut written = match (sent, stream.finish()) {
            (_, Err(e)) | (Err(e), Ok(_)) => return Err(Failure::Write(e)),
            (Ok(()), Ok(written)) => written,
        };
        if !written.conflicts.is_empty() {
            let conflicts = written.conflicts.iter();
            return Err(Failure::Build(Diagnostics(
                conflicts
                    .map(|c| versions::merge::conflict(&c.path, &c.first, &c.second))
                    .collect(),
            )));
        }
        let llms_start = Instant::now();
        add_llms_full(&mut written, &built.llms_full_later).map_err(Failure::Write)?;
        let llms_took = llms_start.elapsed();
        let wrote = Wrote {
            files: written.files,
            bytes: written.bytes,
        };
        written.staged.publish().map_err(Failure::Write)?;
        built.timings.push(("search (beside write)", took));
        built.timings.push(("write", built_at.elapsed()));
        built.timings.push(("llms-full (in write)", llms_took));
        Ok((built, wrote))
    }

    /// The search files: those of the index the build fed as its pages were made, else an
    /// index made now.
    fn finish_index(&mut self, index: StreamedIndex) -> Result<Option<SearchFiles>, Diagnostics> {
        match index.finish()? {
            Some(files) => Ok(Some(files)),
            None => self.refresh_search(),
        }
    }
}
