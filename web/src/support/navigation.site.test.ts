// The app's completion of page files against the engine, on every page of a
// built site: each page file, completed from its URL and its sidebar file,
// must give the breadcrumbs, previous/next, route and twin URL that the
// page's HTML document inlines, and a gallery's cards must all be found in
// its content. Runs when DOCSITE_SITE_OUT names a built site's folder
// (scripts/test.sh sets it after building the bundled site).

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { InlineData, PageJson, SidebarItem } from "../types";
import { contentCards } from "./cards";
import { completePage } from "./navigation";
import { twinUrl } from "./routes";

const out = process.env.DOCSITE_SITE_OUT;

function pageFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? pageFiles(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

function inlined(site: string, route: string): InlineData {
  const html = readFileSync(join(site, route === "/" ? "index.html" : `${route.slice(1)}/index.html`), "utf8");
  const start = '<script id="__docsite-data" type="application/json">';
  const from = html.indexOf(start) + start.length;
  return JSON.parse(html.slice(from, html.indexOf("</script>", from))) as InlineData;
}

describe.skipIf(!out)("every page of the built site", () => {
  it("completes to what its HTML document inlines", () => {
    const site = out!;
    const pagesFolder = join(site, "_site", "pages");
    const sidebars = new Map<string, SidebarItem[]>();
    let derived = 0;
    const files = pageFiles(pagesFolder);
    for (const file of files) {
      const path = relative(pagesFolder, file).replace(/\.json$/, "");
      const route = path === "index" ? "/" : `/${path}`;
      const json = JSON.parse(readFileSync(file, "utf8")) as PageJson;
      const url = json.sidebarUrl;
      if (url && !sidebars.has(url)) sidebars.set(url, JSON.parse(readFileSync(join(site, url), "utf8")) as SidebarItem[]);
      const page = completePage({ ...json, route, markdownUrl: json.markdownUrl ?? twinUrl(route) }, url ? sidebars.get(url)! : null);
      const expected = inlined(site, route).page;
      expect(page, route).not.toBeNull();
      const { breadcrumbs, previous, next, markdownUrl } = page!;
      expect({ route, breadcrumbs, previous, next, markdownUrl }, route).toEqual({
        route: expected.route,
        breadcrumbs: expected.breadcrumbs,
        previous: expected.previous,
        next: expected.next,
        markdownUrl: expected.markdownUrl,
      });
      if (json.breadcrumbs === undefined && json.previous === undefined && json.next === undefined) derived += 1;
      const shown = contentCards(json.html ?? "");
      for (const card of json.cards ?? []) expect(shown.has(card.href), `${route}: card ${card.href}`).toBe(true);
    }
    expect(files.length).toBeGreaterThan(0);
    console.log(`${files.length} page files checked; ${derived} derive all their navigation from the sidebar`);
  });
});
