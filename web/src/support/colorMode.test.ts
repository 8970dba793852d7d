import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COLOR_MODE_KEY, nextColorMode, readColorMode, resolveTheme, saveColorMode } from "./colorMode";
import { COLOR_MODE_SCRIPT } from "../colorModeScript";

function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe("colour mode choice", () => {
  it.each([
    [undefined, "system"],
    ["light", "light"],
    ["dark", "dark"],
    ["system", "system"],
    ["purple", "system"],
  ])("stored %s reads as %s", (stored, mode) => {
    const storage = fakeStorage(stored ? { [COLOR_MODE_KEY]: stored } : {});
    expect(readColorMode(storage)).toBe(mode);
  });

  it("treats unreadable storage as system", () => {
    const throwing = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("blocked");
      },
    };
    expect(readColorMode(throwing)).toBe("system");
    expect(() => saveColorMode(throwing, "dark")).not.toThrow();
    expect(readColorMode(null)).toBe("system");
  });

  it("saves under docsite-color-mode", () => {
    const storage = fakeStorage();
    saveColorMode(storage, "dark");
    expect(storage.getItem("docsite-color-mode")).toBe("dark");
  });

  it.each([
    ["light", false, "light"],
    ["light", true, "light"],
    ["dark", false, "dark"],
    ["system", false, "light"],
    ["system", true, "dark"],
  ] as const)("mode %s with system dark=%s shows %s", (mode, dark, theme) => {
    expect(resolveTheme(mode, dark)).toBe(theme);
  });

  it("the switch cycles light, dark, system", () => {
    expect(nextColorMode("light")).toBe("dark");
    expect(nextColorMode("dark")).toBe("system");
    expect(nextColorMode("system")).toBe("light");
  });
});

describe("the no-flash head script", () => {
  const root = document.documentElement;
  let prefersDark = false;

  beforeEach(() => {
    root.removeAttribute("data-theme");
    root.className = "docs-version-current";
    localStorage.clear();
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("dark") && prefersDark }));
  });
  afterEach(() => vi.unstubAllGlobals());

  function run() {
    new Function(COLOR_MODE_SCRIPT)();
  }

  it.each([
    [null, false, "light"],
    [null, true, "dark"],
    ["system", true, "dark"],
    ["light", true, "light"],
    ["dark", false, "dark"],
    ["bogus", false, "light"],
  ])("stored %s, system dark=%s: data-theme=%s", (stored, dark, theme) => {
    prefersDark = dark;
    if (stored) localStorage.setItem("docsite-color-mode", stored);
    run();
    expect(root.getAttribute("data-theme")).toBe(theme);
  });

  it("adds the js class and keeps the others", () => {
    run();
    expect(root.classList.contains("js")).toBe(true);
    expect(root.classList.contains("docs-version-current")).toBe(true);
  });

  it("stays tiny ES5 with no imports", () => {
    expect(COLOR_MODE_SCRIPT.length).toBeLessThan(400);
    expect(COLOR_MODE_SCRIPT).not.toMatch(/\b(import|export|let|const|class)\b|=>|`/);
  });
});
