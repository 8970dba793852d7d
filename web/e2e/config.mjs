// End-to-end configuration: which server and which fixture pages.
//
// DOCSITE_URL     the fixture site under test, served by the engine's
//                 `docsite serve` (scripts/e2e.sh starts it); required.
// DOCSITE_FIXTURE which page set below to use: "fixture" (default) for
//                 crates/engine/tests/fixtures/basic, "dev" for the app's
//                 own dev fixture (web/dev/fixture.ts, `npm run e2e:dev`).
// DOCSITE_SITE_URL optional: the bundled site (site/) served too; the
//                 tests in site.test.mjs sweep it (navbar, sidebars, axe),
//                 and search.test.mjs searches it.
// DOCSITE_STATIC_URL optional: the bundled site as `docsite build` writes
//                 it, served by a plain static file server; search.test.mjs
//                 runs there too, to show search needs no engine.
//
// Pages are named by id, as in the site's docs folder; routes follow from
// ids (docs/ARCHITECTURE.md, "Routes and files").

export const FIXTURES = {
  // crates/engine/tests/fixtures/basic: every test reads its pages from here.
  fixture: {
    /** Where most tests start: a page of the docs sidebar with previous/next. */
    start: "start-here",
    /** A category that starts collapsed on `on`, and the label of a page link inside it. */
    collapsible: { on: "start-here", category: "Guides", child: "Zeta guide" },
    /** An unlisted page, and a page of the same sidebar where it must not be drawn. */
    unlisted: { page: "secret", sibling: "start-here" },
    /** A category linked to its index page, whose own sidebar entry has class `hidden`. */
    hiddenIndex: { on: "start-here", category: "Guides", page: "guides/index" },
    /** A page in no sidebar. */
    noSidebar: "orphan",
    /** A page with two tab sets of one group, a value to pick, and (or null) another page with the group. */
    tabs: { page: "index", groupId: "pm", value: "uv", other: null },
    /** Extra pages that the accessibility sweep visits, in both themes. */
    sweep: [
      "integrations/libraries/index",
      "integrations/libraries/tool-a/index",
      "tutorials/first/index",
      "guides/alpha/index",
      "dagster-plus/index",
      "api/index",
      "api/python-api/assets",
    ],
  },
  // web/dev/fixture.ts
  dev: {
    start: "getting-started/quickstart",
    collapsible: { on: "getting-started/quickstart", category: "Build", child: "Defining assets" },
    unlisted: { page: "guides/build/migrating-from-sensors", sibling: "guides/build/assets/defining-assets" },
    hiddenIndex: { on: "getting-started/quickstart", category: "Build", page: "guides/build/index" },
    noSidebar: "about",
    tabs: { page: "getting-started/installation", groupId: "package-manager", value: "pip", other: "getting-started/quickstart" },
    sweep: ["index", "integrations/libraries/index", "api/index", "dagster-plus/index", "tutorials/llm-fine-tuning", "guides/build/partitions/partitioning-assets"],
  },
};

export const BASE_URL = (process.env.DOCSITE_URL ?? "").replace(/\/$/, "");
export const SITE_URL = (process.env.DOCSITE_SITE_URL ?? "").replace(/\/$/, "");
export const STATIC_URL = (process.env.DOCSITE_STATIC_URL ?? "").replace(/\/$/, "");
export const FIXTURE = FIXTURES[process.env.DOCSITE_FIXTURE || "fixture"];

if (!FIXTURE) {
  throw new Error(`DOCSITE_FIXTURE must be one of: ${Object.keys(FIXTURES).join(", ")}`);
}

/** "guides/build/index" -> "/guides/build", "index" -> "/". */
export function routeOf(id) {
  const route = `/${id}`.replace(/\/index$/, "");
  return route === "" ? "/" : route;
}

export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};
