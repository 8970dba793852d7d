import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { click, render, type Rendered } from "../../test/render";
import { makePage, makeSite } from "../../test/fixtures";
import type { PageData, SiteData } from "../../types";
import { DocPage } from ".";

let view: Rendered | null = null;
afterEach(() => {
  view?.unmount();
  view = null;
});

function show(pageOverrides: Partial<PageData> = {}, siteOverrides: Partial<SiteData> = {}): HTMLElement {
  view = render(<DocPage site={makeSite(siteOverrides)} page={makePage(pageOverrides)} html="<p>Body</p>" search="" />);
  return view.container;
}

describe("DocPage chrome", () => {
  it("shows the title, breadcrumbs and no banner for a plain page", () => {
    const c = show();
    expect(c.querySelector("h1")?.textContent).toBe("Quickstart");
    const crumbs = Array.from(c.querySelectorAll(".breadcrumbs li"), (li) => li.textContent);
    expect(crumbs).toEqual(["Home", "Getting started", "Quickstart"]);
    expect(c.querySelector(".breadcrumbs [aria-current=page]")?.textContent).toBe("Quickstart");
    expect(c.querySelector(".unlisted-banner")).toBeNull();
    expect(c.querySelector(".version-banner")).toBeNull();
    expect(c.querySelector(".version-badge")).toBeNull();
  });

  it("hides the title with hideTitle", () => {
    expect(show({ hideTitle: true }).querySelector("h1")).toBeNull();
  });

  it("shows the unlisted banner on an unlisted page", () => {
    const banner = show({ unlisted: true }).querySelector(".unlisted-banner");
    expect(banner?.querySelector(".admonition__title")?.textContent).toBe("Unlisted page");
    expect(banner?.textContent).toContain("Search engines will not index it");
    expect(banner?.textContent).toContain("only readers with a direct link can reach it");
  });

  it.each([
    ["unreleased", "This is unreleased documentation for Dagster Docs Next."],
    ["unmaintained", "This is documentation for Dagster Docs Next, which is no longer maintained."],
  ] as const)("shows the %s version banner", (banner, text) => {
    const site = makeSite();
    const c = show({}, { version: { ...site.version, banner } });
    expect(c.querySelector(".version-banner")?.textContent).toBe(text);
  });

  it("links the banner of an older version to the same page in the latest version", () => {
    const site = makeSite();
    const versionMenu = {
      versions: [
        { version: "2.0", label: "2.0", href: "/", base: "/", isLast: true },
        { version: "1.0", label: "1.0", href: "/1.0", base: "/1.0", isLast: false },
      ],
      external: [],
    };
    const version = { ...site.version, version: "1.0", label: "1.0", banner: "unmaintained" as const, isLast: false };
    const moved = show({ versions: { "2.0": "/guides/quickstart" } }, { version, versionMenu });
    const link = moved.querySelector<HTMLAnchorElement>(".version-banner a");
    expect(link?.getAttribute("href")).toBe("/guides/quickstart");
    expect(link?.textContent).toBe("the latest version (2.0)");
    view?.unmount();
    const gone = show({ versions: {} }, { version, versionMenu });
    expect(gone.querySelector(".version-banner a")?.getAttribute("href")).toBe("/");
  });

  it("shows the version badge when asked", () => {
    const site = makeSite();
    const c = show({}, { version: { ...site.version, badge: true } });
    expect(c.querySelector(".version-badge")?.textContent).toBe("Version: Next");
  });

  it("shows edit link, last update, and previous/next", () => {
    const c = show({
      editUrl: "https://github.com/x/edit/main/docs/quickstart.md",
      lastUpdated: { date: "2025-02-03", author: "Ada" },
      previous: { title: "Overview", href: "/" },
      next: { title: "Installation", href: "/getting-started/installation" },
    });
    expect(c.querySelector(".edit-link")?.getAttribute("href")).toBe("https://github.com/x/edit/main/docs/quickstart.md");
    expect(c.querySelector(".doc-meta__updated")?.textContent).toBe("Last updated on February 3, 2025 by Ada");
    expect(c.querySelector(".pagination__prev")?.getAttribute("href")).toBe("/");
    expect(c.querySelector(".pagination__next .pagination__label")?.textContent).toBe("Installation");
  });

  it("draws Home then the page for a page without ancestors, nothing without breadcrumbs", () => {
    const c = show({ breadcrumbs: [{ label: "Quickstart" }] });
    expect(Array.from(c.querySelectorAll(".breadcrumbs li"), (li) => li.textContent)).toEqual(["Home", "Quickstart"]);
    view?.unmount();
    expect(show({ breadcrumbs: [] }).querySelector(".breadcrumbs")).toBeNull();
  });
});

describe("content wiring", () => {
  const tabsHtml = (group: string) =>
    `<div class="tabs" data-group-id="${group}"><div class="tabs__list" role="tablist">` +
    `<button type="button" role="tab" class="tabs__tab" data-value="uv" aria-selected="true">uv</button>` +
    `<button type="button" role="tab" class="tabs__tab" data-value="pip" aria-selected="false">pip</button></div>` +
    `<div class="tabs__panel" role="tabpanel" data-value="uv" data-label="uv" data-selected="true">uv add dagster</div>` +
    `<div class="tabs__panel" role="tabpanel" data-value="pip" data-label="pip" data-selected="false">pip install dagster</div></div>`;

  beforeEach(() => localStorage.clear());

  function mountContent(html: string): HTMLElement {
    view = render(<DocPage site={makeSite()} page={makePage()} html={html} search="" />);
    return view.container;
  }

  it("clicking a tab syncs the other groups with its id", () => {
    const c = mountContent(tabsHtml("pm") + "<p>between</p>" + tabsHtml("pm"));
    click(c.querySelector('.tabs__tab[data-value="pip"]'));
    const selected = Array.from(c.querySelectorAll('.tabs__panel[data-selected="true"]'), (p) => p.textContent);
    expect(selected).toEqual(["pip install dagster", "pip install dagster"]);
    expect(localStorage.getItem("docsite-tabs:pm")).toBe("pip");
  });

  it("arrow keys move between tabs and select them", () => {
    const c = mountContent(tabsHtml("pm"));
    const first = c.querySelector<HTMLElement>('.tabs__tab[data-value="uv"]')!;
    act(() => {
      first.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    });
    const second = c.querySelector<HTMLElement>('.tabs__tab[data-value="pip"]')!;
    expect(document.activeElement).toBe(second);
    expect(second.getAttribute("aria-selected")).toBe("true");
  });

  it("adds a copy button to each code block, which copies the code text", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const c = mountContent(
      '<div class="code-block" data-language="shell"><pre class="code"><code><span class="line">uv add dagster</span>\n<span class="line">dagster dev</span></code></pre></div>',
    );
    const buttons = c.querySelectorAll(".code-block__copy");
    expect(buttons).toHaveLength(1);
    await act(async () => {
      buttons[0].dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
    expect(writeText).toHaveBeenCalledWith("uv add dagster\ndagster dev");
    expect(buttons[0].textContent).toBe("Copied");
    vi.unstubAllGlobals();
  });
});
