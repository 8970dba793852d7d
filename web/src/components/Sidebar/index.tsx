// The sidebar column. On wide screens it sits left of the article; below
// 996px it becomes a drawer opened from the navbar's menu button, holding
// the navbar links too, with focus kept inside while it is open.

import { useEffect, useRef } from "react";
import type { PageData, SidebarItem, SiteData } from "../../types";
import { cx } from "../../support/format";
import { DRAWER_ID } from "../../support/appIds";
import { useFocusTrap } from "../../hooks/useFocusTrap";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { CloseIcon } from "../Icons";
import { NavbarLink, VersionMenu } from "../Navbar";
import { Sidebar } from "./Sidebar";
import "./Sidebar.css";

export { Sidebar } from "./Sidebar";

export const DESKTOP_QUERY = "(min-width: 997px)";

interface SidebarPanelProps {
  site: SiteData;
  /** The current page's sidebar name; absent for a page in no sidebar. */
  sidebarName?: string;
  items: SidebarItem[] | null;
  route: string;
  open: boolean;
  onClose: () => void;
  onOpenOmitted?: () => void;
  /** The page being read, for the version menu's links. */
  page?: PageData | null;
}

function DrawerNavbarLinks({ site, active, page }: { site: SiteData; active?: string; page: PageData | null }) {
  return (
    <nav className="sidebar__navbar-links" aria-label="Sections">
      <ul>
        {site.navbar.map((item) => (
          <li key={item.to}>
            <NavbarLink item={item} activeSidebar={active} />
          </li>
        ))}
        <VersionMenu site={site} page={page} />
      </ul>
    </nav>
  );
}

export function SidebarPanel(props: SidebarPanelProps) {
  const { site, sidebarName, items, route, open, onClose, onOpenOmitted, page } = props;
  const ref = useRef<HTMLDivElement>(null);
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const modal = open && !isDesktop;
  useFocusTrap(ref, modal, onClose);

  useEffect(() => {
    document.documentElement.classList.toggle("drawer-open", modal);
  }, [modal]);

  // Growing past the breakpoint turns the drawer back into a column.
  useEffect(() => {
    if (isDesktop && open) onClose();
  }, [isDesktop, open, onClose]);

  return (
    <>
      <aside id={DRAWER_ID} className={cx("sidebar", open && "sidebar--open")} aria-label="Sidebar">
        {/* The dialog role sits on an inner element: <aside> may not take it. */}
        <div
          ref={ref}
          className="sidebar__panel"
          role={modal ? "dialog" : undefined}
          aria-modal={modal ? true : undefined}
          aria-label={modal ? "Navigation menu" : undefined}
        >
          <div className="sidebar__header">
            <span className="sidebar__title">{site.title}</span>
            <button type="button" className="icon-button" aria-label="Close navigation menu" onClick={onClose}>
              <CloseIcon />
            </button>
          </div>
          <div className="sidebar__scroll">
            <DrawerNavbarLinks site={site} active={sidebarName} page={page ?? null} />
            {sidebarName && items && (
              <Sidebar name={sidebarName} items={items} route={route} onOpenOmitted={onOpenOmitted} />
            )}
          </div>
        </div>
      </aside>
      {modal && <div className="drawer-backdrop" onClick={onClose} aria-hidden="true" />}
    </>
  );
}
