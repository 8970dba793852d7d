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

/// Edit distance with transpositions counted as one, giving up past `max`.
pub fn distance_within(a: &str, b: &str, max: usize) -> Option<usize> {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let width = b.len() + 1;
    let mut rows = vec![vec![0usize; width]; a.len() + 1];
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        rows[i][0] = i;
        let mut row_min = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = d;
            row_min = row_min.min(d);
        }
        if row_min > max {
            return None;
        }
    }
    let d = rows[a.len()][b.len()];
    (d <= max).then_some(d)
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
    }
}
