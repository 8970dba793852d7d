// Benchmarks search on the bundled site: index build time and size, bytes
// transferred for the first query, and query time in the browser.
//
//   node bench/search.mjs          (after `cargo build --release -p docsite`
//                                   and `cd web && npm run build`)
//
// Each figure comes with a baseline measured in the same run:
// - index build: the rest of `docsite build` (load, render, assemble);
// - first query: the bytes of the page itself (document, JS, CSS);
// - query time: a plain scan of the whole site's text (llms-full.txt) for the
//   query, the cheapest search with no index at all.
// Runs against `docsite serve` (brotli) and a plain static server (no compression).

import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const repo = new URL("..", import.meta.url).pathname;
const require = createRequire(join(repo, "web", "package.json"));
const { chromium } = require("playwright-core");
const target = process.env.CARGO_TARGET_DIR ?? join(repo, "target");
const docsite = join(target, "release", "docsite");
const QUERIES = ["partition", "asset", "schedule", "sensor", "dbt", "resource", "io manager", "backfill"];
const ROUNDS = 15;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function dirSize(dir) {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const sub = dirSize(path);
      files += sub.files;
      bytes += sub.bytes;
    } else {
      files += 1;
      bytes += statSync(path).size;
    }
  }
  return { files, bytes };
}

/** `docsite build` three times; the medians of its own stage timings. */
function stageTimes(out) {
  const search = [];
  const rest = [];
  for (let i = 0; i < 3; i++) {
    const r = spawnSyncText(docsite, ["build", join(repo, "site"), "-o", out, "--web-dist", join(repo, "web", "dist")]);
    const stages = Object.fromEntries([...r.matchAll(/(\w+) ([\d.]+) ms/g)].map((m) => [m[1], Number(m[2])]));
    search.push(stages.search);
    rest.push(stages.load + stages.render + stages.sidebars + stages.assemble);
  }
  return { search: median(search), rest: median(rest) };
}

/** What a command printed on stderr, where docsite writes its summary. */
function spawnSyncText(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
  return r.stderr;
}

async function waitFor(url) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer`);
}

const start = (cmd, args) => spawn(cmd, args, { stdio: "ignore" });

/** Encoded bytes of every response while `action` runs, split into search and the rest. */
async function transferred(page, action) {
  const sizes = [];
  const listener = async (request) => {
    const s = await request.sizes().catch(() => null);
    if (s) sizes.push([new URL(request.url()).pathname, s.responseBodySize + s.responseHeadersSize]);
  };
  page.on("requestfinished", listener);
  await action();
  await sleep(300);
  page.off("requestfinished", listener);
  return sizes;
}

async function measure(browser, base, label) {
  const page = await browser.newPage();
  const pageBytes = await transferred(page, async () => {
    await page.goto(base + "/guides/build/assets/defining-assets");
    await page.waitForSelector("#__docsite[data-app=ready]");
  });
  const queryBytes = await transferred(page, async () => {
    await page.keyboard.press("Control+k");
    await page.locator(".search-dialog__input").fill("partition");
    await page.waitForSelector('.search-dialog__results[data-query="partition"]');
  });
  const sum = (xs) => xs.reduce((t, [, n]) => t + n, 0);
  const timing = await page.evaluate(
    async ({ queries, rounds }) => {
      const pagefind = await import("/_site/search/pagefind.js");
      const text = (await (await fetch("/llms-full.txt")).text()).toLowerCase();
      const time = async (fn) => {
        const t = performance.now();
        await fn();
        return performance.now() - t;
      };
      const run = (q) => pagefind.search(q).then((s) => Promise.all(s.results.slice(0, 8).map((r) => r.data())));
      const scan = (q) => {
        let n = 0;
        for (let i = text.indexOf(q); i >= 0; i = text.indexOf(q, i + 1)) n++;
        return n;
      };
      const pf = [];
      const base = [];
      for (const q of queries) await run(q); // loads each query's index chunk and fragments
      for (let r = 0; r < rounds; r++) {
        for (const q of queries) {
          pf.push(await time(() => run(q)));
          base.push(await time(async () => scan(q)));
        }
      }
      return { pf, base };
    },
    { queries: QUERIES, rounds: ROUNDS },
  );
  await page.close();
  const q = median(timing.pf);
  const b = median(timing.base);
  console.log(`${label}:`);
  console.log(`  page load (document, app JS/CSS, data): ${kb(sum(pageBytes))}`);
  console.log(`  first query "partition" (dialog code, Pagefind, index chunk, 8 result fragments): ${kb(sum(queryBytes))}  = ${(sum(queryBytes) / sum(pageBytes)).toFixed(2)}x the page load`);
  for (const [path, n] of queryBytes.sort((x, y) => y[1] - x[1])) console.log(`    ${kb(n).padStart(9)}  ${path}`);
  console.log(`  query time once its chunk is loaded (median of ${timing.pf.length}, search + 8 results' data): ${q.toFixed(1)} ms  = ${(q / b).toFixed(1)}x a plain scan of all the site's text (${b.toFixed(2)} ms)`);
  return { first: sum(queryBytes), query: q };
}

async function main() {
  const out = join(mkdtempSync(join(tmpdir(), "docsite-search-")), "site");
  const times = stageTimes(out);
  const index = dirSize(join(out, "_site", "search"));
  const terms = statSync(join(out, "_site", "search-terms.json")).size;
  console.log("index build (docsite build, median of 3):");
  console.log(`  search stage ${times.search.toFixed(0)} ms  = ${(times.search / times.rest).toFixed(2)}x the other stages together (${times.rest.toFixed(0)} ms)`);
  console.log(`  index size: ${index.files} files, ${kb(index.bytes)} (Pagefind compresses its own files); typo word list ${kb(terms)}`);

  const port = 3300 + Math.floor(Math.random() * 500);
  const servers = [
    start(docsite, ["serve", join(repo, "site"), "--port", String(port), "--no-watch", "--web-dist", join(repo, "web", "dist")]),
    start("python3", ["-m", "http.server", String(port + 1), "--bind", "127.0.0.1", "--directory", out]),
  ];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/`);
    await waitFor(`http://127.0.0.1:${port + 1}/`);
    const served = await measure(browser, `http://127.0.0.1:${port}`, "docsite serve (brotli)");
    await measure(browser, `http://127.0.0.1:${port + 1}`, "static file server (no compression)");
    console.log(`  target first query <= 150 KB (served): ${served.first <= 150 * 1024 ? "met" : "MISSED"}`);
    console.log(`  target results <= 50 ms once loaded: ${served.query <= 50 ? "met" : "MISSED"}`);
  } finally {
    await browser.close();
    for (const s of servers) s.kill();
  }
}

await main();
