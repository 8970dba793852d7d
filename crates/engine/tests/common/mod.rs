//! Helpers shared by the integration tests (fixtures from the workspace's test-support crate).

#![allow(unused_imports, dead_code)] // each test file uses some of them

pub use docsite_test_support::{copy_dir, copy_fixture, fixture};

use docsite_core::{Diagnostic, Diagnostics};
use docsite_engine::{BuildOptions, Builder, Built};
use std::path::Path;

/// Builds a site that must build.
pub fn build(dir: &Path) -> Built {
    Builder::new()
        .build(dir, &BuildOptions::default())
        .unwrap_or_else(|d| panic!("build failed:\n{d}"))
}

/// Builds a site that must fail, and gives its diagnostics.
pub fn fails(dir: &Path) -> Diagnostics {
    match Builder::new().build(dir, &BuildOptions::default()) {
        Ok(_) => panic!("the build should fail"),
        Err(d) => d,
    }
}

/// An output file as text.
pub fn text(built: &Built, path: &str) -> String {
    let bytes = built
        .output
        .get(path)
        .unwrap_or_else(|| panic!("no {path}"));
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// The JSON a page's document inlines for the app.
pub fn inline_data(html: &str) -> serde_json::Value {
    let start = "<script id=\"__docsite-data\" type=\"application/json\">";
    let from = html.find(start).expect("a data script") + start.len();
    let to = from + html[from..].find("</script>").unwrap();
    serde_json::from_str(&html[from..to]).unwrap()
}

/// An output file as JSON.
pub fn json(built: &Built, path: &str) -> serde_json::Value {
    serde_json::from_str(&text(built, path)).unwrap()
}

/// Builds a copy of the `basic` fixture after `edit` breaks it; the build must fail.
pub fn break_and_build(edit: impl FnOnce(&Path)) -> Diagnostics {
    let tmp = copy_fixture("basic");
    edit(tmp.path());
    fails(tmp.path())
}

/// Writes a file under a site folder, making its folders.
pub fn write(root: &Path, rel: &str, text: impl AsRef<[u8]>) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// The one error of a failed build.
pub fn only_error(d: &Diagnostics) -> &Diagnostic {
    let errors: Vec<_> = d.errors().collect();
    assert_eq!(errors.len(), 1, "{d}");
    errors[0]
}

/// A page's complete page data: the data inlined in its HTML document (a page JSON file leaves
/// out what the app derives).
pub fn page(built: &Built, route: &str) -> serde_json::Value {
    let path = match route.trim_matches('/') {
        "" => "index.html".to_string(),
        r => format!("{r}/index.html"),
    };
    let html = text(built, &path);
    let start = "<script id=\"__docsite-data\" type=\"application/json\">";
    let from = html.find(start).expect("inlined data") + start.len();
    let to = from + html[from..].find("</script>").unwrap();
    let data: serde_json::Value = serde_json::from_str(&html[from..to]).unwrap();
    data["page"].clone()
}

/// Edits a file in place: `from` (which must be there) becomes `to`.
pub fn replace_in(file: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains(from), "{} lacks {from:?}", file.display());
    std::fs::write(file, text.replacen(from, to, 1)).unwrap();
}

/// Every file under `folder` but the output marker, by path relative to it.
pub fn files_under(folder: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(folder)
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let path = e.path().strip_prefix(folder).unwrap();
            (
                path.to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .filter(|(path, _)| path != docsite_engine::output::MARKER)
        .collect()
}

/// `docsite build` streams the pages' files to the folder as they are made: the folder then
/// holds exactly the output of a build made in memory, search index included.
pub fn assert_written_as_built(site: &Path) {
    let out = tempfile::tempdir().unwrap();
    let out = out.path().join("build");
    let options = BuildOptions {
        once: true,
        ..BuildOptions::default()
    };
    let in_memory = Builder::new().build(site, &options).unwrap();
    let (_, wrote) = Builder::new().build_to(site, &options, &out).unwrap();
    let written = files_under(&out);
    assert_eq!(wrote.files, written.len());
    let paths: Vec<&String> = written.keys().collect();
    let expected: Vec<&String> = in_memory.output.files.keys().collect();
    assert_eq!(paths, expected);
    for (path, bytes) in &in_memory.output.files {
        assert_eq!(&written[path], &**bytes, "{path}");
    }
    assert!(written.keys().any(|p| p.starts_with("_site/search/")));
}
