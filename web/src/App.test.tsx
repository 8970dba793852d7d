import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import type { PageData, PageJson, SidebarItem } from "./types";
import { render, type Rendered } from "./test/render";
import { makePage, makeSite } from "./test/fixtures";
import { App } from "./App";
import { clearDataCache } from "./data";

const guides: SidebarItem = {
  type: "category",
  label: "Guides",
  href: "/guides",
  docId: "guides/index",
  collapsed: true,
  collapsible: true,
  items: [{ type: "link", label: "Assets", href: "/guides/assets", docId: "guides/assets" }],
};
const docsSidebar: SidebarItem[] = [
  { type: "link", label: "Quickstart", href: "/getting-started/quickstart", docId: "getting-started/quickstart" },
  { type: "link", label: "Installation", href: "/getting-started/installation", docId: "getting-started/installation" },
  guides,
];
/** The docs sidebar as the engine inlines it: the collapsed Guides without its items. */
const inlinedDocsSidebar: SidebarItem[] = [
  docsSidebar[0],
  docsSidebar[1],
  { ...guides, items: [], itemsOmitted: true },
];
const apiSidebar: SidebarItem[] = [{ type: "link", label: "API reference", href: "/api" }];

const pages: Record<string, PageData | PageJson> = {
  // As the engine writes a page file: what the app derives is left out.
  "/_site/pages/guides/assets.json": {
    id: "guides/assets",
    title: "Assets",
    description: "",
    sidebar: "docs",
    sidebarUrl: "/_site/sidebar.docs1.json",
    html: "<p>Assets.</p>",
    toc: [],
  },
  "/_site/pages/getting-started/installation.json": makePage({
    id: "getting-started/installation",
    route: "/getting-started/installation",
    title: "Installation",
    description: "Install Dagster.",
    keywords: ["install", "pip"],
    html: '<p>Install it.</p><p><a href="/api">API</a> <a href="/missing">gone</a></p>',
  }),
  "/_site/pages/api.json": makePage({ id: "api/index", route: "/api", title: "API reference", documentTitle: "The whole API", sidebar: "api", sidebarUrl: "/_site/sidebar.api1.json", html: "<p>Reference.</p>" }),
};

let view: Rendered | null = null;
let fetchMock: ReturnType<typeof vi.fn>;
let sidebarFails = false;
const sidebarFiles: Record<string, SidebarItem[]> = {
  "/_site/sidebar.docs1.json": docsSidebar,
  "/_site/sidebar.api1.json": apiSidebar,
};

function respond(url: string): Response {
  const sidebar = sidebarFiles[url];
  if (sidebar) {
    if (sidebarFails) return new Response("", { status: 500 });
    return new Response(JSON.stringify(sidebar), { status: 200 });
  }
  const page = pages[url];
  return page ? new Response(JSON.stringify(page), { status: 200 }) : new Response("{}", { status: 404 });
}

async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => await new Promise((r) => setTimeout(r, 0)));
}

async function follow(container: HTMLElement, href: string) {
  const link = container.querySelector<HTMLAnchorElement>(`a[href="${href}"]`);
  if (!link) throw new Error(`no link to ${href}`);
  await act(async () => {
    link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
  });
  await settle();
}

function mountApp() {
  const quickstart = makePage({ html: null });
  view = render(
    <App
      site={makeSite()}
      initial={{ kind: "page", page: quickstart, html: '<p><a href="/getting-started/installation">Next</a></p>', sidebarItems: inlinedDocsSidebar }}
      initialSearch=""
    />,
  );
}

beforeEach(() => {
  clearDataCache();
  // Categories a test opened stay open for the session; each test starts afresh.
  sessionStorage.clear();
  sidebarFails = false;
  history.replaceState(null, "", "/getting-started/quickstart");
  fetchMock = vi.fn(async (url: string) => respond(url));
  vi.stubGlobal("fetch", fetchMock);
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  view?.unmount();
  view = null;
  vi.unstubAllGlobals();
});

const requested = () => fetchMock.mock.calls.map((call) => call[0]);

describe("client-side navigation", () => {
  beforeEach(async () => {
    mountApp();
    await settle();
  });

  it("follows an internal link by fetching the page JSON", async () => {
    const c = view!.container;
    await follow(c, "/getting-started/installation");
    expect(location.pathname).toBe("/getting-started/installation");
    expect(c.querySelector("h1")?.textContent).toBe("Installation");
    expect(c.querySelector('.sidebar [aria-current="page"]')?.textContent).toBe("Installation");
    expect(document.title).toBe("Installation | Dagster Docs");
    expect(document.querySelector('meta[name="description"]')?.getAttribute("content")).toBe("Install Dagster.");
    // The docs sidebar was loaded once, in the background, when the app mounted.
    expect(requested()).toEqual(["/_site/sidebar.docs1.json", "/_site/pages/getting-started/installation.json"]);
  });

  it("completes a page file from its URL and sidebar: route, twin, breadcrumbs, previous and next", async () => {
    const c = view!.container;
    await follow(c, "/guides/assets");
    expect(location.pathname).toBe("/guides/assets");
    expect(c.querySelector("h1")?.textContent).toBe("Assets");
    expect(Array.from(c.querySelectorAll(".breadcrumbs li"), (li) => li.textContent)).toEqual(["Home", "Guides", "Assets"]);
    expect(c.querySelector(".pagination__prev")?.getAttribute("href")).toBe("/guides");
    expect(c.querySelector(".pagination__next")).toBeNull();
    expect(document.querySelector('link[type="text/markdown"]')?.getAttribute("href")).toBe("/guides/assets.md");
  });

  it("sets the keywords meta of a page that has keywords and removes it on one without", async () => {
    const c = view!.container;
    await follow(c, "/getting-started/installation");
    expect(document.querySelector('meta[name="keywords"]')?.getAttribute("content")).toBe("install, pip");
    await follow(c, "/api");
    expect(document.querySelector('meta[name="keywords"]')).toBeNull();
  });

  it("takes the document title a page's own <head> gives, whole", async () => {
    const c = view!.container;
    await follow(c, "/getting-started/installation");
    expect(document.title).toBe("Installation | Dagster Docs");
    await follow(c, "/api");
    expect(document.title).toBe("The whole API");
  });

  it("loads the sidebar file of a page of another sidebar, and marks its navbar item active", async () => {
    const c = view!.container;
    await follow(c, "/getting-started/installation");
    await follow(c, "/api");
    expect(c.querySelector("h1")?.textContent).toBe("API reference");
    expect(c.querySelector(".navbar__items .navbar__link--active")?.textContent).toBe("API reference");
    expect(c.querySelector('.sidebar [aria-current="page"]')?.textContent).toBe("API reference");
    expect(requested().filter((url) => url === "/_site/sidebar.api1.json")).toHaveLength(1);
    expect(requested().filter((url) => url === "/_site/sidebar.docs1.json")).toHaveLength(1);
    expect(requested()).not.toContain("/_site/site.json");
  });

  it("shows the 404 view for a route whose JSON is missing", async () => {
    const c = view!.container;
    await follow(c, "/getting-started/installation");
    await follow(c, "/missing");
    expect(c.querySelector("h1")?.textContent).toBe("Page not found");
    expect(c.querySelector('.not-found a[href="/"]')).not.toBeNull();
    expect(c.querySelector(".layout")?.classList.contains("layout--no-sidebar")).toBe(true);
    expect(document.title).toBe("Page not found | Dagster Docs");
  });

  it("goes back to the previous page on popstate", async () => {
    const c = view!.container;
    await follow(c, "/getting-started/installation");
    history.replaceState(history.state, "", "/getting-started/quickstart");
    await act(async () => {
      window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
    });
    await settle();
    expect(c.querySelector("h1")?.textContent).toBe("Quickstart");
  });

  it("leaves links with modifier keys and external links to the browser", async () => {
    const c = view!.container;
    // Records whether the app took the click, then stops the test DOM from following it.
    function clickAndSeeIfTaken(link: Element, init: MouseEventInit): boolean {
      let taken = false;
      window.addEventListener("click", (e) => {
        taken = e.defaultPrevented;
        e.preventDefault();
      }, { once: true });
      link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init }));
      return taken;
    }
    const internal = c.querySelector('a[href="/getting-started/installation"]')!;
    expect(clickAndSeeIfTaken(internal, { ctrlKey: true })).toBe(false);
    expect(clickAndSeeIfTaken(internal, { metaKey: true })).toBe(false);
    expect(clickAndSeeIfTaken(c.querySelector('a[href^="https://github.com"]')!, {})).toBe(false);
    expect(clickAndSeeIfTaken(internal, {})).toBe(true);
    await settle();
  });
});

describe("the inlined sidebar with omitted items", () => {
  const guidesLinks = () => Array.from(view!.container.querySelectorAll('.sidebar a[href="/guides/assets"]'));

  it("is replaced by the whole sidebar from its file after mounting", async () => {
    mountApp();
    expect(guidesLinks()).toHaveLength(0);
    await settle();
    expect(guidesLinks()).toHaveLength(1);
  });

  it("still serves navigation within the same sidebar when the sidebar file fails", async () => {
    sidebarFails = true;
    mountApp();
    await settle();
    await follow(view!.container, "/getting-started/installation");
    expect(view!.container.querySelector("h1")?.textContent).toBe("Installation");
    expect(view!.container.querySelector('.sidebar [aria-current="page"]')?.textContent).toBe("Installation");
  });

  it("asks for the sidebar file again when an omitted category is opened", async () => {
    sidebarFails = true;
    mountApp();
    await settle();
    sidebarFails = false;
    await act(async () => {
      view!.container.querySelector<HTMLButtonElement>(".sidebar .menu__caret")!.click();
    });
    await settle();
    expect(guidesLinks()).toHaveLength(1);
  });
});
