// Versioned docs: the engine's `versioned` fixture (DOCSITE_VERSIONED_URL),
// the current docs and three released versions under /docs. The version
// menu, the banner's link to the same page in the latest version, a navbar
// entry that stays in the version, and search within a version with the
// others one choice away (one index for all versions, a shared page's result
// leading into the version searched).

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { assertAccessible, launch, markDocument, newPage, searchFor, visitApp } from "./helpers.mjs";

const BASE = process.env.DOCSITE_VERSIONED_URL;

const visit = (page, route) => visitApp(page, BASE + route);
const query = searchFor;

describe("versioned docs", { skip: !BASE && "DOCSITE_VERSIONED_URL is not set" }, () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it("the version menu leads to the same page in another version", async () => {
    const page = await newPage(browser);
    await visit(page, "/docs/1.1/guides/intro");
    assert.equal(await page.locator(".version-badge").textContent(), "Version: 1.1");
    await page.locator(".navbar .version-menu summary").click();
    const items = page.locator(".navbar .version-menu ul a");
    assert.deepEqual(await items.allTextContents(), ["Next", "2.0", "1.1", "1.0 (old)", "0.x (archived)"]);
    assert.equal(await page.locator(".navbar .version-menu a[aria-current]").textContent(), "1.1");
    await assertAccessible(page);
    await items.filter({ hasText: "Next" }).click();
    await page.waitForURL(BASE + "/docs/next/guides/intro");
    await page.waitForSelector("#__docsite[data-app=ready]");
    assert.match(await page.locator("article").textContent(), /nebula/);
    assert.match(await page.locator(".version-banner").textContent(), /unreleased documentation for Versioned Fixture Next/);
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains("docs-version-current")), true);
    assert.deepEqual(page.errors, []);
  });

  it("the banner of an older version links to the page in the latest version", async () => {
    const page = await newPage(browser);
    await visit(page, "/docs/1.1/guides/intro");
    const banner = page.locator(".version-banner");
    assert.match(await banner.textContent(), /no longer maintained/);
    await banner.locator("a").click();
    await page.waitForURL(BASE + "/docs/guides/intro");
    await page.waitForSelector("#__docsite[data-app=ready]");
    assert.equal(await page.locator(".version-banner").count(), 0);
    assert.match(await page.locator("article").textContent(), /quasar/);
    // A page the latest version lacks: the banner leads to the latest version's first page.
    await visit(page, "/docs/1.0/guides/legacy");
    assert.equal(await page.locator(".version-banner a").getAttribute("href"), "/docs");
    assert.deepEqual(page.errors, []);
  });

  it("a navbar entry stays in the version, in the same document", async () => {
    const page = await newPage(browser);
    await visit(page, "/docs/1.1");
    await markDocument(page);
    await page.locator(".navbar__items a", { hasText: "Guides" }).click();
    await page.waitForURL(BASE + "/docs/1.1/guides/intro");
    await page.waitForFunction(() => document.querySelector("article h1")?.textContent === "First steps");
    assert.equal(await page.evaluate(() => window.__sameDocument === true), true);
    assert.match(await page.locator("article").textContent(), /pulsar/);
  });

  it("search finds the version being read, and another version on request", async () => {
    const page = await newPage(browser);
    await visit(page, "/docs/next/guides/intro");
    await page.keyboard.press("Control+k");
    await page.locator(".search-dialog__input").waitFor();
    await query(page, "nebula");
    assert.deepEqual(
      await page.locator(".search-hit--lead").evaluateAll((as) => as.map((a) => a.getAttribute("href"))),
      ["/docs/next/guides/intro"],
    );
    await query(page, "quasar");
    assert.equal(await page.locator(".search-hit").count(), 0);
    await page.locator(".search-version").selectOption("2.0");
    await page.waitForFunction(() => document.querySelector(".search-hit--lead")?.getAttribute("href") === "/docs/guides/intro");
    await assertAccessible(page);
    // A result in another version is a page of its own: the browser loads it whole.
    await page.locator(".search-hit--lead").first().click();
    await page.waitForURL(BASE + "/docs/guides/intro");
    await page.waitForSelector("#__docsite[data-app=ready]");
    assert.equal(await page.locator(".version-banner").count(), 0);
    assert.deepEqual(page.errors, []);
  });

  it("a page two versions share is one search entry that leads into the version searched", async () => {
    const page = await newPage(browser);
    await visit(page, "/docs/1.1/guides/intro");
    await page.keyboard.press("Control+k");
    await page.locator(".search-dialog__input").waitFor();
    // guides/faq.md reads the same in 2.0 and 1.1: indexed once, at its 2.0 URL.
    await query(page, "dirigible");
    assert.deepEqual(
      await page.locator(".search-hit--lead").evaluateAll((as) => as.map((a) => a.getAttribute("href"))),
      ["/docs/1.1/guides/faq"],
    );
    await page.locator(".search-version").selectOption("2.0");
    await page.waitForFunction(() => document.querySelector(".search-hit--lead")?.getAttribute("href") === "/docs/guides/faq");
    await page.locator(".search-version").selectOption("current");
    await page.waitForFunction(() => document.querySelectorAll(".search-hit").length === 0);
    assert.deepEqual(page.errors, []);
  });
});
