//! Compares markdown-rs parse times with different constructs on one page: `parse FILE`.
fn time(label: &str, body: &str, po: &markdown::ParseOptions) {
    let t = std::time::Instant::now();
    for _ in 0..100 {
        markdown::to_mdast(body, po).unwrap();
    }
    println!("{label}: {:?}", t.elapsed() / 100);
}
fn main() {
    let src = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    let body = src
        .splitn(3, "---\n")
        .nth(2)
        .unwrap_or(&src)
        .replace(":::tip", "")
        .replace(":::", "");
    time("commonmark", &body, &markdown::ParseOptions::default());
    time("gfm", &body, &markdown::ParseOptions::gfm());
    time("mdx", &body, &markdown::ParseOptions::mdx());
    let t = std::time::Instant::now();
    for _ in 0..100 {
        markdown::to_html(&body);
    }
    println!("to_html commonmark: {:?}", t.elapsed() / 100);
}
