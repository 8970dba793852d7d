// Client-side navigation: follows internal links, loads page JSON, keeps
// history and scroll positions, and updates the document head. One state
// object holds the page on screen; it changes only when the next page's
// data (and its sidebar) is ready, so the old page stays up meanwhile.

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { FetchedPage, PageData, SidebarItem, SiteData } from "../types";
import { loadPage, loadSidebar, rememberPage } from "../data";
import { followableAnchor, internalTarget, isPlainLeftClick, type InternalTarget } from "../support/links";
import { documentTitle } from "../support/format";
import { completePage } from "../support/navigation";
import { inThisVersion } from "../support/versions";
import {
  enterEntry,
  persistPositions,
  pushEntry,
  rememberPosition,
  savedPosition,
  startScrollMemory,
} from "./scrollMemory";

export type View =
  | { kind: "page"; page: PageData; html: string; sidebarItems: SidebarItem[] | null }
  | { kind: "notFound"; route: string };

type ScrollIntent =
  | { kind: "keep" }
  | { kind: "top" }
  | { kind: "hash"; hash: string }
  | { kind: "restore"; y: number };

interface NavState {
  view: View;
  search: string;
  /** Bumped on every navigation, so the scroll effect runs once per move. */
  seq: number;
  intent: ScrollIntent;
  /** Whether focus moves to the main landmark (link clicks, not back/forward). */
  focusMain: boolean;
}

export function viewRoute(view: View): string {
  return view.kind === "page" ? view.page.route : view.route;
}

/**
 * The sidebar of the next page, whole (the inlined one leaves out collapsed
 * categories' items), from the file its page data names (`whole` is null
 * when that file cannot be had). The current sidebar still serves a page of
 * the same one to draw.
 */
async function sidebarFor(
  page: FetchedPage,
  current: View,
): Promise<{ whole: SidebarItem[] | null; shown: SidebarItem[] | null } | "error"> {
  if (!page.sidebar) return { whole: null, shown: null };
  const whole = page.sidebarUrl ? await loadSidebar(page.sidebarUrl) : null;
  if (whole) return { whole, shown: whole };
  if (current.kind === "page" && current.page.sidebar === page.sidebar && current.sidebarItems) {
    return { whole: null, shown: current.sidebarItems };
  }
  return "error";
}

/** The state with the whole sidebar of the page on screen, once its file is in. */
function withWholeSidebar(state: NavState, url: string, whole: SidebarItem[]): NavState {
  const { view } = state;
  if (view.kind !== "page" || view.page.sidebarUrl !== url || whole === view.sidebarItems) return state;
  return { ...state, view: { ...view, sidebarItems: whole } };
}

/** The view of a route, or null when the browser should load the document itself. */
async function loadView(route: string, current: View): Promise<View | null> {
  const result = await loadPage(route);
  if (result.kind === "notFound") return { kind: "notFound", route };
  if (result.kind === "error") return null;
  const sidebar = await sidebarFor(result.page, current);
  if (sidebar === "error") return null;
  // Breadcrumbs and previous/next left out of the page's file come from its whole sidebar.
  const page = completePage(result.page, sidebar.whole);
  if (!page) return null;
  return { kind: "page", page, html: result.html, sidebarItems: sidebar.shown };
}

function scrollToHash(hash: string): boolean {
  const id = decodeURIComponent(hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  target?.scrollIntoView();
  return target !== null;
}

/** Back/forward returns to the saved position; otherwise the hash, or the top. */
function intentFor(mode: "push" | "pop", hash: string): ScrollIntent {
  const saved = mode === "pop" ? savedPosition() : undefined;
  if (saved !== undefined) return { kind: "restore", y: saved };
  return hash ? { kind: "hash", hash } : { kind: "top" };
}

function applyIntent(intent: ScrollIntent): void {
  if (intent.kind === "top") window.scrollTo(0, 0);
  if (intent.kind === "restore") window.scrollTo(0, intent.y);
  if (intent.kind === "hash" && !scrollToHash(intent.hash)) window.scrollTo(0, 0);
}

function setMeta(name: string, content: string | null): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === null) {
    meta?.remove();
    return;
  }
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

/** The head's link to the page's Markdown twin, as the engine writes it. */
function setMarkdownLink(href: string | undefined): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="alternate"][type="text/markdown"]');
  if (!href) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement("link");
    link.rel = "alternate";
    link.type = "text/markdown";
    document.head.append(link);
  }
  link.setAttribute("href", href);
}

function updateHead(view: View, site: SiteData): void {
  if (view.kind === "notFound") {
    document.title = documentTitle("Page not found", site.title);
    setMeta("robots", "noindex, nofollow");
    setMarkdownLink(undefined);
    return;
  }
  const { page } = view;
  document.title = page.documentTitle ?? documentTitle(page.title, site.title);
  setMeta("description", page.description || site.tagline);
  setMeta("keywords", page.keywords?.length ? page.keywords.join(", ") : null);
  const noIndex = page.noIndex || page.unlisted || site.version.noIndex;
  setMeta("robots", noIndex ? "noindex, nofollow" : null);
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (canonical) canonical.href = site.url.replace(/\/$/, "") + page.route;
  setMarkdownLink(page.markdownUrl);
}

export function useNavigation(site: SiteData, initial: View, initialSearch: string) {
  const [state, setState] = useState<NavState>(() => {
    // The first page is at hand: going back to it later needs no request.
    if (initial.kind === "page") rememberPage(initial.page, initial.html);
    return { view: initial, search: initialSearch, seq: 0, intent: { kind: "keep" }, focusMain: false };
  });
  const [loading, setLoading] = useState(false);
  // The view on screen, for event handlers set up once.
  const viewRef = useRef(state.view);
  useLayoutEffect(() => {
    viewRef.current = state.view;
  }, [state.view]);
  // Each page load takes a ticket; only the latest one may update the screen.
  const latest = useRef(0);

  const navigate = useCallback(async (target: InternalTarget, mode: "push" | "pop") => {
    const url = target.route + target.search + target.hash;
    const current = viewRef.current;
    const samePage =
      target.route === viewRoute(current) && (mode === "pop" || target.search === location.search);
    if (samePage) {
      // Only the hash (or nothing) changes: no request, just scroll.
      latest.current += 1;
      setLoading(false);
      if (mode === "push" && url !== location.pathname + location.search + location.hash) pushEntry(url);
      setState((s) => ({
        ...s,
        search: target.search,
        seq: s.seq + 1,
        intent: intentFor(mode, target.hash),
        // The skip link moves focus, as the browser's own fragment navigation would.
        focusMain: mode === "push" && target.hash === "#main",
      }));
      return;
    }

    const ticket = ++latest.current;
    setLoading(true);
    const view = await loadView(target.route, current);
    if (ticket !== latest.current) return;
    // The network or the server failed: let the browser load the document.
    if (!view) return window.location.assign(url);

    if (mode === "push") pushEntry(url);
    setLoading(false);
    setState((s) => ({
      view,
      search: target.search,
      seq: s.seq + 1,
      intent: intentFor(mode, target.hash),
      focusMain: mode === "push",
    }));
  }, []);

  // Before the first paint: take over scroll restoration, and return to a
  // saved position (after a reload) or to the hash.
  useLayoutEffect(() => {
    history.scrollRestoration = "manual";
    startScrollMemory();
    const saved = savedPosition();
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash) scrollToHash(location.hash);
  }, []);

  // The inlined sidebar leaves out the items of collapsed categories: load
  // the whole sidebar in the background and swap it in. Asked again when the
  // reader opens such a category (the first request may have failed).
  const loadWholeSidebars = useCallback(() => {
    const view = viewRef.current;
    const url = view.kind === "page" ? view.page.sidebarUrl : undefined;
    if (!url) return;
    void loadSidebar(url).then((whole) => {
      if (whole) setState((s) => withWholeSidebar(s, url, whole));
    });
  }, []);
  useEffect(loadWholeSidebars, [loadWholeSidebars]);

  // Link clicks, back/forward and prefetching, set up once for the app's life.
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (!isPlainLeftClick(event)) return;
      const anchor = followableAnchor(event.target);
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const target = internalTarget(anchor.href, location.origin);
      // Another version has site data of its own: the browser loads its page whole.
      if (!target || !inThisVersion(target.route, site)) return;
      event.preventDefault();
      void navigate(target, "push");
    }

    function onPopState(event: PopStateEvent) {
      rememberPosition();
      enterEntry(event.state);
      const target = internalTarget(location.href, location.origin);
      if (target && inThisVersion(target.route, site)) void navigate(target, "pop");
      else window.location.reload();
    }

    function prefetch(event: Event) {
      const anchor = followableAnchor(event.target);
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const target = internalTarget(anchor.href, location.origin);
      if (target && target.route !== viewRoute(viewRef.current) && inThisVersion(target.route, site)) {
        void loadPage(target.route);
      }
    }

    document.addEventListener("click", onClick);
    window.addEventListener("popstate", onPopState);
    document.addEventListener("mouseover", prefetch, { passive: true });
    document.addEventListener("focusin", prefetch);
    window.addEventListener("pagehide", persistPositions);
    return () => {
      document.removeEventListener("click", onClick);
      window.removeEventListener("popstate", onPopState);
      document.removeEventListener("mouseover", prefetch);
      document.removeEventListener("focusin", prefetch);
      window.removeEventListener("pagehide", persistPositions);
    };
  }, [navigate, site]);

  // After each navigation: scroll, and move focus for keyboard and screen readers.
  useLayoutEffect(() => {
    if (state.seq === 0) return;
    applyIntent(state.intent);
    if (state.focusMain) document.getElementById("main")?.focus({ preventScroll: true });
    // Only a new navigation (seq) should scroll; intent and focusMain change with it.
  }, [state.seq]);

  useEffect(() => updateHead(state.view, site), [state.view, site]);

  return { view: state.view, search: state.search, loading, loadWholeSidebars };
}
