// Pagefind's own search on the questions of crates/mcp/tests/questions.tsv (or a fixed word
// list on a site they do not fit), in headless Chromium, against a built export served as
// static files: first query (fetching pagefind.js, its wasm and index chunks), warm median, and
// how many questions find a right page first and in the top three.
//
//   node bench/mcp-search-compare/pagefind.mjs OUT [ROUNDS]
//
// Two ways of asking are measured:
// - "pagefind": `pf.search(q)` alone;
// - "pagefind + site typo fix": the site's search dialog (web/src/support/search.ts,
//   SearchDialog.tsx): a query with a word that is neither a site word nor the start of one is
//   searched again with the nearest words of `_site/search-terms.json`.
// Both load Pagefind as the dialog does: `options({excerptLength: 22, noWorker: true})`, init.
// A query's time is `search` plus `data()` of its first three results.

import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const repo = new URL("../..", import.meta.url).pathname;
const require = createRequire(join(repo, "web", "package.json"));
const { chromium } = require("playwright-core");

const out = process.argv[2];
const rounds = Number(process.argv[3] ?? 20);
if (!out) throw new Error("usage: node pagefind.mjs OUT [ROUNDS]");
const port = Number(process.env.PORT ?? 3917);
const WORDS = ["partition", "asset schedule", "sensor", "io manager", "backfill missing partitions"];

const questions = readFileSync(join(repo, "crates/mcp/tests/questions.tsv"), "utf8")
  .split("\n")
  .filter((l) => l.trim() && !l.startsWith("#"))
  .map((l) => {
    const [q, ids] = l.split("\t");
    return { q, ids: ids.split(",") };
  });
const catalogue = JSON.parse(readFileSync(join(out, "_site/catalogue.json"), "utf8"));
const idByRoute = new Map(catalogue.pages.map((p) => [p.route, p.id]));
const fits = questions.every(({ ids }) => ids.some((id) => catalogue.pages.some((p) => p.id === id)));
const queries = fits ? questions.map((x) => x.q) : WORDS;

/** A result URL's page id: its route (no query, fragment, `.html` or trailing slash). */
function pageId(url) {
  let route = new URL(url, "http://x").pathname.replace(/\.html$/, "").replace(/\/index$/, "");
  if (route.length > 1) route = route.replace(/\/$/, "");
  return idByRoute.get(route) ?? `?${route}`;
}

/** Resident memory of the browser's renderer processes, in bytes (Linux /proc). */
function rendererRss() {
  const root = process.pid; // the browser is a child of this process
  const parent = new Map();
  const rss = new Map();
  const renderer = new Set();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      parent.set(Number(pid), Number(/PPid:\s+(\d+)/.exec(status)[1]));
      rss.set(Number(pid), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024);
      if (readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--type=renderer")) renderer.add(Number(pid));
    } catch {}
  }
  const under = (pid) => {
    for (let p = pid; p > 1; p = parent.get(p) ?? 0) if (p === root) return true;
    return false;
  };
  let total = 0;
  for (const pid of renderer) if (under(pid)) total += rss.get(pid) ?? 0;
  return total;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)];

async function waitFor(url) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`${url} did not answer`);
}

// The export is static files: a plain file server (`docsite serve` builds a site folder in
// memory; it does not serve an export).
const server = spawn("python3", ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", out], {
  stdio: "ignore",
});
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  await waitFor(`http://127.0.0.1:${port}/_site/catalogue.json`);
  for (const mode of ["pagefind", "pagefind + site typo fix"]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    // A page of the site's origin without the app: only Pagefind is loaded.
    await page.route(`http://127.0.0.1:${port}/__blank`, (r) => r.fulfill({ contentType: "text/html", body: "<!doctype html><title>bench</title>" }));
    await page.goto(`http://127.0.0.1:${port}/__blank`);
    await page.evaluate(() => {
      window.__bench = async ({ queries, rounds, fix }) => {
        // web/src/support/search.ts: editDistance, correctWord, correctQuery.
        const editDistance = (a, b, max) => {
          if (Math.abs(a.length - b.length) > max) return max + 1;
          const rows = [];
          for (let i = 0; i <= a.length; i++) rows.push([i]);
          for (let j = 1; j <= b.length; j++) rows[0][j] = j;
          for (let i = 1; i <= a.length; i++) {
            let rowMin = Infinity;
            for (let j = 1; j <= b.length; j++) {
              const cost = a[i - 1] === b[j - 1] ? 0 : 1;
              let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
              if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
              rows[i][j] = d;
              rowMin = Math.min(rowMin, d);
            }
            if (rowMin > max) return max + 1;
          }
          return rows[a.length][b.length];
        };
        const correctWord = (word, terms) => {
          const w = word.toLowerCase();
          if (w.length < 3 || !/^[a-z]+$/.test(w)) return null;
          if (terms.some((t) => t.startsWith(w))) return null;
          const max = w.length <= 5 ? 1 : 2;
          let best = null;
          let bestDistance = max + 1;
          for (const term of terms) {
            const d = editDistance(w, term, Math.min(max, bestDistance - 1));
            if (d < bestDistance) {
              best = term;
              bestDistance = d;
              if (d === 1) break;
            }
          }
          return best;
        };
        const correctQuery = (query, terms) => {
          let changed = false;
          const corrected = query
            .split(/(\s+)/)
            .map((part) => {
              const f = /\s/.test(part) ? null : correctWord(part, terms);
              if (f) changed = true;
              return f ?? part;
            })
            .join("");
          return changed ? corrected : null;
        };
        const FEW = 3; // SearchDialog.tsx
        let pf;
        let terms = null;
        const load = async () => {
          pf = await import("/_site/search/pagefind.js");
          await pf.options({ excerptLength: 22, noWorker: true });
          await pf.init();
        };
        const run = async (q) => {
          let results = (await pf.search(q))?.results ?? [];
          if (fix) {
            terms ??= await fetch("/_site/search-terms.json").then((r) => (r.ok ? r.json() : []));
            const fixed = correctQuery(q, terms);
            if (fixed) {
              const retry = (await pf.search(fixed))?.results ?? [];
              if (retry.length > 0 || results.length < FEW) results = retry.length > 0 ? retry : results;
            }
          }
          return Promise.all(results.slice(0, 3).map((x) => x.data()));
        };
        let t = performance.now();
        await load();
        const init = performance.now() - t;
        t = performance.now();
        const firstHits = await run(queries[0]);
        const firstQuery = performance.now() - t;
        // Every question once (its index chunks and fragments fetched), keeping the top three.
        const top = { [queries[0]]: firstHits.map((d) => d.url) };
        for (const q of queries.slice(1)) top[q] = (await run(q)).map((d) => d.url);
        const times = [];
        for (let i = 0; i < rounds; i++) {
          for (const q of queries) {
            const s = performance.now();
            await run(q);
            times.push(performance.now() - s);
          }
        }
        const fetched = performance
          .getEntriesByType("resource")
          .reduce((sum, e) => sum + (e.encodedBodySize || 0), 0);
        return { init, firstQuery, top, times, fetched };
      };
    });
    const rssBefore = rendererRss();
    const r = await page.evaluate((args) => window.__bench(args), { queries, rounds, fix: mode !== "pagefind" });
    const rssAfter = rendererRss();
    await context.close();
    const result = {
      engine: mode,
      pages: catalogue.pages.length,
      init_ms: r.init,
      first_query_ms: r.init + r.firstQuery,
      first_query_after_init_ms: r.firstQuery,
      median_ms: median(r.times),
      p95_ms: pct(r.times, 0.95),
      max_ms: pct(r.times, 1),
      timed_queries: r.times.length,
      renderer_rss_delta_mib: (rssAfter - rssBefore) / 2 ** 20,
      fetched_kib: r.fetched / 1024,
    };
    if (fits) {
      let rank1 = 0;
      let top3 = 0;
      const notFirst = [];
      for (const { q, ids } of questions) {
        const found = r.top[q].map(pageId);
        const rank = found.findIndex((f) => ids.includes(f));
        if (rank === 0) rank1++;
        if (rank >= 0) top3++;
        if (rank !== 0) notFirst.push(rank < 0 ? { question: q, expected: ids, top3: found } : { question: q, rank: rank + 1, top3: found });
      }
      Object.assign(result, { rank1, top3, questions: questions.length, not_first: notFirst });
    }
    console.log(JSON.stringify(result));
  }
} finally {
  await browser.close();
  server.kill();
}
