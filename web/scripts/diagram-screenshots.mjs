// Screenshots of every diagram on the given pages, light and dark, for checking them by eye.
// Usage: node scripts/diagram-screenshots.mjs http://127.0.0.1:3000 OUT_DIR /route/a /route/b …
import { chromium } from "playwright-core";

const [base, out, ...routes] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
for (const scheme of ["light", "dark"]) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });
  for (const route of routes) {
    await page.goto(base + route, { waitUntil: "networkidle" });
    const diagrams = page.locator(".diagram");
    const count = await diagrams.count();
    for (let i = 0; i < count; i++) {
      const name = `${route.replaceAll("/", "_").replace(/^_/, "")}-${i}-${scheme}.png`;
      // The diagram with the paragraph before it, to compare the two.
      await diagrams.nth(i).scrollIntoViewIfNeeded();
      await diagrams.nth(i).screenshot({ path: `${out}/${name}` });
      console.log(name, await diagrams.nth(i).locator("svg").getAttribute("aria-label"));
    }
  }
  await page.close();
}
await browser.close();
