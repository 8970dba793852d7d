//! `docsite serve`: the site from memory, rebuilt on change; open pages reload themselves.

use crate::{assets, report};
use docsite_engine::output::Output;
use docsite_engine::{llms, search, BuildOptions, Builder};
use docsite_server::mcp::{McpEndpoint, ServedDocs};
use docsite_server::{AppState, Site};
use notify::{RecursiveMode, Watcher};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

pub struct ServeArgs<'a> {
    pub host: &'a str,
    pub port: u16,
    pub web_dist: Option<&'a Path>,
    pub watch: bool,
    /// Answer MCP clients at `/mcp` even when site.yaml does not say `mcp: true`.
    pub mcp: bool,
}

pub fn run(site: &Path, args: ServeArgs) -> ExitCode {
    let ServeArgs {
        host,
        port,
        web_dist,
        watch,
        mcp,
    } = args;
    let frontend = match assets::frontend(web_dist) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: cannot read the frontend: {e}");
            return ExitCode::FAILURE;
        }
    };
    let options = BuildOptions {
        frontend,
        live_reload: watch,
        defer_search: watch,
        defer_llms: watch,
        index_later: false,
        // Without watching, the site is built once.
        once: !watch,
        held_twins_max: None,
    };
    docsite_engine::keep_highlighted_code();
    let changes = if watch { start_watching(site) } else { None };
    let mut builder = Builder::new();
    let start = Instant::now();
    let built = match builder.build(site, &options) {
        Ok(b) => b,
        Err(diags) => {
            report::failure(&diags);
            return ExitCode::FAILURE;
        }
    };
    report::summary(&built, report::files_of(&built), start.elapsed());
    let mcp = (mcp || built.mcp).then_some(built.api_index.clone());
    let served = Site::new(built.output, None);
    let state = AppState::new(served, watch);
    let mcp = mcp.map(|api| mcp_endpoint(&state, api, host));
    precompress_in_background(&state);
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let address = format!("{host}:{port}");
    let listener = match runtime.block_on(tokio::net::TcpListener::bind(&address)) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: cannot listen on {address}: {e}");
            return ExitCode::FAILURE;
        }
    };
    eprintln!("serving http://{address}/");
    if mcp.is_some() {
        eprintln!("MCP server at http://{address}/mcp");
    }
    let (endpoint, docs) = mcp.unzip();
    if let Some(changes) = changes {
        let (state, site, options) = (state.clone(), site.to_path_buf(), options);
        std::thread::spawn(move || {
            rebuild_on_changes(changes, &site, builder, &options, &state, docs)
        });
    }
    let limits = connection_limits();
    let serving = docsite_server::mcp::serve(listener, state, limits, endpoint);
    match runtime.block_on(serving) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: the server stopped: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The connection limit, kept under the process's file descriptors (raised to the hard limit
/// first), with room left for the site's own files and the watcher.
fn connection_limits() -> docsite_server::Limits {
    let defaults = docsite_server::Limits::default();
    let descriptors = raise_open_files_limit();
    docsite_server::Limits {
        max_connections: defaults
            .max_connections
            .min(descriptors.saturating_sub(256) as usize)
            .max(64),
        ..defaults
    }
}

/// Raises the soft limit on open files to the hard one; returns the limit in force.
fn raise_open_files_limit() -> u64 {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct passed to them.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return 1024;
        }
        let wanted = libc::rlimit {
            rlim_cur: limit.rlim_max.min(1 << 20),
            rlim_max: limit.rlim_max,
        };
        if libc::setrlimit(libc::RLIMIT_NOFILE, &wanted) == 0 {
            return wanted.rlim_cur;
        }
    }
    limit.rlim_cur
}

/// The `/mcp` endpoint over the served site. On a loopback address only loopback `Host`
/// names are accepted (a web page cannot reach it by DNS rebinding); a public address takes
/// any, the hosting proxy naming the site.
fn mcp_endpoint(
    state: &Arc<AppState>,
    api: Option<Arc<docsite_core::api::ApiIndex>>,
    host: &str,
) -> (McpEndpoint, Arc<ServedDocs>) {
    let loopback = host
        .parse::<std::net::IpAddr>()
        .map_or(host == "localhost", |ip| ip.is_loopback());
    let allowed = match loopback {
        true => ["localhost", "127.0.0.1", "::1", "[::1]"]
            .map(String::from)
            .to_vec(),
        false => Vec::new(),
    };
    let docs = ServedDocs::new(state.clone(), api);
    (McpEndpoint::new(docs.clone(), allowed), docs)
}

fn precompress_in_background(state: &Arc<AppState>) {
    let site = state.current();
    let state = state.clone();
    std::thread::spawn(move || {
        // The lowest priority, for this thread only (Linux keeps a nice value per thread):
        // a rebuild and the requests come first.
        // SAFETY: setpriority reads no memory; a failure leaves the priority as it was.
        unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, 19) };
        site.precompress(&state.quiet)
    });
}

/// The folders a change in which means a rebuild: everything but the examples' virtual
/// environment, which is large and never shown, and `node_modules` (packages change with
/// `npm install`; restart the server then).
fn watched(site: &Path) -> Vec<(PathBuf, RecursiveMode)> {
    let mut paths = vec![(site.to_path_buf(), RecursiveMode::NonRecursive)];
    // `src` holds the site's components (`@site/src/components/…`); the `versioned_` folders
    // hold the pages and sidebars of a versioned site's released versions.
    for dir in [
        "docs",
        "static",
        "src",
        "versioned_docs",
        "versioned_sidebars",
    ] {
        paths.push((site.join(dir), RecursiveMode::Recursive));
    }
    let examples = site.join("examples");
    paths.push((examples.clone(), RecursiveMode::NonRecursive));
    if let Ok(entries) = std::fs::read_dir(&examples) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            if e.path().is_dir() && !name.starts_with('.') && name != "__pycache__" {
                paths.push((e.path(), RecursiveMode::Recursive));
            }
        }
    }
    paths.into_iter().filter(|(p, _)| p.exists()).collect()
}

/// The longest a rebuild waits for changes to settle after the first one.
const REBUILD_MAX_WAIT: Duration = Duration::from_millis(300);

/// Changed files as the watcher reports them, and the watcher, which must live as long as
/// they are read.
type Changes = (notify::RecommendedWatcher, mpsc::Receiver<Vec<PathBuf>>);

/// Starts watching the site. Called before the first build, so a file saved while it runs
/// is rebuilt after it rather than missed.
fn start_watching(site: &Path) -> Option<Changes> {
    let (tx, rx) = mpsc::channel();
    let mut watcher =
        match notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            if let Ok(e) = event {
                // Reading files for a rebuild raises access events; only changes count.
                let changed = matches!(
                    e.kind,
                    notify::EventKind::Create(_)
                        | notify::EventKind::Modify(_)
                        | notify::EventKind::Remove(_)
                );
                if changed && e.paths.iter().any(|p| relevant(p)) {
                    let _ = tx.send(e.paths);
                }
            }
        }) {
            Ok(w) => w,
            Err(e) => {
                eprintln!("warning: cannot watch for changes: {e}");
                return None;
            }
        };
    for (path, mode) in watched(site) {
        if let Err(e) = watcher.watch(&path, mode) {
            eprintln!("warning: cannot watch {}: {e}", path.display());
        }
    }
    Some((watcher, rx))
}

fn rebuild_on_changes(
    (_watcher, rx): Changes,
    site: &Path,
    mut builder: Builder,
    options: &BuildOptions,
    state: &Arc<AppState>,
    mcp: Option<Arc<ServedDocs>>,
) {
    while let Ok(mut paths) = rx.recv() {
        // Editors write a file in several steps; wait for them to settle, but never longer
        // than REBUILD_MAX_WAIT after the first change, or a file touched without pause
        // would hold every rebuild back.
        let first = Instant::now();
        while first.elapsed() < REBUILD_MAX_WAIT {
            match rx.recv_timeout(Duration::from_millis(30)) {
                Ok(more) => paths.extend(more),
                Err(_) => break,
            }
        }
        // Which files changed: a versioned site builds only the versions they belong to.
        builder.files_changed(paths);
        let start = Instant::now();
        // A page's own panics are its diagnostics already; anything else that panics must not
        // end the watcher: report it and start again from empty caches.
        let attempt = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _quiet = state.quiet.hold();
            builder.build(site, options)
        }));
        let result = attempt.unwrap_or_else(|_| {
            builder = Builder::new();
            Err(docsite_core::Diagnostics(vec![docsite_core::Diagnostic::error(
                "internal error while rebuilding (see the message above); fix the last change and save again",
            )]))
        });
        match result {
            Ok(built) => {
                report::summary(&built, report::files_of(&built), start.elapsed());
                if let Some(docs) = &mcp {
                    docs.set_api(built.api_index.clone());
                }
                let mut output = built.output;
                state.replace(Site::new(output.clone(), Some(&state.current())));
                precompress_in_background(state);
                if built.llms_stale {
                    refresh_llms(&mut builder, &mut output, state);
                }
                if built.search_stale {
                    refresh_search(&mut builder, output, state);
                }
            }
            Err(diags) => {
                report::failure(&diags);
                eprintln!("still serving the last good build");
                state.report_error(diags.to_string());
            }
        }
    }
}

/// Makes `llms.txt` and `llms-full.txt` for the pages just published and swaps them in (until
/// then the last ones are served), without reloading open pages: no page shows them.
fn refresh_llms(builder: &mut Builder, output: &mut Output, state: &Arc<AppState>) {
    let start = Instant::now();
    if let Some(files) = builder.refresh_llms() {
        llms::insert_files(output, &files);
        state.update(Site::new(output.clone(), Some(&state.current())));
        precompress_in_background(state);
        eprintln!(
            "llms.txt and llms-full.txt updated in {:.1} ms",
            start.elapsed().as_secs_f64() * 1e3
        );
    }
}

/// Indexes the pages just published and swaps the new index in, without reloading open pages:
/// the pages themselves did not change again.
fn refresh_search(builder: &mut Builder, mut output: Output, state: &Arc<AppState>) {
    let start = Instant::now();
    match builder.refresh_search() {
        Ok(Some(files)) => {
            search::replace_files(&mut output, &files);
            state.update(Site::new(output, Some(&state.current())));
            eprintln!(
                "search index updated in {:.1} ms",
                start.elapsed().as_secs_f64() * 1e3
            );
        }
        Ok(None) => {}
        Err(diags) => report::failure(&diags),
    }
}

fn relevant(path: &Path) -> bool {
    let s = path.to_string_lossy();
    !(s.contains("__pycache__")
        || s.contains("/.venv")
        || s.ends_with('~')
        || s.ends_with(".swp")
        || s.contains(".pytest_cache"))
}

#[cfg(test)]
mod tests {
    use super::watched;

    /// An edit to a site component (`src/components/…`) rebuilds like an edit to a page.
    #[test]
    fn site_components_are_watched() {
        let site = tempfile::tempdir().unwrap();
        for dir in ["docs", "src/components", "node_modules/pkg"] {
            std::fs::create_dir_all(site.path().join(dir)).unwrap();
        }
        let paths: Vec<_> = watched(site.path()).into_iter().map(|(p, _)| p).collect();
        assert!(paths.contains(&site.path().join("src")), "{paths:?}");
        assert!(paths.contains(&site.path().join("docs")));
        assert!(!paths
            .iter()
            .any(|p| p.starts_with(site.path().join("node_modules"))));
    }
}
