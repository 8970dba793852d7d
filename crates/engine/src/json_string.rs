//! A page's content HTML as a JSON string, escaped as `serde_json` escapes it but looking at
//! eight bytes at a time: serde_json's escaping of each page's content for its page JSON was
//! over a quarter of the assemble stage's CPU in a ten-version build (content is mostly text
//! and markup with nothing to escape, `"` aside).

/// Appends `text` to `out` as a JSON string, quotes included, byte for byte as
/// `serde_json::to_vec(text)` writes it.
pub(crate) fn push_json_string(out: &mut Vec<u8>, text: &str) {
    let bytes = text.as_bytes();
    out.reserve(bytes.len() + bytes.len() / 8 + 2);
    out.push(b'"');
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        // Whole words with nothing to escape are skipped at once.
        if i + 8 <= bytes.len() {
            let word = u64::from_le_bytes(bytes[i..i + 8].try_into().expect("eight bytes"));
            if !needs_escape(word) {
                i += 8;
                continue;
            }
        }
        let b = bytes[i];
        if let Some(escape) = escape_of(b) {
            out.extend_from_slice(&bytes[start..i]);
            match escape {
                b'u' => {
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    out.extend_from_slice(b"\\u00");
                    out.push(HEX[usize::from(b >> 4)]);
                    out.push(HEX[usize::from(b & 0xf)]);
                }
                c => out.extend_from_slice(&[b'\\', c]),
            }
            start = i + 1;
        }
        i += 1;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// The escape serde_json writes for a byte (`u`: `\u00XX`), if it writes one.
fn escape_of(b: u8) -> Option<u8> {
    match b {
        b'"' => Some(b'"'),
        b'\\' => Some(b'\\'),
        0x08 => Some(b'b'),
        0x09 => Some(b't'),
        0x0a => Some(b'n'),
        0x0c => Some(b'f'),
        0x0d => Some(b'r'),
        0x00..=0x1f => Some(b'u'),
        _ => None,
    }
}

/// Whether any byte of `word` may need an escape: a control byte, `"` or `\`. Exact as a
/// whole (the bit tricks are: some byte is zero, some byte is below 0x20).
fn needs_escape(word: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let zero_byte = |v: u64| v.wrapping_sub(ONES) & !v & HIGHS;
    let below_space = word.wrapping_sub(ONES * 0x20) & !word & HIGHS;
    (below_space
        | zero_byte(word ^ (ONES * u64::from(b'"')))
        | zero_byte(word ^ (ONES * u64::from(b'\\'))))
        != 0
}

#[cfg(test)]
mod tests {
    use super::push_json_string;
    use proptest::prelude::*;

    fn escaped(text: &str) -> String {
        let mut out = Vec::new();
        push_json_string(&mut out, text);
        String::from_utf8(out).expect("UTF-8")
    }

    #[test]
    fn escapes_as_serde_json_does() {
        let mut every_byte: String = (0u8..=0x7f).map(char::from).collect();
        every_byte.push_str("é€😀\u{2028}\u{7f}");
        for text in [
            "",
            "plain",
            "<a href=\"/x\">a \\ b</a>\n\t\r",
            "\"\"\"\"\"\"\"\"\"",
            "0123456\u{1}",
            &every_byte,
            &every_byte.repeat(3)[5..],
        ] {
            assert_eq!(
                escaped(text),
                serde_json::to_string(text).unwrap(),
                "{text:?}"
            );
        }
    }

    proptest! {
        #[test]
        fn any_text_escapes_as_serde_json_does(text in "(?s).{0,80}") {
            prop_assert_eq!(escaped(&text), serde_json::to_string(&text).unwrap());
        }

        #[test]
        fn markup_escapes_as_serde_json_does(text in "[a-z<>=\"\\\\/\n\t \u{1}é]{0,120}") {
            prop_assert_eq!(escaped(&text), serde_json::to_string(&text).unwrap());
        }
    }
}
