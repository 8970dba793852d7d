//! `docsite`: build, check and serve the documentation site.

mod assets;
mod build_cmd;
mod check_cmd;
mod mcp_cmd;
mod report;
mod serve_cmd;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "docsite",
    version,
    about = "Build, check and serve the documentation site"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write the complete site to a folder.
    Build {
        /// The site folder (site.yaml, sidebars.yaml, docs/, static/).
        #[arg(default_value = "site")]
        site: PathBuf,
        /// Where to write the output.
        #[arg(short, long, default_value = "build")]
        out: PathBuf,
        /// Use this built frontend folder instead of the one inside the binary.
        #[arg(long)]
        web_dist: Option<PathBuf>,
    },
    /// Run every check of the build without writing anything.
    Check {
        #[arg(default_value = "site")]
        site: PathBuf,
    },
    /// Serve the site from memory, rebuilding and reloading open pages on every change.
    Serve {
        #[arg(default_value = "site")]
        site: PathBuf,
        #[arg(short, long, default_value_t = 3000)]
        port: u16,
        /// The address to listen on.
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        #[arg(long)]
        web_dist: Option<PathBuf>,
        /// Do not watch the site folder.
        #[arg(long)]
        no_watch: bool,
        /// Answer MCP clients (coding agents) at `/mcp`, as site.yaml's `mcp: true` does.
        #[arg(long)]
        mcp: bool,
    },
    /// Answer a coding agent over MCP (standard input and output): search, pages as Markdown,
    /// API entries, the page list.
    Mcp {
        /// A built export (`docsite build` output) or a site folder to build in memory first.
        #[arg(default_value = "build")]
        path: PathBuf,
    },
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Build {
            site,
            out,
            web_dist,
        } => build_cmd::run(&site, &out, web_dist.as_deref()),
        Command::Check { site } => check_cmd::run(&site),
        Command::Serve {
            site,
            port,
            host,
            web_dist,
            no_watch,
            mcp,
        } => serve_cmd::run(
            &site,
            serve_cmd::ServeArgs {
                host: &host,
                port,
                web_dist: web_dist.as_deref(),
                watch: !no_watch,
                mcp,
            },
        ),
        Command::Mcp { path } => mcp_cmd::run(&path),
    }
}

/// jemalloc rather than glibc's allocator: a build allocates and frees many small strings on
/// every thread, and glibc spent about a fifth of a build's CPU time in `malloc` and `free`
/// (jemalloc takes about 20% less user time on a 1,000-page build). Two arenas, because
/// per-thread arenas strand freed memory and raise the peak (the 150 MiB target of a
/// 1,000-page build). The `system-alloc` feature leaves it out, so heap profilers that watch
/// `malloc` (heaptrack) see every allocation.
#[cfg(not(feature = "system-alloc"))]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// jemalloc's options, read at its start (a NUL-terminated C string).
#[cfg(not(feature = "system-alloc"))]
#[export_name = "_rjem_malloc_conf"]
pub static MALLOC_CONF: &[u8; 10] = b"narenas:2\0";
