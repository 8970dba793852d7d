// Search on the bundled site: served by the engine (DOCSITE_SITE_URL) and,
// as `docsite build` writes it, by a plain static file server
// (DOCSITE_STATIC_URL), which shows that search needs no engine at read time.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { SITE_URL, STATIC_URL } from "./config.mjs";
import { assertAccessible, DESKTOP, launch, newPage, PHONE, searchFor, visitApp } from "./helpers.mjs";

const targets = [
  ["the engine's server", SITE_URL],
  ["a static file server", STATIC_URL],
];

const visit = (page, base, route = "/") => visitApp(page, base + route);
const query = searchFor;

const leadTitles = (page) => page.locator(".search-hit--lead .search-hit__title").allTextContents();
const optionHrefs = (page) => page.locator("[role=option]").evaluateAll((as) => as.map((a) => a.getAttribute("href")));

for (const [name, base] of targets) {
  describe(`search on ${name}`, { skip: base ? false : "not served in this run" }, () => {
    let browser;
    before(async () => {
      browser = await launch();
    });
    after(async () => {
      await browser?.close();
    });

    it("loads nothing for search until the dialog opens; Ctrl-K opens it", async () => {
      const page = await newPage(browser);
      const requested = [];
      page.on("request", (r) => requested.push(new URL(r.url()).pathname));
      await visit(page, base);
      const searchFiles = () => requested.filter((p) => p.startsWith("/_site/search") || p.includes("SearchDialog"));
      assert.deepEqual(searchFiles(), []);
      await page.keyboard.press("Control+k");
      await page.locator("[role=dialog] .search-dialog__input").waitFor();
      // The overlay covers the whole window, not just the navbar it is opened from.
      const overlay = await page.locator(".search-overlay").boundingBox();
      assert.deepEqual([overlay.y, overlay.height], [0, DESKTOP.height]);
      assert.equal(await page.evaluate(() => document.activeElement?.className), "search-dialog__input");
      await query(page, "partition");
      assert.ok(searchFiles().some((p) => p.endsWith("pagefind.js")));
      assert.deepEqual(page.errors, []);
    });

    it("lists partition pages first for “partition”; Enter lands on the section", async () => {
      const page = await newPage(browser);
      await visit(page, base);
      await page.keyboard.press("Control+k");
      await query(page, "partition");
      const titles = await leadTitles(page);
      assert.ok(titles.length >= 3, `results: ${titles}`);
      for (const title of titles.slice(0, 3)) assert.match(title, /partition/i);
      await assertAccessible(page, "search results");

      // Move down to the first result that is a section of its page, then Enter.
      const hrefs = await optionHrefs(page);
      const target = hrefs.findIndex((h) => h.includes("#"));
      assert.ok(target >= 0, `no section result in ${hrefs}`);
      for (let i = 0; i < target; i++) await page.keyboard.press("ArrowDown");
      assert.equal(await page.locator("[role=option][aria-selected=true]").getAttribute("href"), hrefs[target]);
      await page.keyboard.press("Enter");
      const [route, hash] = hrefs[target].split("#");
      await page.waitForFunction((r) => location.pathname.replace(/\/$/, "") === r, route);
      assert.equal(await page.locator("[role=dialog]").count(), 0);
      assert.equal(await page.evaluate(() => location.hash), `#${hash}`);
      await page.waitForFunction((id) => {
        const top = document.getElementById(id)?.getBoundingClientRect().top;
        return top !== undefined && top >= 0 && top < 200;
      }, decodeURIComponent(hash));

      // The query is remembered.
      await page.keyboard.press("/");
      await page.locator(".search-recent", { hasText: "partition" }).waitFor();
      await page.keyboard.press("Escape");
      assert.equal(await page.locator("[role=dialog]").count(), 0);
      assert.deepEqual(page.errors, []);
    });

    it("narrows results to an area, finds prefixes and corrects typos", async () => {
      const page = await newPage(browser);
      await visit(page, base);
      await page.locator(".search-button").click();
      await query(page, "asset");
      const everywhere = await optionHrefs(page);
      assert.ok(everywhere.some((h) => !h.startsWith("/integrations")));
      await page.locator(".search-area", { hasText: "Integrations" }).click();
      await page.waitForFunction(() => {
        const hrefs = [...document.querySelectorAll("[role=option]")].map((a) => a.getAttribute("href"));
        return hrefs.length > 0 && hrefs.every((h) => h.startsWith("/integrations"));
      });
      assert.equal(await page.locator(".search-area", { hasText: "Integrations" }).getAttribute("aria-pressed"), "true");
      await page.locator(".search-area", { hasText: "All" }).click();

      await query(page, "parti");
      assert.match((await leadTitles(page))[0], /partition/i);

      // A typo finds what the right word finds.
      await query(page, "schedule");
      const right = await optionHrefs(page);
      await query(page, "scedule");
      assert.match(await page.locator(".search-dialog__status").textContent(), /for “schedule”/);
      assert.deepEqual(await optionHrefs(page), right);
      assert.deepEqual(page.errors, []);
    });

    it("fills a phone's screen and works by touch (dark)", async () => {
      const page = await newPage(browser, { viewport: PHONE, hasTouch: true, isMobile: true, colorScheme: "dark" });
      await visit(page, base);
      await page.locator(".search-button").tap();
      const box = await page.locator(".search-dialog").boundingBox();
      assert.deepEqual([box.x, box.y, Math.round(box.width), Math.round(box.height)], [0, 0, PHONE.width, PHONE.height]);
      await query(page, "sensor");
      await assertAccessible(page, "search on a phone, dark");
      await page.locator("[role=option]").first().tap();
      await page.waitForFunction(() => !document.querySelector("[role=dialog]") && location.pathname !== "/");
      assert.deepEqual(page.errors, []);
    });
  });
}
