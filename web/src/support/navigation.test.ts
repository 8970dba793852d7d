import { describe, expect, it } from "vitest";
import type { FetchedPage, SidebarItem } from "../types";
import { completePage, derivedNavigation } from "./navigation";

// The sidebar of the engine's own test (crates/core/src/derived_navigation.rs), so both
// sides of the rule are checked on the same cases.
const link = (id: string, label: string, unlisted = false): SidebarItem => ({
  type: "link",
  label,
  href: `/${id}`,
  docId: id,
  ...(unlisted ? { unlisted } : {}),
});
const sidebar: SidebarItem[] = [
  link("intro", "Intro"),
  {
    type: "category",
    label: "Guides",
    href: "/guides",
    docId: "guides",
    collapsed: true,
    collapsible: true,
    items: [
      link("guides/a", "A"),
      link("guides/hidden", "Hidden", true),
      { type: "link", label: "Elsewhere", href: "https://example.com" },
      { type: "category", label: "Deep", collapsed: true, collapsible: true, items: [link("guides/deep/b", "B")] },
    ],
  },
  link("intro", "Intro again"),
  link("last", "Last"),
];
const nav = (title: string, id: string) => ({ title, href: `/${id}` });

describe("derivedNavigation", () => {
  it("reads the category's page first and skips unlisted links, external links and repeats", () => {
    expect(derivedNavigation(sidebar, "guides/a").previous).toEqual(nav("Guides", "guides"));
    expect(derivedNavigation(sidebar, "guides/a").next).toEqual(nav("B", "guides/deep/b"));
    expect(derivedNavigation(sidebar, "guides").previous).toEqual(nav("Intro", "intro"));
    expect(derivedNavigation(sidebar, "last").previous).toEqual(nav("B", "guides/deep/b"));
    expect(derivedNavigation(sidebar, "intro").previous).toBeNull();
    expect(derivedNavigation(sidebar, "hidden").next).toBeNull();
  });

  it("leads breadcrumbs through the categories to the page's first place", () => {
    expect(derivedNavigation(sidebar, "guides/deep/b").breadcrumbs).toEqual([
      { label: "Guides", href: "/guides" },
      { label: "Deep" },
      { label: "B" },
    ]);
    expect(derivedNavigation(sidebar, "guides").breadcrumbs).toEqual([{ label: "Guides" }]);
    expect(derivedNavigation(sidebar, "intro").breadcrumbs).toEqual([{ label: "Intro" }]);
    expect(derivedNavigation(sidebar, "elsewhere").breadcrumbs).toEqual([]);
  });
});

describe("completePage", () => {
  const file: FetchedPage = {
    id: "guides/a",
    route: "/guides/a",
    title: "A",
    sidebar: "docs",
    html: "<p>A</p>",
    toc: [],
  };

  it("derives what the file leaves out and keeps what it gives, null included", () => {
    const page = completePage({ ...file, next: null, previous: { title: "Start", href: "/" } }, sidebar)!;
    expect(page.breadcrumbs).toEqual([{ label: "Guides", href: "/guides" }, { label: "A" }]);
    expect(page.previous).toEqual({ title: "Start", href: "/" });
    expect(page.next).toBeNull();
  });

  it("gives up when the file leaves something out and the sidebar is not at hand", () => {
    expect(completePage(file, null)).toBeNull();
    const given = { ...file, breadcrumbs: [], previous: null, next: null };
    expect(completePage(given, null)).toEqual(given);
  });

  it("gives a page without a sidebar no navigation", () => {
    const page = completePage({ ...file, sidebar: undefined }, null)!;
    expect([page.breadcrumbs, page.previous, page.next]).toEqual([[], null, null]);
  });
});
