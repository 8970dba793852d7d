// The versions of a versioned site: which version a route belongs to (a link
// into another version is a full page load, since every version has its own
// site data), where a version's word list is, where a search result leads in
// a version, and where a page leads in another version.

import type { PageData, SiteData, VersionEntry } from "../types";

/** The version whose route base is the longest prefix of the route. */
export function versionOf(route: string, site: SiteData): VersionEntry | undefined {
  let found: VersionEntry | undefined;
  for (const v of site.versionMenu?.versions ?? []) {
    const base = baseOf(v);
    const inside = base === "" || route === base || route.startsWith(`${base}/`) || route.startsWith(`${base}#`);
    if (inside && (!found || base.length > baseOf(found).length)) found = v;
  }
  return found;
}

/** Whether the app may show the route without leaving the version it reads. */
export function inThisVersion(route: string, site: SiteData): boolean {
  const version = versionOf(route, site);
  return !version || version.version === site.version.version;
}

/** The folder of a version's word list (for typo correction): the last version's at /_site/. */
export function termsBase(version: { version: string; isLast: boolean }): string {
  return version.isLast ? "/_site/" : `/_site/versions/${encodeURIComponent(version.version)}/`;
}

/**
 * A result of the versions' shared search index, moved into the version searched: the index
 * keeps a page that reads the same in several versions once, at its URL in the first of them.
 */
export function urlInVersion(url: string, site: SiteData, to: { version: string; base: string }): string {
  const from = versionOf(url, site);
  if (!from || from.version === to.version) return url;
  const rest = url.slice(baseOf(from).length) || "/";
  const prefix = baseOf(to);
  if (!prefix) return rest.startsWith("#") ? `/${rest}` : rest;
  return rest === "/" ? prefix : prefix + (rest.startsWith("/#") ? rest.slice(1) : rest);
}

/** A route base as a prefix of routes: `` for `/`, no slash at the end. */
function baseOf(version: { base: string }): string {
  return version.base === "/" ? "" : version.base.replace(/\/$/, "");
}

/** Where a link to `entry` leads from `page`: the same page there, else the version's first page. */
export function hrefIn(entry: VersionEntry, site: SiteData, page: PageData | null): string {
  if (page && entry.version === site.version.version) return page.route;
  return page?.versions?.[entry.version] ?? entry.href;
}

/** The last version's entry, when the site has several and this page is of another. */
export function lastVersion(site: SiteData): VersionEntry | undefined {
  if (site.version.isLast) return undefined;
  return site.versionMenu?.versions.find((v) => v.isLast);
}
