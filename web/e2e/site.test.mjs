// The bundled site (site/), when DOCSITE_SITE_URL is given: every navbar
// entry opens a page with its sidebar, and every page visited passes axe,
// in both themes. Pages come from the site's own navbar and sidebars, so
// nothing here needs adjusting as the content grows.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { SITE_URL, STATIC_URL } from "./config.mjs";
import { assertAccessible, launch, newPage } from "./helpers.mjs";

describe("the bundled site", { skip: SITE_URL ? false : "DOCSITE_SITE_URL is not set" }, () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  for (const colorScheme of ["light", "dark"]) {
    it(`each navbar entry and its sidebar's first pages pass axe (${colorScheme})`, async () => {
      const page = await newPage(browser, { colorScheme });
      await page.goto(SITE_URL + "/");
      await page.waitForSelector("#__docsite[data-app=ready]");
      const entries = await page.locator("header.navbar .navbar__items a.navbar__link").evaluateAll((links) =>
        links.map((a) => a.getAttribute("href")),
      );
      assert.equal(entries.length, 5);
      for (const href of entries) {
        await page.goto(SITE_URL + href);
        await page.waitForSelector("#__docsite[data-app=ready]");
        assert.equal(await page.locator("header.navbar .navbar__link--active").getAttribute("href"), href);
        await assertAccessible(page, `${href} (${colorScheme})`);
        // Two more pages of the same sidebar, reached through it.
        const links = await page.locator(".sidebar__nav a.menu__link:not([aria-current])").evaluateAll((as) =>
          as.map((a) => a.getAttribute("href")).filter((h) => h.startsWith("/")).slice(0, 2),
        );
        for (const link of links) {
          await page.goto(SITE_URL + link);
          await page.waitForSelector("#__docsite[data-app=ready]");
          await assertAccessible(page, `${link} (${colorScheme})`);
        }
      }
      assert.deepEqual(page.errors, []);
    });
  }

  // The root path of each of the seed's five sidebars answers with a page, typed with or
  // without the trailing slash: in `docsite serve` and in the export behind a plain file
  // server (where /tutorials/ and /integrations/ are redirect pages of site.yaml's redirects).
  const roots = { "/": "/", "/tutorials/": "/tutorials/llm-fine-tuning", "/integrations/": "/integrations/libraries", "/dagster-plus/": "/dagster-plus", "/api/": "/api" };
  for (const [label, base] of [["docsite serve", SITE_URL], ["the static export", STATIC_URL]]) {
    it(`every sidebar's root path answers (${label})`, { skip: base ? false : "not served" }, async () => {
      const page = await newPage(browser);
      for (const [root, landing] of Object.entries(roots)) {
        for (const typed of new Set([root, root.replace(/(.)\/$/, "$1")])) {
          await page.goto(base + typed);
          await page.waitForSelector("#__docsite[data-app=ready]");
          assert.equal(new URL(page.url()).pathname.replace(/(.)\/$/, "$1"), landing, typed);
          assert.notEqual(await page.locator("main h1").first().textContent(), "Page not found", typed);
        }
      }
      assert.deepEqual(page.errors, []);
    });
  }

  // Diagrams: every one of the bundled site's is named and described, readable at no less
  // than 80% of its size (a wide one scrolls and takes focus instead of shrinking further),
  // and passes axe in both themes.
  for (const colorScheme of ["light", "dark"]) {
    it(`diagrams are named, described, readable and pass axe (${colorScheme})`, async () => {
      const page = await newPage(browser, { colorScheme });
      for (const route of ["/integrations/libraries/dbt/dbt-core", "/dagster-plus/deployment/deployment-types/hybrid/architecture"]) {
        await page.goto(SITE_URL + route);
        await page.waitForSelector("#__docsite[data-app=ready]");
        const diagram = await page.locator(".diagram").first().evaluate((div) => {
          const svg = div.querySelector("svg");
          const natural = svg.viewBox.baseVal.width;
          return {
            name: svg.getAttribute("aria-label"),
            desc: document.getElementById(svg.getAttribute("aria-describedby"))?.textContent ?? "",
            scale: svg.getBoundingClientRect().width / natural,
            scrolls: div.scrollWidth > div.clientWidth,
            tabIndex: div.tabIndex,
          };
        });
        assert.ok(diagram.name.length > 10, `${route}: ${diagram.name}`);
        assert.ok(diagram.desc.length > 40, `${route}: ${diagram.desc}`);
        assert.ok(diagram.scale >= 0.79, `${route}: drawn at ${diagram.scale}`);
        if (diagram.scrolls) assert.equal(diagram.tabIndex, 0, `${route}: a scrolling diagram takes focus`);
        await assertAccessible(page, `${route} (${colorScheme})`);
      }
      assert.deepEqual(page.errors, []);
    });
  }
});
