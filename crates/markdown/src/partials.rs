//! Files a page imports (`import Part from './_part.mdx'`), as both writers read them: the
//! import lines, and the bound on partials including partials.

use std::cell::Cell;

/// How deep partials may include partials (a partial importing itself stops here).
pub const MAX_DEPTH: usize = 8;
/// How many partials one page may show in all, every level counted: the depth bound alone
/// let nine small partials that each show the next eight times expand 8⁸ times.
pub const MAX_EXPANSIONS: usize = 1_000;
/// How much partial text one page may show in all, in bytes.
pub const MAX_EXPANDED_BYTES: usize = 16 << 20;

thread_local! {
    static DEPTH: Cell<usize> = const { Cell::new(0) };
    /// Partials shown and their bytes, since the page's render began.
    static SHOWN: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
}

/// Why a partial was not shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refused {
    TooDeep,
    TooMany,
    TooLarge,
}

impl Refused {
    pub(crate) fn message(self, path: &str) -> (String, &'static str) {
        match self {
            Refused::TooDeep => (
                format!("partial `{path}` includes partials more than {MAX_DEPTH} deep"),
                "a partial may not include itself",
            ),
            Refused::TooMany => (
                format!("the page shows partials more than {MAX_EXPANSIONS} times in all (at `{path}`)"),
                "partials that each show others several times multiply: show each once",
            ),
            Refused::TooLarge => (
                format!(
                    "the partials the page shows hold more than {} MiB of text in all (at `{path}`)",
                    MAX_EXPANDED_BYTES >> 20
                ),
                "partials that each show others several times multiply: show each once",
            ),
        }
    }
}

/// Called as a page's render begins (not a partial's): its budget of partials starts full.
pub(crate) fn start_page() {
    if DEPTH.with(Cell::get) == 0 {
        SHOWN.with(|s| s.set((0, 0)));
    }
}

/// `import Name from './file'` lines of an ESM block: name → path. Files of the site (`./`,
/// `../`, `@site/`) and packages (site components from `node_modules`) are read; `@theme/…`,
/// `@docusaurus/…` and React are the engine's. A named import (`import { A, B as C } from
/// './x'`) maps each local name to `./x#A`.
pub(crate) fn imports(esm: &str) -> Vec<(String, String)> {
    esm.split([';', '\n'])
        .filter_map(|stmt| {
            let rest = stmt.trim().strip_prefix("import ")?;
            let (names, from) = rest.split_once(" from ")?;
            // The path is a JavaScript string: `'\_Beta.md'` names `_Beta.md`.
            let path = crate::js_string::whole(from.trim())?;
            let engine = path.starts_with("@theme/")
                || path.starts_with("@docusaurus/")
                || path == "react"
                || path.starts_with("react/");
            (!engine && !path.is_empty()).then(|| imported_names(names.trim(), &path))
        })
        .flatten()
        .collect()
}

fn plain_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

/// `Name`, `{ A, B as C }` or `Name, { A }` imported from `path`.
fn imported_names(names: &str, path: &str) -> Vec<(String, String)> {
    let local = path.starts_with("./") || path.starts_with("../") || path.starts_with("@site/");
    let (default, braced) = match names.split_once('{') {
        Some((d, b)) => (d.trim().trim_end_matches(',').trim(), Some(b.trim_end_matches('}'))),
        None => (names, None),
    };
    let mut out = Vec::new();
    if plain_name(default) && (local || default.starts_with(char::is_uppercase)) {
        out.push((default.to_string(), path.to_string()));
    }
    for part in braced.unwrap_or_default().split(',') {
        let (export, name) = match part.split_once(" as ") {
            Some((e, n)) => (e.trim(), n.trim()),
            None => (part.trim(), part.trim()),
        };
        if plain_name(export) && plain_name(name) {
            out.push((name.to_string(), format!("{path}#{export}")));
        }
    }
    out
}

/// Runs `f` (which writes a partial of `bytes` bytes) one level deeper, if the page's budget
/// of depth, count and bytes allows it.
pub(crate) fn nested<T>(bytes: usize, f: impl FnOnce() -> T) -> Result<T, Refused> {
    let depth = DEPTH.with(Cell::get);
    if depth >= MAX_DEPTH {
        return Err(Refused::TooDeep);
    }
    let (count, total) = SHOWN.with(Cell::get);
    if count >= MAX_EXPANSIONS {
        return Err(Refused::TooMany);
    }
    if total + bytes > MAX_EXPANDED_BYTES {
        return Err(Refused::TooLarge);
    }
    SHOWN.with(|s| s.set((count + 1, total + bytes)));
    DEPTH.with(|d| d.set(depth + 1));
    // Restored on the way out, a panic's too (the page guard catches it and the thread goes on).
    struct Restore(usize);
    impl Drop for Restore {
        fn drop(&mut self) {
            DEPTH.with(|d| d.set(self.0));
        }
    }
    let _restore = Restore(depth);
    Ok(f())
}
