//! The no-JS sidebar of a page's HTML document: nested lists with the page's category open.

use docsite_core::model::SidebarItem;
use docsite_markdown::{escape_attr, escape_html};

/// The sidebar as nested lists, following the display rules: hidden items and unlisted links
/// (other than the current page) are left out; the category holding the page is open.
pub(crate) fn menu(h: &mut String, items: &[SidebarItem], current: &str) {
    h.push_str("<ul class=\"menu\">");
    for item in items {
        if item.is_hidden() {
            continue;
        }
        match item {
            // Checked and cleaned by the sanitiser when the sidebars were resolved.
            SidebarItem::Html(html) => {
                let mut class = String::from("menu__item menu__html");
                if html.default_style {
                    class.push_str(" menu__html--default");
                }
                if let Some(c) = &html.class_name {
                    class.push(' ');
                    class.push_str(c);
                }
                h.push_str(&format!(
                    "<li class=\"{}\">{}</li>",
                    escape_attr(&class),
                    html.value
                ));
            }
            SidebarItem::Link(l) => {
                let is_current = l.doc_id.as_deref() == Some(current);
                if l.unlisted && !is_current {
                    continue;
                }
                let (class, aria) = if is_current {
                    ("menu__link menu__link--active", " aria-current=\"page\"")
                } else {
                    ("menu__link", "")
                };
                h.push_str(&format!(
                    "<li class=\"menu__item\"><a class=\"{class}\" href=\"{}\"{aria}>",
                    escape_attr(&l.href)
                ));
                logo(h, l.custom_props.as_ref());
                h.push_str(&format!("{}</a></li>", escape_html(&l.label)));
            }
            SidebarItem::Category(c) => {
                let collapsed = c.collapsible && c.collapsed && !crate::sidebars::holds(c, current);
                let class = if collapsed {
                    "menu__category menu__category--collapsed"
                } else {
                    "menu__category"
                };
                h.push_str(&format!("<li class=\"{class}\">"));
                match &c.href {
                    Some(href) => {
                        let is_current = c.doc_id.as_deref() == Some(current);
                        let (cls, aria) = if is_current {
                            ("menu__label menu__link--active", " aria-current=\"page\"")
                        } else {
                            ("menu__label", "")
                        };
                        h.push_str(&format!(
                            "<a class=\"{cls}\" href=\"{}\"{aria}>",
                            escape_attr(href)
                        ));
                        logo(h, c.custom_props.as_ref());
                        h.push_str(&format!("{}</a>", escape_html(&c.label)));
                    }
                    None => h.push_str(&format!(
                        "<span class=\"menu__label\">{}</span>",
                        escape_html(&c.label)
                    )),
                }
                if !c.items.is_empty() {
                    menu(h, &c.items, current);
                }
                h.push_str("</li>");
            }
        }
    }
    h.push_str("</ul>");
}

fn logo(h: &mut String, props: Option<&serde_json::Value>) {
    if let Some(src) = props.and_then(|p| p.get("logo")).and_then(|l| l.as_str()) {
        h.push_str(&format!(
            "<img class=\"menu__logo\" src=\"{}\" alt=\"\" width=\"16\" height=\"16\">",
            escape_attr(src)
        ));
    }
}
