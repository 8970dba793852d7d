// Site components: server-rendered HTML that React hydrates in place. Runs
// against the engine's `components` fixture (DOCSITE_COMPONENTS_URL).

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { assertAccessible, launch, newPage } from "./helpers.mjs";

const BASE = process.env.DOCSITE_COMPONENTS_URL;

describe("site components", { skip: !BASE && "DOCSITE_COMPONENTS_URL is not set" }, () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  async function openHydrated() {
    const page = await newPage(browser);
    page.consoleProblems = [];
    page.on("console", (m) => {
      // The fixture has no icon; the browser's own request for one is not the page's doing.
      if (m.location()?.url?.endsWith("/favicon.ico")) return;
      if (m.type() === "error" || m.type() === "warning") page.consoleProblems.push(`${m.text()} (${m.location()?.url})`);
    });
    await page.goto(BASE + "/");
    await page.waitForSelector("#__docsite[data-app=ready]");
    await page.waitForFunction(
      () => [...document.querySelectorAll("[data-island]")].every((i) => i.dataset.hydrated === "true"),
    );
    return page;
  }

  it("a click handler works after hydration, with no console errors", async () => {
    const page = await openHydrated();
    const button = page.locator(".collapsible button");
    assert.equal(await button.getAttribute("aria-expanded"), "false");
    assert.equal(await page.locator(".collapsible__body").isHidden(), true);
    await button.click();
    await page.waitForFunction(() => document.querySelector(".collapsible button")?.getAttribute("aria-expanded") === "true");
    assert.equal(await page.locator(".collapsible__body").isVisible(), true);
    assert.deepEqual(page.errors, []);
    assert.deepEqual(page.consoleProblems, []);
    await assertAccessible(page);
  });

  it("rows keep the ids the server gave them, and the site link navigates in the app", async () => {
    const page = await openHydrated();
    assert.equal(await page.locator("tr#opt-retries").count(), 1);
    assert.equal(await page.locator("tr#opt-time-out").count(), 1);
    await page.evaluate(() => {
      window.__sameDocument = true;
    });
    await page.locator(".site-link a").click();
    await page.waitForFunction(() => location.pathname === "/other");
    assert.equal(await page.evaluate(() => window.__sameDocument === true), true);
    assert.deepEqual(page.consoleProblems, []);
  });

  it("pages without components load no island script", async () => {
    const page = await newPage(browser);
    const scripts = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto(BASE + "/other");
    await page.waitForSelector("#__docsite[data-app=ready]");
    assert.equal(scripts.filter((s) => s.includes("/assets/islands/") || s.includes("loader")).length, 0, scripts.join("\n"));
  });
});
