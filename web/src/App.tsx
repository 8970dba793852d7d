// The reading app: the same layout as the engine's no-JS skeleton, with
// the same class names, so mounting over it changes nothing visible. The
// App owns the view on screen (through useNavigation) and the drawer.

import { useCallback, useEffect, useState } from "react";
import type { InlineData, SiteData } from "./types";
import { cx } from "./support/format";
import { appContainer } from "./data";
import { routeUrl } from "./support/routes";
import { useNavigation, viewRoute, type View } from "./hooks/useNavigation";
import { Navbar } from "./components/Navbar";
import { SidebarPanel } from "./components/Sidebar";
import { DocPage, showsToc } from "./components/DocPage";
import { Toc } from "./components/Toc";
import { Footer } from "./components/Footer";
import { NotFound } from "./components/NotFound";
import { Search } from "./components/Search";

/** The first view, from the data the engine inlined (a document without a page is a 404). */
export function initialView(data: InlineData, html: string, pathname: string): View {
  if (!data.page) return { kind: "notFound", route: pathname };
  // The engine names the page's route as it is; the app's routes are URL paths, like its links.
  const page = { ...data.page, route: routeUrl(data.page.route) };
  return { kind: "page", page, html, sidebarItems: data.sidebarItems ?? null };
}

interface AppProps {
  site: SiteData;
  initial: View;
  initialSearch: string;
}

export function App({ site, initial, initialSearch }: AppProps) {
  const { view, search, loading, loadWholeSidebars } = useNavigation(site, initial, initialSearch);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const route = viewRoute(view);
  const page = view.kind === "page" ? view.page : null;
  const sidebarItems = view.kind === "page" ? view.sidebarItems : null;
  const hasSidebar = Boolean(page?.sidebar && sidebarItems);

  // Any navigation closes the drawer.
  useEffect(closeDrawer, [route, closeDrawer]);

  useEffect(() => {
    const root = document.documentElement;
    root.classList.add("js");
    root.classList.add(...site.version.className.split(/\s+/).filter(Boolean));
  }, [site]);

  // Tells end-to-end tests (and anyone curious) that the app has taken over.
  useEffect(() => {
    appContainer(document)?.setAttribute("data-app", "ready");
  }, []);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar
        site={site}
        page={page}
        activeSidebar={page?.sidebar}
        menuOpen={drawerOpen}
        onMenu={() => setDrawerOpen(true)}
        search={<Search site={site} />}
      />
      <div className={cx("layout", !hasSidebar && "layout--no-sidebar")}>
        <SidebarPanel
          site={site}
          sidebarName={hasSidebar ? page?.sidebar : undefined}
          items={sidebarItems}
          route={route}
          open={drawerOpen}
          onClose={closeDrawer}
          onOpenOmitted={loadWholeSidebars}
          page={page}
        />
        <main id="main" className={cx("doc", loading && "doc--loading")} tabIndex={-1} aria-busy={loading || undefined}>
          {view.kind === "page" ? (
            <DocPage site={site} page={view.page} html={view.html} search={search} />
          ) : (
            <NotFound route={view.route} />
          )}
        </main>
        {page && showsToc(page) && <Toc key={page.id} items={page.toc} />}
      </div>
      <Footer site={site} />
    </>
  );
}
