//! A route becomes a URL one way everywhere: sidebar items, page data, breadcrumbs,
//! previous/next, cards, links in pages, the sitemap, `llms.txt`, twins and edit links.

mod common;
use common::{build, copy_fixture, text, write};

#[test]
fn routes_with_url_characters_are_encoded_the_same_everywhere() {
    let tmp = copy_fixture("basic");
    let r = tmp.path();
    write(
        r,
        "docs/guides/q?x.md",
        "---\ntitle: Query page\n---\n\nQ.\n",
    );
    write(
        r,
        "docs/guides/h#x.md",
        "---\ntitle: Hash page\n---\n\n## Part\n\nH.\n",
    );
    write(
        r,
        "docs/guides/a b.md",
        "---\ntitle: Spaced page\n---\n\nS.\n",
    );
    write(
        r,
        "docs/guides/linker.md",
        "---\ntitle: Linker\n---\n\n[q](./q%3Fx.md) [h](/guides/h%23x#part) [s](<./a b.md>)\n",
    );
    let built = build(r);
    let raw = ["/guides/q?x", "/guides/h#x", "/guides/a b"];
    let encoded = ["/guides/q%3Fx", "/guides/h%23x", "/guides/a%20b"];
    let site = text(&built, "_site/site.json");
    let sitemap = text(&built, "sitemap.xml");
    let llms = text(&built, "llms.txt");
    for url in encoded {
        assert!(
            site.contains(&format!("\"href\":\"{url}\"")),
            "{url}: {site}"
        );
        assert!(sitemap.contains(&format!("fixture.example{url}<")), "{url}");
        assert!(
            llms.contains(&format!("fixture.example{url})")),
            "{url}: {llms}"
        );
    }
    let page = text(&built, "guides/q?x/index.html");
    assert!(
        page.contains("<link rel=\"canonical\" href=\"https://fixture.example/guides/q%3Fx\">"),
        "{page}"
    );
    assert!(page.contains("type=\"text/markdown\" href=\"/guides/q%3Fx.md\""));
    assert!(page.contains("href=\"https://git.example/edit/main/docs/guides/q%3Fx.md\""));
    let linker = text(&built, "guides/linker/index.html");
    for href in ["/guides/q%3Fx", "/guides/h%23x#part", "/guides/a%20b"] {
        assert!(linker.contains(&format!("href=\"{href}\"")), "{href}");
    }
    // No raw route anywhere as a URL: the page data's `route` alone is the route as named.
    for (path, bytes) in &built.output.files {
        if path.starts_with("_site/search/") {
            continue;
        }
        let mut t = String::from_utf8_lossy(bytes).into_owned();
        for route in raw {
            t = t.replace(&format!("\"route\":\"{route}\""), "");
        }
        for route in raw {
            assert!(!t.contains(route), "{path} holds `{route}`");
        }
    }
}
