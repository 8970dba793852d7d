//! Fuzzing the shapes that multiply work: partials that show others several times (fan-out),
//! repeated headings whose ids collide, and long lines in highlighted code. Each page must
//! render (an error is fine) in bounded time, whatever the shape.

use docsite_markdown::{render, Imported, Options, TwinOptions};
use docsite_test_support::fuzz;
use proptest::prelude::*;
use std::time::{Duration, Instant};

/// What one generated page is made of.
#[derive(Debug, Clone)]
struct Shape {
    /// Partial `i` shows partial `i + 1` this many times (the last shows text).
    fan_out: Vec<usize>,
    /// Headings `## a-1` … `## a-n`, then `## a` this many times.
    numbered: usize,
    repeats: usize,
    /// A Python block with one line of this many escaped-quote strings.
    long_line: usize,
}

fn shapes() -> impl Strategy<Value = Shape> {
    (
        proptest::collection::vec(1usize..10, 0..10),
        0usize..1_500,
        0usize..1_500,
        0usize..10_000,
    )
        .prop_map(|(fan_out, numbered, repeats, long_line)| Shape {
            fan_out,
            numbered,
            repeats,
            long_line,
        })
}

fn partial(shape: &Shape, i: usize) -> String {
    match shape.fan_out.get(i) {
        Some(&n) => format!(
            "import P from './_p{}.mdx';\n\n{}",
            i + 1,
            "<P />\n\n".repeat(n)
        ),
        None => "leaf text\n".to_string(),
    }
}

fn page(shape: &Shape) -> String {
    let mut body = String::from("import P from './_p0.mdx';\n\n<P />\n\n");
    for i in 1..=shape.numbered {
        body.push_str(&format!("## a-{i}\n\n"));
    }
    body.push_str(&"## a\n\n".repeat(shape.repeats));
    if shape.long_line > 0 {
        body.push_str(&format!(
            "```python\nx = {}\n```\n",
            "\"\\\"\" + ".repeat(shape.long_line)
        ));
    }
    body
}

fn check(shape: Shape) -> Result<(), String> {
    let resolve = |u: &str, _: Option<&str>| u.to_string();
    let load = |_: &str| Ok::<_, String>(String::new());
    let url = |_: &str| None;
    let import = |path: &str, _: Option<&str>| {
        let i: usize = path
            .trim_start_matches("./_p")
            .trim_end_matches(".mdx")
            .parse()
            .map_err(|_| "no such file".to_string())?;
        Ok(Imported::Markdown {
            path: path.to_string(),
            text: partial(&shape, i),
        })
    };
    let options = Options {
        twin: Some(TwinOptions {
            site_url: "https://example.com",
            route: "/x",
        }),
        import: &import,
        ..Options::new(&resolve, &load, &url)
    };
    let start = Instant::now();
    let _ = render(&page(&shape), &options);
    // Generous for a debug build on a busy machine; a multiplying shape took minutes.
    let spent = start.elapsed();
    if spent > Duration::from_secs(10) {
        return Err(format!("took {spent:?}"));
    }
    Ok(())
}

#[test]
fn multiplying_shapes_render_in_bounded_time() {
    fuzz(file!(), shapes(), check);
}

#[test]
fn the_worst_shapes_are_refused_or_rendered_quickly() {
    let worst = Shape {
        fan_out: vec![8; 9],
        numbered: 10_000,
        repeats: 10_000,
        long_line: 60_000,
    };
    check(worst).unwrap();
}
