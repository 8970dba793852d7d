// Scroll positions of history entries, so back and forward return to where
// the reader was. Each entry the app creates carries a random key in
// history.state; positions are kept by key in memory and, across reloads,
// in sessionStorage.

import { browserStorage, readItem, writeItem } from "../support/storage";

const STORAGE_KEY = "docsite-scroll";
const positions = new Map<string, number>();
let currentKey = "";

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function keyOf(state: unknown): string | undefined {
  const key = (state as { key?: unknown } | null)?.key;
  return typeof key === "string" ? key : undefined;
}

/** Gives the current entry a key (keeping one set before a reload) and loads saved positions. */
export function startScrollMemory(): void {
  const saved = readItem(browserStorage("sessionStorage"), STORAGE_KEY);
  if (saved) {
    try {
      for (const [key, y] of Object.entries(JSON.parse(saved) as Record<string, number>)) {
        positions.set(key, y);
      }
    } catch {
      // A corrupt entry only loses old scroll positions.
    }
  }
  currentKey = keyOf(history.state) ?? newKey();
  history.replaceState({ ...(history.state as object | null), key: currentKey }, "");
}

/** The saved position of the current entry, if any. */
export function savedPosition(): number | undefined {
  return positions.get(currentKey);
}

/** Records where the reader is before the current entry is left. */
export function rememberPosition(): void {
  positions.set(currentKey, window.scrollY);
}

/** Pushes a new entry for `url` after recording the position on the current one. */
export function pushEntry(url: string): void {
  rememberPosition();
  currentKey = newKey();
  history.pushState({ key: currentKey }, "", url);
}

/** Called on popstate, after the browser moved to another entry. */
export function enterEntry(state: unknown): void {
  currentKey = keyOf(state) ?? newKey();
  if (!keyOf(state)) history.replaceState({ key: currentKey }, "");
}

/** Saves positions for a reload of the tab. */
export function persistPositions(): void {
  rememberPosition();
  writeItem(
    browserStorage("sessionStorage"),
    STORAGE_KEY,
    JSON.stringify(Object.fromEntries([...positions].slice(-50))),
  );
}
