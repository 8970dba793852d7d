//! Component files are compiled once while their text stays the same: a rebuild in
//! `docsite serve` compiles only the files that changed.

use docsite_components::{Components, Limits, RenderCache};
use std::collections::BTreeSet;

fn build(root: &std::path::Path, cache: &mut RenderCache) {
    let entries = BTreeSet::from(["src/components/Card.jsx".to_string()]);
    Components::build(root, &entries, "", Limits::default(), cache)
        .unwrap_or_else(|e| panic!("{e:?}"));
    cache.finish_build();
}

#[test]
fn unchanged_files_are_not_compiled_again() {
    let site = tempfile::tempdir().unwrap();
    let dir = site.path().join("src/components");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("Card.jsx"),
        "import { Title } from './Title';\nexport default function Card({ t }) { return <div><Title t={t} /></div>; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("Title.tsx"),
        "export function Title({ t }: { t: string }) { return <h3>{t}</h3>; }\n",
    )
    .unwrap();
    let mut cache = RenderCache::default();
    build(site.path(), &mut cache);
    assert_eq!(cache.compiles(), 2, "both files, the first time");
    build(site.path(), &mut cache);
    assert_eq!(cache.compiles(), 2, "nothing changed");
    std::fs::write(
        dir.join("Title.tsx"),
        "export function Title({ t }: { t: string }) { return <h4>{t}</h4>; }\n",
    )
    .unwrap();
    build(site.path(), &mut cache);
    assert_eq!(cache.compiles(), 3, "only the edited file");
    // A file that breaks is an error, and is not taken for compiled.
    std::fs::write(dir.join("Title.tsx"), "export function Title( {\n").unwrap();
    let entries = BTreeSet::from(["src/components/Card.jsx".to_string()]);
    let e = Components::build(site.path(), &entries, "", Limits::default(), &mut cache)
        .err()
        .expect("a syntax error");
    assert_eq!(e.file.as_deref(), Some("src/components/Title.tsx"), "{e:?}");
}
