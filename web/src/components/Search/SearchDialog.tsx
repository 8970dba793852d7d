// The search dialog: results as you type, grouped by page, each page led by
// its best-matching section; a filter by area (the navbar's sidebars); in a
// versioned site, the version being read, with the others one choice away;
// recent searches; arrow keys, Enter and Escape. Loaded on first open.

import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { createPortal } from "react-dom";
import type { SiteData } from "../../types";
import { cx } from "../../support/format";
import { useFocusTrap } from "../../hooks/useFocusTrap";
import {
  correctQuery,
  excerptParts,
  loadPagefind,
  loadTerms,
  recentSearches,
  rememberSearch,
  toPageHit,
  type PageHit,
  type SectionHit,
} from "../../support/search";
import { termsBase, urlInVersion } from "../../support/versions";
import { CloseIcon, SearchIcon } from "../Icons";
import "./SearchDialog.css";

/** Pages shown at most; Pagefind loads a fragment file for each. */
const MAX_PAGES = 8;
/** Wait for a pause in typing before searching. */
const DEBOUNCE_MS = 100;

type Status =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "done"; query: string; hits: PageHit[]; correctedTo: string | null }
  | { kind: "error" };

/** Fewer results than this, and the query is checked for typos. */
const FEW = 3;

/**
 * Searches; when a word of the query is neither a word of the site nor the
 * start of one (a typo, not a word being typed), searches again with the
 * nearest words. Pagefind answers such a word with pages that merely share
 * a short word with it ("scedule" finds the "s" of "-s" flags), so the
 * corrected query's pages win whenever there are any; otherwise, with few
 * pages, whichever search finds more.
 */
async function runSearch(query: string, area: string, site: SiteData, version: Searched): Promise<Status> {
  const pagefind = await loadPagefind();
  // A versioned site's index holds every version: search the chosen one, and lead into it.
  const versioned = "version" in ((await pagefind.filters?.()) ?? {});
  const chosen = { ...(area ? { area } : {}), ...(versioned ? { version: version.version } : {}) };
  const filters = Object.keys(chosen).length > 0 ? { filters: chosen } : {};
  let results = (await pagefind.search(query, filters))?.results ?? [];
  let correctedTo: string | null = null;
  const fixed = correctQuery(query, await loadTerms(undefined, termsBase(version)));
  if (fixed) {
    const retry = (await pagefind.search(fixed, filters))?.results ?? [];
    if (retry.length > 0 || results.length < FEW) {
      results = retry.length > 0 ? retry : results;
      correctedTo = retry.length > 0 ? fixed : null;
    }
  }
  const pages = await Promise.all(results.slice(0, MAX_PAGES).map((r) => r.data()));
  const to = version.base === undefined ? null : { version: version.version, base: version.base };
  const hits = pages.map(toPageHit).map((hit) => (versioned && to ? inVersion(hit, site, to) : hit));
  return { kind: "done", query, hits, correctedTo };
}

/** The version searched: its name, whether it is the last, and its route base. */
type Searched = { version: string; isLast: boolean; base?: string };

function inVersion(hit: PageHit, site: SiteData, to: { version: string; base: string }): PageHit {
  const section = (s: SectionHit) => ({ ...s, url: urlInVersion(s.url, site, to) });
  return { ...hit, url: urlInVersion(hit.url, site, to), best: section(hit.best), more: hit.more.map(section) };
}

function statusMessage(status: Status): string {
  switch (status.kind) {
    case "idle":
      return "";
    case "loading":
      return "Searching…";
    case "error":
      return "Search is unavailable right now.";
    case "done": {
      const { hits, query, correctedTo } = status;
      if (hits.length === 0) return `No results for “${query}”.`;
      const count = `${hits.length} page${hits.length === 1 ? "" : "s"}`;
      return correctedTo ? `Showing ${count} for “${correctedTo}”.` : `${count} found.`;
    }
  }
}

function Excerpt({ text }: { text: string }) {
  return (
    <span className="search-hit__excerpt">
      {excerptParts(text).map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
    </span>
  );
}

interface SearchDialogProps {
  site: SiteData;
  onClose: () => void;
}

export default function SearchDialog({ site, onClose }: SearchDialogProps) {
  const [query, setQuery] = useState("");
  const [area, setArea] = useState("");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useState(recentSearches);
  const dialogRef = useRef<HTMLDivElement>(null);
  const ticket = useRef(0);
  const id = useId();
  useFocusTrap(dialogRef, true, onClose);

  // The version searched: the one being read unless the reader picks another.
  const versions = site.versionMenu?.versions ?? [];
  const [versionName, setVersionName] = useState(site.version.version);
  const searched = versions.find((v) => v.version === versionName) ?? site.version;
  // A version marked noIndex has no pages in the index: say so rather than search it.
  const unindexed = Boolean(searched.noIndex);

  // Load the index while the reader types the first letters.
  useEffect(() => {
    if (!unindexed) loadPagefind().catch(() => undefined);
  }, [unindexed]);

  useEffect(() => {
    const q = query.trim();
    const mine = ++ticket.current;
    if (!q || unindexed) {
      setStatus({ kind: "idle" });
      return;
    }
    const timer = setTimeout(() => {
      setStatus((s) => (s.kind === "done" ? s : { kind: "loading" }));
      // Only the latest query may show its results.
      runSearch(q, area, site, searched).then(
        (result) => {
          if (mine !== ticket.current) return;
          setStatus(result);
          setActive(0);
        },
        () => {
          if (mine === ticket.current) setStatus({ kind: "error" });
        },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, area, unindexed, site, searched]);

  const hits = status.kind === "done" ? status.hits : [];
  // Every link in the results, in order: what the arrow keys move over.
  const options = useMemo(() => hits.flatMap((hit) => [hit.best, ...hit.more]), [hits]);
  const optionId = (i: number) => `${id}-option-${i}`;

  // A real click on the link, so the app's own link handling navigates.
  const open = (index: number) => document.getElementById(optionId(index))?.click();

  function onKeyDown(event: KeyboardEvent) {
    if (options.length === 0) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      const next = (active + step + options.length) % options.length;
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: "nearest" });
    } else if (event.key === "Enter") {
      event.preventDefault();
      open(active);
    }
  }

  function chosen() {
    setRecent(rememberSearch(query));
    onClose();
  }

  let index = -1;
  const option = (section: SectionHit, lead: PageHit | null) => {
    index += 1;
    const i = index;
    return (
      <a
        key={section.url + i}
        id={optionId(i)}
        role="option"
        aria-selected={i === active}
        className={cx("search-hit", lead && "search-hit--lead", i === active && "search-hit--active")}
        href={section.url}
        onMouseMove={() => i !== active && setActive(i)}
        onClick={chosen}
      >
        {lead && (
          <span className="search-hit__page">
            <span className="search-hit__title">{lead.title}</span>
            {lead.breadcrumb && <span className="search-hit__crumbs">{lead.breadcrumb}</span>}
          </span>
        )}
        {(!lead || section.title !== lead.title) && <span className="search-hit__section"># {section.title}</span>}
        <Excerpt text={section.excerpt} />
      </a>
    );
  };

  const areas = site.navbar.filter((item) => item.sidebar).map((item) => item.label);
  const message = unindexed ? `Search does not cover version ${searched.label} of the docs.` : statusMessage(status);

  // In <body>, not in the navbar: the navbar's backdrop filter would make it the containing
  // block of the fixed overlay, which would then cover the navbar only.
  return createPortal(
    <div className="search-overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={dialogRef} className="search-dialog" role="dialog" aria-modal="true" aria-label="Search the docs">
        <div className="search-dialog__bar">
          <SearchIcon size={20} />
          <input
            className="search-dialog__input"
            type="search"
            role="combobox"
            aria-label="Search the docs"
            aria-expanded={options.length > 0}
            aria-controls={`${id}-results`}
            aria-activedescendant={options.length > 0 ? optionId(active) : undefined}
            aria-autocomplete="list"
            placeholder="Search the docs"
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <button type="button" className="icon-button search-dialog__close" aria-label="Close search" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <div className="search-dialog__areas" role="group" aria-label="Filter by area">
          {["", ...areas].map((a) => (
            <button
              key={a || "all"}
              type="button"
              className={cx("search-area", area === a && "search-area--on")}
              aria-pressed={area === a}
              onClick={() => setArea(a)}
            >
              {a || "All"}
            </button>
          ))}
          {versions.length > 1 && (
            <select
              className="search-version"
              aria-label="Version to search"
              value={versionName}
              onChange={(e) => setVersionName(e.target.value)}
            >
              {versions.map((v) => (
                <option key={v.version} value={v.version}>
                  {v.label}
                </option>
              ))}
            </select>
          )}
        </div>
        <p className="search-dialog__status" role="status">
          {message}
        </p>
        <div
          id={`${id}-results`}
          className="search-dialog__results"
          role="listbox"
          aria-label="Results"
          data-query={status.kind === "done" ? status.query : undefined}
        >
          {hits.map((hit) => (
            <div key={hit.url} role="group" aria-label={hit.title} className="search-page">
              {option(hit.best, hit)}
              {hit.more.map((section) => option(section, null))}
            </div>
          ))}
        </div>
        {status.kind === "idle" && recent.length > 0 && (
          <div className="search-dialog__recent">
            <h2 className="search-dialog__heading">Recent searches</h2>
            <ul>
              {recent.map((r) => (
                <li key={r}>
                  <button type="button" className="search-recent" onClick={() => setQuery(r)}>
                    {r}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        <p className="search-dialog__keys" aria-hidden="true">
          <kbd>↑</kbd> <kbd>↓</kbd> to move · <kbd>Enter</kbd> to open · <kbd>Esc</kbd> to close
        </p>
      </div>
    </div>,
    document.body,
  );
}
