//! A small built site made by hand: the files the MCP server reads (catalogue, site and page
//! JSON, twins), as the engine writes them.

#![allow(dead_code)]

use docsite_engine::output::Output;
use serde_json::json;

pub struct FixturePage {
    pub id: &'static str,
    pub route: &'static str,
    pub title: &'static str,
    pub sidebar: Option<&'static str>,
    pub twin: String,
    pub toc: Vec<(&'static str, &'static str, u8)>,
}

pub fn pages() -> Vec<FixturePage> {
    vec![
        FixturePage {
            id: "intro",
            route: "/",
            title: "Overview",
            sidebar: Some("docs"),
            twin: "# Overview\n\nDagster orchestrates data assets.\n".into(),
            toc: vec![],
        },
        FixturePage {
            id: "guides/retries",
            route: "/guides/retries",
            title: "Retrying failed runs",
            sidebar: Some("docs"),
            twin: "# Retrying failed runs\n\nWhen a run fails, Dagster can start it again.\n\n## Run retries\n\nSet `dagster/max_retries` on a job to retry a failed run automatically.\n\n## Op retries\n\nA `RetryPolicy` retries one op.\n".into(),
            toc: vec![("run-retries", "Run retries", 2), ("op-retries", "Op retries", 2)],
        },
        FixturePage {
            id: "guides/schedules",
            route: "/guides/schedules",
            title: "Schedules",
            sidebar: Some("docs"),
            twin: format!("# Schedules\n\nA schedule runs a job at fixed times, written as a cron string.\n\n## Long section\n\n{}\n", "Cron text goes on and on. ".repeat(2000)),
            toc: vec![("long-section", "Long section", 2)],
        },
        FixturePage {
            id: "api/assets",
            route: "/api/assets",
            title: "assets",
            sidebar: Some("api"),
            twin: "# assets\n\n## Defining assets\n\n### `asset`\n\n```python\n@dagster.asset(name: str | None = None)\n```\n\n[Source](https://example.com/a.py#L1)\n\nDefines an asset.\n\n| Parameter | Type | Default | Description |\n| --- | --- | --- | --- |\n| `name` | `str \\| None` | `None` | The asset's name. |\n\n### `AssetKey`\n\n```python\nclass dagster.AssetKey(path: str)\n```\n\n[Source](https://example.com/k.py#L2)\n\nThe name of an asset.\n".into(),
            toc: vec![("defining-assets", "Defining assets", 2), ("dagster.asset", "asset", 3), ("dagster.AssetKey", "AssetKey", 3)],
        },
        FixturePage {
            id: "secret/unlisted",
            route: "/secret/unlisted",
            title: "Hidden page",
            sidebar: None,
            twin: "# Hidden page\n\nNot for search: zebra.\n".into(),
            toc: vec![],
        },
    ]
}

fn twin_path(route: &str) -> String {
    match route.trim_matches('/') {
        "" => "index.md".into(),
        r => format!("{r}.md"),
    }
}

fn json_path(route: &str) -> String {
    match route.trim_matches('/') {
        "" => "_site/pages/index.json".into(),
        r => format!("_site/pages/{r}.json"),
    }
}

pub fn output() -> Output {
    let mut out = Output::default();
    let pages = pages();
    let catalogue: Vec<_> = pages
        .iter()
        .map(|p| {
            json!({"id": p.id, "title": p.title, "description": format!("About {}", p.title),
                   "sidebar": p.sidebar, "unlisted": p.sidebar.is_none(), "route": p.route})
        })
        .collect();
    out.insert(
        "_site/catalogue.json",
        json!({ "pages": catalogue }).to_string(),
    );
    let site = json!({
        "title": "Fixture docs",
        "url": "https://docs.example.com",
        "version": {"version": "1.0", "label": "1.0", "isLast": true},
        "navbar": [{"label": "Docs", "to": "/", "sidebar": "docs"}, {"label": "API reference", "to": "/api/assets", "sidebar": "api"}],
        "sidebars": {
            "docs": [
                {"type": "link", "label": "Overview", "href": "/", "docId": "intro"},
                {"type": "category", "label": "Guides", "items": [
                    {"type": "link", "label": "Retrying failed runs", "href": "/guides/retries", "docId": "guides/retries"},
                    {"type": "link", "label": "Schedules", "href": "/guides/schedules", "docId": "guides/schedules"}
                ]}
            ],
            "api": [{"type": "link", "label": "assets", "href": "/api/assets", "docId": "api/assets"}]
        }
    });
    out.insert("_site/site.json", site.to_string());
    for p in &pages {
        let toc: Vec<_> = p
            .toc
            .iter()
            .map(|(id, text, level)| json!({"id": id, "text": text, "level": level}))
            .collect();
        out.insert(
            json_path(p.route),
            json!({"id": p.id, "title": p.title, "toc": toc}).to_string(),
        );
        out.insert(twin_path(p.route), p.twin.clone());
    }
    out
}

pub fn docs() -> docsite_mcp::Docs {
    docsite_mcp::docs_from_output(&output(), None).expect("fixture loads")
}
