// Generated from crates/core/src/model.rs by the `typescript_contract` test: do not edit.
// Change the Rust structs, then run
//   UPDATE_CONTRACT=1 cargo test -p docsite-core --test typescript_contract

/* eslint-disable */

export type CustomProps = Record<string, unknown>;

export type SidebarItem = { "type": "category" } & Category | { "type": "link" } & Link | { "type": "html" } & HtmlItem;

export type Category = { label: string, items: Array<SidebarItem>, href?: string, 
/**
 * The page the category links to, when it links to one.
 */
docId?: string, collapsed: boolean, collapsible: boolean, className?: string, customProps?: CustomProps, 
/**
 * Set in a page's inlined sidebar when a collapsed category's items were left out to keep
 * the page small; the full sidebar is in the file `PageData::sidebar_url` names.
 */
itemsOmitted?: boolean, };

export type Link = { label: string, href: string, docId?: string, unlisted?: boolean, className?: string, customProps?: CustomProps, };

export type HtmlItem = { 
/**
 * The item's HTML, already checked and cleaned by the sanitiser.
 */
value: string, 
/**
 * Padded like a link (Docusaurus's `defaultStyle`).
 */
defaultStyle?: boolean, className?: string, };

export type NavbarItem = { label: string, to: string, 
/**
 * The sidebar whose pages make this item active.
 */
sidebar?: string, };

export type VersionMeta = { pluginId: string, version: string, label: string, banner: null | "unreleased" | "unmaintained", badge: boolean, noIndex: boolean, className: string, isLast: boolean, };

export type VersionEntry = { version: string, label: string, 
/**
 * The route of the version's first page (its route base when it has a page there).
 */
href: string, 
/**
 * The route every page of the version starts with (`/docs/next`, `/docs`).
 */
base: string, isLast: boolean, 
/**
 * Left out of search engines and of search (its index is empty).
 */
noIndex?: boolean, };

export type ExternalVersion = { label: string, href: string, };

export type VersionMenu = { 
/**
 * The site's own versions, in `versions.json` order with the current docs first.
 */
versions: Array<VersionEntry>, 
/**
 * Versions hosted elsewhere (`docsVersionDropdown.dropdownItemsAfter`).
 */
external: Array<ExternalVersion>, };

export type FooterLink = { label: string, href: string, };

export type Footer = { links: Array<FooterLink>, copyright: string, };

export type Logo = { src: string, alt: string, };

export type SiteData = { title: string, tagline: string, url: string, logo?: Logo, navbar: Array<NavbarItem>, footer: Footer, version: VersionMeta, 
/**
 * The navbar's version menu; left out when the site has one version and no menu is set.
 */
versionMenu?: VersionMenu, editUrl?: string, repositoryUrl?: string, sidebars?: { [key in string]: Array<SidebarItem> }, };

export type TocItem = { id: string, text: string, level: number, };

export type NavLink = { title: string, href: string, };

export type Crumb = { label: string, href?: string, };

export type Card = { label: string, href: string, description: string, docId?: string, customProps?: CustomProps, };

export type CardProps = { href: string, customProps?: CustomProps, };

export type LastUpdated = { date?: string, author?: string, };

export type PageData = { id: string, 
/**
 * Empty (left out) in a page JSON file.
 */
route?: string, title: string, 
/**
 * The page's own `<title>` (an MDX `<head>` gives it): the whole document title, in
 * place of "<title> | <site title>".
 */
documentTitle?: string, 
/**
 * Left out when empty, as are the flags below when false: a page's JSON should carry
 * little besides its content.
 */
description?: string, sidebar?: string, 
/**
 * The whole sidebar of the page as JSON (`/_site/sidebar.<hash>.json`): named by its
 * content, so a browser keeps it for good and every page of the sidebar shares it.
 */
sidebarUrl?: string, unlisted?: boolean, noIndex?: boolean, hideTitle?: boolean, hideTableOfContents?: boolean, 
/**
 * `None` when inlined in the HTML document, which holds the content already.
 */
html: string | null, toc: Array<TocItem>, 
/**
 * `None` (left out): derive it from the sidebar file.
 */
breadcrumbs?: Array<Crumb>, 
/**
 * `Some(None)` (`null`): no previous page; `None` (left out): derive it from the sidebar
 * file.
 */
previous?: NavLink | null, 
/**
 * As `previous`.
 */
next?: NavLink | null, editUrl?: string, lastUpdated?: LastUpdated, 
/**
 * The href and custom props of each card in the page's card list, only when one of them
 * has custom props (a gallery's logos and filters): the content HTML shows the cards with
 * their labels and descriptions already.
 */
cards?: Array<CardProps>, sidebarCustomProps?: CustomProps, 
/**
 * The page's Markdown twin (`/a/b.md`), when it has one. Left out of a page JSON file,
 * where every page has one, at its route + `.md` (`/index.md` for `/`).
 */
markdownUrl?: string, 
/**
 * In a site with several versions: the same page in each other version where it exists
 * (version name → route), for the version menu and the banner of an older version.
 */
versions?: { [key in string]: string }, 
/**
 * Front matter `keywords`, for `<meta name="keywords">`.
 */
keywords?: Array<string>, 
/**
 * The absolute URL of the page's social card image (`og:image`), if it has one.
 */
image?: string, };

export type PageEntry = { id: string, title: string, description: string, sidebar?: string, unlisted: boolean, route: string, 
/**
 * The page's version, in a site with several.
 */
version?: string, };
