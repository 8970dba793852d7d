// Size budget for the built app (run `npm run build` first).
// Measures, gzipped, the JavaScript a page loads before it is interactive
// (the entry module and everything it preloads, as listed in
// dist/index.html) and all the CSS it links. Fails above the budget.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET = { js: 85 * 1024, css: 20 * 1024 };
const dist = new URL("../dist/", import.meta.url).pathname;

let html;
try {
  html = readFileSync(join(dist, "index.html"), "utf8");
} catch {
  console.error("size: dist/index.html is missing; run `npm run build` first");
  process.exit(1);
}

const attr = (tag, name) => tag.match(new RegExp(`${name}="([^"]+)"`))?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
const js = tags
  .filter((t) => (t.startsWith("<script") && /type="module"/.test(t)) || /rel="modulepreload"/.test(t))
  .map((t) => attr(t, "src") ?? attr(t, "href"));
const css = tags.filter((t) => /rel="stylesheet"/.test(t)).map((t) => attr(t, "href"));

function gzipped(files) {
  return files.reduce((total, file) => {
    const bytes = readFileSync(join(dist, file.replace(/^\//, "")));
    return total + gzipSync(bytes, { level: 9 }).length;
  }, 0);
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let failed = false;
for (const [kind, files] of [["js", js], ["css", css]]) {
  if (files.length === 0) {
    console.error(`size: no ${kind} found in dist/index.html`);
    failed = true;
    continue;
  }
  const size = gzipped(files);
  const ok = size <= BUDGET[kind];
  failed ||= !ok;
  console.log(`${ok ? "ok  " : "FAIL"} ${kind.padEnd(3)} ${kb(size).padStart(9)} gzip (budget ${kb(BUDGET[kind])}): ${files.join(", ")}`);
}
process.exit(failed ? 1 : 0);
