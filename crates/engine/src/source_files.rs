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
