//! Tests of the in-place update (unix only: symbolic links and inode numbers).

use super::*;
use crate::output::staged::spare_of;
use crate::output::tests::{beside, listing};
use std::os::unix::fs::MetadataExt;

fn output(files: &[(&str, &str)]) -> Output {
    let mut o = Output::default();
    for (path, text) in files {
        o.insert(*path, *text);
    }
    o
}

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// Writes `files` twice, so that the spare folder holds them too: the next write updates it.
fn write_twice(files: &[(&str, &str)], out: &Path) -> PathBuf {
    output(files).write_atomically(out).unwrap();
    output(files).write_atomically(out).unwrap();
    spare_of(out)
}

#[test]
fn an_update_rewrites_what_changed_and_removes_what_is_gone() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("build");
    let spare = write_twice(
        &[
            ("same/index.html", "same"),
            ("changed/index.html", "before"),
            ("gone/deep/index.html", "gone"),
            ("kept/gone.txt", "gone"),
        ],
        &out,
    );
    let folder_inode = std::fs::metadata(spare.join("same")).unwrap().ino();
    let file_inode = std::fs::metadata(spare.join("same/index.html"))
        .unwrap()
        .ino();
    std::fs::write(spare.join("added-by-hand.txt"), "x").unwrap();
    std::fs::write(spare.join(".left-by-a-killed-build.docsite-1"), "x").unwrap();

    output(&[
        ("same/index.html", "same"),
        ("changed/index.html", "after"),
        ("kept/new.txt", "new"),
        ("new/index.html", "new"),
    ])
    .write_atomically(&out)
    .unwrap();
    assert_eq!(
        listing(&out),
        [
            ".docsite-output",
            "changed",
            "changed/index.html",
            "kept",
            "kept/new.txt",
            "new",
            "new/index.html",
            "same",
            "same/index.html"
        ]
    );
    assert_eq!(read(out.join("changed/index.html")), "after");
    assert_eq!(
        std::fs::metadata(out.join("same")).unwrap().ino(),
        folder_inode,
        "the folders of the output before last are the new output's"
    );
    assert_eq!(
        std::fs::metadata(out.join("same/index.html"))
            .unwrap()
            .ino(),
        file_inode,
        "an unchanged file is left as it is"
    );
    assert_eq!(beside(tmp.path()), [".build.previous", "build"]);
}

#[test]
fn a_folder_that_is_a_link_or_a_file_is_replaced_not_written_through() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("build");
    let elsewhere = tmp.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    let spare = write_twice(&[("a/index.html", "a"), ("b", "a file")], &out);
    for folder in [&out, &spare] {
        std::fs::remove_dir_all(folder.join("a")).unwrap();
        std::os::unix::fs::symlink(&elsewhere, folder.join("a")).unwrap();
    }

    output(&[("a/index.html", "new a"), ("b/index.html", "now a folder")])
        .write_atomically(&out)
        .unwrap();
    assert!(std::fs::symlink_metadata(out.join("a")).unwrap().is_dir());
    assert_eq!(read(out.join("a/index.html")), "new a");
    assert_eq!(read(out.join("b/index.html")), "now a folder");
    assert_eq!(
        listing(&elsewhere),
        Vec::<String>::new(),
        "nothing written through the link"
    );
}

#[test]
fn a_marker_that_is_a_link_means_a_whole_replacement() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("build");
    let outside = tmp.path().join("outside.txt");
    std::fs::write(&outside, "keep").unwrap();
    let spare = write_twice(&[("page.html", "old")], &out);
    std::fs::remove_file(spare.join(MARKER)).unwrap();
    std::os::unix::fs::symlink(&outside, spare.join(MARKER)).unwrap();
    output(&[("page.html", "new")])
        .write_atomically(&out)
        .unwrap();
    assert_eq!(read(outside), "keep");
    assert!(std::fs::symlink_metadata(out.join(MARKER))
        .unwrap()
        .is_file());
    assert_eq!(read(out.join("page.html")), "new");
}

#[test]
fn a_file_where_a_folder_was_replaces_it() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("build");
    write_twice(&[("a/index.html", "a")], &out);
    output(&[("a", "a file now")])
        .write_atomically(&out)
        .unwrap();
    assert_eq!(read(out.join("a")), "a file now");
}

#[test]
fn a_link_at_a_temporary_name_is_not_written_through() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("build");
    let target = tmp.path().join("target.txt");
    std::fs::write(&target, "keep").unwrap();
    let spare = write_twice(&[("page.html", "old")], &out);
    std::os::unix::fs::symlink(&target, spare.join(temporary_name("page.html"))).unwrap();
    output(&[("page.html", "new")])
        .write_atomically(&out)
        .unwrap();
    assert_eq!(read(target), "keep");
    assert_eq!(read(out.join("page.html")), "new");
    assert_eq!(listing(&out), [".docsite-output", "page.html"]);
}

#[test]
fn a_failed_write_leaves_the_output_as_it_was() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("build");
    let spare = write_twice(&[("page.html", "old")], &out);
    let before = (listing(&out), listing(&spare));
    // The name fits the file system, but not with the temporary name's prefix and suffix.
    let long = "x".repeat(250);
    let failing = output(&[
        ("page.html", "new"),
        ("new/folder/page.html", "new"),
        (long.as_str(), "too long a name to stage"),
    ]);
    assert!(failing.write_atomically(&out).is_err());
    assert_eq!((listing(&out), listing(&spare)), before);
    assert_eq!(read(out.join("page.html")), "old");
}

#[test]
fn added_files_that_do_not_fit_switch_to_a_whole_replacement() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("build");
    write_twice(&[("page.html", "old"), ("_site", "a file")], &out);
    let mut staged = output(&[("page.html", "new")]).stage(&out).unwrap();
    staged
        .add(&output(&[("_site/search/index.pf", "idx")]))
        .unwrap();
    staged.publish().unwrap();
    assert_eq!(
        listing(&out),
        [
            ".docsite-output",
            "_site",
            "_site/search",
            "_site/search/index.pf",
            "page.html"
        ]
    );
    assert_eq!(read(out.join("page.html")), "new");
    assert_eq!(beside(tmp.path()), [".build.previous", "build"]);
}
