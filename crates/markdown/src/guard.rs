//! Limits that keep one hostile page from taking the process down: a panic inside the parser
//! becomes that page's diagnostic.

use docsite_core::Diagnostic;
use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    /// Set while a guarded call runs: its panics are reported as diagnostics, not printed.
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f`, turning a panic into its message. The panic is not printed: the caller reports it
/// with the file and line it belongs to.
pub fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !QUIET.with(Cell::get) {
                previous(info);
            }
        }));
    });
    let was = QUIET.with(|q| q.replace(true));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| q.set(was));
    result.map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into())
    })
}

/// The diagnostic for a parser panic on `body`: the line is the first one whose inclusion makes
/// the parse panic (found by bisecting over prefixes of the body), else line 1.
pub fn parser_panic(body: &str, message: &str, parse: impl Fn(&str) -> bool) -> Diagnostic {
    let line = first_panicking_line(body, parse).unwrap_or(1);
    Diagnostic::error(format!("internal parser error near this line: {message}"))
        .at(body, line, 1)
        .with_hint("the Markdown parser failed on this construct; rewrite it (for example add a blank line or escape `<`)")
}

/// The smallest number of lines of `body` whose parse panics (`parse` returns true on panic).
fn first_panicking_line(body: &str, panics: impl Fn(&str) -> bool) -> Option<usize> {
    let ends: Vec<usize> = body
        .match_indices('\n')
        .map(|(i, _)| i + 1)
        .chain(std::iter::once(body.len()))
        .collect();
    if !panics(body) {
        return None;
    }
    let (mut lo, mut hi) = (0, ends.len() - 1);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if panics(&body[..ends[mid]]) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    Some(lo + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_its_message() {
        assert_eq!(catch(|| 3), Ok(3));
        assert_eq!(catch(|| -> u8 { panic!("boom") }), Err("boom".into()));
    }

    #[test]
    fn bisects_to_the_line_that_breaks() {
        let body = "a\nb\nBAD\nc\n";
        let line = first_panicking_line(body, |s| s.contains("BAD"));
        assert_eq!(line, Some(3));
    }
}
