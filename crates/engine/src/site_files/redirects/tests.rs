//! Tests of checking and writing redirects.

use super::*;
use docsite_core::config::Paths;

fn rule(from: &[&str], to: &str) -> RedirectConfig {
    RedirectConfig {
        from: Paths(from.iter().map(|s| s.to_string()).collect()),
        to: to.to_string(),
    }
}

fn check(rules: &[RedirectConfig]) -> Result<Vec<Redirect>, Vec<String>> {
    let routes: HashSet<&str> = ["/", "/new", "/new/a", "/new/b/c", "/page"].into();
    let files: HashSet<String> = ["img/x.png".to_string(), "sitemap.xml".to_string()].into();
    let known = Known {
        routes: &routes,
        files: &files,
    };
    let nowhere = tempfile::tempdir().unwrap();
    resolve(&SiteFolder::new(nowhere.path()).unwrap(), rules, &known)
        .map_err(|ds| ds.into_iter().map(|d| d.message).collect())
}

fn pair(from: &str, to: &str) -> Redirect {
    Redirect {
        from: from.into(),
        to: to.into(),
    }
}

#[test]
fn plain_redirects_and_lists_of_old_paths() {
    let got = check(&[
        rule(&["/old-page/", "/older"], "/page"),
        rule(&["/ext"], "https://example.com/x"),
        rule(&["/to-anchor"], "/new/a#part"),
        rule(&["/to-file"], "/img/x.png"),
    ])
    .unwrap();
    assert_eq!(
        got,
        vec![
            pair("/ext", "https://example.com/x"),
            pair("/old-page", "/page"),
            pair("/older", "/page"),
            pair("/to-anchor", "/new/a#part"),
            pair("/to-file", "/img/x.png"),
        ]
    );
}

#[test]
fn a_folder_rule_redirects_every_page_under_the_new_folder() {
    let got = check(&[rule(&["/old/*"], "/new/*")]).unwrap();
    assert_eq!(
        got,
        vec![
            pair("/old", "/new"),
            pair("/old/a", "/new/a"),
            pair("/old/b/c", "/new/b/c"),
        ]
    );
}

#[test]
fn refuses_pages_files_missing_targets_chains_and_loops() {
    let errors = |rules: &[RedirectConfig]| check(rules).unwrap_err().join("\n");
    assert!(errors(&[rule(&["/page"], "/new")]).contains("`/page` is a page of the site"));
    assert!(errors(&[rule(&["/new.md"], "/page")]).contains("is a file of the site"));
    assert!(errors(&[rule(&["/sitemap.xml"], "/page")]).contains("the engine's file `sitemap.xml`"));
    assert!(errors(&[rule(&["/_site/x"], "/page")]).contains("`/_site/`, the engine's folder"));
    assert!(errors(&[rule(&["/x"], "/missing")]).contains("no page or file at `/missing`"));
    assert!(errors(&[rule(&["/x"], "page")]).contains("must be a path of the site"));
    let looped = errors(&[rule(&["/a"], "/b"), rule(&["/b"], "/a")]);
    assert!(looped.contains("redirect loop: /a → /b → /a"), "{looped}");
    let chained = errors(&[rule(&["/a"], "/b"), rule(&["/b"], "/page")]);
    assert!(chained.contains("point it at `/page`"), "{chained}");
    assert!(errors(&[rule(&["/a"], "/a")]).contains("redirect loop"));
    assert!(errors(&[rule(&["/a"], "/page"), rule(&["/a/"], "/new")]).contains("redirected twice"));
    assert!(errors(&[rule(&["/old/*"], "/page")]).contains("`/*` at the end of both"));
    assert!(errors(&[rule(&["/old/*"], "/none/*")]).contains("no page is under `/none`"));
    assert!(errors(&[rule(&["/../x"], "/page")]).contains("cannot be redirected"));
    assert!(errors(&[rule(&["/a"], "/page; return 200")]).contains("holds `;`"));
    assert!(errors(&[rule(&["/a"], "/page$host")]).contains("holds `$`"));
    assert!(errors(&[rule(&["/a#b"], "/page")]).contains("no `#` or `?`"));
}

#[test]
fn each_error_points_at_its_entry_in_site_yaml() {
    let dir = tempfile::tempdir().unwrap();
    let yaml = "title: T\nurl: https://x.io\nredirects:\n  - from: /fine\n    to: /page\n  - from: [/gone]\n    to: /missing\n";
    std::fs::write(dir.path().join("site.yaml"), yaml).unwrap();
    let routes: HashSet<&str> = ["/page"].into();
    let files = HashSet::new();
    let known = Known {
        routes: &routes,
        files: &files,
    };
    let rules = [rule(&["/fine"], "/page"), rule(&["/gone"], "/missing")];
    let site = SiteFolder::new(dir.path()).unwrap();
    let errors = resolve(&site, &rules, &known).unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].line, 6, "{errors:?}");
}

#[test]
fn writes_a_page_per_old_path_and_the_lines_for_hosts() {
    let mut output = Output::default();
    output.insert(REDIRECTS_FILE, "/kept /page 302\n");
    insert(
        &mut output,
        &[
            pair("/old", "/new/a#part"),
            pair("/ext", "https://example.com/"),
        ],
        "https://docs.example.com/",
    );
    let page = String::from_utf8(output.get("old/index.html").unwrap().to_vec()).unwrap();
    assert!(page.contains("<meta http-equiv=\"refresh\" content=\"0; url=/new/a#part\">"));
    assert!(page.contains("<link rel=\"canonical\" href=\"https://docs.example.com/new/a#part\">"));
    assert!(page.contains("<meta name=\"robots\" content=\"noindex\">"));
    let lines = String::from_utf8(output.get(REDIRECTS_FILE).unwrap().to_vec()).unwrap();
    assert_eq!(
        lines,
        "/kept /page 302\n/old /new/a#part 301\n/ext https://example.com/ 301\n"
    );
    let nginx = String::from_utf8(output.get(NGINX_FILE).unwrap().to_vec()).unwrap();
    assert!(nginx.contains("location = /old { return 301 /new/a#part; }\n"));
    assert!(nginx.contains("location = /old/ { return 301 /new/a#part; }\n"));
}
