// The top bar: brand, the five sidebars' entries, the colour mode switch,
// and (below 996px) the button that opens the navigation drawer.

import type { ReactNode } from "react";
import type { NavbarItem, SiteData } from "../../types";
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

interface NavbarProps {
  site: SiteData;
  /** The current page's sidebar: the navbar item with that sidebar is active. */
  activeSidebar?: string;
  menuOpen: boolean;
  onMenu: () => void;
  /** Room for the search button, drawn left of the colour mode switch. */
  search?: ReactNode;
}

export function Navbar({ site, activeSidebar, menuOpen, onMenu, search }: NavbarProps) {
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
        </ul>
      </nav>
      <div className="navbar__end">
        {search}
        <ColorModeSwitch />
      </div>
    </header>
  );
}
