// Dev server stand-in for the engine (`npm run dev` only): serves the
// fixture's /_site/ JSON, its images and a sample highlight.css, and
// answers page routes with a complete document as the engine would: the
// no-flash head script, the app rendered to HTML in #__docsite (the no-JS
// skeleton), and the inlined data with page.html null.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Connect, Plugin, ViteDevServer } from "vite";
import type { ServerResponse } from "node:http";
import type { InlineData, SidebarItem } from "../src/types";
import { holdsRoute } from "../src/support/sidebar.ts";
import { escapeHtml } from "./content.ts";
import { pagesByRoute, site } from "./fixture.ts";

const WEB = fileURLToPath(new URL("..", import.meta.url));

const HIGHLIGHT_CSS = `
[data-theme="light"] .hl-keyword { color: #7b28a8; }
[data-theme="light"] .hl-string { color: #17733a; }
[data-theme="light"] .hl-comment { color: #5c6370; font-style: italic; }
[data-theme="light"] .hl-function { color: #0b5cad; }
[data-theme="light"] .hl-attribute { color: #9a4d00; }
[data-theme="light"] .hl-number { color: #9a4d00; }
[data-theme="light"] .hl-property { color: #0b5cad; }
[data-theme="dark"] .hl-keyword { color: #d2a8ff; }
[data-theme="dark"] .hl-string { color: #7ee787; }
[data-theme="dark"] .hl-comment { color: #9aa4b2; font-style: italic; }
[data-theme="dark"] .hl-function { color: #79c0ff; }
[data-theme="dark"] .hl-attribute { color: #ffa657; }
[data-theme="dark"] .hl-number { color: #ffa657; }
[data-theme="dark"] .hl-property { color: #79c0ff; }
`;

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.statusCode = status;
  res.setHeader("Content-Type", type);
  res.end(body);
}

/** JSON safe inside <script>: no "</script>" or "<!--" can close or confuse it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * The sidebar as the engine inlines it: a collapsed category with a page of
 * its own that does not hold the current page has its items left out.
 */
function inlinedSidebar(items: SidebarItem[], route: string): SidebarItem[] {
  return items.map((item) => {
    if (item.type !== "category") return item;
    if (item.collapsed && item.href !== undefined && !holdsRoute(item, route)) {
      return { ...item, items: [], itemsOmitted: true };
    }
    return { ...item, items: inlinedSidebar(item.items, route) };
  });
}

function inlineData(route: string): InlineData | null {
  const page = pagesByRoute.get(route);
  if (!page) return null;
  const { sidebars, ...siteWithoutSidebars } = site;
  return {
    site: siteWithoutSidebars,
    page: { ...page, html: null },
    sidebarItems: page.sidebar && sidebars?.[page.sidebar] ? inlinedSidebar(sidebars[page.sidebar], route) : null,
  };
}

async function renderPage(server: ViteDevServer, url: URL, res: ServerResponse): Promise<void> {
  const route = url.pathname;
  const page = pagesByRoute.get(route);
  // The engine's 404 document carries no page; the app shows its 404 view.
  const data = inlineData(route) ?? ({ site: { ...site, sidebars: undefined }, page: null, sidebarItems: null } as unknown as InlineData);
  const { renderDocument } = (await server.ssrLoadModule("/src/ssr.tsx")) as typeof import("../src/ssr");
  const body = renderDocument(data, page?.html ?? "", route, url.search);
  const colorModeScript = fs.readFileSync(path.join(WEB, "color-mode-script.js"), "utf8");
  const template = fs.readFileSync(path.join(WEB, "index.html"), "utf8");
  const title = page ? (page.title === site.title ? site.title : `${page.title} | ${site.title}`) : `Page not found | ${site.title}`;
  const head = [
    `<script>${colorModeScript}</script>`,
    `<meta name="description" content="${escapeHtml(page?.description || site.tagline)}">`,
    page?.noIndex || page?.unlisted || !page ? `<meta name="robots" content="noindex, nofollow">` : "",
    `<link rel="stylesheet" href="/_site/highlight.css">`,
  ].join("\n    ");
  let html = await server.transformIndexHtml(url.pathname + url.search, template);
  html = html
    .replace(/<title>.*<\/title>/, `<title>${escapeHtml(title)}</title>\n    ${head}`)
    .replace('<html lang="en">', `<html lang="en" data-theme="light" class="${site.version.className}">`)
    .replace(
      '<div id="__docsite"></div>',
      `<div id="__docsite">${body}</div>\n    <script id="__docsite-data" type="application/json">${scriptJson(data)}</script>`,
    );
  send(res, page ? 200 : 404, "text/html; charset=utf-8", html);
}

function middleware(server: ViteDevServer): Connect.NextHandleFunction {
  return (req, res, next) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const pathname = url.pathname;
    if (pathname === "/_site/site.json") return send(res, 200, "application/json", JSON.stringify(site));
    if (pathname === "/_site/highlight.css") return send(res, 200, "text/css", HIGHLIGHT_CSS);
    if (pathname.startsWith("/_site/pages/") && pathname.endsWith(".json")) {
      const name = pathname.slice("/_site/pages".length, -".json".length);
      const page = pagesByRoute.get(name === "/index" ? "/" : name);
      return page
        ? send(res, 200, "application/json", JSON.stringify(page))
        : send(res, 404, "application/json", JSON.stringify({ error: "no such page" }));
    }
    // A stand-in for the engine's Markdown twins: the dev fixture has no Markdown source.
    if (pathname.endsWith(".md")) {
      const page = pagesByRoute.get(pathname === "/index.md" ? "/" : pathname.slice(0, -".md".length));
      if (page) return send(res, 200, "text/markdown; charset=utf-8", `# ${page.title}\n\n${page.description}\n`);
      return next();
    }
    if (pathname.startsWith("/images/")) {
      const file = path.join(WEB, "dev", path.normalize(pathname));
      if (file.startsWith(path.join(WEB, "dev", "images")) && fs.existsSync(file)) {
        return send(res, 200, "image/svg+xml", fs.readFileSync(file));
      }
      return send(res, 404, "text/plain", "not found");
    }
    const isPageRoute =
      !/^\/(@|src\/|node_modules\/|dev\/)/.test(pathname) && !path.posix.basename(pathname).includes(".");
    if (!isPageRoute) return next();
    if (pathname.length > 1 && pathname.endsWith("/")) {
      res.statusCode = 301;
      res.setHeader("Location", pathname.replace(/\/+$/, "") + url.search);
      return res.end();
    }
    renderPage(server, url, res).catch((error: unknown) => {
      server.ssrFixStacktrace(error as Error);
      next(error);
    });
  };
}

export function devSite(): Plugin {
  return {
    name: "docsite-dev-fixture",
    apply: (_config, env) => env.command === "serve" && !process.env.VITEST,
    configureServer(server) {
      server.middlewares.use(middleware(server));
    },
  };
}
