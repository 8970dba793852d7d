//! The site's components for one build: bundled once, loaded once into the engine, then each
//! use of a page rendered to its island's HTML (the server's HTML, the JSON both sides build
//! React elements from, and the chunk that hydrates it), plus the files the site serves: one
//! content-hashed chunk per component and one stylesheet.

use crate::bundle::{Bundle, BundleError};
use crate::cache::{AnyRoute, RenderCache};
use crate::runtime::{Engine, Limits, ScriptError, SERVER_SCRIPT_NAME};
use crate::{props, tree};
use docsite_markdown::{IslandUse, PropValue};
use serde_json::{json, Map, Value};
use std::cell::OnceCell;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Where the build serves the components' files.
const FOLDER: &str = "assets/islands";

pub struct Components {
    /// Started at the first use the cache does not hold, so a rebuild whose islands are all
    /// cached never loads the engine.
    engine: OnceCell<Result<Engine, UseError>>,
    server_script: String,
    /// Every module's `define` argument, for the engine.
    defs: Vec<(String, String)>,
    limits: Limits,
    /// Component module id → the URL of its chunk.
    chunks: BTreeMap<String, String>,
    /// Module id → the hash of everything it reaches (its chunk's code), for the cache keys.
    code_hashes: BTreeMap<String, String>,
    css_url: Option<String>,
    /// Files to serve: path under the output → bytes.
    pub files: Vec<(String, Vec<u8>)>,
}

/// A use rendered: its island HTML, and its text for the Markdown twin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedIsland {
    pub html: String,
    pub text: String,
}

/// Why a use (or the components as a whole) could not be rendered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UseError {
    /// The file at fault when it is a component file (not the page).
    pub file: Option<String>,
    pub line: usize,
    pub message: String,
    pub hint: Option<String>,
}

impl From<BundleError> for UseError {
    fn from(e: BundleError) -> Self {
        UseError {
            file: Some(e.file),
            line: e.line,
            message: e.message,
            hint: None,
        }
    }
}

fn script_error(what: &str, e: ScriptError, line: usize) -> UseError {
    let mut hint = Vec::new();
    if !e.components.trim().is_empty() {
        hint.push(format!(
            "component stack (innermost first):\n{}",
            component_lines(&e.components)
        ));
    }
    let calls = site_frames(&e.stack);
    if !calls.is_empty() {
        hint.push(format!("calls in the site's files:\n{calls}"));
    }
    UseError {
        file: None,
        line,
        message: format!("{what}: {}", e.message),
        hint: (!hint.is_empty()).then(|| hint.join("\n")),
    }
}

/// The JavaScript stack's frames in the site's own files, without their line and column:
/// those count lines of the compiled module, not of the file as written. React's own frames
/// (the app's server script) are left out.
fn site_frames(stack: &str) -> String {
    stack
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("at ") && !l.contains(SERVER_SCRIPT_NAME))
        .map(|l| {
            let without_position = match l.rsplit_once(" (") {
                Some((call, place)) => {
                    let file = place.trim_end_matches(')');
                    let file = file.split(':').next().unwrap_or(file);
                    format!("{call} ({file})")
                }
                None => l.to_string(),
            };
            format!("    {without_position}")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// React's component stack, one component a line (`    in Inner`), whether React wrote its
/// lines as `in X` or as `at X (file)`.
fn component_lines(stack: &str) -> String {
    stack
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| {
            let name = l.trim_start_matches("at ").trim_start_matches("in ");
            format!("    in {}", name.split(" (").next().unwrap_or(name))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

impl Components {
    /// Bundles the components `entries` (module ids) and everything they import (files
    /// `cache` compiled in an earlier build with the same text are not compiled again), and
    /// starts the engine with the app's `server_script`.
    pub fn build(
        root: &Path,
        entries: &BTreeSet<String>,
        server_script: &str,
        limits: Limits,
        cache: &mut RenderCache,
    ) -> Result<Self, UseError> {
        check_react(root)?;
        let mut bundle = Bundle::default();
        for id in entries {
            bundle.add(root, id, &mut cache.compiled)?;
        }
        let defs: Vec<(String, String)> = bundle
            .modules
            .keys()
            .map(|id| (id.clone(), bundle.definitions([id.as_str()])))
            .collect();
        let code_hashes = defs
            .iter()
            .map(|(id, _)| {
                (
                    id.clone(),
                    crate::hash_hex(bundle.definitions(bundle.closure(id)).as_bytes()),
                )
            })
            .collect();
        let mut files = Vec::new();
        let mut chunks = BTreeMap::new();
        for id in entries {
            let body = format!(
                "globalThis.__docsiteIslands.define({});\n",
                bundle.definitions(bundle.closure(id))
            );
            // `APITable/index.jsx` is named for its folder.
            let mut names = id
                .rsplit('/')
                .map(|n| n.split('.').next().unwrap_or_default());
            let file = names.next().unwrap_or_default();
            let name = if file == "index" {
                names.next().unwrap_or(file)
            } else {
                file
            };
            let stem: String = name
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            let path = format!(
                "{FOLDER}/{stem}-{}.js",
                &crate::hash_hex(body.as_bytes())[..10]
            );
            chunks.insert(id.clone(), format!("/{path}"));
            files.push((path, body.into_bytes()));
        }
        let css_url = (!bundle.css.is_empty()).then(|| {
            let path = format!(
                "{FOLDER}/components-{}.css",
                &crate::hash_hex(bundle.css.as_bytes())[..10]
            );
            files.push((path.clone(), bundle.css.clone().into_bytes()));
            format!("/{path}")
        });
        Ok(Components {
            engine: OnceCell::new(),
            server_script: server_script.to_string(),
            defs,
            limits,
            chunks,
            code_hashes,
            css_url,
            files,
        })
    }

    /// Renders a page's uses, in order. `context` is what `useDocusaurusContext` and
    /// `useLocation` give (`SiteContext` in `web/src/islands/context.ts`). A use whose data and
    /// component code are the same as in `cache` is not rendered again, nor one that
    /// `any_route` holds (given by a versioned site: the same use on the same page of another
    /// version, whose render did not read the route).
    pub fn render_page(
        &self,
        uses: &[IslandUse],
        context: &Value,
        cache: &mut RenderCache,
        mut any_route: Option<&mut AnyRoute>,
    ) -> Result<Vec<RenderedIsland>, UseError> {
        let mut out = Vec::with_capacity(uses.len());
        for (i, u) in uses.iter().enumerate() {
            let root = AnyRoute::element(any_route.as_deref_mut(), u, element_of)?;
            let data = docsite_core::json_order::sorted(json!({"root": root, "context": context}));
            let data_text = data.to_string();
            // Every component the island shows: its own, nested uses' and those its props name.
            let mut modules = BTreeSet::new();
            modules_used(std::slice::from_ref(u), &mut modules);
            let key = self.cache_key(&modules, &data_text);
            let kept = cache.take(&key);
            // Only on a miss: a rebuild takes most uses from `cache`.
            let free_key = (kept.is_none() && any_route.is_some())
                .then(|| self.cache_key(&modules, &without_route(&data)));
            let kept = kept.or_else(|| {
                let (any, free_key) = (any_route.as_deref()?, free_key.as_deref()?);
                any.get(free_key)
            });
            let html = match kept {
                Some(html) => html,
                None => {
                    cache.renders += 1;
                    let engine = self.engine()?;
                    let html = engine.render(&data_text).map_err(|e| {
                        script_error(&format!("`<{}>` failed to render", u.name), e, u.line)
                    })?;
                    if let (Some(any), Some(free_key)) = (any_route.as_deref_mut(), free_key) {
                        if !engine.route_read() {
                            any.keep(free_key, html.clone());
                        }
                    }
                    html
                }
            };
            cache.keep(key, html.clone());
            // The browser loads all their chunks before hydrating.
            let chunk = modules
                .iter()
                .filter_map(|m| self.chunks.get(m).map(String::as_str))
                .collect::<Vec<_>>()
                .join(" ");
            let tag = if u.flow { "div" } else { "span" };
            // One stylesheet link per page, before its first island (allowed in the body).
            let css = match (&self.css_url, i) {
                (Some(url), 0) => format!("<link rel=\"stylesheet\" href=\"{url}\" />"),
                _ => String::new(),
            };
            let island = format!(
                "{css}<{tag} class=\"docsite-island\" data-island=\"{chunk}\"><script type=\"application/json\">{}</script><{tag} class=\"docsite-island__root\">{html}</{tag}></{tag}>",
                script_json(&data_text)
            );
            out.push(RenderedIsland {
                text: AnyRoute::text(any_route.as_deref_mut(), &html),
                html: island,
            });
        }
        Ok(out)
    }

    /// Renders with the engine of `earlier`, the components of another version of the site,
    /// when it runs the same script under the same limits and defines none of these modules
    /// with other code: the modules it lacks are defined in it, and its time limit starts
    /// again. A versioned site's build then starts one engine, not one per version.
    pub fn take_engine(&mut self, earlier: Components) {
        if earlier.server_script != self.server_script || earlier.limits != self.limits {
            return;
        }
        let Some(Ok(mut engine)) = earlier.engine.into_inner() else {
            return;
        };
        if let Ok(true) = engine.define_missing(&self.defs) {
            engine.restart_clock();
            self.engine = OnceCell::from(Ok(engine));
        }
    }

    fn engine(&self) -> Result<&Engine, UseError> {
        self.engine
            .get_or_init(|| {
                Engine::new(&self.server_script, &self.defs, self.limits)
                    .map_err(|e| script_error("site components cannot be loaded", e, 0))
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// A use's render depends on its data (props, children, the page's context) and on the
    /// code of every component it shows (`modules`).
    fn cache_key(&self, modules: &BTreeSet<String>, data_text: &str) -> String {
        let mut key = data_text.to_string();
        for m in modules {
            key.push('\0');
            key.push_str(self.code_hashes.get(m).map_or("", String::as_str));
        }
        crate::hash_hex(key.as_bytes())
    }
}

/// A use's data without the page's route, as text.
fn without_route(data: &Value) -> String {
    let mut data = data.clone();
    if let Some(context) = data.get_mut("context").and_then(Value::as_object_mut) {
        context.remove("route");
    }
    data.to_string()
}

/// Every module a page's uses name, nested uses included.
pub fn modules_used(uses: &[IslandUse], into: &mut BTreeSet<String>) {
    for u in uses {
        into.insert(u.module.clone());
        into.extend(u.prop_components.values().map(|(module, _)| module.clone()));
        modules_used(&u.nested, into);
    }
}

/// The element JSON of a use: its component, its props, its children.
fn element_of(u: &IslandUse) -> Result<Value, UseError> {
    let error = |message: String| UseError {
        file: None,
        line: u.line,
        message,
        hint: None,
    };
    let mut p = Map::new();
    for (name, value) in &u.props {
        let v = match value {
            PropValue::Text(s) => Value::String(s.clone()),
            PropValue::True => Value::Bool(true),
            PropValue::Expression(src) => props::expression(src, &u.prop_components)
                .map_err(|m| error(format!("`<{}>` prop `{name}`: {m}", u.name)))?,
        };
        p.insert(name.clone(), v);
    }
    let nested = u
        .nested
        .iter()
        .map(element_of)
        .collect::<Result<Vec<_>, _>>()?;
    let children = tree::children(&u.children_html, &|n| nested.get(n).cloned());
    let mut el = Map::new();
    el.insert("$$el".into(), json!({"m": u.module, "e": u.export}));
    if !p.is_empty() {
        el.insert("p".into(), Value::Object(p));
    }
    if !children.is_empty() {
        el.insert("c".into(), Value::Array(children));
    }
    Ok(Value::Object(el))
}

/// JSON inside `<script>`: `<` escaped so no `</script>` or `<!--` can end it early.
fn script_json(json: &str) -> String {
    json.replace('<', "\\u003c")
}

/// One React on a page: a site asking for another major version is refused.
fn check_react(root: &Path) -> Result<(), UseError> {
    let Some(path) = crate::resolve::inside(root, "package.json") else {
        return Ok(());
    };
    let manifest: Value = std::fs::read_to_string(path)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(Value::Null);
    for field in ["dependencies", "peerDependencies", "devDependencies"] {
        let Some(spec) = manifest[field]["react"].as_str() else {
            continue;
        };
        let major = spec
            .trim_start_matches(|c: char| !c.is_ascii_digit())
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .and_then(|d| d.parse::<u64>().ok());
        if let Some(m) = major.filter(|m| *m != crate::REACT_MAJOR) {
            return Err(UseError {
                file: Some("package.json".into()),
                line: 1,
                message: format!(
                    "the site asks for React {m} (`\"react\": \"{spec}\"` in {field}); site components run on the app's React {}",
                    crate::REACT_MAJOR
                ),
                hint: Some(format!("ask for React ^{}", crate::REACT_MAJOR)),
            });
        }
    }
    Ok(())
}
