//! Times the highlighter's fixed costs: loading syntaxes, theme CSS, and small blocks.
fn main() {
    let t = std::time::Instant::now();
    docsite_markdown::highlight::warm_up();
    println!("syntax set load: {:?}", t.elapsed());
    let t = std::time::Instant::now();
    let css = docsite_markdown::highlight::theme_css();
    println!("theme css: {:?} ({} bytes)", t.elapsed(), css.len());
    let code = "import dagster as dg\n\n@dg.asset\ndef a_1() -> int:\n    return 1\n";
    let t = std::time::Instant::now();
    for _ in 0..1000 {
        docsite_markdown::highlight::highlight_lines(code, "python", &Default::default(), false);
    }
    println!("1000 python blocks: {:?}", t.elapsed());
    let t = std::time::Instant::now();
    for _ in 0..1000 {
        docsite_markdown::highlight::highlight_lines(
            "key: value\n",
            "yaml",
            &Default::default(),
            false,
        );
    }
    println!("1000 yaml blocks: {:?}", t.elapsed());
}
