//! The site's components as one set of modules: each file read, transformed, rewritten to the
//! registry's CommonJS shape, its imports resolved, and every file it reaches added in turn.
//! Stylesheets go into one CSS text; modules the app provides are left to the app.

use crate::cache::CompiledFiles;
use crate::resolve::{dir_of, inside, resolve, Resolved};
use crate::{css, esm, transform};
use std::collections::{BTreeMap, HashSet};
use std::path::Path;

/// The largest file a component may import (a bundled package can be large).
const MAX_FILE_BYTES: u64 = 8 << 20;

/// A module: the body of its factory and where each specifier it requires leads.
#[derive(Debug, Clone)]
pub struct Module {
    pub code: String,
    pub deps: BTreeMap<String, String>,
}

/// A problem in a component file, at a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BundleError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for BundleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

#[derive(Debug, Default)]
pub struct Bundle {
    pub modules: BTreeMap<String, Module>,
    /// The stylesheets, in the order their modules were first reached.
    pub css: String,
    css_seen: HashSet<String>,
}

impl Bundle {
    /// Adds the module `id` (a path under `root`) and everything it imports; files whose text
    /// `compiled` holds from an earlier build are not compiled again.
    pub fn add(
        &mut self,
        root: &Path,
        id: &str,
        compiled: &mut CompiledFiles,
    ) -> Result<(), BundleError> {
        let mut stack = vec![id.to_string()];
        while let Some(id) = stack.pop() {
            if self.modules.contains_key(&id) {
                continue;
            }
            let module = self.load(root, &id, compiled)?;
            for dep in module.deps.values() {
                if !crate::resolve::PROVIDED.contains(&dep.as_str()) {
                    stack.push(dep.clone());
                }
            }
            self.modules.insert(id, module);
        }
        Ok(())
    }

    fn load(
        &mut self,
        root: &Path,
        id: &str,
        compiled: &mut CompiledFiles,
    ) -> Result<Module, BundleError> {
        let err = |line: usize, message: String| BundleError {
            file: id.to_string(),
            line,
            message,
        };
        let text = read(root, id).map_err(|m| err(1, m))?;
        if id.ends_with(".css") {
            return Ok(self.stylesheet(id, &text));
        }
        if id.ends_with(".json") {
            return Ok(Module {
                code: format!("module.exports={text};"),
                deps: BTreeMap::new(),
            });
        }
        let cjs = compiled.get_or_compile(id, crate::hash_hex(text.as_bytes()), || {
            let js = transform::to_javascript(id, &text).map_err(|e| err(e.line, e.message))?;
            esm::to_commonjs(id, &js).map_err(|e| err(e.line, e.message))
        })?;
        let mut deps = BTreeMap::new();
        for (spec, line) in &cjs.requires {
            // The line in the file as written, where the specifier appears first.
            let line = written_line(&text, spec).unwrap_or(*line);
            let found = resolve(root, dir_of(id), spec)
                .map_err(|m| err(line, format!("cannot import `{spec}`: {m}")))?;
            let target = match found {
                Resolved::Provided(s) => s,
                Resolved::File(p) => p,
            };
            deps.insert(spec.clone(), target);
        }
        Ok(Module {
            code: cjs.code,
            deps,
        })
    }

    fn stylesheet(&mut self, id: &str, text: &str) -> Module {
        let (css, code) = if id.ends_with(".module.css") {
            let (css, classes) = css::scope(id, text);
            let map = serde_json::to_string(&classes).expect("a map serialises");
            (css, format!("Object.defineProperty(exports,\"__esModule\",{{value:true}});exports.default={map};"))
        } else {
            (text.to_string(), String::new())
        };
        if self.css_seen.insert(id.to_string()) {
            self.css.push_str(&format!("/* {id} */\n{css}\n"));
        }
        Module {
            code,
            deps: BTreeMap::new(),
        }
    }

    /// The modules `id` reaches (itself first), each once.
    pub fn closure(&self, id: &str) -> Vec<&str> {
        let mut seen = Vec::new();
        let mut stack = vec![id];
        while let Some(m) = stack.pop() {
            let Some((key, module)) = self.modules.get_key_value(m) else {
                continue;
            };
            if seen.contains(&key.as_str()) {
                continue;
            }
            seen.push(key.as_str());
            stack.extend(module.deps.values().map(String::as_str));
        }
        seen
    }

    /// A JavaScript object literal of the given modules, for the registry's `define`.
    pub fn definitions<'a>(&self, ids: impl IntoIterator<Item = &'a str>) -> String {
        let mut out = String::from("{");
        for id in ids {
            let m = &self.modules[id];
            let deps = serde_json::to_string(&m.deps).expect("a map serialises");
            let key = serde_json::to_string(id).expect("a string serialises");
            // Packages test `process.env.NODE_ENV`; browsers have no `process`.
            out.push_str(&format!(
                "{key}:[function(module,exports,require,__h){{var process={{env:{{NODE_ENV:\"production\"}}}};\n{}\n}},{deps}],\n",
                m.code
            ));
        }
        out.push('}');
        out
    }
}

fn written_line(text: &str, spec: &str) -> Option<usize> {
    ["\"", "'", "`"]
        .iter()
        .find_map(|q| text.find(&format!("{q}{spec}{q}")))
        .map(|at| transform::line_of(text, at))
}

fn read(root: &Path, id: &str) -> Result<String, String> {
    let path = inside(root, id).ok_or("the file is outside the site folder or missing")?;
    let meta = std::fs::metadata(&path).map_err(|e| e.to_string())?;
    if !meta.is_file() || meta.len() > MAX_FILE_BYTES {
        return Err(format!(
            "not a regular file of at most {MAX_FILE_BYTES} bytes"
        ));
    }
    std::fs::read_to_string(&path).map_err(|e| e.to_string())
}
