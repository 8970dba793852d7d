//! The renderer's SVG written again from an allow-list: shapes, groups, text and markers,
//! with geometry attributes, classes and cleaned CSS. Everything else (scripts, links,
//! images, `foreignObject`, filters, event handlers, ids outside the diagram) is left out.
//! Label copies reached through `<use>` and nested `<svg>` viewports are written in place as
//! plain groups, so every label is real `<text>` a reader can select, never clipped.

use super::css;
use crate::text::{escape_attr, escape_html};
use roxmltree::{Document, Node};

/// Elements written as they are (with their allowed attributes and children).
const SHAPES: &[&str] = &[
    "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "tspan",
    "marker",
];

/// Attributes whose values are geometry or layout, copied when plain.
const PLAIN_ATTRIBUTES: &[&str] = &[
    "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "width", "height", "d",
    "points", "transform", "dx", "dy", "viewBox", "refX", "refY", "markerWidth",
    "markerHeight", "markerUnits", "orient", "text-anchor", "dominant-baseline",
    "alignment-baseline", "fill-rule", "clip-rule", "stroke-width", "stroke-dasharray",
    "stroke-linecap", "stroke-linejoin", "opacity", "fill-opacity", "stroke-opacity",
    "font-size", "font-weight", "font-style",
];

/// How many `<use>` a label may go through: the renderer uses one.
const MAX_USE_DEPTH: usize = 4;

/// What is kept of the renderer's SVG.
pub(super) struct Cleaned {
    /// The root's children, cleaned.
    pub body: String,
    /// The root's stylesheet, cleaned.
    pub style: String,
    /// `min-x min-y width height`.
    pub view_box: [f64; 4],
}

pub(super) fn clean(svg: &str, id: &str) -> Result<Cleaned, String> {
    let doc = Document::parse(svg).map_err(|e| format!("the renderer wrote SVG that does not parse: {e}"))?;
    let root = doc.root_element();
    let view_box = view_box(root.attribute("viewBox")).ok_or("the renderer's SVG has no viewBox")?;
    let style = root
        .descendants()
        .filter(|n| n.has_tag_name("style"))
        .filter_map(|n| n.text())
        .map(|t| css::stylesheet(t, id))
        .collect();
    let mut writer = Writer { doc: &doc, id, out: String::new() };
    for child in root.children() {
        writer.node(child, 0);
    }
    Ok(Cleaned { body: writer.out, style, view_box })
}

fn view_box(value: Option<&str>) -> Option<[f64; 4]> {
    let n: Vec<f64> = value?
        .split([' ', ','])
        .filter(|s| !s.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let v: [f64; 4] = n.try_into().ok()?;
    (v.iter().all(|x| x.is_finite()) && v[2] > 0.0 && v[3] > 0.0).then_some(v)
}

struct Writer<'d, 'i> {
    doc: &'d Document<'i>,
    id: &'d str,
    out: String,
}

impl Writer<'_, '_> {
    fn node(&mut self, node: Node, uses: usize) {
        if node.is_text() {
            let in_text = node.parent().is_some_and(|p| p.has_tag_name("text") || p.has_tag_name("tspan"));
            if in_text {
                self.out.push_str(&escape_html(node.text().unwrap_or("")));
            }
            return;
        }
        if !node.is_element() {
            return;
        }
        match node.tag_name().name() {
            "defs" => self.defs(node, uses),
            "svg" => self.viewport(node, uses),
            "use" => self.use_element(node, uses),
            name if SHAPES.contains(&name) => self.element(name, node, uses),
            // style (read once from the root), title, desc, filters, clip paths, images,
            // foreignObject, scripts, links: not written.
            _ => {}
        }
    }

    /// Only markers are kept from `<defs>`; label templates are written where they are used.
    fn defs(&mut self, node: Node, uses: usize) {
        let markers: Vec<Node> = node.children().filter(|c| c.has_tag_name("marker")).collect();
        if markers.is_empty() {
            return;
        }
        self.out.push_str("<defs>");
        for marker in markers {
            self.node(marker, uses);
        }
        self.out.push_str("</defs>");
    }

    fn element(&mut self, name: &str, node: Node, uses: usize) {
        self.out.push('<');
        self.out.push_str(name);
        self.attributes(node);
        self.out.push('>');
        for child in node.children() {
            self.node(child, uses);
        }
        self.out.push_str("</");
        self.out.push_str(name);
        self.out.push('>');
    }

    /// A nested `<svg>` as a group placed and scaled as its viewport would be, unclipped.
    fn viewport(&mut self, node: Node, uses: usize) {
        let number = |name: &str| node.attribute(name).and_then(|v| v.parse::<f64>().ok());
        let (x, y) = (number("x").unwrap_or(0.0), number("y").unwrap_or(0.0));
        let mut transform = format!("translate({x} {y})");
        if let (Some([vx, vy, vw, vh]), Some(w), Some(h)) =
            (view_box(node.attribute("viewBox")), number("width"), number("height"))
        {
            if (w - vw).abs() > 1e-6 || (h - vh).abs() > 1e-6 || vx != 0.0 || vy != 0.0 {
                transform.push_str(&format!(" scale({} {}) translate({} {})", w / vw, h / vh, -vx, -vy));
            }
        }
        self.group(&transform, node.children(), uses);
    }

    /// `<use href="#x">`: the element it names, written here inside a group at its place.
    fn use_element(&mut self, node: Node, uses: usize) {
        if uses >= MAX_USE_DEPTH {
            return;
        }
        let href = node
            .attribute("href")
            .or_else(|| node.attribute(("http://www.w3.org/1999/xlink", "href")));
        let Some(target) = href
            .and_then(|h| h.strip_prefix('#'))
            .and_then(|id| self.doc.descendants().find(|n| n.attribute("id") == Some(id)))
        else {
            return;
        };
        // A `<use>` of one of its own ancestors would never end.
        if node.ancestors().any(|a| a == target) {
            return;
        }
        let number = |name: &str| node.attribute(name).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
        let transform = format!("translate({} {})", number("x"), number("y"));
        self.group(&transform, std::iter::once(target), uses + 1);
    }

    fn group<'a, 'i: 'a>(&mut self, transform: &str, children: impl Iterator<Item = Node<'a, 'i>>, uses: usize) {
        self.out.push_str(&format!("<g transform=\"{}\">", escape_attr(transform)));
        for child in children {
            match child.tag_name().name() {
                // A template group's own attributes (its id) are not wanted, its content is.
                "g" | "symbol" if child.attribute("id").is_some() => {
                    for c in child.children() {
                        self.node(c, uses);
                    }
                }
                _ => self.node(child, uses),
            }
        }
        self.out.push_str("</g>");
    }

    /// Allowed attributes, then one `style` holding the element's colours (as tokens) and its
    /// cleaned inline style.
    fn attributes(&mut self, node: Node) {
        let mut style = Vec::new();
        for a in node.attributes() {
            let (name, value) = (a.name(), a.value());
            if a.namespace().is_some() {
                continue;
            }
            match name {
                "fill" | "stroke" => {
                    if let Some(d) = css::declarations(&format!("{name}:{value}"), self.id) {
                        style.push(d);
                    }
                }
                "style" => style.extend(css::declarations(value, self.id)),
                "marker-start" | "marker-mid" | "marker-end" => {
                    if let Some(v) = css::marker_reference(value, self.id) {
                        self.attribute(name, &v);
                    }
                }
                "id" if node.has_tag_name("marker") && value.starts_with(self.id) && css::safe_name(value) => {
                    self.attribute(name, value)
                }
                "class" => {
                    let classes: Vec<&str> = value.split_whitespace().filter(|c| css::safe_name(c)).collect();
                    if !classes.is_empty() {
                        self.attribute(name, &classes.join(" "));
                    }
                }
                _ if PLAIN_ATTRIBUTES.contains(&name) && !value.contains("url(") => self.attribute(name, value),
                _ => {}
            }
        }
        if !style.is_empty() {
            self.attribute("style", &style.join(";"));
        }
    }

    fn attribute(&mut self, name: &str, value: &str) {
        self.out.push_str(&format!(" {name}=\"{}\"", escape_attr(value)));
    }
}
