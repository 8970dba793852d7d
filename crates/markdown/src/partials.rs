//! Files a page imports (`import Part from './_part.mdx'`), as both writers read them: the
//! import lines, and the bound on partials including partials.

use std::cell::Cell;

/// How deep partials may include partials (a partial importing itself stops here).
pub const MAX_DEPTH: usize = 8;

thread_local! {
    static DEPTH: Cell<usize> = const { Cell::new(0) };
}

/// `import Name from './file'` lines of an ESM block: name → path. Only files of the site
/// (`./`, `../`, `@site/`) are read; `@theme/…` and packages are not.
pub(crate) fn imports(esm: &str) -> Vec<(String, String)> {
    esm.split([';', '\n'])
        .filter_map(|stmt| {
            let rest = stmt.trim().strip_prefix("import ")?;
            let (name, from) = rest.split_once(" from ")?;
            let name = name.trim();
            let path = from.trim().trim_matches(|c| c == '\'' || c == '"');
            let local =
                path.starts_with("./") || path.starts_with("../") || path.starts_with("@site/");
            let plain = name
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '$');
            (local && plain && !name.is_empty()).then(|| (name.to_string(), path.to_string()))
        })
        .collect()
}

/// Runs `f` (which writes a partial) one level deeper; `None` past [`MAX_DEPTH`].
pub(crate) fn nested<T>(f: impl FnOnce() -> T) -> Option<T> {
    let depth = DEPTH.with(Cell::get);
    if depth >= MAX_DEPTH {
        return None;
    }
    DEPTH.with(|d| d.set(depth + 1));
    // Restored on the way out, a panic's too (the page guard catches it and the thread goes on).
    struct Restore(usize);
    impl Drop for Restore {
        fn drop(&mut self) {
            DEPTH.with(|d| d.set(self.0));
        }
    }
    let _restore = Restore(depth);
    Some(f())
}
