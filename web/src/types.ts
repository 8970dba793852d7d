// The data contract between the engine and the app. Mirrors
// crates/core/src/model.rs and docs/ARCHITECTURE.md ("The data contract"):
// keep the three in step. Field names are camelCase JSON.

export type CustomProps = Record<string, unknown>;

export interface SidebarCategory {
  type: "category";
  label: string;
  items: SidebarItem[];
  href?: string;
  docId?: string;
  collapsed: boolean;
  collapsible: boolean;
  className?: string;
  customProps?: CustomProps;
  /**
   * Inlined sidebars only: the items of a collapsed category that has a page
   * of its own and does not hold the current page are left out (`items: []`);
   * /_site/site.json has them.
   */
  itemsOmitted?: boolean;
}

export interface SidebarLink {
  type: "link";
  label: string;
  href: string;
  docId?: string;
  unlisted?: boolean;
  className?: string;
  customProps?: CustomProps;
}

export type SidebarItem = SidebarCategory | SidebarLink;

/** `sidebar` names the sidebar that makes this navbar item active. */
export interface NavbarItem {
  label: string;
  to: string;
  sidebar?: string;
}

export interface VersionMeta {
  pluginId: string;
  version: string;
  label: string;
  banner: null | "unreleased" | "unmaintained";
  badge: boolean;
  noIndex: boolean;
  className: string;
  isLast: boolean;
}

export interface FooterLink {
  label: string;
  href: string;
}

export interface SiteData {
  title: string;
  tagline: string;
  url: string;
  logo?: { src: string; alt: string };
  navbar: NavbarItem[];
  footer: { links: FooterLink[]; copyright: string };
  version: VersionMeta;
  /** Prefix; a page's edit link is editUrl + its source path. */
  editUrl?: string;
  repositoryUrl?: string;
  /** Present in /_site/site.json only. */
  sidebars?: Record<string, SidebarItem[]>;
}

/** Flat, in document order. */
export interface TocItem {
  id: string;
  text: string;
  level: number;
}

export interface NavLink {
  title: string;
  href: string;
}

export interface Crumb {
  label: string;
  href?: string;
}

export interface Card {
  label: string;
  href: string;
  description: string;
  docId?: string;
  customProps?: CustomProps;
}

export interface PageData {
  id: string;
  route: string;
  title: string;
  description: string;
  sidebar?: string;
  unlisted: boolean;
  noIndex: boolean;
  hideTitle: boolean;
  hideTableOfContents: boolean;
  /** Null when inlined in the HTML document: read it from #__docsite-content. */
  html: string | null;
  toc: TocItem[];
  /** Ancestors then the page itself (without href). */
  breadcrumbs: Crumb[];
  previous?: NavLink;
  next?: NavLink;
  editUrl?: string;
  lastUpdated?: { date?: string; author?: string };
  /** The items of the page's category, when it shows a card list. */
  cards?: Card[];
  sidebarCustomProps?: CustomProps;
  /** The page's Markdown twin ("/a/b.md"); absent when it has none (the 404 page). */
  markdownUrl?: string;
}

export interface PageEntry {
  id: string;
  title: string;
  description: string;
  sidebar?: string;
  unlisted: boolean;
  route: string;
}

/** What each HTML document inlines in <script id="__docsite-data">. */
export interface InlineData {
  site: SiteData;
  page: PageData;
  sidebarItems: SidebarItem[] | null;
}
