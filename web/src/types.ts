// The data contract between the engine and the app. The types come from
// contract.generated.ts, which the engine's test suite generates from
// crates/core/src/model.rs (and fails on when it is stale); this file only
// names them the way the app uses them. Field names are camelCase JSON.

import type {
  Category,
  Crumb,
  HtmlItem,
  Link,
  NavLink,
  PageData as PageJson,
  SidebarItem,
  SiteData,
} from "./contract.generated.ts";

export type {
  Card,
  CardProps,
  Crumb,
  CustomProps,
  FooterLink,
  NavLink,
  NavbarItem,
  PageEntry,
  SidebarItem,
  SiteData,
  TocItem,
  VersionMeta,
  VersionEntry,
  VersionMenu,
  ExternalVersion,
} from "./contract.generated.ts";

/**
 * A page's data as a page JSON file holds it: what the app derives is left
 * out (see PageData in crates/core/src/model.rs).
 */
export type { PageJson };

/**
 * A page's data, whole: as the engine inlines it in a page's HTML document,
 * or a page JSON file completed by the app (data.ts, support/navigation.ts).
 */
export type PageData = Omit<PageJson, "route" | "breadcrumbs" | "previous" | "next"> & {
  route: string;
  breadcrumbs: Crumb[];
  previous: NavLink | null;
  next: NavLink | null;
};

/** A page JSON file with its route, which its URL gives. */
export type FetchedPage = PageJson & { route: string };

/** A sidebar category as the theme receives it (its `type` included). */
export type SidebarCategory = { type: "category" } & Category;
/** A sidebar link as the theme receives it (its `type` included). */
export type SidebarLink = { type: "link" } & Link;
/** A sidebar `html` item: markup the engine has already sanitised (its `type` included). */
export type SidebarHtml = { type: "html" } & HtmlItem;
/** A sidebar item that leads somewhere: a category or a link. */
export type SidebarEntry = SidebarCategory | SidebarLink;

/** What each HTML document inlines in <script id="__docsite-data">. */
export interface InlineData {
  site: SiteData;
  page: PageData;
  /**
   * The engine gives it only as null, on a page without a sidebar: the app reads a page's
   * sidebar from its shared file (`sidebarUrl`). The dev server inlines it, collapsed
   * categories' items left out.
   */
  sidebarItems?: SidebarItem[] | null;
}
