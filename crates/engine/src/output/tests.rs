//! Tests of the output map and of writing it whole.

use super::staged::{remove_folder, spare_of};
use super::*;

#[test]
fn paths_of_routes() {
    assert_eq!(html_path("/"), "index.html");
    assert_eq!(html_path("/a/b"), "a/b/index.html");
    assert_eq!(json_path("/"), "_site/pages/index.json");
    assert_eq!(json_path("/a/b"), "_site/pages/a/b.json");
}

#[test]
#[cfg(unix)]
fn removing_a_folder_removes_links_but_not_what_they_point_to() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("old");
    let outside = tmp.path().join("keep");
    std::fs::create_dir_all(folder.join("a/b")).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("x.txt"), "x").unwrap();
    std::fs::write(folder.join("a/b/page.html"), "p").unwrap();
    std::fs::write(folder.join("top.txt"), "t").unwrap();
    std::os::unix::fs::symlink(&outside, folder.join("link")).unwrap();
    std::os::unix::fs::symlink(&outside, folder.join("a/link")).unwrap();
    remove_folder(&folder);
    assert!(!folder.exists());
    assert_eq!(std::fs::read_to_string(outside.join("x.txt")).unwrap(), "x");
    // The folder itself a link: the link goes, what it points to stays.
    let link = tmp.path().join("old-link");
    std::os::unix::fs::symlink(&outside, &link).unwrap();
    remove_folder(&link);
    assert!(std::fs::symlink_metadata(&link).is_err());
    assert_eq!(std::fs::read_to_string(outside.join("x.txt")).unwrap(), "x");
}

#[test]
fn stale_staging_folders_are_cleaned_up() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("build");
    let stale = tmp.path().join(".build.tmp-999999");
    std::fs::create_dir_all(stale.join("a")).unwrap();
    std::fs::create_dir_all(tmp.path().join(".other.tmp-1")).unwrap();
    let mut o = Output::default();
    o.insert("x.txt", "x");
    o.write_atomically(&out).unwrap();
    assert!(!stale.exists());
    assert!(
        tmp.path().join(".other.tmp-1").exists(),
        "only this output's leftovers"
    );
}

#[test]
#[cfg(unix)]
fn unchanged_files_are_linked_from_the_output_they_replace() {
    use std::os::unix::fs::MetadataExt;
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("build");
    let mut first = Output::default();
    first.insert("same/index.html", "same");
    first.insert("changed/index.html", "before");
    first.insert("linked.txt", "secret");
    first.write_atomically(&out).unwrap();
    let inode = |p: &str| std::fs::metadata(out.join(p)).unwrap().ino();
    let (same, changed) = (inode("same/index.html"), inode("changed/index.html"));
    // A symbolic link left in the output is never carried over, even to equal bytes.
    let elsewhere = tmp.path().join("elsewhere.txt");
    std::fs::write(&elsewhere, "secret").unwrap();
    std::fs::remove_file(out.join("linked.txt")).unwrap();
    std::os::unix::fs::symlink(&elsewhere, out.join("linked.txt")).unwrap();

    let mut second = Output::default();
    second.insert("same/index.html", "same");
    second.insert("changed/index.html", "after!");
    second.insert("linked.txt", "secret");
    second.write_atomically(&out).unwrap();
    assert_eq!(
        inode("same/index.html"),
        same,
        "an unchanged file is reused"
    );
    assert_ne!(inode("changed/index.html"), changed);
    assert_eq!(
        std::fs::read_to_string(out.join("changed/index.html")).unwrap(),
        "after!"
    );
    let linked = std::fs::symlink_metadata(out.join("linked.txt")).unwrap();
    assert!(linked.is_file(), "written anew, not the link");
    assert_eq!(std::fs::read_to_string(&elsewhere).unwrap(), "secret");
}

#[test]
fn a_staged_output_takes_added_files_and_an_abandoned_one_leaves_out_as_it_was() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("build");
    let mut first = Output::default();
    first.insert("page.html", "old");
    first.write_atomically(&out).unwrap();

    let mut pages = Output::default();
    pages.insert("page.html", "new");
    pages.insert("new/folder/page.html", "new");
    let abandoned = pages.stage(&out).unwrap();
    drop(abandoned);
    assert_eq!(
        std::fs::read_to_string(out.join("page.html")).unwrap(),
        "old"
    );
    assert_eq!(
        listing(tmp.path()),
        ["build", "build/.docsite-output", "build/page.html"],
        "an abandoned stage removes what it wrote"
    );

    let mut staged = pages.stage(&out).unwrap();
    let mut index = Output::default();
    index.insert("_site/search/index.pf", "idx");
    staged.add(&index).unwrap();
    staged.publish().unwrap();
    assert_eq!(
        std::fs::read_to_string(out.join("page.html")).unwrap(),
        "new"
    );
    assert_eq!(
        std::fs::read_to_string(out.join("_site/search/index.pf")).unwrap(),
        "idx"
    );
    assert!(out.join(MARKER).exists());
}

#[test]
fn refuses_paths_that_leave_the_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("a/build");
    std::fs::create_dir_all(tmp.path().join("a")).unwrap();
    for bad in [
        "../escaped.txt",
        "/tmp/x",
        "x/../../y",
        "x//y",
        "./x",
        "x\\..\\y",
        "",
    ] {
        let mut o = Output::default();
        o.insert("ok.txt", "fine");
        o.insert(bad, "bad");
        let err = o.write_atomically(&out).unwrap_err();
        assert!(
            err.to_string().contains("leaves the output folder"),
            "{bad}: {err}"
        );
        assert!(!out.exists(), "{bad}: nothing is written");
    }
    assert!(!tmp.path().join("escaped.txt").exists());
}

#[test]
fn writes_atomically_and_refuses_foreign_folders() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("build");
    let mut o = Output::default();
    o.insert("a/index.html", "A");
    o.write_atomically(&out).unwrap();
    assert_eq!(
        std::fs::read_to_string(out.join("a/index.html")).unwrap(),
        "A"
    );
    let mut o2 = Output::default();
    o2.insert("b.txt", "B");
    o2.write_atomically(&out).unwrap();
    assert!(
        !out.join("a/index.html").exists(),
        "old output is replaced whole"
    );
    let foreign = tmp.path().join("mine");
    std::fs::create_dir_all(&foreign).unwrap();
    std::fs::write(foreign.join("keep.txt"), "x").unwrap();
    assert!(o2.write_atomically(&foreign).is_err());
    assert!(foreign.join("keep.txt").exists());
    assert_eq!(
        beside(tmp.path()),
        [".build.previous", "build", "mine"],
        "the output, the one before it, and the foreign folder"
    );
}

/// The names in a folder, sorted.
pub(crate) fn beside(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A site of `n` pages whose every file says `version`, as a build would make it (a page
/// folder each, and a file naming another, as a page names its sidebar file).
fn site(version: &str, n: usize) -> Output {
    let mut o = Output::default();
    for i in 0..n {
        o.insert(
            format!("p{i}/index.html"),
            format!("{version} sidebar-{version}.json"),
        );
    }
    o.insert(format!("_site/sidebar-{version}.json"), version);
    o
}

/// Whether a path is an in-place update's temporary name (`.index.html.docsite-1234`).
fn is_temporary(path: &str) -> bool {
    path.rsplit_once(".docsite-")
        .is_some_and(|(_, pid)| pid.parse::<u32>().is_ok())
}

/// Whether `out` is one whole version of [`site`]: every page of it says the same version,
/// and the file each page names is there. Gives the version.
fn whole_version(out: &Path) -> String {
    let mut versions = std::collections::BTreeSet::new();
    for path in listing(out) {
        assert!(
            !is_temporary(&path),
            "a temporary file in the output: {path}"
        );
        if path.ends_with("index.html") {
            let text = std::fs::read_to_string(out.join(&path)).unwrap();
            let (version, names) = text.split_once(' ').unwrap();
            assert!(
                out.join("_site").join(names).exists(),
                "{path} names {names}"
            );
            versions.insert(version.to_string());
        }
    }
    assert_eq!(versions.len(), 1, "a mix of outputs: {versions:?}");
    versions.pop_first().unwrap()
}

/// A build stopped at each step of writing and publishing (as a kill would stop it, with no
/// clean-up) leaves `out` whole: the old output before the swap, the new one after. The next
/// build cleans what the stopped one left.
#[test]
fn a_build_stopped_at_any_step_leaves_the_old_output_or_the_new() {
    for step in ["staged", "spare finished", "published"] {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("build");
        // Twice, so the next build updates the spare folder in place.
        site("old", 50).write_atomically(&out).unwrap();
        site("old", 50).write_atomically(&out).unwrap();
        let staged = site("new", 60).stage(&out).unwrap();
        match step {
            "staged" => std::mem::forget(staged),
            "spare finished" => {
                staged.finish_spare().unwrap();
            }
            _ => staged.publish().unwrap(),
        }
        let expected = if step == "published" { "new" } else { "old" };
        assert_eq!(whole_version(&out), expected, "stopped when {step}");
        site("next", 40).write_atomically(&out).unwrap();
        assert_eq!(whole_version(&out), "next");
        let spare = spare_of(&out);
        assert!(!listing(&spare).iter().any(|p| is_temporary(p)), "{step}");
        assert_eq!(beside(tmp.path()), [".build.previous", "build"], "{step}");
    }
}

/// Where the file system cannot exchange two folders, the old output is moved aside for a
/// moment; a build stopped right then leaves `out` missing, and the next build puts the old
/// output back before it starts.
#[test]
fn an_old_output_left_aside_is_put_back() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("build");
    site("old", 5).write_atomically(&out).unwrap();
    let aside = tmp.path().join(".build.old-4000000");
    std::fs::rename(&out, &aside).unwrap();
    let staged = site("new", 5).stage(&out).unwrap();
    assert_eq!(whole_version(&out), "old", "put back before anything else");
    drop(staged);
    assert_eq!(whole_version(&out), "old");
    assert_eq!(beside(tmp.path()), ["build"]);
}

/// The entries under a folder, relative to it, sorted.
pub(crate) fn listing(folder: &Path) -> Vec<String> {
    let mut all: Vec<String> = walkdir::WalkDir::new(folder)
        .min_depth(1)
        .into_iter()
        .flatten()
        .map(|e| {
            e.path()
                .strip_prefix(folder)
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    all.sort();
    all
}

/// A stream of parts makes the same folder as one output of them all, whether the spare
/// folder is written whole (first build) or updated in place; a path two parts make alike is
/// written once, and one they make differently is a conflict naming both.
#[test]
fn a_streamed_output_is_the_output_of_all_its_parts() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("build");
    for round in ["whole", "spare written whole", "in place"] {
        let stream = Stream::start(&out).unwrap();
        let mut all = Output::default();
        for part in ["a", "b", "c"] {
            let mut files = Output::default();
            for i in 0..3 {
                files.insert(format!("{part}/p{i}/index.html"), format!("{part} {i}"));
            }
            files.insert("_site/app.js", "shared");
            files.insert(format!("{part}/{round}.txt"), round);
            all.files.extend(files.files.clone());
            stream.send(part, files).unwrap();
        }
        let written = stream.finish().unwrap();
        assert!(written.conflicts.is_empty(), "{round}");
        assert_eq!(written.files, all.files.len(), "{round}");
        assert_eq!(written.bytes, all.total_bytes() as u64, "{round}");
        written.staged.publish().unwrap();
        let mut expected: Vec<String> = all.files.keys().cloned().collect();
        expected.push(MARKER.to_string());
        let files: Vec<String> = listing(&out)
            .into_iter()
            .filter(|p| out.join(p).is_file())
            .collect();
        expected.sort();
        assert_eq!(files, expected, "{round}");
        for (path, bytes) in &all.files {
            assert_eq!(&std::fs::read(out.join(path)).unwrap(), &**bytes, "{path}");
        }
    }

    let stream = Stream::start(&out).unwrap();
    let mut first = Output::default();
    first.insert("_site/app.js", "one");
    first.insert("x/index.html", "mine");
    stream.send("first", first).unwrap();
    let mut second = Output::default();
    second.insert("_site/app.js", "two");
    stream.send("second", second).unwrap();
    let written = stream.finish().unwrap();
    assert_eq!(
        written.conflicts,
        [Conflict {
            path: "_site/app.js".into(),
            first: "first".into(),
            second: "second".into()
        }]
    );
    drop(written);
    assert!(
        !out.join("x").exists(),
        "a stream given up leaves `out` as it was"
    );
    assert_eq!(std::fs::read(out.join("_site/app.js")).unwrap(), b"shared");
}

/// A part that does not fit the spare folder's shape (a file where the folder had a folder)
/// sends the stream to a whole write, which reads back what earlier parts staged: the caller
/// no longer holds them.
#[test]
fn a_part_that_does_not_fit_the_spare_folder_keeps_the_parts_before_it() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("build");
    site("old", 3).write_atomically(&out).unwrap();
    site("old", 3).write_atomically(&out).unwrap();
    let stream = Stream::start(&out).unwrap();
    let mut first = site("new", 2);
    first.insert("p0/index.html", "changed");
    stream.send("first", first).unwrap();
    let mut second = Output::default();
    // `p2` is a folder in the spare; here it is a file.
    second.insert("p2", "a file now");
    stream.send("second", second).unwrap();
    let written = stream.finish().unwrap();
    assert!(written.conflicts.is_empty());
    written.staged.publish().unwrap();
    assert_eq!(
        std::fs::read_to_string(out.join("p0/index.html")).unwrap(),
        "changed"
    );
    assert_eq!(
        std::fs::read_to_string(out.join("p1/index.html")).unwrap(),
        "new sidebar-new.json"
    );
    assert_eq!(
        std::fs::read_to_string(out.join("p2")).unwrap(),
        "a file now"
    );
    assert!(!listing(&out).iter().any(|p| is_temporary(p)));
}

/// Parts added to an output written whole make their new folders (below folders made by an
/// earlier part, too), and a folder where the output already has a file is an error.
#[test]
fn added_parts_make_their_folders_once() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("build");
    let mut first = Output::default();
    first.insert("guides/a/index.html", "a");
    let mut staged = first.stage(&out).unwrap();
    let mut second = Output::default();
    second.insert("guides/a/b/index.html", "b");
    second.insert("guides/c/index.html", "c");
    second.insert("api/d/e/index.html", "e");
    staged.add(&second).unwrap();
    let mut clash = Output::default();
    clash.insert("guides/a/index.html/x.html", "x");
    let error = staged.add(&clash).unwrap_err();
    assert_eq!(error.kind(), io::ErrorKind::AlreadyExists, "{error}");
    staged.publish().unwrap();
    for (path, text) in [
        ("guides/a/index.html", "a"),
        ("guides/a/b/index.html", "b"),
        ("guides/c/index.html", "c"),
        ("api/d/e/index.html", "e"),
    ] {
        assert_eq!(std::fs::read_to_string(out.join(path)).unwrap(), text);
    }

    let mut folders = Folders::default();
    let made = tmp.path().join("x/y/z");
    folders.make(&made).unwrap();
    assert!(made.is_dir());
    // Known now: not asked of the file system again.
    std::fs::remove_dir(&made).unwrap();
    folders.make(&made).unwrap();
    assert!(!made.exists());
}
