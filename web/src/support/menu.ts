// Keyboard moves inside a menu (WAI-ARIA APG "menu button").

import { keyTarget } from "./tabs";

/** The item ArrowDown/ArrowUp (wrapping), Home or End moves to, or null for other keys. */
export function menuKeyTarget(key: string, index: number, count: number): number | null {
  return keyTarget(key, index, count, "vertical");
}
