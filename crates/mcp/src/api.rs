//! API entries by qualified name. A documented name's entry is its section of the reference
//! page's twin (signature, lifecycle badges, source link, prose, parameter table with
//! descriptions); any other name of the inventories (known when the server built the site
//! itself) gets an entry made from the inventory: signature, lifecycle and source link.

use crate::corpus::Corpus;
use crate::text::distance_within;
use docsite_core::api::{ApiIndex, ApiObject, Inventory, Param};
use std::collections::BTreeMap;

#[derive(Debug, Clone)]
pub struct ApiEntry {
    pub name: String,
    /// The entry's absolute URL on the site, when a page documents the name.
    pub url: Option<String>,
    /// The entry as Markdown.
    pub markdown: String,
}

#[derive(Default)]
pub struct ApiCatalog {
    entries: BTreeMap<String, ApiEntry>,
    /// Lower-case name → names, for look-ups that ignore case.
    folded: BTreeMap<String, Vec<String>>,
}

pub enum Lookup<'a> {
    Found(&'a ApiEntry),
    /// The name was not found: the closest names, best first.
    Suggestions(Vec<String>),
}

/// Whether `s` is a dotted Python name (`dagster.AssetKey.path`).
fn dotted_name(s: &str) -> bool {
    s.contains('.')
        && s.split('.').all(|p| {
            p.chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_')
                && p.chars().all(|c| c.is_alphanumeric() || c == '_')
        })
}

impl ApiCatalog {
    pub fn build(corpus: &Corpus, index: Option<&ApiIndex>) -> ApiCatalog {
        let mut catalog = ApiCatalog::default();
        for page in &corpus.pages {
            for section in &page.sections {
                let Some(anchor) = section.anchor.as_deref().filter(|a| dotted_name(a)) else {
                    continue;
                };
                let markdown = &page.twin[section.range.clone()];
                if markdown.contains("```python") {
                    catalog.insert(ApiEntry {
                        name: anchor.to_string(),
                        url: Some(format!("{}#{anchor}", page.url)),
                        markdown: markdown.trim_end().to_string(),
                    });
                }
            }
        }
        for inventory in index.map(|i| i.inventories.as_slice()).unwrap_or_default() {
            for object in &inventory.objects {
                for o in std::iter::once(object).chain(&object.members) {
                    if !catalog.entries.contains_key(&o.name) {
                        catalog.insert(from_inventory(inventory, o));
                    }
                }
            }
        }
        catalog
    }

    fn insert(&mut self, entry: ApiEntry) {
        let folded = self.folded.entry(entry.name.to_lowercase()).or_default();
        if !folded.contains(&entry.name) {
            folded.push(entry.name.clone());
        }
        self.entries.insert(entry.name.clone(), entry);
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry for `name` as a reader writes it: `dg.asset`, `@dg.asset`, `dagster.asset()`,
    /// any case, or a name without its package when only one package has it (`AssetKey`).
    pub fn lookup(&self, name: &str) -> Lookup<'_> {
        let name = name.trim();
        let name = name.strip_prefix('@').unwrap_or(name);
        let name = name.strip_suffix("()").unwrap_or(name).trim();
        let name = match name.get(..3).filter(|p| p.eq_ignore_ascii_case("dg.")) {
            Some(_) => format!("dagster.{}", &name[3..]),
            None => name.to_string(),
        };
        if let Some(e) = self.entries.get(&name) {
            return Lookup::Found(e);
        }
        let lower = name.to_lowercase();
        if let Some([only]) = self.folded.get(&lower).map(Vec::as_slice) {
            return Lookup::Found(&self.entries[only]);
        }
        let suffix = format!(".{lower}");
        let by_suffix: Vec<&String> = self
            .folded
            .iter()
            .filter(|(k, _)| k.ends_with(&suffix))
            .flat_map(|(_, v)| v)
            .collect();
        if let [only] = by_suffix.as_slice() {
            return Lookup::Found(&self.entries[*only]);
        }
        let mut suggestions: Vec<(usize, &String)> = by_suffix.iter().map(|n| (0, *n)).collect();
        if suggestions.is_empty() {
            suggestions = self.close_names(&lower);
        }
        suggestions.sort();
        Lookup::Suggestions(
            suggestions
                .into_iter()
                .take(8)
                .map(|(_, n)| n.clone())
                .collect(),
        )
    }

    /// Names within a few edits of `lower`, whole or by their last part.
    fn close_names(&self, lower: &str) -> Vec<(usize, &String)> {
        let short = lower.rsplit('.').next().unwrap_or(lower);
        let budget = (lower.len() / 4).clamp(1, 3);
        let mut out = Vec::new();
        for (key, names) in &self.folded {
            let key_short = key.rsplit('.').next().unwrap_or(key);
            let d = distance_within(lower, key, budget)
                .or_else(|| distance_within(short, key_short, budget.min(2)).map(|d| d + 1));
            let d = d.or_else(|| (short.len() >= 4 && key.contains(short)).then_some(3));
            if let Some(d) = d {
                out.extend(names.iter().map(|n| (d, n)));
            }
        }
        out
    }

    pub fn names(&self) -> impl Iterator<Item = &String> {
        self.entries.keys()
    }
}

/// An entry for a name no page documents, from what the inventory knows.
fn from_inventory(inventory: &Inventory, o: &ApiObject) -> ApiEntry {
    let short = o
        .name
        .strip_prefix(&format!("{}.", inventory.package))
        .unwrap_or(&o.name);
    let mut md = format!("### `{short}`\n\n```python\n{}\n```\n\n", signature(o));
    for l in &o.lifecycle {
        let mut badge = format!("**{}**", l.kind);
        if let Some(v) = &l.breaking_version {
            badge.push_str(&format!(" (removed in {v})"));
        }
        if let Some(n) = &l.note {
            badge.push_str(&format!(": {n}"));
        }
        md.push_str(&badge);
        md.push_str("\n\n");
    }
    md.push_str(&format!(
        "[Source]({}{}#L{})\n\nNo page of the site documents this name yet; the signature \
         comes from the package.",
        inventory.source_url, o.source.file, o.source.line
    ));
    if let Some(params) = o.parameters.as_ref().filter(|p| !p.is_empty()) {
        md.push_str("\n\n| Parameter | Type | Default |\n| --- | --- | --- |\n");
        for p in params {
            let cell = |s: &Option<String>| s.as_deref().unwrap_or("").replace('|', "\\|");
            let default = if p.required {
                "required".to_string()
            } else {
                cell(&p.default)
            };
            md.push_str(&format!(
                "| `{}` | `{}` | {default} |\n",
                p.display_name(),
                cell(&p.annotation)
            ));
        }
    }
    ApiEntry {
        name: o.name.clone(),
        url: None,
        markdown: md.trim_end().to_string(),
    }
}

/// The signature on one line, as Python writes it.
fn signature(o: &ApiObject) -> String {
    let prefix = match o.kind.as_str() {
        "decorator" => "@",
        "class" | "enum" => "class ",
        "property" => "property ",
        _ => "",
    };
    let head = format!("{prefix}{}", o.name);
    if o.kind == "constant" {
        let ann = o.annotation.as_ref().map(|a| format!(": {a}"));
        let value = o.value.as_ref().map(|v| format!(" = {v}"));
        return format!(
            "{head}{}{}",
            ann.unwrap_or_default(),
            value.unwrap_or_default()
        );
    }
    let Some(params) = &o.parameters else {
        let returns = o.returns.as_ref().map(|r| format!(": {r}"));
        return format!("{head}{}", returns.unwrap_or_default());
    };
    let returns = o.returns.as_ref().map(|r| format!(" -> {r}"));
    format!(
        "{head}({}){}",
        parts(params).join(", "),
        returns.unwrap_or_default()
    )
}

fn parts(params: &[Param]) -> Vec<String> {
    let mut out = Vec::new();
    let mut star = params.iter().any(|p| p.kind == "var-positional");
    for p in params {
        if p.kind == "keyword-only" && !star {
            out.push("*".to_string());
            star = true;
        }
        let ann = p.annotation.as_ref().map(|a| format!(": {a}"));
        let default = match (&p.default, p.kind.starts_with("var-")) {
            (Some(d), false) => format!(" = {d}"),
            _ => String::new(),
        };
        out.push(format!(
            "{}{}{default}",
            p.display_name(),
            ann.unwrap_or_default()
        ));
    }
    out
}
