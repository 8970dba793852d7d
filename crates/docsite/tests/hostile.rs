//! Hostile pages against the `docsite` command: errors, not crashes, and `serve` keeps going.

mod common;

use common::{docsite, fixture_copy, get, wait_for, Server};
use std::time::Duration;

/// Two inputs that make markdown-rs panic (both open upstream).
const PANICS: [&str; 2] = ["s<>\n-\n", "a\n-\n--\nb\n-\n"];

#[test]
fn parser_panics_are_diagnostics_and_the_run_reports_every_error() {
    let tmp = fixture_copy();
    let site = tmp.path().join("site");
    std::fs::write(
        site.join("docs/guides/p1.md"),
        format!("---\ntitle: P\n---\n\nfine\n\n{}", PANICS[0]),
    )
    .unwrap();
    std::fs::write(
        site.join("docs/guides/p2.md"),
        format!("---\ntitle: Q\n---\n{}", PANICS[1]),
    )
    .unwrap();
    std::fs::write(
        site.join("docs/guides/p3.md"),
        "---\ntitle: R\n---\n\n<Nope />\n",
    )
    .unwrap();
    for cmd in ["check", "build"] {
        let mut command = docsite();
        command.arg(cmd).arg(&site);
        if cmd == "build" {
            command.arg("-o").arg(tmp.path().join("out"));
        }
        let r = command.output().unwrap();
        let stderr = String::from_utf8_lossy(&r.stderr);
        assert_eq!(r.status.code(), Some(1), "{cmd}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(stderr.contains("internal parser error"), "{stderr}");
        assert!(stderr.contains("docs/guides/p1.md:8"), "{stderr}");
        assert!(stderr.contains("docs/guides/p2.md:"), "{stderr}");
        assert!(stderr.contains("unknown component `<Nope>`"), "{stderr}");
    }
}

#[test]
fn serve_keeps_watching_after_a_parser_panic() {
    let tmp = fixture_copy();
    let site = tmp.path().join("site");
    let server = Server::start(&site);
    let page = site.join("docs/guides/zeta.md");
    std::fs::write(&page, format!("---\ntitle: Z\n---\n\n{}", PANICS[0])).unwrap();
    let mut seen = Vec::new();
    assert!(wait_for(10, || {
        seen.extend(server.lines.try_iter());
        seen.iter().any(|l| l.contains("internal parser error"))
    }));
    std::fs::write(&page, "---\ntitle: Z\n---\n\nZeta, mended.\n").unwrap();
    assert!(
        wait_for(10, || get(server.port, "/guides/zeta")
            .contains("Zeta, mended.")),
        "a later edit is rebuilt and served"
    );
}

#[test]
fn a_file_touched_without_pause_does_not_hold_rebuilds_back() {
    let tmp = fixture_copy();
    let site = tmp.path().join("site");
    let server = Server::start(&site);
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let toucher = {
        let (stop, noisy) = (stop.clone(), site.join("docs/start-here.md"));
        let text = std::fs::read_to_string(&noisy).unwrap();
        std::thread::spawn(move || {
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let _ = std::fs::write(&noisy, &text);
                std::thread::sleep(Duration::from_millis(20));
            }
        })
    };
    std::thread::sleep(Duration::from_millis(300));
    let page = site.join("docs/guides/zeta.md");
    let text = std::fs::read_to_string(&page).unwrap();
    std::fs::write(&page, text.replace("Zeta content.", "Zeta while busy.")).unwrap();
    let served = wait_for(8, || {
        get(server.port, "/guides/zeta").contains("Zeta while busy.")
    });
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    toucher.join().unwrap();
    assert!(
        served,
        "the change is served while another file keeps changing"
    );
}

/// `check` and `build` find the same errors, each naming its file and line; `build` writes
/// nothing then.
#[test]
fn check_and_build_agree_on_routes_and_urls_of_the_engine() {
    let cases: [(&str, &str, &str); 3] = [
        (
            "docs/guides/sitemap.md",
            "---\ntitle: S\nslug: /sitemap.xml\n---\nx\n",
            "docs/guides/sitemap.md:3",
        ),
        (
            "docs/guides/search.md",
            "---\ntitle: S\nslug: /_site/search/pagefind.js\n---\nx\n",
            "docs/guides/search.md:3",
        ),
        ("site.yaml", "", "site.yaml:"),
    ];
    for (file, text, place) in cases {
        let tmp = fixture_copy();
        let site = tmp.path().join("site");
        if text.is_empty() {
            let yaml = std::fs::read_to_string(site.join(file)).unwrap();
            let yaml = yaml.replace("href: /}", "href: 'javascript:alert(1)'}");
            std::fs::write(site.join(file), yaml).unwrap();
        } else {
            std::fs::write(site.join(file), text).unwrap();
        }
        let mut outputs = Vec::new();
        for cmd in ["check", "build"] {
            let mut command = docsite();
            command.arg(cmd).arg(&site);
            if cmd == "build" {
                command.arg("-o").arg(tmp.path().join("out"));
            }
            let r = command.output().unwrap();
            let stderr = String::from_utf8_lossy(&r.stderr).to_string();
            assert_eq!(r.status.code(), Some(1), "{cmd}: {stderr}");
            assert!(stderr.contains(place), "{cmd}: {stderr}");
            let errors: Vec<String> = stderr
                .lines()
                .filter(|l| l.starts_with("error"))
                .map(String::from)
                .collect();
            outputs.push(errors);
        }
        assert_eq!(outputs[0], outputs[1], "{file}");
        assert!(!tmp.path().join("out").exists(), "{file}");
    }
}

/// An output folder inside the site's content would be read back as content by the next build
/// (its HTML files served as files next to pages, its `.md` twins as pages).
#[test]
fn an_output_folder_inside_the_content_folders_is_refused() {
    let tmp = fixture_copy();
    let site = tmp.path().join("site");
    std::fs::create_dir_all(site.join("docs/guides/linked")).unwrap();
    std::os::unix::fs::symlink(site.join("docs/guides"), tmp.path().join("into-docs")).unwrap();
    for (out, folder) in [
        (site.join("docs/out"), "docs"),
        (site.join("static/build/site"), "static"),
        (site.join("examples"), "examples"),
        (tmp.path().join("into-docs/out"), "docs"),
    ] {
        let r = docsite()
            .arg("build")
            .arg(&site)
            .arg("-o")
            .arg(&out)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&r.stderr);
        assert_eq!(r.status.code(), Some(1), "{}: {stderr}", out.display());
        assert!(
            stderr.contains(&format!("is inside the site's `{folder}` folder")),
            "{stderr}"
        );
        assert!(!out.join("index.html").exists(), "nothing is written");
    }
    // Beside the content folders, in the site folder, is fine.
    let r = docsite()
        .arg("build")
        .arg(&site)
        .arg("-o")
        .arg(site.join("build"))
        .output()
        .unwrap();
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
}
