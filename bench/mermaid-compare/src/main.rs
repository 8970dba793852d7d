//! Renders every `.mmd` file of DIR with both renderers, writes OUT/<name>.<renderer>.svg,
//! and prints a table: time of the first render and the median of the next ten, SVG size.
use std::time::{Duration, Instant};

fn merman_svg(source: &str) -> Result<String, String> {
    use merman::{OperationControl, RenderOutput, RenderRequest, Renderer, SvgRequest};
    let request = SvgRequest {
        pipeline: Some(merman::svg::SvgPipeline::resvg_safe()),
        ..SvgRequest::default()
    };
    match Renderer::new().render(RenderRequest::svg(source, OperationControl::new(), request)) {
        Ok(RenderOutput::Svg(Some(svg))) => Ok(svg.svg().to_string()),
        Ok(_) => Err("no diagram".into()),
        Err(error) => Err(error.to_string()),
    }
}

fn mmdr_svg(source: &str) -> Result<String, String> {
    mermaid_rs_renderer::render(source).map_err(|error| error.to_string())
}

fn measure(render: fn(&str) -> Result<String, String>, source: &str) -> (Duration, Duration, Result<String, String>) {
    let start = Instant::now();
    let first = render(source);
    let first_time = start.elapsed();
    let mut times: Vec<Duration> = (0..10)
        .map(|_| {
            let start = Instant::now();
            let _ = render(source);
            start.elapsed()
        })
        .collect();
    times.sort();
    (first_time, times[5], first)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (dir, out) = (&args[1], &args[2]);
    std::fs::create_dir_all(out).unwrap();
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    println!("| diagram | mermaid-rs-renderer first / median ms | bytes | merman first / median ms | bytes |");
    println!("| --- | --- | --- | --- | --- |");
    for path in files.iter().filter(|p| p.extension().is_some_and(|e| e == "mmd")) {
        let source = std::fs::read_to_string(path).unwrap();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let mut row = format!("| {name} ");
        for (label, render) in [("mmdr", mmdr_svg as fn(&str) -> _), ("merman", merman_svg)] {
            let (first, median, result) = measure(render, &source);
            match result {
                Ok(svg) => {
                    std::fs::write(format!("{out}/{name}.{label}.svg"), &svg).unwrap();
                    row += &format!("| {:.2} / {:.2} | {} ", ms(first), ms(median), svg.len());
                }
                Err(error) => row += &format!("| error: {} | ", error.lines().next().unwrap_or("")),
            }
        }
        println!("{row}|");
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
