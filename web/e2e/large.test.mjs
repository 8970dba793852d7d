// A site whose sidebar is too large to inline in every page (bench/gen_site.py, 1,000 pages in
// 150 folders): the page data leaves the items out, the no-JS sidebar shows a window of the top
// level, and the app mounts once the shared sidebar file is in, showing all of it. Runs when
// DOCSITE_LARGE_URL names such a site served by the engine (scripts/e2e.sh starts one).

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { assertSameDocument, launch, markDocument, newPage, sidebarCategory } from "./helpers.mjs";

const LARGE = process.env.DOCSITE_LARGE_URL;

describe("a large sidebar", { skip: !LARGE }, () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it("is not inlined: without JavaScript a window of its top level, with the app all of it", async () => {
    const response = await fetch(`${LARGE}/f75/page-500`);
    const html = await response.text();
    const data = JSON.parse(html.match(/<script id="__docsite-data" type="application\/json">(.*?)<\/script>/s)[1]);
    assert.equal("sidebarItems" in data, false, "the page data leaves the sidebar out");
    assert.match(html, new RegExp(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${data.page.sidebarUrl}">`));
    const noJs = (html.match(/class="menu__category/g) ?? []).length;
    assert.ok(noJs <= 101, `the no-JS sidebar shows ${noJs} categories`);
    assert.match(html, />Earlier sections</);

    const page = await newPage(browser);
    await page.goto(`${LARGE}/f75/page-500`);
    await page.waitForSelector("#__docsite[data-app=ready]");
    assert.equal(await page.locator(".sidebar .menu > .menu__category").count(), 150);
    assert.equal(await page.locator(".sidebar a[aria-current=page]").innerText(), "Page 500");
    assert.deepEqual(page.errors, []);
  });

  it("opens a category far from the page and navigates into it without reloading", async () => {
    const page = await newPage(browser);
    await page.goto(`${LARGE}/f75/page-500`);
    await page.waitForSelector("#__docsite[data-app=ready]");
    await markDocument(page);
    const far = sidebarCategory(page, "Folder 149");
    await far.scrollIntoViewIfNeeded();
    await far.locator("button, .menu__caret").first().click();
    const link = far.locator("a.menu__link", { hasText: "Page 995" });
    await link.click();
    await page.waitForFunction(() => location.pathname === "/f149/page-995" && !document.querySelector("main[aria-busy=true]"));
    assert.equal(await page.locator("main h1").innerText(), "Page 995");
    await assertSameDocument(page);
    assert.deepEqual(page.errors, []);
  });
});
