// The page menu beside the title: copy the page as Markdown (its twin,
// fetched from the engine's <route>.md), view the twin, print. A menu
// button as in the WAI-ARIA APG: the button opens the menu and focuses an
// item; arrow keys, Home and End move; Escape closes and returns focus to
// the button; Tab or a click elsewhere closes it.

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { copyText } from "../../support/code";
import { menuKeyTarget } from "../../support/menu";
import { ChevronIcon, PageIcon } from "../Icons";
import "./PageMenu.css";
import { promiseCache } from "../../support/promiseCache.ts";

const LABEL = "Page actions";
const FEEDBACK_MS = 2000;

type Feedback = "" | "Copied" | "Copy failed";

/** Twin texts by URL, fetched once; a failed fetch is forgotten so a retry asks again. */
const twins = promiseCache<string, string>({ forgetFailures: true });

export function loadTwin(url: string): Promise<string> {
  return twins.get(url, () =>
    fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return response.text();
    }),
  );
}

export function PageMenu({ markdownUrl }: { markdownUrl: string }) {
  const [open, setOpen] = useState<false | "first" | "last">(false);
  const [feedback, setFeedback] = useState<Feedback>("");
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  // Once drawn, the menu takes focus on the item the opening key asked for.
  useEffect(() => {
    if (!open) return;
    const list = items();
    list[open === "last" ? list.length - 1 : 0]?.focus();
  }, [open]);

  // A click outside closes it.
  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  useEffect(() => {
    if (!feedback) return;
    const timer = window.setTimeout(() => setFeedback(""), FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [feedback]);

  function show(at: "first" | "last") {
    setOpen(at);
    // Fetched now, so that the copy below writes while the click still counts as a user
    // gesture (which some browsers require of the clipboard).
    loadTwin(markdownUrl).catch(() => undefined);
  }

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  async function copy() {
    close();
    let copied = false;
    try {
      copied = await copyText(await loadTwin(markdownUrl));
    } catch {
      copied = false;
    }
    setFeedback(copied ? "Copied" : "Copy failed");
  }

  function print() {
    close();
    window.print();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      show(event.key === "ArrowUp" ? "last" : "first");
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
      return;
    }
    if (event.key === "Tab") {
      setOpen(false);
      return;
    }
    // Space activates links too, as it does buttons.
    if (event.key === " " && event.target instanceof HTMLAnchorElement) {
      event.preventDefault();
      event.target.click();
      return;
    }
    const list = items();
    const index = menuKeyTarget(event.key, list.indexOf(document.activeElement as HTMLElement), list.length);
    if (index === null) return;
    event.preventDefault();
    list[index].focus();
  }

  return (
    <div className="page-menu" ref={rootRef}>
      <span className="page-menu__feedback" role="status">
        {feedback}
      </span>
      <button
        ref={buttonRef}
        type="button"
        className="page-menu__button"
        aria-label={LABEL}
        title={LABEL}
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : show("first"))}
        onKeyDown={onButtonKeyDown}
      >
        <PageIcon size={18} />
        <span className="page-menu__chevron">
          <ChevronIcon size={14} />
        </span>
      </button>
      {open && (
        <div className="page-menu__list" role="menu" id={menuId} aria-label={LABEL} ref={menuRef} onKeyDown={onMenuKeyDown}>
          <button type="button" role="menuitem" tabIndex={-1} className="page-menu__item" onClick={() => void copy()}>
            Copy page as Markdown
          </button>
          <a role="menuitem" tabIndex={-1} className="page-menu__item" href={markdownUrl} onClick={() => setOpen(false)}>
            View as Markdown
          </a>
          <button type="button" role="menuitem" tabIndex={-1} className="page-menu__item" onClick={print}>
            Print
          </button>
        </div>
      )}
    </div>
  );
}
