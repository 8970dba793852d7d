//! What rendering a page takes from the site around it, and what it gives back.

use docsite_core::api::ApiIndex;
use docsite_core::model::TocItem;
use std::collections::BTreeMap;

/// Where the card list of an index page goes; the build fills it in once sidebars are known.
pub const CARDS_MARKER: &str = "<!--docsite:cards-->";

/// What the renderer needs from the site around the page.
#[derive(Clone, Copy)]
pub struct Options<'a> {
    pub toc_min: u8,
    pub toc_max: u8,
    /// Turns a link as written (`../x.md#a`, `/guides/x`) into the href to emit. The second
    /// argument is [`Options::from`]: the imported file the link is written in, if not the page.
    pub resolve_link: &'a (dyn Fn(&str, Option<&str>) -> String + Sync),
    /// Reads an example file by its path under `examples/`.
    pub load_example: &'a (dyn Fn(&str) -> Result<String, String> + Sync),
    /// The repository URL of an example file, if the site has one.
    pub example_url: &'a (dyn Fn(&str) -> Option<String> + Sync),
    /// Where the page's Markdown twin points its links; `None` makes no twin.
    pub twin: Option<TwinOptions<'a>>,
    /// The API inventory and where each documented name has its entry, for `<ApiEntry>`,
    /// `api:` links, `<PyObject>` and inline code naming an API.
    pub api: Option<&'a ApiIndex>,
    /// Reads what an `import X from './x'` line names, relative to the page, or to the imported
    /// file of the second argument ([`Options::from`]).
    pub import: &'a ImportHook<'a>,
    /// The imported file being rendered (a partial, `docs/guides/_shared.mdx`): its relative
    /// links and imports start from its own folder, as in Docusaurus. `None` for the page.
    pub from: Option<&'a str>,
    /// The site's additions to the Markdown dialect.
    pub dialect: &'a Dialect,
    /// The page's front matter, for `{frontMatter.title}` and the like.
    pub front_matter: Option<&'a docsite_core::frontmatter::FrontMatter>,
}

impl<'a> Options<'a> {
    /// Options with the given hooks and Docusaurus's defaults for the rest: TOC levels 2 to
    /// 3, no twin, no API index, no imports, the plain dialect. Change fields with struct
    /// update syntax (`Options { twin, ..Options::new(…) }`).
    pub fn new(
        resolve_link: &'a (dyn Fn(&str, Option<&str>) -> String + Sync),
        load_example: &'a (dyn Fn(&str) -> Result<String, String> + Sync),
        example_url: &'a (dyn Fn(&str) -> Option<String> + Sync),
    ) -> Self {
        const PLAIN: &Dialect = &Dialect {
            admonitions: Vec::new(),
            children_only: Vec::new(),
            iframes: Vec::new(),
            site_url: String::new(),
            npm2yarn: None,
            mermaid: false,
        };
        Self {
            toc_min: 2,
            toc_max: 3,
            resolve_link,
            load_example,
            example_url,
            twin: None,
            api: None,
            import: &no_imports,
            from: None,
            dialect: PLAIN,
            front_matter: None,
        }
    }
}

/// Reads the file an `import` line names (the path as written, and the imported file holding
/// the line, if not the page). A named import (`import { A } from './x'`) is asked for as
/// `./x#A`.
pub type ImportHook<'a> = dyn Fn(&str, Option<&str>) -> Result<Imported, String> + Sync + 'a;

/// What an imported file is to a page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Imported {
    /// A Markdown partial (`_partial.mdx`): its text, rendered in place of `<X />`.
    Markdown { path: String, text: String },
    /// Any other file (an SVG, an image): the URL it is served at, shown as an image.
    Asset { url: String },
    /// A site component (a `.jsx`/`.tsx`/`.js`/`.ts` file or a package): the module id of its
    /// file and the export used. The page records each use ([`IslandUse`]) and leaves a
    /// marker ([`island_marker`]) where the build puts the component's HTML.
    Component { module: String, export: String },
}

/// One use of a site component in a page: what the build needs to render it with React.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct IslandUse {
    /// The name as written (`APITable`).
    pub name: String,
    pub module: String,
    pub export: String,
    /// Attributes in order, as written.
    pub props: Vec<(String, PropValue)>,
    /// The MDX inside the element, written as HTML (with markers for nested uses).
    pub children_html: String,
    /// Site components used inside this one's children, by the index in their markers.
    pub nested: Vec<IslandUse>,
    /// Site components named in JSX inside its props (`icon={<Star />}`): name as written →
    /// (module id, export).
    pub prop_components: BTreeMap<String, (String, String)>,
    /// Line of the use in the body, from 1.
    pub line: usize,
    /// A block (`<div>` wrapper) rather than inside a paragraph (`<span>`).
    pub flow: bool,
}

/// An attribute of a site component's use.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PropValue {
    /// `title="x"`
    Text(String),
    /// `rows={[1, 2]}`: the expression's source.
    Expression(String),
    /// `open` alone
    True,
}

/// Where the `n`th site component use of a page (or of a component's children) goes.
pub fn island_marker(n: usize) -> String {
    format!("{ISLAND_MARKER_START}{n}-->")
}

const ISLAND_MARKER_START: &str = "<!--docsite:island:";

/// `text` (a partial's HTML or twin, numbered from 0) with each of its markers moved up by
/// `base`, as the page around it numbers them; and how many markers it holds.
pub(crate) fn shift_island_markers(text: &str, base: usize) -> (String, usize) {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut count = 0;
    while let Some(at) = rest.find(ISLAND_MARKER_START) {
        let after = &rest[at + ISLAND_MARKER_START.len()..];
        let digits = after
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(after.len());
        match (
            after[..digits].parse::<usize>(),
            after[digits..].starts_with("-->"),
        ) {
            (Ok(n), true) => {
                out.push_str(&rest[..at]);
                out.push_str(&island_marker(base + n));
                count += 1;
                rest = &after[digits + 3..];
            }
            _ => {
                out.push_str(&rest[..at + ISLAND_MARKER_START.len()]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    (out, count)
}

/// Site settings that change how pages are read.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Dialect {
    /// Admonition keywords besides Docusaurus's defaults.
    pub admonitions: Vec<String>,
    /// Components not known to the engine that render as their children, with a warning.
    pub children_only: Vec<String>,
    /// What frames of an origin may do beyond the defaults (see `iframes.rs`).
    pub iframes: Vec<docsite_core::config::IframeOrigin>,
    /// The site's URL: its frames never get scripts with their own origin.
    pub site_url: String,
    /// npm2yarn blocks become tabs when set.
    pub npm2yarn: Option<docsite_core::config::Npm2YarnConfig>,
    /// Docusaurus's `markdown: {mermaid: true}`: ```` ```mermaid ```` blocks are drawn as
    /// diagrams; otherwise they are code, as in Docusaurus.
    pub mermaid: bool,
}

/// An `import` hook for pages that import nothing.
pub fn no_imports(path: &str, _from: Option<&str>) -> Result<Imported, String> {
    Err(format!("cannot import `{path}` here"))
}

/// A link found in the page, for checking once every page is rendered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkRef {
    pub href: String,
    pub line: usize,
    pub column: usize,
}

#[derive(Debug, Default, Clone)]
pub struct Rendered {
    pub html: String,
    pub toc: Vec<TocItem>,
    /// Every id a link can point at: headings and elements with an `id`.
    pub anchors: Vec<String>,
    /// The text of the first h1, when the page starts with one (it is then left out of the HTML).
    pub h1: Option<String>,
    pub first_paragraph: Option<String>,
    pub links: Vec<LinkRef>,
    pub has_cards: bool,
    /// Example files the page shows, so a change to one re-renders the page.
    pub examples: Vec<String>,
    /// The page body as clean Markdown (see `to_markdown`), when asked for in the options.
    pub markdown: Option<String>,
    /// Problems that do not stop the page (a component shown as its children).
    pub warnings: Vec<docsite_core::Diagnostic>,
    /// Site components the page uses, in order; [`island_marker`]s in `html` and `markdown`
    /// stand where each goes.
    pub islands: Vec<IslandUse>,
    /// What a `<head>` in the page adds to its document's head: `<title>`, `<meta>` and
    /// `<link>` tags, checked and serialised (see `html/head.rs`).
    pub head: Vec<HeadTag>,
}

/// One tag of a page's `<head>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum HeadTag {
    Title(String),
    /// `<meta>`'s attributes, in order.
    Meta(Vec<(String, String)>),
    /// `<link>`'s attributes, in order.
    Link(Vec<(String, String)>),
}

/// Where the twin's links point.
#[derive(Debug, Clone, Copy)]
pub struct TwinOptions<'a> {
    /// The site's origin (`https://docs.dagster.io`): internal links are made absolute with it.
    pub site_url: &'a str,
    /// The page's route, for links to its own anchors (`#x`).
    pub route: &'a str,
}

#[cfg(test)]
mod tests {
    use super::{island_marker, shift_island_markers};

    #[test]
    fn a_partials_markers_move_after_the_pages() {
        let partial = format!(
            "a {} b {} <!--docsite:island:x--> c",
            island_marker(0),
            island_marker(1)
        );
        let (shifted, count) = shift_island_markers(&partial, 9);
        assert_eq!(count, 2);
        assert_eq!(
            shifted,
            format!(
                "a {} b {} <!--docsite:island:x--> c",
                island_marker(9),
                island_marker(10)
            )
        );
        assert_eq!(shift_island_markers("plain", 3), ("plain".to_string(), 0));
    }
}
