// What the app derives from a page's whole sidebar file: its breadcrumbs
// and its previous and next pages. A page JSON file leaves them out when
// this gives what the engine knows, so the rule here is the engine's
// (crates/core/src/derived_navigation.rs); navigation.site.test.ts checks the
// two agree on every page of a built site.

import type { Crumb, FetchedPage, NavLink, PageData, SidebarItem } from "../types";

export interface DerivedNavigation {
  breadcrumbs: Crumb[];
  previous: NavLink | null;
  next: NavLink | null;
}

/**
 * The sidebar's pages in reading order: each category's page before its
 * items, unlisted links left out, each page at its first place.
 */
function readingOrder(items: SidebarItem[], out: Map<string, NavLink> = new Map()): Map<string, NavLink> {
  for (const item of items) {
    const page =
      item.type === "link"
        ? item.unlisted
          ? undefined
          : { id: item.docId, label: item.label, href: item.href }
        : item.type === "category"
          ? { id: item.docId, label: item.label, href: item.href }
          : undefined;
    if (page?.id !== undefined && page.href !== undefined && !out.has(page.id)) {
      out.set(page.id, { title: page.label, href: page.href });
    }
    if (item.type === "category") readingOrder(item.items, out);
  }
  return out;
}

/**
 * The categories leading to the first place of page `id` (a category linked
 * to a page counts before the other items of its level), then the page.
 */
function trail(items: SidebarItem[], id: string, above: Crumb[]): Crumb[] | null {
  for (const item of items) {
    if (item.type === "category" && item.docId === id) return [...above, { label: item.label }];
  }
  for (const item of items) {
    if (item.type === "link" && item.docId === id) return [...above, { label: item.label }];
    if (item.type === "category") {
      const crumb: Crumb = item.href === undefined ? { label: item.label } : { label: item.label, href: item.href };
      const found = trail(item.items, id, [...above, crumb]);
      if (found) return found;
    }
  }
  return null;
}

export function derivedNavigation(items: SidebarItem[], id: string): DerivedNavigation {
  const order = Array.from(readingOrder(items));
  const at = order.findIndex(([pageId]) => pageId === id);
  const neighbour = (offset: number) => (at < 0 ? null : (order[at + offset]?.[1] ?? null));
  return { breadcrumbs: trail(items, id, []) ?? [], previous: neighbour(-1), next: neighbour(1) };
}

/**
 * A fetched page with what its file left out: from `sidebar` (the page's
 * whole sidebar; null for a page without one). Null when the file leaves
 * something out and the sidebar is not at hand.
 */
export function completePage(page: FetchedPage, sidebar: SidebarItem[] | null): PageData | null {
  const given = { breadcrumbs: page.breadcrumbs, previous: page.previous, next: page.next };
  const needs = Object.values(given).some((value) => value === undefined);
  if (needs && page.sidebar && !sidebar) return null;
  const derived = needs && sidebar ? derivedNavigation(sidebar, page.id) : { breadcrumbs: [], previous: null, next: null };
  return {
    ...page,
    breadcrumbs: given.breadcrumbs ?? derived.breadcrumbs,
    previous: given.previous === undefined ? derived.previous : given.previous,
    next: given.next === undefined ? derived.next : given.next,
  };
}
