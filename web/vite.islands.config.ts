import { defineConfig } from "vite";

// The server side of site components: one script with React's server
// renderer and the shims, evaluated by the engine in QuickJS. It goes to
// dist/.islands/, which the engine embeds but never serves (a leading dot).
export default defineConfig({
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: "dist/.islands",
    emptyOutDir: false,
    target: "es2020",
    minify: true,
    lib: {
      entry: "src/islands/server.ts",
      formats: ["iife"],
      name: "__docsiteServerLib",
      fileName: () => "server.js",
    },
  },
});
