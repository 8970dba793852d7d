import { describe, expect, it } from "vitest";
import type { SidebarCategory, SidebarItem, SidebarLink } from "../types";
import {
  activeTrail,
  drawnItems,
  hasClass,
  holdsRoute,
  isDrawn,
  isExpanded,
  itemMarks,
  openTrail,
} from "./sidebar";

const link = (href: string, extra: Partial<SidebarLink> = {}): SidebarLink => ({
  type: "link",
  label: href,
  href,
  ...extra,
});

const category = (label: string, items: SidebarItem[], extra: Partial<SidebarCategory> = {}): SidebarCategory => ({
  type: "category",
  label,
  items,
  collapsed: true,
  collapsible: true,
  ...extra,
});

describe("which items are drawn (DESIGN.md display rules)", () => {
  const cases: { name: string; item: SidebarItem; route: string; drawn: boolean }[] = [
    { name: "a plain link", item: link("/a"), route: "/b", drawn: true },
    { name: "an html item", item: { type: "html", value: "<hr>" }, route: "/b", drawn: true },
    { name: "an html item with class hidden", item: { type: "html", value: "<hr>", className: "hidden" }, route: "/b", drawn: false },
    { name: "a category holding only an html item, no page", item: category("C", [{ type: "html", value: "<b>x</b>" }]), route: "/b", drawn: true },
    { name: "a link with class hidden", item: link("/a", { className: "hidden" }), route: "/b", drawn: false },
    { name: "a hidden link, even when current", item: link("/a", { className: "hidden" }), route: "/a", drawn: false },
    { name: "hidden among other classes", item: link("/a", { className: "sidebar-wide hidden" }), route: "/b", drawn: false },
    { name: "a class that only contains the word", item: link("/a", { className: "hidden-on-print" }), route: "/b", drawn: true },
    { name: "an unlisted link, not current", item: link("/a", { unlisted: true }), route: "/b", drawn: false },
    { name: "an unlisted link that is the current page", item: link("/a", { unlisted: true }), route: "/a", drawn: true },
    { name: "an unlisted link, current with a trailing slash", item: link("/a/", { unlisted: true }), route: "/a", drawn: true },
    { name: "a category with class hidden", item: category("C", [link("/a")], { className: "hidden" }), route: "/b", drawn: false },
    { name: "a category with a drawn item", item: category("C", [link("/a")]), route: "/b", drawn: true },
    { name: "a category whose items are all hidden, with a page", item: category("C", [link("/a", { className: "hidden" })], { href: "/c" }), route: "/b", drawn: true },
    { name: "a category with nothing to show and no page", item: category("C", [link("/a", { unlisted: true })]), route: "/b", drawn: false },
  ];
  it.each(cases)("$name: drawn=$drawn", ({ item, route, drawn }) => {
    expect(isDrawn(item, route)).toBe(drawn);
  });

  it("filters one level", () => {
    const items = [link("/a"), link("/b", { className: "hidden" }), link("/c", { unlisted: true })];
    expect(drawnItems(items, "/x").map((i) => (i.type === "link" ? i.href : i.type))).toEqual(["/a"]);
  });
});

describe("which categories are open", () => {
  const cases: {
    name: string;
    category: SidebarCategory;
    overrides: Record<string, boolean>;
    expanded: boolean;
  }[] = [
    { name: "collapsed: true starts collapsed", category: category("C", [], { collapsed: true }), overrides: {}, expanded: false },
    { name: "collapsed: false starts expanded", category: category("C", [], { collapsed: false }), overrides: {}, expanded: true },
    { name: "non-collapsible is open though collapsed", category: category("C", [], { collapsible: false, collapsed: true }), overrides: {}, expanded: true },
    { name: "non-collapsible ignores a stored choice", category: category("C", [], { collapsible: false }), overrides: { "s/C": false }, expanded: true },
    { name: "the reader's choice wins over collapsed", category: category("C", [], { collapsed: true }), overrides: { "s/C": true }, expanded: true },
    { name: "a closed choice wins over collapsed: false", category: category("C", [], { collapsed: false }), overrides: { "s/C": false }, expanded: false },
  ];
  it.each(cases)("$name", ({ category: c, overrides, expanded }) => {
    expect(isExpanded(c, "s/C", overrides)).toBe(expanded);
  });

  const tree: SidebarItem[] = [
    category("Guides", [link("/guides/a"), category("Deep", [link("/guides/deep/b")])], { href: "/guides" }),
    category("Other", [link("/other")]),
  ];

  it("finds the trail of categories holding the current page", () => {
    expect(activeTrail(tree, "/guides/deep/b", "docs")).toEqual(["docs/Guides", "docs/Guides/Deep"]);
    expect(activeTrail(tree, "/guides", "docs")).toEqual(["docs/Guides"]);
    expect(activeTrail(tree, "/nowhere", "docs")).toEqual([]);
  });

  it("a category holds a page through a hidden item too", () => {
    const c = category("C", [link("/c/x", { className: "hidden" })]);
    expect(holdsRoute(c, "/c/x")).toBe(true);
  });

  it("opening the trail keeps other choices and returns the same object when nothing changes", () => {
    const overrides = { "docs/Other": false };
    const opened = openTrail(overrides, ["docs/Guides"]);
    expect(opened).toEqual({ "docs/Other": false, "docs/Guides": true });
    expect(openTrail(opened, ["docs/Guides"])).toBe(opened);
  });
});

describe("marks from customProps", () => {
  it("reads a logo and the community flag", () => {
    expect(itemMarks({ logo: "/l.svg", community: true })).toEqual({ logo: "/l.svg", community: true });
    expect(itemMarks({ logo: 3, community: "yes" })).toEqual({ logo: undefined, community: false });
    expect(itemMarks(undefined)).toEqual({ logo: undefined, community: false });
  });

  it("matches class names as whole words", () => {
    expect(hasClass("a hidden b", "hidden")).toBe(true);
    expect(hasClass("unhidden", "hidden")).toBe(false);
    expect(hasClass(undefined, "hidden")).toBe(false);
  });
});
