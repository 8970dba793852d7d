// The module registry site components run in, on the server (QuickJS) and in
// the browser alike. The engine bundles each component file as a factory in
// CommonJS shape; `require` inside it maps the file's own specifiers to
// module ids, and modules the app provides (React, the Docusaurus shims) are
// given by the externals table, so a page has one React.

export type Factory = (
  module: { exports: Record<string, unknown> },
  exports: Record<string, unknown>,
  require: (specifier: string) => unknown,
  helpers: typeof interop,
) => void;

/** A module: its factory and where each of its specifiers leads (module id). */
export type ModuleDef = [Factory, Record<string, string>];

/** What the engine's ESM-to-CommonJS rewrite calls. */
export const interop = {
  /** `import X from` : the default export, or a CommonJS module's exports. */
  def(m: unknown): unknown {
    const mod = m as { __esModule?: boolean; default?: unknown } | null;
    return mod && mod.__esModule ? mod.default : m;
  },
  /** `import * as X from` : the module itself, with `default` for CommonJS. */
  ns(m: unknown): unknown {
    const mod = m as { __esModule?: boolean } | null;
    if (mod && mod.__esModule) return mod;
    return Object.assign({ default: m }, m as object);
  },
  /** `export * from` : copies every name but `default` as a live getter. */
  star(exports: object, m: Record<string, unknown>): void {
    for (const key of Object.keys(m)) {
      if (key === "default" || key === "__esModule" || key in exports) continue;
      Object.defineProperty(exports, key, { enumerable: true, get: () => m[key] });
    }
  },
};

export interface Registry {
  define(modules: Record<string, ModuleDef>): void;
  load(id: string): unknown;
}

export function createRegistry(externals: Record<string, unknown>): Registry {
  const defs = new Map<string, ModuleDef>();
  const loaded = new Map<string, { exports: Record<string, unknown> }>();
  function load(id: string): unknown {
    if (Object.prototype.hasOwnProperty.call(externals, id)) return externals[id];
    const done = loaded.get(id);
    if (done) return done.exports;
    const def = defs.get(id);
    if (!def) throw new Error(`module ${id} is not defined`);
    const module = { exports: {} as Record<string, unknown> };
    loaded.set(id, module);
    const [factory, deps] = def;
    factory(module, module.exports, (s) => load(deps[s] ?? s), interop);
    return module.exports;
  }
  return {
    define(modules) {
      // Chunks of two components may share a file: the first definition stands.
      for (const [id, def] of Object.entries(modules)) if (!defs.has(id)) defs.set(id, def);
    },
    load,
  };
}
