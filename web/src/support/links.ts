// Which links the app follows itself instead of letting the browser load a
// new document. Everything else (files, engine data, other sites) is left
// to the browser.

import { normalizeRoute } from "./routes";

export interface InternalTarget {
  route: string;
  search: string;
  hash: string;
}

// Paths the engine serves as files, never as pages. /api/ is a docs route.
const FILE_PREFIXES = ["/_site/", "/assets/"];

/** The page a URL points at, or null when the browser should handle it. */
export function internalTarget(href: string, origin: string): InternalTarget | null {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const path = url.pathname;
  if (FILE_PREFIXES.some((prefix) => path.startsWith(prefix))) return null;
  const lastSegment = path.slice(path.lastIndexOf("/") + 1);
  if (lastSegment.includes(".")) return null;
  return { route: normalizeRoute(path), search: url.search, hash: url.hash };
}

/** The modifier and target checks that decide whether a click is ours to handle. */
export function isPlainLeftClick(event: MouseEvent): boolean {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}

/** The anchor a click or hover is about, when the app may follow it. */
export function followableAnchor(target: EventTarget | null): HTMLAnchorElement | null {
  if (!(target instanceof Element)) return null;
  const anchor = target.closest("a");
  if (!anchor || !anchor.hasAttribute("href")) return null;
  if (anchor.hasAttribute("download")) return null;
  const targetAttr = anchor.getAttribute("target");
  if (targetAttr && targetAttr !== "_self") return null;
  return anchor;
}
