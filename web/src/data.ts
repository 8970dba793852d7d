// Loading page and site data: inlined in the first document, fetched as
// JSON from /_site/ afterwards. Requests are cached as promises so that a
// hover prefetch and the click that follows share one request.

import type { FetchedPage, InlineData, PageData, PageJson, SidebarItem } from "./types";
import { pageJsonUrl, normalizeRoute, twinUrl } from "./support/routes";
import { promiseCache } from "./support/promiseCache.ts";
import { CONTAINER_ID, CONTENT_ID, DATA_ID } from "./support/appIds";

export type PageResult =
  | { kind: "page"; page: FetchedPage; html: string }
  | { kind: "notFound" }
  | { kind: "error" };

/** The skeleton's container: the element with its id that is a child of <body>. */
export function appContainer(doc: Document): HTMLElement | null {
  return bodyChild(doc, "DIV", CONTAINER_ID);
}

/**
 * The data the engine inlined in this document, with the content HTML filled in. Read only from
 * the skeleton's own places (a <script> child of <body>, the article of <main>), never from the
 * first element that has the id: a page's content comes earlier in the document.
 */
export function readInlineData(doc: Document): { data: InlineData; html: string } | null {
  const script = bodyChild(doc, "SCRIPT", DATA_ID);
  if (script?.getAttribute("type") !== "application/json" || !script.textContent) return null;
  try {
    const data = JSON.parse(script.textContent) as InlineData;
    // page.html is null when inlined: the content sits in the skeleton.
    const content = doc.querySelector(`main#main > article > div#${CONTENT_ID}`);
    const html = data.page?.html ?? content?.innerHTML ?? "";
    return { data, html };
  } catch {
    return null;
  }
}

function bodyChild(doc: Document, tag: string, id: string): HTMLElement | null {
  const children = Array.from(doc.body?.children ?? []) as HTMLElement[];
  return children.find((el) => el.tagName === tag && el.id === id) ?? null;
}

// A failed request is forgotten so that a retry asks again; a missing page is remembered.
const pages = promiseCache<string, PageResult>({ forget: (r) => r.kind === "error", forgetFailures: true });

async function fetchPage(route: string): Promise<PageResult> {
  try {
    const response = await fetch(pageJsonUrl(route), { headers: { Accept: "application/json" } });
    if (response.status === 404) return { kind: "notFound" };
    if (!response.ok) return { kind: "error" };
    const json = (await response.json()) as PageJson;
    // The file leaves out its route (its URL gives it) and its twin's URL (the route gives it).
    const page: FetchedPage = { ...json, route, markdownUrl: json.markdownUrl ?? twinUrl(route) };
    return { kind: "page", page, html: json.html ?? "" };
  } catch {
    return { kind: "error" };
  }
}

/** A page's data, fetched once per route. */
export function loadPage(route: string): Promise<PageResult> {
  const key = normalizeRoute(route);
  return pages.get(key, () => fetchPage(key));
}

/** Seeds the cache with a page already at hand (the inlined first page). */
export function rememberPage(page: PageData, html: string): void {
  pages.set(normalizeRoute(page.route), { kind: "page", page, html });
}

// One entry per sidebar file; a failed fetch (null) is forgotten so that the next call asks again.
const sidebars = promiseCache<string, SidebarItem[] | null>({ forget: (s) => s === null, forgetFailures: true });

/**
 * A whole sidebar, from the content-hashed file the page data names
 * (`sidebarUrl`), fetched once: the browser caches it for good.
 */
export function loadSidebar(url: string): Promise<SidebarItem[] | null> {
  return sidebars.get(url, () =>
    fetch(url)
      .then((response) => (response.ok ? response.json() : null))
      .then((items) => (Array.isArray(items) ? (items as SidebarItem[]) : null))
      .catch(() => null),
  );
}

/**
 * The inlined data with the page's sidebar items: from the page's sidebar file, which the engine
 * never inlines (the dev server does); null when that file cannot be had.
 */
export async function inlineSidebar(data: InlineData): Promise<InlineData | null> {
  if (data.sidebarItems !== undefined) return data;
  const url = data.page?.sidebarUrl;
  if (!data.page?.sidebar || !url) return { ...data, sidebarItems: null };
  const items = await loadSidebar(url);
  return items ? { ...data, sidebarItems: items } : null;
}

/** For tests: forget every cached request. */
export function clearDataCache(): void {
  pages.clear();
  sidebars.clear();
}
