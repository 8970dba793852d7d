// Hydrates the site components of a page's content where they stand. Each
// island is `<div data-island="/assets/islands/X-hash.js">` holding its data
// (a JSON <script>) and the server's HTML; the chunk defines the component's
// modules in the shared registry, then React hydrates the HTML in place.
// Loaded (code-split) only by pages that have an island.

import { hydrateRoot, type Root } from "react-dom/client";
import { createRegistry, type Registry } from "./registry";
import { providedModules } from "./modules";
import { toElement, type ElementJson } from "./elements";
import { setSiteContext, type SiteContext } from "./context";

declare global {
  interface Window {
    __docsiteIslands?: Registry;
  }
}

function registry(): Registry {
  if (!window.__docsiteIslands) window.__docsiteIslands = createRegistry(providedModules({}));
  return window.__docsiteIslands;
}

async function hydrate(island: HTMLElement): Promise<Root | null> {
  const data = island.querySelector(":scope > script[type='application/json']");
  const root = island.querySelector<HTMLElement>(":scope > .docsite-island__root");
  const chunk = island.dataset.island;
  if (!data || !root || !chunk) return null;
  const parsed = JSON.parse(data.textContent ?? "{}") as { root: ElementJson; context: SiteContext };
  const reg = registry();
  // The chunks of every component the island shows, space-separated (see crates/components).
  await Promise.all(chunk.split(" ").filter(Boolean).map((url) => import(/* @vite-ignore */ url)));
  setSiteContext(parsed.context);
  const hydrated = hydrateRoot(root, toElement(reg, parsed.root), {
    onRecoverableError: (error) => console.error("site component hydration", error),
  });
  island.dataset.hydrated = "true";
  return hydrated;
}

/** Hydrates every island under `content`; the returned function unmounts them. */
export function hydrateIslands(content: HTMLElement): () => void {
  const roots: Promise<Root | null>[] = [];
  content.querySelectorAll<HTMLElement>("[data-island]").forEach((island) => {
    roots.push(
      hydrate(island).catch((error: unknown) => {
        console.error("site component failed to load", error);
        return null;
      }),
    );
  });
  return () => {
    for (const r of roots) void r.then((root) => root?.unmount());
  };
}
