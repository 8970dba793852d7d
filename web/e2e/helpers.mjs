// Shared browser helpers for the end-to-end tests (playwright-core only,
// driving Debian's Chromium; no browser is ever downloaded).

import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import AxeBuilder from "@axe-core/playwright";
import { BASE_URL, CHROMIUM, routeOf } from "./config.mjs";

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export function launch() {
  if (!BASE_URL) {
    throw new Error(
      "DOCSITE_URL is not set: point it at a running site (`docsite serve`), or run `npm run e2e:dev`",
    );
  }
  return chromium.launch({ executablePath: CHROMIUM.executablePath, args: CHROMIUM.args, headless: true });
}

/** A fresh page; JavaScript errors on it fail the test that reads `errors`. */
export async function newPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: DESKTOP, colorScheme: "light", ...options });
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (error) => page.errors.push(error.message));
  return page;
}

export const url = (id) => BASE_URL + routeOf(id);

/**
 * Loads a document, waits for the app to take over, and checks the page
 * with axe: every page a test visits is checked.
 */
export async function open(page, id, { axe = true } = {}) {
  const response = await page.goto(url(id));
  await page.waitForSelector("#__docsite[data-app=ready]");
  if (axe) await assertAccessible(page);
  return response;
}

/** Waits for a client-side navigation to `id` to have rendered, then checks it with axe. */
export async function arrived(page, id, { axe = true } = {}) {
  await page.waitForFunction(
    (r) => location.pathname === r && !document.querySelector("main[aria-busy=true]"),
    routeOf(id),
  );
  if (axe) await assertAccessible(page);
}

/** Marks the current document, so a test can tell a client-side move from a reload. */
export async function markDocument(page) {
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
}

export async function assertSameDocument(page) {
  assert.equal(await page.evaluate(() => window.__sameDocument === true), true, "the page reloaded");
}

/** Runs axe on the page as it is; any violation fails with a readable summary. */
export async function assertAccessible(page, label = page.url()) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("\n    ")}`,
  );
  assert.deepEqual(summary, [], `axe violations on ${label}`);
}

/**
 * The sidebar's category <li> whose label reads `label`, in the app's
 * markup (label inside .menu__row) or the engine's skeleton (label first).
 */
export function sidebarCategory(page, label) {
  const ownLabel = page.locator(":scope > .menu__label, :scope > .menu__row > .menu__label", { hasText: label });
  return page.locator(".sidebar .menu__category").filter({ has: ownLabel }).first();
}

/** A category's own label link, in either markup. */
export function categoryLabelLink(category) {
  return category.locator(":scope > a.menu__label, :scope > .menu__row > a.menu__label").first();
}

/** Opens a URL and waits for the app to take over. */
export async function visitApp(page, url) {
  await page.goto(url);
  await page.waitForSelector("#__docsite[data-app=ready]");
}

/** Types a search query and waits for its results (the list says which query it shows). */
export async function searchFor(page, text) {
  await page.locator(".search-dialog__input").fill(text);
  await page.waitForFunction(
    (q) => document.querySelector(".search-dialog__results")?.getAttribute("data-query") === q,
    text,
  );
}
