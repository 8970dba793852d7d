//! Pagefind's `collapse_whitespace` (vendor/pagefind, patch 8) stands for the three regex
//! replacements Pagefind made on every piece of a page's text: it must give the same text.

use regex::Regex;
use std::sync::LazyLock;

/// The replacements as Pagefind 1.6.0 made them, after trimming.
fn by_regex(text: &str) -> String {
    static NEWLINES: LazyLock<Regex> = LazyLock::new(|| Regex::new("(\n|\r\n)+").unwrap());
    static SPACES: LazyLock<Regex> = LazyLock::new(|| Regex::new("\\s{2,}").unwrap());
    let text = NEWLINES.replace_all(text, " ");
    SPACES.replace_all(&text, " ").to_string()
}

#[test]
fn collapsing_whitespace_gives_what_the_regexes_gave() {
    let pieces = [
        "a", "word", " ", "  ", "\n", "\r", "\r\n", "\n\r", "\t", "\u{a0}", "\u{2003}", "\u{85}",
        "é", "\u{200b}",
    ];
    let mut cases: Vec<String> = pieces.iter().map(|p| p.to_string()).collect();
    // Every sequence of up to four pieces, then longer ones from a fixed generator.
    let mut seed: u64 = 7;
    for len in 2..=4 {
        let mut idx = vec![0usize; len];
        loop {
            cases.push(idx.iter().map(|&i| pieces[i]).collect());
            let mut k = 0;
            while k < len {
                idx[k] += 1;
                if idx[k] < pieces.len() {
                    break;
                }
                idx[k] = 0;
                k += 1;
            }
            if k == len {
                break;
            }
        }
    }
    for _ in 0..2_000 {
        let mut s = String::new();
        for _ in 0..24 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            s.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
        }
        cases.push(s);
    }
    for case in &cases {
        assert_eq!(
            pagefind::collapse_whitespace(case),
            by_regex(case),
            "{case:?}"
        );
    }
}
