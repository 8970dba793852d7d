//! Heading ids as GitHub (and Docusaurus) make them: lower case, punctuation dropped,
//! spaces to hyphens, repeats numbered.

use std::collections::HashMap;

pub fn slugify(text: &str) -> String {
    text.trim()
        .chars()
        .flat_map(char::to_lowercase)
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Hands out unique ids within one page.
#[derive(Debug, Default)]
pub struct Slugger {
    seen: HashMap<String, usize>,
}

impl Slugger {
    pub fn unique(&mut self, base: &str) -> String {
        let mut candidate = base.to_string();
        while let Some(n) = self.seen.get(&candidate).copied() {
            self.seen.insert(candidate.clone(), n + 1);
            candidate = format!("{base}-{}", n + 1);
            if !self.seen.contains_key(&candidate) {
                break;
            }
        }
        self.seen.insert(candidate.clone(), 0);
        candidate
    }

    /// Reserves an id chosen by the author so generated ones avoid it.
    pub fn reserve(&mut self, id: &str) {
        self.seen.entry(id.to_string()).or_insert(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_like_github() {
        assert_eq!(slugify("Defining assets"), "defining-assets");
        assert_eq!(slugify("What's `dg.asset`?"), "whats-dgasset");
        assert_eq!(slugify("I/O managers & you"), "io-managers--you");
        assert_eq!(slugify("Step 1: install_it"), "step-1-install_it");
    }

    #[test]
    fn repeats_are_numbered() {
        let mut s = Slugger::default();
        assert_eq!(s.unique("a"), "a");
        assert_eq!(s.unique("a"), "a-1");
        assert_eq!(s.unique("a"), "a-2");
        assert_eq!(s.unique("a-1"), "a-1-1");
    }
}
