// The page menu: copy the page as Markdown, view its Markdown twin, print.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { BASE_URL, FIXTURE, routeOf } from "./config.mjs";
import { assertAccessible, launch, newPage, open } from "./helpers.mjs";

/** "/a/b" -> "/a/b.md", "/" -> "/index.md": where the engine writes a page's twin. */
const twinOf = (id) => (routeOf(id) === "/" ? "/index.md" : `${routeOf(id)}.md`);

describe("page menu", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it("copies the page's Markdown twin to the clipboard", async () => {
    const page = await newPage(browser);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
    await open(page, FIXTURE.start);
    const button = page.getByRole("button", { name: "Page actions" });
    await button.click();
    assert.equal(await button.getAttribute("aria-expanded"), "true");
    await assertAccessible(page, "the page with its menu open");
    await page.getByRole("menuitem", { name: "Copy page as Markdown" }).click();
    await page.locator(".page-menu__feedback", { hasText: "Copied" }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const twin = await page.request.get(BASE_URL + twinOf(FIXTURE.start));
    assert.equal(twin.status(), 200);
    assert.equal(copied, await twin.text());
    assert.match(copied, /^# /);
    assert.deepEqual(page.errors, []);
  });

  it("opens from the keyboard and gives focus back on Escape", async () => {
    const page = await newPage(browser, { colorScheme: "dark" });
    await open(page, FIXTURE.start, { axe: false });
    const button = page.getByRole("button", { name: "Page actions" });
    await button.focus();
    await page.keyboard.press("Enter");
    const items = page.getByRole("menuitem");
    assert.equal(await items.count(), 3);
    await assertAccessible(page, "the menu in the dark theme");
    assert.equal(await items.nth(0).evaluate((el) => el === document.activeElement), true);
    await page.keyboard.press("ArrowDown");
    assert.equal(await items.nth(1).evaluate((el) => el === document.activeElement), true);
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    assert.equal(await items.nth(2).evaluate((el) => el === document.activeElement), true);
    await page.keyboard.press("Escape");
    assert.equal(await page.getByRole("menu").count(), 0);
    assert.equal(await button.evaluate((el) => el === document.activeElement), true);
  });

  it("'View as Markdown' serves the twin as text/markdown", async () => {
    const page = await newPage(browser);
    await open(page, FIXTURE.start, { axe: false });
    await page.getByRole("button", { name: "Page actions" }).click();
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === twinOf(FIXTURE.start)),
      page.getByRole("menuitem", { name: "View as Markdown" }).click(),
    ]);
    assert.equal(response.status(), 200);
    assert.equal(response.headers()["content-type"], "text/markdown; charset=utf-8");
    await page.waitForURL((u) => u.pathname === twinOf(FIXTURE.start));
    assert.match(await page.locator("body").innerText(), /^# /);
  });

  it("prints the article alone, every tab panel shown", async () => {
    const page = await newPage(browser);
    await open(page, FIXTURE.tabs.page, { axe: false });
    await page.emulateMedia({ media: "print" });
    for (const chrome of [".navbar", ".sidebar", "aside.toc", ".pagination", ".page-menu", ".tabs__list"]) {
      for (const element of await page.locator(chrome).all()) {
        assert.equal(await element.isVisible(), false, `${chrome} is hidden in print`);
      }
    }
    assert.equal(await page.locator("article h1").isVisible(), true);
    for (const panel of await page.locator(".tabs__panel").all()) {
      assert.equal(await panel.isVisible(), true, "every tab panel prints");
    }
    const width = await page.locator("main").evaluate((el) => el.getBoundingClientRect().width);
    const viewport = await page.evaluate(() => document.documentElement.clientWidth);
    assert.ok(width >= viewport - 1, `the article takes the full width (${width} of ${viewport})`);
  });
});
