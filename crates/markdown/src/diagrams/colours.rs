//! The renderer's colours replaced by the site's colour tokens (`web/src/vars.css`), so a
//! diagram follows the light and dark themes: each colour goes to the token of its role,
//! told by its lightness and saturation (a white node fill is the page background, a near-black
//! line is text, a tinted box is the accent's soft background, a strong hue is the accent).

/// The CSS value that stands for `value` (a colour as SVG or CSS writes it), or `None` when
/// it is not a plain colour (a `url(…)` paint server, an unknown word): the caller drops it.
pub(super) fn token(value: &str) -> Option<&'static str> {
    let value = value.trim();
    let lower = value.to_ascii_lowercase();
    match lower.as_str() {
        "none" => return Some("none"),
        "transparent" => return Some("transparent"),
        "currentcolor" => return Some("currentColor"),
        "inherit" => return Some("inherit"),
        _ => {}
    }
    let (r, g, b, alpha) = parse(&lower)?;
    if alpha <= 0.0 {
        return Some("transparent");
    }
    Some(role(r, g, b))
}

/// The token for an opaque colour (channels 0 to 1).
fn role(r: f64, g: f64, b: f64) -> &'static str {
    let max = r.max(g).max(b);
    let min = r.min(g).min(b);
    let lightness = (max + min) / 2.0;
    let saturation = if max == min {
        0.0
    } else {
        (max - min) / (1.0 - (2.0 * lightness - 1.0).abs())
    };
    if lightness >= 0.75 && saturation >= 0.25 {
        "var(--c-accent-soft)"
    } else if lightness >= 0.94 {
        "var(--c-bg)"
    } else if lightness >= 0.75 {
        "var(--c-bg-mute)"
    } else if lightness <= 0.3 {
        "var(--c-text)"
    } else if saturation >= 0.35 {
        "var(--c-accent)"
    } else {
        "var(--c-text-muted)"
    }
}

/// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()`, `hsl()`/`hsla()` and a few
/// names, as channels from 0 to 1 and an alpha.
fn parse(value: &str) -> Option<(f64, f64, f64, f64)> {
    if let Some(hex) = value.strip_prefix('#') {
        return parse_hex(hex);
    }
    if let Some(args) = function(value, "rgba").or_else(|| function(value, "rgb")) {
        let n = numbers(args)?;
        let channel = |i: usize| n.get(i).map(|&(v, pct)| if pct { v / 100.0 } else { v / 255.0 });
        return Some((channel(0)?, channel(1)?, channel(2)?, alpha(&n)));
    }
    if let Some(args) = function(value, "hsla").or_else(|| function(value, "hsl")) {
        let n = numbers(args)?;
        let (h, s, l) = (n.first()?.0, n.get(1)?.0 / 100.0, n.get(2)?.0 / 100.0);
        let (r, g, b) = hsl_to_rgb(h.rem_euclid(360.0), s.clamp(0.0, 1.0), l.clamp(0.0, 1.0));
        return Some((r, g, b, alpha(&n)));
    }
    let hex = match value {
        "white" => "fff",
        "black" => "000",
        "red" => "f00",
        "green" => "008000",
        "blue" => "00f",
        "yellow" => "ff0",
        "orange" => "ffa500",
        "purple" => "800080",
        "grey" | "gray" => "808080",
        "lightgrey" | "lightgray" => "d3d3d3",
        "darkgrey" | "darkgray" => "a9a9a9",
        _ => return None,
    };
    parse_hex(hex)
}

fn parse_hex(hex: &str) -> Option<(f64, f64, f64, f64)> {
    let digit = |i: usize, width: usize| -> Option<f64> {
        let part = hex.get(i * width..i * width + width)?;
        let v = u8::from_str_radix(part, 16).ok()? as f64;
        Some(if width == 1 { v * 17.0 / 255.0 } else { v / 255.0 })
    };
    let width = match hex.len() {
        3 | 4 => 1,
        6 | 8 => 2,
        _ => return None,
    };
    let a = if hex.len() == 4 || hex.len() == 8 { digit(3, width)? } else { 1.0 };
    Some((digit(0, width)?, digit(1, width)?, digit(2, width)?, a))
}

fn function<'a>(value: &'a str, name: &str) -> Option<&'a str> {
    value.strip_prefix(name)?.trim_start().strip_prefix('(')?.strip_suffix(')')
}

/// The numbers of `a, b, c[, d]` or `a b c [/ d]`, each with whether it was a percentage.
fn numbers(args: &str) -> Option<Vec<(f64, bool)>> {
    args.split([',', ' ', '/'])
        .filter(|s| !s.is_empty())
        .map(|s| {
            let s = s.trim_end_matches("deg");
            match s.strip_suffix('%') {
                Some(p) => p.parse().ok().map(|v| (v, true)),
                None => s.parse().ok().map(|v| (v, false)),
            }
        })
        .collect()
}

fn alpha(n: &[(f64, bool)]) -> f64 {
    n.get(3)
        .map(|&(v, pct)| if pct { v / 100.0 } else { v })
        .unwrap_or(1.0)
}

fn hsl_to_rgb(h: f64, s: f64, l: f64) -> (f64, f64, f64) {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let x = c * (1.0 - ((h / 60.0) % 2.0 - 1.0).abs());
    let m = l - c / 2.0;
    let (r, g, b) = match (h / 60.0) as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    (r + m, g + m, b + m)
}

#[cfg(test)]
mod tests {
    use super::token;

    #[test]
    fn colours_go_to_the_token_of_their_role() {
        assert_eq!(token("#ffffff"), Some("var(--c-bg)"));
        assert_eq!(token("white"), Some("var(--c-bg)"));
        assert_eq!(token("#28253D"), Some("var(--c-text)"));
        assert_eq!(token("#000"), Some("var(--c-text)"));
        assert_eq!(token("#FDF4FF"), Some("var(--c-accent-soft)"));
        assert_eq!(token("#f4f4f4"), Some("var(--c-bg)"));
        assert_eq!(token("#ECECFF"), Some("var(--c-accent-soft)"));
        assert_eq!(token("hsl(-120, 0%, 80%)"), Some("var(--c-bg-mute)"));
        assert_eq!(token("#E879F9"), Some("var(--c-accent)"));
        assert_eq!(token("rgb(128, 128, 128)"), Some("var(--c-text-muted)"));
        assert_eq!(token("rgba(0,0,0,0)"), Some("transparent"));
        assert_eq!(token("none"), Some("none"));
    }

    #[test]
    fn what_is_not_a_colour_is_refused() {
        assert_eq!(token("url(#gradient)"), None);
        assert_eq!(token("url(https://example.com/x.svg)"), None);
        assert_eq!(token("expression(alert(1))"), None);
        assert_eq!(token("#12"), None);
    }
}
