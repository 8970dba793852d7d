// Without JavaScript the engine's document must read and navigate alone.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { FIXTURE } from "./config.mjs";
import { assertAccessible, categoryLabelLink, launch, newPage, sidebarCategory, url } from "./helpers.mjs";

/**
 * A page that receives documents with every script removed. axe needs
 * JavaScript in the browser to run, so the no-JS check strips the scripts
 * instead of turning JavaScript off.
 */
async function scriptlessPage(browser) {
  const page = await newPage(browser);
  await page.route("**/*", async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    const body = (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
    return route.fulfill({ response, body });
  });
  return page;
}

describe("without JavaScript", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it("shows the article and sidebar links, and the links work", async () => {
    const page = await newPage(browser, { javaScriptEnabled: false });
    await page.goto(url(FIXTURE.start));
    assert.equal(await page.locator("html").evaluate((el) => el.classList.contains("js")), false);
    await page.locator("main article h1").waitFor();
    assert.ok((await page.locator("#__docsite-content").innerText()).length > 50, "the article has text");
    const links = page.locator(".sidebar a.menu__link");
    assert.ok((await links.count()) > 1, "the sidebar has links");

    // Every tab panel reads, since no script can switch them.
    const panels = page.locator(".tabs__panel");
    for (const panel of await panels.all()) assert.equal(await panel.isVisible(), true);

    // A sidebar link loads its document.
    const target = links.filter({ hasNot: page.locator("[aria-current]") }).first();
    const href = await target.getAttribute("href");
    await target.click();
    await page.waitForURL((u) => u.pathname === href);
    await page.locator("main article h1").waitFor();
    assert.equal(await page.locator(`.sidebar a.menu__link[href="${href}"]`).getAttribute("aria-current"), "page");
  });

  it("has no axe violations", async () => {
    const page = await scriptlessPage(browser);
    for (const id of [FIXTURE.start, FIXTURE.tabs.page, FIXTURE.noSidebar]) {
      await page.goto(url(id));
      assert.equal(await page.locator("#__docsite[data-app]").count(), 0, "the app ran");
      await assertAccessible(page, `${id} without JavaScript`);
    }
  });

  it("a category that starts collapsed lists its links, or links to its page where it opens", async () => {
    const { on, category, child } = FIXTURE.collapsible;
    const page = await newPage(browser, { javaScriptEnabled: false });
    await page.goto(url(on));
    const childLink = page.locator(".sidebar .menu__link", { hasText: child });
    if ((await childLink.count()) === 0) {
      // The engine left the category's items out: its label leads to its page.
      await categoryLabelLink(sidebarCategory(page, category)).click();
      await page.locator("main article h1").waitFor();
    }
    assert.equal(await childLink.first().isVisible(), true);
  });
});
