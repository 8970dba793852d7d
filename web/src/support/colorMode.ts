// The reader's colour mode choice. The no-flash script in the document head
// (web/color-mode-script.js) applies the same rules before first paint.

import { readItem, writeItem, type StorageLike } from "./storage";

export type ColorMode = "light" | "dark" | "system";
export type Theme = "light" | "dark";

export const COLOR_MODE_KEY = "docsite-color-mode";
export const COLOR_MODES: ColorMode[] = ["light", "dark", "system"];

/** The stored choice; anything missing or unknown means "system". */
export function readColorMode(storage: StorageLike | null): ColorMode {
  const stored = readItem(storage, COLOR_MODE_KEY);
  return stored === "light" || stored === "dark" ? stored : "system";
}

export function saveColorMode(storage: StorageLike | null, mode: ColorMode): void {
  writeItem(storage, COLOR_MODE_KEY, mode);
}

/** The theme a choice shows, given whether the system prefers dark. */
export function resolveTheme(mode: ColorMode, systemPrefersDark: boolean): Theme {
  if (mode === "system") return systemPrefersDark ? "dark" : "light";
  return mode;
}

/** The switch cycles light -> dark -> system -> light. */
export function nextColorMode(mode: ColorMode): ColorMode {
  return COLOR_MODES[(COLOR_MODES.indexOf(mode) + 1) % COLOR_MODES.length];
}
