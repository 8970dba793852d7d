// The sidebar tree. What is drawn and what is open follows the display
// rules in support/sidebar.ts; this file only turns them into markup with
// the skeleton's class names (menu, menu__category, menu__link, ...).

import { useEffect, useRef } from "react";
import type { SidebarCategory, SidebarEntry, SidebarHtml, SidebarItem, SidebarLink } from "../../types";
import {
  categoryKey,
  drawnItems,
  isCurrent,
  isExpanded,
  itemMarks,
  type ExpansionOverrides,
} from "../../support/sidebar";
import { cx } from "../../support/format";
import { useSidebarExpansion } from "../../hooks/useSidebarExpansion";
import { ChevronIcon, ExternalIcon } from "../Icons";

interface TreeProps {
  items: SidebarItem[];
  route: string;
  parentKey: string;
  overrides: ExpansionOverrides;
  setExpanded: (key: string, expanded: boolean) => void;
  /** Asks for the whole sidebar when a category whose items were left out is opened. */
  onOpenOmitted?: () => void;
}

function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href);
}

function ItemLabel({ item }: { item: SidebarEntry }) {
  const { logo, community } = itemMarks(item.customProps);
  return (
    <>
      {logo && <img className="menu__logo" src={logo} alt="" width={16} height={16} loading="lazy" />}
      <span className="menu__text">{item.label}</span>
      {community && <span className="community-mark">Community</span>}
    </>
  );
}

function LinkItem({ item, route }: { item: SidebarLink; route: string }) {
  const current = isCurrent(item, route);
  const external = isExternal(item.href);
  return (
    <li className={cx("menu__item", item.className)}>
      <a
        className={cx("menu__link", current && "menu__link--active")}
        href={item.href}
        aria-current={current ? "page" : undefined}
        rel={external ? "noopener noreferrer" : undefined}
      >
        <ItemLabel item={item} />
        {external && <ExternalIcon size={13} />}
      </a>
    </li>
  );
}

/** Markup from the sidebars file, sanitised by the engine when it resolved the sidebars. */
function HtmlItem({ item }: { item: SidebarHtml }) {
  return (
    <li
      className={cx("menu__item", "menu__html", item.defaultStyle && "menu__html--default", item.className)}
      dangerouslySetInnerHTML={{ __html: item.value }}
    />
  );
}

function CategoryItem({ item, ...tree }: TreeProps & { item: SidebarCategory }) {
  const key = categoryKey(tree.parentKey, item);
  const expanded = isExpanded(item, key, tree.overrides);
  const current = isCurrent(item, tree.route);
  const toggle = () => {
    if (!expanded && item.itemsOmitted) tree.onOpenOmitted?.();
    tree.setExpanded(key, !expanded);
  };
  const caret = <ChevronIcon size={16} />;

  let label;
  if (item.href !== undefined) {
    label = (
      <a
        className={cx("menu__label", "menu__link", current && "menu__link--active")}
        href={item.href}
        aria-current={current ? "page" : undefined}
      >
        <ItemLabel item={item} />
      </a>
    );
  } else if (item.collapsible) {
    // A category without a page: the whole label is the toggle.
    label = (
      <button type="button" className="menu__label menu__toggle" aria-expanded={expanded} onClick={toggle}>
        <ItemLabel item={item} />
        <span className="menu__caret-icon">{caret}</span>
      </button>
    );
  } else {
    label = (
      <span className="menu__label">
        <ItemLabel item={item} />
      </span>
    );
  }

  return (
    <li
      className={cx(
        "menu__category",
        !expanded && "menu__category--collapsed",
        !item.collapsible && "menu__category--static",
        item.className,
      )}
    >
      <div className="menu__row">
        {label}
        {item.href !== undefined && item.collapsible && (
          <button
            type="button"
            className="menu__caret"
            aria-expanded={expanded}
            aria-label={`${expanded ? "Collapse" : "Expand"} ${item.label}`}
            onClick={toggle}
          >
            <span className="menu__caret-icon">{caret}</span>
          </button>
        )}
      </div>
      {/* Drawn even when collapsed (CSS hides it), as in the no-JS skeleton. Items
          left out of the inlined sidebar arrive with the sidebar file. */}
      <Tree {...tree} items={item.items} parentKey={key} />
    </li>
  );
}

function Tree(props: TreeProps) {
  return (
    <ul className="menu">
      {drawnItems(props.items, props.route).map((item, index) => {
        if (item.type === "html") return <HtmlItem key={`${index}:html`} item={item} />;
        return item.type === "link" ? (
          <LinkItem key={`${index}:${item.href}`} item={item} route={props.route} />
        ) : (
          <CategoryItem key={`${index}:${item.label}`} {...props} item={item} />
        );
      })}
    </ul>
  );
}

/** Scrolls the sidebar (not the window) so that the current item is visible. */
function revealCurrent(nav: HTMLElement): void {
  const current = nav.querySelector<HTMLElement>('[aria-current="page"]');
  const scroller = nav.closest<HTMLElement>(".sidebar__scroll");
  if (!current || !scroller) return;
  const item = current.getBoundingClientRect();
  const view = scroller.getBoundingClientRect();
  if (item.top < view.top || item.bottom > view.bottom) {
    scroller.scrollTop += item.top - view.top - view.height / 3;
  }
}

export interface SidebarProps {
  /** The sidebar's name (docs, tutorials, ...), which keys its remembered state. */
  name: string;
  items: SidebarItem[];
  route: string;
  onOpenOmitted?: () => void;
}

export function Sidebar({ name, items, route, onOpenOmitted }: SidebarProps) {
  const { overrides, setExpanded } = useSidebarExpansion(name, items, route);
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (navRef.current) revealCurrent(navRef.current);
  }, [route, name]);

  return (
    <nav className="sidebar__nav" aria-label="Docs sidebar" ref={navRef}>
      <Tree
        items={items}
        route={route}
        parentKey={name}
        overrides={overrides}
        setExpanded={setExpanded}
        onOpenOmitted={onOpenOmitted}
      />
    </nav>
  );
}
