// The server side of site components, run once per build inside the
// engine's embedded JavaScript engine (QuickJS): React's renderToString,
// the shims, and a registry the engine fills with the site's components.
// Built to web/dist/.islands/server.js by vite.islands.config.ts.

import "./polyfills";
import { renderToString } from "react-dom/server.browser";
import { createRegistry } from "./registry";
import { providedModules } from "./modules";
import { toElement, type ElementJson } from "./elements";
import { setSiteContext, wasRouteRead, type SiteContext } from "./context";

const registry = createRegistry(providedModules({}));

// Called by React's server renderer with each error a component throws (the hook is put in
// by vite.islands.config.ts): the component stack goes with the error to the engine, which
// shows it, the innermost component first.
(globalThis as Record<string, unknown>).__docsiteRenderError = (error: unknown, info?: { componentStack?: string }) => {
  if (error !== null && typeof error === "object" && info?.componentStack) {
    try {
      (error as { componentStack?: string }).componentStack = info.componentStack;
    } catch {
      // A frozen error keeps no stack; the engine shows its message alone.
    }
  }
};

(globalThis as Record<string, unknown>).__docsiteServer = {
  define: registry.define,
  /** Renders one island from its JSON (see crates/components, `IslandData`). */
  render(json: string): string {
    const data = JSON.parse(json) as { root: ElementJson; context: SiteContext };
    setSiteContext(data.context);
    return renderToString(toElement(registry, data.root));
  },
  /** Whether the last render read the page's route (`useLocation`). */
  routeRead(): boolean {
    return wasRouteRead();
  },
};
