import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { render, click, type Rendered } from "../../test/render";
import { makeSite } from "../../test/fixtures";
import type { Pagefind, PagefindData } from "../../support/search";
import { Search, isSearchShortcut } from ".";

const pages: Record<string, PagefindData> = {
  partitions: {
    url: "/guides/partitions",
    excerpt: "about <mark>partitions</mark>",
    meta: { title: "Partitioning assets", breadcrumb: "Build" },
    sub_results: [
      { title: "Partitioning assets", url: "/guides/partitions", excerpt: "top", weighted_locations: [{ weight: 1, balanced_score: 1, location: 0 }] },
      { title: "Daily partitions", url: "/guides/partitions#daily", excerpt: "by <mark>day</mark>", weighted_locations: [{ weight: 1, balanced_score: 9, location: 5 }] },
    ],
  },
  schedules: {
    url: "/guides/schedules",
    excerpt: "<mark>schedules</mark> run jobs",
    meta: { title: "Schedules", breadcrumb: "Automate" },
    sub_results: [],
  },
};

const search = vi.fn(async (query: string, _options?: { filters?: Record<string, string> }) => {
  // "shedul" stands for a typo that Pagefind still answers, through a short word it shares.
  const ids = query.startsWith("part")
    ? ["partitions"]
    : query === "schedule"
      ? ["schedules"]
      : query === "shedul"
        ? ["partitions", "partitions", "partitions"]
        : [];
  return { results: ids.map((id) => ({ id, score: 1, data: async () => pages[id] })) };
});
const fake: Pagefind = { options: async () => {}, init: async () => {}, search };

vi.mock("../../support/search", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../support/search")>()),
  loadPagefind: async () => fake,
  loadTerms: async () => ["schedule", "partition"],
}));

function key(target: EventTarget, init: KeyboardEventInit) {
  act(() => {
    target.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...init }));
  });
}

/** Lets the lazy dialog load, the debounce pass and the fake search answer. */
async function settle() {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 60));
    });
  }
}

function type(input: HTMLInputElement, value: string) {
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    setter.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

describe("isSearchShortcut", () => {
  const ev = (init: KeyboardEventInit, target?: HTMLElement) => {
    const e = new KeyboardEvent("keydown", init);
    if (target) Object.defineProperty(e, "target", { value: target });
    return e;
  };
  it("takes Ctrl-K, Cmd-K and a slash typed outside fields", () => {
    expect(isSearchShortcut(ev({ key: "k", ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(ev({ key: "K", metaKey: true }))).toBe(true);
    expect(isSearchShortcut(ev({ key: "/" }, document.body))).toBe(true);
    expect(isSearchShortcut(ev({ key: "/" }, document.createElement("input")))).toBe(false);
    expect(isSearchShortcut(ev({ key: "k" }))).toBe(false);
  });
});

describe("Search", () => {
  let view: Rendered;
  const dialog = () => document.querySelector<HTMLElement>("[role=dialog]");
  const input = () => document.querySelector<HTMLInputElement>(".search-dialog__input")!;
  const options = () => Array.from(document.querySelectorAll<HTMLAnchorElement>("[role=option]"));

  beforeEach(() => {
    search.mockClear();
    localStorage.clear();
    view = render(<Search site={makeSite()} />);
  });
  afterEach(() => view.unmount());

  it("opens with Ctrl-K and with the button, and closes with Escape", async () => {
    expect(dialog()).toBeNull();
    key(document, { key: "k", ctrlKey: true });
    await settle();
    expect(dialog()).not.toBeNull();
    expect(document.activeElement).toBe(input());
    key(input(), { key: "Escape" });
    expect(dialog()).toBeNull();
    click(view.container.querySelector(".search-button"));
    await settle();
    expect(dialog()).not.toBeNull();
  });

  it("groups results by page, best section first, and moves with the arrow keys", async () => {
    key(document, { key: "/" });
    await settle();
    type(input(), "partition");
    await settle();
    const links = options();
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["/guides/partitions#daily", "/guides/partitions"]);
    expect(links[0].textContent).toContain("Partitioning assets");
    expect(links[0].textContent).toContain("Build");
    expect(links[0].querySelector("mark")?.textContent).toBe("day");
    expect(links[0].getAttribute("aria-selected")).toBe("true");
    key(input(), { key: "ArrowDown" });
    expect(options()[1].getAttribute("aria-selected")).toBe("true");
    expect(input().getAttribute("aria-activedescendant")).toBe(options()[1].id);
    key(input(), { key: "ArrowDown" });
    expect(options()[0].getAttribute("aria-selected")).toBe("true");
  });

  it("Enter follows the selected result, remembers the query and closes", async () => {
    const followed: string[] = [];
    const onClick = (e: MouseEvent) => {
      e.preventDefault();
      followed.push((e.target as Element).closest("a")!.getAttribute("href")!);
    };
    document.addEventListener("click", onClick);
    key(document, { key: "k", metaKey: true });
    await settle();
    type(input(), "partition");
    await settle();
    key(input(), { key: "Enter" });
    document.removeEventListener("click", onClick);
    expect(followed).toEqual(["/guides/partitions#daily"]);
    expect(dialog()).toBeNull();
    click(view.container.querySelector(".search-button"));
    await settle();
    expect(document.querySelector(".search-recent")?.textContent).toBe("partition");
  });

  it("filters by area", async () => {
    key(document, { key: "k", ctrlKey: true });
    await settle();
    type(input(), "partition");
    await settle();
    const integrations = Array.from(document.querySelectorAll<HTMLButtonElement>(".search-area")).find(
      (b) => b.textContent === "Integrations",
    );
    click(integrations!);
    await settle();
    expect(integrations!.getAttribute("aria-pressed")).toBe("true");
    expect(search).toHaveBeenLastCalledWith("partition", { filters: { area: "Integrations" } });
  });

  it("corrects a typo when few pages match", async () => {
    key(document, { key: "k", ctrlKey: true });
    await settle();
    type(input(), "shedule");
    await settle();
    expect(search).toHaveBeenCalledWith("schedule", {});
    expect(options()[0].getAttribute("href")).toBe("/guides/schedules");
    expect(document.querySelector("[role=status]")?.textContent).toBe("Showing 1 page for “schedule”.");
  });

  it("prefers the correction of an unknown word even when Pagefind matched pages", async () => {
    key(document, { key: "k", ctrlKey: true });
    await settle();
    type(input(), "shedul");
    await settle();
    expect(search).toHaveBeenCalledWith("schedule", {});
    expect(options()[0].getAttribute("href")).toBe("/guides/schedules");
    expect(document.querySelector("[role=status]")?.textContent).toBe("Showing 1 page for “schedule”.");
  });

  it("says a version marked noIndex is not searched, and does not search it", async () => {
    view.unmount();
    const site = makeSite();
    view = render(<Search site={{ ...site, version: { ...site.version, label: "1.9", noIndex: true } }} />);
    key(document, { key: "k", ctrlKey: true });
    await settle();
    type(input(), "partition");
    await settle();
    expect(search).not.toHaveBeenCalled();
    expect(document.querySelector("[role=status]")?.textContent).toBe("Search does not cover version 1.9 of the docs.");
  });

  it("searches the version being read in a versioned site's one index, and leads into it", async () => {
    view.unmount();
    const site = makeSite();
    const versions = [
      { version: "current", label: "Next", href: "/next", base: "/next", isLast: false },
      { version: "2.0", label: "2.0", href: "/", base: "/", isLast: true },
    ];
    fake.filters = async () => ({ version: { current: 2, "2.0": 2 } });
    try {
      view = render(
        <Search
          site={{ ...site, version: { ...site.version, version: "current", isLast: false }, versionMenu: { versions, external: [] } }}
        />,
      );
      key(document, { key: "k", ctrlKey: true });
      await settle();
      type(input(), "partition");
      await settle();
      expect(search).toHaveBeenCalledWith("partition", { filters: { version: "current" } });
      // The index keeps the page at its URL in 2.0 (the root); the result leads into the current docs.
      expect(options().map((o) => o.getAttribute("href"))).toContain("/next/guides/partitions#daily");
      const select = document.querySelector<HTMLSelectElement>("select.search-version")!;
      act(() => {
        select.value = "2.0";
        select.dispatchEvent(new Event("change", { bubbles: true }));
      });
      await settle();
      expect(search).toHaveBeenLastCalledWith("partition", { filters: { version: "2.0" } });
      expect(options()[0].getAttribute("href")).toBe("/guides/partitions#daily");
    } finally {
      delete fake.filters;
    }
  });

  it("says so when nothing matches", async () => {
    key(document, { key: "k", ctrlKey: true });
    await settle();
    type(input(), "qqqq");
    await settle();
    expect(options()).toEqual([]);
    expect(document.querySelector("[role=status]")?.textContent).toBe("No results for “qqqq”.");
  });
});
