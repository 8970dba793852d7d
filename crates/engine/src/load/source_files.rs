//! How the site's files are named in diagnostics, and YAML errors as diagnostics.

use docsite_core::Diagnostic;
use std::path::{Path, PathBuf};

/// The path to show in messages: relative to the site folder's parent, so `site/docs/x.md`.
pub fn display_path(root: &Path, path: &Path) -> PathBuf {
    let base = root.parent().unwrap_or(root);
    path.strip_prefix(base)
        .map(Path::to_path_buf)
        .unwrap_or_else(|_| path.to_path_buf())
}

pub(crate) fn yaml_error(
    root: &Path,
    path: &Path,
    text: &str,
    e: &serde_norway::Error,
) -> Diagnostic {
    let (line, col) = e.location().map_or((1, 1), |l| (l.line(), l.column()));
    let message = e.to_string();
    let message = message
        .split(" at line ")
        .next()
        .unwrap_or(&message)
        .to_string();
    Diagnostic::error(format!(
        "invalid {}: {message}",
        path.file_name().unwrap_or_default().to_string_lossy()
    ))
    .in_file(display_path(root, path))
    .at(text, line, col)
}

/// The largest `site.yaml` or sidebars file read: a bound like a page's, fixed because the
/// limit of pages is itself set in site.yaml.
pub(crate) const MAX_CONFIG_BYTES: u64 = 4 << 20;

/// Reads a page's text: at most `max_bytes`, valid UTF-8 without NUL bytes, a leading byte
/// order mark dropped (so front matter after it is found). Errors point at the line.
pub(crate) fn read_page(
    path: &Path,
    known_len: Option<u64>,
    max_bytes: u64,
) -> Result<String, Diagnostic> {
    let too_big = |len: u64| {
        Diagnostic::error(format!(
            "the page is {len} bytes, over the limit of {max_bytes}"
        ))
        .with_hint("split the page, or raise `maxPageBytes` in site.yaml")
    };
    if let Some(len) = known_len.filter(|&l| l > max_bytes) {
        return Err(too_big(len));
    }
    let bytes = std::fs::read(path).map_err(|e| Diagnostic::error(format!("cannot read: {e}")))?;
    if bytes.len() as u64 > max_bytes {
        return Err(too_big(bytes.len() as u64));
    }
    decode(&bytes, "the page")
}

/// Reads `site.yaml` or a sidebars file as text, like a page: a regular file (a FIFO would
/// block the build) of at most [`MAX_CONFIG_BYTES`], UTF-8 without NUL bytes, a byte order mark
/// dropped. Errors name the file.
pub(crate) fn read_config(root: &Path, path: &Path) -> Result<String, Diagnostic> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let fail = |d: Diagnostic| d.in_file(display_path(root, path));
    let meta = std::fs::metadata(path)
        .map_err(|e| fail(Diagnostic::error(format!("cannot read {name}: {e}"))))?;
    if !meta.is_file() {
        return Err(fail(Diagnostic::error(format!(
            "{name} is not a regular file"
        ))));
    }
    if meta.len() > MAX_CONFIG_BYTES {
        return Err(fail(Diagnostic::error(format!(
            "{name} is {} bytes, over the limit of {MAX_CONFIG_BYTES}",
            meta.len()
        ))));
    }
    let bytes = std::fs::read(path)
        .map_err(|e| fail(Diagnostic::error(format!("cannot read {name}: {e}"))))?;
    decode(&bytes, &name).map_err(fail)
}

/// A file's bytes as text: a leading byte order mark dropped, then valid UTF-8 without NUL
/// bytes, or an error at the line of the first bad byte. `what` names the file in messages.
fn decode(bytes: &[u8], what: &str) -> Result<String, Diagnostic> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let line_col = |at: usize| {
        let before = &bytes[..at];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = at
            - before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1)
            + 1;
        (line, column)
    };
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let (line, column) = line_col(e.valid_up_to());
            let shown = String::from_utf8_lossy(bytes);
            return Err(Diagnostic::error(format!("{what} is not valid UTF-8"))
                .at(&shown, line, column)
                .with_hint("save the file as UTF-8"));
        }
    };
    if let Some(at) = text.find('\0') {
        let (line, column) = line_col(at);
        return Err(Diagnostic::error(format!("{what} contains a NUL byte")).at(text, line, column));
    }
    Ok(text.to_string())
}
