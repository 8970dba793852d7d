// "On this page": the page's headings with the one being read highlighted.
// A column right of the article on wide screens; a collapsible box above
// the article below 996px (CSS shows one or the other).

import { Fragment, useRef, type MouseEvent, type ReactNode } from "react";
import type { TocItem } from "../../types";
import { cx } from "../../support/format";
import { useScrollSpy } from "../../hooks/useScrollSpy";
import "./Toc.css";

/** Long API names (`DbtProjectPreparer.prepare_if_dev`) may wrap after a dot that starts a
 *  member, as the engine's no-JS table of contents does; CSS breaks anywhere only when a part
 *  is still too long. */
export function breakAfterDots(text: string): ReactNode {
  const parts = text.split(/(?<=\.)(?=[A-Za-z_])/);
  if (parts.length === 1) return text;
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

function TocList({ items, active }: { items: TocItem[]; active: string | null }) {
  return (
    <ul className="toc__list">
      {items.map((item) => (
        <li key={item.id} className={`toc__item toc__item--level-${item.level}`}>
          <a
            className={cx("toc__link", item.id === active && "toc__link--active")}
            href={`#${item.id}`}
            aria-current={item.id === active ? "location" : undefined}
          >
            {breakAfterDots(item.text)}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Toc({ items }: { items: TocItem[] }) {
  const active = useScrollSpy(items.map((item) => item.id));
  return (
    <aside className="toc" aria-label="Table of contents">
      <nav aria-label="On this page">
        <p className="toc__title">On this page</p>
        <TocList items={items} active={active} />
      </nav>
    </aside>
  );
}

export function TocMobile({ items }: { items: TocItem[] }) {
  const ref = useRef<HTMLDetailsElement>(null);
  // Following a heading link closes the box, as a menu would.
  const close = (event: MouseEvent) => {
    if ((event.target as Element).closest("a") && ref.current) ref.current.open = false;
  };
  return (
    <details className="toc-mobile" ref={ref} onClick={close}>
      <summary className="toc-mobile__summary">On this page</summary>
      <nav aria-label="On this page">
        <TocList items={items} active={null} />
      </nav>
    </details>
  );
}
