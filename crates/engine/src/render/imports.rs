//! What a page's `import X from './x'` lines reach: Markdown partials (read at load time) and
//! files next to pages (served hashed). Paths stay inside the site: `./` and `../` from the
//! folder of the file holding the line (the page's, or an imported partial's), `@site/` from
//! the site root. Site components (`.jsx`, `.tsx`, `.js`, `.ts` files and packages of the site's
//! `node_modules`) are resolved by the components crate.

use crate::load::doc_assets::AssetUrls;
use crate::load::paths::{join, normalise};
use crate::load::SiteSources;
use docsite_markdown::Imported;

pub fn import(
    path: &str,
    dir: &str,
    sources: &SiteSources,
    assets: &AssetUrls,
) -> Result<Imported, String> {
    // A named import comes as `./x#Name`.
    let (path, export) = match path.rsplit_once('#') {
        Some((p, e)) => (p, e),
        None => (path, "default"),
    };
    if let Some(found) = component(path, &join(&sources.docs_dir, dir), &sources.root) {
        return found.map(|module| Imported::Component {
            module,
            export: export.to_string(),
        });
    }
    if export != "default" {
        return Err("a named import must name a site component (a `.jsx`, `.tsx`, `.js` or `.ts` file, or a package)".into());
    }
    let site_path = match path.strip_prefix("@site/") {
        Some(p) => normalise(p),
        None => {
            let dir = join(&sources.docs_dir, dir);
            if escapes(&dir, path) {
                return Err("the path leaves the site folder".into());
            }
            normalise(&join(&dir, path))
        }
    };
    if let Some(static_path) = site_path.strip_prefix("static/") {
        return if sources.static_files.contains_key(static_path) {
            Ok(Imported::Asset {
                url: format!("/{static_path}"),
            })
        } else {
            Err("no such file".into())
        };
    }
    // A versioned page's `@site/docs/…` import reads the version's own copy of the file.
    let own = format!("{}/", sources.docs_dir);
    let Some(rel) = site_path
        .strip_prefix(own.as_str())
        .or_else(|| site_path.strip_prefix("docs/"))
    else {
        return Err("only files under docs/ and static/ can be imported".into());
    };
    if rel.ends_with(".md") || rel.ends_with(".mdx") {
        let text = sources
            .partials
            .get(rel)
            .cloned()
            .or_else(|| {
                sources
                    .pages
                    .iter()
                    .find(|p| p.rel_path == rel)
                    .map(|p| p.body().to_string())
            })
            .ok_or("no such Markdown file")?;
        return Ok(Imported::Markdown {
            path: format!("{own}{rel}"),
            text,
        });
    }
    match assets.get(rel) {
        Some(url) => Ok(Imported::Asset { url: url.clone() }),
        None => Err("no such file".into()),
    }
}

/// The module id of a site component the path names, if it names one: a script file of the
/// site, or any package (which must then be found). `dir` is the importing file's folder under
/// the site folder.
fn component(path: &str, dir: &str, root: &std::path::Path) -> Option<Result<String, String>> {
    use docsite_components::resolve::{resolve, Resolved};
    let bare = !(path.starts_with("./") || path.starts_with("../") || path.starts_with("@site/"));
    let script = |p: &str| {
        [".js", ".jsx", ".ts", ".tsx", ".mjs", ".cjs"]
            .iter()
            .any(|e| p.ends_with(e))
    };
    match resolve(root, dir, path) {
        Ok(Resolved::File(p)) if script(&p) => Some(Ok(p)),
        Ok(Resolved::Provided(p)) => Some(Err(format!(
            "`{p}` is for site components to import; pages use the engine's own components"
        ))),
        Err(e) if bare => Some(Err(e)),
        _ => None,
    }
}

/// Whether `..` segments climb above the site root from `dir` (a path under the root).
fn escapes(dir: &str, rel: &str) -> bool {
    let mut depth = dir.split('/').filter(|s| !s.is_empty()).count() as isize;
    for seg in rel.split('/') {
        match seg {
            ".." => depth -= 1,
            "" | "." => {}
            _ => depth += 1,
        }
        if depth < 0 {
            return true;
        }
    }
    false
}
