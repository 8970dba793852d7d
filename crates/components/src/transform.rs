//! A component file to plain JavaScript: TypeScript types stripped and JSX turned into calls
//! of React's automatic runtime (`react/jsx-runtime`), by oxc, in process.

use oxc_allocator::Allocator;
use oxc_codegen::Codegen;
use oxc_parser::Parser;
use oxc_semantic::SemanticBuilder;
use oxc_span::SourceType;
use oxc_transformer::{TransformOptions, Transformer};
use std::path::Path;

/// A problem in a file, at a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceError {
    pub line: usize,
    pub message: String,
}

/// The source type of a file by its extension; `.js` and `.mjs` may hold JSX, as with
/// Docusaurus.
pub fn source_type(path: &str) -> SourceType {
    let ext = Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("js");
    match ext {
        "ts" | "mts" | "cts" => SourceType::ts(),
        "tsx" => SourceType::tsx(),
        "cjs" => SourceType::cjs().with_jsx(true),
        _ => SourceType::mjs().with_jsx(true),
    }
}

/// The line (from 1) of a byte offset.
pub fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// Transforms `text` (the file at `path`) to JavaScript, imports and exports left as written.
pub fn to_javascript(path: &str, text: &str) -> Result<String, SourceError> {
    let allocator = Allocator::default();
    let parsed = Parser::new(&allocator, text, source_type(path)).parse();
    if let Some(e) = parsed.diagnostics.errors().next() {
        return Err(error_at(text, e));
    }
    if parsed.panicked {
        return Err(SourceError {
            line: 1,
            message: "the file cannot be parsed".into(),
        });
    }
    let mut program = parsed.program;
    let scoping = SemanticBuilder::new()
        .build(&program)
        .semantic
        .into_scoping();
    let options = TransformOptions::default();
    let done = Transformer::new(&allocator, Path::new(path), &options)
        .build_with_scoping(scoping, &mut program);
    if let Some(e) = done.diagnostics.errors().next() {
        return Err(error_at(text, e));
    }
    Ok(Codegen::new().build(&program).code)
}

fn error_at(text: &str, e: &oxc_diagnostics::OxcDiagnostic) -> SourceError {
    let offset = e.labels.first().map(|l| l.offset() as usize).unwrap_or(0);
    SourceError {
        line: line_of(text, offset),
        message: e.message.to_string(),
    }
}
