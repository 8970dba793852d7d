//! ES modules to the CommonJS shape the registry runs (`web/src/islands/registry.ts`): each
//! `import` becomes a `require` of its specifier, each export a live getter on `exports`
//! defined before the body runs. Edits are made on the text, by the spans oxc gives.

use crate::transform::{line_of, source_type, SourceError};
use oxc_allocator::Allocator;
use oxc_ast::ast::{
    Declaration, ExportDefaultDeclarationKind, ImportDeclarationSpecifier, ModuleDeclaration,
    ModuleExportName, Program,
};
use oxc_ecmascript::BoundNames;
use oxc_parser::Parser;
use oxc_span::GetSpan;

/// A module as the registry runs it: the body of its factory, and the specifiers it
/// requires, each with its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommonJs {
    pub code: String,
    pub requires: Vec<(String, usize)>,
}

/// Rewrites `code` (JavaScript, as `transform` leaves it); CommonJS is kept as it is, its
/// `require("…")` calls found.
pub fn to_commonjs(path: &str, code: &str) -> Result<CommonJs, SourceError> {
    let allocator = Allocator::default();
    let parsed = Parser::new(&allocator, code, source_type(path)).parse();
    if let Some(e) = parsed.diagnostics.errors().next() {
        return Err(SourceError {
            line: e
                .labels
                .first()
                .map(|l| line_of(code, l.offset() as usize))
                .unwrap_or(1),
            message: e.message.to_string(),
        });
    }
    let program = &parsed.program;
    let mut rewrite = Rewrite {
        code,
        edits: Vec::new(),
        getters: Vec::new(),
        requires: Vec::new(),
        temp: 0,
    };
    rewrite.program(program);
    let esm = !rewrite.edits.is_empty() || !rewrite.getters.is_empty();
    let mut out = String::with_capacity(code.len() + 256);
    if esm {
        out.push_str("Object.defineProperty(exports,\"__esModule\",{value:true});\n");
        for (name, local) in &rewrite.getters {
            out.push_str(&format!(
                "Object.defineProperty(exports,{},{{enumerable:true,get:function(){{return {local}}}}});\n",
                json(name)
            ));
        }
    }
    let mut at = 0;
    rewrite.edits.sort_by_key(|e| e.0);
    for (start, end, text) in &rewrite.edits {
        out.push_str(&code[at..*start]);
        out.push_str(text);
        at = *end;
    }
    out.push_str(&code[at..]);
    let mut requires = rewrite.requires;
    requires.extend(plain_requires(code));
    requires.sort();
    requires.dedup_by(|a, b| a.0 == b.0);
    Ok(CommonJs {
        code: out,
        requires,
    })
}

struct Rewrite<'s> {
    code: &'s str,
    /// (start, end, replacement) byte ranges of `code`.
    edits: Vec<(usize, usize, String)>,
    /// Exported name → the expression giving its value.
    getters: Vec<(String, String)>,
    requires: Vec<(String, usize)>,
    temp: usize,
}

impl Rewrite<'_> {
    fn program(&mut self, program: &Program) {
        for stmt in &program.body {
            if let Some(m) = stmt.as_module_declaration() {
                self.declaration(m);
            }
        }
    }

    fn require(&mut self, specifier: &str, offset: u32) -> String {
        self.requires
            .push((specifier.to_string(), line_of(self.code, offset as usize)));
        format!("require({})", json(specifier))
    }

    fn fresh(&mut self) -> String {
        self.temp += 1;
        format!("__docsite_m{}", self.temp)
    }

    fn declaration(&mut self, m: &ModuleDeclaration) {
        let span = m.span();
        let (start, end) = (span.start as usize, span.end as usize);
        match m {
            ModuleDeclaration::ImportDeclaration(d) => {
                let req = self.require(d.source.value.as_str(), d.span.start);
                let mut text = String::new();
                match &d.specifiers {
                    None => text = format!("{req};"),
                    Some(specs) if specs.is_empty() => text = format!("{req};"),
                    Some(specs) => {
                        let temp = self.fresh();
                        text.push_str(&format!("const {temp}={req};"));
                        for s in specs {
                            text.push_str(&match s {
                                ImportDeclarationSpecifier::ImportDefaultSpecifier(s) => {
                                    format!("const {}=__h.def({temp});", s.local.name)
                                }
                                ImportDeclarationSpecifier::ImportNamespaceSpecifier(s) => {
                                    format!("const {}=__h.ns({temp});", s.local.name)
                                }
                                ImportDeclarationSpecifier::ImportSpecifier(s) => {
                                    let key = export_name(&s.imported);
                                    let value = if key == "default" {
                                        format!("__h.def({temp})")
                                    } else {
                                        format!("{temp}[{}]", json(&key))
                                    };
                                    format!("const {}={value};", s.local.name)
                                }
                            });
                        }
                    }
                }
                self.edits.push((start, end, text));
            }
            ModuleDeclaration::ExportDeclaration(d) => {
                // `export const a = 1` → `const a = 1`, with a getter for `a`.
                let decl_start = d.declaration.span().start as usize;
                self.edits.push((start, decl_start, String::new()));
                self.bound(&d.declaration);
            }
            ModuleDeclaration::ExportNamedDeclaration(d) => {
                for s in &d.specifiers {
                    let local = export_name(&s.local);
                    self.getters.push((export_name(&s.exported), local));
                }
                self.edits.push((start, end, String::new()));
            }
            ModuleDeclaration::ExportFromDeclaration(d) => {
                let req = self.require(d.source.value.as_str(), d.span.start);
                let temp = self.fresh();
                for s in &d.specifiers {
                    let key = export_name(&s.local);
                    let value = if key == "default" {
                        format!("__h.def({temp})")
                    } else {
                        format!("{temp}[{}]", json(&key))
                    };
                    self.getters.push((export_name(&s.exported), value));
                }
                self.edits
                    .push((start, end, format!("const {temp}={req};")));
            }
            ModuleDeclaration::ExportAllDeclaration(d) => {
                let req = self.require(d.source.value.as_str(), d.span.start);
                let text = match &d.exported {
                    Some(name) => {
                        let temp = self.fresh();
                        self.getters
                            .push((export_name(name), format!("__h.ns({temp})")));
                        format!("const {temp}={req};")
                    }
                    None => format!("__h.star(exports,{req});"),
                };
                self.edits.push((start, end, text));
            }
            ModuleDeclaration::ExportDefaultDeclaration(d) => self.default_export(d, start),
            ModuleDeclaration::TSExportAssignment(_)
            | ModuleDeclaration::TSNamespaceExportDeclaration(_) => {}
        }
    }

    fn default_export(&mut self, d: &oxc_ast::ast::ExportDefaultDeclaration, start: usize) {
        let inner = d.declaration.span().start as usize;
        let named = match &d.declaration {
            ExportDefaultDeclarationKind::FunctionDeclaration(f) => {
                f.id.as_ref().map(|id| id.name.to_string())
            }
            ExportDefaultDeclarationKind::ClassDeclaration(c) => {
                c.id.as_ref().map(|id| id.name.to_string())
            }
            _ => None,
        };
        match named {
            // `export default function Name() {}` stays a declaration (hoisted).
            Some(name) => {
                self.edits.push((start, inner, String::new()));
                self.getters.push(("default".into(), name));
            }
            None => {
                let temp = self.fresh();
                self.edits.push((start, inner, format!("const {temp}=(")));
                let end = d.span.end as usize;
                let body_end = self.code[..end].trim_end().trim_end_matches(';').len();
                self.edits.push((body_end, end, ");".into()));
                self.getters.push(("default".into(), temp));
            }
        }
    }

    fn bound(&mut self, declaration: &Declaration) {
        let mut names = Vec::new();
        declaration.bound_names(&mut |id| names.push(id.name.to_string()));
        for n in names {
            self.getters.push((n.clone(), n));
        }
    }
}

fn export_name(name: &ModuleExportName) -> String {
    match name {
        ModuleExportName::IdentifierName(n) => n.name.to_string(),
        ModuleExportName::IdentifierReference(n) => n.name.to_string(),
        ModuleExportName::StringLiteral(s) => s.value.to_string(),
    }
}

fn json(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
}

/// `require("x")` calls of CommonJS code (packages in node_modules), with their lines.
fn plain_requires(code: &str) -> Vec<(String, usize)> {
    let mut found = Vec::new();
    let mut rest = 0;
    while let Some(i) = code[rest..].find("require(") {
        let at = rest + i;
        rest = at + 8;
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == '.') {
            continue;
        }
        let tail = code[rest..].trim_start();
        let Some(q) = tail.chars().next().filter(|c| *c == '"' || *c == '\'') else {
            continue;
        };
        if let Some(close) = tail[1..].find(q) {
            let spec = &tail[1..1 + close];
            if !spec.contains('\n') {
                found.push((spec.to_string(), line_of(code, at)));
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn imports_become_requires_and_exports_getters() {
        let code = "import React, { useState as us } from 'react';\nimport * as ns from './x';\nimport './a.css';\nexport const a = 1, b = 2;\nexport { a as c };\nexport * from './y';\nexport default function Card() { return us; }\n";
        let out = to_commonjs("c.jsx", code).unwrap();
        let specs: Vec<&str> = out.requires.iter().map(|(s, _)| s.as_str()).collect();
        assert_eq!(specs, ["./a.css", "./x", "./y", "react"]);
        assert!(
            out.code.contains("const React=__h.def(__docsite_m1)"),
            "{}",
            out.code
        );
        assert!(out.code.contains("const us=__docsite_m1[\"useState\"]"));
        assert!(out.code.contains("const ns=__h.ns(__docsite_m2)"));
        assert!(out.code.contains("__h.star(exports,require(\"./y\"))"));
        assert!(out.code.contains("function Card()") && !out.code.contains("export "));
        for (name, local) in [("a", "a"), ("b", "b"), ("c", "a"), ("default", "Card")] {
            let getter = format!("Object.defineProperty(exports,\"{name}\",{{enumerable:true,get:function(){{return {local}}}}});");
            assert!(out.code.contains(&getter), "{getter} in {}", out.code);
        }
    }

    #[test]
    fn anonymous_default_exports_and_commonjs() {
        let out = to_commonjs("x.js", "export default () => 1;\n").unwrap();
        assert!(
            out.code.contains("const __docsite_m1=(() => 1);"),
            "{}",
            out.code
        );
        let cjs =
            to_commonjs("y.cjs", "const r = require('react'); module.exports = r;\n").unwrap();
        assert_eq!(cjs.requires, vec![("react".to_string(), 1)]);
        assert!(!cjs.code.contains("__esModule"));
    }
}
