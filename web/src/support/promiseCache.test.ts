import { describe, expect, it } from "vitest";
import { promiseCache } from "./promiseCache.ts";

describe("promiseCache", () => {
  it("shares one request between callers of a key", async () => {
    const cache = promiseCache<string, number>({ forgetFailures: true });
    let calls = 0;
    const load = () => Promise.resolve(++calls);
    const [a, b] = await Promise.all([cache.get("k", load), cache.get("k", load)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    expect(await cache.get("other", load)).toBe(2);
  });

  it("forgets the values the caller's rule names, and keeps the others", async () => {
    const cache = promiseCache<string, string>({ forget: (v) => v === "error", forgetFailures: false });
    let next = "error";
    const load = () => Promise.resolve(next);
    expect(await cache.get("k", load)).toBe("error");
    next = "page";
    expect(await cache.get("k", load)).toBe("page");
    next = "later";
    expect(await cache.get("k", load)).toBe("page");
  });

  it("forgets a failure only when asked to", async () => {
    const retrying = promiseCache<string, string>({ forgetFailures: true });
    await expect(retrying.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await retrying.get("k", () => Promise.resolve("up"))).toBe("up");

    const sticky = promiseCache<string, string>({ forgetFailures: false });
    await expect(sticky.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await expect(sticky.get("k", () => Promise.resolve("up"))).rejects.toThrow("down");
  });

  it("is seeded by set and emptied by clear", async () => {
    const cache = promiseCache<string, number>({ forgetFailures: true });
    cache.set("k", 7);
    expect(await cache.get("k", () => Promise.resolve(1))).toBe(7);
    cache.clear();
    expect(await cache.get("k", () => Promise.resolve(1))).toBe(1);
  });
});
