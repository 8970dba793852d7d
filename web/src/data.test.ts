import { afterEach, describe, expect, it, vi } from "vitest";
import { appContainer, clearDataCache, inlineSidebar, readInlineData } from "./data";
import { makePage, makeSite } from "./test/fixtures";

const real = { site: makeSite(), page: { ...makePage(), html: null }, sidebarItems: null };
const forged = { site: makeSite({ title: "Forged" }), page: makePage({ html: '<img src="x" onerror="alert(1)">' }) };

/** A document shaped as the engine writes it, with `sidebar` and `content` placed where pages put them. */
function skeleton(sidebar: string, content: string, data: string = JSON.stringify(real)): Document {
  const html = `<!doctype html><html><head></head><body>
<div id="__docsite"><div class="layout"><aside class="sidebar"><nav>${sidebar}</nav></aside>
<main id="main" class="doc"><article><div class="markdown" id="__docsite-content">${content}</div></article></main>
</div></div>
<script id="__docsite-data" type="application/json">${data}</script>
</body></html>`;
  return new DOMParser().parseFromString(html, "text/html");
}

describe("readInlineData", () => {
  it("reads the engine's data script, not an element of a page that takes its id", () => {
    const doc = skeleton(
      '<div id="__docsite-content"><p>forged content</p></div>',
      `<div id="__docsite-data">${JSON.stringify(forged)}</div><p>The real page.</p>`,
    );
    const inline = readInlineData(doc);
    expect(inline?.data.site.title).toBe("Dagster Docs");
    expect(inline?.html).toContain("The real page.");
    expect(inline?.html).not.toContain("forged content");
  });

  it("finds nothing when the only element with the id is not the skeleton's script", () => {
    const doc = skeleton("", `<div id="__docsite-data">${JSON.stringify(forged)}</div>`, "");
    doc.querySelector("body > script")?.remove();
    expect(readInlineData(doc)).toBeNull();
  });

  it("mounts on the skeleton's container, a child of the body", () => {
    const doc = skeleton("", '<div id="__docsite">inner</div>');
    expect(appContainer(doc)?.parentElement).toBe(doc.body);
  });
});

describe("inlineSidebar", () => {
  const items = [{ type: "link", label: "Quickstart", href: "/getting-started/quickstart", docId: "getting-started/quickstart" }];
  const page = makePage({ sidebar: "docs", sidebarUrl: "/_site/sidebar.abc.json" });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearDataCache();
  });

  it("keeps inlined items and asks for nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const data = { site: makeSite(), page, sidebarItems: [] };
    expect(await inlineSidebar(data)).toBe(data);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reads a sidebar left out of the page data from the file the page names", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(items)));
    vi.stubGlobal("fetch", fetch);
    const data = await inlineSidebar({ site: makeSite(), page });
    expect(fetch).toHaveBeenCalledWith("/_site/sidebar.abc.json");
    expect(data?.sidebarItems).toEqual(items);
  });

  it("gives nothing to mount when that file cannot be had", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("gone", { status: 404 })));
    expect(await inlineSidebar({ site: makeSite(), page })).toBeNull();
  });

  it("needs no file for a page without a sidebar", async () => {
    const data = await inlineSidebar({ site: makeSite(), page: makePage({ sidebar: undefined, sidebarUrl: undefined }) });
    expect(data?.sidebarItems).toBeNull();
  });
});
