// The sidebar display rules of DESIGN.md, as pure functions of the items
// and the current route. The Sidebar component only draws what these say.

import type { SidebarCategory, SidebarEntry, SidebarItem } from "../types";
import { isSameRoute } from "./routes.ts";

/** True when a space-separated class list holds the class `name`. */
export function hasClass(className: string | undefined, name: string): boolean {
  return (className ?? "").split(/\s+/).includes(name);
}

/** Whether an item points at the current page (a category through its href). */
export function isCurrent(item: SidebarEntry, route: string): boolean {
  return item.href !== undefined && isSameRoute(item.href, route);
}

/** Whether a category holds the current page: its own link or any descendant's. */
export function holdsRoute(category: SidebarCategory, route: string): boolean {
  if (isCurrent(category, route)) return true;
  return category.items.some((item) => {
    if (item.type === "html") return false;
    return item.type === "category" ? holdsRoute(item, route) : isCurrent(item, route);
  });
}

/**
 * Whether an item is drawn: a `hidden` class hides it; an unlisted link
 * shows only while it is the current page; a category with no link of
 * its own and nothing drawn inside it would be an empty heading; an HTML
 * item always shows.
 */
export function isDrawn(item: SidebarItem, route: string): boolean {
  if (hasClass(item.className, "hidden")) return false;
  if (item.type === "html") return true;
  if (item.type === "link") return !item.unlisted || isCurrent(item, route);
  return item.href !== undefined || item.items.some((child) => isDrawn(child, route));
}

/** The items of one level that are drawn. */
export function drawnItems(items: SidebarItem[], route: string): SidebarItem[] {
  return items.filter((item) => isDrawn(item, route));
}

/** A stable key for a category: its sidebar and the labels down to it. */
export function categoryKey(parentKey: string, category: SidebarCategory): string {
  return `${parentKey}/${category.label}`;
}

/** Keys of the categories that hold the current page, outermost first. */
export function activeTrail(items: SidebarItem[], route: string, parentKey: string): string[] {
  for (const item of items) {
    if (item.type !== "category" || !holdsRoute(item, route)) continue;
    const key = categoryKey(parentKey, item);
    return [key, ...activeTrail(item.items, route, key)];
  }
  return [];
}

/** Categories the reader opened or closed, by key. */
export type ExpansionOverrides = Record<string, boolean>;

/** Opens the categories on the current page's trail, keeping the other choices. */
export function openTrail(overrides: ExpansionOverrides, trail: string[]): ExpansionOverrides {
  if (trail.every((key) => overrides[key] === true)) return overrides;
  const next = { ...overrides };
  for (const key of trail) next[key] = true;
  return next;
}

/**
 * Whether a category is expanded: a non-collapsible one always is;
 * otherwise the reader's choice, else the opposite of `collapsed`. The
 * current page's trail is opened through `openTrail` on each navigation.
 */
export function isExpanded(
  category: SidebarCategory,
  key: string,
  overrides: ExpansionOverrides,
): boolean {
  if (!category.collapsible) return true;
  return overrides[key] ?? !category.collapsed;
}

/** Library metadata an item or card may carry in customProps. */
export interface ItemMarks {
  logo?: string;
  community: boolean;
}

export function itemMarks(customProps: Record<string, unknown> | undefined): ItemMarks {
  const logo = customProps?.logo;
  return {
    logo: typeof logo === "string" && logo !== "" ? logo : undefined,
    community: customProps?.community === true,
  };
}
