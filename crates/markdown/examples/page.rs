//! Times rendering one page file many times: `page FILE`.
fn main() {
    let path = std::env::args().nth(1).expect("a page file");
    let src = std::fs::read_to_string(path).unwrap();
    let body = src.splitn(3, "---\n").nth(2).unwrap_or(&src).to_string();
    let resolve = |u: &str, _: Option<&str>| u.to_string();
    let load = |_: &str| Err::<String, String>("none".into());
    let url = |_: &str| None;
    let opts = docsite_markdown::Options::new(&resolve, &load, &url);
    docsite_markdown::render(&body, &opts).unwrap();
    let t = std::time::Instant::now();
    for _ in 0..200 {
        docsite_markdown::render(&body, &opts).unwrap();
    }
    println!(
        "render: {:?} per page ({} bytes)",
        t.elapsed() / 200,
        body.len()
    );
    let t = std::time::Instant::now();
    let po = markdown::ParseOptions {
        constructs: markdown::Constructs {
            gfm_table: true,
            ..markdown::Constructs::mdx()
        },
        mdx_esm_parse: Some(Box::new(|_| markdown::MdxSignal::Ok)),
        ..markdown::ParseOptions::mdx()
    };
    for _ in 0..200 {
        markdown::to_mdast(&body, &po).unwrap();
    }
    println!("parse only: {:?} per page", t.elapsed() / 200);
}
