// Routes are absolute paths without a trailing slash ("/" for the home page).

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
