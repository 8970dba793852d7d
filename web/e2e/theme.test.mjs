// Colour mode: the choice survives a reload with no flash of the other theme.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { FIXTURE } from "./config.mjs";
import { assertAccessible, launch, newPage, open, url } from "./helpers.mjs";

// Runs before any script of the document: records data-theme as soon as
// the app's container is parsed (after the head script, before the app
// module runs) and every later change of the attribute.
function observeTheme() {
  window.__themes = { atContent: null, changes: [] };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "attributes" && record.target === document.documentElement) {
        window.__themes.changes.push(document.documentElement.getAttribute("data-theme"));
      }
    }
    if (window.__themes.atContent === null && document.getElementById("__docsite")) {
      window.__themes.atContent = document.documentElement.getAttribute("data-theme");
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-theme"] });
}

describe("colour mode", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it("dark mode chosen with the switch survives a reload without a flash", async () => {
    // The system prefers light, so only the stored choice can make it dark.
    const page = await newPage(browser, { colorScheme: "light" });
    await open(page, FIXTURE.start, { axe: false });
    assert.equal(await page.locator("html").getAttribute("data-theme"), "light");

    const toggle = page.locator("button.color-mode-switch");
    for (let i = 0; i < 3 && (await toggle.getAttribute("data-mode")) !== "dark"; i++) await toggle.click();
    assert.equal(await toggle.getAttribute("data-mode"), "dark");
    assert.equal(await page.locator("html").getAttribute("data-theme"), "dark");
    assert.equal(await page.evaluate(() => localStorage.getItem("docsite-color-mode")), "dark");

    await page.addInitScript(observeTheme);
    await page.goto(url(FIXTURE.start));
    await page.waitForSelector("#__docsite[data-app=ready]");
    const themes = await page.evaluate(() => window.__themes);
    assert.equal(themes.atContent, "dark", "data-theme was not dark when the body was parsed");
    assert.ok(!themes.changes.includes("light"), `the theme flipped: ${themes.changes.join(" -> ")}`);
    assert.equal(await page.locator("html").getAttribute("data-theme"), "dark");
    assert.equal(await page.locator("html").evaluate((el) => el.classList.contains("js")), true);
    await assertAccessible(page, "dark theme");
  });

  it("system mode follows the system setting", async () => {
    const page = await newPage(browser, { colorScheme: "dark" });
    await open(page, FIXTURE.start, { axe: false });
    assert.equal(await page.locator("html").getAttribute("data-theme"), "dark");
    await page.emulateMedia({ colorScheme: "light" });
    await page.waitForFunction(() => document.documentElement.getAttribute("data-theme") === "light");
  });
});
