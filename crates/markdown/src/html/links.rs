//! Links, images and MDX expressions in the HTML: hrefs resolved and recorded for the link
//! check (`pathname:` links to files as they are), and the expressions shown without a
//! JavaScript runtime.

use super::{api, Renderer};
use crate::page::LinkRef;
use crate::text::{escape_attr, escape_html, is_external, position};
use markdown::mdast::Node;

impl Renderer<'_> {
    pub(super) fn link(&mut self, node: &Node, url: &str, title: Option<&str>, children: &[Node]) {
        if self.in_link {
            self.inline(children);
            return;
        }
        let href = match url.strip_prefix("api:") {
            Some(name) => match api::api_href(self, node, name) {
                Some(h) => h,
                None => return,
            },
            None => self.href(node, url),
        };
        let title_attr = title
            .map(|t| format!(" title=\"{}\"", escape_attr(t)))
            .unwrap_or_default();
        let external = if is_external(&href) {
            " target=\"_blank\" rel=\"noopener noreferrer\""
        } else {
            ""
        };
        self.out.push_str(&format!(
            "<a href=\"{}\"{title_attr}{external}>",
            escape_attr(&href)
        ));
        self.in_link = true;
        self.inline(children);
        self.in_link = false;
        self.out.push_str("</a>");
    }

    /// Resolves a link target and records internal ones for the link check.
    pub(crate) fn href(&mut self, node: &Node, url: &str) -> String {
        if crate::sanitize::url_scheme(url).as_deref() == Some("pathname") {
            return self.pathname_href(node, url);
        }
        if let Some(problem) = crate::sanitize::url_problem(url) {
            self.error_at(node, problem, None);
            return "#".into();
        }
        let href = (self.options.resolve_link)(url, self.options.from);
        if !is_external(&href) {
            let (line, column) = position(node);
            self.done.links.push(LinkRef {
                href: href.clone(),
                line,
                column,
            });
        }
        href
    }

    /// `pathname:///file.pdf`, Docusaurus's link to a file of the site as it is: the path,
    /// unresolved, checked like any internal link (a missing file is a broken link).
    fn pathname_href(&mut self, node: &Node, url: &str) -> String {
        let path = url.trim()[url.trim().find(':').map_or(0, |i| i + 1)..]
            .strip_prefix("//")
            .unwrap_or("");
        // `//host` and `/\host` would leave the site (browsers read a backslash as a slash).
        let leaves =
            path.starts_with("//") || path.contains('\\') || path.chars().any(char::is_control);
        if !path.starts_with('/') || leaves {
            self.error_at(
                node,
                format!("`{url}` does not name a path from the site's root"),
                Some("write pathname:///file.pdf for static/file.pdf"),
            );
            return "#".into();
        }
        let (line, column) = position(node);
        self.done.links.push(LinkRef {
            href: path.to_string(),
            line,
            column,
        });
        path.to_string()
    }

    pub(super) fn image(&mut self, node: &Node, url: &str, alt: &str, title: Option<&str>) {
        let src = self.href(node, url);
        let title_attr = title
            .map(|t| format!(" title=\"{}\"", escape_attr(t)))
            .unwrap_or_default();
        self.out.push_str(&format!(
            "<img src=\"{}\" alt=\"{}\"{title_attr} loading=\"lazy\" />",
            escape_attr(&src),
            escape_attr(alt)
        ));
    }

    /// MDX expressions: comments are dropped, string literals and the page scope's values
    /// (`frontMatter.title`, `contentTitle`) shown; anything else would need
    /// a JavaScript runtime, so it is an error rather than silently empty output.
    pub(super) fn expression(&mut self, node: &Node, value: &str) {
        let v = value.trim();
        if v.is_empty() || (v.starts_with("/*") && v.ends_with("*/")) {
            return;
        }
        if let Some(text) = crate::js_string::whole(v) {
            self.out.push_str(&escape_html(&text));
            return;
        }
        let content_title = self.done.h1.clone();
        match crate::scope::value(v, self.options.front_matter, content_title.as_deref()) {
            Some(Ok(text)) => return self.out.push_str(&escape_html(&text)),
            Some(Err(problem)) => return self.error_at(node, problem, None),
            None => {}
        }
        self.error_at(
            node,
            format!("unsupported MDX expression `{{{v}}}`"),
            Some("braces start a JavaScript expression in MDX; write `&#123;` for a literal brace or use backticks"),
        );
    }
}
