use super::*;

#[cfg(unix)]
#[test]
fn a_path_resolves_as_canonicalize_resolves_it() {
    use std::os::unix::fs::symlink;
    let tmp = tempfile::tempdir().unwrap();
    let (site, outside) = (tmp.path().join("site"), tmp.path().join("outside"));
    std::fs::create_dir_all(site.join("docs/real")).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(site.join("docs/real/a.md"), "a").unwrap();
    std::fs::create_dir_all(site.join("docs/real/sub/deeper")).unwrap();
    std::fs::write(site.join("docs/real/sub/deeper/c.md"), "c").unwrap();
    std::fs::write(outside.join("b.md"), "b").unwrap();
    symlink(&outside, site.join("docs/real/sub/out")).unwrap();
    symlink(site.join("docs/real"), site.join("docs/alias")).unwrap();
    symlink(site.join("docs/real/a.md"), site.join("docs/linked.md")).unwrap();
    symlink(outside.join("b.md"), site.join("docs/real/away.md")).unwrap();
    let folder = SiteFolder::new(&site).unwrap();
    for rel in [
        "docs/real/a.md",
        "docs/alias/a.md",
        "docs/linked.md",
        "docs/real/away.md",
        "docs/alias/../real/./a.md",
        "docs/alias/..",
        "docs/alias/sub/deeper/c.md",
        "docs/real/sub/out/b.md",
        "docs/alias/sub/out/b.md",
    ] {
        let path = site.join(rel);
        // Twice: the second time the folder is known.
        for _ in 0..2 {
            let real = folder.real_path(&path).unwrap();
            assert_eq!(real, path.canonicalize().unwrap(), "{rel}");
        }
    }
    assert!(folder
        .real_path(&site.join("docs/real/missing.md"))
        .is_err());
    for away in ["docs/real/away.md", "docs/alias/sub/out/b.md"] {
        let read = folder.read(&site.join(away), Limit::SETTINGS);
        assert!(matches!(read, Err(ReadError::Outside(_))), "{away}");
    }
}
