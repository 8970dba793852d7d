import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { devSite } from "./dev/plugin.ts";

// Production output: web/dist/index.html (the engine reads its module
// script and stylesheet tags) and content-hashed files under /assets/.
// No inline scripts or styles, no data: URLs: the CSP allows 'self' only.
export default defineConfig({
  plugins: [react(), devSite()],
  build: {
    outDir: "dist",
    assetsDir: "assets",
    assetsInlineLimit: 0,
    // Every browser that runs module scripts here supports modulepreload.
    modulePreload: { polyfill: false },
    target: "es2022",
    emptyOutDir: true,
  },
  test: {
    environment: "happy-dom",
    include: ["src/**/*.test.{ts,tsx}"],
  },
});
