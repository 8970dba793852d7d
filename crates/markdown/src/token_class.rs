//! The small set of token classes code is highlighted with, and how a syntect scope stack maps
//! to one. A short class per token (`hl-k`) instead of syntect's scope stacks (a span per scope,
//! a class per scope atom) keeps a code block's HTML within a small multiple of its source.

use std::cell::RefCell;
use std::collections::HashMap;
use syntect::parsing::Scope;

thread_local! {
    /// Scope → class: a grammar uses a few hundred scopes, and naming one allocates.
    static CLASSES: RefCell<HashMap<Scope, Option<TokenClass>>> = RefCell::new(HashMap::new());
}

/// What a token is, as far as colour goes. The class name is `hl-` and [`TokenClass::name`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenClass {
    Keyword,
    String,
    Comment,
    Function,
    Type,
    Number,
    Operator,
    Punctuation,
    Variable,
    Constant,
    Builtin,
    Decorator,
    Tag,
    Attribute,
}

impl TokenClass {
    pub const ALL: [TokenClass; 14] = [
        Self::Keyword,
        Self::String,
        Self::Comment,
        Self::Function,
        Self::Type,
        Self::Number,
        Self::Operator,
        Self::Punctuation,
        Self::Variable,
        Self::Constant,
        Self::Builtin,
        Self::Decorator,
        Self::Tag,
        Self::Attribute,
    ];

    /// The class name after `hl-`: keyword `k`, string `s`, comment `c`, function `f`, type `t`,
    /// number `n`, operator `o`, punctuation `p`, variable `v`, constant `cn`, builtin `b`,
    /// decorator `d`, tag `tg`, attribute `at`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Keyword => "k",
            Self::String => "s",
            Self::Comment => "c",
            Self::Function => "f",
            Self::Type => "t",
            Self::Number => "n",
            Self::Operator => "o",
            Self::Punctuation => "p",
            Self::Variable => "v",
            Self::Constant => "cn",
            Self::Builtin => "b",
            Self::Decorator => "d",
            Self::Tag => "tg",
            Self::Attribute => "at",
        }
    }

    /// A scope the theme colours as this class; the theme CSS takes the class's colour from it.
    pub fn scope(self) -> &'static str {
        match self {
            Self::Keyword => "keyword.control",
            Self::String => "string.quoted",
            Self::Comment => "comment.line",
            Self::Function => "entity.name.function",
            Self::Type => "entity.name.class",
            Self::Number => "constant.numeric",
            Self::Operator => "keyword.operator",
            Self::Punctuation => "punctuation.separator",
            Self::Variable => "variable.parameter",
            Self::Constant => "constant.language",
            Self::Builtin => "support.function",
            Self::Decorator => "entity.name.function.decorator",
            Self::Tag => "entity.name.tag",
            Self::Attribute => "entity.other.attribute-name",
        }
    }

    /// The class of text under a scope stack (outermost first). Inside a comment, a string or a
    /// decorator, everything is that (quotes, escapes, dots too); otherwise the innermost scope
    /// with a class decides.
    pub fn of(stack: &[Scope]) -> Option<TokenClass> {
        CLASSES.with(|cache| {
            let mut cache = cache.borrow_mut();
            let mut class_of = |scope: &Scope| {
                *cache
                    .entry(*scope)
                    .or_insert_with(|| TokenClass::of_name(&scope.build_string()))
            };
            let mut innermost = None;
            for scope in stack {
                match class_of(scope) {
                    Some(c @ (Self::Comment | Self::String | Self::Decorator)) => return Some(c),
                    Some(c) => innermost = Some(c),
                    None => {}
                }
            }
            innermost
        })
    }

    fn of_name(name: &str) -> Option<TokenClass> {
        if name == "comment" || name.starts_with("comment.") {
            return Some(Self::Comment);
        }
        if name.starts_with("string.") && !name.starts_with("string.unquoted") {
            return Some(Self::String);
        }
        Self::of_scope(name)
    }

    fn of_scope(name: &str) -> Option<TokenClass> {
        const PREFIXES: [(&str, TokenClass); 24] = [
            ("entity.name.function.decorator", TokenClass::Decorator),
            ("meta.annotation", TokenClass::Decorator),
            ("punctuation.definition.annotation", TokenClass::Decorator),
            ("constant.numeric", TokenClass::Number),
            ("constant.character", TokenClass::String),
            ("constant", TokenClass::Constant),
            ("support.constant", TokenClass::Constant),
            ("variable.language", TokenClass::Constant),
            ("keyword.operator", TokenClass::Operator),
            ("keyword", TokenClass::Keyword),
            ("storage.type.function", TokenClass::Keyword),
            ("storage.type.class", TokenClass::Keyword),
            ("storage", TokenClass::Keyword),
            ("entity.name.function", TokenClass::Function),
            ("variable.function", TokenClass::Function),
            ("support.function", TokenClass::Builtin),
            ("entity.name.tag", TokenClass::Tag),
            ("entity.other.attribute-name", TokenClass::Attribute),
            ("entity.name", TokenClass::Type),
            ("entity.other.inherited-class", TokenClass::Type),
            ("support.type", TokenClass::Type),
            ("support.class", TokenClass::Type),
            ("variable.parameter", TokenClass::Variable),
            ("punctuation", TokenClass::Punctuation),
        ];
        PREFIXES
            .iter()
            .find(|(prefix, _)| {
                name.starts_with(prefix)
                    && matches!(name.as_bytes().get(prefix.len()), None | Some(b'.'))
            })
            .map(|&(_, class)| class)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(stack: &[&str]) -> Option<TokenClass> {
        let scopes: Vec<Scope> = stack.iter().map(|s| Scope::new(s).unwrap()).collect();
        TokenClass::of(&scopes)
    }

    #[test]
    fn strings_and_comments_win_over_what_is_inside() {
        let quote = [
            "source.python",
            "string.quoted.double",
            "punctuation.definition.string.begin",
        ];
        assert_eq!(class(&quote), Some(TokenClass::String));
        assert_eq!(
            class(&["source.python", "comment.line.number-sign"]),
            Some(TokenClass::Comment)
        );
    }

    #[test]
    fn the_innermost_classed_scope_decides() {
        let call = ["source.python", "meta.function-call", "variable.function"];
        assert_eq!(class(&call), Some(TokenClass::Function));
        assert_eq!(
            class(&["source.python", "keyword.operator.arithmetic"]),
            Some(TokenClass::Operator)
        );
        assert_eq!(
            class(&["source.python", "keyword.control.flow"]),
            Some(TokenClass::Keyword)
        );
        assert_eq!(
            class(&["source.python", "constant.numeric.integer"]),
            Some(TokenClass::Number)
        );
        assert_eq!(
            class(&["source.python", "keywords"]),
            None,
            "whole atoms only"
        );
        assert_eq!(class(&["source.python", "meta.generic-name"]), None);
    }
}
