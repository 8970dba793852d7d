//! Where an import leads: a file of the site (`./x`, `../x`, `@site/x`), a package of the site's
//! own `node_modules`, or a module the app provides (React, the Docusaurus shims). Module ids
//! are paths under the site folder (`src/components/Card.jsx`); every file found must stay
//! inside it, symbolic links included.

use std::path::{Path, PathBuf};

/// Modules the app gives site components (`web/src/islands/modules.ts` lists the same).
pub const PROVIDED: &[&str] = &[
    "react",
    "react/jsx-runtime",
    "react/jsx-dev-runtime",
    "@docusaurus/Link",
    "@docusaurus/useBaseUrl",
    "@docusaurus/useDocusaurusContext",
    "@docusaurus/BrowserOnly",
    "@docusaurus/Head",
    "@docusaurus/router",
    "@docusaurus/theme-common",
    "@theme/CodeBlock",
    "@theme/Tabs",
    "@theme/TabItem",
    "@theme/Admonition",
    "@theme/Heading",
    "@theme/Details",
    "clsx",
];

/// Extensions tried, in order, for a path written without one.
const EXTENSIONS: &[&str] = &["tsx", "ts", "jsx", "js", "mjs", "cjs"];

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolved {
    /// A module the app provides, by its specifier.
    Provided(String),
    /// A file under the site folder, by its path there.
    File(String),
}

/// Resolves `specifier` as imported by the file `from` (a path under `root`, or `None` for a
/// page under `docs/`, whose folder `page_dir` gives).
pub fn resolve(root: &Path, from_dir: &str, specifier: &str) -> Result<Resolved, String> {
    if PROVIDED.contains(&specifier) {
        return Ok(Resolved::Provided(specifier.to_string()));
    }
    if specifier.starts_with("@docusaurus/") || specifier.starts_with("@theme/") {
        return Err(format!(
            "`{specifier}` is not provided; site components may import {}",
            PROVIDED.join(", ")
        ));
    }
    let base = if let Some(rest) = specifier.strip_prefix("@site/") {
        normalise("", rest)?
    } else if specifier.starts_with("./") || specifier.starts_with("../") {
        normalise(from_dir, specifier)?
    } else if specifier.starts_with('/') {
        return Err("an absolute path cannot be imported".into());
    } else {
        return package(root, specifier);
    };
    file(root, &base)
        .ok_or_else(|| format!("no file `{base}` (tried {})", EXTENSIONS.join(", ")))
        .map(Resolved::File)
}

/// A file as written, else with each extension, else a folder's `index` file.
fn file(root: &Path, base: &str) -> Option<String> {
    let mut tries = vec![base.to_string()];
    tries.extend(EXTENSIONS.iter().map(|e| format!("{base}.{e}")));
    tries.extend(EXTENSIONS.iter().map(|e| format!("{base}/index.{e}")));
    tries
        .into_iter()
        .find(|t| inside(root, t).is_some_and(|p| p.is_file()))
}

/// The real path of `rel` under `root`, if it exists and stays inside.
pub fn inside(root: &Path, rel: &str) -> Option<PathBuf> {
    let real_root = root.canonicalize().ok()?;
    let real = root.join(rel).canonicalize().ok()?;
    real.starts_with(&real_root).then_some(real)
}

/// `pkg`, `pkg/sub/path`, `@scope/pkg/sub` from `node_modules/` of the site.
fn package(root: &Path, specifier: &str) -> Result<Resolved, String> {
    let mut parts = specifier.splitn(3, '/');
    let first = parts.next().unwrap_or_default();
    let name = if first.starts_with('@') {
        format!("{first}/{}", parts.next().unwrap_or_default())
    } else {
        first.to_string()
    };
    let sub = specifier[name.len()..].trim_start_matches('/');
    let dir = format!("node_modules/{name}");
    if inside(root, &dir).is_none() {
        return Err(format!(
            "no package `{name}` in the site's node_modules (run `npm install` in the site folder)"
        ));
    }
    let manifest = read_manifest(root, &dir);
    let entry = if sub.is_empty() {
        main_entry(&manifest)
    } else {
        sub.to_string()
    };
    let base = normalise(&dir, &format!("./{entry}"))?;
    file(root, &base)
        .map(Resolved::File)
        .ok_or_else(|| format!("package `{name}` has no file `{entry}`"))
}

fn read_manifest(root: &Path, dir: &str) -> serde_json::Value {
    inside(root, &format!("{dir}/package.json"))
        .and_then(|p| std::fs::read_to_string(p).ok())
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(serde_json::Value::Null)
}

/// A package's entry: `exports["."]` (its `import`, `browser` or `default` condition), else
/// `module`, else `main`, else `index`.
fn main_entry(manifest: &serde_json::Value) -> String {
    let exports = &manifest["exports"];
    let dot = if exports.get(".").is_some() {
        &exports["."]
    } else {
        exports
    };
    let conditional = |v: &serde_json::Value| -> Option<String> {
        if let Some(s) = v.as_str() {
            return Some(s.to_string());
        }
        ["browser", "import", "default", "require"]
            .iter()
            .find_map(|c| {
                v.get(c).and_then(|x| {
                    x.as_str().map(str::to_string).or_else(|| {
                        x.get("default")
                            .and_then(|d| d.as_str())
                            .map(str::to_string)
                    })
                })
            })
    };
    conditional(dot)
        .or_else(|| manifest["module"].as_str().map(str::to_string))
        .or_else(|| manifest["main"].as_str().map(str::to_string))
        .unwrap_or_else(|| "index".into())
        .trim_start_matches("./")
        .to_string()
}

/// `dir` joined with a relative path, `.` and `..` applied; climbing above the site is an error.
pub fn normalise(dir: &str, rel: &str) -> Result<String, String> {
    let mut parts: Vec<&str> = dir.split('/').filter(|s| !s.is_empty()).collect();
    for seg in rel.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                if parts.pop().is_none() {
                    return Err("the path leaves the site folder".into());
                }
            }
            s => parts.push(s),
        }
    }
    Ok(parts.join("/"))
}

/// The folder of a module id (`src/components` for `src/components/A.jsx`).
pub fn dir_of(id: &str) -> &str {
    id.rsplit_once('/').map(|(d, _)| d).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_and_refuses_to_climb_out() {
        assert_eq!(normalise("docs/a", "../b/./c").unwrap(), "docs/b/c");
        assert!(normalise("docs", "../../x").is_err());
    }

    #[test]
    fn package_entry_prefers_exports_then_module_then_main() {
        let m = serde_json::json!({"main": "cjs.js", "module": "esm.js"});
        assert_eq!(main_entry(&m), "esm.js");
        let m = serde_json::json!({"main": "cjs.js", "exports": {".": {"import": "./e.mjs"}}});
        assert_eq!(main_entry(&m), "e.mjs");
        assert_eq!(main_entry(&serde_json::Value::Null), "index");
    }
}
