// Screenshots of a doc page for the README: desktop and mobile, light and dark.
// Usage: node scripts/screenshots.mjs http://127.0.0.1:3000 /guides/build/assets/defining-assets
import { chromium } from "playwright-core";
import { fileURLToPath } from "node:url";

const [base, route] = process.argv.slice(2);
const out = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const sizes = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };
for (const [device, viewport] of Object.entries(sizes)) {
  for (const scheme of ["light", "dark"]) {
    const page = await browser.newPage({ viewport, colorScheme: scheme });
    await page.goto(base + route, { waitUntil: "networkidle" });
    await page.screenshot({ path: `${out}${device}-${scheme}.png` });
    await page.close();
  }
}
await browser.close();
