// What React's server renderer expects of a browser that QuickJS does not
// have. Rendering is synchronous (renderToString), so timers and message
// channels only need to exist, not to fire on time.

const g = globalThis as Record<string, unknown>;

if (!g.TextEncoder) {
  g.TextEncoder = class {
    encode(s: string): Uint8Array {
      const bytes = unescape(encodeURIComponent(s));
      const out = new Uint8Array(bytes.length);
      for (let i = 0; i < bytes.length; i++) out[i] = bytes.charCodeAt(i);
      return out;
    }
  };
}
if (!g.setTimeout) {
  g.setTimeout = (fn: () => void) => {
    Promise.resolve().then(fn);
    return 0;
  };
  g.clearTimeout = () => {};
}
if (!g.MessageChannel) {
  g.MessageChannel = class {
    port1 = { onmessage: null as null | ((e: unknown) => void), close() {} };
    port2 = {
      postMessage: () => {
        const f = this.port1.onmessage;
        if (f) Promise.resolve().then(() => f({}));
      },
      close() {},
    };
  };
}
if (!g.queueMicrotask) g.queueMicrotask = (fn: () => void) => Promise.resolve().then(fn);
// QuickJS has no console; what components log is kept for the engine to report.
if (!g.console) {
  const logged: string[] = [];
  const keep = (...args: unknown[]) => {
    if (logged.length < 100) logged.push(args.map(String).join(" "));
  };
  g.console = { log: keep, info: keep, warn: keep, error: keep, debug: keep };
  g.__docsiteConsole = logged;
}
