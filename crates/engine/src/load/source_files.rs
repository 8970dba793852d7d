//! Pages read as text, and YAML errors as diagnostics.

use crate::load::site_folder::{display_path, Limit, ReadError, SiteFolder};
use docsite_core::Diagnostic;
use std::path::Path;

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

/// Reads a page's text (or a partial's) through the site folder's reader: at most
/// `max_bytes`, valid UTF-8 without NUL bytes, a leading byte order mark dropped (so front
/// matter after it is found). Errors point at the line; the caller names the file.
pub(crate) fn read_page(
    site: &SiteFolder,
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
    let bytes = site
        .read(path, Limit::pages(max_bytes))
        .map_err(|e| match e {
            ReadError::TooBig { len, .. } => too_big(len),
            e => e.diagnostic(),
        })?;
    decode(bytes, "the page")
}

/// Reads `site.yaml` or a sidebars file through the site folder's reader, like a page: a
/// regular file inside the site of at most [`Limit::SETTINGS`], UTF-8 without NUL bytes, a
/// byte order mark dropped. Errors name the file; a missing file is `Ok(None)`.
pub(crate) fn read_config(site: &SiteFolder, path: &Path) -> Result<Option<String>, Diagnostic> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let fail = |d: Diagnostic| d.in_file(site.shown(path));
    match site.read(path, Limit::SETTINGS) {
        Ok(bytes) => decode(bytes, &name).map(Some).map_err(fail),
        Err(e) if e.is_missing() => Ok(None),
        Err(e) => Err(fail(e.diagnostic())),
    }
}

/// A file's bytes as text: a leading byte order mark dropped, then valid UTF-8 without NUL
/// bytes, or an error at the line of the first bad byte. `what` names the file in messages.
/// The bytes become the text without a copy (every page of every version comes through here).
fn decode(mut bytes: Vec<u8>, what: &str) -> Result<String, Diagnostic> {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    let line_col = |bytes: &[u8], at: usize| {
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
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let (line, column) = line_col(&bytes, at);
            let shown = String::from_utf8_lossy(&bytes);
            return Err(Diagnostic::error(format!("{what} is not valid UTF-8"))
                .at(&shown, line, column)
                .with_hint("save the file as UTF-8"));
        }
    };
    if let Some(at) = text.find('\0') {
        let (line, column) = line_col(text.as_bytes(), at);
        return Err(
            Diagnostic::error(format!("{what} contains a NUL byte")).at(&text, line, column)
        );
    }
    Ok(text)
}
