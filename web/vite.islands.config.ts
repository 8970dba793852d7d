import { defineConfig, type Plugin } from "vite";

// React's renderToString gives its errors no component stack: its own error hook is an empty
// function (`function onError() {}` in the legacy server build). This names a global hook in
// its place, which src/islands/server.ts sets to keep the stack on the error. A React whose
// build lacks that line fails the build here, rather than losing the stack in silence.
const RENDER_ERROR_HOOK = "function onError() {}";
function componentStacks(): Plugin {
  return {
    name: "docsite-component-stacks",
    transform(code, id) {
      if (!/react-dom-server-legacy\.browser\.production\.js$/.test(id)) return null;
      if (!code.includes(RENDER_ERROR_HOOK)) {
        this.error(`React's server renderer has no \`${RENDER_ERROR_HOOK}\` to hook (see vite.islands.config.ts)`);
      }
      return code.replace(
        RENDER_ERROR_HOOK,
        "function onError(error, errorInfo) { var hook = globalThis.__docsiteRenderError; hook && hook(error, errorInfo); }",
      );
    },
  };
}

// The server side of site components: one script with React's server
// renderer and the shims, evaluated by the engine in QuickJS. It goes to
// dist/.islands/, which the engine embeds but never serves (a leading dot).
export default defineConfig({
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  plugins: [componentStacks()],
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
