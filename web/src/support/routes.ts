// Routes are absolute paths without a trailing slash ("/" for the home page), written as
// URL paths: the engine encodes every link with `route_url` (crates/core/src/url.rs), so the
// app's routes are those hrefs, and a route the engine names as it is (the inlined page's)
// goes through `routeUrl` first.

/** ASCII the engine encodes in a path besides controls: what ends a path, quotes, brackets, "%". */
const ENCODED = new Set(' "#%<>?`{}()[]\\^|');

/** A route as a URL path, as the engine writes links: "/guides/q?x" -> "/guides/q%3Fx". */
export function routeUrl(route: string): string {
  let out = "";
  for (const char of route) {
    const code = char.codePointAt(0) ?? 0;
    const plain = code > 0x1f && code < 0x7f && !ENCODED.has(char);
    out += plain ? char : encodeBytes(char);
  }
  return out;
}

function encodeBytes(char: string): string {
  return Array.from(new TextEncoder().encode(char), (b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
}

/** "/a/b/" -> "/a/b", "" -> "/", keeps "/" as is. */
export function normalizeRoute(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** The URL of a page's JSON: "/" -> "/_site/pages/index.json". */
export function pageJsonUrl(route: string): string {
  const normalized = normalizeRoute(route);
  return normalized === "/" ? "/_site/pages/index.json" : `/_site/pages${normalized}.json`;
}

/** The URL of a page's Markdown twin: "/a/b" -> "/a/b.md", "/" -> "/index.md". */
export function twinUrl(route: string): string {
  const normalized = normalizeRoute(route);
  return normalized === "/" ? "/index.md" : `${normalized}.md`;
}

/** The route part of an internal href ("/a/b/#c" -> "/a/b"); null for other hrefs. */
export function hrefRoute(href: string): string | null {
  if (!href.startsWith("/") || href.startsWith("//")) return null;
  const path = href.split(/[?#]/, 1)[0];
  return normalizeRoute(path);
}

/** True when an internal href points at the given route (hash and query ignored). */
export function isSameRoute(href: string, route: string): boolean {
  return hrefRoute(href) === normalizeRoute(route);
}
