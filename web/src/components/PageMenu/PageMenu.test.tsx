import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { click, render, type Rendered } from "../../test/render";
import { makePage, makeSite } from "../../test/fixtures";
import { DocPage } from "../DocPage";
import { PageMenu } from ".";

let view: Rendered | null = null;
afterEach(() => {
  view?.unmount();
  view = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function mount(url: string): HTMLElement {
  view = render(<PageMenu markdownUrl={url} />);
  return view.container;
}

const button = (c: HTMLElement) => c.querySelector<HTMLButtonElement>(".page-menu__button")!;
const items = (c: HTMLElement) => Array.from(c.querySelectorAll<HTMLElement>('[role="menuitem"]'));

function key(element: Element | null, name: string): void {
  act(() => {
    element?.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }));
  });
}

function stubFetch(body: string, status = 200) {
  const fetchMock = vi.fn().mockResolvedValue(new Response(body, { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("PageMenu", () => {
  it("is a closed menu button until clicked, then focuses its first item", () => {
    stubFetch("# Page\n");
    const c = mount("/a.md");
    expect(button(c).getAttribute("aria-haspopup")).toBe("menu");
    expect(button(c).getAttribute("aria-expanded")).toBe("false");
    expect(button(c).getAttribute("aria-label")).toBe("Page actions");
    expect(c.querySelector('[role="menu"]')).toBeNull();
    click(button(c));
    expect(button(c).getAttribute("aria-expanded")).toBe("true");
    const menu = c.querySelector('[role="menu"]')!;
    expect(button(c).getAttribute("aria-controls")).toBe(menu.id);
    expect(items(c).map((i) => i.textContent)).toEqual(["Copy page as Markdown", "View as Markdown", "Print"]);
    expect(document.activeElement).toBe(items(c)[0]);
    expect(items(c)[1].getAttribute("href")).toBe("/a.md");
  });

  it("arrow keys, Home and End move between items; Escape closes and returns focus", () => {
    stubFetch("# Page\n");
    const c = mount("/b.md");
    button(c).focus();
    key(button(c), "ArrowUp");
    expect(document.activeElement).toBe(items(c)[2]);
    key(document.activeElement, "ArrowDown");
    expect(document.activeElement).toBe(items(c)[0]);
    key(document.activeElement, "ArrowDown");
    expect(document.activeElement).toBe(items(c)[1]);
    key(document.activeElement, "End");
    expect(document.activeElement).toBe(items(c)[2]);
    key(document.activeElement, "Home");
    expect(document.activeElement).toBe(items(c)[0]);
    key(document.activeElement, "Escape");
    expect(c.querySelector('[role="menu"]')).toBeNull();
    expect(document.activeElement).toBe(button(c));
    expect(button(c).getAttribute("aria-expanded")).toBe("false");
  });

  it("copies the page's Markdown twin and says so", async () => {
    const fetchMock = stubFetch("# Quickstart\n\nBody.\n");
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const c = mount("/c.md");
    click(button(c));
    await act(async () => {
      items(c)[0].dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
    expect(fetchMock).toHaveBeenCalledWith("/c.md");
    expect(writeText).toHaveBeenCalledWith("# Quickstart\n\nBody.\n");
    expect(c.querySelector('[role="status"]')?.textContent).toBe("Copied");
    expect(c.querySelector('[role="menu"]')).toBeNull();
    expect(document.activeElement).toBe(button(c));
  });

  it("reports a twin that cannot be fetched", async () => {
    stubFetch("missing", 404);
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const c = mount("/d.md");
    click(button(c));
    await act(async () => {
      items(c)[0].dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
    expect(writeText).not.toHaveBeenCalled();
    expect(c.querySelector('[role="status"]')?.textContent).toBe("Copy failed");
  });

  it("prints, and closes on a click elsewhere", () => {
    stubFetch("# Page\n");
    const print = vi.fn();
    vi.stubGlobal("print", print);
    const c = mount("/e.md");
    click(button(c));
    click(items(c)[2]);
    expect(print).toHaveBeenCalledOnce();
    expect(c.querySelector('[role="menu"]')).toBeNull();
    click(button(c));
    act(() => {
      document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    });
    expect(c.querySelector('[role="menu"]')).toBeNull();
  });

  it("is drawn beside the title of pages that have a twin", () => {
    view = render(<DocPage site={makeSite()} page={makePage({ markdownUrl: "/q.md" })} html="<p>Body</p>" search="" />);
    expect(view.container.querySelector("article > header .page-menu")).not.toBeNull();
    view.unmount();
    view = render(<DocPage site={makeSite()} page={makePage()} html="<p>Body</p>" search="" />);
    expect(view.container.querySelector(".page-menu")).toBeNull();
  });
});
