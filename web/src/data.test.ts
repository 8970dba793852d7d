import { describe, expect, it } from "vitest";
import { appContainer, readInlineData } from "./data";
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
