// Runs the end-to-end tests with node's test runner, one file at a time.
//   npm run e2e              against DOCSITE_URL (the engine's server)
//   npm run e2e:dev          starts the Vite dev server on the dev fixture
//                            and runs against it
// Extra arguments are passed to `node --test` (e.g. --test-name-pattern).

import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";

const here = fileURLToPath(new URL(".", import.meta.url));
const files = readdirSync(here)
  .filter((name) => name.endsWith(".test.mjs"))
  .map((name) => here + name);
const args = process.argv.slice(2);
const dev = args.includes("--dev");
const env = { ...process.env };

let server;
if (dev) {
  server = await createServer({ root: fileURLToPath(new URL("..", import.meta.url)), server: { port: 0, host: "127.0.0.1" }, logLevel: "error" });
  await server.listen();
  env.DOCSITE_URL = server.resolvedUrls.local[0];
  env.DOCSITE_FIXTURE = "dev";
  // The dev fixture also stands in for the bundled site in site.test.mjs.
  env.DOCSITE_SITE_URL ||= env.DOCSITE_URL;
  console.log(`e2e: dev server at ${env.DOCSITE_URL}`);
}

// A file's tests share one time limit; the bundled site's axe pass visits many pages, which
// takes minutes on a busy two-core machine.
const child = spawn(
  process.execPath,
  ["--test", "--test-concurrency=1", "--test-timeout=600000", ...args.filter((a) => a !== "--dev"), ...files],
  { stdio: "inherit", env },
);
const code = await new Promise((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
await server?.close();
process.exit(code);
