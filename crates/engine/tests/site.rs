//! Builds the fixture sites and checks the output against the conventions.

use docsite_engine::{BuildOptions, Builder, Built};
use serde_json::{json, Value};

mod common;
use common::{build, copy_fixture, fixture, json, page, replace_in, text};

fn entry(built: &Built, id: &str) -> Value {
    let cat = json(built, "_site/catalogue.json");
    cat["pages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id)
        .cloned()
        .unwrap_or_else(|| panic!("no entry {id}"))
}

#[test]
fn catalogue_fields_follow_the_rules() {
    let b = build(&fixture("basic"));
    assert_eq!(b.pages, 21 + 2, "with two generated indexes");
    let start = entry(&b, "start-here");
    assert_eq!(start["title"], "Start here", "title from the first h1");
    assert_eq!(
        start["description"],
        "This page takes its title from its first heading and its description from this paragraph."
    );
    assert_eq!(start["sidebar"], "docs");
    assert_eq!(start["route"], "/start-here");
    let api = entry(&b, "api/python-api/assets");
    assert_eq!(api["description"].as_str().unwrap(), "assets Dagster API | Comprehensive Python API documentation for Dagster, the data orchestration platform. Learn how to build, test, and maintain data pipelines with our detailed guides and examples.");
    assert_eq!(api["sidebar"], "api");
    let secret = entry(&b, "secret");
    assert_eq!(secret["unlisted"], true);
    assert_eq!(secret["sidebar"], "docs");
    let orphan = entry(&b, "orphan");
    assert!(
        orphan.get("sidebar").is_none(),
        "a page in no sidebar has no sidebar field"
    );
    assert_eq!(entry(&b, "index")["route"], "/");
    assert_eq!(entry(&b, "guides/alpha/index")["route"], "/guides/alpha");
    assert_eq!(entry(&b, "dagster-plus/index")["sidebar"], "dagsterPlus");
    assert_eq!(entry(&b, "tutorials/first/step")["sidebar"], "tutorials");
}

#[test]
fn sidebars_resolve_to_the_theme_shape() {
    let b = build(&fixture("basic"));
    let site = json(&b, "_site/site.json");
    let docs = &site["sidebars"]["docs"];
    assert_eq!(docs[0]["type"], "category");
    assert_eq!(docs[0]["label"], "Start");
    assert_eq!(docs[0]["collapsed"], false);
    assert_eq!(docs[0]["collapsible"], true);
    assert_eq!(
        docs[0]["items"][1],
        json!({"type": "link", "label": "Start here", "href": "/start-here", "docId": "start-here"})
    );
    assert_eq!(docs[0]["items"][2]["unlisted"], true);
    let guides = &docs[1];
    assert_eq!(guides["href"], "/guides");
    assert_eq!(guides["collapsed"], true);
    let labels: Vec<&str> = guides["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels,
        ["Guides", "Zeta guide", "Alpha topics", "Beta topics"],
        "position first, then name"
    );
    assert_eq!(guides["items"][0]["className"], "hidden");
    let alpha = &guides["items"][2];
    assert_eq!(alpha["href"], "/guides/alpha");
    assert_eq!(alpha["customProps"], json!({"tone": "warm"}));
    let alpha_items: Vec<&str> = alpha["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["docId"].as_str().unwrap())
        .collect();
    assert_eq!(
        alpha_items,
        ["guides/alpha/one", "guides/alpha/two"],
        "the index page is the category, not an item"
    );
    let beta = &guides["items"][3];
    assert_eq!(beta["collapsible"], false);
    assert_eq!(
        beta["collapsed"], false,
        "non-collapsible categories are open"
    );
    assert_eq!(beta["items"][0]["label"], "Another beta page");
    assert_eq!(
        docs[2],
        json!({"type": "link", "label": "Dagster on GitHub", "href": "https://github.com/dagster-io/dagster"})
    );
    let libs = &site["sidebars"]["integrations"][0];
    assert_eq!(libs["collapsible"], false);
    let tool_a = &libs["items"][1];
    assert_eq!(tool_a["label"], "tool-a");
    assert_eq!(
        tool_a["customProps"]["categories"],
        json!(["storage", "compute"])
    );
    let tool_b = &libs["items"][2];
    assert_eq!(tool_b["label"], "Tool B");
    assert_eq!(tool_b["customProps"]["community"], true);
    assert_eq!(
        site["version"],
        json!({"pluginId": "default", "version": "current", "label": "Next", "banner": null, "badge": false, "noIndex": false, "className": "docs-version-current", "isLast": true})
    );
}

#[test]
fn robots_and_sitemap_leave_out_unlisted_pages() {
    let b = build(&fixture("basic"));
    let secret = text(&b, "secret/index.html");
    assert!(secret.contains("<meta name=\"robots\" content=\"noindex, nofollow\">"));
    assert!(secret.contains("Unlisted page"));
    assert!(!text(&b, "orphan/index.html").contains("noindex"));
    let sitemap = text(&b, "sitemap.xml");
    assert!(sitemap.contains("<loc>https://fixture.example/orphan</loc>"));
    assert!(sitemap.contains("<loc>https://fixture.example/</loc>"));
    assert!(!sitemap.contains("secret"));
    assert_eq!(sitemap.matches("<loc>").count(), 22);
    assert!(text(&b, "robots.txt").contains("Sitemap: https://fixture.example/sitemap.xml"));
}

#[test]
fn previous_and_next_follow_sidebar_order_and_skip_unlisted() {
    let b = build(&fixture("basic"));
    let data = |route: &str| page(&b, &format!("/{route}"));
    let start = data("start-here");
    assert_eq!(start["previous"], json!({"title": "Welcome", "href": "/"}));
    assert_eq!(
        start["next"],
        json!({"title": "Guides", "href": "/guides"}),
        "the unlisted page is skipped"
    );
    assert!(data("secret")["previous"].is_null() && data("secret")["next"].is_null());
    assert!(data("orphan")["next"].is_null());
    assert!(data("orphan").get("sidebar").is_none());
    assert_eq!(data("guides")["next"]["href"], "/guides/zeta");
    assert_eq!(data("guides/alpha")["previous"]["href"], "/guides/zeta");
    assert_eq!(data("guides/alpha")["next"]["href"], "/guides/alpha/one");
}

#[test]
fn breadcrumbs_cards_and_page_data() {
    let b = build(&fixture("basic"));
    let one = page(&b, "/guides/alpha/one");
    assert_eq!(
        one["breadcrumbs"],
        json!([{"label": "Guides", "href": "/guides"}, {"label": "Alpha topics", "href": "/guides/alpha"}, {"label": "Alpha one"}])
    );
    assert_eq!(
        one["editUrl"],
        "https://git.example/edit/main/docs/guides/alpha/one.md"
    );
    // The card list is in the content; the data adds each card's href and custom props.
    let guides = json(&b, "_site/pages/guides.json");
    let hrefs: Vec<&str> = guides["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["href"].as_str().unwrap())
        .collect();
    assert_eq!(hrefs, ["/guides/zeta", "/guides/alpha", "/guides/beta"]);
    assert!(guides["cards"][0].get("label").is_none());
    let content = guides["html"].as_str().unwrap();
    assert!(content.contains("<a class=\"card__link\" href=\"/guides/alpha\"><span class=\"card__title\">Alpha topics</span><span class=\"card__description\">The alpha topic.</span></a>"), "{content}");
    let libs = json(&b, "_site/pages/integrations/libraries.json");
    assert_eq!(
        libs["cards"][0]["customProps"]["categories"],
        json!(["storage", "compute"])
    );
    let home = json(&b, "_site/pages/index.json");
    let toc: Vec<&str> = home["toc"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    assert_eq!(toc, ["tabs"]);
}

#[test]
fn html_documents_read_without_javascript() {
    let b = build(&fixture("basic"));
    let html = text(&b, "start-here/index.html");
    assert!(html.contains("<title>Start here | Fixture Docs</title>"));
    assert!(html.contains("<link rel=\"canonical\" href=\"https://fixture.example/start-here\">"));
    assert!(html.contains("<meta property=\"og:title\" content=\"Start here\">"));
    assert!(
        html.contains("menu__link menu__link--active\" href=\"/start-here\" aria-current=\"page\"")
    );
    assert!(
        !html.contains("href=\"/secret\""),
        "unlisted links are not drawn"
    );
    assert!(
        !html.contains("class=\"menu__link\" href=\"/guides\""),
        "hidden items are not drawn"
    );
    assert!(html.contains("class=\"menu__label\" href=\"/guides\""));
    assert!(html.contains("pagination__next\" href=\"/guides\""));
    assert!(html.contains("id=\"__docsite-data\""));
    assert!(html.contains("https://git.example/blob/main/examples/demo/defs.py"));
    assert!(html.contains("navbar__link navbar__link--active\" href=\"/\""));
    let orphan = text(&b, "orphan/index.html");
    assert!(orphan.contains("layout layout--no-sidebar"));
    assert!(!orphan.contains("class=\"sidebar\""));
    let data_start = html
        .find("id=\"__docsite-data\" type=\"application/json\">")
        .unwrap();
    let data = &html[data_start..];
    let data = &data[data.find('>').unwrap() + 1..data.find("</script>").unwrap()];
    let v: Value = serde_json::from_str(data).unwrap();
    assert_eq!(v["page"]["html"], Value::Null);
    // The sidebar is not in the page data: the app reads it from the sidebar's file.
    assert!(v.get("sidebarItems").is_none());
    assert!(v["page"]["sidebarUrl"]
        .as_str()
        .is_some_and(|u| u.starts_with("/_site/sidebar.")));
    let one = text(&b, "guides/alpha/one/index.html");
    assert!(
        one.contains("href=\"/guides/alpha/two\""),
        "the open path keeps its items"
    );
    assert!(one.contains("href=\"/guides/zeta\""));
    assert!(v["site"].get("sidebars").is_none());
    assert!(b.output.get("404.html").is_some());
    assert!(b.output.get("images/logo.svg").is_some());
    assert!(b.output.get("_site/highlight.css").is_some());
}

#[test]
fn favicons_are_linked_from_every_document() {
    let tmp = copy_fixture("basic");
    let config = std::fs::read_to_string(tmp.path().join("site.yaml")).unwrap();
    // One path, as Docusaurus writes it, and a list (an ICO and an SVG).
    for (setting, links) in [
        (
            "favicon: /favicon.ico\n",
            vec!["<link rel=\"icon\" href=\"/favicon.ico\" sizes=\"32x32\">"],
        ),
        (
            "favicon: [/favicon.ico, /icon.svg]\n",
            vec![
                "<link rel=\"icon\" href=\"/favicon.ico\" sizes=\"32x32\">",
                "<link rel=\"icon\" href=\"/icon.svg\" type=\"image/svg+xml\">",
            ],
        ),
    ] {
        std::fs::write(tmp.path().join("site.yaml"), format!("{config}{setting}")).unwrap();
        let b = build(tmp.path());
        for doc in ["start-here/index.html", "404.html"] {
            let html = text(&b, doc);
            for link in &links {
                assert!(html.contains(link), "{doc} lacks {link}");
            }
        }
        // The app does not need the icons: the site data stays as it was.
        assert!(json(&b, "_site/site.json").get("favicons").is_none());
    }
}

#[test]
fn version_banner_badge_and_no_index() {
    let tmp = copy_fixture("basic");
    let config = std::fs::read_to_string(tmp.path().join("site.yaml")).unwrap();
    std::fs::write(tmp.path().join("site.yaml"), format!("{config}version:\n  label: '1.9'\n  banner: unmaintained\n  badge: true\n  noIndex: true\n  className: docs-version-old\n")).unwrap();
    let b = build(tmp.path());
    let html = text(&b, "start-here/index.html");
    assert!(html.contains("noindex, nofollow"));
    assert!(html.contains("class=\"docs-version-old\""));
    assert!(html.contains("Version: 1.9"));
    assert!(html.contains("version-banner"));
    assert_eq!(text(&b, "sitemap.xml").matches("<loc>").count(), 0);
    assert!(text(&b, "robots.txt").contains("Disallow: /"));
    assert_eq!(
        json(&b, "_site/site.json")["version"]["banner"],
        "unmaintained"
    );
}

#[test]
fn rebuild_renders_only_changed_pages() {
    let tmp = copy_fixture("basic");
    let mut builder = Builder::new();
    let first = builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    assert_eq!(first.rendered, 21);
    let page = tmp.path().join("docs/guides/zeta.md");
    replace_in(&page, "Zeta content.", "Zeta content, edited.");
    let second = builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    assert_eq!(second.rendered, 1);
    let html = String::from_utf8(
        second
            .output
            .get("guides/zeta/index.html")
            .unwrap()
            .to_vec(),
    )
    .unwrap();
    assert!(html.contains("Zeta content, edited."));
    // An example file change re-renders the page that shows it.
    let example = tmp.path().join("examples/demo/defs.py");
    std::fs::write(
        &example,
        std::fs::read_to_string(&example)
            .unwrap()
            .replace("[1, 2, 3]", "[4, 5]"),
    )
    .unwrap();
    let third = builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    assert_eq!(third.rendered, 1);
    assert!(
        String::from_utf8_lossy(third.output.get("start-here/index.html").unwrap()).contains("4")
    );
}

#[test]
fn a_category_without_a_page_gets_a_generated_index() {
    let b = build(&fixture("basic"));
    // `guides/beta` has no index page; its `_category_` asks for one listing its items as cards.
    let beta = text(&b, "guides/beta/index.html");
    assert!(beta.contains("<h1>Beta topics</h1>"));
    assert!(beta.contains("<a class=\"card__link\" href=\"/guides/beta/a-page\">"));
    assert!(
        !beta.contains("Edit this page"),
        "a generated page has no source to edit"
    );
    let beta_data = page(&b, "/guides/beta");
    assert_eq!(beta_data["breadcrumbs"][1]["label"], "Beta topics");
    // Its category is a link now; not collapsible, it keeps its items on every page.
    let one = text(&b, "guides/alpha/one/index.html");
    assert!(one.contains("<a class=\"menu__label\" href=\"/guides/beta\">Beta topics</a>"));
    assert!(one.contains("href=\"/guides/beta/a-page\""));
    // The sitemap lists it like any page.
    assert!(text(&b, "sitemap.xml").contains("https://fixture.example/guides/beta<"));
}

#[test]
fn the_whole_sidebar_is_one_content_hashed_file_that_page_data_names() {
    let b = build(&fixture("basic"));
    let page = json(&b, "_site/pages/guides/alpha/one.json");
    let url = page["sidebarUrl"].as_str().unwrap();
    assert!(url.starts_with("/_site/sidebar.") && url.ends_with(".json"));
    let whole = json(&b, url.trim_start_matches('/'));
    assert_eq!(whole, json(&b, "_site/site.json")["sidebars"]["docs"]);
    // Every page of the sidebar shares the file; another sidebar has its own.
    let zeta = json(&b, "_site/pages/guides/zeta.json");
    assert_eq!(zeta["sidebarUrl"], url);
    let tutorials = b
        .output
        .files
        .keys()
        .filter(|k| k.starts_with("_site/sidebar."))
        .count();
    assert_eq!(tutorials, 5, "one file per sidebar");
    assert!(json(&b, "_site/pages/orphan.json")
        .get("sidebarUrl")
        .is_none());
}

#[test]
fn a_generated_index_link_takes_its_title_description_and_slug() {
    let tmp = copy_fixture("basic");
    let sidebars = tmp.path().join("sidebars.yaml");
    let text_before = std::fs::read_to_string(&sidebars).unwrap();
    let changed = text_before.replacen(
        "    label: Start\n    collapsed: false\n",
        "    label: Start\n    link: {type: generated-index, title: Begin here, description: The first steps., slug: /first-steps}\n",
        1,
    );
    std::fs::write(&sidebars, changed).unwrap();
    let b = build(tmp.path());
    let html = text(&b, "first-steps/index.html");
    assert!(html.contains("<h1>Begin here</h1>"));
    assert!(html.contains("<p>The first steps.</p>"));
    assert!(html.contains("href=\"/start-here\""));
    assert!(text(&b, "first-steps.md").starts_with("# Begin here\n\n> The first steps.\n"));
    // Collapsed now, the category is a link on the pages outside it, without its items: a
    // reader without JavaScript opens it on its index page.
    let zeta = text(&b, "guides/zeta/index.html");
    assert!(
        zeta.contains("<a class=\"menu__label\" href=\"/first-steps\">Begin here</a>")
            || zeta.contains("<a class=\"menu__label\" href=\"/first-steps\">Start</a>")
    );
    assert!(!zeta.contains("href=\"/start-here\""));
}

#[test]
fn a_rebuild_reads_an_edited_category_file_again() {
    use docsite_engine::{BuildOptions, Builder};
    let tmp = common::copy_fixture("basic");
    let mut builder = Builder::new();
    let first = builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    let page = |b: &docsite_engine::Built| {
        String::from_utf8(b.output.get("guides/beta/index.html").unwrap().to_vec()).unwrap()
    };
    assert!(page(&first).contains("<h1>Beta topics</h1>"));
    let file = tmp.path().join("docs/guides/beta/_category_.json");
    replace_in(&file, "Beta topics", "Beta topics, renamed");
    let second = builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    assert!(page(&second).contains("<h1>Beta topics, renamed</h1>"));
}

#[test]
fn a_page_json_leaves_out_what_the_app_derives_and_gives_what_differs() {
    let tmp = copy_fixture("basic");
    let root = tmp.path();
    let start = std::fs::read_to_string(root.join("docs/start-here.md")).unwrap();
    let start = start.replacen("---\n", "---\npagination_next: null\n", 1);
    std::fs::write(root.join("docs/start-here.md"), start).unwrap();
    let b = build(root);

    // Derived: the route (the file's URL), the twin (the route), and the sidebar's navigation.
    let two = json(&b, "_site/pages/guides/alpha/two.json");
    for field in ["route", "markdownUrl", "breadcrumbs", "previous", "next"] {
        assert!(two.get(field).is_none(), "{field} is derived: {two}");
    }
    assert_eq!(two["id"], "guides/alpha/two");
    // The sidebar names the category "Alpha topics"; previous/next use its page's own label.
    let one = json(&b, "_site/pages/guides/alpha/one.json");
    assert_eq!(
        one["previous"],
        json!({"title": "Alpha", "href": "/guides/alpha"})
    );
    assert!(one.get("breadcrumbs").is_none() && one.get("next").is_none());
    // Front matter ends the reading order at start-here: `null`, not left out.
    let start = json(&b, "_site/pages/start-here.json");
    assert!(
        start["next"].is_null() && start.get("next").is_some(),
        "{start}"
    );
    assert!(start.get("breadcrumbs").is_none());
    // The HTML document's inlined data gives every field.
    let inlined = page(&b, "/guides/alpha/one");
    assert_eq!(inlined["route"], "/guides/alpha/one");
    assert_eq!(inlined["markdownUrl"], "/guides/alpha/one.md");
    assert_eq!(inlined["previous"]["href"], "/guides/alpha");
}

#[test]
fn a_changed_example_re_renders_every_page_that_shows_it() {
    let tmp = common::copy_fixture("basic");
    common::write(
        tmp.path(),
        "docs/guides/alpha/two.md",
        "---\ntitle: Alpha two\n---\n\n<CodeExample path=\"demo/defs.py\" language=\"python\" />\n",
    );
    let mut builder = Builder::new();
    builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    let example = tmp.path().join("examples/demo/defs.py");
    let code = std::fs::read_to_string(&example).unwrap();
    std::fs::write(&example, code.replace("[1, 2, 3]", "[7, 8, 9]")).unwrap();
    let b = builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    assert_eq!(b.rendered, 2, "both pages that show the file");
    for route in ["start-here", "guides/alpha/two"] {
        let html = text(&b, &format!("{route}/index.html"));
        assert!(
            html.contains('7') && !html.contains("[1, 2, 3]"),
            "{route}: {html}"
        );
    }
}

#[test]
fn a_rebuild_updates_the_cards_that_show_a_changed_page() {
    let tmp = common::copy_fixture("basic");
    let mut builder = Builder::new();
    let first = builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    assert!(text(&first, "guides/alpha/index.html").contains("First alpha page."));
    let page = tmp.path().join("docs/guides/alpha/one.md");
    replace_in(&page, "First alpha page.", "The first, renamed.");
    let b = builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    assert_eq!(b.rendered, 1, "the card page itself is not rendered again");
    let index = text(&b, "guides/alpha/index.html");
    assert!(index.contains("The first, renamed.") && !index.contains("First alpha page."));
    assert!(text(&b, "guides/alpha.md").contains("The first, renamed."));
    assert!(text(&b, "_site/pages/guides/alpha.json").contains("The first, renamed."));
    // A title shows in the cards through the sidebar's label.
    replace_in(&page, "title: Alpha one", "title: Alpha uno");
    let b = builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    assert!(text(&b, "guides/alpha.md").contains("[Alpha uno]"));
    assert!(text(&b, "guides/alpha/index.html").contains("Alpha uno"));
    // A generated index's twin follows its category file.
    let category = tmp.path().join("docs/guides/beta/_category_.json");
    let json = std::fs::read_to_string(&category).unwrap();
    std::fs::write(&category, json.replace("Beta topics", "Beta, renamed")).unwrap();
    let b = builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    assert!(text(&b, "guides/beta.md").starts_with("# Beta, renamed\n"));
}

#[test]
fn a_rebuild_reads_changed_static_files_and_files_next_to_pages() {
    let tmp = copy_fixture("basic");
    common::write(tmp.path(), "docs/guides/data.csv", "a,b\n");
    let mut builder = Builder::new();
    let first = builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    let assets = |b: &Built| -> Vec<String> {
        let files = b.output.files.keys();
        files
            .filter(|k| k.starts_with("assets/files/data-"))
            .cloned()
            .collect()
    };
    assert_eq!(assets(&first).len(), 1);
    common::write(tmp.path(), "static/images/logo.svg", "<svg>changed</svg>");
    common::write(tmp.path(), "static/new.txt", "new");
    common::write(tmp.path(), "docs/guides/data.csv", "a,b,c\n1,2,3\n");
    let second = builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    assert_eq!(text(&second, "images/logo.svg"), "<svg>changed</svg>");
    assert_eq!(text(&second, "new.txt"), "new");
    assert_eq!(assets(&second).len(), 1);
    assert_ne!(
        assets(&second),
        assets(&first),
        "the new content has a new name"
    );
    assert_eq!(text(&second, &assets(&second)[0]), "a,b,c\n1,2,3\n");
    std::fs::remove_file(tmp.path().join("static/new.txt")).unwrap();
    let third = builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    assert!(third.output.get("new.txt").is_none());
}

#[test]
fn a_rebuild_updates_the_catalogue_sitemap_and_site_data() {
    let tmp = copy_fixture("basic");
    let mut builder = Builder::new();
    builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    let page = tmp.path().join("docs/guides/zeta.md");
    replace_in(&page, "title: Zeta guide", "title: Zeta renamed");
    let b = builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    assert!(text(&b, "_site/catalogue.json").contains("\"Zeta renamed\""));
    assert!(text(&b, "_site/site.json").contains("\"Zeta renamed\""));
    assert!(!text(&b, "sitemap.xml").contains("/guides/new-page"));
    common::write(
        tmp.path(),
        "docs/guides/new-page.md",
        "---\ntitle: New\n---\n\nNew.\n",
    );
    let b = builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    assert!(text(&b, "sitemap.xml").contains("https://fixture.example/guides/new-page"));
    assert!(text(&b, "_site/catalogue.json").contains("\"/guides/new-page\""));
}

#[test]
fn a_rebuild_reads_changed_site_and_sidebars_files() {
    let tmp = copy_fixture("basic");
    let mut builder = Builder::new();
    builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    let edit = |file: &str, from: &str, to: &str| {
        let path = tmp.path().join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "{file}");
        std::fs::write(&path, text.replace(from, to)).unwrap();
    };
    edit(
        "site.yaml",
        "title: Fixture Docs",
        "title: Fixture Documentation",
    );
    edit("sidebars.yaml", "label: Start\n", "label: Begin\n");
    let b = builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    let site = text(&b, "_site/site.json");
    assert!(site.contains("\"Fixture Documentation\"") && site.contains("\"Begin\""));
    // The next sidebars file in line takes over when the first goes.
    let yaml = std::fs::read_to_string(tmp.path().join("sidebars.yaml")).unwrap();
    std::fs::remove_file(tmp.path().join("sidebars.yaml")).unwrap();
    common::write(
        tmp.path(),
        "sidebars.yml",
        yaml.replace("label: Begin\n", "label: Commence\n"),
    );
    let b = builder.build(tmp.path(), &BuildOptions::default()).unwrap();
    assert!(text(&b, "_site/site.json").contains("\"Commence\""));
}

/// `docsite build` sends the pages' files to the folder in batches as they are made, and
/// writes the same files as a build in memory.
#[test]
fn a_site_written_as_it_is_made_is_the_site_built_in_memory() {
    common::assert_written_as_built(&fixture("basic"));
    common::assert_written_as_built(&fixture("classic"));
}

/// A written build past its budget of twins held in memory makes `llms-full.txt` from the
/// twins on disk once they are written: the file is the in-memory build's, when the folder is
/// written whole and when it is updated in place after an edit, whether it holds one twin or
/// none.
#[test]
fn llms_full_txt_of_a_written_build_is_the_one_built_in_memory() {
    for held in [0, 200] {
        llms_full_txt_is_the_one_built_in_memory(held);
    }
}

fn llms_full_txt_is_the_one_built_in_memory(held_twins_max: usize) {
    let site = copy_fixture("basic");
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("build");
    let options = BuildOptions {
        once: true,
        held_twins_max: Some(held_twins_max),
        ..BuildOptions::default()
    };
    // The third build updates the spare folder the second left in place.
    for edit in ["", "An edited paragraph.", "Edited again."] {
        if !edit.is_empty() {
            let page = site.path().join("docs/start-here.md");
            let from = "This page takes its title";
            replace_in(&page, from, &format!("{edit} {from}"));
        }
        let in_memory = Builder::new().build(site.path(), &options).unwrap();
        Builder::new()
            .build_to(site.path(), &options, &out)
            .unwrap();
        let full = std::fs::read_to_string(out.join("llms-full.txt")).unwrap();
        assert_eq!(full, text(&in_memory, "llms-full.txt"));
        assert!(full.contains("This page takes its title") && full.contains(edit));
    }
}
