import { describe, expect, it, vi } from "vitest";
import {
  correctQuery,
  correctWord,
  editDistance,
  excerptParts,
  loadPagefind,
  recentSearches,
  rememberSearch,
  toPageHit,
  type Pagefind,
  type PagefindData,
} from "./search";

const loc = (balanced_score: number) => ({ weight: 1, balanced_score, location: 0 });

const data: PagefindData = {
  url: "/guides/partitions",
  excerpt: "Split an asset into <mark>partitions</mark>.",
  meta: { title: "Partitions", breadcrumb: "Build › Assets" },
  sub_results: [
    { title: "Partitions", url: "/guides/partitions", excerpt: "top", weighted_locations: [loc(2)] },
    { title: "Daily", url: "/guides/partitions#daily", excerpt: "day", weighted_locations: [loc(5), loc(4)] },
    { title: "Static", url: "/guides/partitions#static", excerpt: "static", weighted_locations: [loc(1)] },
    { title: "Unrelated", url: "/guides/partitions#other", excerpt: "other", weighted_locations: [] },
  ],
};

describe("toPageHit", () => {
  it("leads with the best-scoring section and keeps two more that matched, in page order", () => {
    const hit = toPageHit(data);
    expect(hit.title).toBe("Partitions");
    expect(hit.breadcrumb).toBe("Build › Assets");
    expect(hit.best.url).toBe("/guides/partitions#daily");
    expect(hit.more.map((s) => s.url)).toEqual(["/guides/partitions", "/guides/partitions#static"]);
  });

  it("falls back to the page itself without sections", () => {
    const hit = toPageHit({ ...data, sub_results: [] });
    expect(hit.best).toEqual({ title: "Partitions", url: "/guides/partitions", excerpt: data.excerpt });
    expect(hit.more).toEqual([]);
  });
});

describe("excerptParts", () => {
  it("splits marked words from plain text and decodes entities, never passing markup through", () => {
    expect(excerptParts("a &lt;b&gt; <mark>sched</mark>ule &amp; <i>x</i>")).toEqual([
      { text: "a <b> ", mark: false },
      { text: "sched", mark: true },
      { text: "ule & x", mark: false },
    ]);
  });
});

describe("typo correction", () => {
  const terms = ["schedule", "schedules", "sensor", "partition", "asset"];

  it("measures transpositions as one edit and gives up above the limit", () => {
    expect(editDistance("shedule", "schedule", 2)).toBe(1);
    expect(editDistance("sesnor", "sensor", 2)).toBe(1);
    expect(editDistance("asset", "partition", 2)).toBe(3);
  });

  it("corrects unknown words to the nearest site word, commoner words first", () => {
    expect(correctWord("shedule", terms)).toBe("schedule");
    expect(correctWord("Sensr", terms)).toBe("sensor");
    expect(correctWord("zzzzzz", terms)).toBeNull();
  });

  it("leaves known words and prefixes of them alone", () => {
    expect(correctWord("parti", terms)).toBeNull();
    expect(correctWord("asset", terms)).toBeNull();
    expect(correctWord("k8s", terms)).toBeNull();
  });

  it("corrects each word of a query and says when nothing changed", () => {
    expect(correctQuery("shedule  sensr", terms)).toBe("schedule  sensor");
    expect(correctQuery("asset parti", terms)).toBeNull();
  });
});

describe("recent searches", () => {
  function memory() {
    const items = new Map<string, string>();
    return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
  }

  it("keeps the five latest, newest first, each once", () => {
    const storage = memory();
    for (const q of ["a", "b", "c", "d", "e", "f", "c", "  "]) rememberSearch(q, storage);
    expect(recentSearches(storage)).toEqual(["c", "f", "e", "d", "b"]);
  });

  it("survives a broken stored value", () => {
    const storage = memory();
    storage.setItem("docsite.search.recent", "{not json");
    expect(recentSearches(storage)).toEqual([]);
  });
});

describe("loadPagefind", () => {
  it("loads once, without a worker, and tries again after a failure", async () => {
    const pagefind: Pagefind = { options: vi.fn(async () => {}), init: vi.fn(async () => {}), search: vi.fn() };
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(pagefind);
    await expect(loadPagefind(load)).rejects.toThrow("offline");
    await new Promise((r) => setTimeout(r));
    expect(await loadPagefind(load)).toBe(pagefind);
    expect(await loadPagefind(load)).toBe(pagefind);
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledWith("/_site/search/pagefind.js");
    expect(pagefind.options).toHaveBeenCalledWith(expect.objectContaining({ noWorker: true }));
    expect(pagefind.init).toHaveBeenCalledTimes(1);
  });
});
