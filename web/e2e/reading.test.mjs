// Reading details on the bundled site (DOCSITE_SITE_URL): long API names in the table of
// contents stay inside it, and every logo the site shows is readable in both themes.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { SITE_URL } from "./config.mjs";
import { launch, newPage } from "./helpers.mjs";

describe("reading details of the bundled site", { skip: SITE_URL ? false : "DOCSITE_SITE_URL is not set" }, () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  // Pages whose entries have names longer than the TOC column is wide.
  const longNames = {
    "/api/python-api/libraries/dagster-dbt": "DbtProjectPreparer.prepare_if_dev",
    "/api/python-api/assets": "AssetSpec.with_io_manager_key",
  };
  for (const javaScriptEnabled of [true, false]) {
    it(`long names in the table of contents wrap inside it at 1,400 px (${javaScriptEnabled ? "app" : "no JavaScript"})`, async () => {
      const page = await newPage(browser, { viewport: { width: 1400, height: 900 }, javaScriptEnabled });
      for (const [route, name] of Object.entries(longNames)) {
        await page.goto(SITE_URL + route);
        if (javaScriptEnabled) await page.waitForSelector("#__docsite[data-app=ready]");
        const links = await page.locator("aside.toc .toc__item > a").evaluateAll((as) => {
          const toc = document.querySelector("aside.toc").getBoundingClientRect();
          return as.map((a) => {
            const box = a.getBoundingClientRect();
            // The widest line of the link's text, measured on its text, not its box.
            const range = document.createRange();
            range.selectNodeContents(a);
            const lines = [...range.getClientRects()];
            const right = Math.max(box.left, ...lines.map((r) => r.right));
            return { text: a.textContent, clipped: a.scrollWidth > a.clientWidth + 1, right, edge: toc.right };
          });
        });
        const long = links.find((l) => l.text === name);
        assert.ok(long, `${route}: the TOC lists ${name}`);
        for (const link of links) {
          assert.ok(!link.clipped && link.right <= link.edge + 1, `${route}: "${link.text}" runs past the TOC (${link.right} > ${link.edge})`);
        }
      }
      assert.deepEqual(page.errors, []);
    });
  }

  // Every logo of the sidebars, drawn as the sidebar and the card lists draw it (their CSS, in
  // each theme) on what it sits on, must hold a mark that stands out at 3:1 or more (WCAG's
  // bar for graphics): the darkest and the lightest 3% of the tile that far apart.
  for (const colorScheme of ["light", "dark"]) {
    it(`every logo is readable on the ${colorScheme} theme`, async () => {
      const page = await newPage(browser, { colorScheme });
      await page.goto(SITE_URL + "/integrations/libraries");
      await page.waitForSelector("#__docsite[data-app=ready]");
      const site = await (await page.request.get(SITE_URL + "/_site/site.json")).json();
      const logos = new Set();
      const walk = (items) => {
        for (const item of items ?? []) {
          if (typeof item.customProps?.logo === "string") logos.add(item.customProps.logo);
          walk(item.items);
        }
      };
      for (const items of Object.values(site.sidebars ?? {})) walk(items);
      assert.ok(logos.size >= 5, `the sidebars name ${logos.size} logos`);
      const results = await page.evaluate(async (urls) => {
        const host = document.querySelector(".sidebar .menu") ?? document.body;
        const card = document.createElement("div");
        card.className = "markdown";
        document.querySelector("main")?.append(card);
        const luminance = ([r, g, b]) => {
          const c = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
          return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
        };
        // What the logo sits on: its own background (the chip), else the nearest ancestor's.
        const backdrop = (el) => {
          for (let e = el; e; e = e.parentElement) {
            const m = getComputedStyle(e).backgroundColor.match(/[\d.]+/g).map(Number);
            if (m.length < 4 || m[3] > 0.5) return m.slice(0, 3);
          }
          return [255, 255, 255];
        };
        const measure = async (img) => {
          await img.decode();
          const bg = backdrop(img);
          const size = 64;
          const canvas = document.createElement("canvas");
          canvas.width = canvas.height = size;
          const ctx = canvas.getContext("2d");
          ctx.fillStyle = `rgb(${bg.join(",")})`;
          ctx.fillRect(0, 0, size, size);
          ctx.drawImage(img, 0, 0, size, size);
          const data = ctx.getImageData(0, 0, size, size).data;
          // The tile's darkest and lightest few percent: a mark stands out when they are 3:1
          // apart (a dark glyph on a dark page is not; letters on their own square are).
          const lums = [];
          for (let i = 0; i < data.length; i += 4) lums.push(luminance([data[i], data[i + 1], data[i + 2]]));
          lums.sort((a, b) => a - b);
          const [lo, hi] = [lums[Math.floor(lums.length * 0.03)], lums[Math.floor(lums.length * 0.97)]];
          return { contrast: Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100, on: bg.join(",") };
        };
        const out = [];
        for (const url of urls) {
          const li = document.createElement("li");
          li.className = "menu__item";
          li.innerHTML = `<a class="menu__link"><img class="menu__logo" alt=""></a>`;
          const inMenu = li.querySelector("img");
          inMenu.src = url;
          host.append(li);
          const inCard = document.createElement("img");
          inCard.className = "card__logo";
          inCard.src = url;
          card.append(inCard);
          out.push({ url, menu: await measure(inMenu), card: await measure(inCard) });
        }
        return out;
      }, [...logos]);
      const unreadable = results.filter((r) => r.menu.contrast < 3 || r.card.contrast < 3);
      assert.deepEqual(unreadable, [], `logos that do not stand out on the ${colorScheme} theme`);
      assert.deepEqual(page.errors, []);
    });
  }
});
