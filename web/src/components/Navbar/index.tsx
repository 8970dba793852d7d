// The top bar: brand, the five sidebars' entries, the colour mode switch,
// and (below 996px) the button that opens the navigation drawer.

import type { ReactNode } from "react";
import type { NavbarItem, PageData, SiteData } from "../../types";
import { hrefIn } from "../../support/versions";
import { cx } from "../../support/format";
import { DRAWER_ID } from "../../support/appIds";
import { nextColorMode, type ColorMode } from "../../support/colorMode";
import { useColorMode } from "../../hooks/useColorMode";
import { MenuIcon, MoonIcon, SunIcon, SystemIcon } from "../Icons";
import "./Navbar.css";

const MODE_ICONS: Record<ColorMode, ReactNode> = {
  light: <SunIcon />,
  dark: <MoonIcon />,
  system: <SystemIcon />,
};

function ColorModeSwitch() {
  const { mode, choose } = useColorMode();
  const next = nextColorMode(mode);
  const label = `Color mode: ${mode} (switch to ${next})`;
  return (
    <button
      type="button"
      className="icon-button color-mode-switch"
      aria-label={label}
      title={label}
      data-mode={mode}
      onClick={() => choose(next)}
    >
      {MODE_ICONS[mode]}
    </button>
  );
}

/** One of the five sidebars' entries; active when the page belongs to its sidebar. */
export function NavbarLink({ item, activeSidebar }: { item: NavbarItem; activeSidebar?: string }) {
  const active = item.sidebar !== undefined && item.sidebar === activeSidebar;
  return (
    <a
      className={cx("navbar__link", active && "navbar__link--active")}
      href={item.to}
      aria-current={active ? "true" : undefined}
    >
      {item.label}
    </a>
  );
}

/**
 * The version menu (Docusaurus's docsVersionDropdown): the site's versions, each
 * leading to the page being read where that version has it, then versions hosted
 * elsewhere. A disclosure list, as in the engine's skeleton.
 */
export function VersionMenu({ site, page }: { site: SiteData; page: PageData | null }) {
  const menu = site.versionMenu;
  if (!menu) return null;
  return (
    <li className="version-menu">
      <details>
        <summary className="navbar__link">{site.version.label}</summary>
        <ul>
          {menu.versions.map((v) => (
            <li key={v.version}>
              <a href={hrefIn(v, site, page)} aria-current={v.version === site.version.version ? "true" : undefined}>
                {v.label}
              </a>
            </li>
          ))}
          {menu.external.map((v) => (
            <li key={v.href}>
              <a href={v.href}>{v.label}</a>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

interface NavbarProps {
  site: SiteData;
  /** The page being read: the version menu leads to it in the other versions. */
  page?: PageData | null;
  /** The current page's sidebar: the navbar item with that sidebar is active. */
  activeSidebar?: string;
  menuOpen: boolean;
  onMenu: () => void;
  /** Room for the search button, drawn left of the colour mode switch. */
  search?: ReactNode;
}

export function Navbar({ site, page = null, activeSidebar, menuOpen, onMenu, search }: NavbarProps) {
  return (
    <header className="navbar">
      <button
        type="button"
        className="icon-button navbar__menu"
        aria-label="Open navigation menu"
        aria-expanded={menuOpen}
        aria-controls={DRAWER_ID}
        onClick={onMenu}
      >
        <MenuIcon />
      </button>
      <nav className="navbar__inner" aria-label="Main">
        <a className="navbar__brand" href="/">
          {site.logo && <img className="navbar__logo" src={site.logo.src} alt="" width={32} height={32} />}
          <span className="navbar__title">{site.title}</span>
        </a>
        <ul className="navbar__items">
          {site.navbar.map((item) => (
            <li key={item.to}>
              <NavbarLink item={item} activeSidebar={activeSidebar} />
            </li>
          ))}
          <VersionMenu site={site} page={page} />
        </ul>
      </nav>
      <div className="navbar__end">
        {search}
        <ColorModeSwitch />
      </div>
    </header>
  );
}
