use super::*;
use crate::CARDS_MARKER;

fn resolve(url: &str, _from: Option<&str>) -> String {
    match url.strip_suffix(".md") {
        Some(stem) => format!("/guides/{}", stem.trim_start_matches("./")),
        None => url.replace(".md#", "#"),
    }
}
fn load(path: &str) -> Result<String, String> {
    match path {
        "a.py" => Ok(
            "import dagster as dg\n\n# start_x\n@dg.asset\ndef x():\n    return 1\n# end_x\n"
                .into(),
        ),
        _ => Err("no such file".into()),
    }
}
fn no_url(_: &str) -> Option<String> {
    None
}

fn md(src: &str) -> String {
    let options = Options::new(&resolve, &load, &no_url);
    let twin = TwinOptions {
        site_url: "https://docs.example/",
        route: "/guides/page",
    };
    to_markdown(src, &options, &twin).unwrap()
}

#[test]
fn leading_title_imports_and_comments_are_dropped() {
    assert_eq!(
        md("import X from '@site/x';\n\n# Title\n\nHello {/* note */} world.\n"),
        "Hello  world.\n"
    );
}

#[test]
fn words_are_copied_as_written() {
    assert_eq!(
        md("Some *emphasis*, __strong__, `code`, ~~gone~~, a \\* star &amp; an entity.\n"),
        "Some *emphasis*, __strong__, `code`, ~~gone~~, a \\* star &amp; an entity.\n"
    );
}

#[test]
fn headings_lose_custom_ids() {
    assert_eq!(
        md("## Install it {#install}\n\nText.\n"),
        "## Install it\n\nText.\n"
    );
}

#[test]
fn internal_links_and_images_become_absolute() {
    assert_eq!(
        md("See [other](./other.md), [route](/guides/x#a), [here](#top), [out](https://x.io/a) and https://x.io/b.\n\n![Logo](/images/logo.svg \"The logo\")\n"),
        "See [other](https://docs.example/guides/other), [route](https://docs.example/guides/x#a), [here](https://docs.example/guides/page#top), [out](https://x.io/a) and https://x.io/b.\n\n![Logo](https://docs.example/images/logo.svg \"The logo\")\n"
    );
}

#[test]
fn reference_definitions_are_made_absolute() {
    assert_eq!(
        md("Read [the guide][g].\n\n[g]: /guides/g\n"),
        "Read [the guide][g].\n\n[g]: https://docs.example/guides/g\n"
    );
}

#[test]
fn code_fences_keep_language_and_title_only() {
    assert_eq!(
        md("```python title=\"defs.py\" {1,3} showLineNumbers\nx = 1\n```\n"),
        "```python title=\"defs.py\"\nx = 1\n```\n"
    );
    assert_eq!(
        md("````md\n```\ninner\n```\n````\n"),
        "````md\n```\ninner\n```\n````\n"
    );
}

#[test]
fn code_example_becomes_the_code_it_shows() {
    assert_eq!(
        md("<CodeExample path=\"a.py\" title=\"a.py\" startAfter=\"start_x\" endBefore=\"end_x\" />\n"),
        "```python title=\"a.py\"\n@dg.asset\ndef x():\n    return 1\n```\n"
    );
    assert_eq!(
        md("<CodeExample path=\"a.py\" language=\"text\" lineStart=\"1\" lineEnd=\"1\" />\n"),
        "```text\nimport dagster as dg\n```\n"
    );
}

#[test]
fn admonitions_become_blockquotes_naming_their_type() {
    assert_eq!(
        md(":::note\n\nPlain **note**.\n\n:::\n"),
        "> **Note**\n>\n> Plain **note**.\n"
    );
    assert_eq!(
        md(":::tip[Be quick]\n\nOne.\n\n- a\n- b\n\n:::\n"),
        "> **Tip: Be quick**\n>\n> One.\n>\n> - a\n> - b\n"
    );
}

#[test]
fn tabs_become_labelled_sections() {
    let src = "<Tabs groupId=\"pm\">\n<TabItem value=\"pip\" label=\"pip\">\n\n```bash\npip install dagster\n```\n\n</TabItem>\n<TabItem value=\"uv\">\n\nUse uv.\n\n</TabItem>\n</Tabs>\n";
    assert_eq!(
        md(src),
        "**pip**\n\n```bash\npip install dagster\n```\n\n**uv**\n\nUse uv.\n"
    );
}

#[test]
fn indented_component_content_is_not_code() {
    let src = "<Tabs>\n  <TabItem value=\"a\" label=\"A\">\n    Text *here*\n    and there.\n\n    ```bash\n    run\n    ```\n  </TabItem>\n</Tabs>\n";
    assert_eq!(
        md(src),
        "**A**\n\nText *here*\nand there.\n\n```bash\nrun\n```\n"
    );
}

#[test]
fn details_show_their_summary_in_bold() {
    assert_eq!(
        md("<details>\n<summary>More</summary>\n\nHidden text.\n\n</details>\n"),
        "**More**\n\nHidden text.\n"
    );
}

#[test]
fn card_lists_leave_a_marker_for_the_build() {
    assert_eq!(
        md("Cards:\n\n<DocCardList />\n"),
        format!("Cards:\n\n{CARDS_MARKER}\n")
    );
}

#[test]
fn lists_quotes_and_nesting() {
    assert_eq!(
        md("* one\n  continued\n* two\n  1. inner\n  2. more\n\n> quoted\n> text\n>\n> - item\n"),
        "- one\n  continued\n- two\n  1. inner\n  2. more\n\n> quoted\n> text\n>\n> - item\n"
    );
    assert_eq!(md("- [x] done\n- [ ] todo\n"), "- [x] done\n- [ ] todo\n");
    assert_eq!(md("- a\n\n  b\n- c\n"), "- a\n\n  b\n\n- c\n");
}

#[test]
fn tables_and_breaks() {
    assert_eq!(
        md("| A | B |\n| :-- | --: |\n| `x` | y<br />z |\n"),
        "| A | B |\n| :--- | ---: |\n| `x` | y z |\n"
    );
    assert_eq!(md("one\\\ntwo\n"), "one\\\ntwo\n");
}

#[test]
fn html_elements_become_markdown() {
    assert_eq!(
        md("Press <kbd>Ctrl</kbd>, <b>bold</b>, <a href=\"/guides/x\">x</a>.\n"),
        "Press `Ctrl`, **bold**, [x](https://docs.example/guides/x).\n"
    );
}

#[test]
fn render_writes_the_same_twin_from_its_own_parse() {
    let src = "# T\n\n:::note\n\nSee [x](./x.md).\n\n:::\n";
    let twin = TwinOptions {
        site_url: "https://docs.example/",
        route: "/guides/page",
    };
    let options = Options {
        twin: Some(twin),
        ..Options::new(&resolve, &load, &no_url)
    };
    let rendered = crate::render(src, &options).unwrap();
    assert_eq!(rendered.markdown.as_deref(), Some(md(src).as_str()));
    assert_eq!(
        md(src),
        "> **Note**\n>\n> See [x](https://docs.example/guides/x).\n"
    );
}

#[test]
fn absolute_urls() {
    let twin = TwinOptions {
        site_url: "https://docs.example",
        route: "/",
    };
    assert_eq!(absolute_url("#a", &twin), "https://docs.example/#a");
    assert_eq!(absolute_url("/x", &twin), "https://docs.example/x");
    assert_eq!(absolute_url("mailto:a@b.c", &twin), "mailto:a@b.c");
}
