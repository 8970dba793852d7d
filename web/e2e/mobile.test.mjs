// Narrow screens (390px): the sidebar is a drawer behind the menu button.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { FIXTURE } from "./config.mjs";
import { arrived, assertAccessible, launch, newPage, open, PHONE } from "./helpers.mjs";

describe("mobile drawer", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it("opens from the menu button, traps focus, and closes on Escape and on navigation", async () => {
    const page = await newPage(browser, { viewport: PHONE, hasTouch: true, isMobile: true });
    await open(page, FIXTURE.start);
    const drawer = page.locator("#__docsite-drawer");
    const menu = page.locator('button[aria-controls="__docsite-drawer"]');
    assert.equal(await drawer.isVisible(), false);
    assert.equal(await page.locator("header.navbar .navbar__items").isVisible(), false);

    await menu.click();
    const dialog = drawer.locator('[role="dialog"][aria-modal="true"]');
    await dialog.waitFor();
    assert.equal(await menu.getAttribute("aria-expanded"), "true");
    await drawer.locator(".sidebar__navbar-links").waitFor();
    await assertAccessible(page, "open drawer");

    // Tab and Shift+Tab never leave the drawer.
    for (const key of ["Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      assert.equal(await dialog.evaluate((el) => el.contains(document.activeElement)), true, `focus left on ${key}`);
    }

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await drawer.waitFor({ state: "hidden" });
    assert.equal(await menu.evaluate((el) => el === document.activeElement), true, "focus returns to the menu button");

    // Following a link in the drawer navigates and closes it.
    await menu.click();
    const link = drawer.locator(".sidebar__nav a.menu__link:not([aria-current])").first();
    const href = await link.getAttribute("href");
    await link.click();
    await arrived(page, href.slice(1) || "index");
    await drawer.waitFor({ state: "hidden" });
  });

  it("closes from its close button and from the backdrop", async () => {
    const page = await newPage(browser, { viewport: PHONE });
    await open(page, FIXTURE.start, { axe: false });
    const drawer = page.locator("#__docsite-drawer");
    const menu = page.locator('button[aria-controls="__docsite-drawer"]');
    await menu.click();
    await drawer.getByRole("button", { name: "Close navigation menu" }).click();
    await drawer.waitFor({ state: "hidden" });
    await menu.click();
    await page.locator(".drawer-backdrop").click({ position: { x: 380, y: 400 } });
    await drawer.waitFor({ state: "hidden" });
  });

  it("shows the 'On this page' box above the article instead of the TOC column", async () => {
    const page = await newPage(browser, { viewport: PHONE });
    await open(page, FIXTURE.start, { axe: false });
    assert.equal(await page.locator("aside.toc").isVisible(), false);
    const box = page.locator("details.toc-mobile");
    await box.locator("summary").click();
    const first = box.locator(".toc__link").first();
    const hash = await first.getAttribute("href");
    await first.click();
    await page.waitForFunction((h) => location.hash === h, hash);
    assert.equal(await box.evaluate((el) => el.open), false);
  });
});
