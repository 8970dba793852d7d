//! The API reference: entries rendered from the inventory, their checks (parameters, names,
//! pins), cross-references (`api:`, `<PyObject>`, inline code) in HTML and twin, search
//! entries, exclusions and the coverage report.

use std::path::Path;

mod common;
use common::{build, fails, text, write};

/// A tiny inventory of a package `demo`: a decorator, a class with a public method, a constant.
const INVENTORY: &str = r#"{
 "package": "demo", "version": "1.0", "generator": "test",
 "sourceUrl": "https://github.com/acme/demo/blob/1.0/",
 "objects": [
  {"name": "demo.task", "kind": "decorator",
   "parameters": [
    {"name": "fn", "kind": "positional", "annotation": "Callable | None", "default": "None", "required": false},
    {"name": "name", "kind": "keyword-only", "annotation": "str | None", "default": "None", "required": false},
    {"name": "retries", "kind": "keyword-only", "annotation": "int", "required": true,
     "lifecycle": [{"kind": "beta"}]}],
   "returns": "Task",
   "lifecycle": [{"kind": "deprecated", "breakingVersion": "2.0", "note": "Use `demo.Job` instead."}],
   "source": {"file": "demo/task.py", "line": 12}},
  {"name": "demo.Job", "kind": "class",
   "parameters": [{"name": "steps", "kind": "positional", "annotation": "list[str | int]", "required": true}],
   "source": {"file": "demo/job.py", "line": 3},
   "members": [{"name": "demo.Job.run", "kind": "method", "parameters": [], "returns": "bool",
                "source": {"file": "demo/job.py", "line": 30}}]},
  {"name": "demo.LIMIT", "kind": "constant", "annotation": "int", "value": "10",
   "source": {"file": "demo/__init__.py", "line": 1}},
  {"name": "demo.helper", "kind": "function", "parameters": [], "source": {"file": "demo/h.py", "line": 1}}
 ]
}"#;

const REFERENCE: &str = r#"---
title: demo reference
---

The demo package.

## Tasks

<ApiEntry name="demo.task">

Makes a task of a function.

<Param name="fn">The decorated function.</Param>
<Param name="name">The task's name, *if* not the function's.</Param>
<Param name="retries">How often to retry | at most.</Param>

</ApiEntry>

<ApiEntry name="demo.Job">

A list of steps.

<Param name="steps">The steps, in order.</Param>

</ApiEntry>

<ApiEntry name="demo.Job.run">

Runs the job.

</ApiEntry>
"#;

const GUIDE: &str = r#"---
title: Guide
---

Use `demo.task` or `@demo.task` here, [the job](api:demo.Job), <PyObject module="demo" object="Job" displayText="Job class" />,
but not in a link: [`demo.task`](./other.md). Plain `demo.nothing` and `task` stay code.
"#;

fn site(reference: &str, guide: &str) -> tempfile::TempDir {
    let tmp = common::copy_fixture("basic");
    let root = tmp.path();
    write(root, "api/demo.json", INVENTORY);
    write(root, "examples/requirements.txt", "# pins\ndemo==1.0\n");
    write(root, "docs/api/python-api/demo.md", reference);
    write(root, "docs/guides/api-guide.md", guide);
    write(
        root,
        "docs/guides/other.md",
        "---\ntitle: Other\n---\n\nOther.\n",
    );
    tmp
}

#[test]
fn an_entry_renders_signature_badges_source_and_parameters() {
    let tmp = site(REFERENCE, GUIDE);
    let b = build(tmp.path());
    let html = text(&b, "api/python-api/demo/index.html");
    assert!(html.contains(r#"<h3 id="demo.task" class="api-entry__name"><code>task</code>"#));
    assert!(html.contains(r#"<h4 id="demo.Job.run" class="api-entry__name"><code>Job.run</code>"#));
    assert!(html.contains(r#"<span class="badge badge--deprecated" title="removed in 2.0. Use `demo.Job` instead.">deprecated</span>"#), "{html}");
    assert!(html.contains(r#"href="https://github.com/acme/demo/blob/1.0/demo/task.py#L12""#));
    // Types and defaults from the inventory, descriptions from the page.
    assert!(html.contains("<td><code>name</code></td><td><code>str | None</code></td><td><code>None</code></td><td>The task’s name, <em>if</em> not the function’s.</td>")
        || html.contains("<td><code>name</code></td><td><code>str | None</code></td><td><code>None</code></td><td>The task's name, <em>if</em> not the function's.</td>"), "{html}");
    assert!(html.contains(r#"<td><code>retries</code> <span class="badge badge--beta">beta</span></td><td><code>int</code></td><td>required</td>"#));
    // The signature is highlighted Python; the short one stays on one line.
    assert!(html.contains(r#"data-language="python""#));
    let twin = text(&b, "api/python-api/demo.md");
    // Longer than 80 characters: one parameter a line.
    assert!(twin.contains("### `task`\n\n**deprecated** (removed in 2.0. Use `demo.Job` instead.)\n\n```python\n@demo.task(\n    fn: Callable | None = None,\n    *,\n    name: str | None = None,\n    retries: int,\n) -> Task\n```"), "{twin}");
    assert!(
        twin.contains(
            "| `name` | `str \\| None` | `None` | The task's name, *if* not the function's. |"
        ),
        "{twin}"
    );
    assert!(
        twin.contains("| `retries` | `int` | required | How often to retry \\| at most. |"),
        "{twin}"
    );
    assert!(
        twin.contains("| `steps` | `list[str \\| int]` | required | The steps, in order. |"),
        "{twin}"
    );
    assert!(
        twin.contains("#### `Job.run`\n\n```python\ndemo.Job.run() -> bool\n```"),
        "{twin}"
    );
    // The entries are in the table of contents and llms-full.txt.
    assert!(text(&b, "llms-full.txt")
        .contains("```python\nclass demo.Job(steps: list[str | int])\n```"));
}

#[test]
fn cross_references_link_in_html_and_twin() {
    let tmp = site(REFERENCE, GUIDE);
    let b = build(tmp.path());
    let html = text(&b, "guides/api-guide/index.html");
    let entry = "/api/python-api/demo#demo.task";
    assert!(
        html.contains(&format!(r#"<a href="{entry}"><code>demo.task</code></a>"#)),
        "{html}"
    );
    assert!(html.contains(&format!(r#"<a href="{entry}"><code>@demo.task</code></a>"#)));
    assert!(html.contains(r#"<a href="/api/python-api/demo#demo.Job">the job</a>"#));
    assert!(html.contains(r#"<a href="/api/python-api/demo#demo.Job"><code>Job class</code></a>"#));
    // Already in a link: no second link; undocumented names stay code.
    assert!(html.contains(r#"<a href="/guides/other"><code>demo.task</code></a>"#));
    assert!(html.contains("<code>demo.nothing</code>") && html.contains("<code>task</code>"));
    let twin = text(&b, "guides/api-guide.md");
    let url = "https://docs.example.com/api/python-api/demo#demo.task";
    let site_url = read_site_url(tmp.path());
    let url = url.replace("https://docs.example.com", &site_url);
    assert!(twin.contains(&format!("[`demo.task`]({url})")), "{twin}");
    assert!(twin.contains(&format!("[`@demo.task`]({url})")));
    assert!(twin.contains(&format!(
        "[the job]({site_url}/api/python-api/demo#demo.Job)"
    )));
    assert!(twin.contains(&format!(
        "[`Job class`]({site_url}/api/python-api/demo#demo.Job)"
    )));
    assert!(
        twin.contains(&format!("[`demo.task`]({site_url}/guides/other)")),
        "{twin}"
    );
}

fn read_site_url(root: &Path) -> String {
    let yaml = std::fs::read_to_string(root.join("site.yaml")).unwrap();
    yaml.lines()
        .find_map(|l| l.strip_prefix("url:"))
        .map(|u| u.trim().trim_matches('"').trim_end_matches('/').to_string())
        .unwrap()
}

#[test]
fn a_misspelled_or_missing_parameter_fails_with_file_and_line() {
    let misspelled = REFERENCE.replace(r#"<Param name="retries">"#, r#"<Param name="retrys">"#);
    let tmp = site(&misspelled, GUIDE);
    let d = fails(tmp.path());
    let errors: Vec<_> = d
        .errors()
        .map(|e| (e.location(), e.message.clone()))
        .collect();
    assert!(
        errors
            .iter()
            .any(|(loc, m)| loc.ends_with("docs/api/python-api/demo.md:15:1")
                && m.contains("`demo.task` has no parameter `retrys`")),
        "{d}"
    );
    assert!(
        errors
            .iter()
            .any(|(loc, m)| loc.ends_with("docs/api/python-api/demo.md:9:1")
                && m.contains("parameter `retries` of `demo.task` is not described")),
        "{d}"
    );
}

#[test]
fn unknown_names_fail_the_build() {
    let tmp = site(
        &REFERENCE.replace("\"demo.Job.run\"", "\"demo.Job.walk\""),
        GUIDE,
    );
    let d = fails(tmp.path());
    assert!(
        d.to_string()
            .contains("`demo.Job.walk` is not in the API inventory"),
        "{d}"
    );

    let tmp = site(REFERENCE, "---\ntitle: G\n---\n\nSee [x](api:demo.nope).\n");
    let d = fails(tmp.path());
    let e = d.errors().next().unwrap();
    assert!(e.message.contains("unknown API name `demo.nope`"), "{e}");
    assert!(
        e.location().ends_with("docs/guides/api-guide.md:5:5"),
        "{e}"
    );

    // In the inventory but documented nowhere: a link to it would be broken.
    let tmp = site(
        REFERENCE,
        "---\ntitle: G\n---\n\n<PyObject module=\"demo\" object=\"helper\" />\n",
    );
    let d = fails(tmp.path());
    assert!(
        d.to_string()
            .contains("`demo.helper` is in the API inventory but no page documents it"),
        "{d}"
    );
}

#[test]
fn a_param_inside_a_paragraph_of_prose_fails() {
    let mixed = REFERENCE.replace("A list of steps.\n\n<Param", "A list of steps.\n<Param");
    let d = fails(site(&mixed, GUIDE).path());
    let e = d
        .errors()
        .find(|e| e.message.contains("shares a paragraph"))
        .expect("the error");
    assert!(
        e.location().ends_with("docs/api/python-api/demo.md:21:1"),
        "{e}"
    );
}

#[test]
fn two_entries_for_one_name_fail() {
    let tmp = site(REFERENCE, "---\ntitle: G\n---\n\n<ApiEntry name=\"demo.LIMIT\">\nA limit.\n</ApiEntry>\n\n<ApiEntry name=\"demo.LIMIT\">\nAgain.\n</ApiEntry>\n");
    let d = fails(tmp.path());
    let e = d.errors().next().unwrap();
    assert!(e.message.contains("`demo.LIMIT` has two entries"), "{e}");
    assert!(
        e.location().ends_with("docs/guides/api-guide.md:9:1"),
        "{e}"
    );
}

#[test]
fn an_inventory_of_another_version_than_the_pin_fails() {
    let tmp = site(REFERENCE, GUIDE);
    write(
        tmp.path(),
        "examples/requirements.txt",
        "# pins\ndemo==1.1\n",
    );
    let d = fails(tmp.path());
    let e = d.errors().next().unwrap();
    assert!(
        e.message
            .contains("is for version 1.0, but examples/requirements.txt line 2 pins 1.1"),
        "{e}"
    );
    assert!(e.location().contains("api/demo.json"), "{e}");
}

#[test]
fn a_package_only_the_reference_documents_is_pinned_in_api_requirements() {
    let tmp = site(REFERENCE, GUIDE);
    write(tmp.path(), "examples/requirements.txt", "other==2.0\n");
    write(
        tmp.path(),
        "api/requirements.txt",
        "# reference only\ndemo==1.0\n",
    );
    build(tmp.path());
    write(
        tmp.path(),
        "api/requirements.txt",
        "# reference only\ndemo==0.9\n",
    );
    let d = fails(tmp.path());
    let e = d.errors().next().unwrap();
    assert!(
        e.message
            .contains("is for version 1.0, but api/requirements.txt line 2 pins 0.9"),
        "{e}"
    );
}

#[test]
fn coverage_counts_undocumented_names_and_exclusions_need_reasons() {
    let tmp = site(REFERENCE, GUIDE);
    let b = build(tmp.path());
    let c = &b.api_coverage[0];
    assert_eq!((c.package.as_str(), c.total, c.documented), ("demo", 4, 2));
    assert_eq!(c.missing, vec!["demo.LIMIT", "demo.helper"]);
    assert_eq!(c.missing_members, 0);

    write(
        tmp.path(),
        "api/exclusions.tsv",
        "# name\treason\ndemo.helper\tinternal helper re-exported at the top level\n",
    );
    let b = build(tmp.path());
    assert_eq!(b.api_coverage[0].missing, vec!["demo.LIMIT"]);
    assert_eq!(b.api_coverage[0].excluded, 1);

    write(tmp.path(), "api/exclusions.tsv", "demo.helper\n");
    let d = fails(tmp.path());
    assert!(
        d.to_string()
            .contains("`demo.helper` is excluded without a reason"),
        "{d}"
    );
    assert!(d
        .errors()
        .next()
        .unwrap()
        .location()
        .ends_with("api/exclusions.tsv:1:1"));
    write(
        tmp.path(),
        "api/exclusions.tsv",
        "demo.task\tdocumented anyway\n",
    );
    assert!(fails(tmp.path())
        .to_string()
        .contains("a page documents it"));
}

#[test]
fn the_committed_dagster_inventory_matches_the_pin_and_renders() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let inventory = std::fs::read_to_string(repo.join("site/api/dagster.json")).unwrap();
    let requirements =
        std::fs::read_to_string(repo.join("site/examples/requirements.txt")).unwrap();
    let tmp = common::copy_fixture("basic");
    write(tmp.path(), "api/dagster.json", &inventory);
    write(tmp.path(), "examples/requirements.txt", &requirements);
    write(tmp.path(), "docs/ref.md", "---\ntitle: Ref\n---\n\n<ApiEntry name=\"dagster.AssetKey\">\n\nA key.\n\n<Param name=\"path\">Its parts.</Param>\n</ApiEntry>\n\nUse `dg.AssetKey`.\n");
    let b = build(tmp.path());
    let html = text(&b, "ref/index.html");
    assert!(
        html.contains(r#"<a href="/ref#dagster.AssetKey"><code>dg.AssetKey</code></a>"#),
        "{html}"
    );
    assert!(html.contains("github.com/dagster-io/dagster/blob/"));
    assert!(
        b.api_coverage[0].total > 400,
        "every public name of dagster"
    );
    // A changed pin, as after a version bump without regenerating, fails the build.
    let bumped = requirements.replace("dagster==1.13.27", "dagster==1.13.28");
    assert_ne!(bumped, requirements, "the pin is where the test expects it");
    write(tmp.path(), "examples/requirements.txt", &bumped);
    let d = fails(tmp.path());
    assert!(d.to_string().contains("pins 1.13.28"), "{d}");
}

#[test]
fn a_rebuild_reads_changed_pages_and_inventories_again() {
    use docsite_engine::{BuildOptions, Builder};
    let tmp = site(REFERENCE, GUIDE);
    let root = tmp.path();
    let mut builder = Builder::new();
    builder.build(root, &BuildOptions::default()).unwrap();
    // A second entry for a name the reference documents, added to the guide.
    write(
        root,
        "docs/guides/api-guide.md",
        format!("{GUIDE}\n<ApiEntry name=\"demo.Job\">\nAgain.\n</ApiEntry>\n"),
    );
    let d = builder.build(root, &BuildOptions::default()).unwrap_err();
    assert!(
        d.errors()
            .any(|e| e.message.contains("`demo.Job` has two entries")),
        "{d:?}"
    );
    write(root, "docs/guides/api-guide.md", GUIDE);
    builder.build(root, &BuildOptions::default()).unwrap();
    // The inventory's version moves away from the pin: the cached parse is not reused.
    write(
        root,
        "api/demo.json",
        INVENTORY.replace("\"1.0\"", "\"2.0\""),
    );
    let d = builder.build(root, &BuildOptions::default()).unwrap_err();
    assert!(d.errors().any(|e| e.message.contains("2.0")), "{d:?}");
}

#[test]
fn a_rebuild_notices_changed_inventories_exclusions_and_pins() {
    use docsite_engine::{BuildOptions, Builder};
    let tmp = site(REFERENCE, GUIDE);
    let root = tmp.path();
    let mut builder = Builder::new();
    let mut rebuild = || builder.build(root, &BuildOptions::default());
    let first = rebuild().unwrap();
    assert_eq!(
        first.api_coverage[0].missing,
        vec!["demo.LIMIT", "demo.helper"]
    );
    let same = rebuild().unwrap();
    assert!(
        std::sync::Arc::ptr_eq(&first.api_coverage, &same.api_coverage),
        "nothing changed: the last stage is reused"
    );
    write(
        root,
        "api/exclusions.tsv",
        "demo.helper\tan internal helper\n",
    );
    let excluded = rebuild().unwrap();
    assert_eq!(excluded.api_coverage[0].missing, vec!["demo.LIMIT"]);
    write(
        root,
        "api/demo.json",
        INVENTORY.replace("\"Task\"", "\"TaskDefinition\""),
    );
    let changed = rebuild().unwrap();
    assert!(text(&changed, "api/python-api/demo/index.html").contains("TaskDefinition"));
    write(root, "examples/requirements.txt", "# pins\ndemo==1.1\n");
    let d = rebuild().unwrap_err();
    assert!(d.to_string().contains("pins 1.1"), "{d}");
    write(root, "examples/requirements.txt", "# pins\ndemo==1.0\n");
    rebuild().unwrap();
    // A page that starts documenting a name changes the coverage.
    write(
        root,
        "docs/guides/other.md",
        "---\ntitle: Other\n---\n\n<ApiEntry name=\"demo.LIMIT\">\n\nThe limit.\n\n</ApiEntry>\n",
    );
    assert!(rebuild().unwrap().api_coverage[0].missing.is_empty());
    // The entries move with their page's route.
    write(
        root,
        "docs/api/python-api/demo.md",
        REFERENCE.replace(
            "title: demo reference",
            "title: demo reference\nslug: /moved",
        ),
    );
    let moved = rebuild().unwrap();
    assert!(
        text(&moved, "guides/api-guide/index.html").contains("href=\"/moved#demo.Job\""),
        "{}",
        text(&moved, "guides/api-guide/index.html")
    );
}
