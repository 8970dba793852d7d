//! Mermaid diagrams drawn as SVG while the page renders, so readers get a picture with no
//! script: ```` ```mermaid ```` blocks when site.yaml sets `markdown: {mermaid: true}`, and
//! `<Mermaid value={`…`} />` (Docusaurus's `@theme/Mermaid`).
//!
//! `merman` lays the diagram out and writes SVG ([`draw`]); [`svg`] writes that SVG again from
//! an allow-list, its colours turned into the site's colour tokens ([`colours`], [`css`]) so
//! the diagram follows the light and dark themes. The result is inline `<svg role="img">`
//! named by the diagram's title or the text before it, its labels real `<text>`.

mod colours;
mod css;
mod name;
mod svg;

use crate::text::{escape_attr, escape_html};
use std::time::Duration;

pub use name::{accessible_name, diagram_description, diagram_title, text_before};

/// The largest diagram source drawn, in bytes: the bundled site's largest is under 1 KiB.
pub const MAX_DIAGRAM_BYTES: usize = 32 * 1024;

/// The longest one diagram may take to lay out and write; the bundled site's take under
/// 30 ms each. A bound on what one block may cost a build, not a target.
pub const MAX_DIAGRAM_TIME: Duration = Duration::from_secs(5);

/// The smallest scale a diagram is drawn at to fit the column: at 0.8, the renderer's 14 px
/// labels stay above 11 px; a wider diagram scrolls.
const MIN_SCALE: f64 = 0.8;

/// The diagram types drawn (the renderer is built with these alone).
pub const DIAGRAM_TYPES: &[&str] = &[
    "flowchart",
    "graph",
    "sequenceDiagram",
    "classDiagram",
    "stateDiagram",
    "stateDiagram-v2",
    "erDiagram",
    "gantt",
];

/// The HTML of one diagram: `id` must be unique in the page (and a plain name); `name` is
/// its accessible name. An error says why the diagram cannot be drawn.
pub fn draw(source: &str, id: &str, name: &str) -> Result<String, String> {
    if source.len() > MAX_DIAGRAM_BYTES {
        return Err(format!(
            "the diagram is {} bytes, more than the {MAX_DIAGRAM_BYTES} bytes drawn",
            source.len()
        ));
    }
    if !css::safe_name(id) {
        return Err(format!("`{id}` is not a plain id"));
    }
    check_type(source)?;
    let drawn = render(source, id)?;
    let cleaned = svg::clean(&drawn, id)?;
    let [x, y, w, h] = cleaned.view_box;
    let (described_by, desc) = match diagram_description(source) {
        Some(d) => (
            format!(" aria-describedby=\"{id}-desc\""),
            format!("<desc id=\"{id}-desc\">{}</desc>", escape_html(&d)),
        ),
        None => (String::new(), String::new()),
    };
    Ok(format!(
        "<div class=\"diagram\"><svg xmlns=\"http://www.w3.org/2000/svg\" id=\"{id}\" \
         class=\"diagram__svg\" viewBox=\"{x} {y} {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\" \
         aria-label=\"{label}\"{described_by}><title>{title}</title>{desc}<style>{frame}{style}</style>{body}</svg></div>\n",
        // Scaled down to the column, never up, and never below MIN_SCALE of its size: a wide
        // diagram scrolls (`.diagram` scrolls sideways) rather than shrink its labels out of
        // reach. Labels in the font the renderer measured them with (Arial's metrics;
        // Liberation Sans has the same), so they fit their boxes.
        frame = format_args!(
            "#{id}{{display:block;width:min({w}px,max(100%,{min_w}px));max-width:none;height:auto;margin:0 auto;font-family:Arial,\"Liberation Sans\",Helvetica,sans-serif}}",
            min_w = (w * MIN_SCALE).round(),
        ),
        label = escape_attr(name),
        title = escape_html(name),
        style = cleaned.style,
        body = cleaned.body,
    ))
}

/// The diagram's first word (after front matter, directives and comments) must be a type
/// that is drawn: the renderer's own message for another type would not say which ones are.
fn check_type(source: &str) -> Result<(), String> {
    let first = name::body_lines(source).next().unwrap_or("");
    let keyword = first.split_whitespace().next().unwrap_or("");
    if DIAGRAM_TYPES.contains(&keyword) {
        Ok(())
    } else {
        Err(format!(
            "`{keyword}` diagrams are not drawn; the types drawn are {}",
            DIAGRAM_TYPES.join(", ")
        ))
    }
}

fn render(source: &str, id: &str) -> Result<String, String> {
    use merman::svg::{SvgPipeline, SvgRenderOptions};
    use merman::{OperationControl, RenderOutput, RenderRequest, Renderer, SvgRequest};
    let request = SvgRequest {
        // HTML labels become SVG text: readers without a `foreignObject` see them too.
        pipeline: Some(SvgPipeline::resvg_safe()),
        options: SvgRenderOptions {
            diagram_id: Some(id.to_string()),
            ..SvgRenderOptions::default()
        },
        ..SvgRequest::default()
    };
    let control = OperationControl::new().with_deadline(MAX_DIAGRAM_TIME);
    match Renderer::new().render(RenderRequest::svg(source, control, request)) {
        Ok(RenderOutput::Svg(Some(svg))) => Ok(svg.into_parts().0),
        Ok(_) => Err("no Mermaid diagram found".into()),
        Err(merman::RenderError::Cancelled(_)) => Err(format!(
            "the diagram took longer than {} s to draw",
            MAX_DIAGRAM_TIME.as_secs()
        )),
        Err(e) => Err(e.to_string()),
    }
}

#[cfg(test)]
mod tests;
