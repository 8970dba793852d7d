// The navbar's search button and keyboard shortcuts (Ctrl-K / Cmd-K, "/").
// The dialog and everything it needs load only when it first opens, so
// search adds nothing but this button to a page's first load.

import { lazy, Suspense, useEffect, useState } from "react";
import type { SiteData } from "../../types";
import { SearchIcon } from "../Icons";
import "./SearchButton.css";

const SearchDialog = lazy(() => import("./SearchDialog"));

/** Typing in a field, where "/" is a character rather than a shortcut. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** Whether a key press asks for search. */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") return true;
  return event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target);
}

function isApple(): boolean {
  return typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

export function Search({ site }: { site: SiteData }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  const shortcut = isApple() ? "⌘K" : "Ctrl K";
  return (
    <>
      <button
        type="button"
        className="search-button"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
        onClick={() => setOpen(true)}
      >
        <SearchIcon size={18} />
        <span className="search-button__label">Search</span>
        <kbd className="search-button__key">{shortcut}</kbd>
      </button>
      {open && (
        <Suspense fallback={null}>
          <SearchDialog site={site} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
