import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SidebarItem } from "../../types";
import { click, render, type Rendered } from "../../test/render";
import { Sidebar } from "./Sidebar";

// A sidebar shaped like the site's: a linked category with a hidden index
// entry and an unlisted page, a collapsed category, a non-collapsible one,
// and integration links with logos and a community mark.
const items: SidebarItem[] = [
  {
    type: "category",
    label: "Getting started",
    collapsed: false,
    collapsible: true,
    items: [
      { type: "link", label: "Overview", href: "/" },
      { type: "link", label: "Quickstart", href: "/getting-started/quickstart" },
    ],
  },
  {
    type: "category",
    label: "Build",
    href: "/guides/build",
    collapsed: true,
    collapsible: true,
    items: [
      { type: "link", label: "Build index", href: "/guides/build", className: "hidden" },
      { type: "link", label: "Defining assets", href: "/guides/build/assets" },
      { type: "link", label: "Old sensors", href: "/guides/build/old-sensors", unlisted: true },
      {
        type: "category",
        label: "Partitions",
        collapsed: true,
        collapsible: true,
        items: [{ type: "link", label: "Partitioning assets", href: "/guides/build/partitions" }],
      },
    ],
  },
  {
    type: "category",
    label: "Test",
    collapsed: true,
    collapsible: false,
    items: [{ type: "link", label: "Asset checks", href: "/guides/test/asset-checks" }],
  },
  {
    type: "category",
    label: "Libraries",
    collapsed: false,
    collapsible: true,
    items: [
      { type: "link", label: "Snowflake", href: "/integrations/snowflake", customProps: { logo: "/images/snowflake.svg" } },
      { type: "link", label: "Polars", href: "/integrations/polars", customProps: { community: true } },
    ],
  },
];

let view: Rendered | null = null;

function show(route: string): HTMLElement {
  view = render(<Sidebar name="docs" items={items} route={route} />);
  return view.container;
}

function category(container: HTMLElement, label: string): HTMLElement {
  const found = Array.from(container.querySelectorAll<HTMLElement>(".menu__category")).find(
    (li) => li.querySelector(".menu__row .menu__text")?.textContent === label,
  );
  if (!found) throw new Error(`no category ${label}`);
  return found;
}

/** Texts of the links a reader sees: not those inside a collapsed category (hidden by CSS). */
function linkTexts(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll(".menu__item"))
    .filter((item) => !item.parentElement?.closest(".menu__category--collapsed"))
    .map((item) => item.querySelector(".menu__text")?.textContent ?? "");
}

/** Texts of every link in the markup, shown or not. */
function allLinkTexts(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll(".menu__item .menu__text"), (el) => el.textContent ?? "");
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  view?.unmount();
  view = null;
});

describe("Sidebar display rules", () => {
  const cases: { name: string; route: string; check: (c: HTMLElement) => void }[] = [
    {
      name: "a category with collapsed: true starts collapsed",
      route: "/",
      check: (c) => {
        expect(category(c, "Build").classList.contains("menu__category--collapsed")).toBe(true);
        expect(linkTexts(c)).not.toContain("Defining assets");
        // Still in the markup, for readers without JavaScript (CSS hides it with html.js).
        expect(allLinkTexts(c)).toContain("Defining assets");
      },
    },
    {
      name: "a category with collapsed: false starts expanded",
      route: "/guides/test/asset-checks",
      check: (c) => {
        expect(category(c, "Getting started").classList.contains("menu__category--collapsed")).toBe(false);
        expect(linkTexts(c)).toContain("Quickstart");
      },
    },
    {
      name: "a non-collapsible category is open and has no toggle",
      route: "/",
      check: (c) => {
        const test = category(c, "Test");
        expect(test.classList.contains("menu__category--collapsed")).toBe(false);
        expect(test.querySelector("button")).toBeNull();
        expect(linkTexts(c)).toContain("Asset checks");
      },
    },
    {
      name: "the category holding the current page is opened, nested ones too",
      route: "/guides/build/partitions",
      check: (c) => {
        expect(category(c, "Build").classList.contains("menu__category--collapsed")).toBe(false);
        expect(category(c, "Partitions").classList.contains("menu__category--collapsed")).toBe(false);
      },
    },
    {
      name: "the current item is highlighted with aria-current",
      route: "/getting-started/quickstart",
      check: (c) => {
        const current = c.querySelectorAll('[aria-current="page"]');
        expect(current).toHaveLength(1);
        expect(current[0].textContent).toBe("Quickstart");
        expect(current[0].classList.contains("menu__link--active")).toBe(true);
      },
    },
    {
      name: "an item with class hidden is not drawn, its page opens from the category label",
      route: "/guides/build",
      check: (c) => {
        expect(allLinkTexts(c)).not.toContain("Build index");
        const label = category(c, "Build").querySelector("a.menu__label");
        expect(label?.getAttribute("href")).toBe("/guides/build");
        expect(label?.getAttribute("aria-current")).toBe("page");
      },
    },
    {
      name: "an unlisted link is not drawn when another page is current",
      route: "/guides/build/assets",
      check: (c) => expect(allLinkTexts(c)).not.toContain("Old sensors"),
    },
    {
      name: "an unlisted link is drawn while it is the current page",
      route: "/guides/build/old-sensors",
      check: (c) => {
        expect(linkTexts(c)).toContain("Old sensors");
        expect(c.querySelector('[aria-current="page"]')?.textContent).toBe("Old sensors");
      },
    },
    {
      name: "a logo shows as an image, community as a mark",
      route: "/",
      check: (c) => {
        const snowflake = c.querySelector('a[href="/integrations/snowflake"]');
        expect(snowflake?.querySelector("img.menu__logo")?.getAttribute("src")).toBe("/images/snowflake.svg");
        const polars = c.querySelector('a[href="/integrations/polars"]');
        expect(polars?.querySelector(".community-mark")?.textContent).toBe("Community");
        expect(snowflake?.querySelector(".community-mark")).toBeNull();
      },
    },
  ];

  it.each(cases)("$name", ({ route, check }) => check(show(route)));
});

describe("Sidebar toggling", () => {
  it("a linked category toggles on its caret, and its label stays a link", () => {
    const c = show("/");
    const build = category(c, "Build");
    const caret = build.querySelector<HTMLButtonElement>("button.menu__caret");
    expect(caret?.getAttribute("aria-expanded")).toBe("false");
    expect(caret?.getAttribute("aria-label")).toBe("Expand Build");
    click(caret);
    expect(category(c, "Build").classList.contains("menu__category--collapsed")).toBe(false);
    expect(linkTexts(c)).toContain("Defining assets");
    expect(category(c, "Build").querySelector("button.menu__caret")?.getAttribute("aria-label")).toBe("Collapse Build");
    click(category(c, "Build").querySelector("button.menu__caret"));
    expect(linkTexts(c)).not.toContain("Defining assets");
  });

  it("a category without a page toggles on its label", () => {
    const c = show("/guides/test/asset-checks");
    const toggle = category(c, "Getting started").querySelector("button.menu__toggle");
    expect(toggle?.getAttribute("aria-expanded")).toBe("true");
    click(toggle);
    expect(linkTexts(c)).not.toContain("Quickstart");
  });

  it("the reader's choice persists across navigation, and a new page opens its trail", () => {
    const c = show("/");
    click(category(c, "Getting started").querySelector("button.menu__toggle"));
    view?.rerender(<Sidebar name="docs" items={items} route="/guides/test/asset-checks" />);
    expect(category(c, "Getting started").classList.contains("menu__category--collapsed")).toBe(true);
    view?.rerender(<Sidebar name="docs" items={items} route="/getting-started/quickstart" />);
    expect(category(c, "Getting started").classList.contains("menu__category--collapsed")).toBe(false);
  });

  it("the choices survive a remount through sessionStorage", () => {
    const c = show("/");
    click(category(c, "Build").querySelector("button.menu__caret"));
    view?.unmount();
    const again = show("/");
    expect(category(again, "Build").classList.contains("menu__category--collapsed")).toBe(false);
  });
});

describe("html items", () => {
  it("draws the engine's sanitised markup in a list item, with its classes", () => {
    const withHtml: SidebarItem[] = [
      { type: "html", value: '<b class="title">Start here</b>', defaultStyle: true, className: "sidebar-title" },
      { type: "link", label: "Quickstart", href: "/getting-started/quickstart" },
      { type: "html", value: "<hr>" },
    ];
    view = render(<Sidebar name="docs" items={withHtml} route="/getting-started/quickstart" />);
    const html = view.container.querySelectorAll(".menu__html");
    expect(html).toHaveLength(2);
    expect(html[0].className).toBe("menu__item menu__html menu__html--default sidebar-title");
    expect(html[0].innerHTML).toBe('<b class="title">Start here</b>');
    expect(html[1].className).toBe("menu__item menu__html");
    expect(html[1].querySelector("hr")).not.toBeNull();
    expect(view.container.querySelector('[aria-current="page"]')?.textContent).toBe("Quickstart");
  });
});
