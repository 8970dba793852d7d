// Reading and navigating with JavaScript, on a desktop viewport.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { FIXTURE, routeOf } from "./config.mjs";
import {
  arrived,
  assertAccessible,
  assertSameDocument,
  launch,
  markDocument,
  newPage,
  open,
  sidebarCategory,
} from "./helpers.mjs";

describe("navigation", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it("reaches each of the five sidebars from the navbar, without reloading", async () => {
    const page = await newPage(browser);
    await open(page, FIXTURE.start);
    await markDocument(page);
    const links = page.locator("header.navbar .navbar__items a.navbar__link");
    assert.equal(await links.count(), 5);
    for (let i = 0; i < 5; i++) {
      const link = links.nth(i);
      const href = await link.getAttribute("href");
      await link.click();
      await arrived(page, href.replace(/^\//, "") || "index");
      assert.match(await link.getAttribute("class"), /navbar__link--active/, `${href} is active`);
      assert.equal(await page.locator("header.navbar .navbar__link--active").count(), 1);
      assert.ok((await page.locator('.sidebar nav[aria-label="Docs sidebar"] a').count()) > 0, `${href} shows a sidebar`);
    }
    await assertSameDocument(page);
    assert.deepEqual(page.errors, []);
  });

  it("collapses and expands a category", async () => {
    const { on, category, child } = FIXTURE.collapsible;
    const page = await newPage(browser);
    await open(page, on);
    const item = sidebarCategory(page, category);
    const childLink = page.locator(".sidebar .menu__link", { hasText: child });
    assert.match(await item.getAttribute("class"), /menu__category--collapsed/);
    assert.equal(await childLink.isVisible(), false);

    const toggle = item.locator(":scope > .menu__row button");
    await toggle.click();
    assert.equal(await toggle.getAttribute("aria-expanded"), "true");
    await childLink.waitFor({ state: "visible" });

    await toggle.click();
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");
    await childLink.waitFor({ state: "hidden" });
  });

  it("an unlisted page is reachable by URL, carries noindex and the banner, and is absent from its sidebar", async () => {
    const { page: unlisted, sibling } = FIXTURE.unlisted;
    const page = await newPage(browser);
    const response = await open(page, unlisted);
    assert.equal(response.status(), 200);
    assert.match(await page.locator('meta[name="robots"]').getAttribute("content"), /noindex/);
    const banner = page.locator(".unlisted-banner");
    await banner.waitFor();
    assert.match(await banner.innerText(), /Unlisted page/i);
    // Drawn while it is the current page...
    assert.equal(await page.locator(`.sidebar a[href="${routeOf(unlisted)}"]`).count(), 1);

    // ...and nowhere in the sidebar of another page, even with every category open.
    await open(page, sibling);
    await page.waitForLoadState("networkidle"); // the whole sidebar (site.json) is in
    for (let i = 0; i < 100; i++) {
      const closed = page.locator('.sidebar button[aria-expanded="false"]:visible').first();
      if ((await closed.count()) === 0) break;
      await closed.click();
    }
    assert.equal(await page.locator(`.sidebar a[href="${routeOf(unlisted)}"]`).count(), 0);
  });

  it("a hidden index entry is not drawn, and its page opens from the category label", async () => {
    const { on, category, page: indexPage } = FIXTURE.hiddenIndex;
    const page = await newPage(browser);
    await open(page, on);
    const item = sidebarCategory(page, category);
    const caret = item.locator(":scope > .menu__row button.menu__caret");
    if ((await caret.getAttribute("aria-expanded")) === "false") await caret.click();
    const route = routeOf(indexPage);
    assert.equal(await item.locator(`:scope > ul a[href="${route}"]`).count(), 0, "the hidden entry is drawn");

    await markDocument(page);
    await item.locator(":scope > .menu__row a.menu__label").click();
    await arrived(page, indexPage);
    await assertSameDocument(page);
    assert.equal(await page.locator(`.sidebar a.menu__label[href="${route}"]`).getAttribute("aria-current"), "page");
  });

  it("a page in no sidebar shows no sidebar", async () => {
    const page = await newPage(browser);
    await open(page, FIXTURE.noSidebar);
    assert.match(await page.locator(".layout").getAttribute("class"), /layout--no-sidebar/);
    assert.equal(await page.locator(".sidebar").isVisible(), false);
    assert.equal(await page.locator("header.navbar .navbar__link--active").count(), 0);
    await page.locator("main h1").waitFor();
  });

  it("tabs of one group stay in sync, across the page and across visits", async () => {
    const { page: tabsPage, groupId, value, other } = FIXTURE.tabs;
    const page = await newPage(browser);
    await open(page, tabsPage);
    const groups = page.locator(`.tabs[data-group-id="${groupId}"]`);
    assert.ok((await groups.count()) >= 2, "the page needs two tab sets of the group");
    await groups.first().locator(`.tabs__tab[data-value="${value}"]`).click();

    async function assertChosen() {
      for (const group of await page.locator(`.tabs[data-group-id="${groupId}"]`).all()) {
        assert.equal(await group.locator(`.tabs__tab[data-value="${value}"]`).getAttribute("aria-selected"), "true");
        assert.equal(await group.locator(`.tabs__panel[data-value="${value}"]`).isVisible(), true);
        assert.equal(await group.locator(`.tabs__panel[data-selected="false"]`).first().isVisible(), false);
      }
    }
    await assertChosen();
    await assertAccessible(page, "after choosing a tab");
    await page.reload();
    await page.waitForSelector("#__docsite[data-app=ready]");
    await assertChosen();
    if (other) {
      await open(page, other);
      await assertChosen();
    }
  });

  it("back and forward restore the scroll position", async () => {
    // A short window, so that even a short page scrolls.
    const page = await newPage(browser, { viewport: { width: 1280, height: 360 } });
    await open(page, FIXTURE.start, { axe: false });
    const y = await page.evaluate(() => Math.floor((document.documentElement.scrollHeight - innerHeight) / 2));
    assert.ok(y > 20, "the start page must scroll");
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForFunction((top) => window.scrollY === top, y);
    const next = page.locator(".pagination__next");
    const href = await next.getAttribute("href");
    // A synthetic click: Playwright's own would first scroll the link into view.
    await next.evaluate((el) => el.click());
    await arrived(page, href.slice(1) || "index", { axe: false });
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    await page.goBack();
    await arrived(page, FIXTURE.start, { axe: false });
    await page.waitForFunction((top) => window.scrollY === top, y);
  });

  it("an unknown route shows the 404 view", async () => {
    const page = await newPage(browser);
    await open(page, FIXTURE.start, { axe: false });
    await page.evaluate(() => {
      const link = document.createElement("a");
      link.href = "/this-page-does-not-exist";
      link.textContent = "missing";
      document.querySelector("main")?.append(link);
      link.click();
    });
    await page.locator("main h1", { hasText: "Page not found" }).waitFor();
    assert.equal(await page.locator('main a[href="/"]').count() > 0, true);
    assert.match(await page.title(), /^Page not found/);
  });
});
