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

  async function openHydrated(route = "/") {
    const page = await newPage(browser);
    page.consoleProblems = [];
    page.on("console", (m) => {
      // The fixture has no icon; the browser's own request for one is not the page's doing.
      if (m.location()?.url?.endsWith("/favicon.ico")) return;
      if (m.type() === "error" || m.type() === "warning") page.consoleProblems.push(`${m.text()} (${m.location()?.url})`);
    });
    await page.goto(BASE + route);
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

  it("components from a partial and in another component's props render and hydrate", async () => {
    const page = await openHydrated("/shared");
    // The partial's counter works in the page around it.
    const counter = page.locator("button.counter");
    assert.equal(await counter.textContent(), "clicked 0 times");
    await counter.click();
    await page.waitForFunction(() => document.querySelector("button.counter")?.textContent === "clicked 1 times");
    // The fold's title is a component given as a prop; the fold still opens.
    assert.equal(await page.locator(".collapsible button .star").textContent(), "★ in a title");
    await page.locator(".collapsible button").click();
    await page.waitForFunction(() => document.querySelector(".collapsible button")?.getAttribute("aria-expanded") === "true");
    assert.deepEqual(page.errors, []);
    assert.deepEqual(page.consoleProblems, []);
    await assertAccessible(page);
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

// The bundled site's own component: the ETL tutorial's whole-file folds are <StepCode>.
for (const [name, SITE] of [["served", process.env.DOCSITE_SITE_URL], ["static", process.env.DOCSITE_STATIC_URL]]) {
  describe(`the bundled site's StepCode (${name})`, { skip: !SITE && "the bundled site's URL is not set" }, () => {
    let browser;
    before(async () => {
      browser = await launch();
    });
    after(async () => {
      await browser?.close();
    });

    it("hydrates, opens on its summary, and stays accessible", async () => {
      const page = await newPage(browser);
      const problems = [];
      page.on("console", (m) => {
        if (m.type() === "error" || m.type() === "warning") problems.push(`${m.text()} (${m.location()?.url})`);
      });
      await page.goto(SITE + "/etl-pipeline-tutorial/ensure-data-quality-with-asset-checks");
      await page.waitForSelector("#__docsite[data-app=ready]");
      await page.waitForFunction(() => document.querySelector("[data-island]")?.dataset.hydrated === "true");
      const details = page.locator("[data-island] details.details");
      assert.equal(await details.count(), 1);
      // The summary is the fold's first child, so it is the control that opens it.
      assert.equal(await details.evaluate((d) => d.firstElementChild.tagName), "SUMMARY");
      assert.equal(await details.locator("summary").textContent(), "Complete etl_pipeline.py after this step");
      assert.equal(await details.locator(".code-block").isVisible(), false);
      await details.locator("summary").click();
      assert.equal(await details.locator(".code-block").isVisible(), true);
      assert.match(await details.locator("pre").textContent(), /import dagster as dg/);
      assert.deepEqual(page.errors, []);
      assert.deepEqual(problems, []);
      await assertAccessible(page);
    });
  });
}
