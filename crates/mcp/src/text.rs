//! Words as the search index sees them: lower case, lightly stemmed, with dotted API names
//! (`dg.asset`, `AutomationCondition.eager`) kept whole beside their parts.

/// Words that carry no meaning in a question ("how do I retry a failed run").
const STOP_WORDS: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "does", "for", "from", "how",
    "i", "in", "is", "it", "its", "me", "my", "of", "on", "or", "should", "that", "the", "this",
    "to", "what", "when", "where", "which", "why", "with", "you", "your", "use", "using",
];

pub fn is_stop_word(word: &str) -> bool {
    STOP_WORDS.contains(&word)
}

/// A word reduced to a common form, so "retries", "retrying" and "retry" meet. Deliberately
/// light: a wrong merge costs more than a missed one, since prefixes and typos catch the rest.
pub fn stem(word: &str) -> String {
    let w = word;
    if w.len() <= 3 || w.contains('.') || w.chars().any(|c| c.is_ascii_digit()) {
        return w.to_string();
    }
    // One suffix, the first that fits: "schedule", "schedules", "scheduled" and "scheduling"
    // meet at "schedul", "install" and "installation" at "install".
    let suffixes = [
        ("ations", ""),
        ("ation", ""),
        ("ies", "y"),
        ("ing", ""),
        ("ed", ""),
        ("es", ""),
        ("s", ""),
        ("ate", ""),
        ("e", ""),
    ];
    for (suffix, replacement) in suffixes {
        if let Some(base) = w.strip_suffix(suffix) {
            if base.len() >= 3 && !(suffix == "s" && base.ends_with('s')) {
                return format!("{base}{replacement}");
            }
        }
    }
    w.to_string()
}

/// The words of `text`: each run of letters, digits and `_` (lower case, stemmed), and each
/// dotted name whole (`dagster.assetkey`, with `dg.` read as `dagster.`).
pub fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for chunk in text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.')) {
        let chunk = chunk.trim_matches('.');
        if chunk.is_empty() {
            continue;
        }
        let lower = chunk.to_lowercase();
        if lower.contains('.') && lower.split('.').all(|p| !p.is_empty()) {
            out.push(api_name(&lower));
        }
        for part in lower.split('.').filter(|p| !p.is_empty()) {
            out.push(stem(part));
            // snake_case names are also found by their parts.
            if part.contains('_') {
                out.extend(part.split('_').filter(|p| p.len() > 1).map(stem));
            }
        }
    }
    out
}

/// A dotted name in the form the index keeps: `dg.` is the conventional alias of `dagster`.
pub fn api_name(lower: &str) -> String {
    match lower.strip_prefix("dg.") {
        Some(rest) => format!("dagster.{rest}"),
        None => lower.to_string(),
    }
}

/// The longest word a typo look-up measures, in characters; longer words match only as
/// written (no site word is that long but API names, which are matched whole).
const MAX_TYPO_CHARS: usize = 64;

/// Edit distance with transpositions counted as one, giving up past `max`. Runs on the
/// stack: it is called for many site words per query.
pub fn distance_within(a: &str, b: &str, max: usize) -> Option<usize> {
    let (mut a_buf, mut b_buf) = (['\0'; MAX_TYPO_CHARS], ['\0'; MAX_TYPO_CHARS]);
    let a = chars_into(a, &mut a_buf)?;
    let b = chars_into(b, &mut b_buf)?;
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    // Three rows of the distance table: two back (for transpositions), the last, this one.
    let mut rows = [[0usize; MAX_TYPO_CHARS + 1]; 3];
    for (j, cell) in rows[2].iter_mut().enumerate().take(b.len() + 1) {
        *cell = j;
    }
    for i in 1..=a.len() {
        rows.rotate_left(1);
        let [before, last, row] = &mut rows;
        row[0] = i;
        let mut row_min = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2] + 1);
            }
            row[j] = d;
            row_min = row_min.min(d);
        }
        if row_min > max {
            return None;
        }
    }
    let d = rows[2][b.len()];
    (d <= max).then_some(d)
}

/// The characters of `word` in `buf`; `None` past [`MAX_TYPO_CHARS`].
fn chars_into<'a>(word: &str, buf: &'a mut [char; MAX_TYPO_CHARS]) -> Option<&'a [char]> {
    let mut n = 0;
    for c in word.chars() {
        *buf.get_mut(n)? = c;
        n += 1;
    }
    Some(&buf[..n])
}

/// How many edits a word of this length may be off by: the site app's rule.
pub fn typo_budget(word: &str) -> usize {
    match word.chars().count() {
        0..=3 => 0,
        4..=5 => 1,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems_meet() {
        assert_eq!(stem("retries"), stem("retry"));
        assert_eq!(stem("partitions"), stem("partition"));
        assert_eq!(stem("failed"), "fail");
        assert_eq!(stem("installation"), stem("install"));
        assert_eq!(stem("schedules"), stem("scheduling"));
        assert_eq!(stem("configure"), stem("configuration"));
        assert_eq!(stem("class"), "class", "a double s is no plural");
    }

    #[test]
    fn dotted_names_are_whole_and_split() {
        let w = words("Use dg.AssetKey, or `AutomationCondition.eager()`.");
        assert!(w.contains(&"dagster.assetkey".to_string()), "{w:?}");
        assert!(w.contains(&"automationcondition.eager".to_string()));
        assert!(w.contains(&"assetkey".to_string()));
        assert!(w.contains(&"eager".to_string()));
        let w = words("dagster_dbt.DbtCliResource");
        assert!(w.contains(&"dagster_dbt.dbtcliresource".to_string()));
        assert!(w.contains(&"dbt".to_string()));
    }

    #[test]
    fn distances() {
        assert_eq!(distance_within("shedule", "schedule", 2), Some(1));
        assert_eq!(distance_within("sensro", "sensor", 1), Some(1));
        assert_eq!(distance_within("asset", "partition", 2), None);
        assert_eq!(distance_within("materialise", "materialize", 2), Some(1));
        assert_eq!(distance_within("daemon", "demon", 2), Some(1));
        assert_eq!(distance_within("schdeule", "schedule", 2), Some(1));
        assert_eq!(distance_within("", "ab", 2), Some(2));
        assert_eq!(distance_within("ab", "", 1), None);
        assert_eq!(distance_within("café", "cafe", 1), Some(1));
        assert_eq!(distance_within("same", "same", 0), Some(0));
        // Past the longest word measured, only the word itself would match.
        let long = "a".repeat(65);
        assert_eq!(distance_within(&long, &long, 2), None);
    }
}
