//! The bundled site, built in memory once: the 30 questions of `questions.tsv` (the right page
//! in the top three), every inventory name found by `lookup_api`, and an export folder read
//! the same as the build it came from.

use docsite_core::api::ApiIndex;
use docsite_engine::{BuildOptions, Builder, Built};
use docsite_mcp::Docs;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

fn site() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../site")
}

fn built() -> &'static Built {
    static BUILT: OnceLock<Built> = OnceLock::new();
    BUILT.get_or_init(|| {
        // The tutorial's folds are site components: the build needs the app's server script.
        let script = site().join("../web/dist/.islands/server.js");
        let script = std::fs::read_to_string(&script)
            .unwrap_or_else(|e| panic!("{}: {e} (run `npm run build` in web/)", script.display()));
        let options = BuildOptions {
            index_later: true,
            frontend: docsite_engine::frontend::Frontend {
                island_server: Some(script.into()),
                ..Default::default()
            },
            ..BuildOptions::default()
        };
        Builder::new()
            .build(&site(), &options)
            .expect("the bundled site builds")
    })
}

fn docs() -> &'static Docs {
    static DOCS: OnceLock<Docs> = OnceLock::new();
    DOCS.get_or_init(|| {
        let b = built();
        docsite_mcp::docs_from_output(&b.output, b.api_index.as_deref()).unwrap()
    })
}

/// (question, acceptable page ids) from `questions.tsv`.
pub fn questions() -> Vec<(String, Vec<String>)> {
    let text = include_str!("questions.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (q, ids) = l.split_once('\t').expect("question<TAB>ids");
            (q.to_string(), ids.split(',').map(str::to_string).collect())
        })
        .collect()
}

#[test]
fn the_right_page_is_in_the_top_three_for_every_question() {
    let docs = docs();
    let by_route: std::collections::HashMap<&str, &str> = docs
        .corpus
        .pages
        .iter()
        .map(|p| (p.route.as_str(), p.id.as_str()))
        .collect();
    let mut misses = Vec::new();
    println!("| question | expected | rank | top three |\n| --- | --- | --- | --- |");
    for (question, expected) in questions() {
        let found = docs.search(&question, None, None, Some(3)).unwrap();
        let ids: Vec<&str> = found["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| by_route[r["path"].as_str().unwrap()])
            .collect();
        let rank = ids.iter().position(|id| expected.iter().any(|e| e == id));
        println!(
            "| {question} | {} | {} | {} |",
            expected[0],
            rank.map_or("miss".to_string(), |r| (r + 1).to_string()),
            ids.join(", ")
        );
        if rank.is_none() {
            misses.push(question);
        }
    }
    // The table above (`-- --nocapture`) shows where each answer ranks.
    assert!(misses.is_empty(), "not in the top three: {misses:?}");
}

fn inventory_names(index: &ApiIndex) -> Vec<String> {
    let mut names = Vec::new();
    for inv in &index.inventories {
        for o in &inv.objects {
            names.push(o.name.clone());
            names.extend(o.members.iter().map(|m| m.name.clone()));
        }
    }
    names
}

#[test]
fn lookup_api_finds_every_name_of_the_inventories() {
    let docs = docs();
    let index = built()
        .api_index
        .clone()
        .expect("the bundled site has inventories");
    let names = inventory_names(&index);
    assert!(names.len() > 1000, "{}", names.len());
    let mut missing = Vec::new();
    for name in &names {
        match docs.lookup_api(name) {
            Ok(entry) if entry.starts_with(&format!("Name: {name}\n")) => {}
            other => missing.push(format!("{name}: {other:?}")),
        }
    }
    assert!(
        missing.is_empty(),
        "{} not found, first: {:?}",
        missing.len(),
        &missing[..missing.len().min(5)]
    );
    // A documented name is its entry on the site, with its parameters' descriptions.
    let key = docs.lookup_api("dg.AssetKey").unwrap();
    assert!(
        key.contains("#dagster.AssetKey") && key.contains("| `path` |"),
        "{key}"
    );
    let dbt = docs.lookup_api("dagster_dbt.DbtCliResource").unwrap();
    assert!(
        dbt.contains("[Source](") && dbt.contains("```python"),
        "{dbt}"
    );
    let wrong = docs.lookup_api("dagster.AssetKy").unwrap_err();
    assert!(wrong.0.contains("dagster.AssetKey"), "{wrong:?}");
}

#[test]
fn an_export_folder_reads_as_the_build_it_came_from() {
    let out = tempfile::tempdir().unwrap();
    let target = out.path().join("out");
    built().output.write_atomically(&target).unwrap();
    let exported = Arc::new(docsite_mcp::docs_from_export(&target).unwrap());
    let memory = docs();
    assert_eq!(exported.corpus.pages.len(), memory.corpus.pages.len());
    assert_eq!(exported.index.documents(), memory.index.documents());
    for q in ["schedule", "dg.asset", "Kubernetes agent"] {
        assert_eq!(
            exported.search(q, None, None, None).unwrap(),
            memory.search(q, None, None, None).unwrap(),
            "{q}"
        );
    }
    // The export carries the inventories: every name is found there too, each as the build
    // in memory gives it.
    let index = built()
        .api_index
        .clone()
        .expect("the bundled site has inventories");
    for name in inventory_names(&index) {
        assert_eq!(
            exported.lookup_api(&name),
            memory.lookup_api(&name),
            "{name}"
        );
    }
    assert!(exported
        .lookup_api("dg.asset")
        .unwrap()
        .contains("@dagster.asset("));
}

#[test]
fn an_export_with_broken_inventories_is_an_error_naming_the_file() {
    let out = tempfile::tempdir().unwrap();
    let target = out.path().join("out");
    built().output.write_atomically(&target).unwrap();
    std::fs::write(
        target.join("_site/api/inventories.json"),
        b"[{\"package\": 1}]",
    )
    .unwrap();
    let e = docsite_mcp::docs_from_export(&target)
        .err()
        .expect("an error");
    assert!(
        e.contains("_site/api/inventories.json") && e.contains("not the API inventories"),
        "{e}"
    );
}
