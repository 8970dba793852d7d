//! Site components in React: the `components` fixture's pages use a component that walks its
//! children (a table whose rows get ids), a details-style wrapper with a title prop, a
//! component from a package with its CSS, and one using `@docusaurus/Link` and `useBaseUrl`.
//! Their server-rendered HTML is checked here; their hydration in the browser tests.

mod common;

use common::{copy_dir, copy_fixture, fixture, only_error, text, write};
use docsite_engine::frontend::Frontend;
use docsite_engine::{BuildOptions, Builder, Built};
use std::path::Path;

/// The reading app's server script for components (`npm run build` in web/ makes it).
fn options() -> BuildOptions {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/dist/.islands/server.js");
    let script = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run `npm run build` in web/)", path.display()));
    BuildOptions {
        frontend: Frontend {
            island_server: Some(script.into()),
            ..Frontend::default()
        },
        ..BuildOptions::default()
    }
}

fn build(dir: &Path) -> Built {
    Builder::new()
        .build(dir, &options())
        .unwrap_or_else(|d| panic!("build failed:\n{d}"))
}

fn fails(dir: &Path) -> docsite_core::Diagnostics {
    match Builder::new().build(dir, &options()) {
        Ok(_) => panic!("the build should fail"),
        Err(d) => d,
    }
}

#[test]
fn table_rows_get_ids_from_their_first_cell() {
    let built = build(&fixture("components"));
    let html = text(&built, "index.html");
    assert!(
        html.contains(r#"<tr id="opt-retries" class="styles_row__"#),
        "{html}"
    );
    assert!(html.contains(r#"id="opt-time-out""#), "{html}");
    // The CSS module's class names are scoped, and the stylesheet is served and linked.
    let css_path = built
        .output
        .files
        .keys()
        .find(|p| p.starts_with("assets/islands/components-") && p.ends_with(".css"))
        .expect("a stylesheet");
    let css = text(&built, css_path);
    assert!(
        css.contains(".styles_wrapper__") && css.contains(".tiny-badge"),
        "{css}"
    );
    assert!(html.contains(&format!("href=\"/{css_path}\"")));
}

#[test]
fn props_children_and_packages_render() {
    let built = build(&fixture("components"));
    let html = text(&built, "index.html");
    // The wrapper's title prop, array and number props, and its MDX children as HTML.
    assert!(html.contains(r#"<button type="button" aria-expanded="false">More detail<!-- --> (<!-- -->alpha, beta<!-- -->)</button>"#), "{html}");
    assert!(html.contains(r#"data-level="2""#));
    assert!(
        html.contains("Hidden <strong>text</strong> with a <a href=\"/other\">link</a>"),
        "{html}"
    );
    // The package's component, inline in its paragraph.
    assert!(
        html.contains(r#"An inline <span class="docsite-island""#),
        "{html}"
    );
    assert!(
        html.contains(r#"<span class="tiny-badge">beta<!-- --> <b>3</b></span>"#),
        "{html}"
    );
    // Link, useBaseUrl and the site context.
    assert!(
        html.contains(r#"<a href="/other">Another page of <!-- -->Component Fixture</a>"#),
        "{html}"
    );
    assert!(html.contains(r#"data-logo="/img/logo.svg""#));
    assert!(html.contains("help@components.example"));
}

#[test]
fn islands_carry_their_data_and_chunk() {
    let built = build(&fixture("components"));
    let html = text(&built, "index.html");
    let chunk = html
        .split("data-island=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("an island");
    let js = text(&built, chunk.trim_start_matches('/'));
    assert!(
        js.starts_with("globalThis.__docsiteIslands.define("),
        "{js}"
    );
    assert!(js.contains("src/components/APITable/index.jsx"));
    // The data is JSON that cannot close its script element.
    assert!(
        html.contains(r#"<script type="application/json">{"context":"#),
        "{html}"
    );
    assert!(!html.contains("</script></script>"));
}

#[test]
fn twins_and_pages_without_components() {
    let built = build(&fixture("components"));
    let twin = text(&built, "index.md");
    assert!(twin.contains("More detail (alpha, beta)"), "{twin}");
    assert!(twin.contains("retries"), "{twin}");
    assert!(!twin.contains("docsite:island"), "{twin}");
    let other = text(&built, "other/index.html");
    assert!(!other.contains("docsite-island") && !other.contains("assets/islands"));
}

#[test]
fn components_in_partials_and_in_props_render_and_load_their_chunks() {
    let built = build(&fixture("components"));
    let html = text(&built, "shared/index.html");
    // The partial's counter, at its place in the page.
    assert!(
        html.contains(
            r#"<button type="button" class="counter">clicked <!-- -->0<!-- --> times</button>"#
        ),
        "{html}"
    );
    // A component given as a prop is rendered inside the one that takes it.
    assert!(
        html.contains(r#"<span class="star">★ <!-- -->in a title</span>"#),
        "{html}"
    );
    // The fold's island loads both components' chunks.
    let fold = html
        .split("data-island=\"")
        .map(|s| s.split('"').next().unwrap_or_default())
        .find(|chunks| chunks.contains("Collapsible-"))
        .expect("the fold's island");
    let chunks: Vec<&str> = fold.split(' ').collect();
    assert_eq!(chunks.len(), 2, "{fold}");
    assert!(chunks[1].starts_with("/assets/islands/Star-"), "{fold}");
    for chunk in chunks {
        assert!(
            built.output.get(chunk.trim_start_matches('/')).is_some(),
            "{chunk}"
        );
    }
    let twin = text(&built, "shared.md");
    assert!(
        twin.contains("A partial with a clicked 0 times inside."),
        "{twin}"
    );
    assert!(twin.contains("★ in a title (props)"), "{twin}");
}

#[test]
fn a_component_in_a_partial_that_throws_is_reported_where_the_partial_is_shown() {
    let tmp = copy_fixture("components");
    write(
        tmp.path(),
        "src/components/Counter.jsx",
        "export default function Counter() { throw new Error('no clicks yet'); }\n",
    );
    let d = fails(tmp.path());
    let e = only_error(&d);
    assert!(
        e.message
            .contains("`<Counter>` failed to render: no clicks yet"),
        "{e:?}"
    );
    assert!(
        e.file.as_ref().unwrap().ends_with("docs/shared.mdx"),
        "{e:?}"
    );
    assert_eq!(e.line, 11, "the line of `<Shared />`");
}

#[test]
fn a_throwing_component_names_page_line_and_stack() {
    let tmp = copy_fixture("components");
    write(
        tmp.path(),
        "src/components/Broken.jsx",
        "function Inner() { throw new Error('no data for the chart'); }\nexport default function Broken() { return <div><Inner /></div>; }\n",
    );
    write(
        tmp.path(),
        "docs/other.md",
        "---\ntitle: Other page\n---\n\nimport Broken from '@site/src/components/Broken';\n\nText.\n\n<Broken />\n",
    );
    let d = fails(tmp.path());
    let e = only_error(&d);
    assert!(
        e.message
            .contains("`<Broken>` failed to render: no data for the chart"),
        "{e:?}"
    );
    assert!(e.file.as_ref().unwrap().ends_with("docs/other.md"), "{e:?}");
    assert_eq!(e.line, 9);
    // React's component stack, innermost first, then the calls in the site's own files
    // (React's own frames and the compiled code's line numbers left out).
    let hint = e.hint.as_deref().unwrap_or_default();
    assert!(
        hint.starts_with(
            "component stack (innermost first):\n    in Inner\n    in div\n    in Broken\n"
        ),
        "{hint}"
    );
    assert!(
        hint.contains("calls in the site's files:\n    at Inner (src/components/Broken.jsx)"),
        "{hint}"
    );
    assert!(!hint.contains("docsite-islands-server.js"), "{hint}");
}

#[test]
fn unknown_imports_name_file_line_and_module() {
    let tmp = copy_fixture("components");
    write(
        tmp.path(),
        "src/components/SiteLink.jsx",
        "import x from 'left-pad';\nimport Nope from '@docusaurus/Nope';\nexport function SiteLink() { return null; }\n",
    );
    let d = fails(tmp.path());
    let e = only_error(&d);
    assert!(e.message.contains("src/components/SiteLink.jsx:"), "{e:?}");
    assert!(
        e.message.contains("left-pad") || e.message.contains("@docusaurus/Nope"),
        "{e:?}"
    );
}

#[test]
fn runaway_components_are_stopped_by_the_limits() {
    let tmp = copy_fixture("components");
    let yaml = std::fs::read_to_string(tmp.path().join("site.yaml")).unwrap();
    write(
        tmp.path(),
        "site.yaml",
        format!("{yaml}components: {{timeLimitSeconds: 1, memoryLimitMb: 64}}\n"),
    );
    write(
        tmp.path(),
        "src/components/SiteLink.jsx",
        "export function SiteLink() { for (;;) {} }\n",
    );
    let e = only_error(&fails(tmp.path())).clone();
    assert!(e.message.contains("time limit of 1 s"), "{e:?}");
    write(
        tmp.path(),
        "src/components/SiteLink.jsx",
        "export function SiteLink() { const a = []; for (;;) a.push(new Array(100000).fill(1)); }\n",
    );
    let e = only_error(&fails(tmp.path())).clone();
    assert!(e.message.contains("out of memory"), "{e:?}");
}

#[test]
fn another_react_major_is_refused() {
    let tmp = copy_fixture("components");
    write(
        tmp.path(),
        "package.json",
        r#"{"dependencies": {"react": "^18.2.0"}}"#,
    );
    let e = only_error(&fails(tmp.path())).clone();
    assert!(
        e.message.contains("React 18") && e.message.contains("React 19"),
        "{e:?}"
    );
}

/// `docsite serve` keeps one builder: a rebuild renders again only the uses whose page data or
/// component code changed.
#[test]
fn rebuilds_render_only_changed_uses() {
    let tmp = copy_fixture("components");
    let second = "---\ntitle: Second\n---\n\nimport Collapsible from './components/Collapsible';\nimport { SiteLink } from '@site/src/components/SiteLink';\n\n<Collapsible title=\"Why\">\n\nFirst words.\n\n</Collapsible>\n\n<SiteLink to=\"/\" />\n";
    write(tmp.path(), "docs/second.mdx", second);
    let mut builder = Builder::new();
    let run = |builder: &mut Builder| {
        builder
            .build(tmp.path(), &options())
            .unwrap_or_else(|d| panic!("build failed:\n{d}"))
    };
    // index.mdx has four uses, second.mdx and shared.mdx two each.
    assert_eq!(run(&mut builder).islands_rendered, 8);
    assert_eq!(run(&mut builder).islands_rendered, 0, "nothing changed");

    write(
        tmp.path(),
        "docs/second.mdx",
        second.replace("First words", "Other words"),
    );
    let built = run(&mut builder);
    assert_eq!(built.islands_rendered, 1, "only the edited use");
    assert!(text(&built, "second/index.html").contains("Other words"));

    let link = tmp.path().join("src/components/SiteLink.jsx");
    let code = std::fs::read_to_string(&link).unwrap();
    std::fs::write(&link, code.replace("Another page of", "One more page of")).unwrap();
    let built = run(&mut builder);
    assert_eq!(
        built.islands_rendered, 2,
        "the two uses of the edited component"
    );
    for page in ["index.html", "second/index.html"] {
        assert!(text(&built, page).contains("One more page of"), "{page}");
    }
    assert!(
        text(&built, "index.html").contains(r#"id="opt-retries""#),
        "cached uses stay"
    );
}

/// A site of two versions whose page `renders` shows the component `Renders`, which counts
/// its renders in its module's state; `body` is the component's JSX after that count.
fn two_versions_rendering(body: &str) -> (tempfile::TempDir, Built) {
    let tmp = copy_fixture("components");
    let component = format!(
        "import {{ useLocation }} from '@docusaurus/router';\nlet renders = 0;\nexport default function Renders() {{\n  renders += 1;\n  return {body};\n}}\n"
    );
    write(tmp.path(), "src/components/Renders.jsx", &component);
    let page = "---\ntitle: Renders\n---\n\nimport Renders from '@site/src/components/Renders';\n\n<Renders />\n";
    write(tmp.path(), "docs/renders.mdx", page);
    write(tmp.path(), "versions.json", r#"["1.0"]"#);
    write(tmp.path(), "versioned_docs/version-1.0/renders.mdx", page);
    write(
        tmp.path(),
        "versioned_sidebars/version-1.0-sidebars.json",
        r#"{"docs": ["renders"]}"#,
    );
    let built = build(tmp.path());
    (tmp, built)
}

/// What `Renders` showed on the page in each version, the last version first.
fn shown_in_versions(built: &Built) -> Vec<String> {
    ["renders/index.html", "next/renders/index.html"]
        .iter()
        .map(|path| {
            let html = text(built, path);
            let at = html
                .find("class=\"renders\">")
                .expect("the component's HTML");
            html[at + "class=\"renders\">".len()..]
                .split('<')
                .next()
                .unwrap_or_default()
                .to_string()
        })
        .collect()
}

/// The versions of a site share its components (its `src/`): one engine renders them all,
/// where each version started its own before, and each version has the whole time limit.
#[test]
fn the_versions_of_a_site_share_one_engine() {
    // Reading the route makes each version render the use itself.
    let (_tmp, built) = two_versions_rendering(
        "<b className=\"renders\">{`render ${renders} at ${useLocation().pathname}`}</b>",
    );
    let mut shown = shown_in_versions(&built);
    shown.sort();
    assert_eq!(
        shown,
        ["render 1 at /next/renders", "render 2 at /renders"],
        "one engine, whose module state the second version's render sees"
    );
}

/// A use whose render did not read the page's route shows the same on that page in every
/// version: the later versions take the first one's HTML instead of rendering again.
#[test]
fn a_use_that_does_not_read_the_route_renders_once_for_all_versions() {
    let (_tmp, built) =
        two_versions_rendering("<b className=\"renders\">{`render ${renders}`}</b>");
    assert_eq!(shown_in_versions(&built), ["render 1", "render 1"]);
    // The island's data still names each version's own route, for hydration.
    for (path, route) in [
        ("renders/index.html", "\"route\":\"/renders\""),
        ("next/renders/index.html", "\"route\":\"/next/renders\""),
    ] {
        assert!(text(&built, path).contains(route), "{path}");
    }
}

/// A page that uses a site component is rendered once for the versions it reads the same in,
/// like any other: the link in the use's children leads into each version's own page.
#[test]
fn a_page_with_a_component_is_shared_by_versions_with_its_links_in_each() {
    let tmp = copy_fixture("components");
    write(
        tmp.path(),
        "src/components/Boxed.jsx",
        "export default function Boxed({ children }) {\n  return <div className=\"boxed\">{children}</div>;\n}\n",
    );
    let page = "---\ntitle: Boxed\n---\n\nimport Boxed from '@site/src/components/Boxed';\n\n<Boxed>\n\nSee [the other page](./other.md).\n\n</Boxed>\n";
    write(tmp.path(), "docs/boxed.mdx", page);
    let current = build(tmp.path()).rendered;
    // Version 1.0: the same docs but for its `other` page.
    let released = tmp.path().join("versioned_docs/version-1.0");
    copy_dir(&tmp.path().join("docs"), &released);
    write(&released, "other.md", "# Other\n\nAn older page.\n");
    write(tmp.path(), "versions.json", r#"["1.0"]"#);
    write(
        tmp.path(),
        "versioned_sidebars/version-1.0-sidebars.json",
        r#"{"docs": ["index", "other", "shared"]}"#,
    );
    let built = build(tmp.path());
    for (path, href) in [
        ("boxed/index.html", "href=\"/other\""),
        ("next/boxed/index.html", "href=\"/next/other\""),
    ] {
        let html = text(&built, path);
        let boxed = &html[html.find("class=\"boxed\"").expect("the component's HTML")..];
        assert!(boxed.contains(href), "{path}: {boxed}");
    }
    // Version 1.0 renders only its own `other` page: it takes `boxed` from the current docs.
    assert_eq!(built.rendered, current + 1);
}
