//! The API inventory: facts about a documented Python package (names, signatures, lifecycle,
//! source lines), generated from the pinned package by `scripts/api-inventory.sh`, and the
//! index the renderer looks names up in.

use serde::Deserialize;
use std::collections::HashMap;
use std::sync::Arc;

/// One package's inventory file (`site/api/<package>.json`).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Inventory {
    pub package: String,
    pub version: String,
    /// The package's source at the pinned version; a file path under it plus `#L<line>`
    /// points at a definition.
    pub source_url: String,
    pub objects: Vec<ApiObject>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiObject {
    /// The qualified name (`dagster.asset`, `dagster.AssetSpec.replace_attributes`).
    pub name: String,
    /// class, enum, function, decorator, constant; method or property for members.
    pub kind: String,
    /// `None` for objects that take no call (constants, properties, classes without one).
    pub parameters: Option<Vec<Param>>,
    pub returns: Option<String>,
    /// A constant's annotation and value.
    pub annotation: Option<String>,
    pub value: Option<String>,
    #[serde(default)]
    pub lifecycle: Vec<Lifecycle>,
    pub source: Source,
    #[serde(default)]
    pub members: Vec<ApiObject>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Param {
    pub name: String,
    /// positional-only, positional, keyword-only, var-positional, var-keyword.
    pub kind: String,
    pub annotation: Option<String>,
    pub default: Option<String>,
    pub required: bool,
    #[serde(default)]
    pub lifecycle: Vec<Lifecycle>,
}

impl Param {
    /// The name as a call writes it: `*args`, `**kwargs`, `name`.
    pub fn display_name(&self) -> String {
        match self.kind.as_str() {
            "var-positional" => format!("*{}", self.name),
            "var-keyword" => format!("**{}", self.name),
            _ => self.name.clone(),
        }
    }
}

/// beta, preview, deprecated or superseded, with what the package says about it.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Lifecycle {
    pub kind: String,
    pub breaking_version: Option<String>,
    pub note: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Source {
    pub file: String,
    pub line: usize,
}

/// Every inventory of the site, and where each documented name has its entry.
#[derive(Debug, Default, Clone)]
pub struct ApiIndex {
    pub inventories: Vec<Arc<Inventory>>,
    /// Qualified name → (inventory index, path of indices to the object: top level, member).
    objects: HashMap<String, (usize, usize, Option<usize>)>,
    /// Documented qualified name → href of its entry (`/api/python-api/assets#dagster.asset`).
    pub documented: HashMap<String, String>,
}

/// An object found in the index, with the inventory it comes from.
pub struct Found<'a> {
    pub object: &'a ApiObject,
    pub inventory: &'a Inventory,
    /// The class a member belongs to.
    pub parent: Option<&'a ApiObject>,
}

impl ApiIndex {
    pub fn new(inventories: Vec<Arc<Inventory>>) -> Self {
        let mut objects = HashMap::new();
        for (i, inv) in inventories.iter().enumerate() {
            for (j, o) in inv.objects.iter().enumerate() {
                objects.insert(o.name.clone(), (i, j, None));
                for (k, m) in o.members.iter().enumerate() {
                    objects.insert(m.name.clone(), (i, j, Some(k)));
                }
            }
        }
        Self {
            inventories,
            objects,
            documented: HashMap::new(),
        }
    }

    pub fn get(&self, name: &str) -> Option<Found<'_>> {
        let &(i, j, member) = self.objects.get(name)?;
        let inventory = &self.inventories[i];
        let top = &inventory.objects[j];
        Some(match member {
            Some(k) => Found {
                object: &top.members[k],
                inventory,
                parent: Some(top),
            },
            None => Found {
                object: top,
                inventory,
                parent: None,
            },
        })
    }

    /// The href of a documented name.
    pub fn href(&self, name: &str) -> Option<&str> {
        self.documented.get(name).map(String::as_str)
    }

    /// Inline code naming a documented API (`dg.asset`, `@dg.asset`, `dagster.Definitions`,
    /// `dg.AssetSpec()`): its qualified name and href. `dg` is the conventional alias of
    /// `dagster`.
    pub fn code_link(&self, code: &str) -> Option<(String, &str)> {
        let name = code.trim();
        let name = name.strip_prefix('@').unwrap_or(name);
        let name = name.strip_suffix("()").unwrap_or(name);
        if name.is_empty() || !name.contains('.') || name.contains(char::is_whitespace) {
            return None;
        }
        let qualified = match name.strip_prefix("dg.") {
            Some(rest) => format!("dagster.{rest}"),
            None => name.to_string(),
        };
        let href = self.href(&qualified)?;
        Some((qualified, href))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index() -> ApiIndex {
        let inv: Inventory = serde_json::from_str(
            r#"{"package":"dagster","version":"1","sourceUrl":"https://x/","objects":[
            {"name":"dagster.asset","kind":"decorator","parameters":[],"source":{"file":"a.py","line":3}},
            {"name":"dagster.AssetSpec","kind":"class","source":{"file":"b.py","line":9},
             "members":[{"name":"dagster.AssetSpec.replace_attributes","kind":"method","parameters":[],"source":{"file":"b.py","line":20}}]}]}"#,
        )
        .unwrap();
        let mut index = ApiIndex::new(vec![Arc::new(inv)]);
        index
            .documented
            .insert("dagster.asset".into(), "/api/assets#dagster.asset".into());
        index
    }

    #[test]
    fn finds_top_level_names_and_members() {
        let index = index();
        assert_eq!(index.get("dagster.asset").unwrap().object.kind, "decorator");
        let member = index.get("dagster.AssetSpec.replace_attributes").unwrap();
        assert_eq!(member.parent.unwrap().name, "dagster.AssetSpec");
        assert!(index.get("dagster.nope").is_none());
    }

    #[test]
    fn inline_code_links_only_documented_names() {
        let index = index();
        for code in ["dg.asset", "@dg.asset", "dagster.asset", "dg.asset()"] {
            assert_eq!(
                index.code_link(code).map(|(n, _)| n),
                Some("dagster.asset".into()),
                "{code}"
            );
        }
        assert!(index.code_link("dg.AssetSpec").is_none(), "not documented");
        assert!(index.code_link("asset").is_none(), "not qualified");
        assert!(index.code_link("x = dg.asset").is_none());
    }
}
