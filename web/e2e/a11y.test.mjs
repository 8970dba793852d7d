// Accessibility sweep: axe on every fixture page, in both themes, on a
// desktop and a phone viewport.

import { after, before, describe, it } from "node:test";
import { FIXTURE } from "./config.mjs";
import { assertAccessible, DESKTOP, launch, newPage, open, PHONE } from "./helpers.mjs";

const PAGES = [
  FIXTURE.start,
  FIXTURE.unlisted.page,
  FIXTURE.hiddenIndex.page,
  FIXTURE.noSidebar,
  FIXTURE.tabs.page,
  ...FIXTURE.sweep,
];

describe("accessibility", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  for (const colorScheme of ["light", "dark"]) {
    for (const [name, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
      it(`no axe violations, ${colorScheme} theme, ${name}`, async () => {
        const page = await newPage(browser, { colorScheme, viewport });
        for (const id of new Set(PAGES)) {
          await open(page, id, { axe: false });
          await assertAccessible(page, `${id} (${colorScheme}, ${name})`);
        }
      });
    }
  }
});
