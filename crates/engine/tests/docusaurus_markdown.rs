//! Docusaurus Markdown that a docs folder pastes from embed codes and the Docusaurus
//! documentation, built as Docusaurus builds it (fixture `docusaurus-markdown`): what the site
//! cannot allow is dropped with a warning naming the file and line, never a refusal.

mod common;
use common::{build, copy_fixture, fails, fixture, replace_in, text};

/// The opening tag of the first `<tag` in `html` after `after`.
fn tag_after<'a>(html: &'a str, after: &str, tag: &str) -> &'a str {
    let from = html.find(after).unwrap_or_else(|| panic!("no {after}"));
    let start = from + html[from..].find(&format!("<{tag}")).unwrap();
    &html[start..start + html[start..].find('>').unwrap() + 1]
}

#[test]
fn embeds_get_their_origins_grants_and_styles_pass_the_allow_list() {
    let b = build(&fixture("docusaurus-markdown"));
    let html = text(&b, "docs/embeds/index.html");
    // CodeSandbox's own sandbox is built in; the device features its code asks for are not.
    let sandbox = tag_after(&html, "as CodeSandbox hands it out", "iframe");
    assert!(
        sandbox.contains("sandbox=\"allow-forms allow-modals allow-popups allow-presentation allow-same-origin allow-scripts\""),
        "{sandbox}"
    );
    assert!(
        sandbox
            .contains("allow=\"accelerometer; ambient-light-sensor; encrypted-media; gyroscope\""),
        "{sandbox}"
    );
    assert!(
        sandbox.contains(
            "style=\"width:100%;height:500px;border:0;border-radius:4px;overflow:hidden\""
        ),
        "{sandbox}"
    );
    // site.yaml grants the map its reader's location.
    let map = tag_after(&html, "may ask where the reader is", "iframe");
    assert!(map.contains("allow=\"geolocation; fullscreen\""), "{map}");
    // The responsive box: relative outside, absolute inside it.
    let boxed = tag_after(&html, "kept at 16:9", "div");
    assert_eq!(
        boxed,
        "<div style=\"position:relative;padding-top:56.25%\">"
    );
    let video = tag_after(&html, "kept at 16:9", "iframe");
    assert!(
        video.contains("style=\"position:absolute;top:0;left:0;width:100%;height:100%\""),
        "{video}"
    );
    // `<summary markdown="span">`: the attribute goes, the summary stays.
    assert!(html.contains("<summary>More</summary>"), "{html}");
    // Each thing dropped is a warning at its line of its file.
    let warnings: Vec<String> = b.warnings.0.iter().map(|w| w.to_string()).collect();
    let at = |line: usize, words: &str| {
        assert!(
            b.warnings.0.iter().any(|w| {
                w.line == line
                    && w.message.contains(words)
                    && w.file
                        .as_ref()
                        .is_some_and(|f| f.ends_with("docs/embeds.mdx"))
            }),
            "no warning `{words}` at line {line}: {warnings:#?}"
        )
    };
    at(9, "`camera`, `geolocation`, `hid`, `microphone`, `midi`, `payment`, `usb`, `vr`, `xr-spatial-tracking`");
    at(22, "attribute `markdown` is not allowed on `<summary>`");
}

#[test]
fn scope_head_partials_and_static_files_work_as_in_docusaurus() {
    let b = build(&fixture("docusaurus-markdown"));
    let html = text(&b, "docs/metadata/index.html");
    // `<head>`: the title and meta tags, in place of the defaults; `http-equiv` dropped.
    assert!(
        html.contains("<title>Metadata, in the tab</title>"),
        "{html}"
    );
    // The page JSON carries it, so the app sets it on client-side navigation too.
    let data: serde_json::Value =
        serde_json::from_str(&text(&b, "_site/pages/docs/metadata.json")).unwrap();
    assert_eq!(data["documentTitle"], "Metadata, in the tab");
    let other: serde_json::Value =
        serde_json::from_str(&text(&b, "_site/pages/docs/code.json")).unwrap();
    assert!(other.get("documentTitle").is_none(), "{other}");
    assert!(html
        .contains("<meta name=\"description\" content=\"The description search engines show.\">"));
    assert!(
        !html.contains("<meta name=\"description\" content=\"What the page"),
        "the default description gives way"
    );
    assert!(html.contains("<meta name=\"twitter:card\" content=\"summary\">"));
    assert!(!html.contains("elsewhere.example"), "{html}");
    // The escaped import path names `_Beta.md`.
    assert!(html.contains("This feature is in beta."), "{html}");
    // The scope's values, and the front matter key the page shows is no unknown key.
    assert!(
        html.contains("This page, Metadata, is for operators: What the page says about itself."),
        "{html}"
    );
    assert!(
        html.contains("Its heading reads \"Metadata and scope\"."),
        "{html}"
    );
    assert!(
        !b.warnings.0.iter().any(|w| w.message.contains("audience")),
        "{:?}",
        b.warnings
    );
    // `pathname:` links to the static file as it is; the twin makes it absolute.
    assert!(
        html.contains("<a href=\"/checklist.pdf\">checklist</a>"),
        "{html}"
    );
    let twin = text(&b, "docs/metadata.md");
    assert!(
        twin.contains("[checklist](https://features.example/checklist.pdf)"),
        "{twin}"
    );
    assert!(twin.contains("for operators: What the page says"), "{twin}");
    assert!(
        b.warnings
            .0
            .iter()
            .any(|w| w.line == 16 && w.message.contains("`httpEquiv`")),
        "{:?}",
        b.warnings
    );
}

#[test]
fn a_pathname_link_to_a_missing_file_is_a_broken_link_at_its_line() {
    let tmp = copy_fixture("docusaurus-markdown");
    replace_in(
        &tmp.path().join("docs/metadata.mdx"),
        "checklist.pdf",
        "missing.pdf",
    );
    let d = fails(tmp.path());
    let e = d.errors().next().expect("an error");
    assert!(e.message.contains("/missing.pdf"), "{e}");
    assert_eq!(e.line, 25, "{e}");
}

#[test]
fn the_sites_own_origin_is_never_granted_scripts_with_its_origin() {
    let tmp = copy_fixture("docusaurus-markdown");
    replace_in(
        &tmp.path().join("site.yaml"),
        "  - origin: https://maps.example.org\n",
        "  - origin: https://features.example\n    sandbox: [allow-same-origin]\n",
    );
    let d = fails(tmp.path());
    let e = d.errors().next().expect("an error");
    assert!(
        e.message.contains("may not be granted `allow-same-origin`"),
        "{e}"
    );
}

#[test]
fn code_blocks_codeblock_and_npm2yarn_tabs() {
    let b = build(&fixture("docusaurus-markdown"));
    let html = text(&b, "docs/code/index.html");
    // `<CodeBlock>` is a highlighted block with its title.
    assert!(
        html.contains("<div class=\"code-block\" data-language=\"jsx\"><div class=\"code-block__title\">/src/components/Hello.js</div>"),
        "{html}"
    );
    // `title=file.py` without quotes: no title, as in Docusaurus, and a warning saying so.
    assert!(
        html.contains("<div class=\"code-block\" data-language=\"py\"><pre"),
        "{html}"
    );
    assert!(b
        .warnings
        .0
        .iter()
        .any(|w| w.line == 14 && w.message.contains("title=file.py")));
    // npm2yarn: synced tabs, npm first.
    assert!(
        html.contains("<div class=\"tabs\" data-group-id=\"npm2yarn\">"),
        "{html}"
    );
    for (value, label) in [
        ("npm", "npm"),
        ("yarn", "Yarn"),
        ("pnpm", "pnpm"),
        ("bun", "Bun"),
    ] {
        assert!(
            html.contains(&format!("data-value=\"{value}\" aria-selected=")),
            "{value}"
        );
        assert!(html.contains(&format!(">{label}</button>")), "{label}");
    }
    for command in [
        "yarn add @docusaurus/remark-plugin-npm2yarn",
        "pnpm add @docusaurus/remark-plugin-npm2yarn",
        "bun add @docusaurus/remark-plugin-npm2yarn",
    ] {
        let words: Vec<&str> = command.split(' ').collect();
        assert!(words.iter().all(|w| html.contains(w)), "{command}");
    }
    let twin = text(&b, "docs/code.md");
    assert!(
        twin.contains("**Yarn**\n\n```bash\nyarn add @docusaurus/remark-plugin-npm2yarn\n```"),
        "{twin}"
    );
    // The template literal keeps the indentation of its lines.
    let block = "```jsx title=\"/src/components/Hello.js\"\nexport default function Hello() {\n  return <p>Hello</p>;\n}\n```";
    assert!(twin.contains(block), "{twin}");
}

#[test]
fn without_the_setting_npm2yarn_blocks_stay_one_block() {
    let tmp = copy_fixture("docusaurus-markdown");
    replace_in(
        &tmp.path().join("site.yaml"),
        "npm2yarn:\n  sync: true\n",
        "",
    );
    let b = build(tmp.path());
    let html = text(&b, "docs/code/index.html");
    assert!(!html.contains("class=\"tabs\""), "{html}");
    // What the page loses is said, at the block's line.
    assert!(
        b.warnings
            .0
            .iter()
            .any(|w| w.line == 18 && w.message.contains("shows npm only")),
        "{:?}",
        b.warnings
    );
}

#[test]
fn an_autogenerated_folder_without_an_index_page_is_a_category_without_a_page() {
    let b = build(&fixture("docusaurus-markdown"));
    let site: serde_json::Value = serde_json::from_str(&text(&b, "_site/site.json")).unwrap();
    let items = site["sidebars"]["docs"].as_array().unwrap();
    let guides = items
        .iter()
        .find(|i| i["label"] == "guides")
        .expect("the folder's category");
    assert!(guides.get("href").is_none_or(|h| h.is_null()), "{guides}");
    assert_eq!(guides["items"].as_array().unwrap().len(), 2, "{guides}");
    // No page is made for it, as Docusaurus makes none.
    assert!(b.output.get("docs/guides/index.html").is_none());
    assert_eq!(
        b.pages, 9,
        "three feature pages, two guides and two folders of two pages"
    );
}

#[test]
fn a_readme_or_a_page_named_after_its_folder_is_the_folder_index() {
    let b = build(&fixture("docusaurus-markdown"));
    let site: serde_json::Value = serde_json::from_str(&text(&b, "_site/site.json")).unwrap();
    let items = site["sidebars"]["docs"].as_array().unwrap();
    for (label, id, other) in [
        ("concepts", "concepts/README", "concepts/assets"),
        ("tools", "tools/tools", "tools/cli"),
    ] {
        let category = items.iter().find(|i| i["label"] == label).expect(label);
        // The folder's route, as for an index.md.
        assert_eq!(category["href"], format!("/docs/{label}"), "{category}");
        assert_eq!(category["docId"], id, "{category}");
        // The index page is the category itself, not listed again inside it.
        let inside: Vec<_> = category["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["docId"].clone())
            .collect();
        assert_eq!(inside, [serde_json::json!(other)], "{category}");
        assert!(
            b.output.get(&format!("docs/{label}/index.html")).is_some(),
            "{label}'s page at the folder's route"
        );
    }
}
