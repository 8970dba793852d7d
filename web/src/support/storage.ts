// Web storage can be missing (server rendering) or throw (blocked cookies,
// full quota). Reading and writing preferences must never break a page.

export type StorageLike = Pick<Storage, "getItem" | "setItem">;

export function readItem(storage: StorageLike | null, key: string): string | null {
  try {
    return storage ? storage.getItem(key) : null;
  } catch {
    return null;
  }
}

export function writeItem(storage: StorageLike | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // A preference that cannot be saved only lasts until the next page load.
  }
}

/** localStorage or sessionStorage when it exists and may be touched. */
export function browserStorage(kind: "localStorage" | "sessionStorage"): StorageLike | null {
  try {
    return typeof window === "undefined" ? null : window[kind];
  } catch {
    return null;
  }
}
