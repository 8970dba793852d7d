//! Content written to break the build: every case is an error with file and line, and nothing
//! is written outside the output folder.

mod common;
use common::{break_and_build, only_error, write};
use docsite_engine::{BuildOptions, Builder};
use std::path::Path;

#[test]
fn routes_that_climb_out_are_errors_at_their_line() {
    let cases = [
        ("---\ntitle: X\nslug: /../../../tmp/x/escaped\n---\nx\n", 3),
        ("---\ntitle: X\nslug: ../../x\n---\nx\n", 3),
        ("---\ntitle: X\ndescription: d\nid: ../../x\n---\nx\n", 4),
        ("---\nslug: /a//b\n---\nx\n", 2),
        ("---\nslug: '/a\\..\\b'\n---\nx\n", 2),
    ];
    for (text, line) in cases {
        let d = break_and_build(|r| write(r, "docs/guides/evil.md", text));
        let e = only_error(&d);
        assert!(e.message.contains("route"), "{e}");
        assert!(e.location().contains("docs/guides/evil.md"), "{e}");
        assert_eq!(e.line, line, "{text}: {e}");
    }
}

#[test]
fn code_examples_do_not_follow_symlinks_out_of_examples() {
    let d = break_and_build(|r| {
        let secret = r.join("secret.txt");
        std::fs::write(&secret, "root:x:0:0").unwrap();
        std::os::unix::fs::symlink(&secret, r.join("examples/demo/leak.py")).unwrap();
        write(
            r,
            "docs/guides/leak.md",
            "---\ntitle: L\n---\n\n<CodeExample path=\"demo/leak.py\" />\n",
        );
    });
    let e = only_error(&d);
    assert!(e.message.contains("outside the examples folder"), "{e}");
    assert!(e.location().ends_with("docs/guides/leak.md:5:1"), "{e}");
}

#[test]
fn oversized_pages_and_bad_bytes_are_errors_at_their_line() {
    let d = break_and_build(|r| {
        let big = format!("---\ntitle: B\n---\n\n{}", "word ".repeat(1_000_000));
        write(r, "docs/guides/big.md", big);
    });
    let e = only_error(&d);
    assert!(e.message.contains("over the limit of 4194304"), "{e}");
    assert!(e.hint.as_deref().unwrap().contains("maxPageBytes"), "{e}");
    let d = break_and_build(|r| {
        write(
            r,
            "docs/guides/bin.md",
            b"---\ntitle: B\n---\n\nok\nbad \xff here\n",
        );
    });
    let e = only_error(&d);
    assert!(e.message.contains("not valid UTF-8"), "{e}");
    assert_eq!((e.line, e.column), (6, 5), "{e}");
    let d = break_and_build(|r| write(r, "docs/guides/nul.md", "---\ntitle: N\n---\n\na\0b\n"));
    let e = only_error(&d);
    assert!(e.message.contains("NUL"), "{e}");
    assert_eq!(e.line, 5, "{e}");
    let d = break_and_build(|r| {
        write(
            r,
            "docs/guides/brackets.md",
            format!("---\ntitle: K\n---\n\n{}\n", "[".repeat(50_000)),
        )
    });
    assert!(only_error(&d).message.contains("`[` open at once"), "{d}");
}

#[test]
fn a_byte_order_mark_before_front_matter_is_accepted() {
    let tmp = common::copy_fixture("basic");
    write(
        tmp.path(),
        "docs/guides/bom.md",
        "\u{feff}---\ntitle: With BOM\n---\n\nHello.\n",
    );
    let built = Builder::new()
        .build(tmp.path(), &BuildOptions::default())
        .unwrap();
    let html = String::from_utf8_lossy(built.output.get("guides/bom/index.html").unwrap());
    assert!(html.contains("<title>With BOM"), "front matter was read");
}

#[test]
fn the_export_carries_its_own_security_policy() {
    let tmp = common::copy_fixture("basic");
    let built = Builder::new()
        .build(tmp.path(), &BuildOptions::default())
        .unwrap();
    for (path, bytes) in &built.output.files {
        if path.ends_with(".html") {
            let html = String::from_utf8_lossy(bytes);
            assert!(
                html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; script-src 'self'"),
                "{path}"
            );
        }
    }
    let headers = String::from_utf8_lossy(built.output.get("_headers").unwrap()).to_string();
    assert!(headers.contains("Content-Security-Policy: default-src 'self'"));
    assert!(headers.contains(
        "/*.svg\n  ! Content-Security-Policy\n  Content-Security-Policy: default-src 'none'"
    ));
    assert!(headers.contains("X-Content-Type-Options: nosniff"));
    // Frames (sandboxed by the Markdown writer) and media may come from https sites; scripts
    // never do.
    let policy = docsite_engine::security::content_security_policy();
    let directive = |name: &str| {
        policy
            .split("; ")
            .find_map(|d| d.strip_prefix(name)?.strip_prefix(' '))
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(directive("frame-src"), "https:");
    assert_eq!(directive("media-src"), "'self' https:");
    assert!(!directive("script-src").contains("https:"), "{policy}");
}

#[test]
fn symlinked_pages_and_inverted_toc_levels_are_reported() {
    let d = break_and_build(|r| {
        std::os::unix::fs::symlink("/etc/hostname", r.join("docs/guides/linked.md")).unwrap();
    });
    let e = only_error(&d);
    assert!(e.message.contains("symbolic link"), "{e}");
    assert!(e.location().contains("docs/guides/linked.md"), "{e}");
    let d = break_and_build(|r| {
        write(
            r,
            "docs/guides/toc.md",
            "---\ntitle: T\ntoc_min_heading_level: 4\ntoc_max_heading_level: 2\n---\nx\n",
        )
    });
    let e = only_error(&d);
    assert!(e.message.contains("toc_min_heading_level (4)"), "{e}");
    assert_eq!(e.line, 3, "{e}");
}

/// `deploy/nginx.conf` is the nginx form of the export's headers; it must match the policy the
/// engine ships. `UPDATE_DEPLOY=1` writes it again.
#[test]
fn the_nginx_snippet_is_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../deploy/nginx.conf");
    let expected = docsite_engine::security::nginx_snippet();
    if std::env::var_os("UPDATE_DEPLOY").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &expected).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        committed, expected,
        "run UPDATE_DEPLOY=1 cargo test -p docsite-engine --test hostile"
    );
}

#[test]
fn pages_and_scripts_next_to_pages_are_never_served() {
    let tmp = common::copy_fixture("basic");
    write(
        tmp.path(),
        "docs/guides/evil.html",
        "<script>alert(1)</script>",
    );
    write(tmp.path(), "docs/guides/evil.js", "alert(1)");
    write(
        tmp.path(),
        "docs/guides/Widget.tsx",
        "export default () => null;",
    );
    write(tmp.path(), "docs/guides/chart.png", "png");
    let built = Builder::new()
        .build(tmp.path(), &BuildOptions::default())
        .unwrap();
    let served: Vec<&String> = built
        .output
        .files
        .keys()
        .filter(|p| p.starts_with("assets/"))
        .collect();
    assert!(
        served.iter().any(|p| p.starts_with("assets/images/chart-")),
        "{served:?}"
    );
    assert!(
        served
            .iter()
            .all(|p| !p.ends_with(".html") && !p.ends_with(".js") && !p.ends_with(".tsx")),
        "{served:?}"
    );
    // A link to one is a broken link, with its line.
    let d = break_and_build(|r| {
        write(r, "docs/guides/evil.html", "<script>alert(1)</script>");
        write(r, "docs/guides/linker.md", "# L\n\n[open](./evil.html)\n");
    });
    let e = only_error(&d);
    assert!(e.message.contains("evil.html"), "{e}");
    assert_eq!(e.line, 3, "{e}");
}

/// A file in a folder of its own outside the site, for a link to point at; the folder lives as
/// long as the guard.
fn outside(name: &str, text: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

/// Replaces a file or folder of the site with a symbolic link to `target`.
fn link(root: &Path, rel: &str, target: &Path) {
    let at = root.join(rel);
    if at.is_dir() {
        std::fs::remove_dir_all(&at).unwrap();
    } else if at.exists() {
        std::fs::remove_file(&at).unwrap();
    }
    std::os::unix::fs::symlink(target, at).unwrap();
}

/// Replaces a file of the site with a FIFO (a named pipe: opening it for reading waits for a
/// writer that never comes).
fn fifo(root: &Path, rel: &str) {
    let at = root.join(rel);
    std::fs::create_dir_all(at.parent().unwrap()).unwrap();
    let _ = std::fs::remove_file(&at);
    let name = std::ffi::CString::new(at.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o644) }, 0);
}

/// Builds a broken copy of the `basic` fixture on a thread of its own: a build that hangs
/// fails the test instead of holding it up.
fn fails_within(secs: u64, edit: impl FnOnce(&Path)) -> docsite_core::Diagnostics {
    let tmp = common::copy_fixture("basic");
    edit(tmp.path());
    let root = tmp.path().to_path_buf();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || tx.send(common::fails(&root)));
    let d = rx
        .recv_timeout(std::time::Duration::from_secs(secs))
        .expect("the build does not hang");
    drop(tmp);
    d
}

const PASSWD: &str = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin\n";

#[test]
fn settings_files_are_not_read_through_links_that_leave_the_site() {
    let (_keep, secret) = outside("passwd", PASSWD);
    let (_keep_yaml, yaml) = outside("category.yml", "label: Leaked label\n");
    for file in [
        "docs/tutorials/first/_category_.yml",
        "sidebars.yaml",
        "site.yaml",
    ] {
        for target in [&secret, &yaml] {
            let d = fails_within(20, |r| link(r, file, target));
            let e = only_error(&d);
            assert!(e.message.contains("outside the site folder"), "{e}");
            assert!(e.location().ends_with(file), "{e}");
            let all = d.to_string();
            assert!(!all.contains("root:x") && !all.contains("Leaked"), "{all}");
        }
    }
    // A link that stays inside the site folder is read.
    let tmp = common::copy_fixture("basic");
    write(tmp.path(), "shared/first.yml", "label: Shared label\n");
    let target = Path::new("../../../shared/first.yml");
    link(tmp.path(), "docs/tutorials/first/_category_.yml", target);
    let built = common::build(tmp.path());
    assert!(common::text(&built, "_site/site.json").contains("Shared label"));
}

#[test]
fn files_of_the_site_that_are_links_out_of_it_are_errors() {
    let (_keep, secret) = outside("passwd", PASSWD);
    for file in [
        "static/leak.txt",
        "docs/guides/leak.txt",
        "examples/demo/leak.py",
        "api/dagster.json",
    ] {
        let d = fails_within(20, |r| {
            std::fs::create_dir_all(r.join(file).parent().unwrap()).unwrap();
            link(r, file, &secret);
            if file.starts_with("examples/") {
                write(
                    r,
                    "docs/guides/leaky.md",
                    "---\ntitle: L\n---\n\n<CodeExample path=\"demo/leak.py\" />\n",
                );
            }
        });
        let all = d.to_string();
        assert!(all.contains("outside the"), "{file}: {all}");
        assert!(!all.contains("root:x"), "{all}");
    }
}

#[test]
fn special_files_are_refused_without_waiting_on_them() {
    for (file, location) in [
        ("docs/tutorials/first/_category_.yml", None),
        ("sidebars.yaml", None),
        ("site.yaml", None),
        ("static/feed.txt", None),
        ("docs/guides/pipe.png", None),
        ("api/pipe.json", None),
        ("examples/demo/pipe.py", Some("docs/guides/piped.md:5:1")),
    ] {
        let d = fails_within(20, |r| {
            fifo(r, file);
            if location.is_some() {
                write(
                    r,
                    "docs/guides/piped.md",
                    "---\ntitle: P\n---\n\n<CodeExample path=\"demo/pipe.py\" />\n",
                );
            }
        });
        let e = only_error(&d);
        assert!(e.message.contains("not a regular file"), "{file}: {e}");
        assert!(e.location().contains(location.unwrap_or(file)), "{e}");
    }
    // A link to a device leaves the site: refused before anything is read.
    let d = fails_within(20, |r| {
        link(
            r,
            "docs/tutorials/first/_category_.yml",
            Path::new("/dev/zero"),
        )
    });
    assert!(
        only_error(&d).message.contains("outside the site folder"),
        "{d}"
    );
}

#[test]
fn files_over_their_limit_are_refused_naming_it() {
    let big = format!("label: Big\ndescription: {}\n", "x".repeat(2 << 20));
    let d = fails_within(20, |r| {
        write(r, "docs/tutorials/first/_category_.yml", &big)
    });
    let e = only_error(&d);
    assert!(e.message.contains("over the limit of 1048576"), "{e}");
    assert!(e.location().ends_with("_category_.yml"), "{e}");
    let d = fails_within(20, |r| {
        let site = std::fs::read_to_string(r.join("site.yaml")).unwrap();
        write(r, "site.yaml", format!("{site}maxAssetBytes: 1000\n"));
        write(r, "static/big.bin", vec![b'x'; 2000]);
    });
    let e = only_error(&d);
    assert!(e.message.contains("over the limit of 1000"), "{e}");
    assert!(
        e.hint.as_deref().unwrap_or("").contains("maxAssetBytes"),
        "{e}"
    );
    assert!(e.location().ends_with("static/big.bin"), "{e}");
    let d = fails_within(20, |r| {
        write(r, "examples/demo/big.py", "x = 1\n".repeat(1 << 20));
        write(
            r,
            "docs/guides/big.md",
            "---\ntitle: B\n---\n\n<CodeExample path=\"demo/big.py\" />\n",
        );
    });
    let e = only_error(&d);
    assert!(e.message.contains("over the limit of 4194304"), "{e}");
    assert!(e.location().ends_with("docs/guides/big.md:5:1"), "{e}");
}

#[test]
fn top_folders_that_are_links_out_of_the_site_are_errors() {
    for folder in ["examples", "static", "docs", "api"] {
        let (keep, _) = outside("passwd", PASSWD);
        write(keep.path(), "index.md", "# Outside\n");
        let d = fails_within(20, |r| {
            std::fs::create_dir_all(r.join(folder)).unwrap();
            link(r, folder, keep.path());
            write(
                r,
                "docs/guides/leak.md",
                "---\ntitle: L\n---\n\n<CodeExample path=\"passwd\" />\n",
            );
        });
        let e = only_error(&d);
        assert!(
            e.message.contains("outside the site folder"),
            "{folder}: {e}"
        );
        assert!(e.location().ends_with(folder), "{e}");
        assert!(!d.to_string().contains("root:x"), "{d}");
    }
    // A top folder linked to a folder inside the site is read.
    let tmp = common::copy_fixture("basic");
    std::fs::rename(tmp.path().join("examples"), tmp.path().join("code")).unwrap();
    link(tmp.path(), "examples", Path::new("code"));
    let built = common::build(tmp.path());
    assert!(common::text(&built, "start-here/index.html").contains("numbers"));
}

/// Folders nested 1,500 deep once grew output and memory as the cube of the depth.
#[test]
fn folders_nested_too_deep_are_an_error_naming_the_folder() {
    let nested = |depth: usize| "d/".repeat(depth);
    let d = fails_within(60, |r| {
        write(r, &format!("docs/{}page.md", nested(1500)), "# P\n")
    });
    let e = only_error(&d);
    assert!(e.message.contains("more than 32 folders deep"), "{e}");
    assert!(
        e.location()
            .ends_with(&format!("docs/{}", nested(33).trim_end_matches('/'))),
        "{e}"
    );
    // At the limit, a generated index page per folder and breadcrumbs through all of them.
    let tmp = common::copy_fixture("basic");
    write(tmp.path(), &format!("docs/{}page.md", nested(32)), "# P\n");
    let built = common::build(tmp.path());
    assert!(
        built.output.total_bytes() < 64 << 20,
        "{}",
        built.output.total_bytes()
    );
}

#[test]
fn routes_that_name_the_engines_files_are_errors_at_their_line() {
    let slugs = [
        "/sitemap.xml",
        "/llms.txt",
        "/llms-full.txt",
        "/robots.txt",
        "/_headers",
        "/404.html",
        "/_redirects",
        "/nginx-redirects.conf",
        "/_site/site.json",
        "/_site/search/pagefind.js",
        "/_site",
        "/assets/index.js",
        "/robots.txt/deeper",
    ];
    for slug in slugs {
        let d = break_and_build(|r| {
            write(
                r,
                "docs/guides/evil.md",
                format!("---\ntitle: X\nslug: {slug}\n---\nx\n"),
            )
        });
        let e = only_error(&d);
        assert!(e.message.contains("the engine's"), "{slug}: {e}");
        assert!(
            e.location().contains("docs/guides/evil.md:3"),
            "{slug}: {e}"
        );
    }
}

#[test]
fn a_page_whose_output_meets_another_file_is_an_error_at_its_line() {
    // The twin of `/start-here` is `start-here.md`; the home page's document is `index.html`; a
    // static file cannot also be a page's folder.
    let cases = [
        ("/start-here.md", "start-here.md"),
        ("/index.html", "index.html"),
        ("/images/logo.svg", "static/images/logo.svg"),
        ("/images/logo.svg/x", "static/images/logo.svg"),
    ];
    for (slug, named) in cases {
        let d = break_and_build(|r| {
            write(
                r,
                "docs/guides/evil.md",
                format!("---\ntitle: X\nslug: {slug}\n---\nx\n"),
            )
        });
        let e = only_error(&d);
        assert!(e.message.contains(named), "{slug}: {e}");
        assert!(
            e.location().contains("docs/guides/evil.md:3"),
            "{slug}: {e}"
        );
    }
}

#[test]
fn content_and_sidebar_html_cannot_take_the_apps_ids() {
    let d = break_and_build(|r| {
        write(
            r,
            "docs/guides/evil.md",
            "---\ntitle: X\n---\n\n<div id=\"__docsite-data\">{}</div>\n",
        )
    });
    let e = only_error(&d);
    assert!(e.message.contains("reserved for the reading app"), "{e}");
    assert!(e.location().contains("docs/guides/evil.md:5"), "{e}");
    let d = break_and_build(|r| {
        common::replace_in(
            &r.join("sidebars.yaml"),
            "dagsterPlus:\n",
            "dagsterPlus:\n  - {type: html, value: '<div id=\"__docsite-content\">x</div>'}\n",
        )
    });
    let e = only_error(&d);
    assert!(e.message.contains("reserved for the reading app"), "{e}");
    assert!(e.location().contains("sidebars.yaml"), "{e}");
}

#[test]
fn script_urls_in_site_yaml_and_sidebars_are_errors_naming_the_item() {
    let cases = [
        (
            "site.yaml",
            "    - {label: Home, href: /}\n",
            "    - {label: Home, href: /}\n    - {label: Evil, href: 'javascript:alert(1)'}\n",
            "footer link `Evil`",
        ),
        (
            "site.yaml",
            "navbar:\n",
            "navbar:\n  - {label: Evil, to: ' JavaScript:alert(1)'}\n",
            "navbar item `Evil`",
        ),
        (
            "site.yaml",
            "editUrl: https://git.example/edit/main/docs/\n",
            "editUrl: 'javascript:alert(1)//'\n",
            "`editUrl`",
        ),
        (
            "site.yaml",
            "tagline:",
            "logo: {src: 'data:image/svg+xml,x', alt: L}\ntagline:",
            "`logo`",
        ),
        (
            "sidebars.yaml",
            "    href: https://github.com/dagster-io/dagster\n",
            "    href: vbscript:msgbox(1)\n",
            "link item `Dagster on GitHub`",
        ),
    ];
    for (file, from, to, item) in cases {
        let d = break_and_build(|r| common::replace_in(&r.join(file), from, to));
        let e = only_error(&d);
        assert!(e.message.contains(item), "{item}: {e}");
        assert!(e.message.contains("scheme"), "{item}: {e}");
        assert!(e.location().contains(file), "{item}: {e}");
        assert!(e.line > 1, "{item}: {e}");
    }
}

#[test]
fn a_bom_in_site_yaml_is_read_and_bad_utf8_in_sidebars_is_named() {
    let tmp = common::copy_fixture("basic");
    let site_yaml = tmp.path().join("site.yaml");
    let text = std::fs::read(&site_yaml).unwrap();
    std::fs::write(&site_yaml, [b"\xEF\xBB\xBF".as_slice(), &text].concat()).unwrap();
    Builder::new()
        .build(tmp.path(), &BuildOptions::default())
        .expect("site.yaml with a BOM is read");
    let d = break_and_build(|r| {
        let path = r.join("sidebars.yaml");
        let text = std::fs::read(&path).unwrap();
        std::fs::write(&path, [text.as_slice(), b"# caf\xE9\n"].concat()).unwrap();
    });
    let e = only_error(&d);
    assert!(e.message.contains("not valid UTF-8"), "{e}");
    assert!(e.location().contains("sidebars.yaml"), "{e}");
    assert!(e.line > 1, "{e}");
}
