// Loading page and site data: inlined in the first document, fetched as
// JSON from /_site/ afterwards. Requests are cached as promises so that a
// hover prefetch and the click that follows share one request.

import type { InlineData, PageData, SidebarItem } from "./types";
import { pageJsonUrl, normalizeRoute } from "./support/routes";

export type PageResult =
  | { kind: "page"; page: PageData; html: string }
  | { kind: "notFound" }
  | { kind: "error" };

/** The data the engine inlined in this document, with the content HTML filled in. */
export function readInlineData(doc: Document): { data: InlineData; html: string } | null {
  const script = doc.getElementById("__docsite-data");
  if (!script?.textContent) return null;
  try {
    const data = JSON.parse(script.textContent) as InlineData;
    // page.html is null when inlined: the content sits in the skeleton.
    const html = data.page?.html ?? doc.getElementById("__docsite-content")?.innerHTML ?? "";
    return { data, html };
  } catch {
    return null;
  }
}

const pages = new Map<string, Promise<PageResult>>();

async function fetchPage(route: string): Promise<PageResult> {
  try {
    const response = await fetch(pageJsonUrl(route), { headers: { Accept: "application/json" } });
    if (response.status === 404) return { kind: "notFound" };
    if (!response.ok) return { kind: "error" };
    const page = (await response.json()) as PageData;
    return { kind: "page", page, html: page.html ?? "" };
  } catch {
    return { kind: "error" };
  }
}

/** A page's data; failed requests are forgotten so that a retry asks again. */
export function loadPage(route: string): Promise<PageResult> {
  const key = normalizeRoute(route);
  let pending = pages.get(key);
  if (!pending) {
    pending = fetchPage(key).then((result) => {
      if (result.kind === "error") pages.delete(key);
      return result;
    });
    pages.set(key, pending);
  }
  return pending;
}

/** Seeds the cache with a page already at hand (the inlined first page). */
export function rememberPage(page: PageData, html: string): void {
  pages.set(normalizeRoute(page.route), Promise.resolve({ kind: "page", page, html }));
}

let sidebars: Promise<Record<string, SidebarItem[]> | null> | null = null;

/** All five sidebars, from /_site/site.json, fetched once. */
export function loadSidebars(): Promise<Record<string, SidebarItem[]> | null> {
  sidebars ??= fetch("/_site/site.json")
    .then((response) => (response.ok ? response.json() : null))
    .then((site) => (site?.sidebars as Record<string, SidebarItem[]>) ?? null)
    .catch(() => null)
    .then((result) => {
      if (result === null) sidebars = null;
      return result;
    });
  return sidebars;
}

/** For tests: forget every cached request. */
export function clearDataCache(): void {
  pages.clear();
  sidebars = null;
}
