//! Errors and warnings that point at a file and line, printed in the style of rustc.

use std::fmt;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Warning,
    Error,
}

/// One problem found in the site's sources.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    /// The file, relative to the site folder where possible.
    pub file: Option<PathBuf>,
    /// 1-based line and column; 0 when unknown.
    pub line: usize,
    pub column: usize,
    /// The text of the line, for the caret display.
    pub source_line: Option<String>,
    pub hint: Option<String>,
}

impl Diagnostic {
    pub fn error(message: impl Into<String>) -> Self {
        Self {
            severity: Severity::Error,
            message: message.into(),
            file: None,
            line: 0,
            column: 0,
            source_line: None,
            hint: None,
        }
    }

    pub fn warning(message: impl Into<String>) -> Self {
        Self {
            severity: Severity::Warning,
            ..Self::error(message)
        }
    }

    pub fn in_file(mut self, file: impl AsRef<Path>) -> Self {
        self.file = Some(file.as_ref().to_path_buf());
        self
    }

    /// Points at `line:column` of `source` (the whole file text), keeping that line for display.
    pub fn at(mut self, source: &str, line: usize, column: usize) -> Self {
        self.line = line;
        self.column = column.max(1);
        self.source_line = source
            .lines()
            .nth(line.saturating_sub(1))
            .map(str::to_string);
        self
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `file:line:column` (as much of it as is known).
    pub fn location(&self) -> String {
        let file = self
            .file
            .as_ref()
            .map(|f| f.display().to_string())
            .unwrap_or_default();
        match (self.line, self.column) {
            (0, _) => file,
            (l, 0) => format!("{file}:{l}"),
            (l, c) => format!("{file}:{l}:{c}"),
        }
    }
}

impl fmt::Display for Diagnostic {
    /// ```text
    /// error: broken link to `/missing`
    ///   --> docs/intro.md:12:5
    ///    |
    /// 12 | See [the guide](/missing).
    ///    |     ^
    ///    = hint: ...
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        writeln!(f, "{kind}: {}", self.message)?;
        let gutter = " ".repeat(self.line.max(1).to_string().len());
        if self.file.is_some() {
            writeln!(f, "{gutter}--> {}", self.location())?;
        }
        if let Some(text) = &self.source_line {
            let caret_pad: String = text
                .chars()
                .take(self.column.saturating_sub(1))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            writeln!(f, "{gutter} |")?;
            writeln!(f, "{} | {}", self.line, text)?;
            writeln!(f, "{gutter} | {caret_pad}^")?;
        }
        if let Some(hint) = &self.hint {
            writeln!(f, "{gutter} = hint: {hint}")?;
        }
        Ok(())
    }
}

/// The diagnostics of a run, errors first when printed.
#[derive(Debug, Default, Clone)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    pub fn extend(&mut self, other: impl IntoIterator<Item = Diagnostic>) {
        self.0.extend(other);
    }

    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }

    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.0.iter().filter(|d| d.is_error())
    }

    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.0.iter().filter(|d| !d.is_error())
    }

    /// Sorted by file and line so output is stable whatever the thread order was.
    pub fn sorted(&self) -> Vec<&Diagnostic> {
        let mut all: Vec<&Diagnostic> = self.0.iter().collect();
        all.sort_by(|a, b| {
            (b.severity, &a.file, a.line, a.column).cmp(&(a.severity, &b.file, b.line, b.column))
        });
        all
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.sorted() {
            writeln!(f, "{d}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_location_line_and_caret() {
        let src = "# Title\n\nSee [x](/missing).\n";
        let d = Diagnostic::error("broken link to `/missing`")
            .in_file("docs/intro.md")
            .at(src, 3, 5)
            .with_hint("check the route");
        let text = d.to_string();
        assert!(text.contains("error: broken link to `/missing`"));
        assert!(text.contains("--> docs/intro.md:3:5"));
        assert!(text.contains("3 | See [x](/missing)."));
        assert!(text.contains("  |     ^"), "{text}");
        assert!(text.contains("= hint: check the route"));
    }

    #[test]
    fn errors_sort_before_warnings_then_by_location() {
        let mut ds = Diagnostics::default();
        ds.push(Diagnostic::warning("w").in_file("a.md"));
        ds.push(Diagnostic::error("e2").in_file("b.md"));
        ds.push(Diagnostic::error("e1").in_file("a.md"));
        let order: Vec<_> = ds.sorted().iter().map(|d| d.message.clone()).collect();
        assert_eq!(order, ["e1", "e2", "w"]);
        assert!(ds.has_errors());
    }
}
