//! Page entries (the catalogue) and the HTML of card lists.

use crate::render::Page;
use crate::sidebars::Sidebars;
use docsite_core::model::{Card, PageEntry};
use docsite_markdown::{escape_attr, escape_html};

pub fn entries(pages: &[Page], sidebars: &Sidebars) -> Vec<PageEntry> {
    pages
        .iter()
        .map(|p| PageEntry {
            id: p.src.id.clone(),
            title: p.title.clone(),
            description: p.description.clone(),
            sidebar: sidebars.page_sidebar.get(&p.src.id).cloned(),
            unlisted: p.src.front_matter.unlisted,
            route: p.src.route.clone(),
            version: None,
        })
        .collect()
}

pub fn cards_html(cards: &[Card]) -> String {
    let mut h = String::from("<ul class=\"card-list\">");
    for c in cards {
        h.push_str(&format!(
            "<li class=\"card\"><a class=\"card__link\" href=\"{}\">",
            escape_attr(&c.href)
        ));
        if let Some(logo) = c
            .custom_props
            .as_ref()
            .and_then(|p| p.get("logo"))
            .and_then(|l| l.as_str())
        {
            h.push_str(&format!(
                "<img class=\"card__logo\" src=\"{}\" alt=\"\" width=\"32\" height=\"32\">",
                escape_attr(logo)
            ));
        }
        h.push_str(&format!(
            "<span class=\"card__title\">{}</span><span class=\"card__description\">{}</span></a></li>",
            escape_html(&c.label),
            escape_html(&c.description)
        ));
    }
    h.push_str("</ul>\n");
    h
}
