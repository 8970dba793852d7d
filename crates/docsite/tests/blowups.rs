//! Pages that multiply work, run through `docsite check` under a time and memory bound: each
//! ends in a clear error or a pass, within 20 seconds and 1 GiB (the issue's bound on this
//! machine), where each once took minutes or gigabytes.

#![cfg(unix)]

use docsite_test_support::{copy_dir, fixture};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const TIME: Duration = Duration::from_secs(20);
const MEMORY: u64 = 1 << 30;

struct Run {
    code: Option<i32>,
    took: Duration,
    peak_bytes: u64,
    stderr: String,
}

/// `docsite check` on a copy of the basic fixture after `edit`, killed past twice the bound
/// (so a regression fails instead of hanging the suite).
fn check_site(edit: impl FnOnce(&Path)) -> Run {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    edit(&site);
    let log = tmp.path().join("stderr");
    let mut child = Command::new(env!("CARGO_BIN_EXE_docsite"))
        .arg("check")
        .arg(&site)
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    let start = Instant::now();
    let (status, usage) = loop {
        let mut status = 0;
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: waits for our own child; the out-pointers are valid for the call.
        let done = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if done == pid {
            break (status, usage);
        }
        if start.elapsed() > TIME * 2 {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running after {:?}", start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Run {
        code: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
        took: start.elapsed(),
        // Linux reports the peak resident set in KiB.
        peak_bytes: usage.ru_maxrss as u64 * 1024,
        stderr: std::fs::read_to_string(log).unwrap_or_default(),
    }
}

fn page(site: &Path, name: &str, body: &str) {
    std::fs::write(
        site.join("docs/guides").join(name),
        format!("---\ntitle: Blow-up\n---\n\n{body}"),
    )
    .unwrap();
}

fn within_bounds(what: &str, run: &Run) {
    assert!(run.took < TIME, "{what}: {:?}", run.took);
    assert!(
        run.peak_bytes < MEMORY,
        "{what}: {} MiB",
        run.peak_bytes >> 20
    );
}

#[test]
fn partials_that_multiply_are_an_error() {
    let run = check_site(|site| {
        // Nine small partials, each showing the next eight times: 8⁸ renders unbounded.
        for i in 0..9 {
            let body = if i < 8 {
                format!(
                    "import P from './_p{}.mdx';\n\n{}",
                    i + 1,
                    "<P />\n\n".repeat(8)
                )
            } else {
                "leaf\n".to_string()
            };
            std::fs::write(site.join(format!("docs/guides/_p{i}.mdx")), body).unwrap();
        }
        page(site, "fan.mdx", "import P from './_p0.mdx';\n\n<P />\n");
    });
    within_bounds("fan-out", &run);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr.contains("shows partials more than 1000 times"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("docs/guides/fan.mdx"), "{}", run.stderr);
}

#[test]
fn colliding_heading_ids_stay_linear() {
    let run = check_site(|site| {
        let mut body: String = (1..=10_000).map(|i| format!("## a-{i}\n\n")).collect();
        body.push_str(&"## a\n\n".repeat(10_000));
        page(site, "headings.md", &body);
    });
    within_bounds("heading ids", &run);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

#[test]
fn one_long_line_of_python_is_not_highlighted_for_minutes() {
    let run = check_site(|site| {
        let line = "\"\\\"\" + ".repeat(150_000); // about 1 MB
        page(site, "long.md", &format!("```python\nx = {line}\n```\n"));
    });
    within_bounds("long line", &run);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

#[test]
fn nested_json_arrays_in_code_are_fine() {
    let run = check_site(|site| {
        let json = format!("{}1{}", "[".repeat(2_000), "]".repeat(2_000));
        page(site, "json.md", &format!("```json\n{json}\n```\n"));
    });
    within_bounds("json", &run);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}
